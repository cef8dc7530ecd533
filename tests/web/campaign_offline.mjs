// SPDX-License-Identifier: MIT
// The campaign page when the Wi-Fi drops: opened on the umpire's link, the
// network cut (DevTools offline emulation), the page reloaded (the service
// worker gives it back) showing the last ledger, marked stale; two changes
// and one that the ledger will refuse made offline are queued with request
// ids; when the network returns they go out once each, in order, and the
// refusal stays on its entry. MUSTER_SCREENSHOT=FILE keeps the offline page.
// Usage: node campaign_offline.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf, launchChromium } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-offline-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps');
cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
cli('campaign', 'engage', db, '1', '--seed', '7');
cli('campaign', 'engage', db, '2', '--seed', '8');
const events = () => JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events;
const before = events().length;

const srv = await startServer(muster, ['--campaign', db]);
const browser = await launchChromium([], { userDataDir: join(dir, 'profile') });
const posts = [];
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  page.on('pageerror', e => check('no script error', false, e.message));
  page.on('request', r => { if (r.method() === 'POST') posts.push([r.url().replace(/.*\/api\//, ''), r.headers()['idempotency-key']]); });
  await page.goto(srv.links.umpire.replace('localhost', '127.0.0.1'), { waitUntil: 'load' });
  await page.waitForSelector('#camp-ledger .division');
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  for (let i = 0; i < 50 && !(await page.evaluate(() => !!navigator.serviceWorker.controller)); i++)
    await page.reload({ waitUntil: 'load' });
  // the ledger as it settles (drawn after the last reload, and the
  // stream's first answer may draw it again)
  await page.waitForSelector('#camp-ledger .division');
  let online = null;
  for (let i = 0; i < 20; i++) {
    const now = await page.$eval('#camp-ledger', e => e.textContent);
    if (now === online) break;
    online = now;
    await new Promise(r => setTimeout(r, 300));
  }

  await page.setOfflineMode(true);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('#camp-ledger .division');
  const stale = await page.$eval('#camp-stale', e => [e.hidden, e.textContent]);
  const shown = await page.$eval('#camp-ledger', e => e.textContent);
  const at = [...shown].findIndex((c, i) => c !== online[i]);
  check('offline: the last ledger is shown', shown === online, [at, online.slice(at - 40, at + 60), shown.slice(at - 40, at + 60)]);
  check('offline: marked stale with its time', !stale[0] && /Offline: the ledger as it stood at .*\d/.test(stale[1]), stale);

  const casualties = async (div, lost) => {
    await page.select('form[data-cmd="campaign/casualties"] select[name="div"]', String(div));
    await page.$eval('form[data-cmd="campaign/casualties"] select[name="brigade"]', e => { e.value = '1'; });
    await page.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', (e, v) => { e.value = v; }, String(lost));
    await page.click('form[data-cmd="campaign/casualties"] button');
  };
  await casualties(1, 2);
  await casualties(2, 1);
  await casualties(1, 500); // more than the brigade has: the ledger refuses it
  await page.waitForFunction(() => document.querySelectorAll('#camp-queue li').length === 3);
  const queued = await page.$$eval('#camp-queue li', l => l.map(e => e.textContent));
  check('offline: three changes queued, in order', queued.every(q => /waiting/.test(q)) && /lost 2/.test(queued[0]) && /lost 1/.test(queued[1]), queued);
  check('offline: nothing reached the server', events().length === before && posts.length === 0, posts);
  if (process.env.MUSTER_SCREENSHOT) await page.screenshot({ path: process.env.MUSTER_SCREENSHOT, fullPage: true });

  await page.setOfflineMode(false);
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await page.waitForFunction(() => [...document.querySelectorAll('#camp-queue li')].length === 1 &&
    document.querySelector('#camp-queue li').classList.contains('refused'));
  const after = events();
  const mine = after.slice(before);
  check('online: each queued change sent once, in order', mine.length === 2 &&
    mine.every(e => e.kind === 'casualties'), mine.map(e => e.kind));
  const show = JSON.parse(cli('campaign', 'show', db, '--format', 'json'));
  check('online: the ledger has both', show.divisions[0].brigades[0].out === 2 && show.divisions[1].brigades[0].out === 1);
  check('three POSTs, each with its own request id', posts.length === 3 && new Set(posts.map(p => p[1])).size === 3 &&
    posts.every(p => /^[0-9a-f-]{32,36}$/.test(p[1] || '')), posts);
  const refused = await page.$eval('#camp-queue li', e => e.textContent);
  check('the refusal is shown on its entry', /lost 500\b.*: refused: ./.test(refused), refused);
  await page.waitForFunction(() => document.querySelector('#camp-stale').hidden);
  await page.click('#camp-queue button.dismiss');
  await page.waitForFunction(() => document.querySelector('#camp-queue').hidden);
  check('a refusal read is taken off the list', true);
} finally {
  await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
