import { expect, it } from 'vitest';
import { failuresOf } from '../../spec/checks/check.ts';
import { bodyMatchesSchema } from '../../spec/checks/checks.ts';
import { loadContractSpec } from '../../spec/checks/spec-model.ts';
import type { FailureRecord } from '../run/run-log.ts';
import { aboutOneItem, findings } from './causes.ts';
import { groupedSummary } from './summary.ts';

/** A failure on exchange `exchange`: a list read unless `request` says otherwise. */
const on = (
  exchange: number,
  rule: FailureRecord['rule'],
  title: string,
  { test = 'a check', request = 'GET http://h/v1/pets?limit=100', status = '200' } = {},
): FailureRecord => ({
  test,
  exchange,
  rule,
  title,
  message: 'Received: a\nExpected: b',
  request: [request],
  response: [status, 'body: []'],
  curl: `curl '${request.split(' ')[1]}'`,
});

const PAGE_OVER_100 =
  'Response body does not match the Pets schema: body must have at most 100 items';

it('makes one finding of the rules one answer broke together: a server that ignores limit', () => {
  // As limit-ignored shows them: a page of 101 at limit=100 breaks the page's bound and limit's,
  // limit=1 only limit's, a set-up that judges the schema alone only the bound.
  const records = [
    on(1, 'page-size-max', PAGE_OVER_100),
    on(1, 'limit-max', 'Page larger than allowed'),
    on(2, 'page-size-max', PAGE_OVER_100),
    on(3, 'limit-max', 'Page larger than allowed', { request: 'GET http://h/v1/pets?limit=1' }),
    on(4, 'page-size-max', PAGE_OVER_100),
    on(4, 'limit-max', 'Page larger than allowed'),
  ];
  const found = findings(records);
  expect(found.map((f) => f.rule)).toEqual(['page-size-max']);
  expect(found[0]?.followedBy.map((g) => [g.rule, g.cases, g.after])).toEqual([
    ['limit-max', 3, undefined],
  ]);
  const summary = groupedSummary(records, []);
  expect(summary).toMatch(/^1 finding \(one per cause: [^)]*\), from 6 failing cases:/);
  expect(summary).toContain(
    'With it, on the same answers (the same cause): limit-max (interface rule), 3 cases: Page larger than allowed (3)',
  );
  // A rule that never failed first on an answer follows from the cause there.
  const after = groupedSummary(records.slice(0, 2), []);
  expect(after).toContain(
    'Then, on the same answers, after it (likely a consequence): limit-max (interface rule), 1 case: Page larger than allowed',
  );
});

it('keeps apart two rules broken by two animals of one list: each has a cause of its own', () => {
  const created = { request: 'POST http://h/v1/pets', status: '201' };
  const list = [
    on(1, 'name-limits', 'Response body does not match the Pets schema: 1.name must not be empty'),
    on(
      1,
      'category-range',
      'Response body does not match the Pets schema: 21.categoryId must be >= 1',
    ),
    on(2, 'name-limits', 'Expected 400, got 201', created),
  ];
  expect(
    findings(list)
      .map((f) => f.rule)
      .sort(),
  ).toEqual(['category-range', 'name-limits']);
  // The same when each animal's creation was judged too.
  const judged = [...list, on(3, 'category-range', 'Expected 400, got 201', created)];
  expect(
    findings(judged)
      .map((f) => f.rule)
      .sort(),
  ).toEqual(['category-range', 'name-limits']);
});

it('never makes one cause of a header every answer lacks and another rule of those answers', () => {
  // A server that sends getPet no Deprecation header at all, and reads id 0 as absent (404).
  const read = (path: string) => ({ request: `GET http://h/v1/pets/${path}`, status: '404' });
  const found = findings([
    on(1, 'pet-id-positive', 'Expected 400, got 404', read('0')),
    on(1, 'deprecation-header', 'Header deprecation is missing or wrong', read('0')),
    on(1, 'sunset-header', 'Header sunset is missing or wrong', read('0')),
    on(2, 'deprecation-header', 'Header deprecation is missing or wrong', read('7')),
    on(2, 'sunset-header', 'Header sunset is missing or wrong', read('7')),
  ]);
  expect(found.map((f) => [f.rule, f.followedBy.map((g) => g.rule)])).toEqual([
    ['deprecation-header', ['sunset-header']],
    ['pet-id-positive', []],
  ]);
});

