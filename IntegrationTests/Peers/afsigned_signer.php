<?php
// The independent signer for AFSignedVerifier: the reference PHP backend's string to sign
// (afsigned_reference.php: array_merge of the query's and the form body's variables, ksort,
// auth_* dropped, `key=value` and `key[]=item` joined with `&`, urldecode, METHOD\npath\nparameters)
// and hash_hmac('sha256'), run from the command line. Reads one JSON case per line —
// {"method", "path", "query", "body", "secret"} with the query and body percent-encoded as
// sent — and prints {"signature": …, "string": base64(…)} per line.
require __DIR__ . '/afsigned_reference.php';

while (($line = fgets(STDIN)) !== false) {
    $case = json_decode($line, true);
    parse_str($case['query'], $get);
    parse_str($case['body'], $post);
    $signatureString = afsigned_string_to_sign($case['method'], $case['path'], afsigned_params($get, $post));
    echo json_encode([
        'signature' => hash_hmac('sha256', $signatureString, $case['secret']),
        'string' => base64_encode($signatureString),
    ]), "\n";
}
