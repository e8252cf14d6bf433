/**
 * The traffic stage's cost (issue 49): an app's end-to-end run straight against a backend,
 * the same run through `petstore-mock --proxy` in front of it (the proxy alone), and through
 * `petstore-gate --e2e` (the whole stage: the gate, its proxy and its judging), taking turns
 * so the three share the machine's ups and downs. Per run: the wall time, and the CPU time of
 * everything it made work (user + system: the command's process tree, as the shell's `times`
 * counts its reaped children, plus the backend's and a standalone proxy's own, from /proc).
 * The run is the sample app's Playwright suite (tests/package/sample-app, one worker, one
 * browser), or in quick mode a scripted app that sends the same kinds of requests.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/ports.ts';
import { testTempDir } from '../lib/temp-dirs.ts';
import { cpuSeconds, type ServerProcess, startServer } from './processes.ts';
import { ensureMockBundle } from './servers.ts';

/** The three ways of one run. */
export const TRAFFIC_TARGETS = ['direct', 'mock-proxy', 'gate'] as const;
type Target = (typeof TRAFFIC_TARGETS)[number];

/** One run of the app's tests on one way to the backend. */
export type TrafficRun = { target: Target; round: number; wallMs: number; cpuMs: number };

/** The medians of each way, and each as a ratio of the direct one. */
export type TrafficRow = {
  target: Target;
  runs: number;
  wallMs: number;
  cpuMs: number;
  wallRatio: number;
  cpuRatio: number;
};

/** What the traffic figures measured. */
export type TrafficBench = { command: string; runs: TrafficRun[]; rows: TrafficRow[] };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BACKEND_KEY = 'bench-backend-key';
const APP_KEY = 'bench-app-key';

/** A scripted app for quick mode: the sample app's kinds of requests, in four sessions. */
const SCRIPTED_APP = `
const base = process.env.PETSTORE_BASE_URL;
for (let test = 0; test < 4; test++) {
  const headers = { authorization: 'Bearer ' + process.env.PETSTORE_API_KEY, 'x-mock-session': 'bench-' + process.pid + '-' + test };
  for (const status of ['available', 'sold', 'available']) await (await fetch(base + '/pets?status=' + status + '&limit=100', { headers })).text();
  const created = await fetch(base + '/pets', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"Rex","categoryId":2}' });
  await created.text();
}
`;

/** The app's test command, given the free port its dev server takes. */
async function appCommand(quick: boolean): Promise<() => Promise<string>> {
  if (quick) {
    const file = join(testTempDir('bench-app-'), 'app.mjs');
    writeFileSync(file, SCRIPTED_APP);
    return async () => `node '${file}'`;
  }
  const app = join(ROOT, 'tests/package/sample-app');
  return async () =>
    `cd '${app}' && CHROMIUM_PATH=/usr/bin/chromium APP_PORT=${await freePort()} npx playwright test e2e/pets.spec.ts --workers 1 --reporter dot`;
}

