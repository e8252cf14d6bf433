import { expect, it } from 'vitest';
import { gateJson } from './json-result.ts';
import { gateMarkdown } from './markdown.ts';
import type { GateReport } from './run-gate.ts';
import type { GateFinding, StageResult } from './stage.ts';
import { formatSummary } from './summary.ts';
import { gateVerdict } from './verdict.ts';

const finding = (stage: GateFinding['stage'], title: string, extra: Partial<GateFinding> = {}) => ({
  stage,
  title,
  detail: [],
  request: ['GET http://h/v1/pets?limit=5'],
  response: ['200'],
  ...extra,
});

const failed = (stage: StageResult['stage'], findings: GateFinding[]): StageResult => ({
  stage,
  status: 'failed',
  summary: `${stage} checked`,
  details: [],
  durationMs: 1000,
  findings,
});

const LIST_200 = '#/paths/~1pets/get/responses/200';
// A server that ignores `limit`, as the gate saw it: the contract stage names the page over
// 100 (with limit-max) and the default page; Prism's and Dredd's validators then see pages
// over 100 at limit=5 and 3, because the contract stage had just created 230 animals.
const contract = failed('contract', [
  finding('contract', 'A page never holds more than 100 animals.', { rule: 'page-size-max' }),
  finding('contract', 'Without `limit`, a page holds at most 20 animals.', {
    rule: 'limit-default',
  }),
]);
const prism = failed('prism', [
  finding('prism', 'GET /pets?limit=5 -> 200 (a page of 5) answered 200: …', {
    detail: ['response.body: Response body must NOT have more than 100 items [Error]'],
    specPointer: LIST_200,
  }),
  // A fault of its own: no contract finding names pet-shape.
  finding('prism', 'GET /pets/1 -> 200 answered 200: …', {
    detail: ["response.body: Response body must have required property 'categoryId' [Error]"],
    specPointer: '#/paths/~1pets~1{petId}/get/responses/200',
  }),
]);
const dredd = failed('dredd', [
  finding('dredd', 'GET /pets?status=pending&limit=3 -> 200: body: data should NOT have more …', {
    detail: ['body: data should NOT have more than 100 items'],
    specPointer: LIST_200,
  }),
]);
const results = [contract, prism, dredd];

it('ties the later stages’ findings to the cause the contract stage named, in the summary', () => {
  const summary = formatSummary(results, 9000, gateVerdict(results), 'interface');
  expect(summary).toMatch(/^gate NOT CONFORMANT: /);
  expect(summary).toContain(
    '3 causes behind 5 findings: 2 of them prism and dredd saw again of a cause the contract stage named (not a second fault):',
  );
  expect(summary).toContain(
    '1. contract: page-size-max: A page never holds more than 100 animals. (seen again by prism 1, dredd 1)',
  );
  expect(summary).toMatch(/3\. prism: GET \/pets\/1 -> 200 answered 200: …$/m);
  expect(summary).not.toMatch(/limit-default.*seen again/);
});

it('says which contract finding a later one shows again, in the JSON result and the Markdown', () => {
  const report: GateReport = {
    baseUrl: 'http://h/v1',
    isMock: false,
    runId: 'r1',
    results,
    totalMs: 9000,
  };
  const versions = { gate: '0.1.0', interface: '1.0.0' };
  const json = gateJson(report, gateVerdict(results), versions, 'interface');
  const [, prismJson, dreddJson] = json.stages;
  expect(prismJson?.findings[0]).toMatchObject({
    sameCauseAs: { stage: 'contract', finding: 1, rule: 'page-size-max' },
  });
  expect(prismJson?.findings[1]).not.toHaveProperty('sameCauseAs');
  expect(dreddJson?.findings[0]).toMatchObject({ sameCauseAs: { finding: 1 } });
  expect(json.causes.map((c) => [c.rule ?? c.title, c.seenAgain.length])).toEqual([
    ['page-size-max', 2],
    ['limit-default', 0],
    ['GET /pets/1 -> 200 answered 200: …', 0],
  ]);
  const markdown = gateMarkdown(report, gateVerdict(results), versions, 'interface');
  expect(markdown).toContain(
    'The same cause as contract finding 1 (`page-size-max`), seen again here: not a second fault.',
  );
});

it('reads a CONFORMANT run green first, its notes after the table, none of them a failure', () => {
  const passed: StageResult = {
    ...failed('prism', []),
    status: 'passed',
    details: ['not sent (decisions, not part of the interface level): listPets 400'],
  };
  const summary = formatSummary([passed], 1000, gateVerdict([passed]));
  expect(summary.split('\n')[0]).toMatch(/^gate CONFORMANT: 1 passed \(prism\)/);
  expect(summary).not.toContain('not sent');
});
