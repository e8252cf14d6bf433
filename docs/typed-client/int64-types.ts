// Writes petstore-exact.d.ts beside this file: the spec's types with every int64 typed
// `number | bigint`, which is what lossless-json's parseNumberAndBigInt reads it as.
import { writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const int64 = ts.factory.createUnionTypeNode([
  ts.factory.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
  ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword),
]);
const ast = await openapiTS(new URL('http://127.0.0.1:4010/openapi.json'), {
  transform: (schema) => ('format' in schema && schema.format === 'int64' ? int64 : undefined),
});
await writeFile(new URL('petstore-exact.d.ts', import.meta.url), astToString(ast));
