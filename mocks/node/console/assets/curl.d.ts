// Types of curl.js for the unit tests (the page loads the module as it is).
type Entry = {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  body?: unknown;
};

export function shellQuote(text: string): string;
export function replayCurl(entry: Entry, origin: string, key?: string): string;
