/**
 * The pace rule: once an answer has begun, a server that sends fewer than
 * `minBytesPerSecond` bytes a second over a window is too slow to read (a drip of a byte a
 * second would hold a reader for ever). Before the first byte, the request's own time bound
 * applies instead.
 */
import type { Socket } from 'node:net';
import type { ReadBounds } from './bounds.ts';

/**
 * Watches the bytes `socket` reads from now on; calls `onSlow` with the bytes of a window that
 * fell short. Returns the function that stops the watch.
 */
export function watchPace(
  socket: Socket,
  bounds: Pick<ReadBounds, 'minBytesPerSecond' | 'paceWindowMs'>,
  onSlow: (bytes: number) => void,
): () => void {
  const base = socket.bytesRead;
  let windowStart: number | undefined;
  let mark = 0;
  const need = (bounds.minBytesPerSecond * bounds.paceWindowMs) / 1000;
  const timer = setInterval(
    () => {
      const bytes = socket.bytesRead - base;
      const now = Date.now();
      if (windowStart === undefined) {
        if (bytes > 0) [windowStart, mark] = [now, bytes];
        return;
      }
      if (now - windowStart < bounds.paceWindowMs) return;
      if (bytes - mark < need) {
        clearInterval(timer);
        return onSlow(bytes - mark);
      }
      [windowStart, mark] = [now, bytes];
    },
    Math.max(50, bounds.paceWindowMs / 10),
  );
  timer.unref();
  return () => clearInterval(timer);
}
