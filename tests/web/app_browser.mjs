// SPDX-License-Identifier: MIT
// The offline app in Chromium, as a player meets it: muster-site/ served by
// a plain file server (python3 -m http.server on 127.0.0.1), opened once
// online (the service worker installs and keeps every file), then the
// network cut (DevTools offline emulation) and the page reloaded: it must
// still load, generate a division from a seed, fire a volley, draw the
// charts and take typed dice, byte-equal to the CLI (a division in German
// too, after the DE switch), and its engine must answer random option sets
// as the CLI does (app_equal.mjs's check).
// MUSTER_SCREENSHOT=FILE keeps a 390x844 picture of the offline page.
// Usage: node app_browser.mjs MUSTER SITE [SETS_PER_COMMAND]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, startFileServer, tally, launchChromium } from './common.mjs';
import { check, asOptions, LANG_ENV } from './app_equal.mjs';
import { optionSets } from './optsets.mjs';

const [muster, site] = process.argv.slice(2);
const per = Number(process.argv[4] || 15);
const t = tally();
const cli = (...a) => spawnSync(muster, a, { encoding: 'utf8' }).stdout;

// The file server, on a free port it names.
const http = await startFileServer(site), { port } = http;
const base = `http://127.0.0.1:${port}/`;

const profile = mkdtempSync(join(tmpdir(), 'muster-app-'));
const browser = await launchChromium([], { userDataDir: profile });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
  const errors = [];
  page.on('pageerror', e => errors.push(String(e)));

  // First load, online: the manifest is there and the worker takes over.
  await page.goto(base, { waitUntil: 'load' });
  await page.evaluate(() => window.musterReady);
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel=manifest]').href;
    return (await fetch(href)).json();
  });
  t.check('the manifest names the app and starts in its folder', manifest.short_name === 'muster' && manifest.start_url === './' && manifest.display === 'standalone', manifest);
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise(r => setTimeout(r, 50));
    const keys = await caches.keys();
    const c = await caches.open(keys.find(k => k.startsWith('muster-site-')));
    return { controlled: !!navigator.serviceWorker.controller, files: (await c.keys()).map(r => new URL(r.url).pathname) };
  });
  t.check('the service worker controls the page', cached.controlled, cached);
  for (const f of ['/', '/index.html', '/engine.js', '/muster-core.mjs', '/muster-core.wasm', '/manifest.webmanifest', '/site.js', '/chart.js', '/lang.js', '/lang-de.mo', '/core-de.mo'])
    t.check('cached for offline: ' + f, cached.files.includes(f), cached.files);

  // The network cut, the server stopped too, and the page reloaded.
  await page.setOfflineMode(true);
  http.kill();
  await page.reload({ waitUntil: 'load' });
  await page.evaluate(() => window.musterReady);
  const offline = await page.evaluate(async () => {
    let fetched = true;
    try { await fetch('/not-cached-' + Date.now()); } catch (e) { fetched = false; }
    return { onLine: navigator.onLine, fetched, badge: document.querySelector('#net').textContent };
  });
  t.check('offline: nothing outside the cache can be fetched', !offline.fetched && !offline.onLine, offline);
  t.check('offline: the page says it has everything', /offline/.test(offline.badge), offline);

  // A division from a seed, through the form.
  await page.click('#div-form input[name=seed]');
  await page.type('#div-form input[name=seed]', '7');
  await page.click('#div-form button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
  const div = await page.$eval('#div-out', e => e.textContent);
  t.check('offline: a division from seed 7 is the CLI\'s', div === cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7'), div);
  const divJson = await page.evaluate(() => window.musterEngine.run('division', { army: 'confederate', year: '1862', theater: 'west', seed: '1863', format: 'json' }).out);
  t.check('offline: the engine\'s division JSON is the CLI\'s', divJson === cli('division', '--army', 'confederate', '--year', '1862', '--theater', 'west', '--seed', '1863', '--format', 'json'));

  // Typed dice.
  await page.$eval('#div-form input[name=seed]', e => { e.value = ''; });
  await page.type('#div-form input[name=rolls]', '50 50 50 50 50 50 50 50 80 50 50 50 44');
  await page.click('#div-form button[type=submit]');
  await page.waitForFunction(() => /by hand/.test(document.querySelector('#div-out').textContent));
  const typed = await page.$eval('#div-out', e => e.textContent);
  t.check('offline: typed dice give the CLI\'s division', typed === cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--rolls', '50,50,50,50,50,50,50,50,80,50,50,50,44'), typed);

  // A volley and its curve.
  await page.click('#tabs [data-tab=fire]');
  await page.type('#fire-form input[name=seed]', '3');
  await page.click('#fire-form button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#curve-chart svg polyline'));
  const fire = await page.$eval('#fire-out', e => e.textContent);
  t.check('offline: a volley with seed 3 is the CLI\'s', fire === cli('fire', '--weapon', 'musket', '--range', '7', '--figures', '20', '--seed', '3'), fire);
  const fireJson = await page.evaluate(() => window.musterEngine.run('fire', { weapon: 'rifle', range: '11', figures: '16', seed: '99', format: 'json' }).out);
  t.check('offline: the engine\'s volley JSON is the CLI\'s', fireJson === cli('fire', '--weapon', 'rifle', '--range', '11', '--figures', '16', '--seed', '99', '--format', 'json'));
  const pts = await page.$eval('#curve-chart polyline', e => e.getAttribute('points').split(' ').length);
  const curvePts = JSON.parse(cli('curve', '--weapon', 'musket', '--format', 'json')).points.length;
  t.check('offline: the curve chart has a point for each of the CLI\'s', pts === curvePts, [pts, curvePts]);

  // Odds as bars.
  await page.click('#tabs [data-tab=odds]');
  await page.click('#odds-form button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#odds-chart svg rect'));
  const nbars = await page.$$eval('#odds-chart rect', r => r.length);
  const stands = Object.keys(JSON.parse(cli('odds', 'division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--format', 'json')).stands).length;
  t.check('offline: a bar for each stand count the CLI gives', nbars === stands, [nbars, stands]);

  // German, offline: the engine's catalogue comes from the cache too.
  const langIs = l => page.waitForFunction(l => document.documentElement.lang === l &&
    document.querySelector(`.langs [data-lang="${l}"]`)?.getAttribute('aria-pressed') === 'true', { timeout: 5000 }, l);
  await page.click('.langs [data-lang="de"]');
  await langIs('de');
  await page.click('#tabs [data-tab=division]');
  await page.$eval('#div-form', f => { f.elements.rolls.value = ''; f.elements.seed.value = '7'; });
  await page.$eval('#div-out', e => { e.textContent = ''; });
  await page.click('#div-form button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
  const divDe = await page.$eval('#div-out', e => e.textContent);
  const de = spawnSync(muster, ['division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7'],
    { encoding: 'utf8', env: { ...process.env, ...LANG_ENV.de } }).stdout;
  t.check('offline: in German, the division from seed 7 is the German CLI\'s', divDe === de, divDe.slice(0, 80));
  await page.click('.langs [data-lang="en"]');
  await langIs('en');

  if (process.env.MUSTER_SCREENSHOT) {
    await page.click('#tabs [data-tab=fire]');
    await page.screenshot({ path: process.env.MUSTER_SCREENSHOT, fullPage: false });
  }

  // The random option sets, run by the engine inside Chromium.
  const sets = optionSets(20261202)(per);
  const answers = await page.evaluate(list => list.map(([cmd, o]) => window.musterEngine.run(cmd, o)),
    sets.map(({ cmd, opts }) => [cmd, asOptions(opts)]));
  const { failed, lines } = check(muster, sets, answers);
  lines.forEach(l => console.log(l));
  t.check(`chromium: ${sets.length} option sets byte-equal to the CLI`, failed === 0);
  t.check('no error in the page', errors.length === 0, errors);

  // muster serve serves the same files at /app/, and the page runs there
  // under its Content-Security-Policy.
  const srv = await startServer(muster);
  try {
    const want = readFileSync(join(site, 'muster-core.wasm'));
    const res = await fetch(srv.base + 'app/muster-core.wasm');
    const got = Buffer.from(await res.arrayBuffer());
    t.check('serve: /app/muster-core.wasm is the folder\'s, as application/wasm',
      res.status === 200 && got.equals(want) && res.headers.get('content-type') === 'application/wasm', res.status);
    const idx = await fetch(srv.base + 'app/');
    t.check('serve: /app/ is the app\'s index.html', (await idx.text()) === readFileSync(join(site, 'index.html'), 'utf8'));
    const up = await fetch(srv.base + 'app/../index.html');
    t.check('serve: nothing outside the folder', up.status === 404 || (await up.text()) !== readFileSync(join(site, 'index.html'), 'utf8'));
    const p2 = await browser.newPage();
    await p2.goto(srv.base + 'app/', { waitUntil: 'load' });
    const d = await p2.evaluate(() => window.musterReady.then(e => e.run('division', { army: 'union', seed: '7', format: 'json' }).out));
    t.check('serve: the app computes there as the CLI does', d === cli('division', '--army', 'union', '--seed', '7', '--format', 'json'));
  } finally {
    await srv.stop();
  }
} finally {
  await browser.close();
  http.kill();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
