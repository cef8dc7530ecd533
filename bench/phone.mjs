// SPDX-License-Identifier: MIT
// bench/phone.mjs -- the page `muster serve` gives, on a phone's profile
// (issue 37): Chromium's mobile emulation at 390 x 844, the CPU throttled
// 4x and a slow 4G network (150 ms, 1.6 Mbit/s down, 750 kbit/s up), each
// round in a fresh browser context (nothing cached, no service worker).
// It prints, for ROUNDS rounds, the median and the best of: the first
// contentful paint, the engine ready (window.musterReady resolved), and a
// division rolled through the form until it is laid out on the page (the
// tap to the division's layout done, its brigades, artillery and rolls; the
// frame then waits only for the screen's next refresh; the command's text
// under it follows), after one tap to warm the page: the median of five taps.
// Not a test: figures only. Usage: node bench/phone.mjs MUSTER [ROUNDS]
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { startServer, launchChromium } = await import(join(here, '../tests/web/common.mjs'));
const muster = process.argv[2] || 'build/muster';
const rounds = Number(process.argv[3] || 5);
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

async function round(browser, base) {
  const ctx = await browser.createBrowserContext();
  try {
    const p = await ctx.newPage();
    await p.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const cdp = await p.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let wire = 0;
    cdp.on('Network.loadingFinished', e => { wire += e.encodedDataLength; });
    await p.goto(base, { waitUntil: 'domcontentloaded' });
    const ready = await p.evaluate(() => window.musterReady.then(() => performance.now()));
    await p.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const fcp = await p.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime);
    // One tap to warm the page (as after a player's first division), then
    // one timed.
    const tap = seed => p.evaluate(seed => new Promise(done => {
      document.querySelector('#div-form').elements.seed.value = seed;
      const box = document.querySelector('#div-result');
      box.hidden = true;
      const t0 = performance.now();
      new MutationObserver((_, o) => {
        if (box.hidden) return;
        o.disconnect();
        void document.body.offsetHeight; // laid out: what the next frame paints
        done(performance.now() - t0);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      document.querySelector('#div-go').click();
    }), seed);
    await tap('1');
    const taps = [];
    for (let i = 0; i < 5; i++) taps.push(await tap(String(7 + i)));
    const div = taps.sort((a, b) => a - b)[2];
    return { fcp, ready, div, wire };
  } finally {
    await ctx.close();
  }
}

const srv = await startServer(muster);
const browser = await launchChromium();
try {
  const runs = [];
  for (let i = 0; i < rounds; i++) runs.push(await round(browser, srv.base));
  const stat = k => {
    const v = runs.map(r => r[k]).sort((a, b) => a - b);
    return [v[v.length >> 1], v[0]];
  };
  const row = (name, k, goal, unit = 'ms') => {
    const [med, best] = stat(k);
    console.log(`${name.padEnd(38)} ${med.toFixed(1).padStart(8)} ${best.toFixed(1).padStart(8)} ${unit}  goal <= ${goal} ${med <= goal ? 'met' : 'NOT met'}`);
  };
  console.log(`the page from muster serve, CPU x4, slow 4G, ${rounds} fresh contexts: median, best`);
  row('first contentful paint', 'fcp', 1500);
  row('engine ready', 'ready', 2000);
  row('a division, tap to laid out (warm)', 'div', 16);
  console.log(`bytes on the wire, first load: ${Math.round(stat('wire')[0])}`);
} finally {
  await browser.close();
  await srv.stop();
}
