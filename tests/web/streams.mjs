// SPDX-License-Identifier: MIT
// Event streams are bounded per link: a link holds at most 8; the ninth
// closes the link's oldest with a "closed" event, while the other side's
// and the umpire's streams and requests are served as before, and every
// open stream still gets the next change.
// usage: node streams.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally();
const check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-streams-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Test', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth');
const srv = await startServer(muster, ['--campaign', db]);

// A stream read as it comes: its text so far, and whether it ended.
function open(who) {
  const ctl = new AbortController();
  const s = { text: '', ended: false, ctl };
  s.ready = fetch(srv.base + 'api/campaign/events', {
    headers: { 'X-Muster-Token': srv.token(who), 'Last-Event-ID': '3' }, signal: ctl.signal,
  }).then(async res => {
    s.status = res.status;
    const reader = res.body.getReader(), dec = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      s.text += dec.decode(value, { stream: true });
    }
    s.ended = true;
  }).catch(() => { s.ended = true; });
  return s;
}
const until = async (f, ms = 5000) => {
  for (let i = 0; i < ms / 25 && !f(); i++) await new Promise(r => setTimeout(r, 25));
  return f();
};
const union = [];
try {
  for (let i = 0; i < 8; i++) {
    union.push(open('union'));
    await until(() => union[i].text.includes('retry:'));
  }
  check('a link holds 8 streams', union.every(s => !s.ended && s.text.includes('retry:')), union.map(s => s.ended));
  union.push(open('union'));
  await until(() => union[0].ended);
  check('the ninth closes the oldest with a "closed" event',
    union[0].ended && /event: closed\ndata: \{"reason":"too-many-streams"\}/.test(union[0].text), union[0].text);
  check('and only the oldest', union.slice(1).every(s => !s.ended), union.map(s => s.ended));
  const con = open('confederate'), ump = open('umpire');
  await until(() => con.text.includes('retry:') && ump.text.includes('retry:'));
  check('the other side and the umpire open theirs', !con.ended && !ump.ended && con.text.includes('retry:') && ump.text.includes('retry:'));
  const r = await fetch(srv.base + 'api/campaign/show', { headers: { 'X-Muster-Token': srv.token('confederate') } });
  check('the other side is answered', r.status === 200, r.status);
  cli('campaign', 'battle', 'start', db, 'Ridge'); // #4
  await until(() => [...union.slice(1), con, ump].every(s => s.text.includes('id: 4\n')));
  check('every open stream gets the next change', [...union.slice(1), con, ump].every(s => s.text.includes('id: 4\n')),
    [...union.slice(1), con, ump].map(s => s.text.includes('id: 4\n')));
  check('the closed one does not', !union[0].text.includes('id: 4\n'));
  // Many more: the link never holds more than 8, the others stay served.
  for (let i = 0; i < 40; i++) union.push(open('union'));
  await until(() => union.filter(s => !s.ended).length <= 8, 10000);
  check('40 more: still 8 open on the link', union.filter(s => !s.ended).length === 8, union.filter(s => !s.ended).length);
  const who = await (await fetch(srv.base + 'whoami', { headers: { 'X-Muster-Token': srv.token('umpire') } })).json();
  check('the server counts 10 streams (8 + 1 + 1)', who.streams && who.streams.open === 10, who.streams);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  for (const s of union) s.ctl.abort();
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
