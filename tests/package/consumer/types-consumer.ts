// A TypeScript consumer of the installed package's three entries, type-checked by tsc with
// strict settings and NodeNext resolution (the @ts-expect-error lines prove the types are
// real, not `any`).
import { setupWorker } from 'msw/browser';
import { setupServer } from 'msw/node';
import { handlers as browserHandlers, startWorker } from 'petstore-mock/browser';
import {
  createNodeHandlers,
  createStore,
  handlers,
  type MockServer,
  resetMockStore,
  seedMockStore,
  startMockServer,
} from 'petstore-mock/node';
import { documentAtLevel, type Pet, type paths } from 'petstore-mock/spec';

type PetList = paths['/pets']['get']['responses'][200]['content']['application/json'];

export const server = setupServer(...handlers, ...createNodeHandlers({ store: createStore() }));
export const worker = setupWorker(...browserHandlers);

export async function standalone(pets: PetList): Promise<string> {
  await seedMockStore(pets);
  const mock: MockServer = await startMockServer({ port: 0, apiKeys: ['my-key'] });
  await mock.close();
  await resetMockStore();
  return mock.baseUrl;
}

export const started: Promise<{ stop(): void }> = startWorker({ quiet: true });
export const interfaceLevel: string = String(documentAtLevel('interface').openapi);

// @ts-expect-error a Pet needs a name
export const nameless: Pet = { id: 1, categoryId: 1, status: 'available' };
// @ts-expect-error the port is a number
export const wrongPort = startMockServer({ port: '4010' });
