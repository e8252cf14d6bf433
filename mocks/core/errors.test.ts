import { expect, it } from 'vitest';
import { nodeAt, openapiDocument } from '../../spec/document.ts';
import { CODE_OF_STATUS, ERROR_CODES } from './errors.ts';

it('answers with exactly the codes the spec lists in x-error-codes, and keeps code a string', () => {
  const code = nodeAt(openapiDocument, '/components/schemas/Error/properties/code') as {
    type: string;
    enum?: unknown;
    'x-error-codes': Record<string, string>;
  };
  expect(code.type).toBe('string');
  expect(code.enum).toBeUndefined();
  expect([...ERROR_CODES].sort()).toEqual(Object.keys(code['x-error-codes']).sort());
  for (const [status, name] of Object.entries(CODE_OF_STATUS))
    expect(code['x-error-codes'][name], name).toMatch(new RegExp(`^${status}: `));
});
