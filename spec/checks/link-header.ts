/**
 * The targets of an RFC 8288 `Link` header by relation type, read as the RFC allows servers
 * to write it: several links in one header, parameters in any order and case, `rel` quoted
 * or not and holding several types (`rel="next last"`), commas and semicolons inside the
 * `<…>` target or a quoted value.
 */

/** The links of a header value: each target with its lower-cased relation types. */
export function parseLinks(header: string | undefined): { target: string; rels: string[] }[] {
  const links: { target: string; rels: string[] }[] = [];
  const link = /<([^>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:"(?:[^"\\]|\\.)*"|[^;,"\s]*))?)*)/g;
  for (const match of (header ?? '').matchAll(link)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;,"\s]*))/i.exec(params);
    const value = rel?.[1] ?? rel?.[2] ?? '';
    links.push({
      target: match[1] ?? '',
      rels: value.toLowerCase().split(/\s+/).filter(Boolean),
    });
  }
  return links;
}

/** The target of the first link whose relation types include `rel`, if any. */
export const linkTarget = (header: string | undefined, rel: string): string | undefined =>
  parseLinks(header).find((link) => link.rels.includes(rel.toLowerCase()))?.target;
