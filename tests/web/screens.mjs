// SPDX-License-Identifier: MIT
// The page's screenshots for docs/ (not a test): every view at 390x844 in
// Debian's chromium, on a small campaign in mid-battle, in English
// (view-*.png) and with a German browser (view-de-*.png): the generator, a
// division's odds, fire, its odds, house rules, the Union's ledger, the
// campaign as the Union and as the Confederates side by side, the log, the
// forms, and the page with no campaign (a division with the command's own
// text under it); serve-phone.png, a volley from a typed roll on the page
// with no link.
// Usage: node screens.mjs MUSTER OUTDIR
import { mkdtempSync, mkdirSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, cliOf, launchChromium } from './common.mjs';

const [muster, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-screens-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Doubleday', '--corps', 'I Corps');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps');
cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
cli('campaign', 'engage', db, '1', '--seed', '7');
cli('campaign', 'engage', db, '2', '--seed', '9');
cli('campaign', 'engage', db, '3', '--seed', '8', '--hidden');
cli('campaign', 'casualties', db, '1', '--brigade', '1', '--lost', '2', '--captured', '1');
cli('campaign', 'casualties', db, '3', '--brigade', '2', '--lost', '1');
cli('campaign', 'leader-lost', db, '1', '--brigade', '2', '--seed', '4');
const srv = await startServer(muster, ['--campaign', db]);
const plain = await startServer(muster); // the page as muster-site/ is: no campaign
const browser = await launchChromium();
async function phone(url, ctx = browser, langs = null) {
  const p = await ctx.newPage();
  if (langs) { // the browser's languages, as a German phone sends them
    const cdp = await p.target().createCDPSession();
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: langs });
  }
  await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await p.goto(url, { waitUntil: 'domcontentloaded' });
  return p;
}
// scrolled to sel, below the connection banner that stays at the top
const at = async (p, sel) => p.evaluate(s => {
  const e = document.querySelector(s), bar = document.querySelector('#conn');
  const over = bar && !bar.hidden ? bar.getBoundingClientRect().height : 0;
  window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8 - over);
}, sel);
// Every view in one language: English with the browser's own languages,
// German from a German browser's (a context of its own: nothing kept from
// a switch). Files view-NAME.png and view-de-NAME.png.
async function views(langs, pre) {
  const ctx = langs ? await browser.createBrowserContext() : browser;
  const open = async (url, sel) => {
    const p = await phone(url, ctx, langs);
    if (langs) await p.waitForFunction(() => document.documentElement.lang === 'de');
    if (sel) await p.waitForSelector(sel);
    return p;
  };
  const shot = (p, name) => p.screenshot({ path: join(out, `view-${pre}${name}.png`) });
  let p = await open(srv.links.union + '&tab=division', '#division:not([hidden])');
  await p.type('#division input[name="seed"]', '7');
  await p.click('#div-go');
  await p.waitForSelector('#div-result:not([hidden])');
  await at(p, '#div-result');
  await shot(p, 'generator');
  await p.click('#div-odds-go');
  await p.waitForSelector('#div-odds svg');
  await at(p, '#div-odds-go');
  await shot(p, 'stands-odds');
  p = await open(srv.links.union + '&tab=fire', '#fire-curve img, #fire-curve svg');
  await p.waitForSelector('#fire-odds tbody tr');
  await p.evaluate(() => window.scrollTo(0, 0));
  await shot(p, 'fire');
  await at(p, '#odds-chart');
  await shot(p, 'odds');
  p = await open(srv.links.union + '&tab=house', '#house:not([hidden])');
  await shot(p, 'house');
  const sides = [];
  for (const who of ['union', 'confederate']) {
    const c = await open(srv.links[who], '#camp-ledger .division');
    await c.evaluate(() => { for (const d of document.querySelectorAll('#camp-forms details')) d.open = false; });
    await at(c, '#camp-ledger');
    await c.bringToFront();
    sides.push(await c.screenshot({ encoding: 'base64' }));
    if (who === 'union') {
      await shot(c, 'campaign');
      await at(c, '#camp-log');
      await shot(c, 'log');
      await c.evaluate(() => { const d = document.querySelector('#camp-forms details'); d.open = true; });
      await at(c, '#camp-forms');
      await shot(c, 'forms');
    }
  }
  const pair = await browser.newPage();
  await pair.setViewport({ width: 800, height: 844 });
  await pair.setContent(`<body style="margin:0;background:#444;display:flex;gap:20px">${sides.map(b => `<img src="data:image/png;base64,${b}" width="390" height="844">`).join('')}</body>`);
  await pair.screenshot({ path: join(out, `view-${pre}campaign-sides.png`) });
  // the page with no campaign: a division with the command's own text
  p = await open(plain.base);
  await p.waitForFunction(() => window.musterEngine);
  await p.type('#division input[name="seed"]', '7');
  await p.click('#div-go');
  await p.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
  await p.evaluate(() => { document.querySelector('#div-text').open = true; });
  await at(p, '#div-text');
  await shot(p, 'app');
}

try {
  await views(null, '');
  await views('de-DE,de', 'de-');
  // serve's page with no link, a typed roll (serve-phone.png, at twice
  // the pixels)
  const p = await phone(plain.base + '#tab=fire');
  await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await p.waitForFunction(() => document.querySelector('#fire-line').textContent.length > 0);
  await p.type('#fire-typed', '37');
  await p.$eval('#fire-typed', e => e.dispatchEvent(new Event('change')));
  await p.waitForSelector('#fire-outcome:not([hidden])');
  await p.screenshot({ path: join(out, 'serve-phone.png') });
} finally {
  await browser.close();
  await srv.stop();
  await plain.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log('screenshots in ' + out);
