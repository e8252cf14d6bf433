/** `npm run mock:prism`: Prism's stateless mock of spec/openapi.yaml, for schema-only responses. */
import { startPrism } from '../gate/prism-process.ts';
import { specPath } from '../gate/tools.ts';
import { stopAllProcesses } from '../lib/process.ts';
import { integerFlag, runCommand } from './cli.ts';

const HELP = `Usage: npm run mock:prism -- [--port 4011] [--host 127.0.0.1]

Starts Prism's mock of spec/openapi.yaml (stateless: answers from the spec's examples,
keeps nothing between requests; "Prefer: code=404" or "Prefer: example=NAME" pick a
response). For a mock that remembers what you create, use "npm run mock".

Options:
  --port PORT   port to listen on (default 4011; 4010 is the stateful mock's)
  --host HOST   address to listen on (default 127.0.0.1)
  -h, --help    show this help`;

const flags = {
  port: { type: 'string', default: '4011' },
  host: { type: 'string', default: '127.0.0.1' },
} as const;

// Prism runs in its own process group, which Ctrl-C does not reach: stop it here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAllProcesses();
    process.exit(0);
  });
}

runCommand({ name: 'mock:prism', help: HELP, flags }, async (values) => {
  const port = integerFlag('port', values.port, 1, 65_535);
  const onOutput = (text: string) => process.stdout.write(text);
  const prism = await startPrism(['mock', specPath], values.host, port, 60_000, onOutput).catch(
    (error: Error) => {
      console.error(`mock:prism: ${error.message}`);
      return undefined;
    },
  );
  if (prism === undefined) return 1;
  console.log(`\nPrism mock of spec/openapi.yaml on ${prism.origin} (Ctrl-C stops it)`);
  console.log(`Try: curl -H 'Authorization: Bearer any' ${prism.origin}/pets`);
  return undefined;
});
