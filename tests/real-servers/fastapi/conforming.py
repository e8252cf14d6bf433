"""The Pet Store as a FastAPI team finishes it: every error is the interface's Error object,
401 on a missing or invalid bearer key, 400 for invalid input. Where the interface is silent
the team keeps FastAPI's own ways: `petId: int` and `limit: int` are parsed as pydantic
parses them (" 1", "+1", "01" mean 1), unknown body fields are ignored.

Run: PETSTORE_API_KEY=KEY [PETSTORE_MAX_NAME=20] \
     python3 -m uvicorn conforming:app --port PORT --timeout-keep-alive 1
"""
import hmac
import os
from typing import Dict, List, Literal, Optional

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, StrictInt, StrictStr, validator
from starlette.exceptions import HTTPException

API_KEY = os.environ.get("PETSTORE_API_KEY", "dev-key")
MAX_NAME = int(os.environ.get("PETSTORE_MAX_NAME", "0"))  # 0: no limit
INT64 = (-(2**63), 2**63 - 1)
CODES = {400: "validation_failed", 401: "unauthorized", 404: "not_found", 405: "method_not_allowed"}
Status = Literal["available", "pending", "sold"]


def error(status: int, message: str, headers: Optional[dict] = None) -> JSONResponse:
    body = {"code": CODES.get(status, "error"), "message": message, "status": status}
    return JSONResponse(body, status_code=status, headers=headers)


app = FastAPI(title="Pet Store")


@app.exception_handler(RequestValidationError)
async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    first = exc.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return error(400, f"{where}: {first['msg']}")


@app.exception_handler(HTTPException)
async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
    return error(exc.status_code, str(exc.detail), getattr(exc, "headers", None))


@app.exception_handler(Exception)
async def unexpected(request: Request, exc: Exception) -> JSONResponse:
    return error(500, "internal error")


def key_matches(authorization: Optional[str]) -> bool:
    scheme, _, token = (authorization or "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(token.encode(), API_KEY.encode())


# A middleware, not a dependency: FastAPI parses a JSON body before it runs dependencies, so a
# malformed body without a key would get 400 where the interface asks for 401.
@app.middleware("http")
async def require_key(request: Request, call_next):
    if request.url.path.startswith("/v1/") and not key_matches(request.headers.get("authorization")):
        return error(401, "send Authorization: Bearer <API key>")
    return await call_next(request)


class NewPet(BaseModel):
    name: StrictStr
    categoryId: StrictInt
    status: Status = "available"

    @validator("name")
    def name_fits(cls, name: str) -> str:
        if MAX_NAME and len(name) > MAX_NAME:
            raise ValueError(f"at most {MAX_NAME} characters")
        return name

    @validator("categoryId")
    def category_in_int64(cls, category: int) -> int:
        if not INT64[0] <= category <= INT64[1]:
            raise ValueError("must be an int64")
        return category


pets: Dict[int, dict] = {}


@app.get("/v1/pets")
async def list_pets(limit: int = Query(20, ge=1, le=100), status: Optional[Status] = None):
    found: List[dict] = [p for p in pets.values() if status is None or p["status"] == status]
    return found[:limit]


@app.post("/v1/pets", status_code=201)
async def create_pet(new_pet: NewPet):
    pet = {"id": len(pets) + 1, **new_pet.dict()}
    pets[pet["id"]] = pet
    return JSONResponse(pet, status_code=201)


@app.get("/v1/pets/{petId}")
async def get_pet(petId: int):
    if petId not in pets:
        raise HTTPException(404, f"no pet with id {petId}")
    return pets[petId]
