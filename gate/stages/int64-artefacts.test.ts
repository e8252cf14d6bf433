import { expect, it } from 'vitest';
import { isInt64Artefact } from './int64-artefacts.ts';
import { parseViolations } from './violations.ts';

// As Prism 5.14's proxy reported a list holding id and categoryId 2^53+1 on this machine.
const header =
  '[{"location":["response","body","0","id"],"severity":"Error","code":"maximum","message":"Response body property 0.id must be <= 9007199254740991"},{"location":["response","body","0","categoryId"],"severity":"Error","code":"maximum","message":"Response body property 0.categoryId must be <= 9007199254740991"}]';

it('drops the stand-in int64 bound when the exact value is an int64', () => {
  const raw = '[{"id":9007199254740993,"name":"Big","categoryId":9223372036854775807}]';
  expect(parseViolations(header).map((v) => isInt64Artefact(v, raw))).toEqual([true, true]);
});

it('keeps it when the exact value is beyond int64 or not an integer', () => {
  const raw = '[{"id":9223372036854775808,"name":"Big","categoryId":1e300}]';
  expect(parseViolations(header).map((v) => isInt64Artefact(v, raw))).toEqual([false, false]);
});

it('keeps every other violation', () => {
  const other =
    '[{"location":["response","body","id"],"severity":"Error","code":"type","message":"must be integer"}]';
  const [violation] = parseViolations(other);
  expect(violation && isInt64Artefact(violation, '{"id":"1"}')).toBe(false);
});
