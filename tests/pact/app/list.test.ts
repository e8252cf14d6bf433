import { expect, it } from 'vitest';

const auth = { Authorization: 'Bearer petstore-dev-key' };

it('reads the first page of sold animals', async () => {
  const response = await fetch('http://localhost/v1/pets?status=sold&limit=5', { headers: auth });
  expect(await response.json()).toHaveLength(5);
});
