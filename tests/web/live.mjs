// SPDX-License-Identifier: MIT
// Live pages (issue 22): GET /api/campaign/events is a Server-Sent Events
// stream per link carrying each new event as `campaign log --as` shows it to
// that link; Last-Event-ID catches up with nothing missed or given twice;
// two real Chromium pages (the Union's and the Confederates' links, 390x844)
// see each other's changes without a reload, and catch up after a server
// restart through one "reset" when they are far behind. Loopback only.
// Usage: node live.mjs MUSTER
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, tally, cliOf, launchChromium } from './common.mjs';

const muster = process.argv[2];
const here = dirname(fileURLToPath(import.meta.url));
const shots = process.env.MUSTER_SHOTS || join(here, 'shots');
mkdirSync(shots, { recursive: true });
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-live-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps'); // #2
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps'); // #3
cli('campaign', 'battle', 'start', db, "McPherson's Ridge"); // #4
cli('campaign', 'engage', db, '1', '--seed', '7'); // #5
cli('campaign', 'engage', db, '2', '--seed', '8', '--hidden'); // #6 hidden from the Union
const logAs = who => JSON.parse(cli('campaign', 'log', db, '--as', who, '--format', 'json')).events;

// A stream read by hand: its events, parsed, as they come.
function openStream(base, token, last) {
  const ac = new AbortController();
  const got = [];
  const headers = { 'X-Muster-Token': token };
  if (last !== undefined) headers['Last-Event-ID'] = String(last);
  const done = (async () => {
    const res = await fetch(base + 'api/campaign/events', { headers, signal: ac.signal });
    got.status = res.status;
    got.type = res.headers.get('content-type');
    const dec = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body) {
        buf += dec.decode(chunk, { stream: true });
        for (let i; (i = buf.indexOf('\n\n')) >= 0; buf = buf.slice(i + 2)) {
          const b = buf.slice(0, i);
          const id = (b.match(/^id: (\d+)$/m) || [])[1], data = (b.match(/^data: (.*)$/m) || [])[1];
          if (id) got.push({ id: Number(id), data });
        }
      }
    } catch (e) { /* aborted */ }
  })();
  return { got, close: () => { ac.abort(); return done; } };
}
const until = async (f, ms = 10000) => { for (let i = 0; i < ms / 20 && !f(); i++) await new Promise(r => setTimeout(r, 20)); return f(); };

