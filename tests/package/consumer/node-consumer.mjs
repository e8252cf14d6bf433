// A consumer of the installed package on plain node, with no TypeScript loader: the Pet
// Store handlers answer through msw's setupServer, then the standalone server the package
// starts answers over HTTP. It prints what it saw as one JSON line.
import { setupServer } from 'msw/node';
import { handlers, resetMockStore, startMockServer } from 'petstore-mock/node';
import { openapiDocument } from 'petstore-mock/spec';

const auth = { Authorization: 'Bearer petstore-dev-key' };

// In-process: msw intercepts fetch, whatever the origin.
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: 'error' });
const created = await fetch('https://api.example.test/v1/pets', {
  method: 'POST',
  headers: { ...auth, 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: 'Mittens', categoryId: 2 }),
});
const pet = await created.json();
const fetched = await fetch(`https://api.example.test/v1/pets/${pet.id}`, { headers: auth });
await resetMockStore();
const afterReset = await fetch(`https://api.example.test/v1/pets/${pet.id}`, { headers: auth });
server.close();

// Standalone: a real HTTP server on a free port, stopped with close().
const mock = await startMockServer({ port: 0 });
const listed = await fetch(`${mock.baseUrl}/pets?limit=2`, { headers: auth });
const pets = await listed.json();
await mock.close();

process.stdout.write(
  `${JSON.stringify({
    title: openapiDocument.info.title,
    inProcess: { created: created.status, fetched: fetched.status, afterReset: afterReset.status },
    standalone: { baseUrl: mock.baseUrl, status: listed.status, count: pets.length },
  })}\n`,
);
