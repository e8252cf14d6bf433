// A backend team's script on plain node: runContract from the installed petstore-contract,
// in-process, against a server given by URL. It prints the verdict as one JSON line.
import { runContract } from 'petstore-contract';

const [baseUrl, apiKey] = process.argv.slice(2);
const result = await runContract({ server: { baseUrl, apiKey }, depth: 'quick' });
process.stdout.write(
  `${JSON.stringify({ verdict: result.verdict, tests: result.counts.tests, failed: result.counts.failed })}\n`,
);
