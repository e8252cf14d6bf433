/**
 * The ids of the animals a run left on a server, as a person reads them: runs of consecutive
 * ids as ranges (`453–680, 700, 702–705`), exact for int64 ids (they arrive as text).
 */

/** The ids sorted, consecutive ones joined into ranges; ids that are not integers last, as given. */
export function idRanges(ids: readonly string[]): string[] {
  const numbers = [...new Set(ids.filter((id) => /^-?\d+$/.test(id)).map(BigInt))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const ranges: string[] = [];
  let start: bigint | undefined;
  let end: bigint | undefined;
  const close = () => {
    if (start === undefined || end === undefined) return;
    ranges.push(start === end ? `${start}` : `${start}–${end}`);
  };
  for (const n of numbers) {
    if (end !== undefined && n === end + 1n) end = n;
    else {
      close();
      [start, end] = [n, n];
    }
  }
  close();
  return [...ranges, ...ids.filter((id) => !/^-?\d+$/.test(id))];
}

/**
 * The ids as one short text: every range when they fit in `width` characters, else the
 * first ranges that fit and how many more (`453–680, 700, … and 12 more ranges`).
 */
export function idRangesText(ids: readonly string[], width = 160): string {
  const ranges = idRanges(ids);
  const all = ranges.join(', ');
  if (all.length <= width) return all;
  const shown: string[] = [];
  for (const range of ranges) {
    if ([...shown, range].join(', ').length > width - 30) break;
    shown.push(range);
  }
  return `${shown.join(', ')}, … and ${ranges.length - shown.length} more ranges`;
}
