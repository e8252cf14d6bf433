/**
 * What the traffic stage keeps of the app's exchanges as they come (an end-to-end suite may
 * make thousands): counts for the coverage, the animals the backend created, the requests the
 * backend did not answer, and each departure once per cause (side, rule, operation), with its
 * first exchange and how often and in how many sessions it came again.
 */
import type { Departure } from '../../spec/checks/departures.ts';
import { allResponses } from '../../spec/document.ts';
import { parseJson } from '../../spec/json.ts';
import { documentAtLevel } from '../../spec/levels.ts';
import type { OperationId } from '../../spec/types.ts';
import type { OperationCoverage, TrafficCoverage, TrafficExchange } from '../traffic-types.ts';

/** One departure and every exchange it came in, kept as its first. */
export type DepartureGroup = {
  departure: Departure;
  exchange: TrafficExchange;
  count: number;
  sessions: Set<string>;
};

/** An answer the mock made because the backend gave none (502, 504). */
const NO_ANSWER = /"code":\s*"(backend_unreachable|backend_timeout)"/;
// The most causes and created ids kept: far more than a report can show.
const MAX_GROUPS = 500;
const MAX_IDS = 10_000;

/** The ledger of one run's traffic. */
export function createLedger() {
  const sessions = new Set<string>();
  const operations = new Map<
    OperationId,
    { requests: number; statuses: Set<number>; rules: Set<string> }
  >();
  const groups = new Map<string, DepartureGroup>();
  const ledger = {
    exchanges: 0,
    sessions,
    groups,
    /** Requests the backend gave no answer to: the mock answered 502 or 504. */
    noAnswer: { count: 0, first: undefined as TrafficExchange | undefined },
    /** Requests the mock answered itself: preflights, queued faults, refusals. */
    byMock: 0,
    /** Answers cut mid-body (not judged). */
    cut: 0,
    created: 0,
    createdIds: [] as string[],
    add(exchange: TrafficExchange): void {
      ledger.exchanges += 1;
      sessions.add(exchange.session ?? '(default)');
      for (const departure of exchange.departures ?? []) {
        const key = `${departure.side} ${departure.rule} ${exchange.operation ?? 'other'}`;
        const group = groups.get(key);
        if (group) {
          group.count += 1;
          group.sessions.add(exchange.session ?? '(default)');
        } else if (groups.size < MAX_GROUPS)
          groups.set(key, {
            departure,
            exchange,
            count: 1,
            sessions: new Set([exchange.session ?? '(default)']),
          });
      }
      if (exchange.answeredBy === 'mock') {
        if (NO_ANSWER.test(exchange.response.text ?? '') && exchange.fault === undefined) {
          ledger.noAnswer.count += 1;
          ledger.noAnswer.first ??= exchange;
        } else ledger.byMock += 1;
        return;
      }
      if (exchange.cut !== undefined) ledger.cut += 1;
      if (exchange.operation === null || exchange.answeredBy !== 'backend') return;
      const seen = operations.get(exchange.operation) ?? {
        requests: 0,
        statuses: new Set<number>(),
        rules: new Set<string>(),
      };
      operations.set(exchange.operation, seen);
      seen.requests += 1;
      seen.statuses.add(exchange.status);
      for (const rule of exchange.judged ?? []) seen.rules.add(rule);
      if (exchange.operation === 'createPet' && exchange.status === 201) {
        ledger.created += 1;
        const id = createdId(exchange.response.text);
        if (id !== undefined && ledger.createdIds.length < MAX_IDS) ledger.createdIds.push(id);
      }
    },
    /** The coverage of the traffic so far, against the interface's documented responses. */
    coverage(): TrafficCoverage {
      const documented = new Map<OperationId, number[]>();
      for (const { operationId, status } of allResponses(documentAtLevel('interface'))) {
        const code = Number(status);
        if (Number.isInteger(code))
          documented.set(operationId as OperationId, [
            ...(documented.get(operationId as OperationId) ?? []),
            code,
          ]);
      }
      const rows: OperationCoverage[] = [...documented].map(([operation, statuses]) => {
        const seen = operations.get(operation);
        const answered = [...(seen?.statuses ?? [])].sort((a, b) => a - b);
        return {
          operation,
          requests: seen?.requests ?? 0,
          documented: statuses,
          met: statuses.filter((status) => seen?.statuses.has(status)),
          undocumented: answered.filter((status) => !statuses.includes(status)),
          rules: [...(seen?.rules ?? [])].sort(),
        };
      });
      const met = rows.reduce((sum, row) => sum + row.met.length, 0);
      const all = rows.reduce((sum, row) => sum + row.documented.length, 0);
      return {
        operations: rows,
        met,
        documented: all,
        percent: all === 0 ? 0 : Math.round((100 * met) / all),
        exchanges: ledger.exchanges,
        sessions: sessions.size,
      };
    },
  };
  return ledger;
}

/** What a ledger holds. */
export type TrafficLedger = ReturnType<typeof createLedger>;

/** The id of a created animal as its answer wrote it (int64 exact), if it has one. */
function createdId(text: string | undefined): string | undefined {
  try {
    const id = (parseJson(text ?? '') as { id?: unknown } | null)?.id;
    return typeof id === 'number' || typeof id === 'bigint' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}
