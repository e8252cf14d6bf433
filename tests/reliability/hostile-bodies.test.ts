import { expect, it } from 'vitest';
import { AUTH, expectAlive, rawRequest, send, sendRaw, storeSnapshot } from './http-client.ts';
import { prototypeFingerprint, useMockServer } from './in-process.ts';

const mock = useMockServer();
const JSON_TYPE = { 'content-type': 'application/json' };
const pet = (fields: string) => `{"name":"Rex","categoryId":1${fields}}`;

const rejectedBodies: Array<{ name: string; body: string | Buffer }> = [
  { name: '60,000 opening brackets', body: '['.repeat(60_000) },
  { name: '12,000 nested objects', body: '{"a":'.repeat(12_000) },
  { name: 'balanced 20,000-deep arrays', body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { name: 'truncated JSON', body: '{"name":"Rex","categoryId":' },
  { name: 'a trailing comma', body: pet(',') },
  { name: 'a bare string', body: '"Rex"' },
  { name: 'null', body: 'null' },
  { name: 'an empty body', body: '' },
  {
    name: 'invalid UTF-8 in a string',
    body: Buffer.from([
      ...Buffer.from('{"name":"'),
      0xff,
      0xfe,
      ...Buffer.from('","categoryId":1}'),
    ]),
  },
  { name: 'a UTF-16 byte order mark', body: Buffer.from([0xfe, 0xff, ...Buffer.from(pet(''))]) },
  { name: 'categoryId 1e400', body: '{"name":"Rex","categoryId":1e400}' },
  { name: 'categoryId -1e400', body: '{"name":"Rex","categoryId":-1e400}' },
  { name: 'categoryId 2^63', body: '{"name":"Rex","categoryId":9223372036854775808}' },
  { name: 'a 400-digit categoryId', body: `{"name":"Rex","categoryId":${'9'.repeat(400)}}` },
  { name: 'categoryId 1.5', body: '{"name":"Rex","categoryId":1.5}' },
  { name: 'categoryId as a string', body: '{"name":"Rex","categoryId":"1"}' },
  { name: 'a 256-character name', body: `{"name":"${'x'.repeat(256)}","categoryId":1}` },
  { name: 'a whitespace name', body: '{"name":" \\t ","categoryId":1}' },
  { name: 'an id', body: pet(',"id":5') },
  { name: 'a __proto__ key', body: pet(',"__proto__":{"polluted":"yes"}') },
  {
    name: 'a constructor.prototype key',
    body: pet(',"constructor":{"prototype":{"polluted":"yes"}}'),
  },
  {
    name: 'a duplicate-key __proto__',
    body: '{"name":"Rex","categoryId":1,"status":"sold","__proto__":{"status":"x"}}',
  },
  { name: 'an unknown status', body: pet(',"status":"lost"') },
  { name: 'a toString status', body: pet(',"status":"toString"') },
  { name: 'a __proto__ status', body: pet(',"status":"__proto__"') },
];

it.each(rejectedBodies)(
  'rejects createPet with $name as a 400 and stores nothing',
  async ({ body }) => {
    const before = await storeSnapshot(mock.origin());
    const reply = await sendRaw(
      mock.origin(),
      rawRequest('POST', '/v1/pets', { ...AUTH, ...JSON_TYPE }, body),
    );
    expect(reply.status).toBe(400);
    expect(reply.text).toMatch(/"code":"(malformed_json|validation_failed)"/);
    expect(await storeSnapshot(mock.origin())).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  },
);

it('answers 413 to 100,000 opening brackets without parsing them', async () => {
  const before = await storeSnapshot(mock.origin());
  for (const body of ['['.repeat(100_000), '{"a":'.repeat(100_000)]) {
    const reply = await sendRaw(
      mock.origin(),
      rawRequest('POST', '/v1/pets', { ...AUTH, ...JSON_TYPE }, body),
    );
    expect(reply.status).toBe(413);
  }
  expect(await storeSnapshot(mock.origin())).toBe(before);
});

it('rejects hostile replacement data on PUT /__mock/data and keeps the store', async () => {
  const fingerprint = prototypeFingerprint();
  const before = await storeSnapshot(mock.origin());
  const bodies = [
    '['.repeat(100_000),
    '{"pets":[{"id":1,"name":"Rex","categoryId":1e400}]}',
    '{"pets":[{"id":1,"name":"Rex","categoryId":1,"__proto__":{"polluted":"yes"}}]}',
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"pets":[{"id":-1,"name":"Rex","categoryId":1}]}',
    '{"pets":[{"id":1,"name":"A","categoryId":1},{"id":1,"name":"B","categoryId":1}]}',
  ];
  for (const body of bodies) {
    const reply = await send(mock.origin(), {
      method: 'PUT',
      path: '/__mock/data',
      headers: { ...AUTH, ...JSON_TYPE },
      body,
    });
    expect(reply.status, body.slice(0, 80)).toBeGreaterThanOrEqual(400);
    expect(reply.status, body.slice(0, 80)).toBeLessThan(500);
    expect(await storeSnapshot(mock.origin())).toBe(before);
  }
  expect(prototypeFingerprint()).toBe(fingerprint);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('stores a __proto__ name as plain data without polluting prototypes', async () => {
  const fingerprint = prototypeFingerprint();
  const reply = await send(mock.origin(), {
    method: 'POST',
    path: '/v1/pets',
    headers: { ...AUTH, ...JSON_TYPE },
    body: '{"name":"__proto__","categoryId":9223372036854775807,"status":"pending"}',
  });
  expect(reply.status).toBe(201);
  expect(reply.body).toContain('"categoryId":9223372036854775807');
  const id = /"id":(\d+)/.exec(reply.body)?.[1];
  const fetched = await send(mock.origin(), { path: `/v1/pets/${id}`, headers: { ...AUTH } });
  expect(fetched.body).toContain('"name":"__proto__"');
  expect(prototypeFingerprint()).toBe(fingerprint);
});

it('keeps answering after every hostile body', async () => {
  await expectAlive(mock.origin());
});
