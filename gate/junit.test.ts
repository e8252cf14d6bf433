import { expect, it } from 'vitest';
import { countJUnit, toJUnitXml, withNumericTimes } from './junit.ts';

it('writes XML 1.0 whatever a tool printed, and reads its counts back', () => {
  const xml = toJUnitXml(
    'dredd',
    [
      { name: 'GET /pets <200>', className: 'dredd' },
      { name: 'POST "x" & <y>', className: 'dredd', failure: 'body had \u0000\u001b and \uffff' },
      { name: 'GET /pets/{petId}', className: 'dredd', skipped: 'no example' },
    ],
    1234,
  );
  // Characters XML 1.0 cannot carry at all would make the whole report unreadable.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  expect(xml).toContain('name="POST &quot;x&quot; &amp; &lt;y&gt;"');
  expect(countJUnit(xml)).toEqual({ tests: 3, failures: ['POST "x" & <y>'], skipped: 1 });
});

it('gives every case and suite a numeric time, never NaN', () => {
  // As Dredd 14's xunit reporter wrote it for transactions against a FastAPI server.
  const dredd =
    '<testsuite name="Dredd Tests" tests="2" time="NaN">\n' +
    '<testcase name="GET (200) /pets" time="NaN"></testcase>\n' +
    '<testcase name="GET (401) /pets" time="0.012"></testcase>\n' +
    '<testcase name="POST (201) /pets" time="undefined"></testcase>\n</testsuite>';
  const times = (xml: string) => [...xml.matchAll(/\btime="([^"]*)"/g)].map(([, t]) => t);
  expect(times(withNumericTimes(dredd))).toEqual(['0.000', '0.000', '0.012', '0.000']);
  expect(times(toJUnitXml('gate dredd', [{ name: 'x', className: 'dredd' }], Number.NaN))).toEqual([
    '0.000',
  ]);
});
