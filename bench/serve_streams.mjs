// SPDX-License-Identifier: MIT
// muster serve with many live pages: STREAMS event streams
// (/api/campaign/events) held open while the umpire records a change every
// second; each change's delivery latency to every stream (from just before
// its POST is sent to the moment its event's bytes arrive on that stream),
// and /api/fire's throughput under wrk without the streams and with them
// (the writes going on). Goals (issue 22): p99 <= 100 ms; with the streams
// at least 80 % of the throughput without. The streams are spread over the
// three links (umpire, Union, Confederate), so each poll filters the log
// three ways. Client and server share the machine's processors: it prints
// the load average. A benchmark, not a test. Usage (ulimit for the sockets):
//   (ulimit -n 8192; nice node bench/serve_streams.mjs MUSTER [STREAMS] [WRITES] [WRK_S])
import net from 'node:net';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { startServer, cliOf } from '../tests/web/common.mjs';

const [muster, streamsArg, writesArg, wrkArg] = process.argv.slice(2);
const STREAMS = Number(streamsArg || 1000), WRITES = Number(writesArg || 30), WRK_S = Number(wrkArg || 10);
const cli = cliOf(muster);
const sleep = ms => new Promise(r => setTimeout(r, ms));
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
if (spawnSync('wrk', ['--version']).error) { console.error('serve_streams.mjs: wrk is missing: apt-get install wrk'); process.exit(2); }

const dir = mkdtempSync(join(tmpdir(), 'muster-streams-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Load', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth');
cli('campaign', 'engage', db, '1', '--seed', '7');
const srv = await startServer(muster, ['--campaign', db]);
const who = ['umpire', 'union', 'confederate'];
const fire = `http://127.0.0.1:${srv.port}/api/fire?weapon=musket&range=5&figures=11&seed=7`;

function wrk(secs) { // requests/s and p99 of /api/fire
  return new Promise(resolve => {
    const w = spawn('wrk', ['-t1', '-c32', `-d${secs}s`, '--latency', fire]);
    let out = '';
    w.stdout.on('data', d => { out += d; });
    w.on('exit', () => {
      const rps = Number((out.match(/Requests\/sec:\s+([\d.]+)/) || [])[1]);
      const errs = (out.match(/Non-2xx[^\d]*(\d+)/) || [0, 0])[1];
      resolve({ rps, p99: (out.match(/\s99%\s+(\S+)/) || [])[1], errors: Number(errs) });
    });
  });
}

// the streams: raw sockets, each its own buffer; the time each id arrives
const sent = new Map(); // event id -> time its POST was sent
const lat = [];         // ms, one per (stream, event)
let opened = 0, dropped = 0;
const streams = [];
function openStream(i) {
  return new Promise(resolve => {
    const s = net.connect(srv.port, '127.0.0.1');
    let buf = '', ok = false;
    s.setEncoding('utf8');
    s.on('connect', () => s.write(`GET /api/campaign/events HTTP/1.1\r\nHost: 127.0.0.1:${srv.port}\r\nX-Muster-Token: ${srv.token(who[i % 3])}\r\n\r\n`));
    s.on('data', d => {
      const now = performance.now();
      buf += d;
      if (!ok && buf.includes('retry:')) { ok = true; opened++; resolve(); }
      for (let k; (k = buf.indexOf('\n\n')) >= 0; buf = buf.slice(k + 2)) {
        const id = (buf.slice(0, k).match(/^id: (\d+)$/m) || [])[1];
        if (id && sent.has(Number(id))) lat.push({ id: Number(id), ms: now - sent.get(Number(id)), phase: phase.get(Number(id)) });
      }
    });
    s.on('close', () => { dropped++; if (!ok) resolve(); });
    s.on('error', () => {});
    streams.push(s);
  });
}

let nextId = Number(JSON.parse(cli('campaign', 'head', db, '--format', 'json')).events) + 1;
const phase = new Map(); // event id -> 'quiet' or 'wrk': whether wrk ran as it was sent
let wrkRunning = false;
async function write(n) { // one change: the Union's default camp
  const id = nextId++;
  sent.set(id, performance.now());
  phase.set(id, wrkRunning ? 'wrk' : 'quiet');
  const r = await fetch(srv.base + 'api/campaign/camp', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Muster-Token': srv.token('umpire') }, body: JSON.stringify({ side: 'union', default: `Camp ${n}` }) });
  await r.text();
  if (r.headers.get('X-Muster-Events') !== String(id)) throw new Error(`write ${n}: events ${r.headers.get('X-Muster-Events')}, not ${id}`);
}
const pct = (a, q) => a[Math.min(a.length - 1, Math.floor(q * a.length))];

try {
  console.log(`machine: ${cpus().length} processors shared by the server, node (${STREAMS} streams) and wrk; load average at the start: ${load()}`);
  const base = await wrk(WRK_S);
  console.log(`/api/fire, no streams: ${base.rps.toFixed(0)} req/s (wrk -t1 -c32, ${WRK_S} s), p99 ${base.p99}, ${base.errors} errors`);
  for (let i = 0; i < STREAMS; i += 100) await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, (_, k) => openStream(i + k)));
  console.log(`${opened} of ${STREAMS} streams open (${STREAMS / 3 | 0}+ on each link)`);
  let n = 0;
  const writes = (async () => { for (; n < WRITES; n++) { const t = performance.now(); await write(n); await sleep(Math.max(0, 1000 - (performance.now() - t))); } })();
  await sleep(Math.max(3000, (WRITES - WRK_S) * 500));
  wrkRunning = true;
  const during = await wrk(WRK_S);
  wrkRunning = false;
  await writes;
  await sleep(1500);
  const expect = WRITES * opened; // a side's default camp is public: every link sees it
  console.log(`/api/fire with the streams and a write a second: ${during.rps.toFixed(0)} req/s, p99 ${during.p99}, ${during.errors} errors: ` +
    `${(100 * during.rps / base.rps).toFixed(0)} % of the throughput without (goal >= 80 %)`);
  console.log(`delivery: ${lat.length} of ${expect} (stream, change) pairs arrived; ${dropped} streams closed`);
  for (const [what, sel] of [['all', () => true], ['wrk idle', l => l.phase === 'quiet'], ['wrk running', l => l.phase === 'wrk']]) {
    const a = lat.filter(sel).map(l => l.ms).sort((x, y) => x - y);
    if (a.length) console.log(`  latency, ${what} (${a.length} pairs): p50 ${pct(a, 0.5).toFixed(1)} ms, p99 ${pct(a, 0.99).toFixed(1)} ms (goal <= 100), max ${a[a.length - 1].toFixed(1)} ms`);
  }
  const last = new Map(); // each change: when it reached its last stream
  for (const l of lat) last.set(l.id, Math.max(last.get(l.id) || 0, l.ms));
  console.log('  each change, to its last stream (ms): ' + [...last.values()].map(v => v.toFixed(0)).join(' '));
  console.log(`load average at the end: ${load()}`);
} finally {
  for (const s of streams) s.destroy();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
