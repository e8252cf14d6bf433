import { rm } from 'node:fs/promises';

// Each run writes its pact afresh: test files add to it, so last run's is removed first.
export default () => rm('pacts/pet-app-unit-petstore.json', { force: true });
