/**
 * What a queued fault does to the request it catches: a status answered with an `Error`
 * body, a dropped connection (a network error, no response at all), or a late answer.
 * Nothing is read or written for a faulted request, so it changes no data.
 */
import type { OperationId } from '../../spec/types.ts';
import { CODE_OF_STATUS, MockError } from './errors.ts';
import type { FaultEffect } from './faults.ts';
import { headersFor } from './prefer.ts';

/**
 * Applies a fault: throws the MockError of a status fault, returns a network error for a
 * reset (adapters drop the connection), or waits a delay and returns undefined to go on.
 */
export async function applyFault(
  fault: FaultEffect,
  request: Request,
  operation: OperationId,
  allow: string,
): Promise<Response | undefined> {
  if ('network' in fault) return Response.error();
  if ('delayMs' in fault) {
    await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    return undefined;
  }
  const code = CODE_OF_STATUS[fault.status] ?? 'injected_fault';
  throw new MockError(
    fault.status,
    code,
    `${code} (${fault.status}) injected by a fault queued with POST /__mock/faults`,
    headersFor(operation, fault.status, request, allow),
  );
}
