/** `npm run gate`: the release gate. Prints each stage's findings, then one summary table. */
import { PreflightError } from '../contract-tests/preflight.ts';
import { type GateReport, runGate } from '../gate/run-gate.ts';
import type { StageResult } from '../gate/stage.ts';
import { formatSummary, gatePassed } from '../gate/summary.ts';
import { stopAllProcesses } from '../lib/process.ts';
import { runCommand } from './cli.ts';
import { gateFlags, gateOptions } from './gate-flags.ts';

const HELP = `Usage: npm run gate -- [--base-url URL --api-key KEY] [options]

Refuses a server that does not conform to spec/openapi.yaml. Stages, in order:
  lint      Spectral lints the spec (spectral lint spec/openapi.yaml --fail-severity=warn)
  contract  the contract suite (runContract, as npm run contract) against the server,
            writing JUnit
  prism     a battery of requests covering every documented response, sent through
            Prism's validation proxy; fails on any violation Prism reports in a response
  dredd     Dredd runs every documented transaction (4xx included) with the hooks of
            gate/stages/dredd-hooks.cjs, validating bodies against the spec's response
            schemas

Without --base-url the gate starts the project's mock on a random loopback port and checks
it (429/500/503 are then forced with "Prefer: code=NNN"; against another server they are
skipped, since they cannot be provoked from outside).

Options:
  --base-url URL      server to check, base path included (e.g. https://staging.example/v1)
  --api-key KEY       bearer key for it (default: $PETSTORE_API_KEY; the mock's own key)
  --level LEVEL       interface (the interface document's rules) or strict (plus the
                      project's decisions); default strict for the mock, interface otherwise
  --skip LIST         stages to skip, comma-separated: lint,contract,prism,dredd
  --skip-lint, --skip-contract, --skip-prism, --skip-dredd   the same, one flag each
  --junit-dir DIR     write one JUnit XML report per stage there (lint.xml, contract.xml,
                      prism.xml, dredd.xml)
  -h, --help          show this help

Exit status: 0 every stage that ran passed (stages skipped by flag are listed as such);
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
    console.error(`gate: interrupted (${signal}); stopped the running tools`);
    process.exit(130);
  });
}

runCommand({ name: 'gate', help: HELP, flags: gateFlags }, async (values) => {
  const options = gateOptions(values);
  const where = options.server?.baseUrl ?? 'the project mock (started on a random port)';
  console.log(`Release gate: checking ${where} at ${options.level} level`);
  let report: GateReport;
  try {
    report = await runGate({ ...options, onStage: printStage });
  } catch (error) {
    // A malformed base URL or nothing answering there: the caller's to fix (exit 2).
    if (!(error instanceof PreflightError)) throw error;
    console.error(`gate: ${error.message}`);
    return 2;
  }
  console.log(`\nSummary for ${report.baseUrl}${report.isMock ? ' (project mock)' : ''}:\n`);
  console.log(formatSummary(report.results, report.totalMs));
  return gatePassed(report.results) ? 0 : 1;
});
