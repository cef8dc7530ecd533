// SPDX-License-Identifier: MIT
// bench/war-page.mjs -- opening a war's page on the phone profile: `muster
// serve --campaign FILE`, the Union's link in Debian's chromium
// (puppeteer-core from tests/web/node_modules) at 390x844 with the CPU
// throttled 4x, timed from the navigation to the moment the page shows the
// battle under way and the log's last event at the top of its list. Prints
// the median and the best of ROUNDS openings (a fresh page each: on a busy
// machine the best is the page's own cost), the DOM's nodes, the log's
// entries and the page's height. Not a test: figures only.
// Usage: node bench/war-page.mjs MUSTER FILE BATTLE [ROUNDS]
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [muster, file, battle] = process.argv.slice(2, 5);
const rounds = Number(process.argv[5] || 3);
const here = dirname(fileURLToPath(import.meta.url));
const puppeteer = createRequire(join(here, '../tests/web/package.json'))('puppeteer-core');

const log = JSON.parse(spawnSync(muster, ['campaign', 'log', file, '--as', 'union', '--last', '1', '--format', 'json'],
  { encoding: 'utf8' }).stdout).events;
const head = log[log.length - 1].id;

const srv = spawn(muster, ['serve', '--listen', '127.0.0.1', '--port', '0', '--no-qr', '--campaign', file],
  { stdio: ['ignore', 'pipe', 'ignore'] });
let said = '';
srv.stdout.on('data', d => { said += d; });
for (let i = 0; i < 800 && !/Ctrl-C/.test(said); i++) await new Promise(r => setTimeout(r, 25));
const port = (said.match(/http:\/\/127\.0\.0\.1:(\d+)\//) || [])[1];
const link = port && (spawnSync(muster, ['campaign', 'links', file, '--side', 'union', '--no-qr', '--listen', '127.0.0.1',
  '--port', port], { encoding: 'utf8' }).stdout.match(/^ {2}(http\S+)$/m) || [])[1];
if (!link) { srv.kill(); console.log('muster serve did not start'); process.exit(1); }

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
});
const times = [];
let shape = null;
try {
  for (let r = 0; r < rounds; r++) {
    const ctx = await browser.createBrowserContext(); // nothing cached or kept
    const p = await ctx.newPage();
    await p.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await p.emulateCPUThrottling(4);
    const t0 = Date.now();
    await p.goto(link, { waitUntil: 'domcontentloaded' });
    await p.waitForFunction((n, b) => {
      const li = document.querySelector('#camp-log li');
      return li && Number(li.value) === n &&
        document.querySelector('#camp-ledger').textContent.includes('Battle under way: ' + b);
    }, { timeout: 600000, polling: 20 }, head, battle);
    times.push(Date.now() - t0);
    shape = await p.evaluate(() => ({ nodes: document.getElementsByTagName('*').length,
      entries: document.querySelectorAll('#camp-log li').length, height: document.documentElement.scrollHeight }));
    await ctx.close();
  }
} finally {
  await browser.close();
  srv.kill('SIGTERM');
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`page ${(median / 1000).toFixed(2)} s, best ${(times[0] / 1000).toFixed(2)} s (median of ${times.length}: ${times.join(' ')} ms), ` +
  `${shape.nodes} DOM nodes, ${shape.entries} log entries, ${shape.height} px tall`);
