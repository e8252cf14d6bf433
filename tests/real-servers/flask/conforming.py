"""The Pet Store as a Flask team finishes it, served by gunicorn: every error is the
interface's Error object (Werkzeug's own 404, 405 and 400 included), 401 on a missing or
invalid bearer key, 400 for invalid input. Where the interface is silent it keeps Flask's
own ways: `request.get_json()` as it comes (a body not labelled JSON is a 400), `limit`
read with `type=int` (text that is no integer means the default, 20), an unknown `status`
filtering to an empty list, petId through the `<int:…>` converter (anything but digits is
no route, 404), the key checked on every path, unknown body fields ignored, and routes
without a trailing slash (so `/v1/pets/` is a 404, no redirect).

Run: PETSTORE_API_KEY=KEY [PETSTORE_MAX_NAME=20] \
     python3 -m gunicorn --chdir DIR --bind 127.0.0.1:PORT conforming:app
"""
import hmac
import itertools
import os

from flask import Flask, request
from werkzeug.exceptions import HTTPException

API_KEY = os.environ.get("PETSTORE_API_KEY", "dev-key")
MAX_NAME = int(os.environ.get("PETSTORE_MAX_NAME", "0"))  # 0: no limit
INT64 = (-(2**63), 2**63 - 1)
STATUSES = ("available", "pending", "sold")
CODES = {400: "validation_failed", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed"}

app = Flask(__name__)
pets = {}
ids = itertools.count(1)


def error(status, message, headers=()):
    body = {"code": CODES.get(status, "error"), "message": message, "status": status}
    return body, status, list(headers)


@app.errorhandler(HTTPException)
def http_error(e):
    # Werkzeug's answers keep their headers (a 405's Allow), in the Error shape.
    headers = [(k, v) for k, v in e.get_headers() if k.lower() != "content-type"]
    return error(e.code, e.description, headers)


@app.errorhandler(Exception)
def unexpected(e):
    app.logger.exception("unexpected error")
    return error(500, "internal error")


def key_matches(authorization):
    scheme, _, token = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(token.encode(), API_KEY.encode())


@app.before_request
def require_key():
    if not key_matches(request.headers.get("Authorization")):
        return error(401, "send Authorization: Bearer <API key>")


@app.get("/v1/pets")
def list_pets():
    limit = request.args.get("limit", 20, type=int)
    status = request.args.get("status")
    if not 1 <= limit <= 100:
        return error(400, "limit must be an integer from 1 to 100")
    return [pet for pet in pets.values() if status is None or pet["status"] == status][:limit]


def invalid_creation(body):
    """What is wrong with a creation body, or None."""
    if not isinstance(body, dict):
        return "the body must be a JSON object"
    name, category = body.get("name"), body.get("categoryId")
    if not isinstance(name, str):
        return "name is required and must be a string"
    if MAX_NAME and len(name) > MAX_NAME:
        return f"name must be at most {MAX_NAME} characters"
    # bool is an int in Python: true is no categoryId.
    if type(category) is not int or not INT64[0] <= category <= INT64[1]:
        return "categoryId is required and must be an int64 integer"
    if body.get("status", "available") not in STATUSES:
        return "status must be available, pending or sold"
    return None


@app.post("/v1/pets")
def create_pet():
    body = request.get_json()
    problem = invalid_creation(body)
    if problem:
        return error(400, problem)
    pet = {"id": next(ids), "name": body["name"], "categoryId": body["categoryId"]}
    pet["status"] = body.get("status", "available")
    pets[pet["id"]] = pet
    return pet, 201


@app.get("/v1/pets/<int:pet_id>")
def get_pet(pet_id):
    if pet_id not in pets:
        return error(404, f"no pet with id {pet_id}")
    return pets[pet_id]
