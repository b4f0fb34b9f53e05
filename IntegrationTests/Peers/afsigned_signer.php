<?php
// The independent signer for AFSignedVerifier: the reference PHP backend's logic for the string to
// sign (the same lines as afsigned_verifier.php: array_merge of the query's and the form
// body's variables, ksort, auth_* dropped, `key=value` and `key[]=item` joined with `&`,
// urldecode, METHOD\npath\nparameters) and hash_hmac('sha256'), run from the command line.
// Reads one JSON case per line — {"method", "path", "query", "body", "secret"} with the query
// and body percent-encoded as sent — and prints {"signature": …, "string": base64(…)} per line.

while (($line = fgets(STDIN)) !== false) {
    $case = json_decode($line, true);
    parse_str($case['query'], $get);
    parse_str($case['body'], $post);
    $params = array_merge($get, $post);
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

    $signatureString = $case['method'] . "\n" . urldecode($case['path']) . "\n" . urldecode(implode('&', $signatureString));
    echo json_encode([
        'signature' => hash_hmac('sha256', $signatureString, $case['secret']),
        'string' => base64_encode($signatureString),
    ]), "\n";
}
