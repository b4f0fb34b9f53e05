<?php
// The independent peer for AFSignedClient: the reference PHP backend's verification as printed in
// AFSignedHTTPRequestOperationManager's README, run by `php -S 127.0.0.1:PORT
// afsigned_verifier.php`. Only the framework calls are replaced by what Slim 2 does
// ($app->request->params() is array_merge of the query's and the form body's variables,
// getPathInfo() is the request path, getMethod() the method), and one line is fixed:
// $signatureString starts as an array, since PHP 7.1+ refuses `[]` on a string.
// Success answers 200 {"verified":true,"string":…}; a failure 401 {"error":…} as the reference backend's
// exception message.

$client_id = getenv('AFSIGNED_CLIENT_ID');
$client_secret = getenv('AFSIGNED_CLIENT_SECRET');

function request_params() {
    $post = $_POST;
    if ($_SERVER['REQUEST_METHOD'] !== 'POST') {
        $type = $_SERVER['CONTENT_TYPE'] ?? '';
        if (stripos($type, 'application/x-www-form-urlencoded') === 0) {
            parse_str(file_get_contents('php://input'), $post);
        }
    }
    return array_merge($_GET, $post);
}

function param($name) {
    $params = request_params();
    return $params[$name] ?? null;
}

header('Content-Type: application/json');
try {
    $auth_version = param('auth_version');
    $auth_client_id = param('auth_client_id');
    $auth_signature = param('auth_signature');
    $auth_timestamp = param('auth_timestamp');

    if ($auth_version != "2") {
        throw new Exception('Incorrect client version');
    }

    if ($auth_client_id != $client_id) {
        throw new Exception('Incorrect client id');
    }

    if ($auth_timestamp <= time() - (60*60*12) || $auth_timestamp >= time() + 60*60*12) {
        throw new Exception('Incorrect auth timestamp');
    }

    // generate the auth_signature
    $params = request_params();
    ksort($params);

    foreach ($params as $key => $value) {
        if (substr($key, 0, 5)=='auth_') {
            unset($params[$key]);
        }
    }

    $signatureString = array();
    foreach ($params as $key => $value) {

        if (is_array($value)) {
            foreach ($value as $item) {
                $signatureString[] = $key . '[]=' . $item;
            }
        } else {
            $signatureString[] = $key . '=' . $value;
        }
    }

    $path = explode('?', $_SERVER['REQUEST_URI'], 2)[0];
    $signatureString = $_SERVER['REQUEST_METHOD'] . "\n" . urldecode($path) . "\n" . urldecode(implode('&', $signatureString));
    $checksum = hash_hmac('sha256', $signatureString, $client_secret);

    if ($checksum!=$auth_signature) {
        throw new Exception('Incorrect auth signature ' . $signatureString);
    }
    echo json_encode(['verified' => true, 'string' => base64_encode($signatureString)]);
} catch (Exception $e) {
    http_response_code(401);
    echo json_encode(['error' => $e->getMessage()], JSON_INVALID_UTF8_SUBSTITUTE);
}
