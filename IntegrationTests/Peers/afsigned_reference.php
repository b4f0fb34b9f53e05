<?php
// The reference PHP backend's verification, version 2, as printed in
// AFSignedHTTPRequestOperationManager's README: the one copy of its lines, required by
// afsigned_verifier.php (the peer server), afsigned_signer.php (the peer signer) and the
// afsigned-benchmarks PHP side. Only the framework calls are replaced by what Slim 2 does
// ($app->request->params() is array_merge of the query's and the form body's variables,
// getPathInfo() is the request path, getMethod() the method), and one line is fixed:
// $signatureString starts as an array, since PHP 7.1+ refuses `[]` on a string.

// Slim 2's $app->request->params($key): array_merge($get, $post) at every call.
function afsigned_params($get, $post, $key = null) {
    $union = array_merge($get, $post);
    if ($key) {
        return isset($union[$key]) ? $union[$key] : null;
    }
    return $union;
}

// The string the backend signs: METHOD, the urldecoded path, the sorted non-auth parameters.
function afsigned_string_to_sign($method, $path, $params) {
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

    return $method . "\n" . urldecode($path) . "\n" . urldecode(implode('&', $signatureString));
}

// The backend's checks, in its order; returns the string signed, throws its exceptions.
function afsigned_verify_v2($method, $path, $get, $post, $client_id, $client_secret) {
    $auth_version = afsigned_params($get, $post, 'auth_version');
    $auth_client_id = afsigned_params($get, $post, 'auth_client_id');
    $auth_signature = afsigned_params($get, $post, 'auth_signature');
    $auth_timestamp = afsigned_params($get, $post, 'auth_timestamp');

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
    $signatureString = afsigned_string_to_sign($method, $path, afsigned_params($get, $post));
    $checksum = hash_hmac('sha256', $signatureString, $client_secret);

    if ($checksum!=$auth_signature) {
        throw new Exception('Incorrect auth signature ' . $signatureString);
    }
    return $signatureString;
}
