// SPDX-License-Identifier: MIT
// The page in Chromium, as a player meets it: muster-site/ served by
// a plain file server (python3 -m http.server on 127.0.0.1), opened once
// online (the service worker installs and keeps every file), then the
// network cut (DevTools offline emulation) and the page reloaded: it must
// still load, generate a division from a seed, fire a volley, draw the
// charts and take typed dice, byte-equal to the CLI (a division in German
// too, after the DE switch), and its engine must answer random option sets
// as the CLI does (app_equal.mjs's check). Then `muster serve` gives the
// same page at /, where the engine computes as well.
// MUSTER_SCREENSHOT=FILE keeps a 390x844 picture of the offline page.
// Usage: node app_browser.mjs MUSTER SITE [SETS_PER_COMMAND]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  for (const f of ['/', '/index.html', '/engine.js', '/muster-core.mjs', '/muster-core.wasm', '/manifest.webmanifest', '/app.js', '/offline.js', '/style.css', '/lang.js', '/lang-de.mo', '/core-de.mo'])
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
  await page.click('#div-go');
  await page.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
  const div = await page.$eval('#div-out', e => e.textContent);
  t.check('offline: a division from seed 7 is the CLI\'s', div === cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7'), div);
  const divJson = await page.evaluate(() => window.musterEngine.run('division', { army: 'confederate', year: '1862', theater: 'west', seed: '1863', format: 'json' }).out);
  t.check('offline: the engine\'s division JSON is the CLI\'s', divJson === cli('division', '--army', 'confederate', '--year', '1862', '--theater', 'west', '--seed', '1863', '--format', 'json'));

  // Typed dice, a field for each roll as the tables ask for it.
  await page.$eval('#div-form input[name=seed]', e => { e.value = ''; });
  await page.click('#div-form input[name=dice][value=typed]');
  const rolls = '50 50 50 50 50 50 50 50 80 50 50 50 44'.split(' ');
  for (let i = 0; i < rolls.length; i++) {
    await page.waitForSelector(`#roll-fields input[data-roll="${i + 1}"]`);
    await page.type(`#roll-fields input[data-roll="${i + 1}"]`, rolls[i]);
  }
  await page.waitForFunction(() => /by hand/.test(document.querySelector('#div-out').textContent));
  const typed = await page.$eval('#div-out', e => e.textContent);
  t.check('offline: typed dice give the CLI\'s division', typed === cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--rolls', '50,50,50,50,50,50,50,50,80,50,50,50,44'), typed);

  // A volley and its curve: rolled by the page, with the seed it shows.
  await page.click('#tabs [data-tab=fire]');
  // the select offers the rules' weapons, as the CLI reads them
  const offered = async want => {
    await page.waitForFunction(w => [...document.querySelectorAll('#fire-form select[name=weapon] option')].map(o => o.value).join(' ') === w,
      { timeout: 30000 }, want).catch(() => {}); // the check says what it was
    return page.$$eval('#fire-form select[name=weapon] option', os => os.map(o => o.value).join(' '));
  };
  const ruled = cli('rules', 'dump', '--kind', 'weapons').match(/^\[[a-z_0-9]+\]$/gm).map(l => l.slice(1, -1)).join(' ');
  t.check('offline: the weapons offered are the rules\'', (await offered(ruled)) === ruled && /staircase/.test(ruled), [await offered(ruled), ruled]);
  await page.$eval('#fire-form', f => {
    f.elements.range.value = '7';
    f.elements.figures.value = '20';
    f.elements.figures.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => /7 in/.test(document.querySelector('#fire-working').textContent));
  await page.click('#fire-roll');
  await page.waitForFunction(() => document.querySelector('#fire-out').textContent.length > 0 && document.querySelector('#fire-curve svg polyline'));
  const fire = await page.$eval('#fire-out', e => e.textContent);
  const seed = ((await page.$eval('#fire-outcome', e => e.textContent)).match(/seed (\d+)/) || [])[1];
  t.check('offline: a volley rolled by the page is the CLI\'s with its seed', !!seed && fire === cli('fire', '--weapon', 'musket', '--range', '7', '--figures', '20', '--seed', seed), [seed, fire]);
  const fireJson = await page.evaluate(() => window.musterEngine.run('fire', { weapon: 'rifle', range: '11', figures: '16', seed: '99', format: 'json' }).out);
  t.check('offline: the engine\'s volley JSON is the CLI\'s', fireJson === cli('fire', '--weapon', 'rifle', '--range', '11', '--figures', '16', '--seed', '99', '--format', 'json'));
  const pts = await page.$eval('#fire-curve polyline', e => e.getAttribute('points').split(' ').length);
  const curvePts = JSON.parse(cli('curve', '--weapon', 'musket', '--format', 'json')).points.length;
  t.check('offline: the curve chart has a point for each of the CLI\'s', pts === curvePts, [pts, curvePts]);

  // Odds as bars.
  await page.click('#tabs [data-tab=division]');
  await page.click('#div-form input[name=dice][value=seed]');
  await page.click('#div-odds-go');
  await page.waitForFunction(() => document.querySelector('#div-odds svg rect'));
  const nbars = await page.$$eval('#div-odds rect', r => r.length);
  const stands = Object.keys(JSON.parse(cli('odds', 'division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--format', 'json')).stands).length;
  t.check('offline: a bar for each stand count the CLI gives', nbars === stands, [nbars, stands]);

  // House rules, exported for the page and opened on the House tab: the
  // division is then the CLI's with those tables; back to the book's after.
  const tables = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'house-tables.ini');
  const houseApp = join(profile, 'house.app');
  writeFileSync(houseApp, cli('rules', 'export', tables, '--to', 'app'));
  const seven = async () => {
    await page.click('#tabs [data-tab=division]');
    await page.$eval('#div-form', f => { f.elements.seed.value = '7'; });
    await page.$eval('#div-out', e => { e.textContent = ''; });
    await page.click('#div-go');
    await page.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
    return page.$eval('#div-out', e => e.textContent);
  };
  await page.click('#tabs [data-tab=house]');
  await (await page.$('#house-rules')).uploadFile(houseApp);
  await page.waitForFunction(() => /in use/.test(document.querySelector('#house-out').textContent));
  const DIV7 = ['division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7'];
  const housed = await seven();
  t.check('offline: with house tables opened, the division is the CLI\'s with --rules', housed === cli(...DIV7, '--rules', tables) && housed !== cli(...DIV7), housed.slice(0, 300));
  const weapons = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'house-weapons.ini');
  const weaponsApp = join(profile, 'weapons.app');
  writeFileSync(weaponsApp, cli('rules', 'export', weapons, '--to', 'app', '--kind', 'weapons'));
  await page.click('#tabs [data-tab=house]');
  await (await page.$('#house-weapons')).uploadFile(weaponsApp);
  await page.waitForFunction(() => /volleys/.test(document.querySelector('#house-out').textContent));
  await page.click('#tabs [data-tab=fire]');
  const housedNames = readFileSync(weapons, 'utf8').match(/^\[[a-z_0-9]+\]$/gm).map(l => l.slice(1, -1)).join(' ');
  t.check('offline: with house weapons opened, the select offers theirs', (await offered(housedNames)) === housedNames, [await offered(housedNames), housedNames]);
  await page.select('#fire-form select[name=weapon]', 'gun');
  // typed as a player types them (an input event), and worked out before
  // the roll: a gun at the range before may have no chance, its button off
  await page.$eval('#fire-form', f => {
    f.elements.range.value = '32';
    f.elements.crew.value = '6';
    f.elements.crew.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction(() => /32 in/.test(document.querySelector('#fire-working').textContent) &&
    !document.querySelector('#fire-roll').disabled);
  await page.$eval('#fire-seed', e => { e.value = '3'; });
  await page.$eval('#fire-out', e => { e.textContent = ''; });
  await page.click('#fire-roll');
  await page.waitForFunction(() => document.querySelector('#fire-out').textContent.length > 0);
  const gun = await page.$eval('#fire-out', e => e.textContent);
  const GUN = ['fire', '--weapon', 'gun', '--range', '32', '--crew', '6', '--seed', '3'];
  t.check('offline: with house weapons opened, a volley is the CLI\'s with them', gun === cli(...GUN, '--rules', weapons) && gun !== cli(...GUN), gun);
  await page.$eval('#fire-seed', e => { e.value = ''; });
  await page.select('#fire-form select[name=weapon]', 'musket');
  await page.click('#tabs [data-tab=house]');
  await page.click('#house-clear');
  t.check('offline: back to the book\'s tables', (await seven()) === cli(...DIV7));

  // German, offline: the engine's catalogue comes from the cache too.
  const langIs = l => page.waitForFunction(l => document.documentElement.lang === l &&
    document.querySelector(`.langs [data-lang="${l}"]`)?.getAttribute('aria-pressed') === 'true', { timeout: 30000 }, l);
  await page.click('.langs [data-lang="de"]');
  await langIs('de');
  await page.click('#tabs [data-tab=division]');
  await page.$eval('#div-form', f => { f.elements.seed.value = '7'; });
  await page.$eval('#div-out', e => { e.textContent = ''; });
  await page.click('#div-go');
  await page.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
  const divDe = await page.$eval('#div-out', e => e.textContent);
  const de = spawnSync(muster, ['division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7'],
    { encoding: 'utf8', env: { ...process.env, ...LANG_ENV.de } }).stdout;
  t.check('offline: in German, the division from seed 7 is the German CLI\'s', divDe === de, divDe.slice(0, 80));
  await page.click('.langs [data-lang="en"]');
  await langIs('en');
  const en = cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7');
  const back = await page.waitForFunction(en => document.querySelector('#div-out').textContent === en, { timeout: 30000 }, en)
    .then(() => true, () => false);
  t.check('offline: switched to EN, the division\'s text is said again in English', back);

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

  // muster serve serves the same files at /, and the page runs there
  // under its Content-Security-Policy; the old second page's /app/ leads
  // to it.
  const srv = await startServer(muster);
  try {
    const want = readFileSync(join(site, 'muster-core.wasm'));
    const res = await fetch(srv.base + 'muster-core.wasm');
    const got = Buffer.from(await res.arrayBuffer());
    t.check('serve: /muster-core.wasm is the folder\'s, as application/wasm',
      res.status === 200 && got.equals(want) && res.headers.get('content-type') === 'application/wasm', res.status);
    const idx = await fetch(srv.base);
    t.check('serve: / is the folder\'s index.html', (await idx.text()) === readFileSync(join(site, 'index.html'), 'utf8'));
    const old = await fetch(srv.base + 'app/', { redirect: 'manual' });
    t.check('serve: /app/ leads to /', old.status === 301 && old.headers.get('location') === '/', [old.status, old.headers.get('location')]);
    const up = await fetch(srv.base + '..%2Fweb.h');
    t.check('serve: nothing outside the folder', up.status === 404, up.status);
    const p2 = await browser.newPage();
    const asked = [];
    p2.on('request', r => asked.push(new URL(r.url()).pathname));
    // what the page's first load costs on the wire (its worker's own
    // fetches, which keep the files for later, are not the page's)
    const net = await p2.target().createCDPSession();
    await net.send('Network.enable');
    await net.send('Network.setCacheDisabled', { cacheDisabled: true });
    let wire = 0;
    net.on('Network.loadingFinished', e => { wire += e.encodedDataLength; });
    await p2.goto(srv.base, { waitUntil: 'load' });
    await p2.evaluate(() => window.musterReady);
    await p2.waitForFunction(() => document.querySelector('#fire-line').textContent.length > 0);
    t.check('serve: the first load is at most 300 KB on the wire', wire > 100000 && wire <= 300 * 1024, wire);
    console.log(`first load: ${wire} bytes on the wire`);
    t.check('serve: an English page fetches no catalogue', !asked.some(u => u.endsWith('.mo')), asked);
    await net.send('Network.setCacheDisabled', { cacheDisabled: false });
    const d = await p2.evaluate(() => window.musterReady.then(e => e.run('division', { army: 'union', seed: '7', format: 'json' }).out));
    t.check('serve: the page computes there as the CLI does', d === cli('division', '--army', 'union', '--seed', '7', '--format', 'json'));
    // A tap while the page still loads (its link's answer slow to come):
    // held and played once the page is ready, never sent as a plain form
    // that reloads the page without its link.
    const p3 = await browser.newPage();
    await p3.evaluateOnNewDocument(() => {
      const real = window.fetch;
      window.fetch = (u, o) => String(u).endsWith('/whoami')
        ? new Promise(r => setTimeout(r, 1500)).then(() => real(u, o)) : real(u, o);
    });
    await p3.goto(srv.base + '#t=' + '0'.repeat(32), { waitUntil: 'domcontentloaded' });
    const early = await p3.evaluate(() => document.querySelector('#div-out').textContent.length);
    await p3.$eval('#div-form', f => { f.elements.seed.value = '7'; });
    await p3.click('#div-go');
    await p3.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0);
    const held = await p3.evaluate(() => ({ out: document.querySelector('#div-out').textContent, search: location.search, hash: location.hash }));
    t.check('serve: a tap before the page is ready gives the division, on the same page',
      early === 0 && held.search === '' && held.hash.length > 3 && held.out === cli(...DIV7), { early, search: held.search, hash: held.hash });
    // ...and a field changed then is told again once it is ready.
    await p3.reload({ waitUntil: 'domcontentloaded' });
    await p3.click('#div-form input[name=dice][value=typed]');
    const typedEarly = await p3.evaluate(() => document.querySelector('#typed').hidden);
    await p3.waitForFunction(() => !document.querySelector('#typed').hidden, { timeout: 10000 }).catch(() => {});
    t.check('serve: a choice made before the page is ready takes effect once it is',
      typedEarly && await p3.evaluate(() => !document.querySelector('#typed').hidden));
    // ...and a volley tapped then is rolled once the weapons are offered,
    // with the weapon the form starts with, and not cleared by their preview.
    await p3.reload({ waitUntil: 'domcontentloaded' });
    await p3.$eval('#fire-seed', e => { e.value = '3'; });
    await p3.$eval('#tabs [data-tab="fire"]', b => b.click());
    await p3.$eval('#fire-roll', b => b.click()); // its tab is not shown yet
    await p3.waitForFunction(() => document.querySelector('#fire-out').textContent.length > 0, { timeout: 10000 }).catch(() => {});
    await new Promise(r => setTimeout(r, 300)); // a late preview would clear it
    const volley = await p3.$eval('#fire-out', e => e.textContent);
    t.check('serve: a volley tapped before the page is ready is rolled once it is',
      volley === cli('fire', '--weapon', 'musket', '--range', '5', '--figures', '11', '--seed', '3'), volley);
    await p3.close();
    // Installed from the server, then the network cut and the server
    // stopped: the served page reloads and computes as the CLI does.
    await p2.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
    await p2.evaluate(() => navigator.serviceWorker.ready);
    for (let i = 0; i < 50 && !(await p2.evaluate(() => !!navigator.serviceWorker.controller)); i++)
      await new Promise(r => setTimeout(r, 100));
    t.check('serve: the page\'s worker controls /', await p2.evaluate(() => !!navigator.serviceWorker.controller));
    await p2.setOfflineMode(true);
    await srv.stop();
    await p2.reload({ waitUntil: 'load' });
    await p2.evaluate(() => window.musterReady);
    await p2.$eval('#div-form', f => { f.elements.seed.value = '7'; });
    await p2.click('#div-go');
    await p2.waitForFunction(() => document.querySelector('#div-out').textContent.length > 0 && !document.querySelector('#div-result').hidden);
    const served = await p2.$eval('#div-out', e => e.textContent);
    t.check('serve, offline: the page at / reloads and a division from seed 7 is the CLI\'s', served === cli('division', '--army', 'union', '--year', '1863', '--theater', 'east', '--arm', 'infantry', '--seed', '7'), served.slice(0, 80));
    await p2.click('#tabs [data-tab=fire]');
    await p2.waitForFunction(() => document.querySelector('#fire-line').textContent.length > 0 && document.querySelector('#fire-curve svg polyline'));
    const fireLine = await p2.$eval('#fire-line', e => e.textContent);
    t.check('serve: the page never asks the server to compute', asked.length > 5 && !asked.some(u => u.startsWith('/api/')), asked);
    t.check('serve, offline: the Fire tab works it out with no server', /sure hit/.test(fireLine) && await p2.$eval('#fire-error', e => e.hidden), fireLine);
  } finally {
    if (srv.child.exitCode === null && srv.child.signalCode === null) await srv.stop();
  }
} finally {
  await browser.close();
  http.kill();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
