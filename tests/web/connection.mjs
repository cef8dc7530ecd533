// SPDX-License-Identifier: MIT
// The connection banner tells the truth (issue 37): a Union phone at
// 390x844 is Live; with the network cut it says Offline and counts the
// changes waiting, and when the network returns it is Live again at once
// (not after its back-off), the change sent and the event recorded
// meanwhile in its log; with the server stopped it says so with its next
// try, and when the server is started again it is Live with the log
// caught up; when the umpire replaces the link it says to ask the umpire.
// Each new state is said to screen readers (the page's aria-live region).
// Usage: node connection.mjs MUSTER
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
const dir = mkdtempSync(join(tmpdir(), 'muster-connection-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth'); // #2
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth'); // #3
cli('campaign', 'battle', 'start', db, 'Ridge'); // #4
cli('campaign', 'engage', db, '1', '--seed', '7'); // #5
cli('campaign', 'engage', db, '2', '--seed', '8'); // #6
const events = () => JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events;

let srv = await startServer(muster, ['--campaign', db]);
const port = srv.port, link = srv.links.union;
let browser = null;
const banner = p => p.$eval('#conn', e => [e.dataset.state, e.hidden ? '' : e.textContent]);
const bannerIs = (p, state, ms = 10000) => p.waitForFunction(s => document.querySelector('#conn').dataset.state === s,
  { timeout: ms, polling: 100 }, state).then(() => true, () => false);
const logHas = (p, id, ms = 10000) => p.waitForFunction(n => !!document.querySelector(`#camp-log li[value="${n}"]`),
  { timeout: ms, polling: 100 }, id).then(() => true, () => false);
try {
  browser = await launchChromium();
  const p = await browser.newPage();
  p.on('pageerror', e => check('no script error', false, e.message));
  await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  // what the aria-live region said, in order
  await p.evaluateOnNewDocument(() => {
    window.said = [];
    document.addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
      const t = document.querySelector('#announce').textContent;
      if (t) window.said.push(t);
    }).observe(document.querySelector('#announce'), { childList: true, characterData: true, subtree: true }));
  });
  await p.goto(link, { waitUntil: 'domcontentloaded' });
  await p.waitForSelector('#camp-ledger .division');
  check('opened: Live', await bannerIs(p, 'live'), await banner(p));
  check('Live, in words', (await banner(p))[1] === 'Live: changes from every phone appear here as they are made.', await banner(p));
  const said = () => p.evaluate(() => window.said.slice());

  // ---- the network cut and restored -----------------------------------------
  await p.setOfflineMode(true);
  check('network cut: Offline', await bannerIs(p, 'offline', 5000), await banner(p));
  check('Offline: nothing waiting', (await banner(p))[1] === 'Offline: 0 changes waiting to be sent.', await banner(p));
  await p.$eval('form[data-cmd="campaign/casualties"]', f => { f.closest('details').open = true; });
  await p.select('form[data-cmd="campaign/casualties"] select[name="div"]', '1');
  await p.$eval('form[data-cmd="campaign/casualties"] select[name="brigade"]', e => { e.value = '1'; });
  await p.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => { e.value = '1'; });
  await p.click('form[data-cmd="campaign/casualties"] button');
  await p.waitForFunction(() => document.querySelectorAll('#camp-queue li').length === 1, { timeout: 30000 }).catch(() => {});
  check('a change made offline is counted', (await banner(p))[1] === 'Offline: 1 change waiting to be sent.', await banner(p));
  await p.evaluate(() => { document.querySelector('#conn').scrollIntoView(); });
  await p.screenshot({ path: join(shots, 'conn-offline.png') });
  // the back-off has grown past the seconds allowed below: only the
  // network's return can bring the page back that soon
  await new Promise(r => setTimeout(r, 4000));
  cli('campaign', 'casualties', db, '2', '--brigade', '1', '--lost', '1'); // #7, the umpire's, meanwhile
  await p.setOfflineMode(false);
  check('network back: Live at once', await bannerIs(p, 'live', 3000), await banner(p));
  check('the change waiting was sent', await p.waitForFunction(() => document.querySelector('#camp-queue').hidden,
    { timeout: 10000 }).then(() => true, () => false) && events().length === 8, events().length);
  check('the log caught up: the umpire\'s #7 and the page\'s #8', await logHas(p, 7) && await logHas(p, 8));
  let s = await said();
  check('screen readers were told: offline, then live', s.some(x => /^Offline: /.test(x)) &&
    s.slice(s.findIndex(x => /^Offline: /.test(x))).some(x => /^Live: /.test(x)), s);

  // ---- the server stopped and started again ------------------------------------
  const r = await srv.stop();
  check('the server stopped cleanly', r.code === 0, r);
  check('server stopped: said so', await bannerIs(p, 'stopped', 10000), await banner(p));
  const stopped = (await banner(p))[1];
  check('with when it tries next', /^The server has stopped: the next try in \d+ seconds?\.$/.test(stopped), stopped);
  await p.screenshot({ path: join(shots, 'conn-stopped.png') });
  cli('campaign', 'casualties', db, '1', '--brigade', '2', '--lost', '1'); // #9, while it was down
  srv = await startServer(muster, ['--campaign', db], port);
  check('server back: Live', await bannerIs(p, 'live', 35000), await banner(p));
  check('the log caught up: #9', await logHas(p, 9));
  s = await said();
  check('screen readers were told the server stopped', s.some(x => /^The server has stopped/.test(x)), s);

  // ---- the link replaced by the umpire -------------------------------------
  cli('campaign', 'links', db, '--side', 'union', '--rotate', '--no-qr');
  check('link replaced: said so', await bannerIs(p, 'replaced', 15000), await banner(p));
  check('ask the umpire', (await banner(p))[1] === 'This link was replaced: ask the umpire for the new one.', await banner(p));
  const told = await p.waitForFunction(() => window.said.some(x => /^This link was replaced/.test(x)),
    { timeout: 3000, polling: 100 }).then(() => true, () => false);
  check('screen readers were told the link was replaced', told, await said());
  await p.screenshot({ path: join(shots, 'conn-replaced.png') });
  // German: the banner in the page's language
  await p.click('.langs [data-lang="de"]');
  await p.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 30000 });
  const de = (await banner(p))[1];
  check('German: the banner translated', de === 'Dieser Link wurde ersetzt: den Schiedsrichter nach dem neuen fragen.', de);
  await p.click('.langs [data-lang="en"]');
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  if (browser) await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
