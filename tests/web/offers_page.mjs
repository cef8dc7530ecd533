// SPDX-License-Identifier: MIT
// Offers on the page (issue 35): the Union's phone records an exchange
// with the Prisoners form, which is an offer; the Confederates' phone
// shows it live, with Accept and Decline (and a notice), the Union's with
// Withdraw only; the Confederates accept it, the men go home, and the
// Union's phone is told at once and drops the open offer; so is a
// release the umpire records. Two real Chromium pages at 390x844,
// loopback only. Usage: node offers_page.mjs MUSTER
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
const dir = mkdtempSync(join(tmpdir(), 'muster-offers-page-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth'); // #2
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth'); // #3
cli('campaign', 'battle', 'start', db, 'Ridge'); // #4
cli('campaign', 'engage', db, '1', '--seed', '7'); // #5
cli('campaign', 'engage', db, '2', '--seed', '8', '--hidden'); // #6
cli('campaign', 'casualties', db, '1', '--brigade', '1', '--captured', '2'); // #7
cli('campaign', 'casualties', db, '2', '--brigade', '1', '--captured', '2'); // #8
const held = () => JSON.parse(cli('campaign', 'prisoners', db, '--format', 'json'));

const srv = await startServer(muster, ['--campaign', db]);
let browser = null;
try {
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
  const buttons = p => p.$$eval('#camp-offers [data-offer="9"] button', bs => bs.map(b => b.dataset.answer));
// The page redraws the box on its own after an answer: whether it is hidden
// within 10 s, not at the instant the log shows the event.
const offersHidden = p => p.waitForFunction(() => document.querySelector('#camp-offers').hidden,
  { timeout: 10000, polling: 100 }).then(() => true, () => false);
  await uni.bringToFront();
  const f = 'form[data-cmd="campaign/exchange"]';
  await uni.$eval(`${f} input[name="union"]`, e => { e.value = '1'; });
  await uni.$eval(`${f} input[name="confederate"]`, e => { e.value = '1'; });
  await uni.$eval(f, e => { e.closest('details').open = true; });
  await uni.click(`${f} button[type="submit"]`);
  await uni.waitForSelector('#camp-offers [data-offer="9"]', { timeout: 10000 });
  check('the Union\'s exchange is an offer: no one moved', held().held_by_union.total === 2 && held().held_by_confederate.total === 2);
  check('its maker may only withdraw it', JSON.stringify(await buttons(uni)) === '["withdraw"]', await buttons(uni));
  await con.bringToFront();
  await con.waitForSelector('#camp-offers [data-offer="9"]', { timeout: 10000 });
  check('the other side may accept or decline it', JSON.stringify(await buttons(con)) === '["accept","decline"]', await buttons(con));
  const notice = await con.$eval('#camp-notice', e => e.hidden ? '' : e.textContent);
  check('the Confederates are told of the offer', /#9 offer by the Union: an exchange of 1 Union stand and 1 Confederate stand, for the Confederates to accept or decline/.test(notice), notice);
  await con.evaluate(() => window.scrollTo(0, 0));
  await con.screenshot({ path: join(shots, 'offer-confederate.png') });
  // (the box is drawn again at every reload, the stream's too: the query
  // and the click in one step, inside the page)
  await con.$eval('#camp-offers [data-offer="9"] button[data-answer="accept"]', b => b.click());
  await con.waitForFunction(() => /^#10 offer #9 accepted/.test(document.querySelector('#camp-log li').textContent), { timeout: 10000, polling: 100 });
  check('accepted: the men went home', held().held_by_union.total === 1 && held().held_by_confederate.total === 1, held());
  check('the offer is no longer open', await offersHidden(con));
  await uni.bringToFront();
  const told = await uni.waitForFunction(() => {
    const n = document.querySelector('#camp-notice');
    return !n.hidden && /#10 offer #9 accepted by the Confederates/.test(n.textContent) ? n.textContent : '';
  }, { timeout: 10000, polling: 100 }).then(h => h.jsonValue(), () => '');
  check('the Union is told at once that its offer was accepted', told !== '', told);
  check('and its page drops the open offer', await offersHidden(uni));
  // The Union offers again, then withdraws it from its page.
  await uni.$eval(`${f} input[name="union"]`, e => { e.value = '1'; });
  await uni.$eval(f, e => { e.closest('details').open = true; e.scrollIntoView(); });
  await uni.click(`${f} button[type="submit"]`);
  await uni.waitForSelector('#camp-offers [data-offer="11"]', { timeout: 10000 });
  await uni.$eval('#camp-offers [data-offer="11"] button[data-answer="withdraw"]', b => b.click());
  await uni.waitForFunction(() => /^#12 offer #11 withdrawn/.test(document.querySelector('#camp-log li').textContent), { timeout: 10000, polling: 100 });
  check('withdrawn from the page', await offersHidden(uni));
  // The umpire sends a Union stand home at once: the Union is told.
  cli('campaign', 'exchange', db, '--union', '1', '--confederate', '0'); // #13
  const umpire = await uni.waitForFunction(() => {
    const n = document.querySelector('#camp-notice');
    return !n.hidden && /#13 by the umpire: exchange/.test(n.textContent) ? n.textContent : '';
  }, { timeout: 10000, polling: 100 }).then(h => h.jsonValue(), () => '');
  check('a release the umpire recorded is told too', umpire !== '', await uni.$eval('#camp-notice', e => e.textContent));
  check('check replays it all', /every table agrees/.test(cli('campaign', 'check', db)));
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  if (browser) await browser.close();
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
