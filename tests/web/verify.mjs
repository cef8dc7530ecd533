// SPDX-License-Identifier: MIT
// A revealed division is checked by the other side's phone without copy and
// paste: the Confederates reveal Heth from their page; the Union's page,
// open beside it, offers Heth in its verify form at once, fetches the reveal
// from the server and checks the hash itself. A server that answered with a
// changed division (a stand more) is caught on the phone; before the
// reveal there is nothing to fetch. The box for a pasted document stays
// for the manual case, with its Share button.
// Usage: node verify.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, tally, cliOf, launchChromium, openPhone } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-verify-'));
const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth');
cli('campaign', 'add', db, '--side', 'confederate', '--name', 'Heth');
cli('campaign', 'battle', 'start', db, "McPherson's Ridge");
cli('campaign', 'engage', db, '1', '--seed', '7');
cli('campaign', 'engage', db, '2', '--seed', '8', '--hidden', '--as', 'confederate'); // #6
const events = () => JSON.parse(cli('campaign', 'log', db, '--format', 'json')).events;

const srv = await startServer(muster, ['--campaign', db]);
const browser = await launchChromium();
try {
  const open = who => openPhone(browser, srv.links[who], who, check);
  const con = await open('confederate'), uni = await open('union');
  const options = () => uni.$$eval('#verify-form select[name="div"] option', l => l.map(o => o.textContent));
  check('before the reveal: nothing to fetch, only a pasted document', JSON.stringify(await options()) === '["a document pasted here"]', await options());

  // the Confederates reveal Heth from their page
  await con.bringToFront();
  await con.$eval('form[data-cmd="campaign/reveal"]', f => { f.closest('details').open = true; f.elements.div.value = '2'; });
  await con.$eval('form[data-cmd="campaign/reveal"] button[type="submit"]', b => b.click());
  await con.waitForFunction(() => document.querySelector('#verify-form textarea').value.includes('"salt"'), { timeout: 10000 });
  check('the reveal is recorded', events().at(-1).kind === 'reveal' && events().at(-1).division === 2, events().at(-1));

  // the Union's page, live: Heth offered and chosen, the box left empty
  await uni.bringToFront();
  const offered = await uni.waitForFunction(() => document.querySelector('#verify-form select[name="div"]').value === '2',
    { timeout: 10000, polling: 100 }).then(() => true, () => false);
  check('the Union page offers the revealed Heth at once', offered, await options());
  await uni.$eval('#verify-form', f => { f.closest('details').open = true; });
  const verify = async () => {
    await uni.$eval('#verify-result', e => { e.hidden = true; e.textContent = ''; });
    await uni.$eval('#verify-form button[type="submit"]', b => b.click());
    await uni.waitForFunction(() => !document.querySelector('#verify-result').hidden && document.querySelector('#verify-result').textContent,
      { timeout: 10000, polling: 50 });
    return uni.$eval('#verify-result', e => e.textContent);
  };
  const got = await verify();
  check('fetched and verified on the phone, nothing pasted', got === 'Verified: it opens the commitment event #6 recorded for division 2 Heth.' &&
    (await uni.$eval('#verify-form textarea', e => e.value)) === '', got);

  // a server that lied: the same reveal with a stand more is caught here
  const real = JSON.parse(cli('campaign', 'reveal', db, '2', '--as', 'union'));
  const forged = structuredClone(real);
  forged.division.brigades[0].stands += 1;
  await uni.setRequestInterception(true);
  uni.on('request', r => (r.url().includes('/api/campaign/reveal') && r.method() === 'POST'
    ? r.respond({ status: 200, contentType: 'application/json', body: JSON.stringify(forged) }) : r.continue()));
  const lied = await verify();
  check('a changed division from the server does not verify', lied === 'Does not verify: the division and salt do not give that commitment.', lied);
  await uni.setRequestInterception(false);

  // the manual case: the document pasted by hand still checks, and the
  // revealing page has its Share button
  await uni.$eval('#verify-form', (f, doc) => { f.elements.div.value = ''; f.elements.div.dispatchEvent(new Event('change')); f.elements.document.value = doc; },
    JSON.stringify(real));
  const pasted = await verify();
  check('a pasted document checks as before', /^Verified: .* division 2 Heth\.$/.test(pasted), pasted);
  check('the revealing page has a Share button for the manual case', await con.$eval('#verify-share', b => b.textContent === 'Share this document'));
} finally {
  await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
