/**
 * The four workloads every server is measured with, as autocannon request lists: the same
 * requests, byte for byte, for the mock, the bare server and Prism.
 */

/** The names of the workloads, in the order they run (reads first: POST grows the store). */
export const WORKLOADS = ['listPets', 'listSold', 'getPet', 'createPet'] as const;

/** One workload's name. */
export type WorkloadName = (typeof WORKLOADS)[number];

/** What each workload sends, for the table and the JSON. */
export const WORKLOAD_LABELS: Record<WorkloadName, string> = {
  listPets: 'GET /v1/pets?limit=20',
  listSold: 'GET /v1/pets?status=sold&limit=20',
  getPet: 'GET /v1/pets/{id}',
  createPet: 'POST /v1/pets',
};

/** One request as autocannon takes it. */
export type BenchRequest = {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

// Ids spread over the whole seeded range, so a by-id lookup is not always the first record.
const ID_SAMPLES = 97;

/**
 * The request cycle of a workload against a store seeded with pets 1..seedCount, under
 * `basePath` (`/v1` for the mock and the bare server; Prism serves the spec's paths without
 * its servers' base path).
 */
export function workloadRequests(
  name: WorkloadName,
  seedCount: number,
  basePath = '/v1',
): BenchRequest[] {
  return requests(name, seedCount).map((request) => ({
    ...request,
    path: basePath + request.path,
  }));
}

function requests(name: WorkloadName, seedCount: number): BenchRequest[] {
  switch (name) {
    case 'listPets':
      return [{ method: 'GET', path: '/pets?limit=20' }];
    case 'listSold':
      return [{ method: 'GET', path: '/pets?status=sold&limit=20' }];
    case 'getPet':
      return Array.from({ length: ID_SAMPLES }, (_, k) => ({
        method: 'GET' as const,
        path: `/pets/${1 + ((k * 7919 + seedCount - 1) % seedCount)}`,
      }));
    case 'createPet':
      return [
        {
          method: 'POST',
          path: '/pets',
          body: JSON.stringify({ name: 'Bench', categoryId: 2, status: 'pending' }),
          headers: { 'content-type': 'application/json' },
        },
      ];
  }
}
