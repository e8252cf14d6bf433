"""The Pet Store as a Flask team writes it first: `request.get_json()`, `jsonify`, `abort()`
and Flask's default HTML error pages, served by `flask run` (Werkzeug's server).

Run: PETSTORE_API_KEY=KEY python3 -m flask --app first_pass.py run --port PORT
"""
import os

from flask import Flask, abort, jsonify, request

API_KEY = os.environ.get("PETSTORE_API_KEY", "dev-key")

app = Flask(__name__)
pets = {}


@app.before_request
def require_key():
    if request.headers.get("Authorization") != f"Bearer {API_KEY}":
        abort(401)


@app.get("/v1/pets")
def list_pets():
    limit = request.args.get("limit", 20, type=int)
    status = request.args.get("status")
    found = [pet for pet in pets.values() if status is None or pet["status"] == status]
    return jsonify(found[:limit])


@app.post("/v1/pets")
def create_pet():
    data = request.get_json()
    if not data.get("name") or not data.get("categoryId"):
        return {"error": "name and categoryId are required"}, 400
    pet = {
        "id": len(pets) + 1,
        "name": data["name"],
        "categoryId": data["categoryId"],
        "status": data.get("status", "available"),
    }
    pets[pet["id"]] = pet
    return pet, 201


@app.get("/v1/pets/<int:pet_id>")
def get_pet(pet_id):
    if pet_id not in pets:
        abort(404)
    return pets[pet_id]
