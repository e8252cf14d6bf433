/**
 * The release gate as a command: prints each stage's findings as they come, then one summary
 * table and the verdict; writes the JSON result and the Markdown summary when asked, and on
 * GitHub Actions annotates every finding and appends the summary to the step's page. The
 * repository's `npm run gate` (scripts/gate.ts) can start the mock to check; the installed
 * `petstore-gate` (scripts/petstore-gate.ts) always checks a server given by URL.
 */
import { appendFileSync } from 'node:fs';
import { PreflightError } from '../contract-tests/client/preflight.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';
import { findingText } from '../gate/exchange-text.ts';
import { annotation, noVerdictAnnotation } from '../gate/github.ts';
import { animalsLeft, gateJson } from '../gate/json-result.ts';
import { writeAtomically } from '../gate/junit.ts';
import { gateMarkdown } from '../gate/markdown.ts';
import { type GateReport, runGate } from '../gate/run-gate.ts';
import type { GateFinding, StageResult } from '../gate/stage.ts';
import { formatSummary, STATUS_WORDS } from '../gate/summary.ts';
import type { StartTrafficProxy } from '../gate/traffic-types.ts';
import { gateVerdict } from '../gate/verdict.ts';
import { gateVersion, interfaceVersion } from '../gate/version.ts';
import { stopAllProcesses } from '../lib/process.ts';
import { runCommand } from './cli.ts';
import { type GateFlagOptions, gateFlags, gateOptions } from './gate-flags.ts';
import { gateHelp } from './gate-help.ts';

const printFindings = (findings: readonly GateFinding[]) =>
  findings.forEach((finding, i) => {
    const [first = '', ...rest] = findingText(finding);
    console.log(`\n${i + 1}. ${first}`);
    for (const line of rest) console.log(`   ${line}`);
  });

const printStage = (result: StageResult) => {
  const time = `${(result.durationMs / 1000).toFixed(1)} s`;
  console.log(`\n== ${result.stage}: ${STATUS_WORDS[result.status]} (${time})`);
  console.log(`   ${result.summary}`);
  if (result.findingsText) console.log(`\n${result.findingsText}\n`);
  else printFindings(result.findings);
  if ((result.appFindings?.length ?? 0) > 0) {
    console.log(
      `\n   The app's departures (its own requests; ${result.appFindingsFail ? 'they fail the stage: --e2e-client strict' : 'reported apart, --e2e-client strict fails on them'}):`,
    );
    printFindings(result.appFindings ?? []);
  }
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
  startProxy?: StartTrafficProxy,
): void {
  const where = startMock ? 'checkout' : 'installed';
  runCommand({ name, help: gateHelp(where), flags: gateFlags }, async (values) => {
    if (values.version) {
      console.log(`petstore-gate ${gateVersion()} (Pet Store interface ${interfaceVersion})`);
      return 0;
    }
    const options = { ...gateOptions(values, process.env, !startMock), startProxy };
    const code = await gate(name, options, startMock);
    // A stage cut short by --timeout may leave work behind in this process: it ends here.
    setTimeout(() => process.exit(code), 2_000).unref();
    return code;
  });
}

async function gate(
  name: string,
  {
    mockApiKey,
    requireComplete,
    jsonFile,
    summaryMd,
    ...options
  }: GateFlagOptions & { startProxy?: StartTrafficProxy },
  startMock: ((apiKey: string | undefined) => Promise<StartedServer>) | undefined,
): Promise<number> {
  const where = options.server?.baseUrl ?? 'the project mock (started on a random port)';
  const versions = { gate: gateVersion(), interface: interfaceVersion };
  console.log(
    `petstore-gate ${versions.gate}: checking ${where} against the Pet Store interface ${versions.interface} at ${options.level} level${options.readOnly ? ' (read-only: GET requests only)' : ''}`,
  );
  let report: GateReport;
  try {
    report = await runGate({
      ...options,
      startMock: startMock && (() => startMock(mockApiKey)),
      onStage: printStage,
    });
  } catch (error) {
    // A malformed base URL, nothing answering there, no interface at it: no verdict (exit 2).
    if (!(error instanceof PreflightError)) throw error;
    console.error(`${name}: no verdict: ${error.message}`);
    if (process.env.GITHUB_ACTIONS === 'true') console.log(noVerdictAnnotation(error.message));
    return 2;
  }
  const verdict = gateVerdict(report.results, requireComplete);
  const animals = animalsLeft(report);
  console.log(`\nSummary for ${report.baseUrl}${report.isMock ? ' (project mock)' : ''}:\n`);
  console.log(formatSummary(report.results, report.totalMs, verdict));
  console.log(
    `Animals left on the server: ${animals.count}${animals.ids.length > 0 ? ` (ids ${animals.ids.join(', ')})` : ''}; the gate's own are named petstore-gate-${report.runId}-*.`,
  );
  const level = options.level;
  if (jsonFile)
    await writeAtomically(
      jsonFile,
      `${JSON.stringify(gateJson(report, verdict, versions, level), null, 2)}\n`,
    );
  const markdown = gateMarkdown(report, verdict, versions, level);
  if (summaryMd) await writeAtomically(summaryMd, markdown);
  if (process.env.GITHUB_ACTIONS === 'true') {
    for (const finding of report.results.flatMap((r) => r.findings))
      console.log(annotation(finding));
    for (const result of report.results)
      for (const finding of result.appFindings ?? [])
        console.log(annotation(finding, result.appFindingsFail ? 'error' : 'warning'));
    if (verdict.code === 2) console.log(noVerdictAnnotation(verdict.why));
    const summaryFile = process.env.GITHUB_STEP_SUMMARY;
    if (summaryFile) appendFileSync(summaryFile, `${markdown}\n`);
  }
  return verdict.code;
}
