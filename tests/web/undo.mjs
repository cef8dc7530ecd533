// SPDX-License-Identifier: MIT
// POST /api/campaign/undo: the CLI's `campaign undo FILE [EVENT]` through
// the command table, the token's viewer acting as --as. A side undoes only
// events about its own divisions and gets one refusal, in the same words,
// for every other event, hidden or not; a later event that holds an event
// is named by number and kind only (the umpire is also told why). Refusals
// change nothing. Usage: node undo.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);

const dir = mkdtempSync(join(tmpdir(), 'muster-undo-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Test', '--year', '1863', '--theater', 'east');
for (const [side, name, corps] of [['union', 'Wadsworth', 'I'], ['union', 'Doubleday', 'I'], ['confederate', 'Heth', 'III'], ['confederate', 'Pender', 'III']])
  cli('campaign', 'add', db, '--side', side, '--name', name, '--corps', corps); // #2..#5
cli('campaign', 'engage', db, '1', '--seed', '3'); // #6
cli('campaign', 'engage', db, '3', '--seed', '4', '--hidden'); // #7 Heth, hidden
cli('campaign', 'battle', 'start', db, 'Ridge'); // #8
cli('campaign', 'casualties', db, '1', '--brigade', '1', '--lost', '2'); // #9 Union
cli('campaign', 'casualties', db, '3', '--brigade', '1', '--lost', '1'); // #10 Heth, hidden
cli('campaign', 'engage', db, '4', '--seed', '5'); // #11 Pender, open
cli('campaign', 'casualties', db, '4', '--brigade', '1', '--lost', '1'); // #12 Pender

const srv = await startServer(muster, ['--campaign', db]);
async function undo(who, body, extra = {}) {
  const headers = { 'Content-Type': 'application/json', ...extra };
  if (who) headers['X-Muster-Token'] = srv.token(who);
  const r = await fetch(srv.base + 'api/campaign/undo', { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch (e) { json = null; }
  return { status: r.status, text, json, error: json && json.error };
}
const ledger = () => cli('campaign', 'log', db, '--format', 'json') + cli('campaign', 'show', db, '--format', 'json');

try {
  const before = ledger();
  const notOwn = n => `acting for the Union, event ${n} cannot be undone: a side undoes only events about its own divisions (the umpire undoes the others)`;
  // The Union, about the Confederates: one refusal whatever the event.
  const latest = await undo('union', {});
  check('the Union, the latest event (Pender\'s casualties): refused', latest.status === 400 && latest.error === notOwn(12), latest);
  for (const n of [10, 7, 11, 8, 4]) { // hidden casualties, hidden engage, open engage, battle, add
    const r = await undo('union', { event: n });
    check(`the Union, event ${n}: the same refusal`, r.status === 400 && r.error === notOwn(n), r);
    check(`the Union, event ${n}: nothing of the hidden division`, !/Heth|hidden|lost|stands|brigade/.test(r.text), r.text);
  }
  // Its own engage, held by its casualties: named by number and kind only.
  const held = await undo('union', { event: 6 });
  check('the Union, its engage held by a later event: number and kind, not why', held.status === 400 &&
    held.error === 'event 6 cannot be undone: event 9 (casualties) depends on it (undo that one first)', held);
  const why = await undo('umpire', { event: 6 });
  check('the umpire is told why', why.status === 400 &&
    why.error.startsWith('event 6 cannot be undone: event 9 (casualties) depends on it (undo that one first): without it, '), why);
  const hiddenEngage = await undo('umpire', { event: 7 });
  check('the umpire cannot undo a hidden engage', hiddenEngage.status === 400 && /event 7 \(engage\) cannot be undone: a hidden division/.test(hiddenEngage.error), hiddenEngage);
  // Bad input: the CLI's messages.
  for (const [ev, want] of [[99, "no event 99 in this campaign's log (see the log for the numbers)"],
    ['x', "'x' is not an event number: give the number the log shows after '#'"],
    [0, "'0' is not an event number: give the number the log shows after '#'"],
    [2.5, "'2.5' is not an event number: give the number the log shows after '#'"]]) {
    const r = await undo('union', { event: ev });
    check(`event ${JSON.stringify(ev)}: 400 with the CLI's words`, r.status === 400 && r.error === want, r);
  }
  const bogus = await undo('umpire', { event: 9, as: 'union' });
  check('as: the token says who acts', bogus.status === 400 && /^as: /.test(bogus.error), bogus);
  const noToken = await undo(null, { event: 9 });
  check('no token: 403', noToken.status === 403, noToken);
  const foreign = await undo('union', { event: 9 }, { Origin: 'http://example.com' });
  check('another origin: 403', foreign.status === 403 && /own origin/.test(foreign.error), foreign);
  const get = await fetch(srv.base + 'api/campaign/undo?event=9', { headers: { 'X-Muster-Token': srv.token('union') } });
  check('GET: 405', get.status === 405, get.status);
  check('refusals change nothing', ledger() === before);

  // The Union undoes its own casualties: the answer is the undo event.
  const ok = await undo('union', { event: 9 });
  check('the Union undoes its casualties', ok.status === 200 && ok.json && ok.json.id === 13 && ok.json.event === 9, ok);
  const uShow = JSON.parse(cli('campaign', 'show', db, '--as', 'union', '--format', 'json'));
  check('the ledger stands as if they had never happened', uShow.divisions.find(d => d.id === 1).brigades[0].out === 0, uShow.divisions[0]);
  const again = await undo('union', { event: 9 });
  check('undone already', again.status === 400 && again.error === 'event 9 (casualties) was undone by event 13 already', again);
  const conTry = await undo('confederate', { event: 6 });
  check('the Confederates cannot undo the Union\'s engage', conTry.status === 400 &&
    conTry.error === 'acting for the Confederates, event 6 cannot be undone: a side undoes only events about its own divisions (the umpire undoes the others)', conTry);
  // The Confederates undo their hidden division's casualties; the Union's
  // log shows an undo about a hidden division, nothing more.
  const con = await undo('confederate', { event: 10 });
  check('the Confederates undo their hidden division\'s casualties', con.status === 200 && con.json.id === 14, con);
  const uLog = JSON.parse(cli('campaign', 'log', db, '--as', 'union', '--format', 'json')).events;
  const last = uLog[uLog.length - 1];
  check('the Union sees an undo about a hidden division, masked', last.id === 14 && last.hidden === true && !JSON.stringify(last).includes('casualties'), last);
  const apiLog = await fetch(srv.base + 'api/campaign/log', { headers: { 'X-Muster-Token': srv.token('union') } });
  check('the Union\'s API log is the CLI\'s --as union', (await apiLog.text()) === cli('campaign', 'log', db, '--as', 'union', '--format', 'json'));
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  const st = await srv.stop();
  check('SIGTERM stops the server cleanly', st.code === 0, st);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
