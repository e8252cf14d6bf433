/**
 * Stage 5, with `--e2e CMD`: the app's own end-to-end tests as contract evidence. The mock in
 * proxy mode goes in front of the server (its key lent to the app's requests), CMD runs with
 * PETSTORE_BASE_URL and PETSTORE_API_KEY pointing at it, and every exchange of every session
 * is judged by the suite's rules as it passes. The backend's departures are the stage's
 * findings; the app's are reported apart (they fail the stage only with --e2e-client strict);
 * the coverage of the traffic is reported, and --e2e-min-coverage fails too little of it.
 * CMD failing is said, and is no verdict on the backend by itself; no traffic is no verdict.
 */
import { mergeProfiles, type Profile, STRICT_PROFILE } from '../../spec/profile.ts';
import { stillAnswers } from '../liveness.ts';
import type { GateFinding, JUnitCase, ServerGone, StageResult } from '../stage.ts';
import { outOfTime, type StageContext } from '../stage-context.ts';
import type { StartTrafficProxy, TrafficCoverage } from '../traffic-types.ts';
import { type CommandRun, runCommand, runText, succeeded } from './traffic-command.ts';
import { findingCase, trafficFinding } from './traffic-findings.ts';
import { createLedger, type TrafficLedger } from './traffic-ledger.ts';

/** What the traffic stage is asked to run, and how it judges the app. */
export type TrafficOptions = {
  /** The app's end-to-end command, run through the shell. */
  command: string;
  /** `report` (default): the app's departures reported apart; `strict`: they fail the stage. */
  client?: 'report' | 'strict';
  /** Fails the stage when the traffic meets fewer of the documented responses (percent). */
  minCoverage?: number;
  /** Starts the proxy (the commands pass the mock's); without it the stage has no verdict. */
  startProxy?: StartTrafficProxy;
  /** The server's declared gap choices (--profile). */
  profile?: Profile;
  /** Whether --max-creates was given (the app's own creations are not bounded by it). */
  maxCreates?: number;
};

/** The coverage in one line per operation: its requests, statuses met, rules judged. */
export function coverageLines(coverage: TrafficCoverage): string[] {
  return coverage.operations.map((row) => {
    const statuses = row.documented
      .map((status) => (row.met.includes(status) ? `${status} met` : `${status} not met`))
      .join(', ');
    const other =
      row.undocumented.length > 0 ? `; undocumented ${row.undocumented.join(', ')}` : '';
    return `${row.operation}: ${row.requests} answered by the backend; ${statuses}${other}; ${row.rules.length} rule(s) judged${row.rules.length > 0 ? ` (${row.rules.join(', ')})` : ''}`;
  });
}

const coverageText = (coverage: TrafficCoverage) =>
  `coverage ${coverage.met} of ${coverage.documented} documented responses (${coverage.percent} %)`;

/** The traffic's counts in words, for the stage's notes. */
function ledgerNotes(ledger: TrafficLedger, options: TrafficOptions): string[] {
  return [
    ...(ledger.byMock > 0
      ? [
          `${ledger.byMock} request(s) answered by the proxy itself (preflights, faults the tests queued, refusals): not the backend's answers, not judged`,
        ]
      : []),
    ...(ledger.noAnswer.count > 0
      ? [
          `${ledger.noAnswer.count} request(s) got no answer from the backend (the app got a 502 or 504), the first ${ledger.noAnswer.first?.method} ${ledger.noAnswer.first?.path} at ${ledger.noAnswer.first?.time}`,
        ]
      : []),
    ...(ledger.cut > 0
      ? [`${ledger.cut} answer(s) were cut mid-body (past a bound, or out of time): not judged`]
      : []),
    ...(options.maxCreates === undefined
      ? []
      : ["--max-creates does not bound the app's own creations: its tests decide them"]),
  ];
}

/** When and where the backend stopped answering, if it did: then the stage has no verdict. */
async function goneOf(ledger: TrafficLedger, baseUrl: string): Promise<ServerGone | undefined> {
  const first = ledger.noAnswer.first;
  if (first === undefined || (await stillAnswers(baseUrl))) return undefined;
  return {
    at: first.time,
    request: `${first.method} ${first.path}`,
    why: `gave no answer to ${ledger.noAnswer.count} request(s) of the app's tests, and none to GET ${new URL(baseUrl).pathname}/pets after them: it stopped`,
  };
}

/** The command's ending as notes: how it ended, and its last lines when it did not end well. */
function commandNotes(command: string, run: CommandRun): string[] {
  const how = `the e2e command ${JSON.stringify(command)} ${runText(run)}`;
  if (succeeded(run)) return [how];
  return [
    how,
    ...(run.lastLines.length > 0
      ? ['its last lines:', ...run.lastLines.map((line) => `  | ${line}`)]
      : ['it printed nothing']),
  ];
}

