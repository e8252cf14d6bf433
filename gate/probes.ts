/**
 * The requests that provoke each documented response of the spec. The Prism stage sends
 * all of them; the Dredd hooks drive each Dredd transaction with the first probe of its
 * operation and status. gate/probes.test.ts fails when a documented response has no probe.
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

/** How the gate's animals are named, so they can be found and deleted: prefix, run id, stage. */
export const GATE_NAME_PREFIX = 'petstore-gate-';

/** Where a probe's body names the run (`{run}`), replaced by the run's id when it is sent. */
export const RUN_PLACEHOLDER = '{run}';

/** A probe's body with the run's id in the names of the animals it creates. */
export const bodyForRun = (body: string | undefined, runId: string): string | undefined =>
  body?.replaceAll(RUN_PLACEHOLDER, runId);

const newPet = JSON.stringify({
  name: `${GATE_NAME_PREFIX}${RUN_PLACEHOLDER}-probe`,
  categoryId: 2,
  status: 'pending',
});
// 70,000 characters of name: over the 64 KiB body limit, yet well-formed JSON.
const oversized = JSON.stringify({ name: 'x'.repeat(70_000), categoryId: 1 });

const probe = (
  operationId: string,
  status: number,
  method: string,
  path: string,
  label: string,
  extra: Partial<Probe> = {},
): Probe => ({ operationId, status, method, path, label, key: 'valid', ...extra });

const json = (body: string): Partial<Probe> => ({ contentType: 'application/json', body });

const forced = (operationId: string, method: string, path: string, body?: string): Probe[] =>
  [429, 500, 503].map((status) =>
    probe(operationId, status, method, path, `forced with Prefer: code=${status}`, {
      ...(body === undefined ? {} : json(body)),
      prefer: true,
    }),
  );

/** Every probe, grouped by operation; the first probe of an (operation, status) is the main one. */
export const probes: Probe[] = [
  probe('listPets', 200, 'GET', '/pets?limit=5', 'a page of 5'),
  probe('listPets', 200, 'GET', '/pets?status=pending&limit=3', 'filtered by status'),
  probe('listPets', 200, 'GET', '/pets', 'default page size'),
  probe('listPets', 400, 'GET', '/pets?limit=0', 'limit=0 is out of range'),
  probe('listPets', 400, 'GET', '/pets?status=lost', 'status=lost is not allowed'),
  probe('listPets', 401, 'GET', '/pets', 'no API key', { key: 'none' }),
  probe('listPets', 401, 'GET', '/pets', 'a wrong API key', { key: 'wrong' }),
  probe('listPets', 405, 'DELETE', '/pets', 'DELETE on /pets'),
  ...forced('listPets', 'GET', '/pets?limit=1'),
  probe('createPet', 201, 'POST', '/pets', 'a valid new pet', json(newPet)),
  probe('createPet', 400, 'POST', '/pets', 'name is missing', json('{"categoryId":1}')),
  probe('createPet', 400, 'POST', '/pets', 'the body is not JSON', json('{"name":')),
  probe('createPet', 401, 'POST', '/pets', 'no API key', { ...json(newPet), key: 'none' }),
  probe('createPet', 405, 'PATCH', '/pets', 'PATCH on /pets', json(newPet)),
  probe('createPet', 413, 'POST', '/pets', 'a 70 KB body', json(oversized)),
  probe('createPet', 415, 'POST', '/pets', 'Content-Type text/plain', {
    contentType: 'text/plain',
    body: 'name=Rex',
  }),
  ...forced('createPet', 'POST', '/pets', newPet),
  probe('getPet', 200, 'GET', '/pets/{id}', 'a pet created in this run'),
  probe('getPet', 400, 'GET', '/pets/abc', 'petId=abc is not an integer'),
  probe('getPet', 400, 'GET', '/pets/0', 'petId=0 is not positive'),
  probe('getPet', 401, 'GET', '/pets/{id}', 'no API key', { key: 'none' }),
  probe('getPet', 404, 'GET', `/pets/${absentPetId}`, 'an id never handed out (max int64)'),
  probe('getPet', 405, 'DELETE', '/pets/{id}', 'DELETE on /pets/{petId}'),
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
