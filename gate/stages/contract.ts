/**
 * Stage 2: the contract suite (runContract) against the target, in this process. Its JUnit
 * report is written in the run's own folder and copied by the gate; its findings are the
 * suite's own (rule, request, response, curl), printed as petstore-contract prints them.
 */
import { join } from 'node:path';
import type { Finding } from '../../contract-tests/report/summary.ts';
import {
  type ContractOptions,
  type ContractResult,
  runContract,
} from '../../contract-tests/run/run.ts';
import type { Level } from '../../spec/levels.ts';
import type { GateFinding, StageResult } from '../stage.ts';
import { outOfTime, type StageContext, timeLeft } from '../stage-context.ts';

/** What the contract stage is given beyond the stage context. */
export type ContractChoices = Pick<
  ContractOptions,
  'profile' | 'pact' | 'maxCreates' | 'concurrency'
> &
  ReplayWith;

/** A finding of the suite as the gate reports it: the rule, what was seen, the simplest case. */
const asGateFinding = (f: Finding): GateFinding => ({
  stage: 'contract',
  rule: f.rule,
  title: f.text,
  detail: [
    `Seen: ${f.seen.map((s) => s.label).join('; ')} (${f.cases} failing case(s))`,
    `Spec: ${f.spec}`,
    ...f.example.message.split('\n'),
  ],
  request: f.example.request,
  response: f.example.response,
  curl: f.example.curl,
  specPointer: f.spec.slice(f.spec.indexOf('#')),
});

/** Resolves with the result, or with undefined once `ms` have passed. */
const within = <T>(work: Promise<T>, ms: number): Promise<T | undefined> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** Runs the contract suite against the target at the context's level and bounds. */
export async function runContractStage(
  context: StageContext,
  choices: ContractChoices = {},
): Promise<StageResult> {
  const started = Date.now();
  const { target, level } = context;
  const junitFile = join(context.workDir, 'contract.xml');
  const server = { baseUrl: target.baseUrl, apiKey: target.apiKey };
  const { profile, pact, maxCreates, concurrency } = choices;
  const shown = shownCommand(context, choices);
  // The suite stops sending at its own deadline and ends within a request's time after it.
  const timeoutMs = Math.max(1_000, timeLeft(context) - context.requestTimeoutMs - 5_000);
  const result = await within(
    runContract({
      ...{ server, level, junitFile, profile, pact, maxCreates, concurrency },
      readOnly: context.readOnly,
      ...{ timeoutMs, requestTimeoutMs: context.requestTimeoutMs },
      ...context.reading,
    }),
    timeLeft(context) + 30_000,
  );
  const durationMs = Date.now() - started;
  if (result === undefined) {
    const why = outOfTime('contract', started);
    return {
      stage: 'contract',
      status: 'no-verdict',
      summary: `${shown}: no verdict: ${why}`,
      details: [],
      durationMs,
      findings: [],
      noVerdict: why,
      cases: [{ name: 'contract stage', className: 'contract', error: why }],
    };
  }
  const created = result.created.length;
  const createdIds = result.created.flatMap((c) => (c.id === null ? [] : [c.id]));
  const bounded = result.skipped.filter((s) => /--max-creates|--read-only/.test(s.note ?? ''));
  const untested =
    bounded.length === 0
      ? []
      : [`${bounded.length} check(s) left out by --max-creates or --read-only`];
  const { counts } = result;
  const tally = `${counts.tests} checks: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${counts.notJudged ? `, ${counts.notJudged} not judged` : ''}`;
  const common = { stage: 'contract' as const, durationMs, created, createdIds, untested };
  if (result.verdict === 'could-not-test') {
    const why = result.reason ?? 'could not test';
    const { stopped } = result;
    // A server gone, or shedding load until the suite gave up: the stages after it need not try.
    const gone =
      (stopped?.kind === 'server-gone' || stopped?.kind === 'unreadable') &&
      stopped.at &&
      stopped.request
        ? {
            serverGone: {
              at: stopped.at,
              request: stopped.request,
              why:
                stopped.kind === 'unreadable'
                  ? (/^the server (.*?), at /.exec(why)?.[1] ?? why)
                  : why,
              ...(stopped.kind === 'unreadable' ? { unreadable: true } : {}),
            },
          }
        : stopped?.kind === 'throttled'
          ? {
              serverGone: {
                at: new Date().toISOString(),
                request: /to (\S+ \S+)/.exec(why)?.[1] ?? 'the contract suite',
                why,
                shedding: true,
              },
            }
          : {};
    return {
      ...common,
      ...gone,
      status: 'no-verdict',
      summary: `${shown}: ${result.run ? `${tally}; ` : ''}no verdict: ${why.split('\n')[0]}`,
      details: why.split('\n').slice(1),
      findings: [],
      noVerdict: why.split('\n')[0] ?? why,
      // The suite's report of what ran, when it stopped part way; else one case saying why.
      ...(result.junitFile
        ? { junitFile: result.junitFile }
        : { cases: [{ name: 'contract stage', className: 'contract', error: why }] }),
    };
  }
  const findings = result.findings.map(asGateFinding);
  return {
    ...common,
    status: result.verdict === 'passed' ? 'passed' : 'failed',
    summary: `${shown}: ${tally}${findings.length > 0 ? `, ${findings.length} finding(s)` : ''}`,
    details: [
      ...untested,
      ...(result.verdict === 'failed' && result.run
        ? [`replay: ${replayLine(result.run, choices)}`]
        : []),
    ],
    findings,
    findingsText: result.summary,
    junitFile: result.junitFile,
  };
}

