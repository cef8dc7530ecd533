// SPDX-License-Identifier: MIT
// The offline app in German (issue 26), in Debian's chromium at 390x844
// with a German browser: not only the page's words but the engine's own
// output (the division's text, the volley, the odds, a refusal) must be
// German, byte for byte what `LANGUAGE=de muster ...` prints for the same
// seed (LANG=de_DE.UTF-8 where that locale is installed); after the switch
// to EN the same forms give the English CLI's bytes, and back to DE the
// German ones again. muster-site/ is served by python3 -m http.server, and
// by `muster serve` at / (a division there too).
// A 390x844 picture of the German app with a division goes to
// tests/web/shots/de-app-division.png (or $MUSTER_SHOTS).
// Usage: node app_german.mjs MUSTER SITE
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, startFileServer, tally, launchChromium } from './common.mjs';
import { LANG_ENV } from './app_equal.mjs';

const [muster, site] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const shots = process.env.MUSTER_SHOTS || join(here, 'shots');
mkdirSync(shots, { recursive: true });
const t = tally(), check = t.check;
if (!readFileSync(join(site, 'core-de.mo')).length) {
  console.log('skipped: muster-site/core-de.mo is empty (the build had no msgfmt: apt-get install gettext)');
  process.exit(77);
}
// The CLI's answer (stdout, or its message without "muster: ") in a language.
function cli(lang, ...args) {
  const r = spawnSync(muster, args, { encoding: 'utf8', env: { ...process.env, ...LANG_ENV[lang] } });
  return r.status === 0 ? r.stdout : 'muster: ' + r.stderr.replace(/^muster: /, '').replace(/\n$/, '');
}
const DIV = ['division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry'];
const FIRE = ['fire', '--weapon', 'musket', '--range', '7', '--figures', '20'];
const ODDS = ['odds', 'fire', '--weapon', 'musket', '--range', '4.5', '--figures', '11'];

const http = await startFileServer(site), { port } = http;

