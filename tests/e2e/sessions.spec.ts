import { expect, KEY, test } from './fixtures.ts';

type Pet = { id: number; name: string; status: string };

test('creates, lists and fetches animals in its own session', async ({ request }) => {
  const created = await request.post('/v1/pets', {
    headers: KEY,
    data: { name: 'Rex the e2e dog', categoryId: 2, status: 'pending' },
  });
  expect(created.status()).toBe(201);
  const pet = (await created.json()) as Pet;
  expect(pet.id).toBe(41);
  const listed = (await (
    await request.get('/v1/pets?limit=100', { headers: KEY })
  ).json()) as Pet[];
  expect(listed).toHaveLength(41);
  const fetched = await request.get(`/v1/pets/${pet.id}`, { headers: KEY });
  expect(await fetched.json()).toEqual(pet);
});

test('sees only the seed animals, whatever the other tests create', async ({ request }) => {
  const listed = (await (
    await request.get('/v1/pets?limit=100', { headers: KEY })
  ).json()) as Pet[];
  expect(listed).toHaveLength(40);
  expect(listed.map((p) => p.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
});

test('shows its own animals on the landing page and resets them with its button', async ({
  page,
  request,
}) => {
  for (const name of ['Page pet one', 'Page pet two']) {
    await request.post('/v1/pets', { headers: KEY, data: { name, categoryId: 1 } });
  }
  await page.goto('/');
  await expect(page.locator('#pets tr')).toHaveCount(42);
  await expect(page.locator('#pets')).toContainText('Page pet two');
  await page.getByRole('button', { name: 'Restore the seed data' }).click();
  await expect(page.locator('#pets tr')).toHaveCount(40);
  await expect(page.locator('#pets')).not.toContainText('Page pet');
  // Ids are never handed out twice in a session: the next one follows the reset ones.
  const next = await request.post('/v1/pets', {
    headers: KEY,
    data: { name: 'After', categoryId: 1 },
  });
  expect(((await next.json()) as Pet).id).toBe(43);
});

test('makes the page see a queued 503 once, then the data again', async ({ page, request }) => {
  const fault = await request.post('/__mock/faults', {
    data: { operation: 'listPets', status: 503, times: 1 },
  });
  expect(fault.status()).toBe(201);
  await page.goto('/');
  const statuses = await page.evaluate(async (headers) => {
    const first = await fetch('/v1/pets', { headers });
    const second = await fetch('/v1/pets', { headers });
    return [first.status, second.status, (await first.json()).code];
  }, KEY);
  expect(statuses).toEqual([503, 200, 'service_unavailable']);
});

test('makes the page see a network error for a reset fault', async ({ page, request }) => {
  await request.post('/__mock/faults', { data: { operation: 'getPet', network: 'reset' } });
  await page.goto('/');
  const outcome = await page.evaluate(async (headers) => {
    try {
      await fetch('/v1/pets/1', { headers });
      return 'answered';
    } catch (error) {
      return (error as Error).name;
    }
  }, KEY);
  expect(outcome).toBe('TypeError');
  const after = await page.evaluate(
    async (headers) => (await fetch('/v1/pets/1', { headers })).status,
    KEY,
  );
  expect(after).toBe(200);
});

test('answers late for a delay fault and changes nothing', async ({ request }) => {
  await request.post('/__mock/faults', { data: { operation: 'createPet', delayMs: 300 } });
  const started = Date.now();
  const created = await request.post('/v1/pets', {
    headers: KEY,
    data: { name: 'Slow', categoryId: 1 },
  });
  expect(created.status()).toBe(201);
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  const listed = (await (
    await request.get('/v1/pets?limit=100', { headers: KEY })
  ).json()) as Pet[];
  expect(listed).toHaveLength(41);
});

test('lists its session among the live ones', async ({ request, extraHTTPHeaders }) => {
  await request.get('/v1/pets', { headers: KEY });
  const live = await (await request.get('/__mock/sessions')).json();
  const ids = live.sessions.map((s: { id: string }) => s.id);
  expect(ids).toContain(extraHTTPHeaders?.['X-Mock-Session']);
});