/** Runs `command` through bash; its wall time and the CPU of its process tree (reaped children). */
function timed(command: string, env: Record<string, string>) {
  return new Promise<{ wallMs: number; cpuMs: number; code: number; output: string }>((resolve) => {
    const started = performance.now();
    // `times` prints the shell's own user and system time, then its children's.
    const child = spawn('bash', ['-c', `${command}; code=$?; times >&2; exit $code`], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (part: Buffer) => {
      output += part;
    });
    child.stderr.on('data', (part: Buffer) => {
      output += part;
    });
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const lines = [...output.matchAll(/(\d+)m([\d.]+)s (\d+)m([\d.]+)s/g)];
      const children = lines.at(-1);
      const seconds = (m?: string, s?: string) => Number(m ?? 0) * 60 + Number(s ?? 0);
      const cpuMs = children
        ? 1000 * (seconds(children[1], children[2]) + seconds(children[3], children[4]))
        : Number.NaN;
      resolve({ wallMs, cpuMs, code: code ?? 1, output });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

const cpuOf = (server: ServerProcess | undefined) =>
  server === undefined ? 0 : (cpuSeconds(server.pid) ?? 0) * 1000;

/**
 * Runs the app's tests `rounds` times on each way, in turns; `gateBundle` is the gate's
 * command as its package ships it (scripts/bench.ts builds it).
 */
export async function runTrafficBench(options: {
  rounds: number;
  quick: boolean;
  gateBundle: string;
  say: (line: string) => void;
}): Promise<TrafficBench> {
  ensureMockBundle();
  const node = process.execPath;
  const [backendPort, proxyPort] = await Promise.all([freePort(), freePort()]);
  const mock = (port: number, extra: string[]) => ({
    command: node,
    args: ['dist/mock.mjs', '--port', String(port), '--quiet', ...extra],
    cwd: ROOT,
  });
  const backend = await startServer({
    name: 'backend (petstore-mock)',
    port: backendPort,
    spawn: mock(backendPort, ['--api-key', BACKEND_KEY]),
    probePath: '/v1/pets?limit=1',
    headers: { authorization: `Bearer ${BACKEND_KEY}` },
  });
  const backendUrl = `${backend.origin}/v1`;
  const proxy = await startServer({
    name: 'petstore-mock --proxy',
    port: proxyPort,
    spawn: mock(proxyPort, [
      '--api-key',
      APP_KEY,
      '--proxy',
      backendUrl,
      '--proxy-key',
      BACKEND_KEY,
    ]),
    probePath: '/v1/pets?limit=1',
    headers: { authorization: `Bearer ${APP_KEY}` },
  });
  const command = await appCommand(options.quick);
  const runs: TrafficRun[] = [];
  let shown = '';
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const target of TRAFFIC_TARGETS) {
        const app = await command();
        shown ||= app;
        const line =
          target === 'gate'
            ? `node '${options.gateBundle}' --base-url ${backendUrl} --api-key ${BACKEND_KEY} --skip contract,prism,dredd --e2e "${app.replaceAll('"', '\\"')}"`
            : app;
        const env: Record<string, string> =
          target === 'direct'
            ? { PETSTORE_BASE_URL: backendUrl, PETSTORE_API_KEY: BACKEND_KEY }
            : target === 'mock-proxy'
              ? { PETSTORE_BASE_URL: `${proxy.origin}/v1`, PETSTORE_API_KEY: APP_KEY }
              : {};
        const servers = target === 'mock-proxy' ? [backend, proxy] : [backend];
        const before = servers.reduce((sum, server) => sum + cpuOf(server), 0);
        const run = await timed(line, env);
        const after = servers.reduce((sum, server) => sum + cpuOf(server), 0);
        if (run.code !== 0)
          throw new Error(
            `traffic ${target}: the run exited ${run.code}:\n${run.output.slice(-4000)}`,
          );
        runs.push({ target, round, wallMs: run.wallMs, cpuMs: run.cpuMs + (after - before) });
        options.say(`traffic: ${target} round ${round + 1} in ${(run.wallMs / 1000).toFixed(1)} s`);
      }
    }
  } finally {
    await Promise.all([backend.stop(), proxy.stop()]);
  }
  const of = (target: Target) => runs.filter((run) => run.target === target);
  const direct = of('direct');
  const base = {
    wallMs: median(direct.map((r) => r.wallMs)),
    cpuMs: median(direct.map((r) => r.cpuMs)),
  };
  const rows = TRAFFIC_TARGETS.map((target): TrafficRow => {
    const mine = of(target);
    const wallMs = median(mine.map((r) => r.wallMs));
    const cpuMs = median(mine.map((r) => r.cpuMs));
    return {
      target,
      runs: mine.length,
      wallMs,
      cpuMs,
      wallRatio: wallMs / base.wallMs,
      cpuRatio: cpuMs / base.cpuMs,
    };
  });
  return { command: shown, runs, rows };
}

/** The traffic figures as a Markdown table. */
export function formatTrafficTable(bench: TrafficBench): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  return [
    `The app's run: ${bench.command}`,
    '',
    '| way to the backend | runs | wall s (median) | CPU s (median) | wall / direct | CPU / direct |',
    '|---|---|---|---|---|---|',
    ...bench.rows.map(
      (row) =>
        `| ${row.target} | ${row.runs} | ${s(row.wallMs)} | ${s(row.cpuMs)} | ${row.wallRatio.toFixed(2)} | ${row.cpuRatio.toFixed(2)} |`,
    ),
  ].join('\n');
}
