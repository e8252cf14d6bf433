/**
 * The release gate as a command: prints each stage's findings as they come, then one summary
 * table and the verdict; writes the JSON result and the Markdown summary when asked, and on
 * GitHub Actions annotates every finding and appends the summary to the step's page. The
 * repository's `npm run gate` (scripts/gate.ts) can start the mock to check; the installed
 * `petstore-gate` (scripts/petstore-gate.ts) always checks a server given by URL.
 */
import { appendFileSync } from 'node:fs';
import { PreflightError } from '../contract-tests/client/preflight.ts';
import { idRangesText } from '../contract-tests/report/id-ranges.ts';
import type { StartedServer } from '../contract-tests/run/run-types.ts';
import { tiesToContract } from '../gate/causes.ts';
import { findingText } from '../gate/exchange-text.ts';
import { annotation, noVerdictAnnotation } from '../gate/github.ts';
import { animalsLeft, gateJson } from '../gate/json-result.ts';
import { writeAtomically } from '../gate/junit.ts';
import { gateMarkdown } from '../gate/markdown.ts';
import { type GateOptions, type GateReport, plannedCreations, runGate } from '../gate/run-gate.ts';
import type { GateFinding, StageResult } from '../gate/stage.ts';
import { formatSummary, isNote, notesLines, STATUS_WORDS } from '../gate/summary.ts';
import type { StartTrafficProxy } from '../gate/traffic-types.ts';
import { gateVerdict } from '../gate/verdict.ts';
import { gateVersion, interfaceVersion } from '../gate/version.ts';
import { stopAllProcesses } from '../lib/process.ts';
import type { Level } from '../spec/levels.ts';
import { runCommand } from './cli.ts';
import { type GateFlagOptions, gateFlags, gateOptions } from './gate-flags.ts';
import { gateHelp } from './gate-help.ts';

/** Prints findings numbered, each later one that shows again a contract cause saying so. */
const printFindings = (
  findings: readonly GateFinding[],
  ties: ReturnType<typeof tiesToContract> = new Map(),
) =>
  findings.forEach((finding, i) => {
    const [first = '', ...rest] = findingText(finding);
    const tie = ties.get(finding);
    console.log(`\n${i + 1}. ${first}`);
    if (tie)
      console.log(
        `   The same cause as contract finding ${tie.number} (${tie.rule}), seen again here: not a second fault.`,
      );
    for (const line of rest) console.log(`   ${line}`);
  });

/**
 * Prints a stage as it ends: its verdict, what it checked and its findings, each later
 * finding that shows again a cause the contract stage named saying so, then the app's
 * departures apart (traffic). A stage's notes wait for the end (notesLines), but for a stage
 * without a verdict, whose notes say why.
 */
const stagePrinter = (level: Level) => {
  const done: StageResult[] = [];
  return (result: StageResult) => {
    done.push(result);
    const ties = tiesToContract(done, level);
    const time = `${(result.durationMs / 1000).toFixed(1)} s`;
    console.log(`\n== ${result.stage}: ${STATUS_WORDS[result.status]} (${time})`);
    console.log(`   ${result.summary}`);
    if (result.findingsText) console.log(`\n${result.findingsText}\n`);
    else printFindings(result.findings, ties);
    if ((result.appFindings?.length ?? 0) > 0) {
      console.log(
        `\n   The app's departures (its own requests; ${result.appFindingsFail ? 'they fail the stage: --e2e-client strict' : 'reported apart, --e2e-client strict fails on them'}):`,
      );
      printFindings(result.appFindings ?? []);
    }
    const inPlace =
      result.status === 'no-verdict' ? result.details : result.details.filter((d) => !isNote(d));
    for (const line of inPlace) console.log(`   - ${line}`);
  };
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

/** What the run may leave on the server, said before it starts: the interface has no delete. */
function creationsForeword(options: GateOptions): string {
  if (options.readOnly) return 'It creates no animals (--read-only).';
  const planned = plannedCreations(options);
  if (options.maxCreates !== undefined)
    return `It leaves at most ${planned} animals on the server (--max-creates ${options.maxCreates}; checks that need more are skipped, and the summary names them).`;
  return `It may leave about ${planned} animals on the server, which keeps them (the interface has no delete); --max-creates N bounds that (checks that need more are skipped, and said so), --read-only creates none.`;
}

/** The animals left, in ranges of ids, by stage, and where the whole list is. */
function animalsLine(animals: ReturnType<typeof animalsLeft>, runId: string, jsonFile?: string) {
  if (animals.count === 0) return 'Animals left on the server: none.';
  const ids = animals.ids.length > 0 ? ` (ids ${idRangesText(animals.ids)})` : '';
  const stages = Object.entries(animals.byStage)
    .map(([stage, s]) => `${stage} ${s.count}`)
    .join(', ');
  const where = jsonFile ? `every id is in ${jsonFile}` : 'every id with --json FILE';
  return `Animals left on the server: ${animals.count}${ids}: ${stages}; the gate's own are named petstore-gate-${runId}-*; ${where}.`;
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
  console.log(creationsForeword(options));
  let report: GateReport;
  try {
    report = await runGate({
      ...options,
      startMock: startMock && (() => startMock(mockApiKey)),
      onStage: stagePrinter(options.level),
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
  console.log(formatSummary(report.results, report.totalMs, verdict, options.level));
  const notes = notesLines(report.results);
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  console.log(`\n${animalsLine(animals, report.runId, jsonFile)}`);
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
