// SPDX-License-Identifier: MIT
// Confirmed and idempotent writes (issue 22): every change answers with the
// events it recorded (X-Muster-Events), and an Idempotency-Key makes the
// same request again, a double tap or a retry, record nothing more: the
// second answer repeats the first. Keys are per link. With another writer
// on the same file (the tool), each answer names its own events only.
// Loopback only.
// Usage: node writes.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-writes-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Test', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth'); // #2
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth'); // #3
cli('campaign', 'engage', db, '1', '--seed', '3'); // #4
cli('campaign', 'engage', db, '2', '--seed', '4'); // #5
cli('campaign', 'battle', 'start', db, 'Ridge'); // #6
const events = () => JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.length;

let srv = await startServer(muster, ['--campaign', db]);
async function post(who, path, body, key) {
  const headers = { 'Content-Type': 'application/json', 'X-Muster-Token': srv.token(who) };
  if (key) headers['Idempotency-Key'] = key;
  const r = await fetch(srv.base + 'api/' + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: r.status, text: await r.text(), events: r.headers.get('X-Muster-Events') };
}
try {
  const cas = { div: 1, brigade: 1, lost: 1 };
  const a = await post('union', 'campaign/casualties', cas, 'tap-0001-aaaa');
  check('a write answers 200 with its event', a.status === 200 && a.events === '7', a);
  const b = await post('union', 'campaign/casualties', cas, 'tap-0001-aaaa');
  check('the same key again: the first answer, word for word', b.status === 200 && b.text === a.text && b.events === '7', b);
  check('and no second event', events() === 7, events());
  // a double tap: both in flight at once
  const [c1, c2] = await Promise.all([0, 1].map(() => post('union', 'campaign/casualties', cas, 'tap-0002-bbbb')));
  check('a double tap records one event', events() === 8 && c1.text === c2.text && c1.events === '8' && c2.events === '8', [c1, c2, events()]);
  const d = await post('union', 'campaign/casualties', { ...cas, lost: 2 }, 'tap-0002-bbbb');
  check('a key sent with another change: 409, nothing recorded', d.status === 409 && /another change/.test(d.text) && events() === 8, d);
  // keys are the link's own: the Confederates' same key runs their own change
  const e = await post('confederate', 'campaign/casualties', { div: 2, brigade: 1, lost: 1 }, 'tap-0001-aaaa');
  check('another link, the same key: its own change', e.status === 200 && e.events === '9' && e.text !== a.text, e);
  const f = await post('union', 'campaign/casualties', cas, 'bad key!');
  check('a malformed key: 400', f.status === 400 && /Idempotency-Key/.test(f.text) && events() === 9, f);
  const g = await post('union', 'campaign/casualties', cas);
  check('without a key: recorded, with its event', g.status === 200 && g.events === '10', g);
  const h = await post('union', 'campaign/casualties', { div: 1, brigade: 1, lost: 99 }, 'tap-0003-cccc');
  check('a refusal names no event', h.status === 400 && h.events === null && events() === 10, h);
  const u = await post('union', 'campaign/undo', {}, 'tap-0004-dddd');
  check('an undo answers with its event', u.status === 200 && u.events === '11', u);
  // Two writers at once: the page's link and the tool on the same file.
  // Each answer names the event its own call recorded, never the other's
  // that landed between (the ids come from the writes, not a count).
  const { spawn } = await import('node:child_process');
  const other = spawn('sh', ['-c', 'i=0; while [ $i -lt 40 ]; do "$0" campaign camp "$1" --side confederate --default "Rebel $i" >/dev/null || exit 1; i=$((i+1)); done', muster, db]);
  const otherDone = new Promise(r => other.on('exit', code => r(code)));
  const mine = [];
  for (let i = 0; i < 40; i++) {
    const w = await post('union', 'campaign/camp', { side: 'union', default: `Yankee ${i}` });
    mine.push({ i, status: w.status, events: w.events });
  }
  check('the other writer ran to its end', (await otherDone) === 0);
  const log = JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events;
  const byId = new Map(log.map(e => [e.id, e]));
  const wrong = mine.filter(w => w.status !== 200 || !/^\d+$/.test(w.events || '') ||
    !JSON.stringify(byId.get(Number(w.events)) || {}).includes(`Yankee ${w.i}`));
  check('with a second writer, each answer names its own event only', wrong.length === 0, wrong.slice(0, 3));
  check('and the log holds both writers\' events', log.length === 11 + 80, log.length);
  // Keys are kept in the campaign file with their change: 600 keyed
  // changes later (more than any memory of recent answers would hold) and
  // after a restart, the same key still records nothing and gets the first
  // answer back, word for word; another body with it is still refused.
  for (let i = 0; i < 600; i++) {
    const w = await post('union', 'campaign/camp', { side: 'union', default: `Camp ${i}` }, `many-${String(i).padStart(4, '0')}`);
    if (w.status !== 200) { check('600 keyed changes', false, w); break; }
  }
  const n = events();
  check('600 keyed changes recorded', n === 91 + 600, n);
  const r1 = await post('union', 'campaign/casualties', cas, 'tap-0001-aaaa');
  check('600 changes later, the first key: the first answer, nothing recorded', r1.status === 200 && r1.text === a.text && r1.events === '7' && events() === n, r1);
  const rs = await srv.stop();
  check('the server stops for a restart', rs.code === 0, rs);
  srv = await startServer(muster, ['--campaign', db]);
  const r2 = await post('union', 'campaign/casualties', cas, 'tap-0001-aaaa');
  check('after a restart, the first key: the first answer, nothing recorded', r2.status === 200 && r2.text === a.text && r2.events === '7' && events() === n, r2);
  const r3 = await post('union', 'campaign/casualties', { ...cas, lost: 2 }, 'tap-0002-bbbb');
  check('after a restart, a key with another change: 409', r3.status === 409 && events() === n, r3);
  const r4 = await post('union', 'campaign/undo', {}, 'tap-0004-dddd');
  check('an undo sent again after a restart undoes nothing more', r4.status === 200 && r4.events === '11' && events() === n, r4);
  cli('campaign', 'check', db);
  const side = join(dir, 'union.db');
  cli('campaign', 'export', db, '--side', 'union', '--out', side);
  const { execFileSync } = await import('node:child_process');
  let kept = 'no sqlite3';
  try { kept = execFileSync('sqlite3', [side, 'SELECT count(*) FROM requests'], { encoding: 'utf8' }).trim(); } catch (e) { kept = e.code === 'ENOENT' ? 'no sqlite3' : String(e); }
  check('a player\'s own file keeps no request and no answer', kept === '0' || kept === 'no sqlite3', kept);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
