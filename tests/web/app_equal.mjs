// SPDX-License-Identifier: MIT
// The offline app's core must answer exactly what the CLI answers:
// engine.run(command, {option: value, format: 'json'}) against `muster
// command --option value ... --format json`, over many random option sets
// (optsets.mjs): the same exit code, the same bytes on success, the same
// message on failure. Without dice the core draws a seed and prints it; the
// CLI then runs with that seed. Runs in node (the core loaded from
// muster-site/) or, with `browser`, inside Chromium on the page served by
// `python3 -m http.server` (see app_browser.mjs, which calls check()).
// Usage: node app_equal.mjs MUSTER SITE [SETS_PER_COMMAND] [SEED]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { optionSets } from './optsets.mjs';

export function cli(muster, cmd, opts, extra = []) {
  const argv = cmd.split(' ');
  for (const [n, v] of opts) { argv.push('--' + n); if (v !== true) argv.push(v); }
  argv.push(...extra, '--format', 'json');
  const r = spawnSync(muster, argv, { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr, argv };
}

// answers[i] = {code, out, error} of sets[i] run by the core; returns the
// failures (at most 10 described). Every answer is byte-equal: the odds are
// summed in binary128 on both sides (src/real.h).
export function check(muster, sets, answers) {
  let failed = 0;
  const lines = [];
  sets.forEach(({ cmd, opts }, i) => {
    const a = answers[i];
    let c = cli(muster, cmd, opts);
    const drawn = a.out.match(/"seed":\s*(\d+)/);
    if (a.code === 0 && drawn && !opts.some(([n]) => n === 'seed' || n === 'rolls'))
      c = cli(muster, cmd, opts, ['--seed', drawn[1]]);
    const msg = c.err.split('\n').filter(Boolean).map(l => l.replace(/^muster: /, ''))
      .map(l => l.replace(/unknown option or missing value: --([a-z0-9-]+)/, "unknown option '$1'")).join('; ');
    let why = null;
    if (a.code !== c.code) why = `exit ${a.code} in the app, ${c.code} from the CLI (${a.error || c.err.trim()})`;
    else if (a.out !== c.out) why = 'different output';
    else if (c.code !== 0 && a.error.replace(/\n$/, '') !== msg) why = `error ${JSON.stringify(a.error)} against ${JSON.stringify(msg)}`;
    if (why) {
      failed++;
      if (failed <= 10) lines.push(`FAIL muster ${c.argv.join(' ')}\n  ${why}`);
    }
  });
  return { failed, lines };
}

export function asOptions(opts) {
  return Object.fromEntries([...opts, ['format', 'json']]);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [muster, site] = process.argv.slice(2);
  const per = Number(process.argv[4] || 25);
  const sets = optionSets(process.argv[5] || 20261201)(per);
  const { loadEngine } = await import(pathToFileURL(join(site, 'engine.js')).href);
  const engine = await loadEngine({ wasmBinary: readFileSync(join(site, 'muster-core.wasm')) });
  const answers = sets.map(({ cmd, opts }) => engine.run(cmd, asOptions(opts)));
  const { failed, lines } = check(muster, sets, answers);
  lines.forEach(l => console.log(l));
  const ok = answers.filter(a => a.code === 0).length;
  console.log(`node: ${sets.length} option sets (${ok} answered, ${sets.length - ok} refused), ` +
    `${sets.length - failed} byte-equal, ${failed} different`);
  console.log(`${sets.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
