// SPDX-License-Identifier: MIT
// Exchanges by consent through POST /api/campaign/exchange and liberate
// (issue 35): a side's link records an offer, which moves no one; the
// other side's link accepts or declines it ({"accept": ID},
// {"decline": ID}), its maker's withdraws it ({"withdraw": ID}); every
// refusal is a 400 that changes nothing; the umpire's link records an
// exchange at once. The answers are the CLI's. Usage: node offers.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-offers-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Test', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth'); // #2
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth'); // #3
cli('campaign', 'engage', db, '1', '--seed', '3'); // #4
cli('campaign', 'engage', db, '2', '--seed', '4', '--hidden'); // #5
cli('campaign', 'battle', 'start', db, 'Ridge'); // #6
cli('campaign', 'casualties', db, '1', '--brigade', '1', '--captured', '2'); // #7
cli('campaign', 'casualties', db, '2', '--brigade', '1', '--captured', '2'); // #8
const ledger = () => cli('campaign', 'prisoners', db, '--format', 'json');
const logOf = who => JSON.parse(cli('campaign', 'log', db, '--format', 'json', ...(who ? ['--as', who] : []))).events;

const srv = await startServer(muster, ['--campaign', db]);
async function post(who, path, body) {
  const headers = { 'Content-Type': 'application/json', 'X-Muster-Token': srv.token(who) };
  const r = await fetch(srv.base + 'api/campaign/' + path, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await r.text();
  let json = null;
  try { json = JSON.parse(text); } catch (e) { json = null; }
  return { status: r.status, text, json, events: r.headers.get('X-Muster-Events') };
}
try {
  const held = ledger();
  const offer = await post('union', 'exchange', { union: 1, confederate: 1 });
  check('a side\'s exchange is an offer, with its id', offer.status === 200 && offer.json &&
    offer.json.kind === 'offer' && offer.json.id === 9 && offer.events === '9', offer);
  check('the offer moves no one', ledger() === held);
  const theirs = logOf('confederate').find(e => e.id === 9);
  check('the other side sees the offer in its log', theirs && theirs.kind === 'offer' && theirs.by === 'union' &&
    theirs.union === 1 && theirs.confederate === 1, theirs);
  const own = await post('union', 'exchange', { accept: 9 });
  check('its maker cannot accept it: 400', own.status === 400 &&
    /offer 9 cannot be accepted: it was made by the Union/.test(own.json.error), own);
  const notMaker = await post('confederate', 'exchange', { withdraw: 9 });
  check('only its maker withdraws it', notMaker.status === 400 && /only its maker withdraws it/.test(notMaker.json.error), notMaker);
  const both = await post('confederate', 'exchange', { accept: 9, union: 1 });
  check('an answer with counts: 400', both.status === 400 && /takes no counts/.test(both.json.error), both);
  const two = await post('confederate', 'exchange', { accept: 9, decline: 9 });
  check('two answers at once: 400', two.status === 400 && /answer one offer/.test(two.json.error), two);
  check('the refusals changed nothing', ledger() === held && logOf().length === 9);
  const yes = await post('confederate', 'exchange', { accept: 9 });
  check('the other side accepts: the accept event', yes.status === 200 && yes.json.kind === 'accept' &&
    yes.json.offer === 9 && yes.events === '10', yes);
  check('the Confederates\' accept names their own brigade', JSON.stringify(yes.json.stands).includes('"brigade":1'), yes.json);
  const u = logOf('union').find(e => e.id === 10);
  check('the Union\'s log masks the hidden division', u && u.stands.some(s => s.hidden === true) &&
    !u.stands.some(s => s.division === 2 && 'brigade' in s), u);
  check('the men went home', ledger() !== held && /"total":1/.test(ledger()), ledger());
  const again = await post('confederate', 'exchange', { accept: 9 });
  check('accepted twice: 400', again.status === 400 && /was accepted already \(by event 10\)/.test(again.json.error), again);
  // A liberation offered and declined; the umpire's exchange at once.
  const lib = await post('confederate', 'liberate', { side: 'confederate' });
  check('a side\'s liberation is an offer', lib.status === 200 && lib.json.kind === 'offer' && lib.json.of === 'liberate', lib);
  const no = await post('union', 'liberate', { decline: lib.json.id });
  check('the other side declines it', no.status === 200 && no.json.kind === 'decline', no);
  const ump = await post('umpire', 'exchange', { union: 1, confederate: 1 });
  check('the umpire exchanges at once', ump.status === 200 && ump.json.kind === 'exchange', ump);
  check('check replays it all', /every table agrees/.test(cli('campaign', 'check', db)));
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