/** What the stage ran, in one line: the command and the choices that reached the suite. */
function shownCommand(context: StageContext, choices: ContractChoices): string {
  const declared = Object.keys(choices.profile ?? {});
  const extra = [
    ...(declared.length > 0 ? [`--profile FILE (declared: ${declared.join(', ')})`] : []),
    ...(choices.pact === undefined ? [] : ['--pact FILE']),
    ...(choices.maxCreates === undefined ? [] : [`--max-creates ${choices.maxCreates}`]),
    ...(context.readOnly ? ['--read-only'] : []),
    ...(choices.concurrency === undefined ? [] : [`--concurrency ${choices.concurrency}`]),
  ];
  return [`contract suite, ${context.level} level, ${context.target.baseUrl}`, ...extra].join(' ');
}

/** Where the stage's replay line points: the checkout's command, or the installed gate's. */
type ReplayWith = {
  profileFile?: string;
  pactFile?: string;
  replayWith?: 'checkout' | 'installed';
};

/**
 * The command that runs the same contract checks again, with the key from PETSTORE_API_KEY:
 * the repository's `npm run contract`, or, installed, the gate with its contract stage alone
 * (the gate always runs the suite at its default depth and seed).
 */
function replayLine(
  run: NonNullable<ContractResult['run']> & { level: Level },
  { profileFile, pactFile, replayWith, concurrency }: ContractChoices,
): string {
  const shared = [
    `--base-url ${run.baseUrl}`,
    `--level ${run.level}`,
    ...(profileFile === undefined ? [] : [`--profile ${profileFile}`]),
    ...(pactFile === undefined ? [] : [`--pact ${pactFile}`]),
    ...(run.maxCreates === undefined ? [] : [`--max-creates ${run.maxCreates}`]),
    ...(run.readOnly ? ['--read-only'] : []),
    ...(concurrency === undefined ? [] : [`--concurrency ${concurrency}`]),
  ];
  return replayWith === 'installed'
    ? ['npx --no-install petstore-gate', ...shared, '--skip prism,dredd'].join(' ')
    : ['npm run contract --', ...shared, `--seed ${run.seed}`].join(' ');
}