it('folds a rule that never failed first under one cause it followed, never joining two', () => {
  const created = { request: 'POST http://h/v1/pets', status: '201' };
  const found = findings([
    on(1, 'name-limits', 'Expected 400, got 201', created),
    on(1, 'messages-name-the-field', 'Error message does not name name', created),
    on(2, 'name-limits', 'Expected 400, got 201', created),
    on(2, 'messages-name-the-field', 'Error message does not name name', created),
    on(3, 'category-range', 'Expected 400, got 201', created),
    on(3, 'messages-name-the-field', 'Error message does not name categoryId', created),
  ]);
  expect(found.map((f) => [f.rule, f.followedBy.map((g) => g.rule)])).toEqual([
    ['name-limits', ['messages-name-the-field']],
    ['category-range', []],
  ]);
});

it('reads an item of a list from the schema check’s own words', () => {
  const spec = loadContractSpec('interface');
  const pet = (id: number, categoryId: unknown) => ({ id, name: 'n', categoryId, status: 'sold' });
  const list = [pet(1, 1), pet(2, 'two')];
  const exchange = {
    request: { operation: 'listPets' as const, method: 'GET', path: '/pets', headers: {} },
    response: { status: 200, headers: {}, text: JSON.stringify(list), json: list, isJson: true },
    url: 'http://h/v1/pets',
  };
  const [failure] = failuresOf(bodyMatchesSchema(spec, 'listPets'), exchange);
  expect(failure?.title).toMatch(/1\.categoryId/);
  expect(aboutOneItem({ ...on(1, 'pet-shape', ''), title: failure?.title ?? '' })).toBe(true);
  expect(aboutOneItem(on(1, 'page-size-max', PAGE_OVER_100))).toBe(false);
});

it('puts a creation the server stored before the reads that show what it stored', () => {
  // The reads of an animal whose categoryId came back out of range outnumber its creation.
  const read = { request: 'GET http://h/v1/pets/36' };
  const created = { request: 'POST http://h/v1/pets', status: '201' };
  const found = findings([
    on(1, 'pet-shape', 'categoryId must be an integer within int64', read),
    on(2, 'pet-shape', 'categoryId must be an integer within int64', read),
    on(3, 'pet-shape', 'categoryId must be an integer within int64', read),
    on(4, 'create-400', 'Expected 400, got 201', created),
  ]);
  expect(found.map((f) => f.rule)).toEqual(['create-400', 'pet-shape']);
  // One cause whose answers were a creation and reads: the creation is its example.
  const grouped = findings([
    on(1, 'pet-shape', 'categoryId must be an integer within int64', read),
    on(2, 'pet-shape', 'categoryId must be an integer within int64', read),
    on(3, 'pet-shape', 'categoryId must be an integer within int64', created),
    on(3, 'created-echoes', 'Created pet changed categoryId', created),
  ]);
  expect(grouped.map((f) => [f.rule, f.followedBy.map((g) => g.rule)])).toEqual([
    ['pet-shape', ['created-echoes']],
  ]);
  expect(grouped[0]?.example.request).toEqual(['POST http://h/v1/pets']);
});

it('labels an interface rule that only the strict level’s checks broke as strict, not interface', () => {
  const strictOnly = on(1, 'created-echoes', 'Created pet changed status', {
    test: 'strict: createPet decisions > defaults status to available',
  });
  const both = on(2, 'pet-shape', 'id is required', { test: 'createPet > creates a pet' });
  const summary = groupedSummary(
    [strictOnly, both, { ...both, exchange: 3, test: 'strict-listing (set-up)' }],
    [],
  );
  expect(summary).toMatch(/^\d\. created-echoes \(strict level only: [^)]*\): /m);
  expect(summary).not.toMatch(/created-echoes \(interface rule\)/);
  // Found by a check of every run as well: the interface's rule.
  expect(summary).toMatch(/^\d\. pet-shape \(interface rule\): /m);
  expect(findings([strictOnly])[0]).toMatchObject({ level: 'interface', onlyAt: 'strict' });
  const declared = on(4, 'created-echoes', 'x', { test: 'declared: default status > keeps it' });
  expect(groupedSummary([declared], [])).toMatch(/created-echoes \(declared choice only: /);
});
