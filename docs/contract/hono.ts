import { runContract } from '../../contract-tests/run/run.ts';
import { createHonoApp } from './hono-app.ts';

const apiKey = 'test-key';
const app = createHonoApp({ apiKey });

/** The contract suite against the Hono app: each request is one call of app.fetch. */
export const checkHonoApp = () => runContract({ fetch: app.fetch, apiKey });
