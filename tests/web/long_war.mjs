// SPDX-License-Identifier: MIT
// A long war's page (issue 38): a campaign of over 5 000 events built
// through the tool opens on the Union's link with its current state and the
// latest page of its log only (the DOM does not grow with the war), shows
// the battle under way and its last event, pages back to older events when
// "Older events" is pressed or the list is scrolled to its end, finds a
// battle's events by its number and a division's by its name, offers the
// exchange still open from its start, and shows a change the CLI makes
// while it is open; a reveal verifies against its
// engage thousands of events back. Each entry is the Union's log's, masks and all.
// Usage: node long_war.mjs MUSTER
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf, launchChromium } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
// tmpfs where there is one: each write waits for its fsync otherwise
const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'muster-war-'));
const db = join(dir, 'war.db');

// The war, in one shell (a process per write, as a club's script makes
// them): 3 divisions a side, the Confederates' third hidden; battles of
// casualties and brigades named, each ended with its returns rolled.
const BATTLES = 20, NAMES = 250;
const started = Date.now();
const build = spawnSync('sh', ['-c', `
set -e
m() { "$M" campaign "$@" >/dev/null; }
m new "$DB" --name War --year 1863 --theater east
for i in 1 2 3; do
  m add "$DB" --side union --name "Union $i"
  m add "$DB" --side confederate --name "Reb $i"
done
m battle start "$DB" "Battle 1"
for d in 1 2 3 4 5; do m engage "$DB" $d --seed $d; done
m engage "$DB" 6 --seed 6 --hidden
m casualties "$DB" 1 --brigade 2 --lost 1 --captured 1
m casualties "$DB" 2 --brigade 2 --lost 1 --captured 1
m exchange "$DB" --union 1 --confederate 1 --as confederate
b=1
while [ $b -le ${BATTLES} ]; do
  for d in 1 2 3 4 5 6; do # a brigade may have lost all it had
    m casualties "$DB" $d --brigade $((b % 2 + 1)) --lost 1 2>/dev/null || true
  done
  k=1
  while [ $k -le ${NAMES} ]; do m name "$DB" $((k % 6 + 1)) --brigade 1 "Brigade $b.$k"; k=$((k + 1)); done
  m battle end "$DB" --winner union --seed $b
  b=$((b + 1))
  m battle start "$DB" "Battle $b"
done
m name "$DB" 1 --brigade 1 "The last stand"
`], { env: { ...process.env, M: muster, DB: db }, encoding: 'utf8' });
if (build.status !== 0) {
  console.log('FAIL: the war was not built: ' + build.stderr);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
const logAs = (...a) => JSON.parse(cli('campaign', 'log', db, '--as', 'union', '--format', 'json', ...a)).events;
const full = logAs();
const head = full[full.length - 1].id;
check('the war has at least 5 000 events', head >= 5000, head);
const lastBattle = BATTLES + 1;
console.log(`the war: ${head} events, built in ${((Date.now() - started) / 1000).toFixed(1)} s`);

let srv = null, browser = null;
const li = p => p.$$eval('#camp-log li', l => l.map(x => ({ id: Number(x.value), text: x.textContent })));
try {
  srv = await startServer(muster, ['--campaign', db]);
  browser = await launchChromium();
  const p = await browser.newPage();
  await p.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  const asked = [];
  p.on('request', r => { if (r.url().includes('/api/campaign/log')) asked.push(r.url().replace(/^.*\?/, '')); });
  await p.goto(srv.links.union, { waitUntil: 'domcontentloaded' });
  await p.waitForFunction(n => /^#\d+ /.test(document.querySelector('#camp-log li')?.textContent || '') &&
    Number(document.querySelector('#camp-log li').value) === n, { timeout: 20000, polling: 50 }, head);

  // ---- it opens on the state and the latest page ---------------------------
  const ledger = await p.$eval('#camp-ledger', e => e.textContent);
  check(`the ledger shows the battle under way (Battle ${lastBattle})`, ledger.includes(`Battle under way: Battle ${lastBattle}`), ledger.slice(0, 120));
  let shown = await li(p);
  check('the list starts at the last event', shown[0].id === head, shown[0]);
  check('at most 60 entries shown at the start', shown.length > 0 && shown.length <= 60, shown.length);
  check('they are the last events, newest first, without a gap',
    shown.every((x, i) => x.id === head - i), shown.map(x => x.id).slice(0, 5));
  check('no request asked for the whole log (a page, or the open offers)',
    asked.length > 0 && asked.every(q => /(^|&)(last=\d+|open-offers)(&|$)/.test(q)), asked);
  const nodes = await p.evaluate(() => document.getElementsByTagName('*').length);
  console.log(`the page at the start: ${shown.length} log entries, ${nodes} DOM nodes`);
  check('the page has under 2 000 DOM nodes', nodes < 2000, nodes);
  check('"Older events" is offered', await p.$eval('#log-older', b => !b.hidden), null);
  const offer = full.find(e => e.kind === 'offer');
  const offered = await p.$$eval('#camp-offers [data-offer]', l => l.map(x => x.dataset.offer));
  check(`the offer #${offer.id}, open, is offered to the Union thousands of events later`,
    JSON.stringify(offered) === JSON.stringify([String(offer.id)]) && await p.$eval('#camp-offers', b => !b.hidden), offered);

  // ---- older pages: pressed, then scrolled to -------------------------------
  const oldest = shown[shown.length - 1].id;
  await p.$eval('#log-older', b => b.click()); // (pressed; the layout may still move)
  await p.waitForFunction(n => Number([...document.querySelectorAll('#camp-log li')].pop().value) < n,
    { timeout: 10000, polling: 50 }, oldest);
  shown = await li(p);
  const older = full.find(e => e.id === oldest - 1);
  check('pressing "Older events" shows the page before, in order',
    shown.every((x, i) => x.id === head - i) && shown.some(x => x.id === oldest - 1), [shown.length, shown[shown.length - 1]]);
  check('an older entry reads as the Union\'s log renders it (the same kind, the same name)',
    older && shown.find(x => x.id === oldest - 1).text.includes(older.name || older.kind), older);
  const before = shown.length;
  await p.$eval('#log-older', b => b.scrollIntoView({ block: 'end' }));
  await p.waitForFunction(n => document.querySelectorAll('#camp-log li').length > n, { timeout: 10000, polling: 50 }, before)
    .catch(() => null);
  shown = await li(p);
  check('scrolling to the end of the list loads the next page', shown.length > before &&
    shown.every((x, i) => x.id === head - i), [before, shown.length]);

  // ---- a battle asked for by its number -------------------------------------
  const b3 = logAs('--battle', '3');
  await p.$eval('#log-filter input[name="battle"]', e => { e.value = '3'; });
  await p.click('#log-filter button[type="submit"]');
  await p.waitForFunction(() => !document.querySelector('#log-latest').hidden, { timeout: 10000, polling: 50 });
  shown = await li(p);
  const want = b3.slice(-50).map(e => e.id).reverse();
  check('battle 3: its last events, newest first', JSON.stringify(shown.map(x => x.id)) === JSON.stringify(want),
    [shown.slice(0, 2), want.slice(0, 2)]);
  check('battle 3\'s page starts at its end', b3[b3.length - 1].kind === 'battle-end' && /^#\d+ battle 3 "Battle 3" ends/.test(shown[0].text), shown[0]);
  // ---- a division chosen: the Confederates' hidden one, masked -------------
  const d6 = logAs('--division', '6');
  await p.$eval('#log-filter input[name="battle"]', e => { e.value = ''; });
  await p.select('#log-filter select[name="division"]', '6');
  await p.click('#log-filter button[type="submit"]');
  await p.waitForFunction(n => Number(document.querySelector('#camp-log li')?.value) === n, { timeout: 10000, polling: 50 },
    d6[d6.length - 1].id);
  shown = await li(p);
  check('division 6: its last events, newest first', JSON.stringify(shown.map(x => x.id)) ===
    JSON.stringify(d6.slice(-50).map(e => e.id).reverse()), [shown.length, shown.slice(0, 2), d6.length]);
  const named = JSON.parse(cli('campaign', 'log', db, '--division', '6', '--last', '50', '--format', 'json')).events
    .filter(e => e.kind === 'name' && /^Brigade \d+\.\d+$/.test(e.name)).length;
  check('division 6\'s names masked for the Union, as the umpire\'s log has them', named > 0 &&
    shown.every(x => !/Brigade \d+\.\d+/.test(x.text)), [named, shown.slice(0, 2)]);
  await p.click('#log-latest');
  await p.waitForFunction(n => Number(document.querySelector('#camp-log li').value) === n && document.querySelector('#log-latest').hidden,
    { timeout: 10000, polling: 50 }, head);
  check('"The latest events" goes back to them', (await li(p)).length <= 60, (await li(p)).length);

  // ---- a change the CLI makes while the page is open ------------------------
  cli('campaign', 'casualties', db, '1', '--brigade', '2', '--lost', '1');
  const live = await p.waitForFunction(n => Number(document.querySelector('#camp-log li').value) === n,
    { timeout: 10000, polling: 100 }, head + 1).then(() => true, () => false);
  const top = (await li(p))[0];
  const made = logAs('--last', '1')[0];
  check('the CLI\'s change shows at the top of the list', live && made.id === head + 1 && /casualties/.test(top.text), top);
  shown = await li(p);
  check('the list stays a page after the change', shown.length <= 60 && shown.every((x, i) => x.id === head + 1 - i), shown.length);

  // ---- a reveal verified against an engage far older than the page --------
  const doc = cli('campaign', 'reveal', db, '6', '--as', 'confederate').trim();
  const engage = full.find(e => e.kind === 'engage' && e.division === 6);
  await p.$eval('#verify-form [name="document"]', (e, d) => { e.value = d; }, doc);
  await p.$eval('#verify-form button', b => b.click());
  const v = await p.waitForFunction(() => !document.querySelector('#verify-result').hidden &&
    document.querySelector('#verify-result').textContent, { timeout: 10000, polling: 50 }).then(h => h.jsonValue());
  check(`the reveal verifies against engage #${engage.id}, not in the page's log`,
    v.startsWith(`Verified: it opens the commitment event #${engage.id} `), v);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  if (browser) await browser.close();
  if (srv) await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
