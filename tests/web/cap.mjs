// SPDX-License-Identifier: MIT
// The server's cap on connections (4 000) is refused in JSON with
// Retry-After, which libmicrohttpd's own limit cannot do (it closes the
// socket unanswered): four addresses hold 1 000 idle connections each (each
// within its share, a third), then one more from a fifth address gets 503,
// {"error": ...} and Retry-After; once some are closed, it is served again.
// Counts, not times. usage: node cap.mjs MUSTER
import net from 'node:net';
import { startServer, tally } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const srv = await startServer(muster, []);
const held = [];
const open = from => new Promise(resolve => {
  const s = net.connect({ host: '127.0.0.1', port: srv.port, localAddress: from });
  let got = '';
  s.on('data', d => { got += d; });
  s.on('connect', () => resolve(s));
  s.on('error', () => resolve(s));
  s.on('close', () => resolve(s));
  s.answer = () => got;
  held.push(s);
});
try {
  for (let a = 0; a < 4; a++) {
    const batch = [];
    for (let i = 0; i < 1000; i++) batch.push(open(`127.0.1.${a + 1}`));
    await Promise.all(batch);
  }
  await new Promise(r => setTimeout(r, 300));
  check('4 000 idle connections held, none answered', held.filter(s => !s.destroyed && s.answer() === '').length === 4000,
    held.filter(s => s.destroyed || s.answer() !== '').length);
  const more = await open('127.0.1.9');
  for (let i = 0; i < 40 && more.answer() === ''; i++) await new Promise(r => setTimeout(r, 50));
  const said = more.answer();
  const body = said.slice(said.indexOf('\r\n\r\n') + 4);
  let json = null;
  try { json = JSON.parse(body); } catch (e) { json = null; }
  check('one more: 503, JSON, Retry-After', /^HTTP\/1.1 503/.test(said) && /\r\nRetry-After: 5\r\n/.test(said) &&
    /content-type: application\/json/i.test(said) && json && /^too many connections: try again/.test(json.error), said.slice(0, 300));
  for (const s of held.splice(0, 100)) s.destroy();
  await new Promise(r => setTimeout(r, 300));
  const r = await fetch(srv.base + 'api/fire?weapon=musket&range=5&figures=3&seed=1');
  check('with room again, a request is answered', r.status === 200, r.status);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  for (const s of held) s.destroy();
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
