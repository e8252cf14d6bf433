import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { allResponses, openapiDocument } from '../../spec/document.ts';
import { runTool } from '../tools.ts';
import { type DreddStep, planDredd } from './dredd-plan.ts';

type GavelResult = { valid: boolean; fields: Record<string, { errors: { message: string }[] }> };
const gavel = createRequire(import.meta.url)('gavel') as {
  validate(expected: object, actual: object): GavelResult;
};

const mock = { baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k', isMock: true };
const strictPlan = planDredd(openapiDocument, 'strict', mock);
const driven = (step: DreddStep) => ('skip' in step ? undefined : step);

/** Validates a body the way Dredd does, with the plan's schema. */
const dreddAccepts = (step: DreddStep, body: unknown) => {
  const schema = driven(step)?.bodySchema;
  const headers = { 'content-type': 'application/json' };
  return gavel.validate({ bodySchema: schema }, { headers, body: JSON.stringify(body) }).valid;
};

it('plans exactly the transactions Dredd reads from the OpenAPI 3.1 spec', async () => {
  const listed = await runTool(
    'dredd',
    ['spec/openapi.yaml', mock.baseUrl, '--names', '--color', 'false'],
    {
      timeoutMs: 60_000,
    },
  );
  const names = [...`${listed.stdout}${listed.stderr}`.matchAll(/info: (\/.+ > \d{3} > .+)$/gm)];
  expect(names.map((m) => m[1]).sort()).toEqual(Object.keys(strictPlan.transactions).sort());
}, 90_000);

it('drives every documented response of the mock at strict level, none skipped', () => {
  const skipped = Object.entries(strictPlan.transactions).filter(([, step]) => 'skip' in step);
  expect(skipped).toEqual([]);
});

it('skips decisions at interface level and forced statuses for a foreign server', () => {
  const plan = planDredd(openapiDocument, 'interface', { ...mock, isMock: false });
  const run = Object.entries(plan.transactions).filter(([, step]) => !('skip' in step));
  expect(run.map(([name]) => name.split(' > ').slice(1, 3).join(' ')).sort()).toEqual(
    [
      'Add an animal 201',
      'Add an animal 400',
      'Add an animal 401',
      'Get an animal (deprecated) 200',
      'Get an animal (deprecated) 401',
      'Get an animal (deprecated) 404',
      'List animals 200',
      'List animals 401',
    ].sort(),
  );
});

it("accepts each response's own spec example with the schema it gives Dredd", () => {
  const rejected: string[] = [];
  for (const response of allResponses(openapiDocument)) {
    const content = (response.node.content as Record<string, { examples?: object }>)[
      'application/json'
    ];
    const example = Object.values(content?.examples ?? {})[0] as { value: unknown } | undefined;
    const { path, summary } = response.operation;
    const name = `${path} > ${summary} > ${response.status} > application/json`;
    const step = strictPlan.transactions[name];
    if (example === undefined || step === undefined) throw new Error(`no example or step: ${name}`);
    if (!dreddAccepts(step, example.value)) rejected.push(name);
  }
  expect(rejected).toEqual([]);
});

it('makes Dredd reject a pet without categoryId and an error with an unknown code', () => {
  const getPet =
    strictPlan.transactions['/pets/{petId} > Get an animal (deprecated) > 200 > application/json'];
  const notFound =
    strictPlan.transactions['/pets/{petId} > Get an animal (deprecated) > 404 > application/json'];
  if (getPet === undefined || notFound === undefined) throw new Error('transactions missing');
  expect(dreddAccepts(getPet, { id: 1, name: 'Rex' })).toBe(false);
  expect(dreddAccepts(getPet, { id: '1', name: 'Rex', categoryId: 1 })).toBe(false);
  expect(dreddAccepts(notFound, { code: 'NotFound', message: 'x', status: 404 })).toBe(false);
  const interfacePlan = planDredd(openapiDocument, 'interface', mock);
  const looseNotFound =
    interfacePlan.transactions[
      '/pets/{petId} > Get an animal (deprecated) > 404 > application/json'
    ];
  if (looseNotFound === undefined) throw new Error('transaction missing');
  expect(dreddAccepts(looseNotFound, { code: 'NotFound', message: 'x', status: 404 })).toBe(true);
});

it('makes Dredd require exactly the response headers the spec marks required', () => {
  const created = '/pets > Add an animal > 201 > application/json';
  const step = driven(strictPlan.transactions[created] as DreddStep);
  expect(step?.requiredHeaders).toEqual(['Location']);
  const unmarked = structuredClone(openapiDocument) as {
    components: { headers: { Location: { required?: boolean } } };
  };
  delete unmarked.components.headers.Location.required;
  const plan = planDredd(unmarked as never, 'strict', mock);
  expect(driven(plan.transactions[created] as DreddStep)?.requiredHeaders).toEqual([]);
});

it('requires no decision header at the interface level', () => {
  const created = '/pets > Add an animal > 201 > application/json';
  const plan = planDredd(openapiDocument, 'interface', mock);
  expect(driven(plan.transactions[created] as DreddStep)?.requiredHeaders ?? []).toEqual([]);
});

it('sends at most --max-creates POSTs: the pet read by getPet first, then creations in spec order', () => {
  const posts = (plan: ReturnType<typeof planDredd>) =>
    Object.values(plan.transactions).flatMap((step) =>
      'skip' in step || step.method !== 'POST' ? [] : [step.key],
    );
  const unbounded = planDredd(openapiDocument, 'strict', mock);
  expect(unbounded.creations).toBe(1 + posts(unbounded).length);
  const two = planDredd(openapiDocument, 'strict', mock, { maxCreates: 2 });
  expect(two.creations).toBe(2);
  expect(two.createBody).not.toBe('');
  expect(posts(two)).toEqual(['createPet 201']);
  const none = planDredd(openapiDocument, 'strict', mock, { maxCreates: 0 });
  expect(none.creations).toBe(0);
  expect(none.createBody).toBe('');
  expect(posts(none)).toEqual([]);
  // Without a pet of its own, the getPet transactions read the first one listed.
  expect(none.readFromList).toBe(true);
  expect(
    driven(
      none.transactions[
        '/pets/{petId} > Get an animal (deprecated) > 200 > application/json'
      ] as DreddStep,
    )?.path,
  ).toBe('/pets/{id}');
});

it('sends GET requests only with --read-only, reading a pet from the list', () => {
  const plan = planDredd(openapiDocument, 'strict', mock, { readOnly: true });
  const sent = Object.values(plan.transactions).flatMap((step) =>
    'skip' in step ? [] : [step.method],
  );
  expect(new Set(sent)).toEqual(new Set(['GET']));
  expect(plan).toMatchObject({ createBody: '', creations: 0, readFromList: true });
  const left = Object.values(plan.transactions).filter((step) => 'skip' in step);
  expect(left.map((step) => step.key)).toEqual(
    expect.arrayContaining(['createPet 201', 'listPets 405', 'getPet 405']),
  );
  expect(left.every((step) => 'skip' in step && /--read-only/.test(step.skip))).toBe(true);
});

it('names its pet after the run, so it can be found and deleted', () => {
  const plan = planDredd(openapiDocument, 'strict', mock, { runId: 'r1' });
  expect(JSON.parse(plan.createBody)).toMatchObject({ name: 'petstore-gate-r1-dredd' });
  const created = driven(
    plan.transactions['/pets > Add an animal > 201 > application/json'] as DreddStep,
  );
  expect(JSON.parse(created?.body ?? '{}')).toMatchObject({ name: 'petstore-gate-r1-probe' });
});
