import { expect, it } from 'vitest';
import { notServerError } from '../../spec/checks/checks.ts';
import type { Exchange } from '../../spec/checks/exchange.ts';
import { renderFailure } from './report.ts';

const broken: Exchange = {
  url: 'http://127.0.0.1/v1/pets',
  request: {
    operation: 'listPets',
    method: 'GET',
    path: '/pets',
    headers: { authorization: 'Bearer secret-key' },
    authShell: `Bearer \${PETSTORE_API_KEY}`,
  },
  response: {
    status: 500,
    text: '{"code":"internal_error","message":"boom","status":500}',
    json: { code: 'internal_error', message: 'boom', status: 500 },
    isJson: true,
    headers: { 'content-type': 'application/json' },
  },
};

it('reports the rule id and its pointer, the request without the key, the response and a curl', () => {
  const failure = notServerError('list-responses')(broken);
  if (!failure) throw new Error('expected a failure');
  const report = renderFailure(failure, broken);
  expect(report).toContain('listPets: Server error [list-responses]');
  expect(report).toContain('Spec: spec/openapi.yaml#/paths/~1pets/get/x-rules/list-responses');
  expect(report).toContain(`authorization: Bearer \${PETSTORE_API_KEY}`);
  expect(report).not.toContain('secret-key');
  expect(report).toContain('Response:\n  500');
  expect(report).toContain(
    `curl -i -X GET 'http://127.0.0.1/v1/pets' -H "authorization: Bearer \${PETSTORE_API_KEY}"`,
  );
});
