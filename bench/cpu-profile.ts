/**
 * Reads a V8 `.cpuprofile` (from `node --cpu-prof`) and ranks functions by self time while
 * serving, to see where a server spends its busy time without opening a profiler UI.
 */
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** One function's share of the busy time spent serving. */
export type SelfTime = { name: string; where: string; selfMs: number; percent: number };

/** The profile split at the first HTTP request: start-up time, then the serving ranking. */
export type ProfileSummary = { startupMs: number; servingBusyMs: number; top: SelfTime[] };

// node:http calls this for every parsed request; the first sample under it ends start-up.
const FIRST_REQUEST_FRAME = 'parserOnIncoming';

const shortUrl = (url: string) =>
  url.replace(/^file:\/\/.*node_modules\//, '').replace(/^file:\/\/.*\/(?=[^/]+\/[^/]+$)/, '');

/** Summarises the profile at `path`: the `top` functions by self time after the first request. */
export function summariseProfile(path: string, top = 20): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const underRequest = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      if (nodes.get(at)?.callFrame.functionName === FIRST_REQUEST_FRAME) return true;
    }
    return false;
  };
  const totals = new Map<string, { name: string; where: string; micros: number }>();
  let serving = false;
  let startup = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    const micros = profile.timeDeltas[i] ?? 0;
    serving ||= underRequest(id);
    if (!serving) {
      startup += micros;
      return;
    }
    if (!frame || frame.functionName === '(idle)') return;
    busy += micros;
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName}@${where}`;
    const entry = totals.get(key) ?? {
      name: frame.functionName || '(anonymous)',
      where,
      micros: 0,
    };
    entry.micros += micros;
    totals.set(key, entry);
  });
  const ranked = [...totals.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, top)
    .map(({ name, where, micros }) => ({
      name,
      where,
      selfMs: micros / 1000,
      percent: (100 * micros) / busy,
    }));
  return { startupMs: startup / 1000, servingBusyMs: busy / 1000, top: ranked };
}
