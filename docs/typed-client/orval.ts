import { createPet, getPet, listPets, type NewPet } from './petstore';

const auth = { headers: { Authorization: 'Bearer petstore-dev-key' } };

const rex: NewPet = { name: 'Rex', categoryId: 1 };
const created = await createPet(rex, auth);
if (created.status !== 201) {
  throw new Error(`createPet answered ${created.status}: ${created.data.message}`);
}
const page = await listPets({ status: 'available', limit: 10 }, auth);
const pet = await getPet(created.data.id, auth);
export const names: string[] = page.status === 200 ? page.data.map((each) => each.name) : [];
export const id: number | undefined = pet.status === 200 ? pet.data.id : undefined;