let srv = await startServer(muster, ['--campaign', db]);
let browser = null;
try {
  // catch-up from event 3: 4, 5, 6 exactly as the Union's log shows them
  const u = openStream(srv.base, srv.token('union'), 3);
  await until(() => u.got.length >= 3);
  check('a text/event-stream', u.got.status === 200 && /^text\/event-stream/.test(u.got.type), [u.got.status, u.got.type]);
  const ulog = logAs('union');
  check('Last-Event-ID 3: events 4..6, once each, in order', JSON.stringify(u.got.map(e => e.id)) === '[4,5,6]', u.got.map(e => e.id));
  check('each as `campaign log --as union` shows it (the hidden engage masked)',
    u.got.every(e => e.data === JSON.stringify(ulog.find(x => x.id === e.id))), u.got);
  // from now on (no Last-Event-ID): only new events
  const c = openStream(srv.base, srv.token('confederate'));
  const ump = openStream(srv.base, srv.token('umpire'), 6);
  await new Promise(r => setTimeout(r, 300));
  const w = await fetch(srv.base + 'api/campaign/casualties', { method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Muster-Token': srv.token('confederate') },
    body: JSON.stringify({ div: 2, brigade: 1, lost: 2 }) });
  check('the Confederates record casualties on their hidden division', w.status === 200, w.status);
  await until(() => u.got.length >= 4 && c.got.length >= 1 && ump.got.length >= 1);
  const u7 = u.got[3], c7 = c.got[0], m7 = ump.got[0];
  check('every stream carries event 7', u7 && c7 && m7 && u7.id === 7 && c7.id === 7 && m7.id === 7, [u7, c7, m7]);
  check('the Union\'s masked as its log is', u7 && u7.data === JSON.stringify(logAs('union').find(x => x.id === 7)) && !/"lost"/.test(u7.data), u7);
  check('the Confederates\' and the umpire\'s in full', c7 && c7.data === JSON.stringify(logAs('confederate').find(x => x.id === 7)) && /"lost":2/.test(m7.data), [c7, m7]);
  // a change from the command line reaches the streams too (within a poll)
  cli('campaign', 'casualties', db, '1', '--brigade', '1', '--lost', '1'); // #8
  await until(() => u.got.length >= 5 && c.got.length >= 2);
  check('a CLI change reaches the streams', u.got[4] && u.got[4].id === 8 && c.got[1] && c.got[1].id === 8, [u.got.map(e => e.id), c.got.map(e => e.id)]);
  // a reconnect from the last id seen: nothing missed, nothing twice
  await u.close();
  cli('campaign', 'casualties', db, '1', '--brigade', '2', '--lost', '1'); // #9, while away
  const u2 = openStream(srv.base, srv.token('union'), 8);
  await until(() => u2.got.length >= 1);
  check('reconnected with Last-Event-ID 8: event 9, once', JSON.stringify(u2.got.map(e => e.id)) === '[9]', u2.got.map(e => e.id));
  const r403 = await fetch(srv.base + 'api/campaign/events');
  check('no token: 403', r403.status === 403, r403.status);
  await Promise.all([u2.close(), c.close(), ump.close()]);

  // ---- two phones side by side --------------------------------------------
  browser = await launchChromium();
  const phone = async url => {
    const p = await browser.newPage();
    p.on('pageerror', e => check('no script error', false, e.message));
    await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    await p.goto(url, { waitUntil: 'domcontentloaded' });
    await p.waitForSelector('#camp-ledger .division');
    await p.waitForSelector('#conn[data-state="live"]');
    return p;
  };
  const uni = await phone(srv.links.union), con = await phone(srv.links.confederate);
  const top = p => p.$eval('#camp-log li', li => li.textContent);
  await uni.bringToFront();
  await uni.$eval('form[data-cmd="campaign/casualties"] select[name="div"]', e => { e.value = '1'; });
  await uni.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => { e.value = '1'; });
  await uni.click('form[data-cmd="campaign/casualties"] button[type="submit"]');
  await uni.waitForFunction(() => /^#10 /.test(document.querySelector('#camp-log li').textContent), { timeout: 10000, polling: 100 })
    .catch(async e => { throw new Error('the Union page: ' + (await top(uni)) + ' / ' + (await uni.$eval('#camp-error', x => x.textContent))); });
  await con.waitForFunction(() => /^#10 /.test(document.querySelector('#camp-log li').textContent), { timeout: 10000, polling: 100 })
    .catch(async e => { throw new Error('the Confederate page: ' + (await top(con)) + ' seen ' + JSON.stringify(await con.evaluate(() => window.musterLive))); });
  check('the Confederate page shows the Union\'s change without a reload', /^#10 casualties/.test(await top(con)), await top(con));
  await con.bringToFront();
  await con.$eval('form[data-cmd="campaign/casualties"] select[name="div"]', e => { e.value = '2'; });
  await con.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => { e.value = '1'; });
  await con.click('form[data-cmd="campaign/casualties"] button[type="submit"]');
  await uni.waitForFunction(() => /^#11 /.test(document.querySelector('#camp-log li').textContent), { timeout: 10000, polling: 100 });
  const u11 = await top(uni);
  check('the Union page shows the Confederates\' change, masked', /^#11 casualties/.test(u11) && !/lost/.test(u11), u11);
  const seenU = await uni.evaluate(() => window.musterLive.slice()), seenC = await con.evaluate(() => window.musterLive.slice());
  check('each page got each event once', JSON.stringify(seenU) === '[10,11]' && JSON.stringify(seenC) === '[10,11]', [seenU, seenC]);
  await uni.evaluate(() => window.scrollTo(0, 0));
  await con.evaluate(() => window.scrollTo(0, 0));
  await uni.bringToFront();
  await uni.screenshot({ path: join(shots, 'live-union.png') });
  await con.bringToFront();
  await con.screenshot({ path: join(shots, 'live-confederate.png') });

  // ---- phones far behind: one reset, then the log --------------------------
  // The server goes away while more is recorded than a stream may carry at
  // once (over half its 64 KiB bound); when it is back on the same port
  // each page's catch-up is one "reset" event: the page reloads the ledger
  // and the log, counts every event it missed once, and is live again.
  const port = srv.port, stopped = await srv.stop();
  check('the server stops while the pages stream', stopped.code === 0, stopped);
  let k = 0;
  const behind = () => JSON.stringify(logAs('union').filter(e => e.id > 11)).length;
  while (behind() < 40000) // a batch of names between each measure
    for (let i = 0; i < 25; i++, k++) cli('campaign', 'name', db, '1', `Wadsworth ${k}`);
  const head = JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.length;
  srv = await startServer(muster, ['--campaign', db], port);
  const raw = openStream(srv.base, srv.token('union'), 11);
  await until(() => raw.got.length >= 1);
  await new Promise(r => setTimeout(r, 300));
  await raw.close();
  check('a catch-up of ' + (head - 11) + ' events: one reset, its id the head',
    raw.got.length === 1 && raw.got[0].id === head && raw.got[0].data === '{}', raw.got.slice(0, 3));
  for (const [p, who] of [[uni, 'union'], [con, 'confederate']]) {
    await p.bringToFront();
    const ok = await p.waitForFunction(n => new RegExp('^#' + n + ' ').test(document.querySelector('#camp-log li').textContent),
      { timeout: 45000, polling: 100 }, head).then(() => true, () => false); // its retries back off to 30 s
    check(`the ${who} page is live again, at #${head}`, ok, await top(p));
    const want = [10, 11, ...logAs(who).filter(e => e.id > 11).map(e => e.id)];
    // the log may show the head first (the ledger reloaded on reconnect)
    // while the catch-up of the missed events is still on its way
    await p.waitForFunction(n => window.musterLive.length >= n, { timeout: 20000, polling: 100 }, want.length).catch(() => {});
    const seen = await p.evaluate(() => window.musterLive.slice());
    const said = await p.evaluate(() => [document.querySelector('#camp-error')?.textContent, document.querySelector('#conn')?.textContent]);
    check(`the ${who} page counted each missed event once`, JSON.stringify(seen) === JSON.stringify(want), [seen.length, want.length, seen.slice(-3), said]);
    const ledger = await p.$eval('#camp-ledger', e => e.textContent);
    check(`the ${who} ledger has the last name`, ledger.includes(`Wadsworth ${k - 1}`), ledger.slice(0, 200));
  }
  await uni.bringToFront();
  await uni.$eval('form[data-cmd="campaign/casualties"] select[name="div"]', e => { e.value = '1'; });
  await uni.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => { e.value = '1'; });
  await uni.click('form[data-cmd="campaign/casualties"] button[type="submit"]');
  const live = await con.waitForFunction(n => new RegExp('^#' + n + ' ').test(document.querySelector('#camp-log li').textContent),
    { timeout: 10000, polling: 100 }, head + 1).then(() => true, () => false);
  check('after the reset a change streams as before', live && (await con.evaluate(() => window.musterLive.slice(-1)[0])) === head + 1, await top(con));
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  if (browser) await browser.close();
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly, streams and all', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
