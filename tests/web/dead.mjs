// SPDX-License-Identifier: MIT
// A client that vanishes without a FIN or a reset (a phone switched off, out
// of the Wi-Fi) loses its streams within 15 s: the Union's link holds its 8
// streams, then the packets to one of them are dropped (tc on loopback, in a
// network namespace of the test's own: run.sh sets it up); the umpire's
// count of open streams falls to 7 within 15 s, and the link opens an eighth
// again without closing any of the others.
// usage: node dead.mjs MUSTER (inside run.sh's namespace)
import net from 'node:net';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-dead-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Dead', '--year', '1863', '--theater', 'east');
const srv = await startServer(muster, ['--campaign', db]);
const sleep = ms => new Promise(r => setTimeout(r, ms));
const streams = async () => (await (await fetch(srv.base + 'whoami', { headers: { 'X-Muster-Token': srv.token('umpire') } })).json()).streams;

// A stream on a socket of its own: its local port, and what it got.
function open(who) {
  return new Promise(resolve => {
    const s = net.connect(srv.port, '127.0.0.1');
    const st = { s, text: '', ended: false };
    s.on('connect', () => {
      st.port = s.localPort;
      s.write(`GET /api/campaign/events HTTP/1.1\r\nHost: 127.0.0.1:${srv.port}\r\nX-Muster-Token: ${srv.token(who)}\r\n\r\n`);
    });
    s.on('data', d => { st.text += d; if (st.text.includes('retry:')) resolve(st); });
    s.on('close', () => { st.ended = true; resolve(st); });
    s.on('error', () => {});
  });
}

const union = [];
try {
  for (let i = 0; i < 8; i++) union.push(await open('union'));
  const before = await streams();
  check('the link holds its 8 streams', union.every(st => !st.ended) && before.open === 8, before);
  // From now on nothing reaches the client of the first, nor leaves it:
  // no FIN, no reset, its socket still open here.
  const gone = union[0];
  for (const dir of ['dport', 'sport']) {
    const r = spawnSync('tc', ['filter', 'add', 'dev', 'lo', 'parent', '1:', 'protocol', 'ip', 'prio', '1',
      'u32', 'match', 'ip', dir, String(gone.port), '0xffff', 'flowid', '1:10'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error('tc filter: ' + r.stderr);
  }
  const t0 = performance.now();
  let now = before;
  while (now.open === 8 && performance.now() - t0 < 25000) { await sleep(250); now = await streams(); }
  const secs = (performance.now() - t0) / 1000;
  if (process.env.VERBOSE) console.log(`the stream was dropped after ${secs.toFixed(1)} s`);
  check('the vanished client\'s stream is dropped within 15 s', now.open === 7 && secs <= 15, { secs, now });
  check('while its socket here never saw an end', !gone.ended);
  union.push(await open('union'));
  await sleep(300);
  const after = await streams();
  check('the link opens its eighth again, closing none of the others',
    after.open === 8 && union.slice(1).every(st => !st.ended && !st.text.includes('event: closed')), after);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  for (const st of union) st.s.destroy();
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
