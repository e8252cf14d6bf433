import { createPet, getPet, listPets, type NewPet } from './petstore';
import { client } from './petstore/client.gen';

// `auth` goes out as `Authorization: Bearer petstore-dev-key` on every operation of the spec.
client.setConfig({ baseUrl: 'http://127.0.0.1:4010/v1', auth: 'petstore-dev-key' });

const rex: NewPet = { name: 'Rex', categoryId: 1 };
const { data: created } = await createPet({ body: rex, throwOnError: true });
const { data: page } = await listPets({
  query: { status: 'available', limit: 10 },
  throwOnError: true,
});
const { data: pet } = await getPet({ path: { petId: created.id }, throwOnError: true });
export const names: string[] = page.map((each) => each.name);
export const id: number = pet.id;
