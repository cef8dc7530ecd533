// SPDX-License-Identifier: MIT
// muster serve with many live pages: STREAMS event streams
// (/api/campaign/events) held open while the umpire records a change every
// second; each change's delivery latency to every stream (from just before
// its POST is sent to the moment its event's bytes arrive on that stream),
// and /api/fire's throughput under wrk without the streams and with them
// (the writes going on). Goals (issue 22): p99 <= 100 ms; with the streams
// at least 80 % of the throughput without, which is measured before the
// streams open and again after they close (the machine drifts: the mean of
// the two is the reference). The streams are spread over the
// three links (umpire, Union, Confederate), so each poll filters the log
// three ways. Client and server share the machine's processors: it prints
// the load average. A benchmark, not a test. Usage (ulimit for the sockets):
//   (ulimit -n 8192; nice node bench/serve_streams.mjs MUSTER [STREAMS] [WRITES] [WRK_S])
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join, dirname } from 'node:path';
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

// the streams: muster_bench_sse (built beside muster, in bench/) holds them
// on one epoll loop and prints when each event reaches each stream, on the
// clock of process.hrtime; a client in node costs more than the server
const sseTool = join(dirname(muster), 'bench', 'muster_bench_sse');
if (!existsSync(sseTool)) { console.error(`serve_streams.mjs: ${sseTool} is missing: cmake --build ${dirname(muster)} --target muster_bench_sse`); process.exit(2); }
const sent = new Map(); // event id -> time its POST was sent (ns)
const lat = [];         // ms, one per (stream, event)
let opened = 0, dropped = 0, sse = null;
function openStreams(count) {
  return new Promise((resolve, reject) => {
    sse = spawn(sseTool, [String(srv.port), String(count), ...who.map(w => srv.token(w))], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buf = '';
    sse.on('error', reject);
    sse.stdout.setEncoding('utf8');
    sse.stdout.on('data', d => {
      buf += d;
      let k;
      for (; (k = buf.indexOf('\n')) >= 0; buf = buf.slice(k + 1)) {
        const [a, b] = buf.slice(0, k).split(' ');
        if (a === 'open') { opened = Number(b); resolve(); }
        else if (a === 'closed') dropped = Number(b);
        else if (sent.has(Number(a))) lat.push({ id: Number(a), ms: (Number(b) - sent.get(Number(a))) / 1e6, phase: phase.get(Number(a)) });
      }
    });
  });
}
const hrNow = () => Number(process.hrtime.bigint());

let nextId = Number(JSON.parse(cli('campaign', 'head', db, '--format', 'json')).events) + 1;
const phase = new Map(); // event id -> 'quiet' or 'wrk': whether wrk ran as it was sent
let wrkRunning = false;
async function write(n) { // one change: the Union's default camp
  const id = nextId++;
  sent.set(id, hrNow());
  phase.set(id, wrkRunning ? 'wrk' : 'quiet');
  const r = await fetch(srv.base + 'api/campaign/camp', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Muster-Token': srv.token('umpire') }, body: JSON.stringify({ side: 'union', default: `Camp ${n}` }) });
  await r.text();
  if (r.headers.get('X-Muster-Events') !== String(id)) throw new Error(`write ${n}: events ${r.headers.get('X-Muster-Events')}, not ${id}`);
}
const pct = (a, q) => a[Math.min(a.length - 1, Math.floor(q * a.length))];
// CPU time (ms) the server and the streams' client have used so far: the
// load of a change counted in work, not in wall time others share
const tick = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout || 100);
function cpuOf(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * tick;
}
const cpu = () => ({ server: cpuOf(srv.child.pid), client: cpuOf(sse.pid) });

try {
  console.log(`machine: ${cpus().length} processors shared by the server, node (${STREAMS} streams) and wrk; load average at the start: ${load()}`);
  const base = await wrk(WRK_S);
  console.log(`/api/fire, no streams: ${base.rps.toFixed(0)} req/s (wrk -t1 -c32, ${WRK_S} s), p99 ${base.p99}, ${base.errors} errors`);
  // node's first fetch loads and compiles its HTTP client (tens of ms):
  // done here, so that the first change is timed like the others
  await (await fetch(srv.base + 'api/whoami', { headers: { 'X-Muster-Token': srv.token('umpire') } })).text();
  await openStreams(STREAMS);
  console.log(`${opened} of ${STREAMS} streams open (${STREAMS / 3 | 0}+ on each link)`);
  let n = 0, quiet;
  const c0 = cpu();
  const writes = (async () => { for (; n < WRITES; n++) { const t = performance.now(); await write(n); await sleep(Math.max(0, 1000 - (performance.now() - t))); } })();
  await sleep(Math.max(3000, (WRITES - WRK_S) * 500));
  quiet = { n, cpu: cpu() };
  wrkRunning = true;
  const during = await wrk(WRK_S);
  wrkRunning = false;
  await writes;
  await sleep(1500);
  if (sse) { const end = new Promise(r => sse.on('exit', r)); sse.stdin.end(); await end; sse = null; }
  await sleep(1000);
  const after = await wrk(WRK_S), ref = (base.rps + after.rps) / 2;
  console.log(`/api/fire, no streams again, after: ${after.rps.toFixed(0)} req/s, p99 ${after.p99}, ${after.errors} errors`);
  const expect = WRITES * opened; // a side's default camp is public: every link sees it
  console.log(`/api/fire with the streams and a write a second: ${during.rps.toFixed(0)} req/s, p99 ${during.p99}, ${during.errors} errors: ` +
    `${(100 * during.rps / ref).toFixed(0)} % of the throughput without, before and after (goal >= 80 %)`);
  if (quiet.n) {
    const per = k => ((quiet.cpu[k] - c0[k]) / quiet.n).toFixed(1);
    console.log(`CPU a change, before wrk (${quiet.n} changes): server ${per('server')} ms, the streams' client ${per('client')} ms`);
  }
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
  if (sse) { const end = new Promise(r => sse.on('exit', r)); sse.stdin.end(); await end; }
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
