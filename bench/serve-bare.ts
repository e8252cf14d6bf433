/**
 * Runs the bare `node:http` yardstick server (bench/bare-server.ts) as its own process,
 * the way the benchmark starts it: `tsx bench/serve-bare.ts --port 4011 --seed-count 1000`.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_API_KEY } from '../mocks/core/defaults.ts';
import { startBareServer } from './bare-server.ts';

const HELP = `Usage: tsx bench/serve-bare.ts [--host H] [--port P] [--seed-count N] [--api-key K]

The benchmark's bare node:http server over an array and a Map (bench/bare-server.ts).
  --host        address to bind (default 127.0.0.1)
  --port        port to bind, 0 for a random one (default 4011)
  --seed-count  pets to create at start (default 1000)
  --api-key     the accepted bearer key (default ${DEFAULT_API_KEY})
  --help        show this text`;

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4011' },
    'seed-count': { type: 'string', default: '1000' },
    'api-key': { type: 'string', default: DEFAULT_API_KEY },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const port = Number(values.port);
const seedCount = Number(values['seed-count']);
if (!Number.isInteger(port) || port < 0 || !Number.isInteger(seedCount) || seedCount < 0) {
  console.error('--port and --seed-count must be non-negative integers; see --help');
  process.exit(2);
}
const server = await startBareServer({
  host: values.host,
  port,
  seedCount,
  apiKeys: [values['api-key']],
});
console.log(`bare server listening on ${server.origin}`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
