// SPDX-License-Identifier: MIT
// The offline app's core must answer exactly what the CLI answers:
// engine.run(command, {option: value, format: 'json'}) against `muster
// command --option value ... --format json`, over many random option sets
// (optsets.mjs): the same exit code, the same bytes on success, the same
// message on failure. Without dice the core draws a seed and prints it; the
// CLI then runs with that seed. Runs in node (the core loaded from
// muster-site/) or, with `browser`, inside Chromium on the page served by
// `python3 -m http.server` (see app_browser.mjs, which calls check()).
// Then the same in German: the core given the CLI's catalogue (core-de.mo)
// against `LANGUAGE=de muster ...` in text, every word and decimal comma
// (dice given where the command rolls, so that the text can be compared),
// and given none again, English as before.
// Usage: node app_equal.mjs MUSTER SITE [SETS_PER_COMMAND] [SEED]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { optionSets } from './optsets.mjs';

// The CLI in English (the C locale), or in German as a desktop set to it
// runs it (LANGUAGE=de; LANG=de_DE.UTF-8 is the same where that locale is
// installed).
export const LANG_ENV = {
  en: { LC_ALL: 'C', LANGUAGE: '' },
  de: { LC_ALL: 'C.UTF-8', LANGUAGE: 'de' },
};

export function cli(muster, cmd, opts, extra = [], { format = 'json', lang = 'en' } = {}) {
  const argv = cmd.split(' ');
  for (const [n, v] of opts) { argv.push('--' + n); if (v !== true) argv.push(v); }
  argv.push(...extra, '--format', format);
  const r = spawnSync(muster, argv, { encoding: 'utf8', env: { ...process.env, ...LANG_ENV[lang] } });
  return { code: r.status, out: r.stdout, err: r.stderr, argv };
}

// answers[i] = {code, out, error} of sets[i] run by the core; returns the
// failures (at most 10 described). Every answer is byte-equal: the odds are
// summed in binary128 on both sides (src/real.h). how: {format, lang} of
// the CLI's run (the core's answers were asked for in the same).
export function check(muster, sets, answers, how = {}) {
  let failed = 0;
  const lines = [];
  sets.forEach(({ cmd, opts }, i) => {
    const a = answers[i];
    let c = cli(muster, cmd, opts, [], how);
    const drawn = a.out.match(/"seed":\s*(\d+)/);
    if (a.code === 0 && drawn && !opts.some(([n]) => n === 'seed' || n === 'rolls'))
      c = cli(muster, cmd, opts, ['--seed', drawn[1]], how);
    const msg = c.err.split('\n').filter(Boolean).map(l => l.replace(/^muster: /, ''))
      .map(l => l.replace(/unknown option or missing value: --([a-z0-9-]+)/, "unknown option '$1'")
        .replace(/unbekannte Option oder fehlender Wert: --([a-z0-9-]+)/, "unbekannte Option '$1'")).join('; ');
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

export function asOptions(opts, format = 'json') {
  return Object.fromEntries([...opts, ['format', format]]);
}

// The sets for a pass in text: a seed added where a command rolls and none
// was given, so that no drawn seed has to be read out of the words.
const ROLLS = /^(division|corps|battle|fire|sim )/;
export function seeded(sets) {
  return sets.map(({ cmd, opts }, i) => (ROLLS.test(cmd) && !opts.some(([n]) => n === 'seed' || n === 'rolls')
    ? { cmd, opts: [...opts, ['seed', String(1861 + i)]] } : { cmd, opts }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [muster, site] = process.argv.slice(2);
  const per = Number(process.argv[4] || 25);
  const sets = optionSets(process.argv[5] || 20261201)(per);
  const { loadEngine } = await import(pathToFileURL(join(site, 'engine.js')).href);
  const engine = await loadEngine({ wasmBinary: readFileSync(join(site, 'muster-core.wasm')) });
  const pass = (what, list, format, lang) => {
    const answers = list.map(({ cmd, opts }) => engine.run(cmd, asOptions(opts, format)));
    let { failed, lines } = check(muster, list, answers, { format, lang });
    lines.forEach(l => console.log(l));
    const ok = answers.filter(a => a.code === 0).length;
    const words = lang === 'de' ? /Basen|Treffer|Kriegsschauplatz/ : /stands|hits|theater/;
    if (format === 'text' && !answers.some(a => words.test(a.out))) {
      console.log(`FAIL ${what}: no answer in the language's words`);
      failed++;
    }
    console.log(`node, ${what}: ${list.length} option sets (${ok} answered, ${list.length - ok} refused), ` +
      `${list.length - failed} byte-equal, ${failed} different`);
    return { n: list.length, failed };
  };
  const results = [pass('JSON', sets, 'json', 'en')];
  const text = seeded(sets);
  const mo = readFileSync(join(site, 'core-de.mo'));
  if (mo.length && engine.setLanguage(mo)) {
    results.push(pass('German text', text, 'text', 'de'));
    engine.setLanguage(null);
  } else {
    console.log('note: core-de.mo is empty (no msgfmt at build time): the German pass not run');
  }
  results.push(pass('English text, after German', text, 'text', 'en'));
  const n = results.reduce((a, r) => a + r.n, 0), failed = results.reduce((a, r) => a + r.failed, 0);
  console.log(`${n - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
