// SPDX-License-Identifier: MIT
// Brigade status on the page: `muster serve --labels FILE` (the players'
// Brigade Effectiveness Table) gives the ledger each brigade's status, fresh,
// worn or spent, as `campaign show --labels FILE --as SIDE` does; it changes
// live on both sides' pages as stands are lost one by one and come back (an
// undo), and the Confederates' hidden Heth shows the Union no brigade and so
// no status. Without --labels no status is shown; a labels file that cannot
// be read stops serve at the start.
// Usage: node labels.mjs MUSTER
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, tally, cliOf, launchChromium, openPhone } from './common.mjs';

const muster = process.argv[2];
const here = dirname(fileURLToPath(import.meta.url));
const labels = join(here, '../data/labels-full.ini');
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-labels-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth');
cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
cli('campaign', 'engage', db, '1', '--seed', '7');
cli('campaign', 'engage', db, '2', '--seed', '8', '--hidden', '--as', 'confederate');
// each brigade's status as the CLI gives it to a side: {"1.1": "fresh", ...}
const statuses = who => Object.fromEntries(JSON.parse(cli('campaign', 'show', db, '--labels', labels, '--as', who, '--format', 'json'))
  .divisions.flatMap(d => (d.brigades || []).map(b => [`${d.id}.${b.number}`, b.status])));
const onPage = p => p.$$eval('#camp-ledger .division', ds => Object.fromEntries(ds.flatMap(d => [...d.querySelectorAll('[data-brigade]')]
  .map(b => [`${d.dataset.division}.${b.dataset.brigade}`, b.querySelector('.status')?.dataset.status || null]))));
const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

const bad = join(dir, 'bad.ini');
writeFileSync(bad, '[labels]\nnot a line\n');
const refused = spawnSync(muster, ['serve', '--listen', '127.0.0.1', '--port', '0', '--no-qr', '--campaign', db, '--labels', bad], { encoding: 'utf8', timeout: 10000 });
check('an unreadable labels file stops serve at the start', refused.status !== 0 && /bad\.ini/.test(refused.stderr), [refused.status, refused.stderr]);

let srv = await startServer(muster, ['--campaign', db, '--labels', labels]);
const browser = await launchChromium();
try {
  const open = who => openPhone(browser, srv.links[who], who, check, '#camp-ledger .division [data-brigade]');
  const uni = await open('union'), con = await open('confederate');
  const agree = async (p, who, ms = 10000) => {
    const want = statuses(who);
    for (let i = 0; i < ms / 100; i++) {
      if (same(await onPage(p), want)) return true;
      await new Promise(r => setTimeout(r, 100));
    }
    check(`${who}: the page's statuses are the CLI's`, false, { page: await onPage(p), cli: want });
    return false;
  };
  check('union: every brigade fresh at the start, as the CLI says', await agree(uni, 'union') &&
    Object.values(statuses('union')).every(s => s === 'fresh') && Object.keys(statuses('union')).length === 3, statuses('union'));
  check('union: the hidden Heth has no brigade on the page and no status', !Object.keys(await onPage(uni)).some(k => k.startsWith('2.')));
  check('confederate: Heth\'s own brigades with their status', await agree(con, 'confederate') &&
    Object.keys(await onPage(con)).filter(k => k.startsWith('2.')).length >= 2, await onPage(con));
  const word = await uni.$eval('#camp-ledger [data-division="1"] [data-brigade="1"] .status', e => e.textContent);
  check('the status in words', word === 'fresh', word);

  // Wadsworth's brigade 1 loses a stand at a time: both pages follow live
  const seen = [];
  for (let k = 0; k < 12 && statuses('union')['1.1'] !== 'spent'; k++) {
    cli('campaign', 'casualties', db, '1', '--brigade', '1', '--lost', '1');
    const u = await agree(uni, 'union'), c = await agree(con, 'confederate');
    if (!u || !c) break;
    seen.push(statuses('union')['1.1']);
  }
  check('brigade 1 went worn, then spent, on both pages, live', seen.includes('worn') && seen.at(-1) === 'spent', seen);
  // a stand comes back (the last loss undone): worn again
  cli('campaign', 'undo', db);
  check('a stand back: the status follows on both pages', await agree(uni, 'union') && await agree(con, 'confederate') &&
    statuses('union')['1.1'] === 'worn', statuses('union'));
  await uni.close();
  await con.close();
  await srv.stop();

  // without --labels: the ledger as before, no status
  srv = await startServer(muster, ['--campaign', db]);
  const plain = await open('union');
  const none = await onPage(plain);
  check('without --labels no status is shown', Object.keys(none).length === 3 && Object.values(none).every(s => s === null), none);
} finally {
  await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
