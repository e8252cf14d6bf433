<?php
// The Pet Store as a PHP team writes it first, without a framework: one front controller for
// PHP's built-in server, json_decode and json_encode, `echo` for its own errors (under PHP's
// default Content-Type, text/html), and the pets in a JSON file, since PHP keeps nothing
// between requests.
//
// Run: PETSTORE_API_KEY=KEY PETSTORE_DATA=FILE php -S 127.0.0.1:PORT first-pass.php

$apiKey = getenv('PETSTORE_API_KEY') ?: 'dev-key';
$file = getenv('PETSTORE_DATA') ?: sys_get_temp_dir() . '/pets.json';
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$method = $_SERVER['REQUEST_METHOD'];

if (($_SERVER['HTTP_AUTHORIZATION'] ?? '') !== "Bearer $apiKey") {
    http_response_code(401);
    echo 'Unauthorized';
    return;
}

$pets = json_decode(@file_get_contents($file) ?: '[]', true) ?: [];

if ($path === '/v1/pets' && $method === 'GET') {
    $limit = (int) ($_GET['limit'] ?? 20);
    $status = $_GET['status'] ?? null;
    $found = array_filter($pets, fn ($pet) => $status === null || $pet['status'] === $status);
    header('Content-Type: application/json');
    echo json_encode(array_slice(array_values($found), 0, $limit));
} elseif ($path === '/v1/pets' && $method === 'POST') {
    $data = json_decode(file_get_contents('php://input'), true);
    if (empty($data['name']) || empty($data['categoryId'])) {
        http_response_code(400);
        echo 'name and categoryId are required';
        return;
    }
    $pet = [
        'id' => count($pets) + 1,
        'name' => $data['name'],
        'categoryId' => $data['categoryId'],
        'status' => $data['status'] ?? 'available',
    ];
    $pets[$pet['id']] = $pet;
    file_put_contents($file, json_encode($pets));
    http_response_code(201);
    header('Content-Type: application/json');
    echo json_encode($pet);
} elseif ($method === 'GET' && preg_match('#^/v1/pets/([^/]+)$#', $path, $match)) {
    $pet = $pets[(int) $match[1]] ?? null;
    if (!$pet) {
        http_response_code(404);
        echo 'Pet not found';
        return;
    }
    header('Content-Type: application/json');
    echo json_encode($pet);
} else {
    http_response_code(404);
    echo 'Not found';
}
