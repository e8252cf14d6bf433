/**
 * Near spellings of a member name, generated from the name itself (never listed by hand): its
 * other cases, its words joined as other conventions join them (snake_case, kebab-case,
 * PascalCase…), padded, prefixed or nested. JSON names are case-sensitive and a body names
 * each member exactly, so a body carrying only a near spelling of a required member lacks it.
 */

/** A member name written another way, and what to call that way. */
export type NearSpelling = { label: string; member: string; nested?: string };

/** The words of a member name: `categoryId` → category, id; `pet_name` → pet, name. */
export const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * Every near spelling of `name` that differs from it, each once: other cases, the words
 * joined by each convention, an acronym for a last short word, whitespace around it, a
 * leading underscore, and, for a name of several words, the first word as an object holding
 * the rest (`{"category": {"id": …}}`).
 */
export function nearSpellings(name: string): NearSpelling[] {
  const words = wordsOf(name);
  const last = words.at(-1) ?? '';
  const candidates: NearSpelling[] = [
    { label: 'in lower case', member: name.toLowerCase() },
    { label: 'in upper case', member: name.toUpperCase() },
    { label: 'capitalised', member: capitalised(name) },
    { label: 'in snake_case', member: words.join('_') },
    { label: 'in SCREAMING_SNAKE_CASE', member: words.join('_').toUpperCase() },
    { label: 'in kebab-case', member: words.join('-') },
    { label: 'in Train-Case', member: words.map(capitalised).join('-') },
    { label: 'in PascalCase', member: words.map(capitalised).join('') },
    {
      label: 'its last word as an acronym',
      member:
        words.length > 1
          ? [words[0], ...words.slice(1, -1).map(capitalised), last.toUpperCase()].join('')
          : name,
    },
    { label: 'with spaces between its words', member: words.join(' ') },
    { label: 'with dots between its words', member: words.join('.') },
    { label: 'after a space', member: ` ${name}` },
    { label: 'before a space', member: `${name} ` },
    { label: 'after an underscore', member: `_${name}` },
  ];
  if (words.length > 1)
    candidates.push({
      label: 'nested, its first word holding the rest',
      member: words[0] as string,
      nested: words.slice(1).join('_'),
    });
  const seen = new Set([name]);
  return candidates.filter((c) => {
    const key = c.nested === undefined ? c.member : JSON.stringify({ [c.member]: c.nested });
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The body with `member` written as `spelling` instead (its value unchanged). */
export function respelled(
  body: Record<string, unknown>,
  member: string,
  spelling: NearSpelling,
): Record<string, unknown> {
  const { [member]: value, ...rest } = body;
  const moved = spelling.nested === undefined ? value : { [spelling.nested]: value };
  return { ...rest, [spelling.member]: moved };
}
