/** Reads the `sl-violations` header Prism's validation proxy adds to every forwarded response. */

/** One violation Prism reports: where (`['response','body','id']`), how bad, and why. */
export type PrismViolation = {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
};

/** Parses the header's JSON array; a header that is not one is itself reported as a violation. */
export function parseViolations(header: string | null): PrismViolation[] {
  if (header === null || header.trim() === '') return [];
  try {
    const parsed = JSON.parse(header) as unknown;
    if (!Array.isArray(parsed)) throw new Error('not an array');
    return parsed.map((entry: Record<string, unknown>) => ({
      location: Array.isArray(entry.location) ? entry.location.map(String) : [],
      severity: String(entry.severity ?? 'Error'),
      code: entry.code as string | number | undefined,
      message: String(entry.message ?? ''),
    }));
  } catch (error) {
    return [
      {
        location: ['response'],
        severity: 'Error',
        message: `unreadable sl-violations header (${(error as Error).message}): ${header}`,
      },
    ];
  }
}

/**
 * True for a violation by the server's response. Prism puts `response` first in the
 * location of those (body, headers, media type, an undocumented status); violations by
 * our deliberately invalid requests start with `request` and are expected.
 */
export const isResponseViolation = (violation: PrismViolation): boolean =>
  violation.location[0] === 'response';

/** One line for a violation: `response.body.id: Response body property id must be integer`. */
export const describeViolation = (violation: PrismViolation): string =>
  `${violation.location.join('.')}: ${violation.message} [${violation.severity}]`;
