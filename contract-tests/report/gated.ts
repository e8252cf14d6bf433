/**
 * The suite files that run only under an option: the strict level's (this project's
 * decisions) and the declared choices' (a profile). Their checks' names start with the
 * prefix of their `describe`, or, for a file's set-up, with the file's name.
 */

/** What a gated check needs to run at all. */
export type Gate = 'strict' | 'declared';

const GATES: [RegExp, Gate][] = [
  [/^strict(: |-[\w-]+ \(set-up\))/, 'strict'],
  [/^declared(: |-?[\w-]* \(set-up\))/, 'declared'],
];

/** The option a check's suite needs (`--level strict`, a profile), or undefined for every run. */
export const gateOf = (testName: string): Gate | undefined =>
  GATES.find(([pattern]) => pattern.test(testName))?.[1];

/** Why a gated check was skipped: the option it needs. */
export const GATE_NOTES: Record<Gate, string> = {
  strict: "this project's decisions: checked with --level strict",
  declared: 'a gap choice: checked when the profile declares it',
};
