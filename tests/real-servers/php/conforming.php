<?php
// The Pet Store as a PHP team finishes it, without a framework, on PHP's built-in server:
// every error is the interface's Error object, 401 on a missing or invalid bearer key, 400
// for invalid input, the pets in a JSON file under flock. Where the interface is silent it
// keeps PHP's ways: the body is read as JSON whatever its Content-Type, `limit` and petId
// through filter_var(FILTER_VALIDATE_INT) (" 1" and "+1" are 1, "01" and "0x10" are no
// integer), an unknown `status` filtering to an empty list, the key checked on every path,
// unknown body fields ignored.
//
// Run: PETSTORE_API_KEY=KEY PETSTORE_DATA=FILE [PETSTORE_MAX_NAME=20] \
//      php -S 127.0.0.1:PORT conforming.php

const STATUSES = ['available', 'pending', 'sold'];
const CODES = [400 => 'validation_failed', 401 => 'unauthorized', 404 => 'not_found', 405 => 'method_not_allowed'];

function answer(int $status, $body): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($body, JSON_THROW_ON_ERROR);
}

function fail(int $status, string $message): void
{
    answer($status, ['code' => CODES[$status] ?? 'internal_error', 'message' => $message, 'status' => $status]);
}

set_exception_handler(function (Throwable $e) {
    error_log((string) $e);
    fail(500, 'internal error');
});

/** Runs $change on the stored data under a lock (shared when it only reads); returns its result. */
function withData(bool $write, callable $change)
{
    $handle = fopen(getenv('PETSTORE_DATA'), 'c+');
    flock($handle, $write ? LOCK_EX : LOCK_SH);
    $text = stream_get_contents($handle);
    $data = $text === '' ? ['next' => 1, 'pets' => []] : json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    $result = $change($data);
    if ($write) {
        ftruncate($handle, 0);
        rewind($handle);
        fwrite($handle, json_encode($data, JSON_THROW_ON_ERROR));
        fflush($handle);
    }
    flock($handle, LOCK_UN);
    fclose($handle);
    return $result;
}

/** What is wrong with a creation body, or null. */
function invalidCreation($body): ?string
{
    if (!is_array($body) || ($body !== [] && array_is_list($body))) {
        return 'the body must be a JSON object';
    }
    $maxName = (int) getenv('PETSTORE_MAX_NAME');
    if (!is_string($body['name'] ?? null)) {
        return 'name is required and must be a string';
    }
    if ($maxName > 0 && iconv_strlen($body['name'], 'UTF-8') > $maxName) {
        return "name must be at most $maxName characters";
    }
    if (!is_int($body['categoryId'] ?? null)) { // beyond int64 json_decode gives a float
        return 'categoryId is required and must be an int64 integer';
    }
    // array_key_exists, not ??: "status": null is no status.
    if (array_key_exists('status', $body) && !in_array($body['status'], STATUSES, true)) {
        return 'status must be available, pending or sold';
    }
    return null;
}

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$method = $_SERVER['REQUEST_METHOD'];
[$scheme, $token] = explode(' ', $_SERVER['HTTP_AUTHORIZATION'] ?? '', 2) + [1 => ''];
if (!(strcasecmp($scheme, 'Bearer') === 0 && hash_equals(getenv('PETSTORE_API_KEY'), $token))) {
    fail(401, 'send Authorization: Bearer <API key>');
} elseif ($path === '/v1/pets' && $method === 'GET') {
    $limit = filter_var($_GET['limit'] ?? '20', FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 100]]);
    $status = $_GET['status'] ?? null;
    if ($limit === false) {
        fail(400, 'limit must be an integer from 1 to 100');
    } else {
        $pets = withData(false, fn ($data) => array_values($data['pets']));
        $found = array_filter($pets, fn ($pet) => $status === null || $pet['status'] === $status);
        answer(200, array_slice(array_values($found), 0, $limit));
    }
} elseif ($path === '/v1/pets' && $method === 'POST') {
    try {
        $body = json_decode(file_get_contents('php://input'), true, 512, JSON_THROW_ON_ERROR);
    } catch (JsonException $e) {
        return fail(400, 'the body must be JSON: ' . $e->getMessage());
    }
    $problem = invalidCreation($body);
    if ($problem !== null) {
        return fail(400, $problem);
    }
    $pet = withData(true, function (array &$data) use ($body) {
        $pet = ['id' => $data['next']++, 'name' => $body['name'], 'categoryId' => $body['categoryId'],
            'status' => $body['status'] ?? 'available'];
        $data['pets'][$pet['id']] = $pet;
        return $pet;
    });
    answer(201, $pet);
} elseif (preg_match('#^/v1/pets/([^/]+)$#', $path, $match)) {
    $id = filter_var(rawurldecode($match[1]), FILTER_VALIDATE_INT);
    $pet = $id === false ? null : withData(false, fn ($data) => $data['pets'][$id] ?? null);
    if ($method !== 'GET') {
        header('Allow: GET');
        fail(405, "$method is not allowed here");
    } elseif ($id === false) {
        fail(400, 'petId must be an integer');
    } elseif ($pet === null) {
        fail(404, "no pet with id $id");
    } else {
        answer(200, $pet);
    }
} elseif ($path === '/v1/pets') {
    header('Allow: GET, POST');
    fail(405, "$method is not allowed here");
} else {
    fail(404, "no route $method $path");
}
