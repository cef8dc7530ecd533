// SPDX-License-Identifier: MIT
// Every refusal of muster serve is JSON {"error": ...} with its status, on a
// connection's first request and on a later one (after an answered request
// on the same kept-alive connection), and the connection closes after it.
// Raw sockets, so that nothing (fetch, a proxy) tidies the bytes. With a
// short --timeout, a request trickling in gets 408 both first and later.
// Usage: node refusals.mjs MUSTER
import net from 'node:net';
import { startServer } from './common.mjs';

const muster = process.argv[2];
const TIMEOUT = 2;
const srv = await startServer(muster, ['--timeout', String(TIMEOUT)]);
const sleep = ms => new Promise(r => setTimeout(r, ms));
const good = 'GET /api/fire?weapon=musket&range=5&figures=11&seed=7 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

// One connection: an optional good request first (its whole answer read,
// the connection kept), then `bad` (a string, or a function that writes it);
// resolves with the refusal's bytes once the server closes, or 'open' if it
// has not closed within ms.
function exchange(bad, later, ms = 8000, first = good) {
  return new Promise(resolve => {
    const s = net.connect(srv.port, '127.0.0.1');
    let buf = Buffer.alloc(0), phase = later ? 'good' : 'bad', t0 = 0, firstAnswer = '';
    const timer = setTimeout(() => { s.destroy(); resolve({ open: true, text: buf.toString('latin1'), first: firstAnswer }); }, ms);
    const sendBad = () => {
      phase = 'bad';
      t0 = performance.now();
      if (typeof bad === 'function') bad(s); else s.write(bad);
    };
    s.on('connect', () => (later ? s.write(first) : sendBad()));
    s.on('data', d => {
      buf = Buffer.concat([buf, d]);
      if (phase !== 'good') return;
      const text = buf.toString('latin1'), end = text.indexOf('\r\n\r\n');
      const len = /\r\ncontent-length: *(\d+)/i.exec(text);
      if (end >= 0 && len && buf.length >= end + 4 + Number(len[1])) {
        firstAnswer = text.slice(0, end + 4 + Number(len[1]));
        buf = buf.subarray(end + 4 + Number(len[1]));
        sendBad();
      }
    });
    s.on('error', () => {});
    s.on('close', () => {
      clearTimeout(timer);
      resolve({ open: false, text: buf.toString('latin1'), first: firstAnswer, secs: (performance.now() - t0) / 1000 });
    });
  });
}

function refusal(text) {
  const m = /^HTTP\/1\.1 (\d{3}) /.exec(text);
  const end = text.indexOf('\r\n\r\n');
  if (!m || end < 0) return { status: null, why: 'no HTTP answer: ' + JSON.stringify(text.slice(0, 80)) };
  const head = text.slice(0, end), body = text.slice(end + 4);
  let json = null;
  try { json = JSON.parse(body); } catch (e) { json = null; }
  const type = /\r\ncontent-type: *application\/json/i.test(head);
  return { status: Number(m[1]), json, type, body };
}

const pad = n => 'x'.repeat(n);
const trickle = text => s => {
  let k = 0;
  const t = setInterval(() => { if (k < text.length && !s.destroyed) s.write(text[k++]); else clearInterval(t); }, 250);
  s.on('close', () => clearInterval(t));
};
const slowBody = (head, body) => s => { s.write(head); trickle(body)(s); };
const cases = [
  ['URL over 8 KiB', `GET /api/fire?weapon=${pad(9000)} HTTP/1.1\r\nHost: h\r\n\r\n`, 414],
  ['URL over 32 KiB', `GET /api/fire?weapon=${pad(40000)} HTTP/1.1\r\nHost: h\r\n\r\n`, 414],
  ['URL of 200 KiB, no end', `GET /api/fire?weapon=${pad(200000)}`, 414],
  ['headers over 16 KiB', `GET /api/fire HTTP/1.1\r\nHost: h\r\nX-Pad: ${pad(20000)}\r\n\r\n`, 431],
  ['headers over 32 KiB', `GET /api/fire HTTP/1.1\r\nHost: h\r\nX-Pad: ${pad(40000)}\r\n\r\n`, 431],
  ['many headers over 32 KiB', 'GET /api/fire HTTP/1.1\r\nHost: h\r\n' + Array.from({ length: 3000 }, (_, i) => `X-${i}: ${pad(10)}\r\n`).join('') + '\r\n', 431],
  ['many short header lines', 'GET /api/fire HTTP/1.1\r\nHost: h\r\n' + Array.from({ length: 600 }, (_, i) => `X${i}: v\r\n`).join('') + '\r\n', 431],
  ['a cookie of many pairs', 'GET /api/fire HTTP/1.1\r\nHost: h\r\nCookie: ' + Array.from({ length: 600 }, (_, i) => `c${i}=1`).join('; ') + '\r\n\r\n', 431],
  ['a thousand options', 'GET /api/fire?' + Array.from({ length: 1000 }, (_, i) => `a${i}`).join('&') + ' HTTP/1.1\r\nHost: h\r\n\r\n', 400],
  ['a request line without a version', 'GET /api/fire\r\nHost: h\r\n\r\n', 400],
  ['garbage', 'hello there, server\r\n\r\n', 400],
  ['a header without a colon', 'GET /api/fire HTTP/1.1\r\nHost: h\r\nnot a header\r\n\r\n', 400],
  ['a folded header', 'GET /api/fire HTTP/1.1\r\nHost: h\r\nX-A: 1\r\n  2\r\n\r\n', 400],
  ['no Host in HTTP/1.1', 'GET /api/fire HTTP/1.1\r\n\r\n', 400],
  ['a NUL in a header', 'GET /api/fire HTTP/1.1\r\nHost: h\r\nX-A: a\0b\r\n\r\n', 400],
  ['HTTP/2.0', 'GET /api/fire HTTP/2.0\r\nHost: h\r\n\r\n', 505],
  ['a chunked body', 'POST /api/campaign/undo HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n', 411],
  ['a bad Content-Length', 'POST /api/campaign/undo HTTP/1.1\r\nHost: h\r\nContent-Length: 12x\r\n\r\n', 400],
  // libmicrohttpd refuses white space after the digits (in HTML): the gate first
  ['a Content-Length with a tab after it', 'POST /api/fire HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 2\t\r\n\r\n{}', 400],
  ['a body over 64 KiB', `POST /api/campaign/undo HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n{"a":"${pad(1000)}`, 413],
  ['a method not taken', 'DELETE /api/fire HTTP/1.1\r\nHost: h\r\n\r\n', 405],
  ['a request trickling in', trickle(good), 408],
  ['garbage after an HTTP/1.0 keep-alive answer', 'hello there, server\r\n\r\n', 400,
    'GET /api/fire?weapon=musket&range=5&figures=11&seed=7 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n'],
  ['a body trickling in', slowBody('POST /api/fire HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n', '{"weapon": "musket", "range": 5, "x": 1}'), 408],
  ['a head that never ends', trickle('GET /api/fire HTTP/1.1\r\nHost: h\r\nX-Slow: ' + pad(400)), 408],
];

