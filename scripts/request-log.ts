/**
 * The mock command's request log: one line a request, as text for a person at a terminal
 * (`--log text`, the default) or as JSON lines for machines (`--log json`). Lines are
 * gathered and written together, at most 100 ms late, so a busy mock makes one write for
 * many requests instead of one each.
 */
import type { AnsweredRequest } from '../mocks/node/request-log.ts';

/** How the log writes each request. */
export type LogFormat = 'text' | 'json';

/** The formats `--log` takes. */
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];

const two = (n: number) => String(n).padStart(2, '0');

/** `HH:MM:SS.mmm` in local time, as a terminal shows it. */
function clock(time: number): string {
  const date = new Date(time);
  const ms = String(date.getMilliseconds()).padStart(3, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${ms}`;
}

/** Proxy mode's part of a line: who answered (and why the mock did), then each departure. */
function proxied(answered: AnsweredRequest): string {
  if (answered.answeredBy === undefined) return '';
  const by =
    answered.answeredBy === 'backend'
      ? ' → backend'
      : answered.fallback === undefined
        ? ' → mock'
        : ` → mock (fallback: ${answered.fallback})`;
  const departures = (answered.departures ?? []).map(({ rule, side }) => ` ✗ ${rule} (${side})`);
  const cut = answered.cut === undefined ? '' : ` ✗ cut: ${answered.cut}`;
  return by + departures.join('') + cut;
}

/** One request as a line (with its newline). */
export function formatRequest(answered: AnsweredRequest, format: LogFormat): string {
  if (format === 'json') {
    return `${JSON.stringify({ ...answered, time: new Date(answered.time).toISOString() })}\n`;
  }
  const status = answered.status === 0 ? 'dropped' : String(answered.status);
  const session = answered.session === null ? '' : ` session=${answered.session.slice(0, 64)}`;
  const message = answered.message === undefined ? '' : ` ${answered.message}`;
  return `${clock(answered.time)} ${answered.method} ${answered.target} ${status} ${answered.ms} ms${session}${proxied(answered)}${message}\n`;
}

// Written at most this often, or once this much is gathered: a write to a pipe is a system
// call (synchronous on Linux), which costed about a tenth of a request's CPU when made on
// every turn of the event loop under load.
const FLUSH_MS = 100;
const FLUSH_CHARS = 64 * 1024;

/** A log that gathers lines and hands them to `write` in one piece every 100 ms at most. */
export function createRequestLog(format: LogFormat, write: (text: string) => void) {
  let pending: string[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    write(text);
  };
  return {
    log(answered: AnsweredRequest): void {
      const line = formatRequest(answered, format);
      pending.push(line);
      size += line.length;
      if (size >= FLUSH_CHARS) flush();
      else if (timer === undefined) timer = setTimeout(flush, FLUSH_MS);
    },
    /** Writes what is gathered now (before the process exits). */
    flush,
  };
}
