/**
 * The body of an answer as it arrives: its Content-Encoding undone by streaming decoders
 * (gzip, deflate in either form, br), every decoded byte counted, and reading stopped the
 * moment the count passes the bound, so a small compressed body that inflates to gigabytes
 * costs no more than the bound.
 */
import {
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  type Gunzip,
} from 'node:zlib';
import { BoundExceeded, boundCause, type ReadBounds } from './bounds.ts';

/** The codings a reader undoes, as sent in Accept-Encoding. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** A body that is not what its Content-Encoding says, or in a coding not accepted. */
export class DecodeFault extends Error {
  override name = 'DecodeFault';
  constructor(
    readonly title: string,
    readonly detail: string,
  ) {
    super(`${title}: ${detail}`);
  }
}

type Sink = { write(chunk: Buffer): void; end(): void };
type Decoder = Pick<Gunzip, 'write' | 'end' | 'on' | 'destroy'>;

// "deflate" is the zlib format, but servers often send raw deflate: clients accept both.
const looksZlib = ([a = 0, b = 0]: Buffer) => (a & 0x0f) === 8 && (a * 256 + b) % 31 === 0;

const DECODERS: Record<string, (first: Buffer) => Decoder> = {
  gzip: () => createGunzip(),
  'x-gzip': () => createGunzip(),
  br: () => createBrotliDecompress(),
  deflate: (first) => (looksZlib(first) ? createInflate() : createInflateRaw()),
};

/** The codings of a Content-Encoding header, in the order they must be undone. */
export function codingsOf(encoding: string | undefined): string[] {
  return (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
}

/**
 * Decodes a body written to it chunk by chunk: `onChunk` gets each decoded chunk, `done`
 * settles once the last is out, or with the first fault (a BoundExceeded past
 * `bounds.maxBodyBytes`, a DecodeFault). `received` counts the decoded bytes so far.
 */
export function bodyReader(
  encoding: string | undefined,
  bounds: Pick<ReadBounds, 'maxBodyBytes'>,
  onChunk: (chunk: Buffer) => void,
) {
  const codings = codingsOf(encoding);
  const unknown = codings.find((c) => !(c in DECODERS));
  const decoders: Decoder[] = [];
  let settle: { resolve(): void; reject(error: Error): void } | undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let failed = false;
  const state = { received: 0, stopped: false };
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    state.stopped = true;
    for (const d of decoders) d.destroy();
    settle?.reject(error);
  };
  if (unknown)
    fail(
      new DecodeFault(
        'Answer in a Content-Encoding the request did not accept',
        `Content-Encoding ${encoding}; the request accepted ${ACCEPT_ENCODING}`,
      ),
    );
  const prefix: Buffer[] = [];
  const last: Sink = {
    write(chunk) {
      if (state.stopped) return;
      state.received += chunk.length;
      if (state.received > bounds.maxBodyBytes) {
        const kept = Buffer.concat(prefix).subarray(0, 256);
        return fail(
          new BoundExceeded(
            'body-size',
            boundCause.body(bounds as ReadBounds, codings.length > 0 ? encoding : undefined),
            state.received,
            new Uint8Array(kept),
          ),
        );
      }
      if (prefix.length < 4) prefix.push(chunk);
      onChunk(chunk);
    },
    end: () => settle?.resolve(),
  };
  // Each coding a stage in front of the next, made on its first chunk (deflate's form shows there).
  const stage = (coding: string, next: Sink): Sink => {
    let decoder: Decoder | undefined;
    let size = 0;
    const open = (first: Buffer) => {
      if (decoder) return decoder;
      const made = (DECODERS[coding] as (first: Buffer) => Decoder)(first);
      decoders.push(made);
      made.on('data', (chunk: Buffer) => next.write(chunk));
      made.on('end', () => next.end());
      made.on('error', (error: Error) =>
        fail(
          new DecodeFault(
            'Body does not decode as its Content-Encoding says',
            `Content-Encoding ${encoding}, but the ${size} bytes are not ${coding} (${error.message})`,
          ),
        ),
      );
      decoder = made;
      return made;
    };
    return {
      write(chunk) {
        if (state.stopped) return;
        size += chunk.length;
        open(chunk).write(chunk);
      },
      end() {
        if (!state.stopped) open(Buffer.alloc(0)).end();
      },
    };
  };
  const first = unknown ? last : codings.reduceRight<Sink>((next, c) => stage(c, next), last);
  return {
    write: (chunk: Buffer) => first.write(chunk),
    end: () => first.end(),
    /** Stops decoding: nothing more reaches `onChunk`. */
    stop: () => {
      state.stopped = true;
      for (const d of decoders) d.destroy();
      settle?.resolve();
    },
    done,
    get received() {
      return state.received;
    },
  };
}
