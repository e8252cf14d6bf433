/**
 * The release gate as a command: prints each stage's findings, then one summary table. The
 * repository's `npm run gate` (scripts/gate.ts) can start the mock to check; the installed
 * `petstore-gate` (scripts/petstore-gate.ts) always checks a server given by URL.
 */
import { PreflightError } from '../contract-tests/client/preflight.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';
import { type GateReport, runGate } from '../gate/run-gate.ts';
import type { StageResult } from '../gate/stage.ts';
import { formatSummary, gatePassed } from '../gate/summary.ts';
import { stopAllProcesses } from '../lib/process.ts';
import { runCommand } from './cli.ts';
import { type GateFlagOptions, gateFlags, gateOptions } from './gate-flags.ts';

const USAGE = {
  checkout: 'Usage: npm run gate -- [--base-url URL --api-key KEY] [options]',
  installed: 'Usage: npx petstore-gate --base-url URL --api-key KEY [options]',
};

const NO_URL = {
  checkout: `Without --base-url the gate starts the project's mock on a random loopback port and checks
it (429/500/503 are then forced with "Prefer: code=NNN"; against another server they are
skipped, since they cannot be provoked from outside).`,
  installed: `429/500/503 cannot be provoked from outside a server, so their probes are skipped.`,
};

const help = (where: keyof typeof USAGE) => `${USAGE[where]}

Refuses a server that does not conform to the Pet Store spec (openapi.yaml). Stages, in order:
  lint      Spectral lints the spec (spectral lint spec/openapi.yaml --fail-severity=warn)
  contract  the contract suite (runContract, as npm run contract) against the server,
            writing JUnit
  prism     a battery of requests covering every documented response, sent through
            Prism's validation proxy; fails on any violation Prism reports in a response
  dredd     Dredd runs every documented transaction (4xx included) with the gate's hooks,
            validating bodies against the spec's response schemas

${NO_URL[where]}

Options:
  --base-url URL      server to check, base path included (e.g. https://staging.example/v1)
  --api-key KEY       bearer key for it (default: $PETSTORE_API_KEY${where === 'checkout' ? "; the mock's own key" : ''})
  --level LEVEL       interface (the interface document's rules) or strict (plus the
                      project's decisions); default ${where === 'checkout' ? 'strict for the mock, interface otherwise' : 'interface'}
  --skip LIST         stages to skip, comma-separated: lint,contract,prism,dredd
  --skip-lint, --skip-contract, --skip-prism, --skip-dredd   the same, one flag each
  --junit-dir DIR     write one JUnit XML report per stage there (lint.xml, contract.xml,
                      prism.xml, dredd.xml)
  --profile FILE      the server's gap choices (JSON or YAML), checked by the contract stage
                      as petstore-contract --profile checks them
  --pact FILE         a consumer's pact, replayed by the contract stage as
                      petstore-contract --pact replays it
  --max-creates N     at most N animals left on the server by all stages: the prism and
                      dredd POSTs are set aside first, the contract stage gets the rest
  --concurrency N     requests the contract stage keeps in flight at once (default 16, as
                      petstore-contract); lower it for a server that welcomes fewer connections
  -h, --help          show this help

Exit status: 0 every stage that ran passed (stages skipped by flag are listed as such, and
the verdict then reads "PASSED as far as tested", as it does when --max-creates left checks out);
1 a stage failed; 2 usage error or the server is unreachable.`;

const printStage = (result: StageResult) => {
  console.log(
    `\n== ${result.stage}: ${result.status} (${(result.durationMs / 1000).toFixed(1)} s)`,
  );
  console.log(`   ${result.summary}`);
  for (const line of result.details) console.log(`   - ${line}`);
};

// The tools run in their own process groups, which Ctrl-C does not reach: stop them here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAllProcesses();
    console.error(`interrupted (${signal}); stopped the running tools`);
    process.exit(130);
  });
}

/**
 * Runs the gate command; with `startMock` (the repository's command) a run without
 * --base-url checks the mock it starts, without it (the installed command) --base-url is required.
 */
export function gateCommand(
  name: string,
  startMock?: (apiKey: string | undefined) => Promise<StartedServer>,
): void {
  const where = startMock ? 'checkout' : 'installed';
  runCommand({ name, help: help(where), flags: gateFlags }, (values) =>
    gate(name, gateOptions(values, process.env, !startMock), startMock),
  );
}

async function gate(
  name: string,
  { mockApiKey, ...options }: GateFlagOptions,
  startMock: ((apiKey: string | undefined) => Promise<StartedServer>) | undefined,
): Promise<number> {
  const where = options.server?.baseUrl ?? 'the project mock (started on a random port)';
  console.log(`Release gate: checking ${where} at ${options.level} level`);
  let report: GateReport;
  try {
    report = await runGate({
      ...options,
      startMock: startMock && (() => startMock(mockApiKey)),
      onStage: printStage,
    });
  } catch (error) {
    // A malformed base URL or nothing answering there: the caller's to fix (exit 2).
    if (!(error instanceof PreflightError)) throw error;
    console.error(`${name}: ${error.message}`);
    return 2;
  }
  console.log(`\nSummary for ${report.baseUrl}${report.isMock ? ' (project mock)' : ''}:\n`);
  console.log(formatSummary(report.results, report.totalMs));
  return gatePassed(report.results) ? 0 : 1;
}
