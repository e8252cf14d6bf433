/**
 * Runs the contract suite N times against one service of the real-server panel while every
 * core is kept busy, and prints how many runs passed (for "20 runs out of 20").
 * It lives beside the panel it drives (scripts/ may not import tests/), so it prints with
 * process.stdout.write.
 */
import { parseArgs } from 'node:util';
import { describeRun } from './contract-run.ts';
import { SERVICES, type ServiceName, startService } from './services.ts';
import { runBusy } from './verdicts.ts';

/** The services, one line per framework. */
function byFramework(): string {
  const lines = new Map<string, string[]>();
  for (const name of SERVICES) {
    const framework = name.split('-')[0] as string;
    lines.set(framework, [...(lines.get(framework) ?? []), name]);
  }
  return [...lines.values()].map((names) => `                  ${names.join(', ')}`).join('\n');
}

const HELP = `Usage: npx tsx tests/real-servers/soak.ts [--runs N] [--server NAME]

Runs petstore-contract (--depth quick) N times in a row against one service of the
real-server panel while every core is kept busy, and prints how many runs passed.

  --runs N        how many runs (default 20)
  --server NAME   the service (default go-conforming), one of:
${byFramework()}
  --help          this text

Exit 0 when every run passed, 1 otherwise.
`;

const print = (text: string) => process.stdout.write(`${text}\n`);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    server: { type: 'string', default: 'go-conforming' },
    help: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const server = values.server as ServiceName;
if (values.help) {
  print(HELP);
  process.exit(0);
}
if (!Number.isInteger(runs) || runs < 1 || !SERVICES.includes(server)) {
  process.stderr.write(`--runs must be a positive integer and --server a service\n\n${HELP}`);
  process.exit(2);
}

const service = await startService(server);
const results = await runBusy(service, runs, (run, i) => {
  print(`run ${i + 1}/${runs}: ${describeRun(run)}`);
  // The checks that failed, so a rare failure in run 7 of 20 names its cause.
  for (const finding of run.json.findings)
    for (const failed of finding.checks) print(`  ${finding.rule}: ${failed.name}`);
}).finally(() => service.process.stop());
const passed = results.filter((run) => run.json.verdict === 'passed' && run.code === 0).length;
print(`${server}: ${passed} of ${runs} runs passed with the cores busy`);
process.exit(passed === runs ? 0 : 1);
