/**
 * petstore-contract: runs the contract suite (contract-tests/) against a Pet Store server.
 */
import { parseArgs } from 'node:util';
import { runContract } from '../contract-tests/run.ts';
import type { Level } from '../spec/levels.ts';

const HELP = `petstore-contract: check that a server conforms to the Pet Store interface.

Usage: npm run contract -- [--base-url URL --api-key KEY] [options]
       petstore-contract [--base-url URL --api-key KEY] [options]

  --base-url URL      server under test, ending in /v1 (env PETSTORE_BASE_URL);
                      without it the local mock is started on a random port and tested
  --api-key KEY       a valid API key (env PETSTORE_API_KEY); required with --base-url
  --level LEVEL       interface (default): only what the interface document states;
                      strict: also every decision of DECISIONS.md observable over HTTP
  --category-id N     a category the server accepts for valid creations (default 1)
  --read-only         send GET requests only (safe for production)
  --junit FILE        also write a JUnit XML report to FILE
  --seed N            seed of the generated cases (printed at start; replays a failure)
  --runs N            generated cases per property (default 25)
  --help              show this text

Exit codes: 0 conformant, 1 a check failed, 2 usage error or unreachable server.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({
      args: argv,
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nRun with --help for the options.`);
  }
  const integer = (name: string, value: string | undefined, fallback: string, min: number) => {
    const text = value ?? fallback;
    if (!/^\d+$/.test(text) || BigInt(text) < BigInt(min) || BigInt(text) > 2n ** 63n - 1n)
      throw new UsageError(`--${name} must be an integer of at least ${min}, got "${text}"`);
    return text;
  };
  const level = (values.level ?? 'interface') as Level;
  if (level !== 'interface' && level !== 'strict')
    throw new UsageError(`--level must be interface or strict, got "${level}"`);
  const baseUrl = values['base-url'] ?? process.env.PETSTORE_BASE_URL;
  const apiKey = values['api-key'] ?? process.env.PETSTORE_API_KEY;
  if (baseUrl && !apiKey)
    throw new UsageError('--api-key (or PETSTORE_API_KEY) is required with --base-url');
  return {
    help: values.help ?? false,
    baseUrl,
    apiKey,
    level,
    categoryId: integer('category-id', values['category-id'], '1', 1),
    readOnly: values['read-only'] ?? false,
    junit: values.junit,
    seed: integer('seed', values.seed, String(Math.floor(Math.random() * 2 ** 31)), 0),
    runs: integer('runs', values.runs, '25', 1),
  };
}

const OPTIONS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  level: { type: 'string' },
  'category-id': { type: 'string' },
  'read-only': { type: 'boolean' },
  junit: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  help: { type: 'boolean' },
} as const;

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const category = BigInt(args.categoryId);
  const result = await runContract({
    server: args.baseUrl ? { baseUrl: args.baseUrl, apiKey: args.apiKey ?? '' } : undefined,
    level: args.level,
    categoryId: category <= Number.MAX_SAFE_INTEGER ? Number(category) : category,
    readOnly: args.readOnly,
    seed: Number(args.seed),
    runs: Number(args.runs),
    junitFile: args.junit,
    echo: { stdout: process.stdout, stderr: process.stderr },
    onStart: (run) => {
      if (run.localMock) console.log(`No --base-url: testing the local mock at ${run.baseUrl}`);
      console.log(
        `Contract suite, level ${run.level}${run.readOnly ? ', read-only' : ''}, seed ${run.seed} (replay with --seed ${run.seed}), pets named ${run.runId}-*`,
      );
    },
  });
  if (result.verdict === 'could-not-test') {
    console.error(`petstore-contract: ${result.reason}`);
    return 2;
  }
  const failed = result.verdict === 'failed';
  console.log(result.coverage);
  console.log(
    failed ? 'NOT CONFORMANT: see the failures above.' : 'Conformant: every check passed.',
  );
  if (failed) console.log(`Replay the generated cases with --seed ${result.run?.seed}.`);
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`petstore-contract: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  },
);
