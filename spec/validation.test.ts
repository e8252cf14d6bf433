import { expect, it } from 'vitest';
import { openapiDocument } from './document.gen.ts';
import type { Json } from './document-type.ts';
import { parseJson } from './json.ts';
import { createSchemaValidator } from './validation.ts';

const strict = createSchemaValidator('strict');
const loose = createSchemaValidator('interface');
const NEW_PET = '#/components/schemas/NewPet';

const messages = (validator: typeof strict, body: string) =>
  validator.validate(NEW_PET, parseJson(body)).map((issue) => issue.message);

it('accepts a minimal valid creation payload at both levels', () => {
  expect(messages(strict, '{"name":"Rex","categoryId":1}')).toEqual([]);
  expect(messages(loose, '{"name":"Rex","categoryId":1}')).toEqual([]);
});

it('names the field and the rule for each interface violation', () => {
  expect(messages(loose, '{"categoryId":"5"}')).toEqual([
    'name is required',
    'categoryId must be an integer',
  ]);
  expect(messages(loose, '{"name":3,"categoryId":1.5,"status":"lost"}')).toEqual([
    'name must be a string',
    'categoryId must be an integer',
    'status must be one of available, pending, sold',
  ]);
});

it('checks the int64 range exactly, at 2^63 - 1 and 2^63', () => {
  expect(messages(loose, '{"name":"a","categoryId":9223372036854775807}')).toEqual([]);
  expect(messages(loose, '{"name":"a","categoryId":9223372036854775808}')).toEqual([
    'categoryId must be an integer within int64',
  ]);
});

it('adds the decisions only at the strict level', () => {
  const body = '{"name":"  ","categoryId":0,"stauts":"sold"}';
  expect(messages(loose, body)).toEqual([]);
  expect(messages(strict, body)).toEqual([
    'property "stauts" is not allowed',
    'name must contain a non-whitespace character',
    'categoryId must be at least 1',
  ]);
});

it('rejects a property NewPet does not list, naming it, at the strict level only', () => {
  expect(messages(strict, '{"name":"Rex","categoryId":1,"stauts":"sold"}')).toEqual([
    'property "stauts" is not allowed',
  ]);
  expect(messages(loose, '{"name":"Rex","categoryId":1,"stauts":"sold"}')).toEqual([]);
});

it('validates every example in the spec against its schema', () => {
  const checked: string[] = [];
  const visit = (node: Json, schemaPointer: string | undefined, path: string) => {
    if (Array.isArray(node) || typeof node !== 'object' || node === null) return;
    const schema = node.schema as { $ref?: string } | undefined;
    const pointer = schema?.$ref ?? schemaPointer;
    if (pointer && node.examples && typeof node.examples === 'object') {
      for (const [name, example] of Object.entries(node.examples)) {
        const value = (example as { value: unknown }).value;
        expect(strict.validate(pointer, value), `${path}/examples/${name}`).toEqual([]);
        checked.push(`${path}/${name}`);
      }
    }
    for (const [key, child] of Object.entries(node)) visit(child, undefined, `${path}/${key}`);
  };
  visit(openapiDocument, undefined, '');
  // Error has no example of its own: each error response has its (error-examples.test.ts).
  for (const name of ['Pet', 'NewPet', 'PetName', 'CategoryId']) {
    const pointer = `#/components/schemas/${name}`;
    const schema = (openapiDocument.components as Record<string, Record<string, Json>>).schemas?.[
      name
    ] as { example: unknown };
    expect(strict.validate(pointer, schema.example), pointer).toEqual([]);
  }
  expect(checked.length).toBeGreaterThanOrEqual(15);
});
