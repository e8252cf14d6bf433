"""The Pet Store as a FastAPI team writes it first: pydantic models, HTTPBearer, and
FastAPI's own errors ({"detail": ...}, 422 for invalid input, 403 without a header).

Run: PETSTORE_API_KEY=KEY python3 -m uvicorn first_pass:app --port PORT
"""
import os
from typing import Dict, List, Literal, Optional

from fastapi import Depends, FastAPI, HTTPException, Query
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel

API_KEY = os.environ.get("PETSTORE_API_KEY", "dev-key")

app = FastAPI(title="Pet Store")
bearer = HTTPBearer()


class NewPet(BaseModel):
    name: str
    categoryId: int
    status: Optional[Literal["available", "pending", "sold"]] = None


class Pet(NewPet):
    id: int


pets: Dict[int, Pet] = {}


def check_key(credentials: HTTPAuthorizationCredentials = Depends(bearer)) -> None:
    if credentials.credentials != API_KEY:
        raise HTTPException(status_code=401, detail="Invalid API key")


@app.get("/v1/pets", response_model=List[Pet], dependencies=[Depends(check_key)])
def list_pets(
    limit: int = Query(20, ge=1, le=100),
    status: Optional[Literal["available", "pending", "sold"]] = None,
):
    found = [pet for pet in pets.values() if status is None or pet.status == status]
    return found[:limit]


@app.post("/v1/pets", response_model=Pet, status_code=201, dependencies=[Depends(check_key)])
def create_pet(new_pet: NewPet):
    pet = Pet(id=len(pets) + 1, **new_pet.dict())
    pets[pet.id] = pet
    return pet


@app.get("/v1/pets/{petId}", response_model=Pet, dependencies=[Depends(check_key)])
def get_pet(petId: int):
    if petId not in pets:
        raise HTTPException(status_code=404, detail="Pet not found")
    return pets[petId]
