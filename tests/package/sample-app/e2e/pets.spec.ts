import { expect, KEY, MOCK, RUN, test } from './fixtures';

test('adds an animal, and the app sent what the form said, with its key', async ({
  page,
  sent,
}) => {
  // A name of the run's own: a backend behind the gate keeps the animals of earlier runs.
  const name = `Rex ${RUN}`;
  await page.goto('/');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category').fill('2');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  const [created] = await sent('createPet');
  expect(created).toMatchObject({
    method: 'POST',
    body: { name, categoryId: 2 },
    headers: { authorization: 'Bearer [masked]', 'content-type': 'application/json' },
    status: 201,
  });
});

test('shows an error when a refresh of the sold list fails, the first one let through', async ({
  page,
  request,
  sent,
}) => {
  const listOf = (status: string) =>
    page.waitForResponse((answer) => answer.url().includes(`status=${status}`));
  const available = listOf('available');
  await page.goto('/');
  await available;
  // Matched by query: the available list (sent twice on mount by StrictMode) never counts.
  await request.post(`${MOCK}/__mock/faults`, {
    data: { operation: 'listPets', match: { query: { status: 'sold' } }, after: 1, status: 503 },
  });
  const firstSold = listOf('sold');
  await page.getByRole('button', { name: 'Show sold' }).click();
  await expect(page.getByRole('heading')).toHaveText('Animals: sold');
  expect((await firstSold).status()).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Could not load the animals: the list answered 503',
  );
  const sold = (await sent('listPets')).filter((entry) => entry.query.status === 'sold');
  expect(sold.map((entry) => [entry.status, entry.fault?.id])).toEqual([
    [200, undefined],
    [503, 1],
  ]);
});

test('shows an error on the first load, StrictMode’s discarded request included', async ({
  page,
  request,
}) => {
  // times "always": the fault takes both requests StrictMode sends on mount, in any order.
  await request.post(`${MOCK}/__mock/faults`, {
    data: { operation: 'listPets', times: 'always', status: 500 },
  });
  await page.goto('/');
  await expect(page.getByRole('alert')).toHaveText(
    'Could not load the animals: the list answered 500',
  );
});

test('resets its session from the test runner, with no body', async ({ request }) => {
  const created = await request.post(`${MOCK}/v1/pets`, {
    headers: { Authorization: `Bearer ${KEY}` },
    data: { name: 'Gone after the reset', categoryId: 1 },
  });
  expect(created.status()).toBe(201);
  const reset = await request.post(`${MOCK}/__mock/reset`);
  expect(reset.status()).toBe(200);
  expect(await reset.json()).toMatchObject({ count: 40 });
  expect(await (await request.get(`${MOCK}/__mock/requests`)).json()).toEqual([]);
});
