import { mkdir, writeFile } from 'node:fs/promises';

// Playwright's global teardown, while the mock still runs: the pact of every session this run
// used (their ids start with the run's), written where the backend team's CI picks it up.
export default async function writePact() {
  const mock = `http://127.0.0.1:${process.env.MOCK_PORT ?? 4010}`;
  const sessions = `pet-app-${process.env.PACT_RUN}-`;
  const response = await fetch(`${mock}/__mock/pact?consumer=pet-app&sessionPrefix=${sessions}`);
  if (!response.ok) throw new Error(`GET /__mock/pact answered ${response.status}`);
  await mkdir('pacts', { recursive: true });
  await writeFile('pacts/pet-app-petstore.json', await response.text());
}
