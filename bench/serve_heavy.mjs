// SPDX-License-Identifier: MIT
// Light calls beside heavy ones on muster serve (loopback, bounded in time):
// sixteen simulation clients (eight addresses, two each) keep calls in
// flight for SECONDS, each sending its next as soon as the last is
// answered (after its Retry-After when refused); meanwhile one client asks
// a volley every 20 ms. Prints the volleys' latency (median, p99, max) and
// what became of the simulations. Goal (bench/README.md): p99 <= 50 ms on
// two cores. Usage: node bench/serve_heavy.mjs MUSTER [SECONDS]
import http from 'node:http';
import { startServer } from '../tests/web/common.mjs';

const [muster, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 10);
const srv = await startServer(muster, []);
const sleep = ms => new Promise(r => setTimeout(r, ms));
const end = performance.now() + seconds * 1000;
const get = (path, from) => new Promise(resolve => {
  const t = performance.now();
  http.get({ host: '127.0.0.1', port: srv.port, path, localAddress: from, agent: false }, res => {
    res.resume();
    res.on('end', () => resolve({ status: res.statusCode, retry: Number(res.headers['retry-after'] || 0), ms: performance.now() - t }));
  }).on('error', () => resolve({ status: 0, ms: performance.now() - t }));
});
const heavy = { ok: 0, refused: 0 };
async function simClient(from, k) {
  for (let i = 0; performance.now() < end; i++) {
    const r = await get(`/api/sim/corps?army=union&divisions=15&trials=1000000&seed=${k * 1000 + i}`, from);
    if (r.status === 200) heavy.ok++;
    else { heavy.refused++; await sleep(1000 * (r.retry || 1)); }
  }
}
const sims = [];
for (let c = 0; c < 8; c++) for (let k = 0; k < 2; k++) sims.push(simClient(`127.0.0.${c + 2}`, c * 2 + k));
await sleep(300);
const lat = [];
let failed = 0;
while (performance.now() < end) {
  const r = await get('/api/fire?weapon=musket&range=5&figures=11&seed=7', '127.0.0.20');
  if (r.status === 200) lat.push(r.ms); else failed++;
  await sleep(20);
}
await Promise.all(sims);
await srv.stop();
lat.sort((a, b) => a - b);
const q = p => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(1);
console.log(`volleys beside 16 simulation clients, ${seconds} s: ${lat.length} answered, ${failed} failed; ` +
  `median ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${lat.at(-1).toFixed(1)} ms`);
console.log(`simulations: ${heavy.ok} answered, ${heavy.refused} refused (503, Retry-After)`);
console.log(`goal p99 <= 50 ms: ${Number(q(0.99)) <= 50 ? 'met' : 'NOT met'}`);
