// SPDX-License-Identifier: MIT
// The page over HTTPS, as a club serves it: a certificate authority of the
// club's own (made here with openssl) trusted by the browser (Chromium's
// NSS store, through certutil), a certificate for the laptop's name
// club.test (a host-resolver rule sends it to 127.0.0.1), and `muster
// serve --tls-cert --tls-key`. The page opens at https://club.test:PORT/
// with the umpire's link as a secure context, registers its service worker,
// and comes back from it with the network cut: what a phone cannot do from
// a plain http:// address on the Wi-Fi.
// Usage: node https.mjs MUSTER
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tally, cliOf, launchChromium } from './common.mjs';

const muster = process.argv[2];
const t = tally(), check = t.check;
const cli = cliOf(muster);
const dir = mkdtempSync(join(tmpdir(), 'muster-https-'));
const run = (cmd, ...args) => {
  const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
// the club's authority, once; the laptop's certificate, signed by it
run('openssl', 'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
  '-keyout', 'ca-key.pem', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=muster test club CA',
  '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign');
run('openssl', 'req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
  '-keyout', 'key.pem', '-out', 'table.csr', '-subj', '/CN=club.test');
writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:club.test\nextendedKeyUsage=serverAuth\n');
run('openssl', 'x509', '-req', '-in', 'table.csr', '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial',
  '-out', 'cert.pem', '-days', '30', '-extfile', 'ext.cnf');
// the phone trusts it: the authority in the browser's own store
mkdirSync(join(dir, '.pki', 'nssdb'), { recursive: true });
run('certutil', '-d', 'sql:' + join(dir, '.pki', 'nssdb'), '-N', '--empty-password');
run('certutil', '-d', 'sql:' + join(dir, '.pki', 'nssdb'), '-A', '-t', 'C,,', '-n', 'muster-test', '-i', join(dir, 'ca.pem'));

const db = join(dir, 'c.db');
cli('campaign', 'new', db, '--name', 'Gettysburg', '--year', '1863', '--theater', 'east');
cli('campaign', 'add', db, '--side', 'union', '--name', 'Wadsworth');
const child = spawn(muster, ['serve', '--listen', '127.0.0.1', '--port', '0', '--no-qr', '--campaign', db,
  '--tls-cert', join(dir, 'cert.pem'), '--tls-key', join(dir, 'key.pem')], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
child.stdout.on('data', d => { out += d; });
for (let i = 0; i < 800 && !/Ctrl-C/.test(out); i++) await new Promise(r => setTimeout(r, 25));
const m = out.match(/^  umpire +https:\/\/127\.0\.0\.1:(\d+)\/(#t=[0-9a-f]{32})$/m);
check('serve prints the umpire\'s https:// link', !!m, out);
const browser = await launchChromium([`--host-resolver-rules=MAP club.test 127.0.0.1`],
  { userDataDir: join(dir, 'profile'), env: { ...process.env, HOME: dir } });
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  page.on('pageerror', e => check('no script error', false, e.message));
  const url = `https://club.test:${m[1]}/${m[2]}`;
  const r = await page.goto(url, { waitUntil: 'load' });
  check('the page opens at https://club.test with the club\'s certificate', r && r.status() === 200, r && r.status());
  const sec = await page.evaluate(() => [window.isSecureContext, location.protocol]);
  check('a secure context', sec[0] === true && sec[1] === 'https:', sec);
  await page.waitForSelector('#camp-ledger .division');
  const reg = await page.evaluate(async () => !!(await navigator.serviceWorker.ready).active);
  check('the service worker is registered', reg);
  for (let i = 0; i < 50 && !(await page.evaluate(() => !!navigator.serviceWorker.controller)); i++)
    await page.reload({ waitUntil: 'load' });
  check('and controls the page', await page.evaluate(() => !!navigator.serviceWorker.controller));
  await page.waitForSelector('#camp-ledger .division'); // drawn again after the last reload
  const divisions = () => page.$$eval('#camp-ledger details.division summary', s => s.map(x => x.textContent).join(' | '));
  const online = await divisions();
  await page.setOfflineMode(true);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('#camp-ledger .division');
  const offline = await divisions();
  check('with the network cut, the page comes back with its ledger', online.includes('Wadsworth') && offline === online,
    [online, offline]);
  if (process.env.MUSTER_SCREENSHOT) await page.screenshot({ path: process.env.MUSTER_SCREENSHOT });
  await page.setOfflineMode(false);
  // the plain http:// address of the same server answers nothing
  const plain = await page.evaluate(async p => {
    try { await fetch(`http://club.test:${p}/api/division?army=union`); return 'answered'; } catch { return 'no answer'; }
  }, m[1]);
  check('plain http:// gets no answer', plain === 'no answer', plain);
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  await browser.close();
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${t.pass} passed, ${t.fail} failed`);
process.exit(t.fail ? 1 : 0);
