/**
 * `npm run bench`: the mock, a bare node:http server and Prism side by side under the same
 * load, with the targets judged from the one run (bench/run.ts does the work).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatConsoleTable, judgeConsole, runConsoleBench } from '../bench/console.ts';
import { formatQuickTable, judgeQuick, runContractQuickBench } from '../bench/contract-quick.ts';
import { summariseProfile } from '../bench/cpu-profile.ts';
import {
  FAR_CONCURRENCIES,
  FAR_DELAYS,
  FAR_GOAL_S,
  formatFarTable,
  judgeFar,
  RATE_LIMIT,
  runFarSuiteBench,
} from '../bench/far-suite.ts';
import { LOAD_CORE } from '../bench/interleave.ts';
import { canPin, pinSelf } from '../bench/processes.ts';
import { formatProxyTable, runProxyBench } from '../bench/proxy.ts';
import { formatTable, formatVerdicts, writeResult } from '../bench/report.ts';
import { type BenchResult, runBench } from '../bench/run.ts';
import { DEFAULT_SERVERS, SERVER_NAMES } from '../bench/servers.ts';
import { formatSessionTable, judgeSessions, runSessionBench } from '../bench/sessions.ts';
import { formatTrafficTable, runTrafficBench } from '../bench/traffic.ts';
import { buildCommand } from '../build/package.ts';
import {
  integerFlag,
  listFlag,
  pathFlag,
  positiveNumberFlag,
  runCommand,
  splitList,
  UsageError,
} from './cli.ts';

const HELP = `Usage: npm run bench -- [options]

Measures, in one run and with the same requests (10 connections, autocannon, bearer key):
GET /v1/pets?limit=20, GET /v1/pets?status=sold&limit=20, GET /v1/pets/{id}, POST /v1/pets
against the standalone mock, a bare node:http server (bench/bare-server.ts) and Prism's mock
of spec/openapi.yaml, each in its own process, at each store size; plus start-up time and the
mock's resident memory. Prints a table and PASS/FAIL per target, writes
bench/results/bench-<timestamp>.json and bench/results/latest.json.

Options:
  --duration S        measured seconds per workload and server (default 5)
  --rounds N          split each workload's measured time into N runs, interleaved across
                      the servers so they share the machine's ups and downs (default 5)
  --warmup S          unmeasured seconds per workload: one pass over all workloads per
                      server, then again before its first measured run (default 1)
  --connections N     concurrent connections (default 10)
  --sizes A,B         store sizes in pets (default 1000,100000)
  --servers LIST      comma-separated, of bare,mock,mock-quiet,mock-json,mock-profiled,
                      prism,prism-quiet,msw-floor (default all but msw-floor); mock logs
                      each request as users run it (text), mock-quiet is the mock with
                      --quiet and mock-json with --log json: each must spend at most 1/0.95
                      of mock-quiet's CPU per request (what the log costs); mock-profiled is the mock with
                      --profile bench/profile.json (every field declared), which must serve
                      at least 0.95 of the mock's rate; prism is \`prism mock\` as users run it (logging
                      each request), prism-quiet the same with --verboseLevel silent
                      (informational), msw-floor msw behind the mock's adapter with a
                      handler that does nothing (bench/serve-msw-floor.ts)
  --no-prism          same as leaving prism and prism-quiet out of --servers
  --startup-runs N    start-ups per server at the smallest size, median reported (default 3)
  --no-pin            do not pin servers to core 0 and the load generator to core 1
  --quick             smoke mode: 1 s per workload, 0.3 s warm-up, 1 start-up; the far-server
                      figures at 10 ms only, rate-limited to ${RATE_LIMIT} requests/s
  --out DIR           where to write the JSON (default bench/results)
  --profile           run the mock under node --cpu-prof and print its top self-time functions
  --check             exit 1 when a target is missed (otherwise only failed requests exit 1)
  --no-sessions       leave out the session figures (below)
  --sessions-only     measure only the session figures

Session figures: one mock with 40 seed animals, each workload in interleaved rounds with no
X-Mock-Session header and with 1, 100 and 1,000 sessions in use, and the RSS of a fresh mock
once 1,000 sessions hold their animals, then once they ended and 1,000 new ones opened
(beside it, as a ratio); goals: at most 150 MiB, 100 sessions at least 0.9 of one session's
throughput. Written to bench/results/sessions-latest.json.
  --no-far            leave out the far-server figures (below)
  --far-only          measure only the far-server figures
  --far-delays LIST   milliseconds added to each answer (default ${FAR_DELAYS.join(',')})
  --far-concurrency LIST
                      --concurrency values compared with the suite's default, which
                      runs first (default ${FAR_CONCURRENCIES.join(',')})

Far-server figures: the contract suite against the mock (bundled bin, in its own process,
fresh for each run) with --delay at each of --far-delays, at each --far-concurrency; then
once at the longest delay and rate-limited to ${RATE_LIMIT} requests/s. The suite runs as users run it
(the petstore-contract bin with --json). Goals (issue 29): at the default --concurrency the
run 100 ms away passes in at most ${FAR_GOAL_S} s, and the rate-limited one passes. Written to
bench/results/far-latest.json.

Quick-run figures (issue 48): the contract suite at --depth quick against one mock, as users
run it, its wall time and CPU (median of --contract-runs, default 5; 1 with --quick); with
--contract-before DIR (another checkout, e.g. a worktree of the commit before a change, its
node_modules linked), that checkout's command taking turns with this one's, and the ratios.
Goal: at most 1.25 of before. Written to bench/results/contract-latest.json.
  --no-contract       leave out the quick-run figures
  --contract-only     measure only the quick-run figures
  --contract-runs N   runs of each checkout (default 5)
  --contract-before DIR
                      the checkout to compare with

Proxy figures (issue 41): a bare node:http backend measured straight, through the least a
node:http proxy can do (the floor), through petstore-mock --proxy and through prism proxy, each
workload interleaved; the latency each proxy adds (p50, p99) under load and one request at a
time (the targets taking turns), its CPU per request and its throughput as a share of direct.
Goals: p50 added at most 1 ms,
throughput at least 0.7 of direct, ahead of Prism. Written to bench/results/proxy-latest.json.
  --no-proxy          leave out the proxy figures
  --proxy-only        measure only the proxy figures

Traffic figures (issue 49): the sample app's Playwright suite (one worker, one browser) run
straight against a backend (the mock), through petstore-mock --proxy in front of it, and
through petstore-gate --e2e (its bundle as the package ships it), taking turns: wall time and
CPU (the run's whole process tree, the backend and the proxy) per run, medians, and each as a
ratio of the direct run. Informational. --quick runs a scripted app instead of Playwright.
Written to bench/results/traffic-latest.json.
  --traffic-rounds N  runs of each way (default 3; 1 with --quick)
  --no-traffic        leave out the traffic figures
  --traffic-only      measure only the traffic figures
Console figures (issue 50): one mock with 1,000 animals, each workload in interleaved rounds
with no page open and with the console at / open and following in headless Chromium; goal:
throughput with the page at least 0.9 of without (CPU per request beside it). Written to
bench/results/console-latest.json.
  --no-console        leave out the console figures
  --console-only      measure only the console figures
  -h, --help          show this text`;

const flags = {
  duration: { type: 'string' },
  rounds: { type: 'string' },
  warmup: { type: 'string' },
  connections: { type: 'string', default: '10' },
  sizes: { type: 'string', default: '1000,100000' },
  servers: { type: 'string', default: DEFAULT_SERVERS.join(',') },
  'no-prism': { type: 'boolean', default: false },
  'startup-runs': { type: 'string' },
  'no-pin': { type: 'boolean', default: false },
  quick: { type: 'boolean', default: false },
  out: { type: 'string', default: fileURLToPath(new URL('../bench/results', import.meta.url)) },
  profile: { type: 'boolean', default: false },
  check: { type: 'boolean', default: false },
  'no-sessions': { type: 'boolean', default: false },
  'sessions-only': { type: 'boolean', default: false },
  'no-far': { type: 'boolean', default: false },
  'far-only': { type: 'boolean', default: false },
  'far-delays': { type: 'string' },
  'far-concurrency': { type: 'string' },
  'no-proxy': { type: 'boolean', default: false },
  'no-contract': { type: 'boolean', default: false },
  'contract-only': { type: 'boolean', default: false },
  'contract-runs': { type: 'string' },
  'contract-before': { type: 'string' },
  'proxy-only': { type: 'boolean', default: false },
  'traffic-rounds': { type: 'string' },
  'no-traffic': { type: 'boolean', default: false },
  'traffic-only': { type: 'boolean', default: false },
  'no-console': { type: 'boolean', default: false },
  'console-only': { type: 'boolean', default: false },
} as const;

runCommand({ name: 'bench', help: HELP, flags }, async (values) => {
  const servers = listFlag('servers', values.servers, SERVER_NAMES).filter(
    (s) => !(values['no-prism'] && s.startsWith('prism')),
  );
  if (servers.length === 0)
    throw new UsageError(`--servers leaves no server to measure, got "${values.servers}"`);
  const durationS = positiveNumberFlag('duration', values.duration ?? (values.quick ? '1' : '5'));
  const rounds = Math.max(
    1,
    Math.round(positiveNumberFlag('rounds', values.rounds ?? (values.quick ? '1' : '5'))),
  );
  const warmupS = values.warmup === undefined ? (values.quick ? 0.3 : 1) : Number(values.warmup);
  const connections = Math.round(positiveNumberFlag('connections', values.connections));
  const out = pathFlag(values.out, 'bench');
  const far = () =>
    farFigures(
      {
        // A smoke run: one short delay at the default concurrency, a loose rate limit.
        delays: numbersFlag(
          'far-delays',
          values['far-delays'],
          values.quick ? [10] : FAR_DELAYS,
          0,
        ),
        concurrencies: numbersFlag(
          'far-concurrency',
          values['far-concurrency'],
          values.quick ? [] : FAR_CONCURRENCIES,
          1,
        ),
        // The quick run's rate-limited pass uses the full run's limit: low enough that the
        // suite is throttled however busy the machine is, which is what the pass shows.
        ...(values.quick ? { rateLimit: RATE_LIMIT } : {}),
      },
      out,
      values.check,
    );
  if (values['far-only']) return far();
  const quickRuns = () =>
    contractFigures(
      {
        runs: Math.round(
          positiveNumberFlag(
            'contract-runs',
            values['contract-runs'] ?? (values.quick ? '1' : '5'),
          ),
        ),
        ...(values['contract-before']
          ? { before: pathFlag(values['contract-before'], 'bench') }
          : {}),
      },
      out,
      values.check,
    );
  if (values['contract-only']) return quickRuns();
  const proxy = () =>
    proxyFigures(
      {
        durationS,
        rounds,
        warmupS,
        connections,
        withPrism: servers.some((server) => server.startsWith('prism')),
        say: (l) => console.error(l),
      },
      out,
    );
  if (values['proxy-only']) return proxy();
  const traffic = () =>
    trafficFigures(
      {
        rounds: integerFlag(
          'traffic-rounds',
          values['traffic-rounds'] ?? (values.quick ? '1' : '3'),
          1,
        ),
        quick: values.quick,
        say: (line) => console.error(line),
      },
      out,
    );
  if (values['traffic-only']) return traffic();
  const consolePage = (pinned: boolean) =>
    consoleFigures({ durationS, rounds, warmupS, connections, pinned }, out, values.check);
  if (values['console-only']) {
    const pinned = !values['no-pin'] && canPin(availableParallelism());
    if (pinned) pinSelf(LOAD_CORE);
    return consolePage(pinned);
  }
  if (values['sessions-only']) {
    const pinned = !values['no-pin'] && canPin(availableParallelism());
    if (pinned) pinSelf(LOAD_CORE);
    return sessionFigures({ durationS, rounds, warmupS, connections, pinned }, out, values.check);
  }
  const profileDir = values.profile ? mkdtempSync(join(tmpdir(), 'bench-profile-')) : undefined;
  const result = await runBench({
    sizes: values.sizes.split(',').map((s) => Math.round(positiveNumberFlag('sizes', s))),
    servers: SERVER_NAMES.filter((s) => servers.includes(s)),
    durationS,
    rounds,
    warmupS,
    connections,
    pin: !values['no-pin'],
    startupRuns: Math.round(
      positiveNumberFlag('startup-runs', values['startup-runs'] ?? (values.quick ? '1' : '3')),
    ),
    profileDir,
    onProgress: (line) => console.error(line),
  });
  await report(result, out, profileDir);
  const sessionCode = values['no-sessions']
    ? 0
    : await sessionFigures(
        { durationS, rounds, warmupS, connections, pinned: result.options.pinned },
        out,
        values.check,
      );
  const farCode = values['no-far'] ? 0 : await far();
  const proxyCode = values['no-proxy'] ? 0 : await proxy();
  const trafficCode = values['no-traffic'] ? 0 : await traffic();
  const contractCode = values['no-contract'] ? 0 : await quickRuns();
  const consoleCode = values['no-console'] ? 0 : await consolePage(result.options.pinned);
  if (result.failedRuns.length > 0) {
    console.error(
      '\nFAILED: more than 0.1 % of requests were not answered 2xx, so these figures mean nothing:',
    );
    for (const f of result.failedRuns) {
      console.error(
        `  ${f.server} @${f.seedCount} ${f.workload}: ${f.failed} of ${f.requests} failed, status codes ${JSON.stringify(f.statusCodes)}`,
      );
    }
    return 1;
  }
  return (values.check && result.verdicts.some((v) => v.result === 'fail')) ||
    sessionCode ||
    farCode ||
    proxyCode ||
    trafficCode ||
    contractCode ||
    consoleCode
    ? 1
    : 0;
});

/** Measures and prints the proxy figures and writes their JSON (informational: no exit code). */
async function proxyFigures(
  options: Parameters<typeof runProxyBench>[0],
  out: string,
): Promise<number> {
  const rows = await runProxyBench(options);
  console.log(
    `\nProxy figures (added over a direct call to the same backend):\n${formatProxyTable(rows)}`,
  );
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'proxy-latest.json'), `${JSON.stringify(rows, null, 2)}\n`);
  return rows.some((row) => row.non2xx > 0 || row.errors > 0) ? 1 : 0;
}

