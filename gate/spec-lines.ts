/** Where a rule or response of the spec sits, as a file and line a CI annotation can point at. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { operation, response } from '../spec/document.ts';
import type { OperationId } from '../spec/types.ts';
import { specPath } from './tools.ts';

let parsed: { document: ReturnType<typeof parseDocument>; lines: LineCounter } | undefined;

/** The spec file (relative to the current folder) and the line of `pointer` (`#/paths/~1pets/get`). */
export function specLocation(pointer: string): { path: string; line?: number } {
  const path = relative(process.cwd(), specPath);
  try {
    if (parsed === undefined) {
      const lines = new LineCounter();
      parsed = {
        document: parseDocument(readFileSync(specPath, 'utf8'), { lineCounter: lines }),
        lines,
      };
    }
    const keys = pointer
      .replace(/^.*?#/, '')
      .split('/')
      .slice(1)
      .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
    const node = parsed.document.getIn(keys, true) as { range?: [number] } | undefined;
    const offset = node?.range?.[0];
    return offset === undefined ? { path } : { path, line: parsed.lines.linePos(offset).line };
  } catch {
    return { path };
  }
}

/** The pointer of a documented response (`#/paths/~1pets/get/responses/200`), or its operation's. */
export function responsePointer(operationId: string, status: number): string | undefined {
  try {
    const op = operation(operationId as OperationId);
    return `#${response(op.operationId, status)?.pointer ?? op.pointer}`;
  } catch {
    return undefined;
  }
}
