import type { components, operations } from './petstore';

type Pet = components['schemas']['Pet'];
type NewPet = components['schemas']['NewPet'];
type ListPetsQuery = NonNullable<operations['listPets']['parameters']['query']>;

const BASE_URL = 'http://127.0.0.1:4010/v1';
const headers = { Authorization: 'Bearer petstore-dev-key', 'Content-Type': 'application/json' };

const rex: NewPet = { name: 'Rex', categoryId: 1 };
const created = await fetch(`${BASE_URL}/pets`, {
  method: 'POST',
  headers,
  body: JSON.stringify(rex),
});
if (created.status !== 201) throw new Error(`createPet answered ${created.status}`);
const pet = (await created.json()) as Pet;
const query: ListPetsQuery = { status: 'available', limit: 10 };
const page = await fetch(`${BASE_URL}/pets?status=${query.status}&limit=${query.limit}`, {
  headers,
});
export const names: string[] = ((await page.json()) as Pet[]).map((each) => each.name);
export const id: number = pet.id;
