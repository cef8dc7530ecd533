// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
// Shared by the web tests: start `muster serve` on a free loopback port and
// read the links it prints.
import { spawn } from 'node:child_process';

export async function startServer(muster, args = [], port = 0) {
  const child = spawn(muster, ['serve', '--listen', '127.0.0.1', '--port', String(port), '--no-qr', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stdout.on('data', d => { out += d; });
  child.stderr.on('data', d => { err += d; });
  // up to 20 s: a sanitizer build on a busy machine starts slowly
  for (let i = 0; i < 800 && !/Ctrl-C/.test(out); i++) await new Promise(r => setTimeout(r, 25));
  const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
  if (!m) { child.kill(); throw new Error('muster serve did not start: ' + out + err); }
  // serve prints the umpire's link; each player's comes from `campaign links`
  const file = args.includes('--campaign') ? args[args.indexOf('--campaign') + 1] : null;
  const sideLink = side => {
    const r = spawnSync(muster, ['campaign', 'links', file, '--side', side, '--no-qr', '--listen', '127.0.0.1', '--port', m[1]], { encoding: 'utf8' });
    return (r.stdout.match(/^  (http\S+)$/m) || [])[1];
  };
  const links = file ? {
    umpire: (out.match(/^  umpire +(\S+)/m) || [])[1], union: sideLink('union'), confederate: sideLink('confederate'),
  } : {};
  return {
    child, base: m[0], port: Number(m[1]), links,
    token: who => ((links[who] || '').match(/t=([0-9a-f]{32})/) || [])[1],
    stderr: () => err,
    async stop() {
      const done = new Promise(r => child.on('exit', (code, sig) => r({ code, sig })));
      child.kill('SIGTERM');
      return done;
    },
  };
}

// The offline app's folder served as any web host serves files (python3's
// http.server on a free loopback port); its port, and kill() to stop it.
// Exits the test (1) when it does not start.
export async function startFileServer(dir) {
  const http = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  http.stdout.on('data', d => { said += d; });
  for (let i = 0; i < 200 && !/port (\d+)/.test(said); i++) await new Promise(r => setTimeout(r, 25));
  const port = (said.match(/port (\d+)/) || [])[1];
  if (!port) { http.kill(); console.log('FAIL: python3 -m http.server did not start'); process.exit(1); }
  return { port, kill: () => http.kill() };
}

// Debian's Chromium, headless, started as every browser test starts it
// (never a downloaded one): extra flags (a language) and launch options
// (a profile folder) as a test needs. puppeteer-core is loaded here, not
// above, so that the tests without a browser run without node_modules.
export async function launchChromium(extra = [], opts = {}) {
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, ...opts,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage', ...extra],
  });
}

// A viewer's phone on the campaign page: 390 px, touch, English kept,
// a script error counted as a failure; ready once `ready` shows.
export async function openPhone(browser, url, who, check, ready = '#camp-ledger .division') {
  const p = await browser.newPage();
  p.on('pageerror', e => check(`${who}: no script error`, false, e.message));
  await p.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await p.evaluateOnNewDocument(() => localStorage.setItem('muster-lang', 'en'));
  await p.goto(url, { waitUntil: 'load' });
  await p.waitForSelector(ready, { timeout: 20000 });
  return p;
}

// The tests' tally: check(name, ok, detail) counts, and says each failure.
export function tally() {
  const t = { pass: 0, fail: 0 };
  t.check = (name, ok, detail) => {
    if (ok) t.pass++;
    else { t.fail++; console.log('FAIL: ' + name + (detail !== undefined ? ': ' + JSON.stringify(detail) : '')); }
  };
  return t;
}

// muster as a command: its standard output, or an Error with its message.
export const cliOf = muster => (...args) => {
  const r = spawnSync(muster, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`muster ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

// What a page shows of its layout with every <details> open: its scroll
// width beside the screen's, the elements past the screen's right edge
// (outside a sideways-scrolling .scroll), and the controls under 44 px.
export function layoutOf(p) {
  return p.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    const small = [];
    for (const e of document.querySelectorAll('button, input:not([type="radio"]):not([type="checkbox"]), select, summary, .seg label, label.check, textarea')) {
      const b = e.getBoundingClientRect();
      if (b.width === 0 || e.closest('[hidden]') || e.type === 'range') continue;
      if (b.height < 44) small.push(`${e.tagName.toLowerCase()} ${(e.textContent || e.name || '').trim().slice(0, 30)}: ${Math.round(b.height)} px`);
    }
    const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1 &&
      !e.closest('.scroll')).map(e => `${e.tagName.toLowerCase()}.${e.className}`).slice(0, 5);
    return { scroll: document.documentElement.scrollWidth, width: innerWidth, small, wide };
  });
}
