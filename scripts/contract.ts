/**
 * petstore-contract: runs the contract suite (contract-tests/) against a Pet Store server.
 */
import { runContract } from '../contract-tests/run.ts';
import { choiceFlag, int64Flag, orEnv, runCommand, UsageError } from './cli.ts';

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
  -h, --help          show this text

Exit codes: 0 conformant, 1 a check failed, 2 usage error or unreachable server.`;

const flags = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  level: { type: 'string', default: 'interface' },
  'category-id': { type: 'string', default: '1' },
  'read-only': { type: 'boolean', default: false },
  junit: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string', default: '25' },
} as const;

runCommand({ name: 'petstore-contract', help: HELP, flags }, async (values) => {
  const level = choiceFlag('level', values.level, ['interface', 'strict'] as const);
  const baseUrl = orEnv(values['base-url'], 'PETSTORE_BASE_URL');
  const apiKey = orEnv(values['api-key'], 'PETSTORE_API_KEY');
  if (baseUrl && !apiKey)
    throw new UsageError('--api-key (or PETSTORE_API_KEY) is required with --base-url');
  const category = int64Flag('category-id', values['category-id'], 1n);
  const result = await runContract({
    server: baseUrl ? { baseUrl, apiKey: apiKey ?? '' } : undefined,
    level,
    categoryId: category <= Number.MAX_SAFE_INTEGER ? Number(category) : category,
    readOnly: values['read-only'],
    seed: values.seed === undefined ? undefined : Number(int64Flag('seed', values.seed)),
    runs: Number(int64Flag('runs', values.runs, 1n)),
    junitFile: values.junit,
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
});
