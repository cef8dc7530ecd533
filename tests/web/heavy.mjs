// SPDX-License-Identifier: MIT
// Heavy calls apart from light ones: simulations from eight clients (each
// its own loopback address, two calls each: sixteen in all) fill the
// server's queue of long calls; a volley asked meanwhile is answered
// before any of the simulations, which run one after another beside it;
// calls beyond the queue's bounds get 503 with a JSON reason and
// Retry-After at once, and every call held is answered in the end.
// Order, not time, is what is checked (speed is bench/serve_heavy.mjs's).
// usage: node heavy.mjs MUSTER
import http from 'node:http';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const srv = await startServer(muster, ['--threads', '2']);
const done = []; // the order answers came in

function get(path, from, tag) {
  return new Promise(resolve => {
    const req = http.get({ host: '127.0.0.1', port: srv.port, path, localAddress: from, agent: false }, res => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', d => { body += d; });
      res.on('end', () => {
        done.push(tag);
        resolve({ status: res.statusCode, retry: res.headers['retry-after'], body });
      });
    });
    req.on('error', e => { done.push(tag); resolve({ status: 0, body: String(e) }); });
  });
}

try {
  // each simulation takes a while (10^6 corps of 40 divisions: a second or
  // two, the server's 2 s budget at most), longer than the pauses below
  const sim = k => `/api/sim/corps?army=union&divisions=40&trials=1000000&seed=${k}`;
  const heavy = [], pause = ms => new Promise(r => setTimeout(r, ms));
  for (let c = 0; c < 8; c++) {
    for (let k = 0; k < 2; k++) heavy.push(get(sim(c * 2 + k), `127.0.0.${c + 2}`, `sim ${c * 2 + k}`));
    if (c === 0) await pause(200); // the first client's two are held
  }
  await pause(300); // the heavy calls are in
  // a third call from the first client, beyond its share while its two wait
  heavy.push(get(sim(99), '127.0.0.2', 'sim 99'));
  const light = await get('/api/fire?weapon=musket&range=5&figures=11&seed=1', '127.0.0.20', 'light');
  check('the volley is answered', light.status === 200 &&
    light.body === cli('fire', '--weapon', 'musket', '--range', '5', '--figures', '11', '--seed', '1', '--format', 'json'), light);
  const answers = await Promise.all(heavy);
  const ok = answers.filter(a => a.status === 200), busy = answers.filter(a => a.status === 503);
  const held = tag => { const k = Number(tag.split(' ')[1]); return answers[k === 99 ? 16 : k].status === 200; };
  const firstSim = done.findIndex(x => x.startsWith('sim') && held(x));
  check('the volley came before any simulation\'s answer', done.indexOf('light') < firstSim, done);
  check('the queue held its bound (8) and answered every call it held', ok.length === 8, answers.map(a => a.status));
  check('the rest were refused at once: 503, a JSON reason, Retry-After', busy.length === answers.length - 8 &&
    busy.every(a => a.retry && /"error":".*(busy|share)/.test(a.body)), busy.map(a => [a.retry, a.body]));
  const s99 = answers[16];
  check('a third call from one client is beyond its share', s99.status === 503 && /share/.test(s99.body) && s99.retry === '1', [s99.status, s99.retry, s99.body.slice(0, 120)]);
  const one = JSON.parse(ok[0].body);
  check('a simulation held is answered in full', one.trials > 0, one.trials);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
