/**
 * Faults a test queues for its own session (`POST /__mock/faults`): the requests a fault
 * matches (an operation, and query, `petId` or body values) answer with a status, late, with
 * a broken body, or not at all, `times` times or until cleared, after letting `after` through.
 */
import type { OperationId } from '../../spec/types.ts';
import { MockError } from './errors.ts';
import {
  matchesRequest,
  parseMatch,
  type RequestFacts,
  type RequestMatch,
} from './request-match.ts';

/** The operations a fault can target; `*` matches every operation. */
export const FAULT_OPERATIONS = ['listPets', 'createPet', 'getPet', '*'] as const;

/** What a fault can do to the answer's body. */
export const FAULT_ANSWERS = ['cut-short', 'not-json', 'trickle'] as const;

/** Longest delay a fault may add. */
export const MAX_FAULT_DELAY_MS = 60_000;
const MAX_COUNT = 10_000;
const FIELDS = [
  'operation',
  'match',
  'after',
  'times',
  'status',
  'delayMs',
  'answer',
  'network',
] as const;

/**
 * What a fault does: a status (an `Error` body), a delay before the answer, a body cut short,
 * not JSON or trickling (over `delayMs`), each alone or together; or a dropped connection.
 */
export type FaultEffect = {
  status?: number;
  delayMs?: number;
  answer?: (typeof FAULT_ANSWERS)[number];
  network?: 'reset';
};

/** A checked fault: which requests, how many, and what it does. */
export type FaultSpec = FaultEffect & {
  operation: (typeof FAULT_OPERATIONS)[number];
  /** How many matching requests it takes, or `always` (until cleared). */
  times: number | 'always';
  /** Matching requests it lets through first (absent: none). */
  after?: number;
  match?: RequestMatch;
};

/** A queued fault, as POST and GET /__mock/faults show it (`times` and `after` as left). */
export type Fault = FaultSpec & { id: number };

/** A fault as a test asks for it (`operation` defaults to `*`, `times` to 1). */
export type FaultRequest = Partial<FaultSpec>;

const invalid = (message: string) => new MockError(400, 'validation_failed', message);

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function parseEffect(fault: Record<string, unknown>): FaultEffect {
  const { status, delayMs, answer, network } = fault;
  if (
    status === undefined &&
    delayMs === undefined &&
    answer === undefined &&
    network === undefined
  )
    throw invalid('a fault needs at least one of status, delayMs, answer or network');
  if (network !== undefined) {
    if (network !== 'reset')
      throw invalid(`network must be "reset", got ${JSON.stringify(network)}`);
    if (status !== undefined || delayMs !== undefined || answer !== undefined)
      throw invalid('network "reset" drops the connection: it takes no status, delayMs or answer');
    return { network };
  }
  if (status !== undefined && !isWhole(status, 400, 599))
    throw invalid(`status must be an integer from 400 to 599, got ${JSON.stringify(status)}`);
  if (delayMs !== undefined && !isWhole(delayMs, 0, MAX_FAULT_DELAY_MS))
    throw invalid(
      `delayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}, got ${JSON.stringify(delayMs)}`,
    );
  if (answer !== undefined && !FAULT_ANSWERS.includes(answer as never))
    throw invalid(
      `answer must be one of ${FAULT_ANSWERS.join(', ')}, got ${JSON.stringify(answer)}`,
    );
  return {
    ...(status === undefined ? {} : { status }),
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(answer === undefined ? {} : { answer: answer as FaultEffect['answer'] }),
  } as FaultEffect;
}

/** Checks a requested fault; throws a 400 naming the field at fault. */
export function parseFault(body: unknown): FaultSpec {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid('a fault must be a JSON object such as {"operation":"listPets","status":500}');
  const fault = body as Record<string, unknown>;
  const extra = Object.keys(fault).find((key) => !FIELDS.includes(key as never));
  if (extra !== undefined)
    throw invalid(`fault property "${extra}" is not allowed; use ${FIELDS.join(', ')}`);
  const operation = fault.operation ?? '*';
  if (!FAULT_OPERATIONS.includes(operation as Fault['operation']))
    throw invalid(
      `operation must be one of ${FAULT_OPERATIONS.join(', ')}, got ${JSON.stringify(operation)}`,
    );
  const times = fault.times ?? 1;
  if (times !== 'always' && !isWhole(times, 1, MAX_COUNT))
    throw invalid(
      `times must be an integer from 1 to ${MAX_COUNT} or "always", got ${JSON.stringify(times)}`,
    );
  const after = fault.after ?? 0;
  if (!isWhole(after, 0, MAX_COUNT))
    throw invalid(`after must be an integer from 0 to ${MAX_COUNT}, got ${JSON.stringify(after)}`);
  const match = fault.match === undefined ? undefined : parseMatch(fault.match, 'match');
  return {
    operation: operation as Fault['operation'],
    times: times as FaultSpec['times'],
    ...(after === 0 ? {} : { after }),
    ...(match === undefined ? {} : { match }),
    ...parseEffect(fault),
  };
}

/** One session's pending faults, in queue order. */
export type FaultQueue = {
  readonly size: number;
  add(fault: FaultSpec): Fault;
  list(): Fault[];
  clear(): void;
  /** Whether a pending fault of `operation` matches on the body (which must then be read). */
  needsBody(operation: OperationId): boolean;
  /**
   * The fault that takes this request of `operation`, if one does (used up once), as it was
   * when it took it; every matching fault that still lets requests through counts it.
   */
  take(operation: OperationId, facts: RequestFacts): Fault | undefined;
};

const copy = (fault: Fault): Fault => structuredClone(fault);

/** Creates an empty fault queue. */
export function createFaultQueue(): FaultQueue {
  let queue: Fault[] = [];
  let lastId = 0;
  const targets = (fault: Fault, operation: OperationId) =>
    fault.operation === '*' || fault.operation === operation;
  return {
    get size() {
      return queue.length;
    },
    add(fault) {
      lastId += 1;
      const queued = { ...fault, id: lastId } as Fault;
      queue.push(queued);
      return copy(queued);
    },
    list: () => queue.map(copy),
    clear() {
      queue = [];
    },
    needsBody: (operation) =>
      queue.some((fault) => targets(fault, operation) && fault.match?.body !== undefined),
    take(operation, facts) {
      let taken: Fault | undefined;
      for (const fault of queue) {
        if (!targets(fault, operation)) continue;
        if (fault.match !== undefined && !matchesRequest(fault.match, facts)) continue;
        if (fault.after !== undefined && fault.after > 0) {
          fault.after -= 1;
          if (fault.after === 0) delete fault.after;
        } else if (taken === undefined) taken = fault;
      }
      if (taken === undefined) return undefined;
      const seen = copy(taken);
      if (taken.times !== 'always') {
        taken.times -= 1;
        if (taken.times === 0) queue.splice(queue.indexOf(taken), 1);
      }
      return seen;
    },
  };
}
