/**
 * The requests that provoke each documented response of the spec. The Prism stage sends
 * all of them; the Dredd hooks drive each Dredd transaction with the first probe of its
 * operation and status. tests/gate/probes.test.ts fails when a documented response has no probe.
 */

/** A request that should make the server answer with `status` for `operationId`. */
export type Probe = {
  operationId: string;
  status: number;
  /** How the request provokes the response, e.g. `limit=0 is out of range`. */
  label: string;
  method: string;
  /** Relative to the base URL; `{id}` stands for a pet the server created during the run. */
  path: string;
  key: 'valid' | 'none' | 'wrong';
  contentType?: string;
  body?: string;
  /** Forces the status with `Prefer: code=NNN`: only the mock honours it. */
  prefer?: boolean;
};

/** An id no server will have handed out during the run (the largest int64). */
export const absentPetId = '9223372036854775807';

const newPet = JSON.stringify({ name: 'Gate probe', categoryId: 2, status: 'pending' });
// 70,000 characters of name: over the 64 KiB body limit, yet well-formed JSON.
const oversized = JSON.stringify({ name: 'x'.repeat(70_000), categoryId: 1 });

const forced = (operationId: string, method: string, path: string, body?: string): Probe[] =>
  [429, 500, 503].map((status) => ({
    operationId,
    status,
    label: `forced with Prefer: code=${status}`,
    method,
    path,
    key: 'valid',
    ...(body === undefined ? {} : { contentType: 'application/json', body }),
    prefer: true,
  }));

const json = { contentType: 'application/json' };

/** Every probe, grouped by operation; the first probe of an (operation, status) is the main one. */
export const probes: Probe[] = [
  {
    operationId: 'listPets',
    status: 200,
    label: 'a page of 5',
    method: 'GET',
    path: '/pets?limit=5',
    key: 'valid',
  },
  {
    operationId: 'listPets',
    status: 200,
    label: 'filtered by status',
    method: 'GET',
    path: '/pets?status=pending&limit=3',
    key: 'valid',
  },
  {
    operationId: 'listPets',
    status: 200,
    label: 'default page size',
    method: 'GET',
    path: '/pets',
    key: 'valid',
  },
  {
    operationId: 'listPets',
    status: 400,
    label: 'limit=0 is out of range',
    method: 'GET',
    path: '/pets?limit=0',
    key: 'valid',
  },
  {
    operationId: 'listPets',
    status: 400,
    label: 'status=lost is not allowed',
    method: 'GET',
    path: '/pets?status=lost',
    key: 'valid',
  },
  {
    operationId: 'listPets',
    status: 401,
    label: 'no API key',
    method: 'GET',
    path: '/pets',
    key: 'none',
  },
  {
    operationId: 'listPets',
    status: 401,
    label: 'a wrong API key',
    method: 'GET',
    path: '/pets',
    key: 'wrong',
  },
  {
    operationId: 'listPets',
    status: 405,
    label: 'DELETE on /pets',
    method: 'DELETE',
    path: '/pets',
    key: 'valid',
  },
  ...forced('listPets', 'GET', '/pets?limit=1'),
  {
    operationId: 'createPet',
    status: 201,
    label: 'a valid new pet',
    method: 'POST',
    path: '/pets',
    key: 'valid',
    ...json,
    body: newPet,
  },
  {
    operationId: 'createPet',
    status: 400,
    label: 'name is missing',
    method: 'POST',
    path: '/pets',
    key: 'valid',
    ...json,
    body: '{"categoryId":1}',
  },
  {
    operationId: 'createPet',
    status: 400,
    label: 'the body is not JSON',
    method: 'POST',
    path: '/pets',
    key: 'valid',
    ...json,
    body: '{"name":',
  },
  {
    operationId: 'createPet',
    status: 401,
    label: 'no API key',
    method: 'POST',
    path: '/pets',
    key: 'none',
    ...json,
    body: newPet,
  },
  {
    operationId: 'createPet',
    status: 405,
    label: 'PATCH on /pets',
    method: 'PATCH',
    path: '/pets',
    key: 'valid',
    ...json,
    body: newPet,
  },
  {
    operationId: 'createPet',
    status: 413,
    label: 'a 70 KB body',
    method: 'POST',
    path: '/pets',
    key: 'valid',
    ...json,
    body: oversized,
  },
  {
    operationId: 'createPet',
    status: 415,
    label: 'Content-Type text/plain',
    method: 'POST',
    path: '/pets',
    key: 'valid',
    contentType: 'text/plain',
    body: 'name=Rex',
  },
  ...forced('createPet', 'POST', '/pets', newPet),
  {
    operationId: 'getPet',
    status: 200,
    label: 'a pet created in this run',
    method: 'GET',
    path: '/pets/{id}',
    key: 'valid',
  },
  {
    operationId: 'getPet',
    status: 400,
    label: 'petId=abc is not an integer',
    method: 'GET',
    path: '/pets/abc',
    key: 'valid',
  },
  {
    operationId: 'getPet',
    status: 400,
    label: 'petId=0 is not positive',
    method: 'GET',
    path: '/pets/0',
    key: 'valid',
  },
  {
    operationId: 'getPet',
    status: 401,
    label: 'no API key',
    method: 'GET',
    path: '/pets/{id}',
    key: 'none',
  },
  {
    operationId: 'getPet',
    status: 404,
    label: `petId=${absentPetId} was never created`,
    method: 'GET',
    path: `/pets/${absentPetId}`,
    key: 'valid',
  },
  {
    operationId: 'getPet',
    status: 405,
    label: 'DELETE on /pets/{petId}',
    method: 'DELETE',
    path: '/pets/{id}',
    key: 'valid',
  },
  ...forced('getPet', 'GET', '/pets/{id}'),
];

/** The main probe for a documented response, or undefined when none is written. */
export function probeFor(operationId: string, status: number): Probe | undefined {
  return probes.find((p) => p.operationId === operationId && p.status === status);
}

/** The request headers a probe sends, given the key to use when it needs a valid one. */
export function probeHeaders(probe: Probe, apiKey: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (probe.key === 'valid') headers.Authorization = `Bearer ${apiKey}`;
  if (probe.key === 'wrong') headers.Authorization = 'Bearer not-a-valid-key-gate';
  if (probe.contentType !== undefined) headers['Content-Type'] = probe.contentType;
  if (probe.prefer) headers.Prefer = `code=${probe.status}`;
  return headers;
}
