// SPDX-License-Identifier: MIT
// The page's log says what `muster campaign log FILE --as VIEWER` says, sentence
// for sentence, in English and German, for the umpire and each side, over a
// campaign with every kind of event (tests/sh/lib/hidden_war.sh: a hidden
// division the Union never sees, fair rolls, offers, an undo); an engage's
// rolls and a battle end's returns are the lines under their event, as the
// CLI's are. The undone event is marked as undone, and the times are the
// phone's local time (New York here), not UTC. The sentences are the
// engine's (the CLI's C code in WebAssembly): switched to German in the
// page, the log is told again in German; with the engine late, the log
// shows each entry's kind until it is there.
// Usage: node log_cli.mjs MUSTER
import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, tally, launchChromium } from './common.mjs';

const muster = process.argv[2];
const here = dirname(fileURLToPath(import.meta.url));
const t = tally(), check = t.check;
const dir = mkdtempSync(join(tmpdir(), 'muster-logcli-'));
const db = join(dir, 'w.db');
const made = spawnSync('sh', [join(here, '../sh/lib/hidden_war.sh'), muster, db, 'a'], { encoding: 'utf8' });
if (made.status !== 0) { console.log('FAIL: hidden_war.sh: ' + made.stderr); process.exit(1); }

// The CLI's text log as lines: "#N sentence" (its stamp left out: the page
// puts who and when after the sentence) and the lines under it, trimmed.
function cliLines(who, lang) {
  const env = { ...process.env, LC_ALL: 'C.UTF-8', LANGUAGE: lang === 'de' ? 'de' : 'en' };
  const r = spawnSync(muster, ['campaign', 'log', db, ...(who === 'umpire' ? [] : ['--as', who])], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.split('\n').filter(Boolean).map(l => l.replace(/^(#\d+) (?:\[[^\]]*\] )?/, '$1 ').trim());
}

// The page's log items, oldest first, and their lines as the CLI's are.
async function logItems(p) {
  const items = await p.$$eval('#camp-log li', l => l.map(li => ({
    id: Number(li.value), ev: li.querySelector('.ev').textContent, undone: li.classList.contains('undone'),
    mark: li.querySelector('.undone-mark')?.textContent || '',
    more: [...li.querySelectorAll('.more')].map(x => x.textContent) })));
  return items.sort((a, b) => a.id - b.id);
}
const pageLines = items => items.flatMap(x => [x.ev.replace(/ — [^—]*$/, ''), ...x.more]);

const srv = await startServer(muster, ['--campaign', db]);
const browser = await launchChromium();
try {
  const n = JSON.parse(spawnSync(muster, ['campaign', 'log', db, '--format', 'json'], { encoding: 'utf8' }).stdout).events.length;
  for (const lang of ['en', 'de']) {
    for (const who of ['umpire', 'union', 'confederate']) {
      const p = await browser.newPage();
      await p.setViewport({ width: 390, height: 844 });
      await p.emulateTimezone('America/New_York');
      await p.evaluateOnNewDocument(l => localStorage.setItem('muster-lang', l), lang);
      await p.goto(srv.links[who], { waitUntil: 'load' });
      // Until the engine is there the entries show their kinds (see the
      // last case), so the wait is for its first sentence too.
      const want = cliLines(who, lang);
      await p.waitForFunction((k, first) => document.querySelectorAll('#camp-log li').length === k &&
        document.documentElement.lang === document.querySelector('.langs [aria-pressed="true"]')?.dataset.lang &&
        [...document.querySelectorAll('#camp-log li .ev')].some(x => x.textContent.startsWith(first)),
      { timeout: 20000, polling: 100 }, n, want[0]);
      const items = await logItems(p);
      const page = pageLines(items);
      const diff = want.map((l, i) => [l, page[i]]).filter(([a, b]) => a !== b);
      check(`${lang} ${who}: the page's log is the CLI's, line for line`, diff.length === 0 && page.length === want.length,
        diff.slice(0, 3).concat([[want.length, page.length]]));
      const undone = items.filter(x => x.undone).map(x => x.id);
      check(`${lang} ${who}: #33 alone is marked undone, in words`, JSON.stringify(undone) === '[33]' &&
        items.find(x => x.id === 33).mark === (lang === 'de' ? '(rückgängig gemacht)' : '(undone)'), [undone, items[32]?.mark]);
      // 19:30 UTC is 14:30 in New York in December
      const by = items.find(x => x.id === 14).ev;
      check(`${lang} ${who}: who and when, in the phone's time`, /— (umpire|Schiedsrichter)[^—]*(2:30\sPM|14:30)$/.test(by) && !/19:30/.test(by), by);
      // switched to German in the page, the engine tells the log again
      if (lang === 'en' && who !== 'umpire') {
        const de = cliLines(who, 'de');
        await p.click('.langs [data-lang="de"]');
        await p.waitForFunction(first => [...document.querySelectorAll('#camp-log li .ev')].some(x => x.textContent.startsWith(first)),
          { timeout: 20000, polling: 100 }, de[0]);
        const now = pageLines(await logItems(p));
        const d2 = de.map((l, i) => [l, now[i]]).filter(([a, b]) => a !== b);
        check(`en → de ${who}: after the switch the log is the CLI's German`, d2.length === 0 && now.length === de.length, d2.slice(0, 3));
      }
      await p.close();
    }
  }
  // The engine late (its WebAssembly held back): the log is drawn with
  // each entry's kind, then told in sentences once the engine is there.
  {
    const ctx = await browser.createBrowserContext(); // nothing cached
    const p = await ctx.newPage();
    await p.evaluateOnNewDocument(() => localStorage.setItem('muster-lang', 'en'));
    await p.setRequestInterception(true);
    const held = [];
    let release = false;
    p.on('request', r => (!release && r.url().endsWith('.wasm') ? held.push(r) : r.continue()));
    await p.goto(srv.links.union, { waitUntil: 'load' });
    await p.waitForFunction(k => document.querySelectorAll('#camp-log li').length === k, { timeout: 20000, polling: 100 }, n);
    const early = pageLines(await logItems(p));
    const json = JSON.parse(spawnSync(muster, ['campaign', 'log', db, '--as', 'union', '--format', 'json'], { encoding: 'utf8' }).stdout).events;
    const kinds = json.map(e => `#${e.id} ${e.kind}`);
    check('engine late: each entry shows its kind until the engine is there', held.length > 0 &&
      JSON.stringify(early) === JSON.stringify(kinds), [held.length, early.slice(0, 3)]);
    release = true;
    for (const r of held) r.continue();
    const want = cliLines('union', 'en');
    await p.waitForFunction(first => [...document.querySelectorAll('#camp-log li .ev')].some(x => x.textContent.startsWith(first)),
      { timeout: 20000, polling: 100 }, want[0]);
    const late = pageLines(await logItems(p));
    check('engine late: then the CLI\'s sentences, line for line', JSON.stringify(late) === JSON.stringify(want),
      want.map((l, i) => [l, late[i]]).filter(([a, b]) => a !== b).slice(0, 3));
    await ctx.close();
  }
} finally {
  await browser.close();
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
