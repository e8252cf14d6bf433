import { expect, it } from 'vitest';
import { countJUnit, toJUnitXml } from './junit.ts';

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
