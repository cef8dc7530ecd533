// SPDX-License-Identifier: MIT
// Each link has a budget of reads: one link that floods the server (the
// Union's, 2 000 requests as fast as 40 connections send them) is refused
// with 429, a JSON reason and Retry-After once its burst is spent, while
// the Confederate's and the umpire's requests, sent meanwhile, are all
// answered; a second later the Union's link is answered again. And one
// address that holds a third of the server's connections (1 333 of 4 000,
// idle) is refused one more (503, JSON, Retry-After) while another address
// is served. Order and counts are checked, not times.
// usage: node budget.mjs MUSTER
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-budget-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Test', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth');
const srv = await startServer(muster, ['--campaign', db]);
const ask = async who => {
  const r = await fetch(srv.base + 'api/campaign/show', { headers: { 'X-Muster-Token': srv.token(who) } });
  return { status: r.status, retry: r.headers.get('retry-after'), body: await r.text() };
};
try {
  const union = [];
  let left = 2000;
  const flood = async () => { while (left-- > 0) union.push(await ask('union')); };
  const began = performance.now();
  const floods = Array.from({ length: 40 }, flood);
  const others = [];
  for (let i = 0; i < 20; i++) others.push(await ask(i % 2 ? 'confederate' : 'umpire'));
  await Promise.all(floods);
  const refused = union.filter(r => r.status === 429);
  // A server slower than the budget (a sanitizer build) never lets the
  // flood outrun it: then there is nothing to refuse, and that is said.
  const allowed = 400 + 100 * (performance.now() - began) / 1000;
  if (allowed < union.length * 0.9)
    check('the flooding link is refused once its burst is spent', refused.length > 0 &&
      union.filter(r => r.status === 200).length >= 400, [union.length, refused.length, Math.round(allowed)]);
  else
    console.log(`note: the server answered ${union.length} requests slower than the budget allows (${Math.round(allowed)}): no refusal to check`);
  check('with a JSON reason and Retry-After', refused.every(r => r.retry === '1' && /"error":"this link sends requests faster/.test(r.body)),
    refused.slice(0, 1));
  check('the other links are answered meanwhile', others.every(r => r.status === 200), others.map(r => r.status));
  await new Promise(r => setTimeout(r, 1100));
  check('a second later the link is answered again', (await ask('union')).status === 200);
  // a third of the connections from one address, idle
  const held = [];
  const open = () => new Promise(resolve => {
    const s = net.connect({ host: '127.0.0.1', port: srv.port, localAddress: '127.0.0.7' });
    let got = '';
    s.on('data', d => { got += d; });
    s.on('connect', () => resolve(s));
    s.on('error', () => resolve(s));
    s.answer = () => got;
    held.push(s);
  });
  for (let i = 0; i < 1333; i++) await open();
  await new Promise(r => setTimeout(r, 300));
  check('the address holds its share, all open', held.filter(s => !s.destroyed && s.answer() === '').length === 1333,
    held.filter(s => s.answer() !== '').length);
  const more = await open();
  await new Promise(r => setTimeout(r, 500));
  const said = more.answer();
  check('one more from that address: 503, JSON, Retry-After', /^HTTP\/1.1 503/.test(said) && /Retry-After: 5/.test(said) &&
    /"error":"too many connections from this address/.test(said), said.slice(0, 300));
  check('another address is served meanwhile', (await ask('confederate')).status === 200);
  for (const s of held) s.destroy();
  check('the calculators need no token and have no link budget', (await fetch(srv.base + 'api/fire?weapon=musket&range=5&figures=3&seed=1')).status === 200);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
