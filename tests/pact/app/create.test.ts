import { expect, it } from 'vitest';

const auth = { Authorization: 'Bearer petstore-dev-key' };

it('adds an animal and reads it back', async () => {
  const created = await fetch('http://localhost/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Mittens', categoryId: 2, status: 'pending' }),
  });
  const { id } = await created.json();
  const fetched = await fetch(`http://localhost/v1/pets/${id}`, { headers: auth });
  expect(await fetched.json()).toMatchObject({ id, name: 'Mittens', status: 'pending' });
});
