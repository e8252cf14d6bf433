/**
 * What a declared profile adds, through the real CLI with --profile: list faults on a
 * server that already holds many animals (invisible to the interface alone, which never
 * knows a list answer is complete) are caught once pagination and order are declared, and
 * every conforming reference server passes with the profile that describes it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Profile } from '../../spec/profile.ts';
import { type Fault, type LINK_FAULTS, LIST_FAULTS, type WHOLE_LIST_FAULTS } from './faults.ts';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.ts';
import { HOOK_TIMEOUT_MS, inPool, runContractCli } from './run-cli.ts';
import { CONFORMING, profileOf, type Variant } from './variants.ts';

type Case = {
  name: string;
  expected: 0 | 1;
  variant: Variant;
  profile: Profile;
  fault?: Fault;
  args?: string[];
  /** The rule a misdescribing profile must be caught by. */
  names?: string;
  /** The title of the finding that must name the fault. */
  shows?: string;
};

// Two ways a populated server may list: Link pages in id order, or one answer newest first.
const POPULATED: { name: string; variant: Variant; profile: Profile }[] = [
  {
    name: 'link pages, id-asc',
    variant: { preload: 150, linkPages: true },
    profile: { pagination: 'link', order: 'id-asc' },
  },
  {
    name: 'one answer, newest-first',
    variant: { preload: 150, newestFirst: true },
    profile: { pagination: 'none', order: 'newest-first' },
  },
];

// Link pages over more animals than one walk reads at the smaller page size, in either order.
const LINKED: { name: string; variant: Variant; profile: Profile }[] = [
  {
    name: 'link pages over 350 others, id-asc',
    variant: { preload: 350, linkPages: true },
    profile: { pagination: 'link', order: 'id-asc' },
  },
  {
    name: 'link pages over 350 others, newest-first',
    variant: { preload: 350, linkPages: true, newestFirst: true },
    profile: { pagination: 'link', order: 'newest-first' },
  },
];

// What names each fault of the next link: the walk at two page sizes, a repeat, a cycle.
const LINK_TITLES: Record<keyof typeof LINK_FAULTS, string> = {
  'link-skips-one': 'The list holds other animals at another page size',
  'link-repeats-one': 'An animal listed twice in one walk of the list',
  'link-last-returns-to-first': 'Link rel="next" comes back to a page already read',
  'link-cursor-stalls': 'Link rel="next" comes back to a page already read',
};

// What names a fault of the whole list: the end of the run, reading back what it created.
const WHOLE_LIST_TITLES: Record<keyof typeof WHOLE_LIST_FAULTS, string> = {
  'list-shows-latest-120': 'Animals of the run missing from the whole list of their status',
};

const cases: Case[] = [
  ...POPULATED.flatMap((server) =>
    (Object.keys(LIST_FAULTS) as Fault[])
      // Text order and id order agree on a newest-first server's first page only by luck.
      .filter((fault) => !(fault === 'ids-sorted-as-text' && server.profile.order !== 'id-asc'))
      .map((fault): Case => ({ ...server, name: `${fault} (${server.name})`, expected: 1, fault })),
  ),
  ...POPULATED.map((server): Case => ({ ...server, expected: 0 })),
  ...LINKED.flatMap((server) =>
    Object.entries({ ...LINK_TITLES, ...WHOLE_LIST_TITLES }).map(
      ([fault, title]): Case => ({
        ...server,
        name: `${fault} (${server.name})`,
        expected: 1,
        fault: fault as Fault,
        names: 'declared-pagination',
        shows: title,
      }),
    ),
  ),
  ...LINKED.map((server): Case => ({ ...server, expected: 0 })),
  // Every conforming variant, with the profile that describes it.
  ...Object.entries(CONFORMING).map(
    ([name, { variant, args }]): Case => ({
      name: `${name} (its own profile)`,
      expected: 0,
      variant,
      profile: profileOf(variant),
      args,
    }),
  ),
  // A profile that misdescribes a conforming server fails it: the choices are really checked.
  {
    name: 'declared newest-first, lists oldest first',
    expected: 1,
    variant: { preload: 20 },
    profile: { pagination: 'none', order: 'newest-first' },
    names: 'declared-order',
  },
  {
    name: 'declared 400 for limit=0, answers 422',
    expected: 1,
    variant: { parameterErrorStatus: 422 },
    profile: { outOfRangeLimit: 400 },
    names: 'declared-limit-range',
  },
  {
    name: 'declared one answer, pages of at most 7',
    expected: 1,
    variant: { preload: 20, pageCap: 7 },
    profile: { pagination: 'none' },
    names: 'declared-pagination',
  },
  {
    name: 'declared bodies under other media types read, refuses them with 415',
    expected: 1,
    variant: {},
    profile: { otherMediaTypes: 'read' },
    names: 'declared-media-types',
  },
  {
    name: 'declared bodies under other media types refused, reads them',
    expected: 1,
    variant: { readsAnyMediaType: true },
    profile: { otherMediaTypes: 'refuse' },
    names: 'declared-media-types',
  },
  {
    name: 'declared default status pending, stores available',
    expected: 1,
    variant: {},
    profile: { defaultStatus: 'pending' },
    names: 'declared-default-status',
  },
  {
    name: 'declared not_found for 404, answers NOT-FOUND',
    expected: 1,
    variant: { codeStyle: 'upper' },
    profile: { errorCodes: { '404': 'not_found' } },
    names: 'declared-error-codes',
  },
  {
    name: 'declared names up to 60, refuses beyond 50',
    expected: 1,
    variant: { maxNameLength: 50 },
    profile: { maxNameLength: 60 },
    names: 'declared-name-length',
  },
  {
    name: 'declared names up to 50, takes any length',
    expected: 1,
    variant: {},
    profile: { maxNameLength: 50 },
    names: 'declared-name-length',
  },
  {
    name: 'declared unknown fields refused, ignores them',
    expected: 1,
    variant: { ignoreExtraProperties: true },
    profile: { unknownFields: 'refuse' },
    names: 'declared-unknown-fields',
  },
  {
    name: 'declared unknown fields ignored, refuses them',
    expected: 1,
    variant: {},
    profile: { unknownFields: 'ignore' },
    names: 'declared-unknown-fields',
  },
];

const results = new Map<string, { code: number | null; output: string }>();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-power-'));
  await inPool(cases, 2, async (c, i = cases.indexOf(c)) => {
    const server = await startReferenceServer({ fault: c.fault, variant: c.variant });
    try {
      const file = join(dir, `profile-${i}.json`);
      await writeFile(file, JSON.stringify(c.profile));
      const args = ['--base-url', server.baseUrl, '--api-key', REFERENCE_KEY, '--profile', file];
      const run = [...args, '--seed', '42', '--depth', 'quick', ...(c.args ?? [])];
      results.set(c.name, await runContractCli(run));
    } finally {
      await server.close();
    }
  });
}, HOOK_TIMEOUT_MS);

afterAll(() => rm(dir, { recursive: true, force: true }));

for (const c of cases) {
  it(`${c.expected === 1 ? 'fails' : 'passes'} ${c.name} with its profile`, () => {
    const result = results.get(c.name);
    const tail = result?.output.split('\n').slice(-60).join('\n');
    expect(result?.code, tail).toBe(c.expected);
    if (c.fault)
      expect(result?.output, tail).toMatch(/^\d+\. (declared-[a-z-]+|status-filter) \(/m);
    if (c.names) expect(result?.output, tail).toMatch(new RegExp(`^\\d+\\. ${c.names} \\(`, 'm'));
    if (c.shows) expect(result?.output, tail).toContain(c.shows);
  });
}
