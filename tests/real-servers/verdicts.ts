/**
 * What the panel asserts about a run: a conforming service passes several runs in a row
 * with the cores kept busy, and every run's counts agree with its verdict.
 */
import { expect, it } from 'vitest';
import { OPTIONS_SKIP } from '../../contract-tests/report/reporter.ts';
import { busyCores } from './busy-cores.ts';
import { type ContractRun, describeRun, ruleIds, runContractOn } from './contract-run.ts';
import { type PanelService, panelService } from './panel.ts';
import type { ServiceName } from './services.ts';

/** Fails unless the run's counts tell the same story as its verdict and exit code. */
export function expectCountsAgree(run: ContractRun): void {
  const { verdict, counts, skipped } = run.json;
  expect(counts.passed + counts.failed + counts.skipped, describeRun(run)).toBe(counts.tests);
  // Nothing hidden: every check left unrun is listed with why (a failed set-up names itself).
  expect(skipped.length, describeRun(run)).toBe(counts.skipped);
  const unexplained = skipped.filter((s) => !s.note || s.note === OPTIONS_SKIP);
  expect(unexplained.map((s) => s.name)).toEqual([]);
  if (verdict === 'passed')
    expect({ code: run.code, failed: counts.failed }).toEqual({ code: 0, failed: 0 });
  if (verdict === 'failed') {
    expect(run.code, describeRun(run)).toBe(1);
    const why = `a failed verdict with no failed check: ${describeRun(run)}`;
    expect(counts.failed, why).toBeGreaterThan(0);
    expect(run.json.findings.length, describeRun(run)).toBeGreaterThan(0);
  }
}

/** Runs the suite `runs` times in a row against `service` while every core is busy. */
export async function runBusy(
  service: Pick<PanelService, 'baseUrl' | 'apiKey'>,
  runs: number,
  each: (run: ContractRun, index: number) => void = () => {},
): Promise<ContractRun[]> {
  const stop = await busyCores();
  try {
    const done: ContractRun[] = [];
    for (let i = 0; i < runs; i++) {
      done.push(await runContractOn(service));
      each(done[i] as ContractRun, i);
    }
    return done;
  } finally {
    await stop();
  }
}

/** Fails unless every run passed, with exit 0 and no finding; shows each run's rule ids. */
export function expectAllPassed(runs: ContractRun[]): void {
  const seen = runs.map((run) => ({
    verdict: run.json.verdict,
    code: run.code,
    rules: ruleIds(run),
  }));
  const passed = runs.map(() => ({ verdict: 'passed', code: 0, rules: [] }));
  expect(seen, runs.map(describeRun).join('\n')).toEqual(passed);
  for (const run of runs) expectCountsAgree(run);
}

/** Runs the suite once against the run's shared `name` service, cores left alone. */
export async function runOnce(name: ServiceName): Promise<ContractRun> {
  return runContractOn(await panelService(name));
}

/**
 * Runs a first pass once and fails unless it is NOT CONFORMANT, its counts agreeing, naming at
 * least `rules` (the rules it really breaks, each explained where the test lists it).
 */
export async function expectFirstPassFails(
  name: ServiceName,
  rules: readonly string[],
): Promise<ContractRun> {
  const run = await runOnce(name);
  expect(run.json.verdict, describeRun(run)).toBe('failed');
  expect(run.code).toBe(1);
  expectCountsAgree(run);
  expect(ruleIds(run), describeRun(run)).toEqual(expect.arrayContaining([...rules]));
  return run;
}

/**
 * The two tests every framework's finished service takes: three runs in a row with the cores
 * busy, and the same service limiting names to 20 characters, each passing.
 */
export function conformingServiceTests(framework: string, label: string): void {
  it(`passes the finished ${label} service three runs in a row with the cores busy`, async () => {
    const service = await panelService(`${framework}-conforming` as ServiceName);
    expectAllPassed(await runBusy(service, 3));
  }, 600_000);
  it(`passes the finished ${label} service that limits names to 20 characters`, async () => {
    expectAllPassed([await runOnce(`${framework}-name-20` as ServiceName)]);
  }, 300_000);
}
