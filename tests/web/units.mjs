// SPDX-License-Identifier: MIT
// The range in centimetres on the page (issue 40), in Debian's chromium:
// switched to cm, the range the field holds becomes 12.5 and the answer
// is the one of 5 inches; 12.5 typed in cm gives it too; the choice is
// kept over a reload; a German page with nothing kept starts in cm (and
// its answer for the 12,5 cm it shows is that of 5 inches).
// Usage: node units.mjs MUSTER
import { startServer, tally, launchChromium } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const srv = await startServer(muster);
const browser = await launchChromium();

async function page(langs, ctx) {
  const p = await ctx.newPage();
  p.on('pageerror', e => check('no script error', false, e.message));
  const cdp = await p.target().createCDPSession();
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: langs });
  await p.goto(srv.base + '#tab=fire', { waitUntil: 'domcontentloaded' });
  await p.waitForFunction(() => /%/.test(document.querySelector('#fire-line').textContent), { timeout: 10000 });
  return p;
}
const unit = p => p.$eval('#fire-form', f => f.unit.value);
const range = p => p.$eval('#fire-form', f => f.range.value);
// What the page answers: the line, the working and the odds, once the odds
// are those of the working shown (they come from a second request).
// The working says the range in the unit given, with its inches: the
// comparisons leave out the range's words ("5 in", "12.5 cm (5 in)").
async function answer(p) {
  await new Promise(r => setTimeout(r, 400)); // the page waits 120 ms to ask
  await p.waitForFunction(() => document.querySelectorAll('#fire-odds tbody tr').length > 0, { timeout: 10000 });
  return p.evaluate(() => [document.querySelector('#fire-line').textContent,
    document.querySelector('#fire-working').textContent.replace(/ (at|auf) [^\n]*\n/, ' $1 R\n'),
    [...document.querySelectorAll('#fire-odds tbody tr')].map(r => r.textContent).join('|')].join('\n'));
}
const working = p => p.$eval('#fire-working', e => e.textContent);
async function set(p, name, v) {
  await p.$eval('#fire-form', (f, name, v) => {
    f[name].value = v;
    f[name].dispatchEvent(new Event('input', { bubbles: true }));
  }, name, v);
}

try {
  const ctx = await browser.createBrowserContext();
  let p = await page('en-US,en', ctx);
  check('an English page starts in inches', (await unit(p)) === 'in', await unit(p));
  await p.select('select[name="weapon"]', 'musket');
  await set(p, 'figures', '11');
  await set(p, 'range', '5');
  const inches = await answer(p);
  check('5 in: 20 % a figure', /at 5 in\n/.test(await working(p)) && /2 sure hits and a 20 %/.test(inches), inches);
  await p.click('input[name="unit"][value="cm"]');
  check('switched to cm, 5 in reads 12.5', (await range(p)) === '12.5', await range(p));
  check('12.5 cm answers as 5 in', (await answer(p)) === inches, await answer(p));
  check('and says so', /at 12\.5 cm \(5 in\)\n/.test(await working(p)), await working(p));
  await set(p, 'range', '20');
  await answer(p);
  check('20 cm is 8 in', /at 20 cm \(8 in\)\n/.test(await working(p)), await working(p));
  await set(p, 'range', '12.5');
  check('12.5 typed in cm answers as 5 in', (await answer(p)) === inches, await answer(p));
  check('the choice is kept', (await p.evaluate(() => localStorage.getItem('muster-range-unit'))) === 'cm');
  await p.reload({ waitUntil: 'domcontentloaded' });
  await p.waitForFunction(() => /%/.test(document.querySelector('#fire-line').textContent), { timeout: 10000 });
  check('after a reload still cm', (await unit(p)) === 'cm' && (await range(p)) === '12.5', [await unit(p), await range(p)]);
  await p.click('input[name="unit"][value="in"]');
  check('back to inches, 12.5 cm reads 5', (await range(p)) === '5', await range(p));
  check('inches kept', (await p.evaluate(() => localStorage.getItem('muster-range-unit'))) === 'in');
  await ctx.close();

  // A German reader with nothing kept: centimetres, and a German chosen
  // unit is kept as any other.
  const de = await browser.createBrowserContext();
  p = await page('de-DE,de', de);
  await p.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 30000 });
  check('a German page starts in cm', (await unit(p)) === 'cm', await unit(p));
  check('its range is 12,5 (cm)', (await range(p)) === '12,5', await range(p));
  await answer(p);
  check('and answers for 5 Zoll', /auf 12,5 cm \(5 Zoll\)\n/.test(await working(p)), await working(p));
  await p.click('input[name="unit"][value="in"]');
  await p.reload({ waitUntil: 'domcontentloaded' });
  await p.waitForFunction(() => /%/.test(document.querySelector('#fire-line').textContent), { timeout: 10000 });
  check('a German reader who chose inches keeps them', (await unit(p)) === 'in' && (await range(p)) === '5', [await unit(p), await range(p)]);
  await de.close();
} catch (e) {
  check('no exception', false, e.stack);
} finally {
  await browser.close();
  await srv.stop();
}
console.log(`units: ${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
