import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { toJUnitXml, writeAtomically } from './junit.ts';
import { junitFaults } from './junit-check.ts';

const cases = [
  { name: 'GET /pets -> 200', className: 'dredd.listPets', durationMs: 12 },
  {
    name: 'POST "x" & <y>',
    className: 'dredd.createPet',
    failure: 'body had \u0000\u001b and \uffff\nReproduce:\ncurl -i -X POST',
    message: 'POST /pets: expected 201, got 200',
    durationMs: 30,
  },
  { name: 'GET /pets/{petId}', className: 'dredd.getPet', skipped: 'no example' },
  {
    name: 'GET /pets/1',
    className: 'dredd.getPet',
    error: 'no verdict: the server stopped answering',
  },
];

it('writes XML whatever a tool printed, with counts a CI reader agrees with', async () => {
  const xml = toJUnitXml('gate dredd', cases, 40);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  expect(xml).toContain('name="POST &quot;x&quot; &amp; &lt;y&gt;"');
  expect(xml).toContain('tests="4" failures="1" errors="1" skipped="1"');
  expect(xml).toContain(
    '<failure message="POST /pets: expected 201, got 200" type="NotConformant">',
  );
  expect(xml).toContain(
    '<error message="no verdict: the server stopped answering" type="NoVerdict">',
  );
  expect(await junitFaults(xml)).toEqual([]);
});

it('gives the suite a time no shorter than its cases, never NaN', () => {
  const times = (xml: string) =>
    [...xml.matchAll(/<testsuite\b[^>]*\btime="([^"]*)"/g)].map(([, t]) => t);
  expect(times(toJUnitXml('x', cases, 10))).toEqual(['0.042']);
  expect(times(toJUnitXml('x', [{ name: 'x', className: 'y' }], Number.NaN))).toEqual(['0.000']);
});

it('replaces a report whole, leaving no temporary file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gate-junit-'));
  try {
    await writeAtomically(join(dir, 'dredd.xml'), 'old');
    await writeAtomically(join(dir, 'dredd.xml'), toJUnitXml('x', cases, 1));
    expect(await readdir(dir)).toEqual(['dredd.xml']);
    expect(await readFile(join(dir, 'dredd.xml'), 'utf8')).toMatch(/^<\?xml/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('finds what CI readers trip over in a report Dredd 14 wrote', async () => {
  const dredd =
    '<?xml version="1.0"?><testsuite name="Dredd Tests" tests="2" failures="0" errors="1" skip="1" time="NaN">' +
    '<testcase name="GET (200) /pets" time="NaN"><failure>bodySchema: [object Object]</failure></testcase>' +
    '<testcase name="GET (401) /pets"><skipped/></testcase></testsuite>';
  const faults = await junitFaults(dredd);
  expect(faults).toContain('holds [object Object] or skip=');
  expect(faults).toContain('a testcase without classname');
  expect(faults.some((f) => /failures=0, the report has 1/.test(f))).toBe(true);
  expect(await junitFaults('<testsuite name="cut">')).toEqual([expect.stringMatching(/^not XML/)]);
});
