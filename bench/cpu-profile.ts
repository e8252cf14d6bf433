/**
 * Reads a V8 `.cpuprofile` (from `node --cpu-prof`) and ranks functions by self time, to see
 * where a server spends its busy time without opening a profiler UI.
 */
import { readFileSync } from 'node:fs';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** One function's share of the sampled time. */
export type SelfTime = { name: string; where: string; selfMs: number; percent: number };

const shortUrl = (url: string) =>
  url.replace(/^file:\/\/.*?node_modules\//, '').replace(/^file:\/\/.*\/(?=[^/]+\/[^/]+$)/, '');

/** The `top` functions by self time; `(idle)` is left out so percentages are of busy time. */
export function topSelfTime(path: string, top = 20): SelfTime[] {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, { name: string; where: string; micros: number }>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    const micros = profile.timeDeltas[i] ?? 0;
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
  return [...totals.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, top)
    .map(({ name, where, micros }) => ({
      name,
      where,
      selfMs: micros / 1000,
      percent: (100 * micros) / busy,
    }));
}
