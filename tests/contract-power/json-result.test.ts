/**
 * What a run leaves behind and says about it: --json FILE holds the verdict, counts, seed,
 * duration, every finding with its request, response and curl, and the id of every animal
 * the run created (checked against the server's own store); --max-creates bounds the
 * animals a run leaves, skipping (never passing) the checks that would need more.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPTIONS_SKIP } from '../../contract-tests/report/reporter.ts';
import { FULL_RUN_CREATIONS } from '../../contract-tests/run/themes.ts';
import { startMockServer } from '../../mocks/testing/local-mock.ts';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
import { inPool, runContractCli } from './run-cli.ts';

type Finding = {
  rule: string;
  spec: string;
  cases: number;
  checks: { name: string; cases: number }[];
  seen: { label: string }[];
  example: { request: string[]; response: string[]; curl: string };
};
type JsonResult = {
  version: number;
  verdict: string;
  run: { seed: number; namePrefix: string; maxCreates?: number; baseUrl: string };
  durationMs: number;
  counts: { tests: number; passed: number; failed: number; skipped: number };
  findings: (Finding & { followedBy: Finding[] })[];
  skipped: { name: string; note?: string }[];
  created: {
    count: number;
    ids: string[];
    animals: { id: string | null; name: string | null; theme?: string | null }[];
  };
};

/** The specs the findings name, read once each. */
const specs = new Map<string, unknown>();

/**
 * Whether `…/spec/openapi.yaml#/a/b~1c` names an element of the spec file it names, as a user
 * opens it from where the command ran (the checkout's spec, or the one the package ships).
 */
