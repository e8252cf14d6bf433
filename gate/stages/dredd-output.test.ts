import { expect, it } from 'vitest';
import { parseDreddOutput } from './dredd-output.ts';

// Trimmed from a real run of Dredd 14.1 with gate/stages/dredd-hooks.cjs against gate/broken-server.ts.
const output = `hook: beforeAll: POST /pets answered 200 (201 expected); the getPet transactions read pet 4
hook: /pets > List animals > 401 > application/json: GET /pets (no API key)
pass: GET (401) /pets?limit=20&status=available duration: 132ms
hook: skipped /pets > List animals > 405 > application/json: listPets 405 is a decision (x-decision), not checked at interface level
skip: GET (405) /pets?limit=20&status=available
hook: /pets > Add an animal > 201 > application/json: POST /pets (a valid new pet)
fail: POST (201) /pets duration: 45ms
info: Displaying failed tests...
fail: POST (201) /pets duration: 185ms
fail: body: At '/categoryId' Missing required property: categoryId
statusCode: Expected status code '201', but got '200'.

request:
method: POST
complete: 1 passing, 1 failing, 0 errors, 1 skipped, 3 total
complete: Tests took 240ms`;

it('reads the closing counts', () => {
  expect(parseDreddOutput(output).counts).toEqual({
    passing: 1,
    failing: 1,
    errors: 0,
    skipped: 1,
    total: 3,
  });
});

it('names each failure with the request the hooks sent and every reason, a wrong status first', () => {
  expect(parseDreddOutput(output).failures).toEqual([
    {
      id: 'POST (201) /pets',
      sent: 'POST /pets (a valid new pet)',
      reasons: [
        "statusCode: Expected status code '201', but got '200'.",
        "body: At '/categoryId' Missing required property: categoryId",
      ],
    },
  ]);
});

it('reports no counts when Dredd stopped before its summary', () => {
  expect(parseDreddOutput('error: Error connecting to server').counts).toBeUndefined();
});