/**
 * Measures and prints the traffic figures and writes their JSON (informational); the gate's
 * command is built first as its package ships it, into a folder of the run's own.
 */
async function trafficFigures(
  options: Omit<Parameters<typeof runTrafficBench>[0], 'gateBundle'>,
  out: string,
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gate-'));
  try {
    const gateBundle = await buildCommand('petstore-gate', dir);
    const bench = await runTrafficBench({ ...options, gateBundle });
    console.log(
      `\nTraffic figures (the app's end-to-end run, each way):\n${formatTrafficTable(bench)}`,
    );
    mkdirSync(out, { recursive: true });
    const measured = { measuredAt: new Date().toISOString(), loadBefore: loadavg() };
    writeFileSync(
      join(out, 'traffic-latest.json'),
      `${JSON.stringify({ ...measured, ...bench }, null, 2)}\n`,
    );
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Measures and prints the session figures, writes their JSON; 1 when a goal is missed and --check. */
async function sessionFigures(
  options: Omit<Parameters<typeof runSessionBench>[0], 'say'>,
  out: string,
  check: boolean,
): Promise<number> {
  const bench = await runSessionBench({ ...options, say: (line) => console.error(line) });
  const table = formatSessionTable(bench);
  return reportGoals('sessions-latest.json', table, judgeSessions(bench), bench, out, check);
}

/** Measures and prints the console figures, writes their JSON; 1 when the goal is missed and --check. */
async function consoleFigures(
  options: Omit<Parameters<typeof runConsoleBench>[0], 'say'>,
  out: string,
  check: boolean,
): Promise<number> {
  const bench = await runConsoleBench({ ...options, say: (line) => console.error(line) });
  const table = formatConsoleTable(bench);
  return reportGoals('console-latest.json', table, judgeConsole(bench), bench, out, check);
}

/** A goal of the session or far figures, judged. */
type Goal = { result: 'pass' | 'fail' | 'info'; target: string; measured: string };

/**
 * Prints a part's table and its goals, and writes them with `data` to `file` in `out`;
 * 1 when a goal is missed and `check`.
 */
function reportGoals(
  file: string,
  table: string,
  verdicts: readonly Goal[],
  data: object,
  out: string,
  check: boolean,
): number {
  console.log(`\n${table}\n`);
  for (const v of verdicts)
    console.log(`${v.result.toUpperCase().padEnd(5)} ${v.target}: ${v.measured}`);
  mkdirSync(out, { recursive: true });
  const path = join(out, file);
  const measured = { measuredAt: new Date().toISOString(), loadBefore: loadavg() };
  writeFileSync(path, `${JSON.stringify({ ...measured, ...data, verdicts }, null, 2)}\n`);
  console.log(`wrote ${path}`);
  return check && verdicts.some((v) => v.result === 'fail') ? 1 : 0;
}

/** A comma-separated list of integers of at least `min`, or `fallback` without the flag. */
function numbersFlag(
  flag: string,
  text: string | undefined,
  fallback: readonly number[],
  min: number,
): number[] {
  if (text === undefined) return [...fallback];
  return splitList(text).map((item) => integerFlag(flag, item, min));
}

/** Measures and prints the quick-run figures, writes their JSON; 1 when a goal is missed and --check. */
async function contractFigures(
  options: { runs: number; before?: string },
  out: string,
  check: boolean,
): Promise<number> {
  const runs = await runContractQuickBench({ ...options, say: (line) => console.error(line) });
  const code = reportGoals(
    'contract-latest.json',
    formatQuickTable(runs),
    judgeQuick(runs),
    { runs },
    out,
    check,
  );
  // A run that did not pass measured nothing worth reading, as a failed request does.
  return runs.some((run) => run.verdict !== 'passed') ? 1 : code;
}

/** Measures and prints the far-server figures, writes their JSON; 1 when a goal is missed and --check. */
async function farFigures(
  options: { delays: number[]; concurrencies: number[]; rateLimit?: number },
  out: string,
  check: boolean,
): Promise<number> {
  const runs = await runFarSuiteBench({ ...options, say: (line) => console.error(line) });
  return reportGoals('far-latest.json', formatFarTable(runs), judgeFar(runs), { runs }, out, check);
}

/** Prints the table, the machine, the verdicts and the profile summaries; writes the JSON. */
async function report(result: BenchResult, out: string, profileDir: string | undefined) {
  console.log(formatTable(result));
  console.log(
    `\nmachine: ${result.machine.cores} cores (${result.machine.cpu}), node ${result.machine.node}, load ${result.machine.loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${result.machine.loadAfter.map((l) => l.toFixed(2)).join(' ')} after; pinned: ${result.options.pinned}`,
  );
  for (const note of result.notes) console.log(`note: ${note}`);
  console.log(`\n${formatVerdicts(result)}`);
  console.log(`\nwrote ${await writeResult(result, out)}`);

  if (profileDir !== undefined) {
    for (const file of readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))) {
      const summary = summariseProfile(join(profileDir, file));
      // tsx's module loader thread writes a profile of its own, which never serves a request.
      if (summary.servingBusyMs === 0) continue;
      console.log(
        `\n${join(profileDir, file)}: ${summary.startupMs.toFixed(0)} ms before the first request, then ${summary.servingBusyMs.toFixed(0)} ms busy serving; top self time while serving:`,
      );
      for (const row of summary.top) {
        console.log(
          `${row.percent.toFixed(1).padStart(5)} %  ${row.selfMs.toFixed(0).padStart(6)} ms  ${row.name}  ${row.where}`,
        );
      }
    }
  }
}
