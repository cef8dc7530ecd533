// SPDX-License-Identifier: MIT
// GET /api/<command>?<option>=<value>... must answer exactly what
// `muster <command> --<option> <value> ... --format json` prints: the same
// bytes on success (200), the same message on bad input (400, as JSON
// {"error": ...}), for every command over many random option sets, valid
// and not. Usage: node api_equal.mjs MUSTER [SETS_PER_COMMAND] [SEED]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './common.mjs';
import { optionSets, prng } from './optsets.mjs';

const muster = process.argv[2];
const perCommand = Number(process.argv[3] || 60);
const seed0 = Number(process.argv[4] || 20261130);
const { rnd, pick, int } = prng(seed0 + 1); // the campaign's changes

function cliRun(words, opts, extra = []) {
  const argv = [...words];
  for (const [n, v] of opts) { argv.push('--' + n); if (v !== true) argv.push(v); }
  argv.push(...extra, '--format', 'json');
  const r = spawnSync(muster, argv, { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr, argv };
}

const srv = await startServer(muster);
let checked = 0, failed = 0;
const byStatus = {}, commands = new Set();
try {
  for (const set of optionSets(seed0)(perCommand)) {
    const cmd = set.cmd.replace(' ', '/'), opts = set.opts;
    commands.add(cmd);
    const q = opts.map(([n, v]) => encodeURIComponent(n) + (v === true ? '' : '=' + encodeURIComponent(v))).join('&');
    const res = await fetch(srv.base + 'api/' + cmd + (q ? '?' + q : ''));
    const body = await res.text();
    let cli = cliRun(cmd.split('/'), opts);
    // No dice given: the server drew a seed and says which; so must the CLI.
    const drawn = body.match(/"seed":\s*(\d+)/);
    if (res.status === 200 && drawn && !opts.some(([n]) => n === 'seed' || n === 'rolls')) {
      cli = cliRun(cmd.split('/'), opts, ['--seed', drawn[1]]);
    }
    // The web gives a simulation a time budget (web/api.c): a slow machine
    // (a sanitizer build) stops at fewer trials than asked, in whole
    // blocks, which is the CLI's answer for that many trials.
    const ran = cmd.startsWith('sim/') && res.status === 200 && body.match(/"trials":\s*(\d+)/);
    const asked = cli.code === 0 && cli.out.match(/"trials":\s*(\d+)/);
    if (ran && asked && Number(ran[1]) < Number(asked[1])) {
      const rest = opts.filter(([n]) => n !== 'trials');
      cli = cliRun(cmd.split('/'), rest, [...(drawn && !opts.some(([n]) => n === 'seed') ? ['--seed', drawn[1]] : []), '--trials', ran[1]]);
    }
    byStatus[res.status] = (byStatus[res.status] || 0) + 1;
    checked++;
    let why = null;
    if (cli.code === 0) {
      if (res.status !== 200) why = `CLI exit 0, API ${res.status}`;
      else if (body !== cli.out) why = 'different output';
    } else {
      // getopt cannot tell an unknown option from one missing its value;
      // pairs can, and the table's engine says which: the same option.
      const msg = cli.err.split('\n').filter(Boolean).map(l => l.replace(/^muster: /, ''))
        .map(l => l.replace(/unknown option or missing value: --([a-z0-9-]+)/, "unknown option '$1'")).join('; ');
      const want = cli.code === 2 ? 400 : 500;
      let got = null;
      try { got = JSON.parse(body).error; } catch (e) { got = null; }
      if (res.status !== want) why = `CLI exit ${cli.code}, API ${res.status}`;
      else if (got !== msg) why = `error ${JSON.stringify(got)} against ${JSON.stringify(msg)}`;
    }
    if (why) {
      failed++;
      if (failed <= 10) console.log(`FAIL ${cmd}?${q}\n  muster ${cli.argv.join(' ')}\n  ${why}`);
    }
  }
} finally {
  const st = await srv.stop();
  if (st.code !== 0) { failed++; console.log('FAIL: the server did not stop cleanly: ' + JSON.stringify(st) + srv.stderr()); }
}
// ---- the campaign: the same changes through the API on one copy of a
// ledger and through the CLI on another, each link against --as ----------
const dir = mkdtempSync(join(tmpdir(), 'muster-api-'));
const A = join(dir, 'a.db'), B = join(dir, 'b.db');
const must = (...a) => { const r = spawnSync(muster, a, { encoding: 'utf8' }); if (r.status) throw new Error(r.stderr); };
must('campaign', 'new', B, '--name', 'Test', '--year', '1863', '--theater', 'east');
for (const [side, name, corps] of [['union', 'Wadsworth', 'I'], ['union', 'Doubleday', 'I'], ['confederate', 'Heth', 'III'], ['confederate', 'Pender', 'III']])
  must('campaign', 'add', B, '--side', side, '--name', name, '--corps', corps);
must('campaign', 'battle', 'start', B, 'Ridge');
copyFileSync(B, A);
const camp = await startServer(muster, ['--campaign', A]);
const hex = t => t.replace(/[0-9a-f]{32,}/g, 'HEX'); // salts and commitments are random
const side = () => pick(['union', 'confederate']);
const div = () => String(int(1, 5));
const ops = {
  show: { get: true, gen: () => [] },
  log: { get: true, gen: () => [] },
  prisoners: { get: true, gen: () => [] },
  engage: { div: true, gen: () => [['hidden', rnd() < 0.5 ? true : null], ['seed', String(int(1, 999))], ['by-the-book', rnd() < 0.2 ? true : null]] },
  reveal: { div: true, gen: () => [] },
  casualties: { div: true, gen: () => [['brigade', String(int(1, 4))], ['lost', String(int(0, 4))], ['captured', rnd() < 0.5 ? String(int(0, 2)) : null]] },
  'battle/start': { name: true, gen: () => [] },
  'battle/end': { gen: () => [['winner', rnd() < 0.85 ? pick(['union', 'confederate', 'none']) : null], ['seed', String(int(1, 999))]] },
  exchange: { gen: () => [['union', String(int(0, 2))], ['confederate', String(int(0, 2))]] },
  liberate: { gen: () => [['side', side()]] },
  'leader-lost': { div: true, gen: () => [['brigade', String(int(1, 4))], ['seed', String(int(1, 999))]] },
  penalty: { gen: () => [['side', side()]] },
  downgrade: { div: true, gen: () => [['brigade', String(int(1, 4))]] },
  add: { gen: () => [['side', side()], ['name', pick(['Rodes', 'Early', 'Robinson'])]] },
  undo: { event: true, gen: () => [] },
  camp: { gen: () => [['side', side()], ['default', rnd() < 0.7 ? pick(['Camp Douglas', 'Libby Prison', 'Elmira', '']) : null]] },
  advance: { gen: () => [['year', String(int(1862, 1866))]] },
};
let campChecked = 0;
try {
  for (let i = 0; i < perCommand * 4; i++) {
    const sub = pick(Object.keys(ops)), op = ops[sub];
    const who = pick(['umpire', 'union', 'confederate']);
    const opts = op.gen().filter(([, v]) => v !== null);
    const d = op.div ? div() : null, name = op.name ? 'Battle ' + i : null;
    // undo's EVENT: a number from the log, or none (the latest), now and
    // then a bad one
    const ev = op.event && rnd() < 0.8 ? pick([String(int(1, i + 12)), String(int(1, 12)), '0', 'x']) : null;
    const body = Object.fromEntries(opts);
    if (d) body.div = d;
    if (name) body.name = name;
    if (ev) body.event = ev;
    const headers = { 'X-Muster-Token': camp.token(who) };
    let res;
    if (op.get) {
      res = await fetch(camp.base + 'api/campaign/' + sub, { headers });
    } else {
      headers['Content-Type'] = 'application/json';
      res = await fetch(camp.base + 'api/campaign/' + sub, { method: 'POST', headers, body: JSON.stringify(body) });
    }
    const text = await res.text();
    const words = sub.split('/');
    const argv = ['campaign', ...words, B, ...(d ? [d] : []), ...(name ? [name] : []), ...(ev ? [ev] : [])];
    for (const [n, v] of opts) { argv.push('--' + n); if (v !== true) argv.push(v); }
    if (who !== 'umpire') argv.push('--as', who);
    if (sub !== 'reveal') argv.push('--format', 'json'); // reveal prints JSON
    const cli = spawnSync(muster, argv, { encoding: 'utf8' });
    checked++; campChecked++;
    byStatus[res.status] = (byStatus[res.status] || 0) + 1;
    let why = null;
    if (cli.status === 0) {
      if (res.status !== 200) why = `CLI exit 0, API ${res.status}: ${text}`;
      else if (hex(text) !== hex(cli.stdout)) why = 'different output';
    } else {
      const msg = cli.stderr.split('\n').filter(Boolean).map(l => l.replace(/^muster: /, '')).join('; ');
      let got = null, reason = null;
      try { ({ error: got, reason } = JSON.parse(text)); } catch (e) { got = null; }
      // a refusal with a reason code leaves out the CLI's hint (": start
      // one with 'muster ...'"), which names the tool's commands
      const m = hex(msg), g = hex(got || '');
      const same = reason ? m === g || m.startsWith(g + ': ') : m === g;
      if (res.status !== (cli.status === 2 ? 400 : 500)) why = `CLI exit ${cli.status}, API ${res.status}`;
      else if (!same) why = `error ${JSON.stringify(got)} against ${JSON.stringify(msg)}`;
    }
    if (why) {
      failed++;
      if (failed <= 10) console.log(`FAIL ${who} ${sub} ${JSON.stringify(body)}\n  muster ${argv.join(' ')}\n  ${why}`);
    }
  }
} finally {
  const st = await camp.stop();
  if (st.code !== 0) { failed++; console.log('FAIL: the campaign server did not stop cleanly: ' + JSON.stringify(st) + camp.stderr()); }
  rmSync(dir, { recursive: true, force: true });
}

console.log(`${checked} option sets over ${commands.size} commands and ${campChecked} campaign changes and views as umpire and sides: ${checked - failed} equal, ${failed} different; API statuses ${JSON.stringify(byStatus)}`);
process.exit(failed ? 1 : 0);
