// SPDX-License-Identifier: MIT
// Event streams whose clients stop reading (issue 22): such a stream is
// dropped, its buffer freed and its connection closed, while the others
// and every other request go on being served. Some clients open
// /api/campaign/events and never read; the umpire records divisions (about
// a kilobyte of events each) until the server has dropped every stalled
// stream, which GET /whoami's "streams" counts for the umpire. Meanwhile
// /api/fire answers, and a client that reads gets every event. Then each
// stalled client reads what reached it: the connection ends (the server
// closed it), short of the later events. Counts, not times. Loopback only.
// Usage: node stalled.mjs MUSTER
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-stalled-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Stalled', '--year', '1863', '--theater', 'east');
const STALLED = 6, MAX_WRITES = 600;
const sleep = ms => new Promise(r => setTimeout(r, ms));

const srv = await startServer(muster, ['--campaign', db]);
const ump = srv.token('umpire');
const headers = { 'X-Muster-Token': ump };
const whoami = async () => (await (await fetch(srv.base + 'whoami', { headers })).json()).streams;
async function post(path, body) {
  const r = await fetch(srv.base + 'api/' + path, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}
async function until(what, ok) { // a bounded number of looks, not a time
  let v;
  for (let i = 0; i < 200; i++) { if (ok(v = await what())) return v; await sleep(50); }
  return v;
}

// the reader: every event id it is given
const ids = [];
let readerBytes = 0;
const ac = new AbortController();
const reading = (async () => {
  const res = await fetch(srv.base + 'api/campaign/events', { headers, signal: ac.signal });
  const dec = new TextDecoder();
  let buf = '';
  try {
    for await (const chunk of res.body) {
      readerBytes += chunk.byteLength;
      buf += dec.decode(chunk, { stream: true });
      for (let i; (i = buf.indexOf('\n\n')) >= 0; buf = buf.slice(i + 2)) {
        const id = (buf.slice(0, i).match(/^id: (\d+)$/m) || [])[1];
        if (id) ids.push(Number(id));
      }
    }
  } catch (e) { /* aborted at the end */ }
})();

// the stalled: a request, then nothing read
const stalled = Array.from({ length: STALLED }, () => {
  const s = net.connect(srv.port, '127.0.0.1');
  const st = { s, bytes: 0, ended: false };
  s.pause();
  s.on('connect', () => s.write(`GET /api/campaign/events HTTP/1.1\r\nHost: 127.0.0.1:${srv.port}\r\nX-Muster-Token: ${ump}\r\n\r\n`));
  s.on('data', d => { st.bytes += d.length; });
  s.on('end', () => { st.ended = true; });
  s.on('error', () => { st.ended = true; });
  return st;
});

try {
  const open = await until(whoami, v => v && v.open === STALLED + 1);
  check('the umpire sees every stream open', open && open.open === STALLED + 1 && open.dropped === 0, open);
  const pad = 'x'.repeat(80);
  let writes = 0, fires = 0, firesOk = 0, streams = open;
  for (; writes < MAX_WRITES && streams.dropped < STALLED; writes += 2) {
    const a = await post('campaign/add', { side: writes % 4 ? 'union' : 'confederate', name: `Division ${writes} ${pad}`, corps: `Corps ${writes} ${pad}` });
    if (a.status !== 200) throw new Error('add: ' + JSON.stringify(a));
    const e = await post('campaign/engage', { div: String(a.body.id), seed: String(writes + 1) });
    if (e.status !== 200) throw new Error('engage: ' + JSON.stringify(e));
    if (writes % 20 === 0) { // meanwhile the calculators answer
      fires++;
      const f = await fetch(srv.base + 'api/fire?weapon=musket&range=5&figures=11&seed=7');
      if (f.status === 200 && (await f.json()).hits !== undefined) firesOk++;
    }
    streams = await whoami();
  }
  check('every stalled stream is dropped', streams.dropped === STALLED, { writes, streams });
  if (process.env.VERBOSE) console.log(`${writes} writes until every stalled stream was dropped`);
  check('the calculators answered all along', fires > 0 && firesOk === fires, { fires, firesOk });
  const after = await until(whoami, v => v.open === 1);
  check('their connections are let go: one stream left open', after.open === 1 && after.dropped === STALLED, after);
  const last = JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.length;
  await until(async () => ids.length, n => n >= last - 1);
  check('the reader got every event, once each, in order', ids.length === last - 1 && ids.every((id, i) => id === i + 2), { n: ids.length, last, head: ids.slice(0, 3) });
  const logged = [...srv.stderr().matchAll(/^(\d+) event streams? dropped: (?:its|their) client stopped reading$/gm)];
  check('the server\'s log says so', logged.reduce((n, m) => n + Number(m[1]), 0) === STALLED, srv.stderr().slice(-300));
  const fire = await fetch(srv.base + 'api/fire?weapon=musket&range=5&figures=11&seed=7');
  check('and /api/fire still answers', fire.status === 200, fire.status);
  // each stalled client now reads what reached it: then the end
  for (const st of stalled) st.s.resume();
  await until(async () => stalled.filter(st => st.ended).length, n => n === STALLED);
  check('each stalled connection was closed by the server', stalled.every(st => st.ended), stalled.map(st => st.ended));
  check('short of what the reader got', stalled.every(st => st.bytes > 0 && st.bytes < readerBytes), { readerBytes, stalled: stalled.map(st => st.bytes) });
  const n = await post('campaign/add', { side: 'union', name: 'Last' });
  await until(async () => ids.length, k => k >= last);
  check('the reader still gets the next event', n.status === 200 && ids[ids.length - 1] === last + 1, ids.slice(-2));
  // A phone that slept through all of it reconnects: one "reset" at the
  // head (the page reloads), not a stream dropped at once and again at
  // every reconnect; one a few events behind gets those events.
  const blocks = async lastId => {
    const ac2 = new AbortController();
    const res = await fetch(srv.base + 'api/campaign/events', { headers: { ...headers, 'Last-Event-ID': String(lastId) }, signal: ac2.signal });
    const dec = new TextDecoder(), got = [];
    let buf = '';
    const reader = res.body.getReader();
    const want = (await whoami()).dropped;
    for (let i = 0; i < 40 && !got.some(b => /^id: /m.test(b)); i++) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      for (let j; (j = buf.indexOf('\n\n')) >= 0; buf = buf.slice(j + 2)) got.push(buf.slice(0, j));
    }
    for (let i = 0; i < 40 && got.filter(b => /^id: /m.test(b)).length < 3 && lastId > 1; i++) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      for (let j; (j = buf.indexOf('\n\n')) >= 0; buf = buf.slice(j + 2)) got.push(buf.slice(0, j));
    }
    const dropped = (await whoami()).dropped - want;
    ac2.abort();
    return { got: got.filter(b => /^id: /m.test(b)), dropped };
  };
  const head = last + 1, slept = await blocks(1);
  check('a phone far behind gets one reset at the head', slept.got.length >= 1 &&
    slept.got[0] === `id: ${head}\nevent: reset\ndata: {}` && slept.dropped === 0, slept);
  const near = await blocks(head - 3);
  check('a phone a few events behind gets those events', near.got.length === 3 &&
    near.got.map(b => b.match(/^id: (\d+)\nevent: event\n/)?.[1]).join() === [head - 2, head - 1, head].join(), near.got.map(b => b.slice(0, 30)));
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  ac.abort();
  await reading;
  for (const st of stalled) st.s.destroy();
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
