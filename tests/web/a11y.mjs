// SPDX-License-Identifier: MIT
// Every view of the page (division, fire, house, campaign) in English and
// German at 320, 390 and 820 px, each with its results on screen (a
// division, its odds and the command's text; a volley rolled): axe-core
// finds no violation of any impact, nothing is wider than the screen, and
// every control is a 44 px target. MUSTER_A11Y_REPORT=1 lists what it finds.
// usage: node a11y.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startServer, tally, cliOf, launchChromium, layoutOf } from './common.mjs';

const muster = process.argv[2];
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-a11y-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps');
cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
cli('campaign', 'engage', db, '1', '--seed', '7');
cli('campaign', 'engage', db, '2', '--seed', '8', '--hidden');
cli('campaign', 'casualties', db, '1', '--brigade', '1', '--lost', '2', '--captured', '1');
const srv = await startServer(muster, ['--campaign', db]);
const browser = await launchChromium();

async function phone(url, langs, width) {
  const p = await browser.newPage();
  p.on('pageerror', e => check('no script error', false, e.message));
  await p.setBypassCSP(true); // axe-core goes in as a script of the test's
  const cdp = await p.target().createCDPSession();
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: langs });
  await p.setViewport({ width, height: 844, deviceScaleFactor: 1, isMobile: width < 600, hasTouch: true });
  await p.goto(url, { waitUntil: 'domcontentloaded' });
  return p;
}

try {
  for (const [lang, langs] of [['en', 'en-US,en'], ['de', 'de-DE,de']]) {
    for (const width of [320, 390, 820]) {
      for (const tab of ['division', 'fire', 'house', 'campaign']) {
        const what = `${tab}, ${lang}, ${width} px`;
        const p = await phone(srv.links.union + '&tab=' + tab, langs, width);
        await p.waitForFunction(l => document.documentElement.lang === l, { timeout: 30000 }, lang);
        await p.waitForSelector(`#${tab}:not([hidden])`);
        if (tab === 'division') {
          await p.click('#div-go');
          await p.click('#div-odds-go');
          await p.waitForSelector('#div-result:not([hidden])');
          await p.waitForSelector('#div-odds svg');
          await p.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
        }
        if (tab === 'fire') {
          await p.waitForSelector('#fire-curve img, #fire-curve svg');
          await p.click('#fire-roll');
          await p.waitForFunction(() => document.querySelector('#fire-out').textContent.length > 0);
        }
        if (tab === 'campaign') await p.waitForSelector('#camp-ledger .division');
        const r = await layoutOf(p);
        check(`nothing wider than the screen (${what})`, r.scroll <= r.width, [r.scroll, r.wide]);
        check(`tap targets of at least 44 px (${what})`, r.small.length === 0, r.small.slice(0, 6));
        await p.addScriptTag({ path: axePath });
        const v = await p.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
          .map(x => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`));
        check(`axe-core: no violation of any impact (${what})`, v.length === 0, v);
        await p.close();
      }
    }
  }
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
