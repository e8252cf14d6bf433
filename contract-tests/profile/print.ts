/** A profile written out as a YAML file to start from, each choice with its alternatives. */
import {
  DEFAULT_STATUSES,
  ORDERS,
  OTHER_MEDIA_TYPES,
  PAGINATIONS,
  type Profile,
  UNKNOWN_FIELDS,
} from '../../spec/profile.ts';

const CHOICES: Record<string, string> = {
  pagination: PAGINATIONS.join(' | '),
  order: ORDERS.join(' | '),
  defaultStatus: DEFAULT_STATUSES.join(' | '),
  outOfRangeLimit: 'clamp | the 4xx status that refuses it',
  maxNameLength: 'the longest name accepted, in characters',
  unknownFields: UNKNOWN_FIELDS.join(' | '),
  otherMediaTypes: `${OTHER_MEDIA_TYPES.join(' | ')}: a valid body labelled text/plain, a form or nothing`,
  decisions: "true: also this project's other decisions (what --level strict checks)",
};

/** The YAML of a profile, with a header saying where it came from and notes as comments. */
export function printProfile(
  profile: Profile,
  origin: string,
  notes: readonly string[] = [],
): string {
  const lines = [
    `# petstore-contract profile: how the server under test fills the interface's gaps (${origin}).`,
    '# Each field declared is checked; delete a line to leave that choice unchecked.',
    '# Use it with: npx petstore-contract --base-url URL --api-key KEY --profile FILE',
  ];
  for (const [field, value] of Object.entries(profile)) {
    if (field === 'errorCodes') {
      lines.push('errorCodes:');
      for (const [status, code] of Object.entries(value as Record<string, string>))
        lines.push(`  "${status}": ${JSON.stringify(code)}`);
    } else if (field === 'off') lines.push(`off: ${JSON.stringify(value)}`);
    else
      lines.push(
        `${field}: ${JSON.stringify(value)}${CHOICES[field] ? `  # ${CHOICES[field]}` : ''}`,
      );
  }
  lines.push(...notes.map((note) => `# ${note}`));
  return `${lines.join('\n')}\n`;
}
