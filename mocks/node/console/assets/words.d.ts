// Types of words.js for the unit tests (the page loads the module as it is).
type Query = Record<string, string | string[]>;
type Entry = { path: string; query?: Query; answeredBy?: 'backend' | 'mock'; fallback?: string };
type Fault = {
  id: number;
  operation: string;
  times: number | 'always';
  after?: number;
  match?: { query?: Query; petId?: string; body?: unknown };
  status?: number;
  delayMs?: number;
  answer?: string;
  network?: string;
};
type Departure = { rule: string; title?: string; received?: string; expected?: string };

export function queryString(query?: Query): string;
export function targetOf(entry: Entry): string;
export function answeredBy(entry: Entry): string;
export function faultEffect(fault: Fault): string;
export function describeFault(fault: Fault): string;
export function departureWords(departure: Departure): {
  headline: string;
  seen: string;
  expected: string;
};
export function clock(time: string | number): string;
