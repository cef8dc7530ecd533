// SPDX-License-Identifier: MIT
// A whole battle run from the page (issue 22), in Debian's chromium at
// 390x844: every action of the campaign forms and the ledger's quick actions,
// dice typed one field a roll, the winner chosen, the fair roll's three steps
// across two phones, reveal and verify, refusals in the page's words, the
// notice when the other side records on one of your divisions; then the
// phone layout (nothing wider than 320 px, tap targets of 44 px) and axe-core
// on every view (no serious or critical violation). Screenshots of each view
// go to tests/web/shots/ (or $MUSTER_SHOTS).
// Usage: node battle.mjs MUSTER
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { startServer, tally, cliOf, launchChromium, layoutOf } from './common.mjs';

const muster = process.argv[2];
const here = dirname(fileURLToPath(import.meta.url));
const shots = process.env.MUSTER_SHOTS || join(here, 'shots');
mkdirSync(shots, { recursive: true });
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const t = tally(), check = t.check;
const cli = cliOf(muster);
const sleep = ms => new Promise(r => setTimeout(r, ms));
const dir = mkdtempSync(join(tmpdir(), 'muster-battle-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps'); // 1
cli('campaign', 'add', db, '--side', 'union', '--name', 'Doubleday', '--corps', 'I Corps'); // 2
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps'); // 3
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Pender', '--corps', 'Third Corps'); // 4
const log = () => JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events;
const show = () => JSON.parse(cli('campaign', 'show', db, '--format', 'json'));
const last = () => log().at(-1);

const srv = await startServer(muster, ['--campaign', db]);
const browser = await launchChromium();

async function phone(url, width = 390) {
  const p = await browser.newPage();
  p.on('pageerror', e => check('no script error', false, e.message));
  await p.setBypassCSP(true); // axe-core goes in as a script of the test's
  await p.setViewport({ width, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  await p.goto(url, { waitUntil: 'domcontentloaded' });
  return p;
}
const form = cmd => `form[data-cmd="${cmd}"]`;
const text = (p, sel) => p.$eval(sel, e => e.textContent);

// Opens the <details> holding sel, sets the fields, submits; then waits for
// the page's answer: "#N recorded" (returned) or a refusal (thrown, with the
// page's words) or, with typed dice, the next roll's field.
async function fill(p, sel, fields = {}) {
  await p.bringToFront();
  await p.$eval(sel, f => { const d = f.closest('details'); if (d) d.open = true; });
  for (const [name, v] of Object.entries(fields)) {
    await p.$eval(`${sel} [name="${name}"]${typeof v === 'string' && v.startsWith('=') ? `[value="${v.slice(1)}"]` : ''}`, (e, v) => {
      if (e.type === 'radio' || e.type === 'checkbox') { e.checked = v !== false; e.dispatchEvent(new Event('change', { bubbles: true })); }
      else { e.value = v; e.dispatchEvent(new Event('change', { bubbles: true })); }
    }, v);
  }
}
async function answer(p, before) {
  await p.waitForFunction(b => {
    const done = document.querySelector('#camp-done'), err = document.querySelector('#camp-error');
    return (!err.hidden && err.textContent) || (!done.hidden && done.textContent !== b) ||
      document.querySelector('form.asking');
  }, { timeout: 10000, polling: 50 }, before);
  const err = await p.$eval('#camp-error', e => (e.hidden ? '' : e.textContent));
  if (err) throw new Error(err);
  return text(p, '#camp-done');
}
async function submit(p, sel, fields) {
  await fill(p, sel, fields);
  const before = await text(p, '#camp-done');
  await p.$eval(`${sel} button[type="submit"]`, b => b.click());
  return answer(p, before);
}
const refused = async (p, sel, fields) => {
  try { await submit(p, sel, fields); return ''; } catch (e) { return e.message; }
};

// Typed dice: asks, and answers each field the page adds with the next of
// rolls (or '50'), until the event is recorded; the fields' labels.
async function typedDice(p, sel, fields, rolls = [], shot = null) {
  await fill(p, sel, { ...fields, dice: '=typed' });
  const labels = [];
  let before = await text(p, '#camp-done');
  await p.$eval(`${sel} button[type="submit"]`, b => b.click());
  for (let i = 1; i < 60; i++) {
    const got = await p.waitForFunction((s, i, b) => document.querySelector(`${s} input[data-roll="${i}"]`) ||
      (!document.querySelector('#camp-done').hidden && document.querySelector('#camp-done').textContent !== b) ||
      (!document.querySelector('#camp-error').hidden && document.querySelector('#camp-error').textContent),
    { timeout: 10000, polling: 50 }, sel, i, before).then(h => h.jsonValue().catch(() => 'field'));
    const field = await p.$(`${sel} input[data-roll="${i}"]`);
    if (!field) break;
    if (shot && i === 1) {
      await p.$eval(`${sel} input[data-roll="1"]`, e => e.closest('form').scrollIntoView());
      await p.screenshot({ path: join(shots, shot) });
    }
    labels.push(await p.$eval(`${sel} input[data-roll="${i}"]`, e => e.closest('label').firstChild.textContent));
    await p.type(`${sel} input[data-roll="${i}"]`, rolls[i - 1] || '50');
    void got;
  }
  const err = await p.$eval('#camp-error', e => (e.hidden ? '' : e.textContent));
  if (err) throw new Error(err);
  return labels;
}

// axe-core in the page: the serious and critical violations, named.
async function axe(p, what) {
  if (!(await p.evaluate(() => !!window.axe))) await p.addScriptTag({ path: axePath });
  const r = await p.evaluate(async () => {
    const res = await window.axe.run(document, { resultTypes: ['violations'] });
    return res.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => `${v.id}: ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')}`);
  });
  check(`axe-core: no serious or critical violation (${what})`, r.length === 0, r);
}

// Nothing wider than the phone; every control a 44 px target.
async function layout(p, what) {
  const r = await layoutOf(p);
  check(`nothing wider than the screen (${what})`, r.scroll <= r.width, [r.scroll, r.wide]);
  check(`tap targets of at least 44 px (${what})`, r.small.length === 0, r.small.slice(0, 8));
}

try {
  const ump = await phone(srv.links.umpire);
  const uni = await phone(srv.links.union);
  const con = await phone(srv.links.confederate);
  for (const p of [ump, uni, con]) await p.waitForSelector('#camp-ledger .division');

  // ---- battle start; engage with real dice, one field a roll ------------
  let done = await submit(ump, form('campaign/battle/start'), { name: "McPherson's Ridge" });
  check('battle start from the page', /^#6 recorded: battle \d+ .* begins/.test(done) && last().kind === 'battle-start', done);
  const awakeNow = () => ump.evaluate(() => 'wakeLock' in navigator ? (awake ? 'held' : 'none') : 'no API');
  const held = await ump.waitForFunction(() => !('wakeLock' in navigator) || (awake && !awake.released), { timeout: 5000, polling: 100 })
    .then(() => awakeNow(), () => awakeNow());
  check('a battle under way keeps the screen on (a wake lock)', held === 'held', held);
  const labels = await typedDice(uni, form('campaign/engage'), { div: '1', how: '=open' });
  const e7 = last();
  check('engage with typed dice: one field a roll, labelled with its table', e7.kind === 'engage' && e7.division === 1 &&
    e7.seed === null && labels.length === e7.rolls.length && labels[0] === 'Division leader' && labels[1] === 'Number of brigades' &&
    e7.rolls.every(r => r.roll === 50), [labels, e7.rolls && e7.rolls.length]);
  await uni.screenshot({ path: join(shots, 'battle-engaged.png') });
  done = await submit(con, form('campaign/engage'), { div: '4', how: '=open' });
  check('an open engage rolled by the server', /recorded: engage/.test(done) && last().division === 4 && last().seed !== null, done);

  // ---- the ledger's quick actions -----------------------------------------
  await uni.waitForSelector('[data-division="1"] li[data-brigade="1"] [data-quick="lost"]');
  const quick = async (p, div, k, what) => {
    await p.bringToFront();
    const before = await text(p, '#camp-done');
    await p.$eval(`[data-division="${div}"] li[data-brigade="${k}"] [data-quick="${what}"]`, b => { b.click(); b.click(); });
    return answer(p, before);
  };
  const n0 = log().length;
  done = await quick(uni, 1, 1, 'lost');
  await sleep(200);
  const b1 = () => show().divisions.find(d => d.id === 1).brigades[0];
  check('-1 stand (tapped twice): one event, one stand out', /recorded: casualties/.test(done) && log().length === n0 + 1 && b1().out === 1, [done, log().length - n0, b1()]);
  // one tap on "Captured": the brigade stays where it was on the screen,
  // under the thumb, and the confirmation comes by the button
  const thumb = '#camp-ledger details.division[data-division="1"] li[data-brigade="1"] [data-quick="captured"]';
  await uni.$eval(thumb, b => b.scrollIntoView({ block: 'center' }));
  const y0 = await uni.$eval(thumb, b => [Math.round(b.getBoundingClientRect().top), Math.round(window.scrollY)]);
  const before0 = await text(uni, '#camp-done');
  await uni.$eval(thumb, b => b.click());
  done = await answer(uni, before0);
  await sleep(500); // the live stream's copy of the event redraws the ledger
  const y1 = await uni.$eval(thumb, b => [Math.round(b.getBoundingClientRect().top), Math.round(window.scrollY),
    (b.closest('li').querySelector('.by-thumb') || {}).textContent || '']);
  check('a quick action keeps the button under the thumb, the confirmation by it', Math.abs(y1[0] - y0[0]) <= 2 && y0[1] > 400 &&
    /recorded: casualties/.test(y1[2]), [y0, y1]);
  check('captured: one stand a prisoner', /recorded: casualties/.test(done) && b1().prisoners === 1, b1());
  done = await quick(uni, 1, 2, 'leader');
  check('leader lost: the brigadier replaced', /recorded: leader lost:/.test(done) && last().post === 'brigade' && last().brigade === 2, last());

  // ---- leader lost or captured, from the form, with a typed roll ----------
  const ll = await typedDice(uni, form('campaign/leader-lost'), { div: '1', post: '=division', captured: true }, ['10']);
  const eL = last();
  check('a captured division leader, the replacement from a typed roll', eL.kind === 'leader-lost' && eL.post === 'division' &&
    eL.captured === true && eL.roll === 10 && ll.length === 1, [ll, eL]);
  const corps = await submit(uni, form('campaign/leader-lost'), { div: '1', post: '=corps' });
  check('the corps leader lost', /recorded: leader lost:/.test(corps) && last().post === 'corps', last());
  // who and when: the Union link's write is the Union's, at the server's time
  check('the event records its author (the link\'s side) and its time', last().author === 'union' &&
    last().time === process.env.MUSTER_NOW, [last().author, last().time]);
  const logged = await uni.$eval('#camp-log li', l => l.textContent);
  // the time in the phone's own zone (the browser's here, UTC), not the ISO stamp
  const local = new Date(process.env.MUSTER_NOW).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
  check('and the page\'s log shows both', / — union, /.test(logged) && logged.endsWith(local) && !logged.includes(process.env.MUSTER_NOW), [logged, local]);

  // ---- refusals in the page's own words -------------------------------------
  let err = await refused(uni, form('campaign/casualties'), { div: '1', brigade: '1', lost: '99' });
  check('a bad number: the field by its label, no option', err.includes('"Lost"') && !/--/.test(err), err);
  err = await refused(uni, form('campaign/casualties'), { div: '1', brigade: '1', lost: '0', captured: '0' });
  check('nothing to record: the page\'s words for the reason', err.startsWith('Nothing to record') && !/--/.test(err), err);
  const api = await uni.evaluate(async t => {
    const r = await fetch('/api/campaign/casualties', { method: 'POST', headers: { 'X-Muster-Token': t, 'Content-Type': 'application/json' }, body: JSON.stringify({ div: 1, brigade: 1, lost: 0 }) });
    const r2 = await fetch('/api/campaign/casualties', { method: 'POST', headers: { 'X-Muster-Token': t, 'Content-Type': 'application/json' }, body: JSON.stringify({ div: 1, brigade: 1, lost: 'x' }) });
    return [await r.json(), await r2.json()];
  }, srv.token('union'));
  check('the API gives the reason code, and no CLI hint in the message', api[0].reason === 'no-casualties' && !/--/.test(api[0].error), api[0]);
  check('and the option whose value it refused', api[1].option === 'lost' && !api[1].reason, api[1]);
  await uni.evaluate(() => document.querySelector('#camp-error').scrollIntoView());
  await uni.screenshot({ path: join(shots, 'battle-refused.png') });

  // ---- the fair roll: commit, contribute, roll; reveal and verify ---------
  // (the steps' forms show Pender, 4, until a step waits for Heth, 3)
  await uni.$eval('#fair ' + form('campaign/contribute') + ' [name="div"]', e => { e.value = '4'; });
  await con.$eval('#fair ' + form('campaign/engage') + ' [name="div"]', e => { e.value = '4'; });
  done = await submit(con, form('campaign/engage'), { div: '3', how: '=fair' });
  const commitment = (last() || {}).commitment;
  check('step 1: the commitment to hand over', last().kind === 'fair-commit' && done.includes(commitment), done);
  const f2 = '#fair ' + form('campaign/contribute');
  const preselected = async (pg, sel) => {
    await pg.bringToFront(); // a tab behind another runs no animation frames
    return pg.waitForFunction(s => document.querySelector(s + ' [name="div"]').value === '3',
      { timeout: 10000, polling: 100 }, sel).then(() => true, () => false);
  };
  check('step 2: the division waiting for the contribution is preselected', await preselected(uni, f2));
  await fill(uni, f2, { div: '3' });
  await uni.waitForFunction(s => document.querySelector(s + ' [name="commitment"]').value.length === 64, {}, f2);
  check('step 2: the commitment filled in from the log', (await uni.$eval(`${f2} [name="commitment"]`, e => e.value)) === commitment);
  done = await submit(uni, f2, {});
  const contribution = last().contribution;
  check('step 2: the contribution', last().kind === 'contribute' && done.includes(contribution), done);
  await uni.screenshot({ path: join(shots, 'battle-fair.png') });
  const f3 = '#fair ' + form('campaign/engage');
  check('step 3: the division waiting for its roll is preselected', await preselected(con, f3));
  await fill(con, f3, { div: '3' });
  await con.waitForFunction(s => document.querySelector(s + ' [name="contribution"]').value.length === 64, {}, f3);
  done = await submit(con, f3, {});
  check('step 3: the hidden division rolled on both', /recorded: engage/.test(done) && last().division === 3 && last().hidden === true && last().fair, last());
  const rolled = await con.$eval('#camp-done', b => [b.textContent.slice(0, 200), !!b.querySelector('details.rolled[open] .brigades-l li'), !b.querySelector('.quick-row')]);
  check('the division rolled is shown at once, by its confirmation', rolled[1] && rolled[2], rolled);
  done = await submit(con, form('campaign/reveal'), { div: '3' });
  const doc = await con.$eval('#verify-form [name="document"]', e => e.value);
  check('reveal: the document, recorded', /recorded: reveal/.test(done) && JSON.parse(doc).commitment === last().commitment, [done, doc.slice(0, 80)]);
  await fill(uni, '#verify-form', { div: '', document: doc });
  await uni.$eval('#verify-form button', b => b.click());
  let v = await uni.waitForFunction(() => !document.querySelector('#verify-result').hidden && document.querySelector('#verify-result').textContent).then(h => h.jsonValue());
  check('verify on the other phone: it opens the commitment', v.startsWith('Verified'), v);
  await uni.evaluate(() => document.querySelector('#verify-form').scrollIntoView());
  await uni.screenshot({ path: join(shots, 'battle-verified.png') });
  const bad = doc.replace(/"stands":(\d+)/, (m, n) => `"stands":${Number(n) + 1}`);
  await fill(uni, '#verify-form', { div: '', document: bad });
  await uni.$eval('#verify-result', e => { e.hidden = true; });
  await uni.$eval('#verify-form button', b => b.click());
  v = await uni.waitForFunction(() => !document.querySelector('#verify-result').hidden && document.querySelector('#verify-result').textContent).then(h => h.jsonValue());
  check('a changed division does not verify', v.startsWith('Does not verify'), v);

  // ---- the notice: the other side records on one of your divisions --------
  await submit(ump, form('campaign/casualties'), { div: '4', brigade: '1', lost: '2' });
  // The notice may already show an earlier event (the fair contribution on
  // Heth): wait for this one. Polled on a timer: a background page gets no
  // animation frames.
  await con.waitForFunction(() => !document.querySelector('#camp-notice').hidden &&
    document.querySelector('#camp-notice').textContent.includes('Pender'), { polling: 100, timeout: 10000 }).catch(() => {});
  const notice = await text(con, '#camp-notice');
  check('the Confederate page is told of the umpire\'s casualties on Pender', notice.includes('Pender') && notice.includes('casualties'), notice);
  const said = await con.waitForFunction(() => document.querySelector('#announce').textContent.includes('Pender') &&
    document.querySelector('#announce').textContent, { polling: 100, timeout: 10000 })
    .then(h => h.jsonValue()).catch(() => '');
  check('and the live region says it', said.includes('Pender'), said);
  await con.bringToFront();
  await con.evaluate(() => window.scrollTo(0, 0));
  await con.screenshot({ path: join(shots, 'battle-notice.png') });
  const own = await uni.evaluate(() => document.querySelector('#camp-notice').hidden);
  check('no notice of the page\'s own writes', own === true);

  // ---- battle end: the winner must be chosen; return rolls typed ----------
  const nEnd = log().length;
  await fill(ump, form('campaign/battle/end'));
  await ump.$eval(`${form('campaign/battle/end')} button[type="submit"]`, b => b.click());
  await sleep(400);
  const invalid = await ump.$eval(`${form('campaign/battle/end')} input[name="winner"]`, e => !e.validity.valid);
  check('no winner chosen: nothing sent', invalid && log().length === nEnd, [invalid, log().length - nEnd]);
  // and the API refuses it, with the reason the page words (no CLI flag)
  const noWinner = await fetch(srv.base + 'api/campaign/battle/end', { method: 'POST',
    headers: { 'X-Muster-Token': srv.token('umpire'), 'Content-Type': 'application/json' }, body: '{"seed":"3"}' });
  const nw = await noWinner.json().catch(() => ({}));
  check('the API refuses a battle end without a winner, reason no-winner', noWinner.status === 400 && nw.reason === 'no-winner' &&
    !/--winner/.test(nw.error || '--') && log().length === nEnd, [noWinner.status, nw]);
  const rl = await typedDice(ump, form('campaign/battle/end'), { winner: '=union' }, ['10', '90', '10', '90'], 'battle-end-dice.png');
  const eEnd = last();
  check('battle end, won by the Union, each return roll typed under its brigade', eEnd.kind === 'battle-end' && eEnd.winner === 'union' &&
    rl.length >= 1 && rl.every(l => l.startsWith('Return to')), [rl, eEnd.winner]);
  await ump.bringToFront();
  const let_go = await ump.waitForFunction(() => !awake, { timeout: 5000, polling: 100 }).then(() => awakeNow(), () => awakeNow());
  check('the battle over, the screen may sleep again', let_go === 'none', let_go);
  // the battle's report on every phone, as each side sees it, with the rolls
  for (const [p, who] of [[ump, 'umpire'], [uni, 'union']]) {
    await p.waitForFunction(() => !document.querySelector('#camp-report').hidden, { timeout: 10000 }).catch(() => {});
    const rep = await p.$eval('#camp-report', e => e.hidden ? '' : e.innerText);
    check(`the battle's report on the ${who}'s phone`, /^Battle \d+ .*: won by the Union/.test(rep) &&
      /stands at the start, \d+ at the end/.test(rep) && !/: 0 stands at the start/.test(rep) && /Returned to division \d+ brigade \d+: \d+ of \d+ stands \(roll \d+ against \d+\)/.test(rep), rep);
    // and under it the war's charts, drawn by the server as that side sees it
    await p.waitForSelector('#camp-report figure.report-charts img', { timeout: 10000 }).catch(() => {});
    const svg = await p.$eval('#camp-report', async e => {
      const img = e.querySelector('figure.report-charts img');
      if (!img) return null;
      const text = await (await fetch(img.src)).text();
      return { alt: img.alt, shown: img.complete && img.naturalWidth > 0, desc: text.includes('Prisoners held after each battle (stands)'),
        union: text.split('stroke:rgb(0%,44.7%,69.8%)').length - 1,
        confederate: text.split('stroke:rgb(83.5%,36.9%,0%)').length - 1 };
    });
    check(`the war's charts under the report on the ${who}'s phone`, svg && /^The war so far/.test(svg.alt) && svg.shown &&
      svg.desc && svg.union === 6 && svg.confederate === 6, svg);
  }
  await uni.bringToFront();
  await uni.$eval('#camp-report', e => e.scrollIntoView());
  await uni.screenshot({ path: join(shots, 'battle-report-union.png') });

  // ---- prisoners, camps and the year ----------------------------------------
  done = await submit(uni, form('campaign/camp'), { side: 'union', default: 'Elmira' });
  check('the default camp', /recorded: default camp:/.test(done) && last().camp === 'Elmira', last());
  const sides = await uni.$$eval(`${form('campaign/camp')} option`, o => o.filter(x => !x.hidden).map(x => x.value));
  check('a side sets only its own camp', JSON.stringify(sides) === '["union"]', sides);
  done = await submit(ump, form('campaign/exchange'), { union: '1' });
  check('an exchange', /recorded: exchange/.test(done) && last().kind === 'exchange', last());
  await submit(ump, form('campaign/battle/start'), { name: 'Seminary Ridge' });
  await submit(ump, form('campaign/casualties'), { div: '1', brigade: '3', captured: '1', camp: 'Libby' });
  done = await submit(ump, form('campaign/liberate'), { camp: 'Libby' });
  check('a camp liberated', /recorded: liberation:/.test(done), last());
  done = await submit(ump, form('campaign/battle/end'), { winner: '=none' });
  check('a battle ended with no winner, chosen', /recorded: battle \d+ .* ends/.test(done) && last().winner === null, last());
  done = await submit(ump, form('campaign/advance'), { year: '1864' });
  check('the campaign advanced a year', /recorded: advance/.test(done) && show().campaign.year === 1864, show().campaign);
  done = await submit(ump, form('campaign/undo'), {});
  check('undo from the form', /recorded: undo/.test(done) && show().campaign.year === 1863, done);

  // ---- layout and accessibility, every view ---------------------------------
  for (const [p, who] of [[ump, 'umpire'], [uni, 'union'], [con, 'confederate']]) {
    await p.bringToFront();
    await p.evaluate(() => window.scrollTo(0, 0));
    await layout(p, 'campaign, ' + who);
    await axe(p, 'campaign, ' + who);
  }
  await uni.bringToFront(); // a tab behind another waits for its frames
  await uni.evaluate(() => { for (const d of document.querySelectorAll('#camp-forms details')) d.open = false; window.scrollTo(0, 0); });
  await uni.screenshot({ path: join(shots, 'view-campaign-union.png') });
  const narrow = await phone(srv.links.union, 320);
  await narrow.waitForSelector('#camp-ledger .division');
  await layout(narrow, 'campaign at 320 px');
  for (const tab of ['division', 'fire']) {
    const p = await phone(srv.links.union + '&tab=' + tab);
    await p.waitForSelector(`#${tab}:not([hidden])`);
    if (tab === 'fire') await p.waitForSelector('#fire-curve img, #fire-curve svg');
    else { await p.click('#div-go'); await p.waitForSelector('#div-result:not([hidden])'); }
    await layout(p, tab);
    await axe(p, tab);
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: join(shots, `view-${tab}.png`) });
    if (tab === 'fire') { // the charts, drawn for the phone
      await p.evaluate(() => document.querySelector('#odds-chart').scrollIntoView());
      await p.screenshot({ path: join(shots, 'view-fire-chart.png') });
    }
    const n = await phone(srv.links.union + '&tab=' + tab, 320);
    await layout(n, tab + ' at 320 px');
  }

  // ---- an order of battle imported from the umpire's page -----------------
  check('a side\'s page has no import form', await uni.$eval('#import', e => e.hidden));
  const sheet = join(dir, 'rodes.csv');
  writeFileSync(sheet, 'side,corps,division,arm,leader,batteries,brigade,brigadier,brigadier_rating,stands,morale\n' +
    'confederate,Second Corps,Rodes,infantry,average,2,Iverson\'s Brigade,Alfred Iverson,despicable,6,green\n' +
    'confederate,Second Corps,Rodes,infantry,average,2,Doles\'s Brigade,George Doles,average,,\n');
  await ump.bringToFront();
  await ump.$eval('#import', d => { d.open = true; });
  const before = JSON.parse(cli('campaign', 'show', db, '--format', 'json')).divisions.length;
  await (await ump.$('#import input[type="file"]')).uploadFile(sheet);
  const imported = await submit(ump, '#import form', {});
  const after = JSON.parse(cli('campaign', 'show', db, '--format', 'json')).divisions;
  check('the umpire\'s page imports a sheet: its division added', /recorded: add/.test(imported) && after.length === before + 1 &&
    after.at(-1).name === 'Rodes' && after.at(-1).side === 'confederate', [imported, after.length]);
  await ump.waitForFunction(() => /Rodes/.test(document.querySelector('#camp-ledger').textContent));
  await ump.$eval('#import', d => { d.open = true; });
  const empty = await refused(ump, '#import form', {});
  check('an import with no sheet says what to give', /Choose the order of battle's file/.test(empty) ||
    /Choose the order of battle's file/.test(await text(ump, '#camp-error')), empty);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
  for (const [i, p] of (await browser.pages()).entries()) await p.screenshot({ path: join(shots, `battle-failed-${i}.png`), fullPage: true }).catch(() => {});
} finally {
  await browser.close();
  const r = await srv.stop();
  check('SIGTERM stops the server cleanly', r.code === 0, r);
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed; screenshots in ${shots}`);
process.exit(t.fail ? 1 : 0);
