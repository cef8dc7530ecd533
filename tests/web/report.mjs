// SPDX-License-Identifier: MIT
// After a battle ends, every phone shows its summary at once: the umpire's
// page that ended it and both sides' pages, live, each as its side may see
// it (GET /api/campaign/report for that link). The summary holds the winner,
// each division's stands, the losses by brigade, the leaders lost, the
// returns with their rolls and the prisoners taken; the Confederates' hidden
// division is named on the Union's phone and nothing more, while the
// Confederates see its losses, its brigadier taken and its return roll.
// Usage: node report.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf, launchChromium, openPhone } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-report-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth', '--corps', 'I Corps');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth', '--corps', 'Third Corps');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Pender');
cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
cli('campaign', 'engage', db, '1', '--seed', '7');
cli('campaign', 'engage', db, '2', '--seed', '8', '--hidden', '--as', 'confederate');
cli('campaign', 'engage', db, '3', '--seed', '9');
cli('campaign', 'casualties', db, '1', '--brigade', '1', '--lost', '3', '--captured', '2');
cli('campaign', 'casualties', db, '2', '--brigade', '1', '--lost', '2', '--captured', '1', '--as', 'confederate');
cli('campaign', 'casualties', db, '3', '--brigade', '1', '--lost', '1', '--captured', '1', '--batteries-captured', '1');
cli('campaign', 'leader-lost', db, '2', '--brigade', '1', '--captured', '--rolls', '7', '--as', 'confederate');
cli('campaign', 'leader-lost', db, '3', '--captured', '--rolls', '50');
const report = who => JSON.parse(cli('campaign', 'report', db, '--battle', '1', ...(who === 'umpire' ? [] : ['--as', who]), '--format', 'json'));

const srv = await startServer(muster, ['--campaign', db]);
const browser = await launchChromium();
try {
  const pages = {};
  for (const who of ['umpire', 'union', 'confederate']) {
    const p = await openPhone(browser, srv.links[who], who, check);
    await p.waitForFunction(() => document.querySelector('#conn')?.dataset.state === 'live' ||
      /^Live/.test(document.querySelector('#conn')?.textContent || ''), { timeout: 20000, polling: 100 }).catch(() => {});
    pages[who] = p;
  }
  const hiddenBefore = await Promise.all(Object.values(pages).map(p => p.$eval('#camp-report', e => e.hidden)));
  check('no summary before the battle ends', hiddenBefore.every(Boolean), hiddenBefore);
  // The umpire ends it from the page, the server rolling the returns.
  const ump = pages.umpire, f = 'form[data-cmd="campaign/battle/end"]';
  await ump.bringToFront();
  await ump.$eval(f, e => { e.closest('details').open = true; });
  await ump.$eval(`${f} input[name="winner"][value="confederate"]`, e => { e.checked = true; e.dispatchEvent(new Event('change', { bubbles: true })); });
  await ump.$eval(`${f} button[type="submit"]`, b => b.click());
  for (const who of ['umpire', 'union', 'confederate']) {
    const p = pages[who];
    const shown = await p.waitForFunction(() => !document.querySelector('#camp-report').hidden &&
      document.querySelector('#camp-report h3'), { timeout: 15000, polling: 100 }).then(() => true, () => false);
    check(`${who}: the summary appears`, shown);
    if (!shown) continue;
    const text = await p.$eval('#camp-report', e => e.innerText);
    const r = report(who);
    check(`${who}: the winner`, text.startsWith("Battle 1 McPherson's Ridge: won by the Confederates"), text.slice(0, 80));
    const want = [], not = [];
    for (const side of ['union', 'confederate']) {
      const s = r[side];
      for (const d of s.divisions)
        want.push(d.hidden ? `Division ${d.division} ${d.name}: hidden`
          : `Division ${d.division} ${d.name}: ${d.stands_start} stands at the start, ${d.stands_end} at the end`);
      for (const x of s.losses) {
        if (x.hidden) { not.push(`Losses of division ${x.division}`); continue; }
        want.push(`Losses of division ${x.division} brigade ${x.brigade}: ${x.lost} lost, ${x.captured} captured`);
      }
      for (const x of s.returns) {
        if (x.hidden) { not.push(`Returned to division ${x.division}`); continue; }
        want.push(`Returned to division ${x.division} brigade ${x.brigade}: ${x.returned} of ${x.lost} stands` +
          (x.roll ? ` (roll ${x.roll} against ${x.threshold})` : ''));
      }
      for (const x of s.leaders)
        if (!x.hidden) want.push(`Division ${x.division}: ${x.post === 'brigade' ? `the brigadier of brigade ${x.brigade}` : 'the division leader'} taken prisoner, held in ${x.camp}`);
      for (const x of s.prisoners_taken) want.push(`Taken prisoner, held in ${x.camp}: ${x.stands} stand`);
    }
    const missing = want.filter(w => !text.includes(w)), leaked = not.filter(w => text.includes(w));
    check(`${who}: every line of the report as the API gives it to this side`, want.length >= 8 && !missing.length && !leaked.length,
      { missing, leaked, text });
    const heth = /Losses of division 2 brigade 1: 2 lost, 1 captured/.test(text) && /Returned to division 2 brigade 1: \d of 2 stands/.test(text);
    check(`${who}: Heth's losses and return ${who === 'union' ? 'hidden' : 'shown'}`, who === 'union' ? !heth && /Division 2 Heth: hidden/.test(text) : heth, text);
  }
} finally {
  await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
