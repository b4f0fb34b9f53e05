<?php
// The independent peer for AFSignedClient: the reference PHP backend's verification
// (afsigned_reference.php), run by `php -S 127.0.0.1:PORT afsigned_verifier.php`.
// Success answers 200 {"verified":true,"string":…}; a failure 401 {"error":…} as the reference
// backend's exception message.
require __DIR__ . '/afsigned_reference.php';

$client_id = getenv('AFSIGNED_CLIENT_ID');
$client_secret = getenv('AFSIGNED_CLIENT_SECRET');

// $_POST as PHP's SAPI fills it for a POST, and as Slim 2 reads a form body for other methods.
function form_body() {
    $post = $_POST;
    if ($_SERVER['REQUEST_METHOD'] !== 'POST') {
        $type = $_SERVER['CONTENT_TYPE'] ?? '';
        if (stripos($type, 'application/x-www-form-urlencoded') === 0) {
            parse_str(file_get_contents('php://input'), $post);
        }
    }
    return $post;
}

header('Content-Type: application/json');
try {
    $path = explode('?', $_SERVER['REQUEST_URI'], 2)[0];
    $signatureString = afsigned_verify_v2($_SERVER['REQUEST_METHOD'], $path, $_GET, form_body(), $client_id, $client_secret);
    echo json_encode(['verified' => true, 'string' => base64_encode($signatureString)]);
} catch (Exception $e) {
    http_response_code(401);
    echo json_encode(['error' => $e->getMessage()], JSON_INVALID_UTF8_SUBSTITUTE);
}
