import { expect, it } from 'vitest';
import { describeViolation, isResponseViolation, parseViolations } from './violations.ts';

// Headers as Prism 5.14's proxy sent them on this machine.
const schemaBroken =
  '[{"location":["response","body"],"severity":"Error","code":"required","message":"Response body must have required property \'categoryId\'"},{"location":["response","header","deprecation"],"severity":"Error","code":"pattern","message":"Response header parameter deprecation must match pattern \\"^@[0-9]+$\\""}]';
const invalidRequest =
  '[{"location":["request"],"severity":"Error","code":401,"message":"Invalid security scheme used"},{"location":["request","query","limit"],"severity":"Error","code":"minimum","message":"Request query parameter limit must be >= 1"}]';
const undocumentedStatus =
  '[{"location":["response"],"severity":"Warning","message":"Unable to match the returned status code with those defined in the document: 200,400,401,404,405,429,500,503"}]';

it('counts violations located in the response body or headers as response violations', () => {
  const violations = parseViolations(schemaBroken);
  expect(violations.map(isResponseViolation)).toEqual([true, true]);
  expect(describeViolation(violations[0] as never)).toBe(
    "response.body: Response body must have required property 'categoryId' [Error]",
  );
});

it('does not count violations of deliberately invalid requests', () => {
  expect(parseViolations(invalidRequest).filter(isResponseViolation)).toEqual([]);
});

it('counts an undocumented status code as a response violation although Prism calls it a warning', () => {
  expect(parseViolations(undocumentedStatus).filter(isResponseViolation)).toHaveLength(1);
});

it('reads a missing or empty header as no violation', () => {
  expect(parseViolations(null)).toEqual([]);
  expect(parseViolations('')).toEqual([]);
});

it('reports an unreadable header as a response violation rather than ignoring it', () => {
  const [violation] = parseViolations('{not json');
  expect(violation && isResponseViolation(violation)).toBe(true);
});
