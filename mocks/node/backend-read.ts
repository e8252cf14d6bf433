/**
 * The proxy's bounds on a backend's answer, in one place (to be replaced by the shared bounded
 * reader of issue 42): the body counted as it streams and cut at `maxBytes` (a 502), the whole
 * answer within `timeoutMs` (a 504), and the text decompressed, under the same bound, for judging.
 */
import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { MockError } from '../core/errors.ts';

/** The 502 for a backend that gave no usable answer; the message names the backend and the cause. */
export const unreachable = (backend: string, cause: string) =>
  new MockError(502, 'backend_unreachable', `no answer from the backend ${backend}: ${cause}`);

/** The 504 for a backend slower than `--proxy-timeout`. */
export const tooSlow = (backend: string, ms: number) =>
  new MockError(
    504,
    'backend_timeout',
    `the backend ${backend} took longer than ${ms} ms (--proxy-timeout) to answer`,
  );

/** Reads an answer's body as it streams, up to `maxBytes`; rejects with a 502 beyond it. */
export function readBounded(
  res: IncomingMessage,
  maxBytes: number,
  backend: string,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // Rejected before the destroy, whose 'aborted' would otherwise name the wrong cause.
        reject(
          new MockError(
            502,
            'backend_unreachable',
            `the backend ${backend} answered more than ${maxBytes} bytes, the proxy's bound`,
          ),
        );
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.once('end', () => resolve(Buffer.concat(chunks, size)));
    res.once('error', (error) => reject(unreachable(backend, error.message)));
    res.once('aborted', () => reject(unreachable(backend, 'the answer was cut short')));
  });
}

/** The body's text for judging: decompressed per Content-Encoding, under the same bound. */
export function decodedText(bytes: Buffer, encoding: string | undefined, maxBytes: number): string {
  const options = { maxOutputLength: maxBytes };
  try {
    const coding = (encoding ?? '').trim().toLowerCase();
    if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(bytes, options).toString();
    if (coding === 'deflate') return inflateSync(bytes, options).toString();
    if (coding === 'br') return brotliDecompressSync(bytes, options).toString();
  } catch {
    return '';
  }
  return bytes.toString('utf8');
}
