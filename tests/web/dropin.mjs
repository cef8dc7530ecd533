// SPDX-License-Identifier: MIT
// A language added by its catalogue alone (tests/sh/french_dropin.sh): the
// page of `muster serve`, in chromium with an English browser, offers the
// language in its switch, named in its own words; chosen, the page's words
// are the catalogue's (each begins with MARK), its plural forms follow its
// header's rule, <html lang> is the code, a division rolled on the page is
// the CLI's in that language, and the choice is kept over a reload.
// Usage: node dropin.mjs MUSTER CODE MARK
import { spawnSync } from 'node:child_process';
import { startServer, tally, launchChromium } from './common.mjs';

const [muster, code, mark] = process.argv.slice(2);
const t = tally(), check = t.check;
const DIV = ['division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7'];
const cli = () => spawnSync(muster, DIV, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8', LANGUAGE: code } }).stdout;

const srv = await startServer(muster);
const browser = await launchChromium(['--lang=en-US', '--accept-lang=en-US,en']);
try {
  const p = await browser.newPage();
  const errors = [];
  p.on('pageerror', e => errors.push(String(e)));
  await p.goto(srv.base, { waitUntil: 'load' });
  await p.evaluate(() => window.musterReady);
  await p.waitForFunction(() => document.querySelector('.langs [data-lang="en"]')?.getAttribute('aria-pressed') === 'true', { timeout: 30000 });
  const offered = await p.$$eval('.langs button', bs => bs.map(b => [b.dataset.lang, b.title, b.textContent]));
  const mine = offered.find(([l]) => l === code);
  check('the switch offers the language', !!mine, offered);
  const own = new Intl.DisplayNames([code], { type: 'language' }).of(code);
  check('named in its own words', mine && mine[1] === own && mine[2] === code.toUpperCase(), [mine, own]);
  check('German and English still offered', ['de', 'en'].every(l => offered.some(([k]) => k === l)), offered);

  await p.$eval(`.langs [data-lang="${code}"]`, b => b.click());
  const chosen = () => p.waitForFunction(l => document.documentElement.lang === l &&
    document.querySelector(`.langs [data-lang="${l}"]`)?.getAttribute('aria-pressed') === 'true', { timeout: 30000 }, code);
  await chosen();
  const heading = await p.$eval('#division h2', e => e.textContent.trim());
  check('the heading is the catalogue\'s', heading === mark + 'A division arrives', heading);
  // the catalogue's plural rule (French: 0 and 1 take the first form)
  const counts = await p.evaluate(() => [0, 1, 2].map(n => musterLang._n('{n} battery', '{n} batteries', n)));
  check('plural forms by the header\'s rule', code !== 'fr' || counts.join('|') === `${mark}0 battery|${mark}1 battery|${mark}2 batteries`, counts);
  const tabs = await p.$$eval('#tabs button', bs => bs.filter(b => !b.hidden).map(b => b.textContent));
  check('every tab is the catalogue\'s', tabs.length > 1 && tabs.every(s => s.startsWith(mark)), tabs);

  // the engine's words (core-CODE.mo), where the build made the offline app
  if (await p.evaluate(() => !!window.musterReady)) {
    await p.$eval('#div-form', f => { f.elements.seed.value = '7'; });
    await p.$eval('#div-go', b => b.click());
    await p.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0, { timeout: 30000 });
    const div = await p.$eval('#div-out', e => e.textContent);
    check('the division is the CLI\'s in the language', div === cli() && div.startsWith(mark), div.slice(0, 120));
  } else console.log('note: no muster-site/ (emcc): the engine not tried');

  await p.reload({ waitUntil: 'load' });
  await p.evaluate(() => window.musterReady);
  await chosen();
  check('kept over a reload', (await p.$eval('#division h2', e => e.textContent.trim())) === mark + 'A division arrives');
  check('no error in the page', errors.length === 0, errors);
} finally {
  await browser.close();
  await srv.stop();
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
