/**
 * Faults a test queues for its own session (`POST /__mock/faults`): the next `times` matching
 * requests answer with a status, lose their connection, or answer late, in queue order.
 */
import type { OperationId } from '../../spec/types.ts';
import { MockError } from './errors.ts';

/** The operations a fault can target; `*` matches every operation. */
export const FAULT_OPERATIONS = ['listPets', 'createPet', 'getPet', '*'] as const;

/** Longest delay a fault may add. */
export const MAX_FAULT_DELAY_MS = 60_000;
const MAX_TIMES = 10_000;
const FIELDS = new Set(['operation', 'times', 'status', 'network', 'delayMs']);

/** What a fault does to a request. */
export type FaultEffect = { status: number } | { network: 'reset' } | { delayMs: number };

/** A checked fault: which operation, how many times, and what it does. */
export type FaultSpec = FaultEffect & {
  operation: (typeof FAULT_OPERATIONS)[number];
  times: number;
};

/** A queued fault, as POST and GET /__mock/faults show it. */
export type Fault = FaultSpec & { id: number };

/** A fault as a test asks for it (`operation` defaults to `*`, `times` to 1). */
export type FaultRequest = {
  operation?: FaultSpec['operation'];
  times?: number;
  status?: number;
  network?: 'reset';
  delayMs?: number;
};

const invalid = (message: string) => new MockError(400, 'validation_failed', message);

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Checks a requested fault; throws a 400 naming the field at fault. */
export function parseFault(body: unknown): FaultSpec {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('a fault must be a JSON object such as {"operation":"listPets","status":500}');
  const fault = body as Record<string, unknown>;
  const extra = Object.keys(fault).find((key) => !FIELDS.has(key));
  if (extra !== undefined)
    throw invalid(`fault property "${extra}" is not allowed; use ${[...FIELDS].join(', ')}`);
  const operation = fault.operation ?? '*';
  if (!FAULT_OPERATIONS.includes(operation as Fault['operation']))
    throw invalid(
      `operation must be one of ${FAULT_OPERATIONS.join(', ')}, got ${JSON.stringify(operation)}`,
    );
  const times = fault.times ?? 1;
  if (!isWhole(times, 1, MAX_TIMES))
    throw invalid(`times must be an integer from 1 to ${MAX_TIMES}, got ${JSON.stringify(times)}`);
  const effects = (['status', 'network', 'delayMs'] as const).filter((key) => key in fault);
  if (effects.length !== 1)
    throw invalid('a fault needs exactly one of status, network or delayMs');
  const base = { operation: operation as Fault['operation'], times };
  if (fault.status !== undefined) {
    if (!isWhole(fault.status, 400, 599))
      throw invalid(
        `status must be an integer from 400 to 599, got ${JSON.stringify(fault.status)}`,
      );
    return { ...base, status: fault.status };
  }
  if (fault.network !== undefined) {
    if (fault.network !== 'reset')
      throw invalid(`network must be "reset", got ${JSON.stringify(fault.network)}`);
    return { ...base, network: 'reset' };
  }
  if (!isWhole(fault.delayMs, 0, MAX_FAULT_DELAY_MS))
    throw invalid(
      `delayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}, got ${JSON.stringify(fault.delayMs)}`,
    );
  return { ...base, delayMs: fault.delayMs };
}

/** One session's pending faults, in queue order. */
export type FaultQueue = {
  readonly size: number;
  add(fault: FaultSpec): Fault;
  list(): Fault[];
  clear(): void;
  /** The effect the next request of `operation` takes, if a fault matches it (used up once). */
  take(operation: OperationId): FaultEffect | undefined;
};

/** Creates an empty fault queue. */
export function createFaultQueue(): FaultQueue {
  let queue: Fault[] = [];
  let lastId = 0;
  return {
    get size() {
      return queue.length;
    },
    add(fault) {
      lastId += 1;
      const queued = { ...fault, id: lastId } as Fault;
      queue.push(queued);
      return { ...queued };
    },
    list: () => queue.map((fault) => ({ ...fault })),
    clear() {
      queue = [];
    },
    take(operation) {
      const index = queue.findIndex((f) => f.operation === '*' || f.operation === operation);
      const fault = queue[index];
      if (fault === undefined) return undefined;
      fault.times -= 1;
      if (fault.times === 0) queue.splice(index, 1);
      if ('status' in fault) return { status: fault.status };
      if ('network' in fault) return { network: fault.network };
      return { delayMs: fault.delayMs };
    },
  };
}
