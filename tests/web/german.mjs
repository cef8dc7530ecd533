// SPDX-License-Identifier: MIT
// The page in German (issue 26), in Debian's chromium at 390x844 with a
// German browser (navigator.languages de-DE): the page's own words and the
// API's values in German, numbers with a decimal comma (the fire odds,
// worked out here from P), the DE/EN switch (remembered, <html lang>),
// refusals in the page's words, nothing wider than 390 or 320 px, axe-core
// on the German page (no violation at all), and the offline app at /app/
// in German where the build made it.
// Screenshots go to tests/web/shots/ (or $MUSTER_SHOTS): de-*.png.
// Usage: node german.mjs MUSTER
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { startServer, tally, cliOf, launchChromium } from './common.mjs';

const muster = process.argv[2];
const here = dirname(fileURLToPath(import.meta.url));
const shots = process.env.MUSTER_SHOTS || join(here, 'shots');
mkdirSync(shots, { recursive: true });
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-german-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps');
cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
cli('campaign', 'engage', db, '1', '--seed', '7');
cli('campaign', 'casualties', db, '1', '--brigade', '1', '--lost', '2', '--captured', '1');

const srv = await startServer(muster, ['--campaign', db]);
const browser = await launchChromium(['--lang=de-DE', '--accept-lang=de-DE,de']);

