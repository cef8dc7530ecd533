// SPDX-License-Identifier: MIT
// engine.js -- muster's engine in the page: the WebAssembly core (the C
// library's calculators, built by emcc from the same sources as the CLI)
// behind one call. run('division', {army: 'union', seed: 7}) answers what
// `muster division --army union --seed 7` answers: {code, out, error}, code
// the CLI's exit status (0, 1 bad, 2 bad input), out its standard output,
// error its message (without "muster: "). Give format: 'json' for the CLI's
// --format json. Options: a value, true for a switch; false, null and
// undefined leave the option out. No framework, no network once loaded.
// setLanguage(bytes) gives the core its words: the bytes of a gettext .mo
// (core-de.mo: the engine's messages from the CLI's po/de.po), or null for
// English; every later run answers in that language, as `LANGUAGE=de
// muster ...` does. logLines(entries) tells a page of a campaign's log.
import createMusterCore from './muster-core.mjs';

export async function loadEngine(init = {}) {
  const core = await createMusterCore(init);
  const enc = new TextEncoder();
  let files = 0;

  // n pairs as name NUL value NUL ..., in the core's memory.
  function packed(pairs) {
    const bytes = enc.encode(pairs.map(([k, v]) => k + '\0' + v + '\0').join(''));
    const p = core._malloc(bytes.length + 1);
    core.HEAPU8.set(bytes, p);
    core.HEAPU8[p + bytes.length] = 0;
    return p;
  }

  function run(command, options = {}) {
    const pairs = [];
    for (const [k, v] of Object.entries(options)) {
      if (v === false || v === null || v === undefined) continue;
      pairs.push([k, v === true ? '' : String(v)]);
    }
    const cmd = packed([[command, '']]);
    const args = packed(pairs);
    const code = core._mu_app_call(cmd, args, pairs.length);
    core._free(cmd);
    core._free(args);
    return { code, out: core.UTF8ToString(core._mu_app_out()), error: core.UTF8ToString(core._mu_app_err()) };
  }

  // A house-rules file exported by `muster rules export --to app`: its
  // path in the core's memory, to give as {rules: path} or {weapons: path}.
  function addFile(name, text) {
    const path = '/house-' + (++files) + '-' + String(name).replace(/[^A-Za-z0-9._-]/g, '_');
    core.FS.writeFile(path, text);
    return path;
  }

  // The catalogue is copied into the core, which keeps it (and frees the
  // one before); it answers whether it took it (false: English).
  function setLanguage(bytes) {
    const b = bytes ? new Uint8Array(bytes) : new Uint8Array(0);
    if (!b.length) return core._mu_app_lang(0, 0) === 1;
    const p = core._malloc(b.length);
    core.HEAPU8.set(b, p);
    return core._mu_app_lang(p, b.length) === 1;
  }

  // A page of the campaign log as the API gives it (a viewer's entries,
  // parsed): each entry's lines as `muster campaign log` tells them, in
  // the language set last; none for an entry the engine cannot read. The
  // core reads the entries where they are (wasm/app_log.c).
  function logLines(entries) {
    if (!entries.length) return [];
    core.ejVals = [undefined, entries];
    const text = core.UTF8ToString(core._mu_app_log());
    return text.split('\x1e').map(t => t.split('\n').filter(Boolean));
  }

  // The weapons of a file given by addFile's path (none: the built-in
  // ones), as their rules name them, in file order: [{name, crew}], crew 0
  // for small arms.
  function weapons(path = '') {
    const p = packed([[path, '']]);
    const text = core.UTF8ToString(core._mu_app_weapons(p));
    core._free(p);
    return text.split('\n').filter(Boolean).map(l => {
      const [name, crew] = l.split('\t');
      return { name, crew: Number(crew) };
    });
  }

  return { run, addFile, setLanguage, logLines, weapons };
}

// In the page the engine loads at once; the page's scripts wait on
// window.musterReady (app.js).
if (typeof window === 'object')
  window.musterReady = loadEngine().then(e => { window.musterEngine = e; return e; });