function resolves(location: string): boolean {
  const [file = '', pointer = ''] = location.split('#');
  if (!/(^|\/)spec\/openapi\.yaml$/.test(file) || !pointer.startsWith('/')) return false;
  if (!specs.has(file))
    specs.set(file, existsSync(file) ? parse(readFileSync(file, 'utf8')) : null);
  let node = specs.get(file);
  for (const part of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-json-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function runWithJson(args: string[], name: string) {
  const file = join(dir, `${name}.json`);
  const run = await runContractCli([...args, '--depth', 'quick', '--seed', '7', '--json', file]);
  return { ...run, json: JSON.parse(await readFile(file, 'utf8')) as JsonResult };
}

it('lists in --json the id of every animal the run created, exactly those the server gained', async () => {
  const mock = await startMockServer({ port: 0, quiet: true });
  try {
    const before = new Set(mock.state().pets.map((p) => String(p.id)));
    const { code, output, json } = await runWithJson(
      ['--base-url', mock.baseUrl, '--api-key', mock.apiKeys[0] ?? ''],
      'mock',
    );
    expect(code, output).toBe(0);
    const gained = mock
      .state()
      .pets.map((p) => String(p.id))
      .filter((id) => !before.has(id));
    expect(json.created.count).toBe(gained.length);
    expect(new Set(json.created.ids)).toEqual(new Set(gained));
    const named = json.created.animals.filter((a) => a.name?.startsWith(json.run.namePrefix));
    // The generated names of the accept-or-reject oracle are the others.
    expect(named.length).toBeGreaterThan(gained.length / 2);
    expect(output).toContain(
      `Animals created on the server: ${gained.length} (${named.length} named ${json.run.namePrefix}*; their ids are in --json)`,
    );
    expect(json).toMatchObject({ version: 1, verdict: 'passed', run: { seed: 7 }, findings: [] });
    // Nothing hidden: every skipped check says why, level- and profile-gated suites included;
    // the reporter's fallback is for --read-only alone.
    expect(json.skipped.length).toBe(json.counts.skipped);
    expect(json.skipped.filter((s) => !s.note || s.note === OPTIONS_SKIP)).toEqual([]);
    expect(json.counts.passed).toBeGreaterThan(100);
    expect(json.durationMs).toBeGreaterThan(0);
  } finally {
    await mock.close();
  }
});

it.each([0, 25])(
  'leaves at most --max-creates %i animals, skipping what needs more',
  async (max) => {
    const mock = await startMockServer({ port: 0, quiet: true });
    try {
      const held = mock.state().pets.length;
      const { code, output, json } = await runWithJson(
        [
          '--base-url',
          mock.baseUrl,
          '--api-key',
          mock.apiKeys[0] ?? '',
          '--max-creates',
          String(max),
        ],
        `max-${max}`,
      );
      expect(code, output).toBe(0);
      expect(mock.state().pets.length - held).toBeLessThanOrEqual(max);
      expect(json.created.count).toBe(mock.state().pets.length - held);
      expect(json.run.maxCreates).toBe(max);
      const budget = json.skipped.filter((s) => s.note?.includes(`--max-creates ${max}`));
      expect(budget.length).toBeGreaterThan(10);
      expect(json.counts.passed).toBeGreaterThan(0);
      expect(output).toMatch(/CONFORMANT as far as tested: .* \d+ checks needed more creations/);
      expect(output).toContain(`--max-creates ${max}`);
    } finally {
      await mock.close();
    }
  },
);

it('still fails a broken server within --max-creates, and --json holds each finding whole', async () => {
  const server = await startReferenceServer({ fault: 'create-without-id' });
  try {
    const { code, output, json } = await runWithJson(
      ['--base-url', server.baseUrl, '--api-key', REFERENCE_KEY, '--max-creates', '10'],
      'broken',
    );
    expect(code, output).toBe(1);
    expect(json.verdict).toBe('failed');
    expect(json.counts.failed).toBeGreaterThan(0);
    // The pet's schema breaks first (id is required); the missing id is folded under it.
    const all = json.findings.flatMap((f) => [f, ...f.followedBy]);
    const idRule = all.find((f) => f.rule === 'id-assigned');
    expect(idRule, JSON.stringify(all.map((f) => f.rule))).toBeDefined();
    for (const finding of all) {
      expect(resolves(finding.spec), finding.spec).toBe(true);
      expect(finding.cases).toBeGreaterThan(0);
      expect(finding.example.request[0]).toMatch(/^(GET|POST) http:\/\/127\.0\.0\.1:\d+\/v1\/pets/);
      expect(finding.example.response[0]).toMatch(/^\d{3}$/);
      expect(finding.example.curl).toMatch(/^curl /);
    }
    // What was seen, not a guess: the created pet comes back without an id.
    expect(idRule?.seen.map((s) => s.label)).toContain('Created pet has no id');
  } finally {
    await server.close();
  }
});

it('names the same failing checks whether independent tests run side by side or one at a time', async () => {
  // Failures of tests running side by side must land on the test that found them: the
  // findings (rule, check, cases) of --concurrency 16 are those of --concurrency 1.
  const server = await startReferenceServer({ fault: 'auth-skipped-on-getPet' });
  try {
    const named = async (concurrency: string) => {
      const { json } = await runWithJson(
        ['--base-url', server.baseUrl, '--api-key', REFERENCE_KEY, '--concurrency', concurrency],
        `concurrency-${concurrency}`,
      );
      expect(json.verdict).toBe('failed');
      return json.findings
        .flatMap((f) => [f, ...f.followedBy])
        .flatMap((f) => f.checks.map((c) => `${f.rule}: ${c.name} (${c.cases})`))
        .sort();
    };
    const together = await named('16');
    expect(together.length).toBeGreaterThan(0);
    for (const line of together) expect(line).toMatch(/getPet/);
    expect(together).toEqual(await named('1'));
  } finally {
    await server.close();
  }
});

it('gives every theme its share of --max-creates, not only the files that run first', async () => {
  const mock = await startMockServer({ port: 0, quiet: true });
  try {
    const { code, output, json } = await runWithJson(
      ['--base-url', mock.baseUrl, '--api-key', mock.apiKeys[0] ?? '', '--max-creates', '60'],
      'shares',
    );
    expect(code, output).toBe(0);
    const byTheme = new Map<string, number>();
    for (const a of json.created.animals)
      byTheme.set(a.theme ?? '', (byTheme.get(a.theme ?? '') ?? 0) + 1);
    // 60 places for 11 themes: the ones after listPets (which alone wants 101) still create.
    for (const late of ['model', 'repetition', 'request-forms', 'server-owned'])
      expect(byTheme.get(late), JSON.stringify([...byTheme])).toBeGreaterThan(0);
    expect(json.created.count).toBeLessThanOrEqual(60);
    expect(output).toMatch(/A full run at depth quick creates about \d+ animals/);
  } finally {
    await mock.close();
  }
});

// The full depth (every form in every authentication state, minutes a run) is measured by hand.
it('creates as many animals as FULL_RUN_CREATIONS says a full run does, at quick, default and deep depth and every level', async () => {
  const runs = (['quick', 'default', 'deep'] as const).flatMap((depth) =>
    (['interface', 'strict'] as const).map((level) => ({ depth, level })),
  );
  const counts = await inPool(runs, 2, async ({ depth, level }) => {
    const mock = await startMockServer({ port: 0, quiet: true });
    const file = join(dir, `full-${depth}-${level}.json`);
    try {
      const args = ['--base-url', mock.baseUrl, '--api-key', mock.apiKeys[0] ?? ''];
      await runContractCli([...args, '--depth', depth, '--level', level, '--json', file]);
      const json = JSON.parse(await readFile(file, 'utf8')) as JsonResult;
      return `${depth} ${level}: ${json.created.count}`;
    } finally {
      await mock.close();
    }
  });
  expect(counts).toEqual(
    runs.map(({ depth, level }) => `${depth} ${level}: ${FULL_RUN_CREATIONS[depth][level]}`),
  );
}, 300_000);
