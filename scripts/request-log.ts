/**
 * The mock command's request log: one line a request, as text for a person at a terminal
 * (`--log text`, the default) or as JSON lines for machines (`--log json`). Lines are
 * gathered and written once per turn of the event loop, so a busy mock makes one write for
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

/** One request as a line (with its newline). */
export function formatRequest(answered: AnsweredRequest, format: LogFormat): string {
  if (format === 'json') {
    return `${JSON.stringify({ ...answered, time: new Date(answered.time).toISOString() })}\n`;
  }
  const status = answered.status === 0 ? 'dropped' : String(answered.status);
  const session = answered.session === null ? '' : ` session=${answered.session.slice(0, 64)}`;
  const message = answered.message === undefined ? '' : ` ${answered.message}`;
  return `${clock(answered.time)} ${answered.method} ${answered.target} ${status} ${answered.ms} ms${session}${message}\n`;
}

/** A log that gathers lines and hands them to `write` in one piece per event-loop turn. */
export function createRequestLog(format: LogFormat, write: (text: string) => void) {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    write(text);
  };
  return {
    log(answered: AnsweredRequest): void {
      pending.push(formatRequest(answered, format));
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    /** Writes what is gathered now (before the process exits). */
    flush,
  };
}
