import { parse, parseNumberAndBigInt, stringify } from 'lossless-json';
import type { components } from './petstore-exact';

type Pet = components['schemas']['Pet'];
type NewPet = components['schemas']['NewPet'];

const BASE_URL = 'http://127.0.0.1:4010/v1';
const headers = { Authorization: 'Bearer petstore-dev-key', 'Content-Type': 'application/json' };

// Reads integers above 2^53 as bigint instead of rounding them, as JSON.parse would.
async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${BASE_URL}${path}`, { ...init, headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return parse(text, null, parseNumberAndBigInt) as T;
}

const big: NewPet = { name: 'Big', categoryId: 9007199254740993n }; // 2^53 + 1
// stringify writes a bigint as a plain JSON number (JSON.stringify throws on it).
const created = await call<Pet>('/pets', { method: 'POST', body: stringify(big) });
const pet = await call<Pet>(`/pets/${created.id}`);
if (pet.categoryId !== big.categoryId) throw new Error(`categoryId came back as ${pet.categoryId}`);
