// Pact's own verifier against a running petstore-mock (or any provider whose state URL sets up
// the pact's provider states): `node verify-pact.mjs http://127.0.0.1:4010`.
import { Verifier } from '@pact-foundation/pact';

const origin = process.argv[2] ?? 'http://127.0.0.1:4010';
await new Verifier({
  providerBaseUrl: origin,
  pactUrls: ['pacts/pet-app-petstore.json'],
  providerStatesSetupUrl: `${origin}/__mock/pact/states`,
  // The pact holds no key: the verifier sends its own, and a session of its own on the mock.
  customProviderHeaders: {
    Authorization: 'Bearer petstore-dev-key',
    'X-Mock-Session': 'pact-verify',
  },
  logLevel: 'warn',
}).verifyProvider();
