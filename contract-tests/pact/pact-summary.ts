/**
 * What a run made of a consumer's pact: each interaction's outcome, and the gap choices the
 * interactions relied on, one by one and added up as a profile, so the backend team sees
 * which of its choices the app depends on (and can declare them with --profile).
 */
import { profileOfGaps, type ReliedGap } from '../../spec/pact.ts';
import type { Profile } from '../../spec/profile.ts';
import type { CaseOutcome } from '../report/junit-report.ts';
import type { PactContract } from './pact-file.ts';

/** One interaction of the pact as the run replayed it. */
export type PactInteractionOutcome = {
  description: string;
  state: CaseOutcome['state'];
  /** Why it was skipped, when it was. */
  note?: string;
  relies: ReliedGap[];
};

/** The pact's part of a run's result. */
export type PactSummary = {
  consumer: string;
  provider: string;
  interactions: PactInteractionOutcome[];
  /** Interactions that are not HTTP, left out. */
  notHttp: string[];
  /** The gap choices the interactions relied on, as a profile. */
  profile: Profile;
};

/** The pact's outcome, from the suite file's outcomes (`pact > <description>`). */
export function pactSummary(contract: PactContract, outcomes: readonly CaseOutcome[]): PactSummary {
  const byName = new Map(
    outcomes.filter((c) => c.file === 'pact').map((c) => [c.name.replace(/^pact > /, ''), c]),
  );
  return {
    consumer: contract.consumer,
    provider: contract.provider,
    interactions: contract.cases.map((pact) => {
      const outcome = byName.get(pact.description);
      return {
        description: pact.description,
        state: outcome?.state ?? 'skipped',
        ...(outcome?.note ? { note: outcome.note } : {}),
        relies: pact.relies,
      };
    }),
    notHttp: contract.notHttp,
    profile: profileOfGaps(contract.cases.flatMap((pact) => pact.relies)),
  };
}

const count = (summary: PactSummary, state: CaseOutcome['state']) =>
  summary.interactions.filter((i) => i.state === state).length;

/** The pact's lines of the report: the outcome, and every gap choice relied on. */
export function pactLines(summary: PactSummary): string[] {
  const { interactions } = summary;
  const relied = interactions.filter((i) => i.relies.length > 0);
  const lines = [
    `Consumer contract ${summary.consumer || '(unnamed)'} -> ${summary.provider || '(unnamed)'}: ${interactions.length} interaction(s), ${count(summary, 'passed')} passed, ${count(summary, 'failed')} failed, ${count(summary, 'skipped')} skipped.`,
    ...interactions
      .filter((i) => i.state === 'skipped')
      .map((i) => `  skipped: ${i.description}: ${i.note ?? 'not run'}`),
    ...(summary.notHttp.length > 0 ? [`  left out (not HTTP): ${summary.notHttp.join('; ')}`] : []),
  ];
  if (relied.length === 0) return lines;
  lines.push('The app relies on these choices the interface leaves open (pact-gap):');
  for (const interaction of relied)
    for (const gap of interaction.relies) lines.push(`  - ${interaction.description}: ${gap.note}`);
  const fields = Object.entries(summary.profile);
  if (fields.length > 0)
    lines.push(
      `As a profile (petstore-contract --profile, petstore-mock --profile): ${JSON.stringify(summary.profile)}`,
    );
  return lines;
}
