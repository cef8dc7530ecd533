// SPDX-License-Identifier: MIT
// bench/app.mjs -- the offline app's size and speed (issue 23's goals:
// first load under 500 KB compressed; a division or a volley in under 5 ms
// on Chromium with the CPU throttled 4x, a mid-range phone's profile).
// Serves muster-site/ with python3 -m http.server on 127.0.0.1, opens it
// in Debian's chromium (puppeteer-core from tests/web/node_modules), and
// times engine.run() in the page: the median and the slowest of ROUNDS
// calls after a few to warm up, at 1x and 4x. Not a test: figures only.
// Usage: node bench/app.mjs SITE [ROUNDS]
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const site = process.argv[2] || 'build/muster-site';
const rounds = Number(process.argv[3] || 200);
const here = dirname(fileURLToPath(import.meta.url));
const puppeteer = createRequire(join(here, '../tests/web/package.json'))('puppeteer-core');

// ---- sizes: every file the first load fetches ----------------------------
const kb = n => (n / 1024).toFixed(1).padStart(7);
let raw = 0, gz = 0, br = 0;
console.log('file                       bytes     gzip   brotli  (KB)');
for (const f of readdirSync(site).sort()) {
  const b = readFileSync(join(site, f));
  const g = gzipSync(b, { level: 9 }).length;
  const r = brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  raw += b.length; gz += g; br += r;
  console.log(`${f.padEnd(24)} ${kb(b.length)}  ${kb(g)}  ${kb(r)}`);
}
console.log(`${'all (the first load)'.padEnd(24)} ${kb(raw)}  ${kb(gz)}  ${kb(br)}`);

// ---- timings in the page ------------------------------------------------
const http = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', site],
  { stdio: ['ignore', 'pipe', 'ignore'] });
let said = '';
http.stdout.on('data', d => { said += d; });
for (let i = 0; i < 200 && !/port (\d+)/.test(said); i++) await new Promise(r => setTimeout(r, 25));
const port = said.match(/port (\d+)/)[1];
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
});
const calls = {
  'division (seeded, json)': ['division', { army: 'confederate', year: '1863', theater: 'east', format: 'json' }],
  'division (seeded, text)': ['division', { army: 'union', format: 'text' }],
  'volley (fire, seeded)': ['fire', { weapon: 'musket', range: '7', figures: '20', format: 'json' }],
  'odds fire (exact)': ['odds fire', { weapon: 'musket', range: '7', figures: '20', format: 'json' }],
  'odds division (exact)': ['odds division', { army: 'union', year: '1863', theater: 'east', format: 'json' }],
};
try {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const t0 = Date.now();
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await page.evaluate(() => window.musterReady);
  console.log(`\npage load to a ready engine (1x, loopback): ${Date.now() - t0} ms`);
  for (const rate of [1, 4]) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    console.log(`\nCPU throttling ${rate}x: ms a call (median and slowest batch of 10 calls)`);
    for (const [name, [cmd, o]] of Object.entries(calls)) {
      // performance.now() is coarse in a page (0.1 ms): batches of 10
      // calls, each batch's mean a sample.
      const r = await page.evaluate((cmd, o, n) => {
        const e = window.musterEngine, t = [];
        const seeded = !cmd.startsWith('odds');
        const one = i => { if (e.run(cmd, seeded ? { ...o, seed: String(i) } : o).code) throw new Error(cmd); };
        for (let i = 0; i < 100; i++) one(i); // the JIT tiers up first
        for (let b = 0; b < n; b++) {
          const a = performance.now();
          for (let i = 0; i < 10; i++) one(1000 + 10 * b + i);
          t.push((performance.now() - a) / 10);
        }
        t.sort((x, y) => x - y);
        return [t[t.length >> 1], t[t.length - 1]];
      }, cmd, o, Math.max(1, Math.round((cmd.startsWith('odds') ? 40 : rounds) / 10)));
      console.log(`  ${name.padEnd(24)} ${r[0].toFixed(3).padStart(8)} ${r[1].toFixed(3).padStart(8)}`);
    }
  }
} finally {
  await browser.close();
  http.kill();
}
