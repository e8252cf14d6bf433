// Proxy mode: the picked session's departures from the interface (GET /__mock/departures),
// by rule (how often, and the sentence it breaks) and the latest ones, each with its request
// whole (path and query) and what the rule expected beside what was seen.
import { pickedSession, read, sessionName } from './api.js';
import { byId, el, row } from './dom.js';
import { departureWords, targetOf } from './words.js';

const LATEST = 50;
const rules = byId('rules');
const rows = byId('departure-rows');
const info = byId('departures-info');

function byRule(departures) {
  const groups = new Map();
  for (const d of departures) {
    const group = groups.get(`${d.rule} ${d.side}`) ?? { ...d, times: 0 };
    group.times += 1;
    groups.set(`${d.rule} ${d.side}`, group);
  }
  return [...groups.values()].sort((a, b) => b.times - a.times);
}

/** Reads the picked session's departures into the panel (proxy mode only). */
export async function readDepartures() {
  if (rules === null) return;
  const session = pickedSession();
  try {
    const departures = await read('/__mock/departures', session);
    rules.replaceChildren(
      ...byRule(departures).map((g) => row(g.rule, g.side, String(g.times), g.sentence)),
    );
    rows.replaceChildren(
      ...departures
        .slice(-LATEST)
        .reverse()
        .map((d) => {
          const words = departureWords(d);
          return el(
            'tr',
            {},
            el(
              'td',
              {},
              el('code', {}, `${d.method} ${targetOf(d)}`),
              ` → ${d.status} ${d.answeredBy}`,
            ),
            el('td', {}, el('strong', {}, d.rule), ` (${d.side}) ${words.headline}`),
            el('td', {}, words.expected),
            el('td', {}, words.seen),
          );
        }),
    );
    info.textContent =
      departures.length === 0
        ? `none in session ${sessionName(session)}`
        : `${departures.length} in session ${sessionName(session)}`;
  } catch (error) {
    info.textContent = error.message;
  }
}