/** Runs the app's end-to-end command through the proxy and judges its traffic. */
export async function runTrafficStage(
  context: StageContext,
  options: TrafficOptions,
): Promise<StageResult> {
  const started = Date.now();
  const { target } = context;
  const strict = options.client === 'strict';
  if (options.startProxy === undefined)
    throw new Error('the traffic stage needs the proxy it runs the app through (startProxy)');
  const ledger = createLedger();
  const profile =
    context.level === 'strict'
      ? mergeProfiles(STRICT_PROFILE, options.profile ?? {})
      : options.profile;
  const proxy = await options.startProxy({
    backendUrl: target.baseUrl,
    backendKey: target.apiKey,
    ...(profile === undefined ? {} : { profile }),
    timeoutMs: context.requestTimeoutMs,
    ...(context.reading.ca === undefined ? {} : { ca: context.reading.ca }),
    onExchange: (exchange) => ledger.add(exchange),
  });
  let run: CommandRun;
  try {
    run = await runCommand(options.command, {
      env: { PETSTORE_BASE_URL: proxy.baseUrl, PETSTORE_API_KEY: proxy.apiKey },
      deadline: context.deadline,
    });
  } finally {
    // Lets the answers still streaming end, and be judged, before the ledger is read.
    await proxy.close();
  }
  const coverage = ledger.coverage();
  const groups = [...ledger.groups.values()];
  const findings = groups
    .filter((group) => group.departure.side === 'server')
    .map((group) => trafficFinding(group, target));
  const appFindings = groups
    .filter((group) => group.departure.side === 'client')
    .map((group) => trafficFinding(group, target));
  const gone = ledger.exchanges === 0 ? undefined : await goneOf(ledger, target.baseUrl);
  // Too little traffic is a failure only of traffic that came while the server answered.
  const tooLittle =
    options.minCoverage !== undefined &&
    coverage.percent < options.minCoverage &&
    ledger.exchanges > 0 &&
    gone === undefined
      ? `the app's traffic met ${coverage.met} of ${coverage.documented} documented responses (${coverage.percent} %), under --e2e-min-coverage ${options.minCoverage} %`
      : undefined;
  const coverageFinding: GateFinding[] =
    tooLittle === undefined
      ? []
      : [
          {
            stage: 'traffic',
            title: `Too little traffic: ${tooLittle}`,
            detail: coverageLines(coverage).map((line) =>
              line.replace(/; \d+ rule\(s\) judged.*$/, ''),
            ),
            request: [],
            response: [],
          },
        ];
  const noTraffic =
    ledger.exchanges === 0
      ? `the e2e command ${runText(run)} and sent no request through the proxy: nothing to judge (its requests must go to $PETSTORE_BASE_URL, with $PETSTORE_API_KEY)`
      : undefined;
  const timedOut = run.timedOut ? outOfTime('traffic', started) : undefined;
  const failing =
    findings.length > 0 || coverageFinding.length > 0 || (strict && appFindings.length > 0);
  const noVerdict =
    noTraffic ?? (gone ? `the server ${gone.why} at ${gone.at} (${gone.request})` : timedOut);
  const status = failing ? 'failed' : noVerdict !== undefined ? 'no-verdict' : 'passed';
  const untested =
    status === 'passed' && !succeeded(run)
      ? [
          `the e2e command ${runText(run)}: its traffic until then was judged, the tests after its failure sent none`,
        ]
      : [];
  const cases: JUnitCase[] = [
    ...findings.map((finding) => findingCase(finding, 'backend', true)),
    ...appFindings.map((finding) => findingCase(finding, 'app', strict)),
    {
      name: `the app's traffic: ${coverage.met} of ${coverage.documented} documented responses (${coverage.percent} %)`,
      className: 'traffic.coverage',
      ...(tooLittle === undefined ? {} : { failure: tooLittle }),
    },
    {
      name: `e2e command: ${options.command}`,
      className: 'traffic.command',
      durationMs: run.durationMs,
      ...(noVerdict !== undefined && !failing
        ? { error: noVerdict }
        : succeeded(run)
          ? {}
          : { skipped: untested[0] ?? `the e2e command ${runText(run)}` }),
    },
  ];
  const counts = `${ledger.exchanges} exchange(s) in ${ledger.sessions.size} session(s); ${findings.length} departure(s) of the backend, ${appFindings.length} of the app${strict ? ' (--e2e-client strict)' : ''}; ${coverageText(coverage)}`;
  return {
    stage: 'traffic',
    status,
    summary: `the app's e2e command through the proxy in front of ${target.baseUrl}: ${runText(run)}; ${counts}${noVerdict && !failing ? `; no verdict: ${noVerdict}` : ''}`,
    details: [
      ...commandNotes(options.command, run),
      ...coverageLines(coverage),
      ...ledgerNotes(ledger, options),
    ],
    durationMs: Date.now() - started,
    findings: [...findings, ...coverageFinding],
    ...(status === 'no-verdict' ? { noVerdict: noVerdict ?? 'no verdict' } : {}),
    ...(gone ? { serverGone: gone } : {}),
    cases,
    created: ledger.created,
    createdIds: ledger.createdIds,
    untested,
    appFindings,
    appFindingsFail: strict,
    coverage,
  };
}
