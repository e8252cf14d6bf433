/** `npm run mock:prism`: Prism's stateless mock of spec/openapi.yaml, for schema-only responses. */
import { parseArgs } from 'node:util';
import { startPrism } from '../gate/prism-process.ts';
import { specPath } from '../gate/tools.ts';
import { stopAllProcesses } from '../lib/process.ts';

const HELP = `Usage: npm run mock:prism -- [--port 4011] [--host 127.0.0.1]

Starts Prism's mock of spec/openapi.yaml (stateless: answers from the spec's examples,
keeps nothing between requests; "Prefer: code=404" or "Prefer: example=NAME" pick a
response). For a mock that remembers what you create, use "npm run mock".

Options:
  --port PORT   port to listen on (default 4011; 4010 is the stateful mock's)
  --host HOST   address to listen on (default 127.0.0.1)
  -h, --help    show this help`;

function main(): number | undefined {
  let values: { port?: string; host?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '4011' },
        host: { type: 'string', default: '127.0.0.1' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`mock:prism: ${(error as Error).message}; see --help`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error(`mock:prism: --port must be an integer from 1 to 65535, got "${values.port}"`);
    return 2;
  }
  const host = values.host ?? '127.0.0.1';
  startPrism(['mock', specPath], host, port, 60_000, (text) => process.stdout.write(text)).then(
    (prism) => {
      console.log(`\nPrism mock of spec/openapi.yaml on ${prism.origin} (Ctrl-C stops it)`);
      console.log(`Try: curl -H 'Authorization: Bearer any' ${prism.origin}/pets`);
    },
    (error: Error) => {
      console.error(`mock:prism: ${error.message}`);
      process.exitCode = 1;
    },
  );
  return undefined;
}

// Prism runs in its own process group, which Ctrl-C does not reach: stop it here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAllProcesses();
    process.exit(0);
  });
}

const code = main();
if (code !== undefined) process.exitCode = code;