let failed = 0, passed = 0;
const out = [];
try {
  // Both halves of each case at once: the trickles take TIMEOUT seconds.
  const runs = cases.flatMap(([name, bad, want, first]) => [false, true].map(async later => {
    const r = await exchange(bad, later, (TIMEOUT + 6) * 1000, first);
    const f = refusal(r.text);
    const where = `${name} (${later ? 'a later request on a kept-alive connection' : 'first request'})`;
    let why = null;
    if (later && !/^HTTP\/1\.1 200 /.test(r.first || '')) why = 'the first, good request was not answered';
    else if (r.open) why = 'the connection stayed open';
    else if (f.status !== want) why = `status ${f.status}, not ${want}: ${JSON.stringify(r.text.slice(0, 120))}`;
    else if (!f.type || !f.json || typeof f.json.error !== 'string') why = `not a JSON error: ${JSON.stringify(f.body.slice(0, 120))}`;
    else if (want === 408 && (r.secs < TIMEOUT - 0.5 || r.secs > TIMEOUT + 2.5)) why = `cut after ${r.secs.toFixed(1)} s, not about ${TIMEOUT}`;
    if (why) { failed++; out.push(`FAIL ${where}: ${why}`); } else { passed++; out.push(`ok   ${where}: ${f.status} ${f.json.error}`); }
  }));
  await Promise.all(runs);
  // Under load: many connections, each answered many times back to back,
  // then a malformed request; every one must still be gated (a connection
  // left with libmicrohttpd would answer HTML).
  const busy = await Promise.all(Array.from({ length: 64 }, () => new Promise(resolve => {
    const s = net.connect(srv.port, '127.0.0.1');
    let buf = '', n = 0;
    const timer = setTimeout(() => { s.destroy(); resolve({ n, text: 'timeout' }); }, 20000);
    s.on('connect', () => s.write(good));
    s.on('data', d => {
      buf += d.toString('latin1');
      if (n >= 30) return;
      const end = buf.indexOf('\r\n\r\n'), len = /\r\ncontent-length: *(\d+)/i.exec(buf);
      if (end < 0 || !len || buf.length < end + 4 + Number(len[1])) return;
      buf = buf.slice(end + 4 + Number(len[1]));
      s.write(++n < 30 ? good : 'hello there, server\r\n\r\n');
    });
    s.on('error', () => {});
    s.on('close', () => { clearTimeout(timer); resolve({ n, text: buf }); });
  })));
  const html = busy.filter(b => refusal(b.text).status !== 400 || !refusal(b.text).json);
  if (html.length) { failed++; out.push(`FAIL under load: ${html.length} of 64 connections did not answer their 30th request with JSON 400: ${JSON.stringify(html[0].text.slice(0, 100))}`); }
  else { passed++; out.push('ok   under load: 64 connections, 29 answers each, then a malformed request: JSON 400 on every one'); }
  // The server still answers.
  const r = await fetch(srv.base + 'api/fire?weapon=musket&range=5&figures=11&seed=7');
  if (r.status !== 200) { failed++; out.push('FAIL the server no longer answers'); }
} finally {
  const st = await srv.stop();
  if (st.code !== 0) { failed++; out.push('FAIL the server did not stop cleanly: ' + JSON.stringify(st)); }
}
console.log(out.sort().join('\n'));
console.log(`${passed} refusals JSON with the right status, ${failed} not`);
process.exit(failed ? 1 : 0);