const browser = await launchChromium(['--lang=de-DE', '--accept-lang=de-DE,de']);
try {
  const p = await browser.newPage();
  const errors = [];
  p.on('pageerror', e => errors.push(String(e)));
  const cdp = await p.target().createCDPSession();
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: 'de-DE,de' });
  await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await p.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await p.evaluate(() => window.musterReady);
  const langIs = l => p.waitForFunction(l => document.documentElement.lang === l &&
    document.querySelector(`.langs [data-lang="${l}"]`)?.getAttribute('aria-pressed') === 'true', { timeout: 30000 }, l);
  await langIs('de');

  // The forms, filled as a player fills them; each answer as the page shows it.
  const tab = name => p.$eval(`#tabs [data-tab="${name}"]`, b => b.click());
  // fields: [selector, value]; the unit's choice clicked as a reader does.
  // With `settled`, the last field is typed as a player types it (an input
  // event) and the page's working waited for: a change of unit works out the
  // old range first, and there 20 muskets may have no chance, Roll off.
  async function submit(go, out, fields, unit, settled) {
    if (unit) await p.$eval(`#fire-form input[name=unit][value=${unit}]`, r => r.click());
    await p.evaluate(fields => { for (const [sel, v] of fields) document.querySelector(sel).value = v; }, fields);
    if (settled) {
      await p.$eval(fields[fields.length - 1][0], e => e.dispatchEvent(new Event('input', { bubbles: true })));
      await p.waitForFunction(settled, { timeout: 30000 });
    }
    await p.$eval(out, e => { e.textContent = ''; });
    await p.$eval(go, b => b.click());
    await p.waitForFunction(out => document.querySelector(out).textContent.length > 0, { timeout: 30000 }, out);
    return p.$eval(out, e => e.textContent);
  }
  const FIRE_FORM = seed => [['#fire-form [name=weapon]', 'musket'], ['#fire-form [name=figures]', '20'], ['#fire-seed', seed], ['#fire-typed', '']];
  const division = seed => tab('division').then(() => submit('#div-go', '#div-out', [['#div-form [name=seed]', seed]]));
  const at7 = () => /= 320 %/.test(document.querySelector('#fire-working').textContent) &&
    !document.querySelector('#fire-roll').disabled; // 20 × 16 %, in either language
  const volley = seed => tab('fire').then(() => submit('#fire-roll', '#fire-out', [...FIRE_FORM(seed), ['#fire-form [name=range]', '7']], 'in', at7));
  // The odds tab draws bars from JSON; its text is the engine's, here asked
  // for as the page asks (its one queue, in the page's language).
  const odds = () => p.evaluate(async () => {
    try {
      return await window.musterCalc('odds fire', { weapon: 'musket', range: '4.5', figures: '11' }, 'text');
    } catch (e) { return 'muster: ' + e.message; }
  });
  async function speaks(lang, how) {
    const d = await division('7');
    check(`${how}: a division from seed 7 is \`${lang} muster division --seed 7\``, d === cli(lang, ...DIV, '--seed', '7'), d.slice(0, 120));
    const v = await volley('3');
    check(`${how}: a volley from seed 3 is the CLI's`, v === cli(lang, ...FIRE, '--seed', '3'), v);
    const o = await odds();
    check(`${how}: the odds of a volley are the CLI's`, o === cli(lang, ...ODDS), o.slice(0, 120));
    const bad = await division('x');
    check(`${how}: a refused seed in the CLI's words`, bad === cli(lang, ...DIV, '--seed', 'x'), bad);
    return { d, v, o };
  }

  // A German reader starts in centimetres: the 5" the form holds is 12,5 cm,
  // and a volley there is the CLI's at 12.5cm.
  await tab('fire');
  const unit = await p.$eval('#fire-form', f => [f.unit.value, f.range.value]);
  check('German: the range starts in cm', unit.join('|') === 'cm|12,5', unit);
  const cmv = await submit('#fire-roll', '#fire-out', FIRE_FORM('3'));
  check('German: a volley at 12,5 cm is the CLI\'s', cmv === cli('de', 'fire', '--weapon', 'musket', '--range', '12.5cm', '--figures', '20', '--seed', '3') &&
    /^Musket feuert auf 12,5 cm \(5 Zoll\)/.test(cmv), cmv);

  const de = await speaks('de', 'German');
  check('German: the division is German', /^Unions-Infanteriedivision/.test(de.d) && /Basen/.test(de.d) && /Seed 7/.test(de.d), de.d.slice(0, 80));
  check('German: decimal commas', /÷ \d+ = \d+,\d\d/.test(de.d) && /\d,\d\d %/.test(de.o), de.o.slice(0, 80));
  check('German: no English words', !/\b(stands|brigadier|rolled|batteries|hits)\b/.test(de.d + de.v + de.o));

  // German's long words fit the phone's columns: no label of a form row
  // runs into the next (a word wider than its column would).
  const wide = await p.$$eval('.row > label', ls => ls.filter(l => l.offsetParent &&
    l.scrollWidth > l.clientWidth + 1).map(l => l.firstChild.textContent.trim()));
  check('German: every form label fits its column', wide.length === 0, wide.join(', '));

  // The picture: the German app with a division shown.
  await division('7');
  await p.$eval('#div-out', e => e.scrollIntoView({ block: 'end' }));
  await p.screenshot({ path: join(shots, 'de-app-division.png') });

  // To English with the switch, and back.
  await p.click('.langs [data-lang="en"]');
  await langIs('en');
  const en = await speaks('en', 'after EN');
  check('after EN: the division is English', /^Union infantry division/.test(en.d) && /stands/.test(en.d));
  await p.click('.langs [data-lang="de"]');
  await langIs('de');
  const again = await division('7');
  check('back to DE: German again, the same bytes', again === de.d, again.slice(0, 80));

  // A new visit keeps the switch's choice, and the engine follows it.
  await p.click('.langs [data-lang="en"]');
  await langIs('en');
  await p.reload({ waitUntil: 'load' });
  await p.evaluate(() => window.musterReady);
  await langIs('en');
  const kept = await division('7');
  check('a new visit after EN: English, as chosen', kept === cli('en', ...DIV, '--seed', '7'), kept.slice(0, 80));
  check('no error in the page', errors.length === 0, errors);

  // muster serve's / (its Content-Security-Policy): German there too.
  const srv = await startServer(muster);
  try {
    const q = await browser.newPage();
    q.on('pageerror', e => errors.push(String(e)));
    const c2 = await q.target().createCDPSession();
    await c2.send('Emulation.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: 'de-DE,de' });
    await q.goto(srv.base, { waitUntil: 'load' });
    await q.evaluate(() => window.musterReady);
    await q.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 30000 });
    await q.$eval('#div-form', f => { f.elements.seed.value = '7'; });
    await q.$eval('#div-go', b => b.click());
    await q.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0, { timeout: 30000 });
    const served = await q.$eval('#div-out', e => e.textContent);
    check('serve /: the division in German, the CLI\'s', served === cli('de', ...DIV, '--seed', '7'), served.slice(0, 80));
    check('serve /: no error in the page', errors.length === 0, errors);
  } finally {
    await srv.stop();
  }
} finally {
  await browser.close();
  http.kill();
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
