// SPDX-License-Identifier: MIT
// Slow and idle clients against muster serve (loopback, bounded in time).
// It prints figures; with `check` last it is also the test web_clients
// (tests/web/run.sh clients), exiting 1 when a client is not cut in time, an
// idle connection is dropped or an ordinary request fails. Usage:
//   node bench/serve_clients.mjs MUSTER [TIMEOUT_S] [IDLE] [SLOW] [check]
// 1. SLOW clients send a request one byte a second; the server must cut each
//    after TIMEOUT_S (--timeout) while ordinary requests keep being answered.
// 2. IDLE connections are opened and held without a byte; the server must
//    keep them all open while it answers ordinary requests.
import net from 'node:net';
import { startServer } from '../tests/web/common.mjs';

const [muster, timeoutArg, idleArg, slowArg, checkArg] = process.argv.slice(2);
const timeout = Number(timeoutArg || 5), idle = Number(idleArg || 1000), slow = Number(slowArg || 20);
const srv = await startServer(muster, ['--timeout', String(timeout)]);
const path = '/api/fire?weapon=musket&range=5&figures=11&seed=7';
const sleep = ms => new Promise(r => setTimeout(r, ms));

async function probe() { // one ordinary request, its time in ms
  const t = performance.now();
  const r = await fetch(srv.base.slice(0, -1) + path, { headers: { connection: 'close' } });
  await r.text();
  if (r.status !== 200) throw new Error('status ' + r.status);
  return performance.now() - t;
}
async function probes(ms) { // ordinary requests every 50 ms for ms
  const lat = [];
  let errors = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    try { lat.push(await probe()); } catch (e) { errors++; }
    await sleep(50);
  }
  lat.sort((a, b) => a - b);
  return { n: lat.length, errors, p50: lat[Math.floor(lat.length / 2)], max: lat[lat.length - 1] };
}

// ---- slow clients ----
// Half send their first request one byte a second (the gate cuts them, with
// a 408); the other half first get an answer to a whole request and then
// send the next one byte a second on the same connection (the watchdog cuts
// those). t0 is when the trickle starts.
const req = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n`;
const cut = [];
const slowDone = [];
function slowClient(kept) {
  return new Promise(resolve => {
    const s = net.connect(srv.port, '127.0.0.1');
    let t0 = performance.now(), k = 0, answered = false, timer = null;
    const trickle = () => {
      t0 = performance.now();
      timer = setInterval(() => { if (k < req.length) s.write(req[k++]); }, 1000);
    };
    s.on('connect', () => (kept ? s.write(req) : trickle()));
    s.on('data', () => { if (kept && !timer) trickle(); else answered = true; });
    s.on('error', () => {});
    s.on('close', () => { clearInterval(timer); cut.push({ kept, s: (performance.now() - t0) / 1000, bytes: k, answered }); resolve(); });
  });
}
for (let i = 0; i < slow; i++) slowDone.push(slowClient(i % 2 === 1));
const during = await probes((timeout + 4) * 1000);
await Promise.race([Promise.all(slowDone), sleep((timeout + 10) * 1000)]);
for (const kept of [false, true]) {
  const c = cut.filter(x => x.kept === kept), secs = c.map(x => x.s).sort((a, b) => a - b);
  console.log(`slow clients, ${kept ? 'second request on a kept-alive connection' : 'first request'}: ${c.length} of ` +
    `${kept ? Math.floor(slow / 2) : Math.ceil(slow / 2)} cut (${c.filter(x => x.answered).length} with an answer) ` +
    `${secs.length ? secs[0].toFixed(1) : '-'}..${secs.length ? secs[secs.length - 1].toFixed(1) : '-'} s after the trickle began, ` +
    `having sent ${Math.min(...c.map(x => x.bytes))}..${Math.max(...c.map(x => x.bytes))} of ${req.length} bytes (--timeout ${timeout})`);
}
console.log(`  meanwhile ${during.n} ordinary requests: ${during.errors} errors, median ${during.p50.toFixed(1)} ms, max ${during.max.toFixed(1)} ms`);

// ---- idle connections ----
const socks = [];
let closed = 0, opened = 0;
await Promise.all(Array.from({ length: idle }, () => new Promise(resolve => {
  const s = net.connect(srv.port, '127.0.0.1', () => { opened++; resolve(); });
  s.on('error', () => resolve());
  s.on('close', () => { closed++; });
  socks.push(s);
})));
const hold = Math.min(timeout * 4 - 2, 15);
const whileIdle = await probes(hold * 1000);
const held = opened - closed;
console.log(`idle connections: ${opened} of ${idle} opened, ${held} still open after ${hold} s`);
console.log(`  meanwhile ${whileIdle.n} ordinary requests: ${whileIdle.errors} errors, median ${whileIdle.p50.toFixed(1)} ms, max ${whileIdle.max.toFixed(1)} ms`);
for (const s of socks) s.destroy();
const stop = await srv.stop();
console.log(`SIGTERM: exit ${stop.code}`);
if (checkArg === 'check') {
  // A slow client's first byte goes 1 s after the trickle begins; the gate
  // cuts it `timeout` s after that byte (it looks 4 times a second), the
  // watchdog between timeout - 1 and timeout + 1 s after it (once a second).
  const bad = [];
  const late = cut.filter(c => c.s > timeout + 3 || c.s < (c.kept ? timeout - 1 : timeout + 0.9));
  if (cut.length !== slow || late.length)
    bad.push(`slow clients not cut in time: ${cut.map(c => c.s.toFixed(1))}`);
  if (during.errors || whileIdle.errors || during.n < 5 || whileIdle.n < 5)
    bad.push('ordinary requests failed or were not served');
  if (opened !== idle || held !== idle)
    bad.push(`idle connections: ${opened} opened, ${held} held`);
  if (stop.code !== 0) bad.push('no clean stop');
  for (const b of bad) console.log('FAIL: ' + b);
  process.exit(bad.length ? 1 : 0);
}
process.exit(0);
