// The console at `/`: follows the mock's live feed and keeps each panel in step with it.
// A line or a control change of the picked session reads that session's data, faults and
// departures again (each at most once a second); every panel reads again when the feed
// reconnects, and the list starts afresh when the mock behind it restarted.
import { mode, onPick, pickedSession } from './api.js';
import { readData } from './data.js';
import { readDepartures } from './departures.js';
import { throttle } from './dom.js';
import { onLikeThis, openExchange } from './exchange.js';
import { likeEntry, readFaults } from './faults.js';
import { addLines, forgetLines, loadJournal, onOpen } from './lines.js';
import { follow } from './live.js';
import { readSessions, summaryOf } from './sessions.js';

const later = {
  sessions: throttle(readSessions, 2000),
  data: throttle(readData, 1000),
  faults: throttle(readFaults, 300),
  departures: throttle(readDepartures, 1000),
};
// In record mode a read keeps the backend's animals too.
const changesData = (line) => line.method !== 'GET' || mode.record === 'true';
const mine = (session) => (session ?? '') === pickedSession();

function readAll() {
  readSessions();
  readData();
  readFaults();
  readDepartures();
}

function onFeed({ lines, controls, skipped }) {
  addLines(lines, skipped);
  if (lines.length > 0 || controls.length > 0) later.sessions();
  for (const line of lines) {
    if (!mine(line.session)) continue;
    if (changesData(line)) later.data();
    if (line.fault) later.faults();
    if (line.departures) later.departures();
  }
  for (const control of controls) {
    if (!mine(control.session)) continue;
    later.data();
    later.faults();
    later.departures();
  }
}

onOpen(openExchange);
onLikeThis(likeEntry);
onPick(async (session) => {
  readAll();
  await readSessions();
  const total = summaryOf(session)?.requests ?? 0;
  if (total > 0) await loadJournal(session, total).catch(() => {});
});
follow({
  onHello: (_hello, restarted) => {
    if (restarted) forgetLines();
    readAll();
  },
  onFeed,
});
// Idle sessions end by themselves and their times move: read them now and then.
setInterval(() => {
  if (document.visibilityState === 'visible') later.sessions();
}, 10_000);
