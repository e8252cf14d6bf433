/**
 * Consumer contracts (Pact files, specification v3 and v4) as both sides read them: the mock
 * writes a session's journal as one (mocks/core/pact/), the contract suite replays one against
 * any server (contract-tests/pact/). One vocabulary of provider states, set up by the mock's
 * `POST /__mock/pact/states` and by the suite through the interface itself, and of the gap
 * choices an interaction relied on, which map onto a profile's fields (spec/profile.ts).
 */
import type { Profile } from './profile.ts';

/** One Pact matcher, as pact files write it (`{ "match": "type", "min": 1 }`). */
export type PactMatcher = { match: string; regex?: string; min?: number; max?: number } & Record<
  string,
  unknown
>;

/** The matchers of one path: all must hold (AND, the default) or one (OR). */
export type PactRuleSet = { combine?: 'AND' | 'OR'; matchers: PactMatcher[] };

/** The matching rules of a request or response, by category, each by JSONPath or name. */
export type PactMatchingRules = {
  body?: Record<string, PactRuleSet>;
  header?: Record<string, PactRuleSet>;
  query?: Record<string, PactRuleSet>;
  path?: PactRuleSet;
  status?: PactRuleSet;
};

/** A generator: `ProviderState` takes its value from what the state set-up returned. */
export type PactGenerator = { type: string; expression?: string; dataType?: string } & Record<
  string,
  unknown
>;

/** The generators of a request or response, by category. */
export type PactGenerators = {
  path?: PactGenerator;
  body?: Record<string, PactGenerator>;
  header?: Record<string, PactGenerator>;
  query?: Record<string, PactGenerator>;
};

/** A provider state: what the provider must hold before the interaction. */
export type PactProviderState = { name: string; params?: Record<string, unknown> };

/** The provider states this project sets up (mock and suite alike), by name. */
export const PACT_STATES = {
  /** params `name`, `categoryId`, `status?`: creates that animal; returns its `id`. */
  animal: 'an animal exists',
  /** params `count`, `status?`: at least `count` animals (of that status) exist. */
  animals: 'animals exist',
  /** params `status?`: no animal (of that status) exists. */
  none: 'no animals exist',
  /** params `id`: no animal has that id; returns the `id` to ask for (the same, or one absent). */
  absent: 'an animal does not exist',
} as const;

/** The name of a provider state this project sets up. */
export type PactStateName = (typeof PACT_STATES)[keyof typeof PACT_STATES];

/** The kinds of gap choice an interaction can rely on. */
export const GAP_KINDS = [
  'order',
  'pagination',
  'defaultStatus',
  'errorCode',
  'pageSize',
  'outOfRangeLimit',
  'refusalStatus',
] as const;

/**
 * A choice the interface leaves open that an interaction relied on: the order of a list, its
 * `Link` pages, a page as full as `limit` allows, the status of an animal created without
 * one, an error's `code`, how an out-of-range `limit` or another invalid parameter is answered. `profile` is the profile
 * field that declares it, when one does.
 */
export type ReliedGap = {
  gap: (typeof GAP_KINDS)[number];
  /** What the app saw: `id-asc`, `link`, a page size, `available`, `omitted`, a code, `clamp` or a status. */
  value: string | number;
  /** For an error code: the status it came with. */
  status?: number;
  /** The profile fields that declare this choice (absent: no profile field does). */
  profile?: Profile;
  /** The choice in words, for the pact's readers and the report. */
  note: string;
};

/** What this project adds to an interaction: its operation and the gaps it relied on. */
export type PactInteractionNotes = { operation: string; relies: ReliedGap[] };

/** The key of this project's notes, on each interaction and in the pact's metadata. */
export const PACT_NOTES_KEY = 'petstore';

/** The pact's metadata notes: where it came from, what was left out, the profile it implies. */
export type PactMetadataNotes = {
  /** The interface version the pact was recorded against. */
  interface: string;
  /** The gap choices the interactions relied on, as a profile (what a backend must declare). */
  profile: Profile;
  /** Requests of the journal that are not interactions, and why. */
  leftOut: { request: string; reason: string }[];
};

/** Writes the gap choices of several interactions as one profile (the first choice wins). */
export function profileOfGaps(gaps: readonly ReliedGap[]): Profile {
  const profile: Profile = {};
  for (const { profile: fields } of gaps) {
    if (fields === undefined) continue;
    for (const [field, value] of Object.entries(fields) as [keyof Profile, unknown][]) {
      if (field === 'errorCodes')
        profile.errorCodes = { ...(value as Profile['errorCodes']), ...profile.errorCodes };
      else if (!(field in profile)) Object.assign(profile, { [field]: value });
    }
  }
  return profile;
}