async function phone(url, langs = 'de-DE,de', ctx = browser) {
  const p = await ctx.newPage();
  p.on('pageerror', e => check('no script error', false, e.message));
  await p.setBypassCSP(true); // axe-core goes in as a script of the test's
  const cdp = await p.target().createCDPSession();
  await cdp.send('Emulation.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: langs });
  await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await p.goto(url, { waitUntil: 'domcontentloaded' });
  return p;
}
const text = (p, sel) => p.$eval(sel, e => e.textContent.trim());
const lang = p => p.evaluate(() => document.documentElement.lang);
const langIs = (p, l) => p.waitForFunction(l => document.documentElement.lang === l &&
  document.querySelector(`.langs [data-lang="${l}"]`)?.getAttribute('aria-pressed') === 'true', { timeout: 30000 }, l);

// The fire odds of 11 muskets at 4.5": P = 2 × (15 − 4.5) = 21 % a figure;
// "each figure rolls" is binomial(11, 0.21), the chance of no hit
// 0.79^11 = 7.48 %: written with a comma in German, a point in English.
const none = (100 * 0.79 ** 11).toFixed(2);
async function fireOdds(p, range) { // range as the reader types it
  await p.$eval('#tabs [data-tab="fire"]', b => b.click());
  await p.$eval('#fire-form', (f, range) => {
    f.weapon.value = 'musket'; f.figures.value = '11'; f.range.value = range;
    f.range.dispatchEvent(new Event('input', { bubbles: true }));
  }, range);
  // until the odds are those of 4.5" (the chance of 11 hits is 0.21^11)
  await p.waitForFunction(() => [...document.querySelectorAll('#fire-odds tbody tr')].some(r => r.cells[0].textContent === '11') &&
    /4[.,]5/.test(document.querySelector('#fire-working').textContent), { timeout: 10000 }).catch(() => {});
  return p.$$eval('#fire-odds tbody tr', rows => rows.map(r => Array.from(r.cells, c => c.textContent)));
}

try {
  // The generator page, German from the browser's language.
  let p = await phone(srv.base + '#tab=division');
  await langIs(p, 'de');
  check('navigator.languages is German', (await p.evaluate(() => navigator.languages[0])) === 'de-DE');
  check('<html lang="de">', (await lang(p)) === 'de');
  check('tabs in German', (await p.$$eval('#tabs button', bs => bs.filter(b => !b.hidden).map(b => b.textContent))).join('|') === 'Division|Feuer|Haus');
  check('heading in German', (await text(p, '#division h2')) === 'Eine Division trifft ein', await text(p, '#division h2'));
  check('button in German', (await text(p, '#div-go')) === 'Division würfeln');
  check('placeholder in German', (await p.$eval('input[name="seed"]', e => e.placeholder)) === 'beliebig');
  await p.type('#division input[name="seed"]', '7');
  await p.click('#div-go');
  await p.waitForSelector('#div-result:not([hidden])');
  const div = await text(p, '#div-result');
  check('division in German', /^Unions-Infanteriedivision, östlicher Kriegsschauplatz 1863/.test(div) ||
    /Infanteriedivision/.test(div), div.slice(0, 80));
  check('division: stands and batteries in German', /Basen/.test(div) && /Batterie/.test(div) && /Seed 7/.test(div), div);
  check('division: no English words', !/\b(stands|brigadier|rolled|batteries|with the division)\b/.test(div), div);
  // 23 ÷ 9 = 2.55: the quotient with a comma
  check('division: the artillery quotient with a comma', /÷ \d+ = \d+,\d\d/.test(div), div.match(/÷[^→]*/));
  await p.evaluate(() => document.querySelector('#div-result').scrollIntoView());
  await p.screenshot({ path: join(shots, 'de-generator.png') });

  // A refusal in the page's words: a seed the server refuses, the field
  // named as the German form names it, no CLI flag.
  await p.$eval('input[name="seed"]', e => { e.value = 'abc'; });
  await p.click('#div-go');
  await p.waitForSelector('#div-error:not([hidden])');
  const err = await text(p, '#div-error');
  check('refusal names the German field', /^„Seed/.test(err) && /wurde nicht angenommen/.test(err), err);
  check('refusal names no CLI flag', !/--[a-z]/.test(err), err);
  check('refusal: the server\'s detail in German too', /ganze Zahl/.test(err) && !/whole number/.test(err), err);

  // Dice typed by hand: each field labelled with its table in German.
  await p.$eval('#div-form input[name="dice"][value="typed"]', e => { e.checked = true; e.dispatchEvent(new Event('change', { bubbles: true })); });
  await p.waitForSelector('#roll-fields input[data-roll="1"]');
  const first = await p.$eval('#roll-fields li label', e => e.firstChild.textContent);
  check('typed dice: the field labelled in German', first === 'Divisionskommandeur', first);
  check('typed dice: the button in German', (await text(p, '#div-go')) === 'Division zeigen');
  await p.type('#roll-fields input[data-roll="1"]', '50');
  await p.waitForSelector('#roll-fields input[data-roll="2"]');
  const second = await p.$eval('#roll-fields li:nth-child(2) label', e => e.firstChild.textContent);
  check('typed dice: the next field in German', second === 'Zahl der Brigaden', second);
  // The server's English names of the tables, as the campaign's forms
  // get them, in German.
  const prompts = await p.evaluate(() => ['Union division 1: brigade 2 stands', 'Confederate division 3: number of brigades',
    'Replacement brigadier of division 1 brigade 2', 'Replacement corps leader (division 4)',
    'Return to confederate division 3 (Heth) brigade 2: 50% of 4 lost, one more stand on 50 or less',
    'Fractional battery (hit on 33 or less)'].map(window.promptWords));
  check('roll labels in German', prompts.join('|') === ['Union, Division 1: Brigade 2: Basen', 'Konföderierte, Division 3: Zahl der Brigaden',
    'Ersatzkommandeur für Division 1, Brigade 2', 'Ersatz-Korpskommandeur (Division 4)',
    'Rückkehr zur Division 3 (Heth) der Konföderierten, Brigade 2: 50 % von 4 verloren, eine Base mehr bei 50 oder weniger',
    'Batteriebruchteil (Treffer bei 33 oder weniger)'].join('|'), prompts);
  await p.$eval('#div-form input[name="dice"][value="seed"]', e => { e.checked = true; e.dispatchEvent(new Event('change', { bubbles: true })); });

  // Fire: the odds with a decimal comma. A German page starts in
  // centimetres: 4.5" is 11,25 cm.
  check('the range in cm', (await p.$eval('#fire-form', f => f.unit.value)) === 'cm');
  let rows = await fireOdds(p, '11,25');
  const zero = rows.find(r => r[0] === '0');
  check('fire odds: 0 hits, each figure rolls, with a comma', zero && zero[2] === none.replace('.', ',') + ' %', { zero, want: none });
  check('fire odds: every percentage with a comma', rows.every(r => r.slice(1).every(c => c === '–' || /^<?\d+,\d\d %$/.test(c))), rows);
  check('fire line in German', /sichere Treffer und 31 % Chance auf einen 3\. Treffer/.test(await text(p, '#fire-line')), await text(p, '#fire-line'));
  check('fire working in German', /je Schuss auf 11,25 cm \(4,5 Zoll\)/.test(await text(p, '#fire-working')), await text(p, '#fire-working'));
  check('odds heads in German', (await p.$$eval('#fire-odds thead th', h => h.map(x => x.textContent))).join('|') === 'Treffer|diese Regel|jede Figur würfelt');
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.screenshot({ path: join(shots, 'de-fire.png') });
  await axe(p, 'fire, German');

  // EN: the switch, remembered over a reload; the numbers with a point.
  await p.click('.langs [data-lang="en"]');
  await langIs(p, 'en');
  check('EN: <html lang="en">', (await lang(p)) === 'en');
  check('EN: tabs in English', (await p.$$eval('#tabs button', bs => bs.filter(b => !b.hidden).map(b => b.textContent))).join('|') === 'Division|Fire|House');
  await p.waitForFunction(n => [...document.querySelectorAll('#fire-odds tbody tr')].some(r => r.cells[2].textContent === n + ' %'), { timeout: 10000 }, none);
  check('EN: the odds with a point', true);
  check('EN: kept', (await p.evaluate(() => localStorage.getItem('muster-lang'))) === 'en');
  await p.reload({ waitUntil: 'domcontentloaded' });
  await langIs(p, 'en');
  check('EN: still English after a reload, though the browser is German', (await text(p, '#division h2')) === 'A division arrives');
  // DE again
  await p.click('.langs [data-lang="de"]');
  await langIs(p, 'de');
  // the page started in English, so in inches: only a start is in cm
  rows = await fireOdds(p, '4,5');
  check('DE again: the odds with a comma', rows.some(r => r[2] === none.replace('.', ',') + ' %'), rows.slice(0, 3));
  check('DE again: tabs', (await p.$$eval('#tabs button', bs => bs.filter(b => !b.hidden).map(b => b.textContent))).join('|') === 'Division|Feuer|Haus');
  await p.close();

  // An English browser gets English; a French one too.
  // (each in a context of its own: nothing kept from the switch)
  for (const [l, want, h2] of [['en-US,en', 'en', 'A division arrives'], ['fr-FR,fr', 'en', 'A division arrives'],
    ['de-AT,en', 'de', 'Eine Division trifft ein'], ['fr-FR,de,en', 'de', 'Eine Division trifft ein']]) {
    const ctx = await browser.createBrowserContext();
    const e = await phone(srv.base, l, ctx);
    await langIs(e, want).catch(() => {});
    check(`${l}: ${want}`, (await text(e, '#division h2')) === h2, await text(e, '#division h2'));
    await ctx.close();
  }

  // The campaign, German, as the umpire.
  const fresh = await browser.createBrowserContext();
  p = await phone(srv.links.umpire, 'de-DE,de', fresh);
  await langIs(p, 'de');
  await p.waitForSelector('#camp-ledger .division');
  // Until the engine and its German catalogue arrive, an entry shows its
  // kind's word; the log is told again once they do. On a loaded machine
  // that is later than the ledger: wait for it (a log never told fails).
  await p.waitForFunction(() => /beginnt/.test(document.querySelector('#camp-log')?.textContent || ''),
    { timeout: 20000 }).catch(() => {});
  const ledger = await text(p, '#camp-ledger');
  check('ledger in German', /Schlacht im Gange: McPherson's Ridge/.test(ledger) && /Konföderierte/.test(ledger) && /Basen/.test(ledger), ledger.slice(0, 200));
  const logText = await text(p, '#camp-log');
  check('log in German', /Verluste/.test(logText) && /beginnt/.test(logText) && !/casualties|battle-start/.test(logText), logText.slice(0, 200));
  // The log reads as the CLI's German sentences, not the JSON's fields word
  // by word (tests/web/log_cli.mjs compares every kind with the CLI's).
  const logLines = await p.$$eval('#camp-log li', l => l.map(x => x.textContent));
  for (const want of [/^#6 Verluste in Schlacht 1: Division 1 \(Union\) Brigade 1, 2 verloren, 1 gefangen — Schiedsrichter, \d/,
    /^#5 Einsatz: Division 1 „Wadsworth“: 3 Brigaden, \d+ Basen, .* Kommandeur (durchschnittlich|herausragend|unfähig); .*Seed 7 — Schiedsrichter/,
    /^#4 Schlacht 1 „McPherson's Ridge“ beginnt: Osten, 1863 — Schiedsrichter/,
    /^#2 hinzu: Division 1 „Wadsworth“, Union, Infanterie, I Corps — Schiedsrichter/,
    /^#1 neuer Feldzug „Gettysburg“: 1863, Osten; .*eingebaute Tabellen — Schiedsrichter/])
    check(`log sentence ${want.source.slice(1, 30)}`, logLines.some(x => want.test(x)), logLines);
  check('log: no field named word by word', !logLines.some(x => /verloren \d|gefangen \d|Division \d+, Brigade|Seite /.test(x)), logLines);
  check('badge in German', (await text(p, '#who')) === 'Schiedsrichter');
  // A refusal with a reason code: the page's own German sentence.
  await p.$eval('form[data-cmd="campaign/battle/start"]', f => { f.closest('details').open = true; f.elements.name.value = 'Seminary Ridge'; });
  await p.$eval('form[data-cmd="campaign/battle/start"] button[type="submit"]', b => b.click());
  await p.waitForSelector('#camp-error:not([hidden])');
  check('reason code: a German sentence', (await text(p, '#camp-error')) ===
    'Eine Schlacht ist schon im Gange: zuerst beenden (Schlacht, „Schlacht beenden“).', await text(p, '#camp-error'));
  // A refusal with no reason code: the server's English message in German
  // words, its values carried over, the option named as the form names it.
  const noReason = await p.evaluate(() => {
    const f = document.querySelector('form[data-cmd="campaign/casualties"]');
    const e = (m, option) => Object.assign(new ApiError(400, m), { option });
    return [pageWords(e("--lost must be a whole number from 0 to 30, not 'x'", 'lost'), f),
      pageWords(e('not enough rolls: Replacement brigadier of division 1 brigade 2 needed roll 1 but only 0 were given'), f),
      pageWords(e("roll 1 of the list: 'x' is not a d100 roll: type a number 1..100 (00 = 100)"), f),
      pageWords(e('too many options: at most 64'), f),
      pageWords(e('an answer no catalogue has'), f)];
  });
  check('no reason code: the detail in German', noReason[0] === '„Verloren“ wurde nicht angenommen: „Verloren“ muss eine ganze Zahl von 0 bis 30 sein, nicht \'x\'', noReason[0]);
  check('no reason code: a sentence within a sentence', /^Wurf 1 der Liste: 'x' ist kein Wurf mit dem W100/.test(noReason[2]), noReason[2]);
  check('no reason code: a library sentence, its roll label in German too', noReason[1] === 'zu wenige Würfe: Ersatzkommandeur für Division 1, Brigade 2 brauchte Wurf 1, gegeben waren nur 0', noReason[1]);
  check('no reason code: the server\'s own refusals', noReason[3] === 'zu viele Optionen: höchstens 64', noReason[3]);
  check('no reason code: a message no format matches is left as it is', noReason[4] === 'an answer no catalogue has', noReason[4]);
  // Changes queued offline: each option by its field's German label, a
  // refusal in the page's words.
  const queued = await p.evaluate(() => {
    showQueue([{ id: 'a', cmd: 'campaign/casualties', body: { div: 1, brigade: 2, lost: 1 }, state: 'waiting' },
      { id: 'b', cmd: 'campaign/battle/end', body: { winner: 'confederate' }, state: 'refused', status: 409,
        reason: 'battle-not-started', error: 'no battle is under way' },
      { id: 'c', cmd: 'campaign/casualties', body: { div: 1, brigade: 1, lost: 99 }, state: 'refused', status: 400,
        error: 'too many options: at most 64' }]);
    return [...document.querySelectorAll('#camp-queue li')].map(li => li.textContent);
  });
  // the queue and the log as a phone shows them
  await p.evaluate(() => { const e = document.querySelector('#camp-queue'); window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8); });
  await p.screenshot({ path: join(shots, 'de-queue.png') });
  await p.evaluate(() => { const e = document.querySelector('#camp-log'); window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 60); });
  await p.screenshot({ path: join(shots, 'de-log.png') });
  await p.evaluate(() => showQueue([]));
  check('queue: the options by their German labels', queued[0] === 'Verluste Division 1, Brigade 2, Verloren 1: wartet auf das Senden', queued[0]);
  check('queue: a choice in German, the refusal by its reason', /^Schlachtende Sieger Konföderierte: abgelehnt: Keine Schlacht im Gange/.test(queued[1]), queued[1]);
  check('queue: a refusal with no reason code in German', /abgelehnt: zu viele Optionen: höchstens 64/.test(queued[2]), queued[2]);
  check('queue: no raw option key', !queued.some(x => /\b(div|lost|winner) /.test(x)), queued);
  await p.evaluate(() => { for (const d of document.querySelectorAll('#camp-forms details')) d.open = false; });
  await axe(p, 'campaign, German');
  await p.evaluate(() => { const e = document.querySelector('#camp-ledger'); window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 8); });
  await p.screenshot({ path: join(shots, 'de-campaign.png') });
  // Nothing wider than the phone in German's longer words.
  const wider = () => p.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.scroll'))
      .map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 30)).slice(0, 5);
  });
  let wide = await wider();
  check('German: nothing wider than 390 px', wide.length === 0, wide);
  // the smallest phone: the header (title, "Schiedsrichter", DE/EN) wraps
  await p.setViewport({ width: 320, height: 700, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await new Promise(r => setTimeout(r, 300));
  wide = await wider();
  check('German: nothing wider than 320 px', wide.length === 0, wide);
  await p.close();

  // The page with its engine (no campaign), in German, where the build made it.
  if (existsSync(join(dirname(muster), 'muster-site', 'index.html'))) {
    p = await phone(srv.base, 'de-DE,de', fresh);
    await langIs(p, 'de');
    check('app: tabs in German', (await p.$$eval('#tabs button', bs => bs.filter(b => !b.hidden).map(b => b.textContent))).join('|') === 'Division|Feuer|Haus');
    await p.waitForFunction(() => window.musterReady, { timeout: 20000 });
    await p.evaluate(() => window.musterReady);
    await p.$eval('#div-odds-go', b => b.click());
    await p.waitForFunction(() => document.querySelector('#odds-out').textContent.length > 0, { timeout: 20000 });
    check('app: odds with a comma', /\d,\d\d %/.test(await text(p, '#odds-out')), (await text(p, '#odds-out')).slice(0, 60));
    check('app: caption in German', /Exakte Wahrscheinlichkeiten/.test(await text(p, '#odds-cap')));
    await axe(p, 'offline app, German');
    await p.screenshot({ path: join(shots, 'de-app.png') });
    await p.close();
  } else {
    console.log('note: no muster-site/ (emcc): the offline app not tried');
  }

  // A server started in German answers the API in English (the page
  // chooses its words): an English page on it shows no German refusal.
  const env = { ...process.env };
  process.env.LANGUAGE = 'de';
  process.env.LC_ALL = 'C.UTF-8';
  const de = await startServer(muster);
  Object.assign(process.env, env);
  if (!env.LANGUAGE) delete process.env.LANGUAGE;
  if (!env.LC_ALL) delete process.env.LC_ALL;
  try {
    const r = await (await fetch(de.base + 'api/division?seed=abc')).json();
    check('a German server: the API refusal in English', /^--seed must be a whole number/.test(r.error) && r.option === 'seed', r);
  } finally {
    await de.stop();
  }
} finally {
  await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}

// axe-core: no violation at all.
async function axe(p, what) {
  if (!(await p.evaluate(() => !!window.axe))) await p.addScriptTag({ path: axePath });
  const r = await p.evaluate(async () => {
    const res = await window.axe.run(document, { resultTypes: ['violations'] });
    return res.violations.map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`);
  });
  check(`axe-core: no violation (${what})`, r.length === 0, r);
}

console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
