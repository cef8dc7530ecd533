// SPDX-License-Identifier: MIT
// The page in a real browser: Debian's chromium (/usr/bin/chromium), headless,
// driven by puppeteer-core; nothing downloads a browser. Screenshots at phone
// size (390x844) go to tests/web/shots/ (or $MUSTER_SHOTS).
// Usage: node browser.mjs MUSTER
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
const sleep = ms => new Promise(r => setTimeout(r, ms));

const browser = await launchChromium();
const dir = mkdtempSync(join(tmpdir(), 'muster-web-'));
const servers = [];

async function phone(url) {
  const page = await browser.newPage();
  page.on('pageerror', e => check('no script error', false, e.message));
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await page.goto(url, { waitUntil: 'networkidle2' }); // a campaign page keeps its live stream open
  return page;
}
const text = (page, sel) => page.$eval(sel, e => e.textContent);

try {
  // ---- a division from typed rolls (the seed's worked example) ----------
  const srv = await startServer(muster);
  servers.push(srv);
  const page = await phone(srv.base);
  const rolls = ['50', '50', '50', '50', '50', '50', '50', '50', '80', '50', '50', '50', '44'];
  await page.click('input[name="army"][value="confederate"]');
  await page.select('select[name="year"]', '1863');
  await page.select('select[name="theater"]', 'east');
  await page.click('input[name="dice"][value="typed"]');
  const labels = [];
  for (let i = 0; i < rolls.length; i++) {
    const sel = `#roll-fields input[data-roll="${i + 1}"]`;
    await page.waitForSelector(sel, { timeout: 30000 });
    labels.push(await page.$eval(sel, e => e.getAttribute('aria-label')));
    await page.type(sel, rolls[i]);
  }
  await page.waitForSelector('#div-result:not([hidden])', { timeout: 30000 });
  const want = JSON.parse(cli('division', '--army', 'confederate', '--year', '1863', '--theater', 'east',
    '--rolls', rolls.join(','), '--format', 'json'));
  check('one field per roll, labelled in the roll order', JSON.stringify(labels) === JSON.stringify([
    'Division leader', 'Number of brigades',
    'Brigade 1 stands', 'Brigade 1 morale', 'Brigade 1 brigadier',
    'Brigade 2 stands', 'Brigade 2 morale', 'Brigade 2 brigadier',
    'Brigade 3 stands', 'Brigade 3 morale', 'Brigade 3 brigadier',
    'Artillery ratio', 'Fractional battery (hit on 44 or less)']), labels);
  const rows = await page.$$eval('#div-result table.brigades tbody tr',
    trs => trs.map(tr => Array.from(tr.cells).map(td => td.textContent)));
  check('every brigade on the page', rows.length === want.brigades.length, rows);
  want.brigades.forEach((b, i) => {
    const r = rows[i] || [];
    check(`brigade ${i + 1}: stands, morale, brigadier`,
      r[1] === String(b.stands) && r[2] === b.morale && r[3].startsWith(b.leader), { page: r, cli: b });
  });
  const result = await text(page, '#div-result');
  check('total stands', result.includes(`Total: ${want.stands} stands`), result);
  check('the fraction of a battery, rolled', result.includes('22 stands ÷ 9 = 2.44 → rolled 44 ≤ 44 → 3 batteries'), result);
  check('no seed with typed rolls', result.includes('rolls given by hand'));
  await page.screenshot({ path: join(shots, 'division.png'), fullPage: true });

  // a despicable brigadier is marked DP
  await page.click('input[name="dice"][value="seed"]');
  await page.click('input[name="army"][value="union"]');
  let dp = false;
  for (let s = 1; s < 40 && !dp; s++) {
    const d = JSON.parse(cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--seed', String(s), '--format', 'json'));
    if (!d.brigades.some(b => b.leader === 'despicable')) continue;
    await page.$eval('input[name="seed"]', (e, v) => { e.value = v; }, String(s));
    await page.click('#div-go');
    await page.waitForFunction(v => document.querySelector('#div-result').textContent.includes('seed ' + v), {}, String(s));
    dp = (await page.$$eval('#div-result table.brigades .dp', e => e.length)) ===
      d.brigades.filter(b => b.leader === 'despicable').length;
    check('despicable brigadiers marked DP', dp, s);
    const rule = await text(page, '#div-result [data-rule="dp"]');
    check('what DP means beside them', rule.includes('0 manoeuvre modifiers') &&
      rule.includes('a brigadier cannot be replaced voluntarily'), rule);
    await page.screenshot({ path: join(shots, 'division-dp.png'), fullPage: true });
  }
  check('a seed with a despicable brigadier was found', dp);
  for (let s = 1; s < 40; s++) { // and no note where no leader is despicable
    const d = JSON.parse(cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--seed', String(s), '--format', 'json'));
    if (d.leader === 'despicable' || d.brigades.some(b => b.leader === 'despicable')) continue;
    await page.$eval('input[name="seed"]', (e, v) => { e.value = v; }, String(s));
    await page.click('#div-go');
    await page.waitForFunction(v => document.querySelector('#div-result').textContent.includes('seed ' + v), {}, String(s));
    check('no DP note without a despicable leader', (await page.$$eval('#div-result [data-rule="dp"]', e => e.length)) === 0, s);
    break;
  }

  // ---- fire a volley ----------------------------------------------------
  await page.click('#tabs [data-tab="fire"]');
  await page.select('select[name="weapon"]', 'musket');
  const setField = async (sel, v) => {
    await page.$eval(sel, (e, val) => { e.value = val; e.dispatchEvent(new Event('input', { bubbles: true })); }, v);
  };
  await setField('input[name="figures"]', '11');
  await setField('input[name="range"]', '5');
  await page.waitForFunction(() => document.querySelector('#fire-line').textContent.includes('sure'));
  await page.waitForFunction(() => document.querySelectorAll('#fire-odds tbody tr').length > 0);
  await sleep(300);
  check('P, POH, sure hits', (await text(page, '#fire-line')) === '2 sure hits and a 20 % chance of a third', await text(page, '#fire-line'));
  check('the working', (await text(page, '#fire-working')).includes('POH = 11 figures × 20 % = 220 %'), await text(page, '#fire-working'));
  const odds = await page.$$eval('#fire-odds tbody tr', trs => trs.map(tr => Array.from(tr.cells).map(td => td.textContent)));
  const two = odds.find(r => r[0] === '2') || [];
  check('exact odds of 2 hits', two[1] === '80.00 %' && two[2] === '29.53 %', two);
  await page.type('#fire-typed', '37');
  await page.click('#fire-roll');
  await page.waitForSelector('#fire-outcome:not([hidden])');
  check('a typed roll', (await text(page, '#fire-outcome')) === 'Roll 37 > 20: 2 hits', await text(page, '#fire-outcome'));
  await page.waitForSelector('#fire-curve svg.svgchart polyline');
  const axis = await page.$$eval('#fire-curve svg text, #odds-chart svg text', ts => ts.map(t => {
    const svg = t.ownerSVGElement; // its size on the screen: the font's, times the drawing's scale
    return parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  }));
  check('the charts are SVG drawn for the screen, their text at least 12 px', axis.length > 5 && axis.every(h => h >= 12), axis);
  await page.screenshot({ path: join(shots, 'fire.png'), fullPage: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, 'phone-fire.png') }); // what a phone shows
  // a gun by the yard, rolled by the server
  await page.select('select[name="weapon"]', 'gun');
  await page.click('input[name="unit"][value="yd"]');
  await setField('input[name="range"]', '100');
  await page.waitForFunction(() => document.querySelector('#fire-line').textContent.startsWith('3 sure hits and a 60 %'));
  await page.$eval('#fire-typed', e => { e.value = ''; });
  await page.click('#fire-roll');
  await page.waitForFunction(() => /seed \d+/.test(document.querySelector('#fire-outcome').textContent));
  const out = await text(page, '#fire-outcome');
  const seed = out.match(/seed (\d+)/)[1];
  const v = JSON.parse(cli('fire', '--weapon', 'gun', '--range', '100', '--yards', '--crew', '6', '--seed', seed, '--format', 'json'));
  check('a server roll repeats on the CLI with its seed', out.startsWith(`Roll ${v.roll} `) && out.includes(`${v.hits} hit`), { out, v: [v.roll, v.hits] });
  await page.close();

  // ---- the campaign: each link sees what its player may -----------------
  const db = join(dir, 'c.db');
  cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
  cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps');
  cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps');
  cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
  cli('campaign', 'engage', db, '1', '--seed', '7', '--hidden');
  cli('campaign', 'engage', db, '2', '--seed', '8');
  const camp = await startServer(muster, ['--campaign', db]);
  servers.push(camp);
  check('three links', camp.links.umpire && camp.links.union && camp.links.confederate, camp.links);

  const nobody = await phone(camp.base);
  check('no token: the page says so', !(await nobody.$eval('#denied', e => e.hidden)));
  const r403 = await nobody.evaluate(async () => { const r = await fetch('/api/campaign/show'); return [r.status, await r.text()]; });
  check('no token: 403 and nothing else', r403[0] === 403 && r403[1] === 'forbidden\n', r403);
  await nobody.close();

  const uni = await phone(camp.links.union);
  await uni.waitForSelector('#camp-ledger .division');
  check('the Union badge', (await text(uni, '#who')) === 'Union');
  const before = await text(uni, '#camp-ledger [data-division="1"]');
  check('the Union sees its own hidden division', before.includes('(hidden)') && before.includes('25 of 25 stands'), before);
  await uni.select('form[data-cmd="campaign/casualties"] select[name="div"]', '1');
  await uni.select('form[data-cmd="campaign/casualties"] select[name="brigade"]', '1');
  await uni.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => { e.value = '3'; });
  await uni.$eval('form[data-cmd="campaign/casualties"] input[name="captured"]', e => { e.value = '1'; });
  await uni.click('form[data-cmd="campaign/casualties"] button');
  await uni.waitForFunction(() => document.querySelector('#camp-ledger [data-division="1"]').textContent.includes('21 of 25 stands'));
  await uni.waitForSelector('#camp-done:not([hidden])');
  const done = await text(uni, '#camp-done');
  check('the write is confirmed with its event', /^#7 recorded: casualties/.test(done) && done.includes('Undo'), done);
  const cleared = await uni.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => e.value);
  check('the form clears after a write', cleared === '0', cleared);
  // a double tap: the second tap on the cleared form says it is recorded,
  // sends nothing and shows no error
  await uni.click('form[data-cmd="campaign/casualties"] button');
  const tapped = await text(uni, "#camp-done");
  const err = await uni.$eval('#camp-error', e => e.hidden ? '' : e.textContent);
  check('a second tap: "already recorded", no error', /^Already recorded as #7: nothing was sent again\./.test(tapped) && err === "", [tapped, err]);
  check('and nothing more in the ledger', JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.length === 7);
  const row = await uni.$eval('#camp-ledger [data-division="1"] li[data-brigade="1"] .bline', li => li.textContent);
  check('the Union link records casualties on its hidden division', row.startsWith('Brigade 1: 7 of 11 stands') && row.includes('out 3, prisoners 1'), row);
  const show = JSON.parse(cli('campaign', 'show', db, '--format', 'json'));
  const b1 = show.divisions.find(d => d.id === 1).brigades[0];
  check('written through the campaign ledger', b1.out === 3 && b1.prisoners === 1, b1);
  const held = await text(uni, '#camp-ledger');
  check('the Union sees its men held, camp by camp', held.includes('the Confederates hold 1 Union stand') &&
    held.includes('Held by the Confederates in Confederate POW camp: ') && !held.includes('[object'), held.slice(-300));
  await uni.screenshot({ path: join(shots, 'campaign-union.png'), fullPage: true });

  const con = await phone(camp.links.confederate);
  await con.waitForSelector('#camp-ledger .division');
  const hidden = await text(con, '#camp-ledger [data-division="1"]');
  check('the Confederate link sees only a commitment', hidden.includes('hidden, commitment') && !/stands/.test(hidden), hidden);
  const all = await con.evaluate(() => document.body.innerText);
  check('and no trace of the losses', !all.includes('lost 3') && !all.includes('captured 1'), all.slice(0, 400));
  check('the prisoners it holds, without their brigade', all.includes('(hidden): 1 stand') && !all.includes('brigade 1: 1 stand'), all.slice(-400));
  // straight to the API with the Confederate token: refused, nothing told
  const tok = camp.token('confederate');
  const probe = await con.evaluate(async t => {
    const r = await fetch('/api/campaign/casualties', { method: 'POST', headers: { 'X-Muster-Token': t, 'Content-Type': 'application/json' }, body: JSON.stringify({ div: 1, brigade: 1, lost: 30 }) });
    return [r.status, await r.text()];
  }, tok);
  check('the Confederate API is refused about the hidden division', probe[0] === 400 && /hidden/.test(probe[1]) && !/stands/.test(probe[1]), probe);
  await con.screenshot({ path: join(shots, 'campaign-confederate.png'), fullPage: true });

  // ---- undo: a side undoes only its own divisions' events ---------------
  const undo = async (page, event) => {
    await page.bringToFront(); // a tab behind another waits for its frames
    await page.$eval('#undo', d => { d.open = true; });
    await page.$eval('form[data-cmd="campaign/undo"] input[name="event"]', (e, v) => { e.value = v; }, event);
    const logLen = await page.$$eval('#camp-log li', l => l.length);
    await page.click('form[data-cmd="campaign/undo"] button');
    await page.waitForFunction(n => !document.querySelector('#camp-error').hidden ||
      document.querySelectorAll('#camp-log li').length > n, {}, logLen);
    return (await page.$eval('#camp-error', e => (e.hidden ? '' : e.textContent)));
  };
  const conLog = await con.$$eval('#camp-log li', l => l.map(x => x.textContent));
  const cas = conLog.find(x => /casualties/.test(x));
  check('the casualties are event 7 in the Confederate log, masked', cas && cas.startsWith('#7 ') && !/lost/.test(cas), conLog);
  for (const ev of ['7', '']) { // asked by number, or the latest
    const err = await undo(con, ev);
    check(`the Confederates cannot undo the Union's event (${ev || 'the latest'})`,
      err.includes('acting for the Confederates, event 7 cannot be undone: a side undoes only events about its own divisions') &&
      !/lost|stands|brigade|Wadsworth/.test(err), err);
  }
  const same = await con.evaluate(() => document.body.innerText);
  check('a refused undo changes nothing', !same.includes('undo of'), same.slice(-300));
  // A shared device: opening the Confederate link dropped what the Union's
  // page kept (its ledger shows the hidden division's brigades), and
  // "Forget" drops the Confederates' own.
  const kept = () => con.evaluate(() => Object.keys(localStorage).filter(k => k.startsWith('muster-campaign:')));
  const keys = await kept();
  check('the device keeps no other link\'s ledger', !keys.some(k => k.includes(camp.token('union'))) &&
    keys.some(k => k.includes(camp.token('confederate'))), keys);
  await con.click('#camp-forget');
  const gone = await kept();
  check('"Forget this campaign on this device" leaves nothing of it', !gone.some(k => k.includes(camp.token('confederate'))), gone);
  await con.screenshot({ path: join(shots, 'campaign-undo-refused.png'), fullPage: true });

  const unErr = await undo(uni, '7');
  check('the Union undoes its own casualties', unErr === '', unErr);
  await uni.waitForFunction(() => document.querySelector('#camp-ledger [data-division="1"]').textContent.includes('25 of 25 stands'));
  const uLog = await uni.$$eval('#camp-log li', l => l.map(x => x.textContent));
  check('the log keeps both: #7 and its undo #8', uLog.some(x => x.startsWith('#7 casualties') && x.endsWith('(undone)')) && uLog.some(x => x.startsWith('#8 undo of #7 (casualties)')), uLog);
  const after = JSON.parse(cli('campaign', 'show', db, '--format', 'json'));
  const a1 = after.divisions.find(d => d.id === 1).brigades[0];
  check('the ledger stands as if the casualties had never happened', a1.out === 0 && a1.prisoners === 0 && after.prisoners.held_by_confederate.total === 0, a1);
  await uni.screenshot({ path: join(shots, 'campaign-undo-union.png'), fullPage: true });

  const ump = await phone(camp.links.umpire);
  await ump.waitForSelector('#camp-ledger .division');
  const hiddenEngage = await undo(ump, '5');
  check('the umpire cannot undo a hidden engage, and is told why', hiddenEngage.includes('event 5 (engage) cannot be undone: a hidden division'), hiddenEngage);
  const again = await undo(ump, '8');
  check('an undo is not undone', again.includes('event 8 (undo) cannot be undone'), again);
  const umpErr = await undo(ump, '6');
  check('the umpire undoes the Confederate engage', umpErr === '', umpErr);
  await ump.waitForFunction(() => /#9 undo of #6 \(engage\)/.test(document.querySelector('#camp-log').textContent));
  const heth = await text(ump, '#camp-ledger [data-division="2"]');
  check('Heth is not engaged any more', heth.includes('not engaged yet'), heth);
  await ump.screenshot({ path: join(shots, 'campaign-undo-umpire.png'), fullPage: true });
  // a double tap on "Record casualties" records one event; its Undo button
  await uni.bringToFront();
  const nBefore = JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.length;
  await uni.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => { e.value = '1'; });
  const btn = 'form[data-cmd="campaign/casualties"] button[type="submit"]';
  await uni.$eval(btn, b => { b.click(); b.click(); });
  await uni.waitForFunction(n => (document.querySelector('#camp-done').textContent || '').startsWith('#' + n + ' recorded'), {}, nBefore + 1);
  await sleep(300);
  const nAfter = JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.length;
  check('a double tap records one event', nAfter === nBefore + 1, [nBefore, nAfter]);
  await uni.screenshot({ path: join(shots, 'campaign-recorded.png') });
  await uni.click('#camp-done .undo-btn');
  await uni.waitForFunction(n => (document.querySelector('#camp-done').textContent || '').startsWith('#' + n + ' recorded: undo'), {}, nBefore + 2);
  const undone = JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.at(-1);
  check('the Undo button undoes that event', undone.kind === 'undo' && undone.event === nBefore + 1, undone);
  // brigades by name: a form lists the division's brigades by the names
  // its side gave them, and what it sends is that brigade
  cli('campaign', 'name', db, '1', 'Iron Brigade', '--brigade', '2');
  const brig = 'form[data-cmd="campaign/casualties"] select[name="brigade"]';
  await uni.waitForFunction(s => [...document.querySelector(s).options].some(o => o.text === 'Iron Brigade (brigade 2)'), {}, brig);
  await uni.select('form[data-cmd="campaign/casualties"] select[name="div"]', '1');
  const opts = await uni.$$eval(brig + ' option', o => o.map(x => [x.value, x.text]));
  check('the casualties form names the brigades', opts[0][1] === 'Brigade 1' && opts[1][0] === '2' && opts[1][1] === 'Iron Brigade (brigade 2)', opts);
  await uni.select(brig, '2');
  await uni.$eval('form[data-cmd="campaign/casualties"] input[name="lost"]', e => { e.value = '2'; });
  await uni.click(btn);
  await uni.waitForFunction(n => (document.querySelector('#camp-done').textContent || '').startsWith('#' + n + ' recorded'), {}, nBefore + 4);
  const named = JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events.at(-1);
  check('the brigade chosen by its name is the one recorded', named.kind === 'casualties' && named.brigade === 2 && named.lost === 2, named);
  await ump.close();
  await con.close();
  await uni.close();
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
  for (const p of await browser.pages()) await p.screenshot({ path: join(shots, 'failed-' + (await browser.pages()).indexOf(p) + '.png'), fullPage: true }).catch(() => {});
} finally {
  await browser.close();
  for (const s of servers) {
    const r = await s.stop();
    check('SIGTERM stops the server cleanly', r.code === 0, r);
  }
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed; screenshots in ${shots}`);
process.exit(t.fail ? 1 : 0);
