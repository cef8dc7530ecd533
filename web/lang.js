// SPDX-License-Identifier: MIT
// lang.js -- the page's words in the reader's language, for muster serve's
// page and the offline app alike. The words are the catalogue's: the build
// compiles po/LANG.po (the page's messages, msggrep) into a gettext .mo,
// which is fetched from the URL the script tag's data-mo names ({lang} in
// it) and read here. English is the msgids themselves, so it needs none.
//
// The languages are the build's (langs.js, written from po/*.po: each
// code with its name in its own words). The language: the one kept from
// the switch (localStorage), else the first of navigator.languages the
// page has (de-AT is de), else English. The switch (DE/EN...) is put in the
// page's <header>. Numbers and dates are written as Intl writes them in
// that language.
//
// In the HTML every text and every placeholder, title and aria-label is the
// page's English, translated where it stands (the HTML translate="no"
// attribute keeps an element as it is); po/webstrings.py takes the same
// texts into the template. The scripts mark theirs: _('...', {name: v})
// with {name} places, _n(one, many, n, {...}) for a count ({n} is n),
// _p(context, '...') where one English word needs two German ones.
'use strict';

const musterLang = (() => {
  const KEY = 'muster-lang';
  const NAMES = self.musterLangs || [['en', 'English']]; // not translated: each in its own
  const LANGS = NAMES.map(([l]) => l);
  const script = document.currentScript;
  const moUrl = (script && script.dataset.mo) || 'lang-{lang}.mo';
  let lang = 'en', words = new Map();
  const cache = { en: new Map() };
  const listeners = [];

  // A gettext .mo: magic, revision, count, the offsets of the two tables of
  // (length, offset) pairs. Plural forms are NUL-separated in both.
  function readMo(buf) {
    const dv = new DataView(buf), map = new Map(), dec = new TextDecoder();
    const magic = dv.getUint32(0, true);
    const le = magic === 0x950412de;
    if (!le && dv.getUint32(0, false) !== 0x950412de) throw new Error('not a catalogue');
    const n = dv.getUint32(8, le), orig = dv.getUint32(12, le), tr = dv.getUint32(16, le);
    const str = (table, i) => dec.decode(new Uint8Array(buf, dv.getUint32(table + 8 * i + 4, le), dv.getUint32(table + 8 * i, le)));
    for (let i = 0; i < n; i++) {
      const id = str(orig, i);
      if (id) map.set(id.split('\0')[0], str(tr, i).split('\0'));
      else map.plural = pluralRule(str(tr, i));
    }
    return map;
  }

  // Which plural form a count takes: the header's Plural-Forms, a C
  // expression of n (n != 1 in German, n > 1 in French), read here without
  // eval, which the page's policy forbids. English's rule where it has none.
  const OPS = [['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];
  const CALC = {
    '||': (a, b) => +(a || b), '&&': (a, b) => +(a && b), '==': (a, b) => +(a === b), '!=': (a, b) => +(a !== b),
    '<': (a, b) => +(a < b), '>': (a, b) => +(a > b), '<=': (a, b) => +(a <= b), '>=': (a, b) => +(a >= b),
    '+': (a, b) => a + b, '-': (a, b) => a - b, '*': (a, b) => a * b, '/': (a, b) => Math.trunc(a / b), '%': (a, b) => a % b,
  };
  function pluralRule(header) {
    const english = n => (n === 1 ? 0 : 1);
    const m = /plural=([^;\n]*)/.exec(header);
    if (!m) return english;
    const toks = m[1].match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>?:()!]/g) || [];
    let i = 0;
    function unary() {
      const t = toks[i++];
      if (t === '!') { const a = unary(); return n => +!a(n); }
      if (t === '(') { const e = cond(); i++; return e; }
      if (t === 'n') return n => n;
      if (!/^\d+$/.test(t || '')) throw new SyntaxError(t); // English's rule then
      return () => Number(t);
    }
    function binary(level) {
      if (level === OPS.length) return unary();
      let a = binary(level + 1);
      while (OPS[level].includes(toks[i])) {
        const f = CALC[toks[i++]], l = a, r = binary(level + 1);
        a = n => f(l(n), r(n));
      }
      return a;
    }
    function cond() {
      const c = binary(0);
      if (toks[i] !== '?') return c;
      i++;
      const a = cond();
      i++;
      const b = cond();
      return n => (c(n) ? a(n) : b(n));
    }
    try { const f = cond(); return i === toks.length ? f : english; } catch (e) { return english; }
  }

  async function catalogue(l) {
    if (cache[l]) return cache[l];
    const res = await fetch(moUrl.replace('{lang}', l));
    if (!res.ok) throw new Error(res.status);
    return (cache[l] = readMo(await res.arrayBuffer()));
  }

  const fill = (s, args) => !args ? s : s.replace(/\{(\w+)\}/g, (m, k) => k in args ? String(args[k]) : m);
  const _ = (s, args) => fill((words.get(s) || [s])[0] || s, args);
  const _p = (ctx, s, args) => fill((words.get(ctx + '\x04' + s) || [s])[0] || s, args);
  function _n(one, many, n, args) {
    const t = words.get(one), k = (words.plural || (x => (x === 1 ? 0 : 1)))(n);
    const s = t && t[k] ? t[k] : (n === 1 ? one : many);
    return fill(s, { n: num(n), ...args });
  }

  // A message of the server (the API answers in English, its words the C
  // sources' printf formats, msgids of the catalogue too) in the reader's
  // language: the format it was written with is found among the
  // catalogue's, and the translation gets its values, each %s in turn
  // looked up (as cmd/hints.c does for the tool). A message no format
  // matches stays as the server wrote it.
  const CONV = /%(?:(\d+)\$)?[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|z|j|t)?([diouxXsc%])/g;
  let formats = null; // [{re, kinds, tr}] of the current catalogue
  function formatsOf(map) {
    const list = [];
    for (const [id, tr] of map) {
      if (!tr[0] || id.includes('\x04') || !/%(?:\d+\$)?[-+ #0-9.*]*(?:hh|h|ll|l|z|j|t)?[diouxXsc]/.test(id)) continue;
      const kinds = [];
      let src = '', at = 0, bad = false;
      for (const m of id.matchAll(CONV)) {
        src += id.slice(at, m.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        at = m.index + m[0].length;
        if (m[2] === '%') { src += '%'; continue; }
        if (m[1] || m[0].includes('*')) { bad = true; break; }
        kinds.push(m[2]);
        src += m[2] === 's' ? '([\\s\\S]*?)' : m[2] === 'c' ? '([\\s\\S])' : /[xX]/.test(m[2]) ? '([0-9a-fA-F]+)' : '(-?\\d+)';
      }
      if (bad || !kinds.length) continue;
      src += id.slice(at).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      list.push({ re: new RegExp('^' + src + '$'), kinds, tr: tr[0] });
    }
    // the longest format first: the most specific of those that match
    return list.sort((a, b) => b.re.source.length - a.re.source.length);
  }
  function server(msg, depth = 0) {
    if (lang === 'en' || typeof msg !== 'string' || !msg) return msg;
    const t = words.get(msg);
    if (t && t[0] && !/%/.test(msg)) return t[0];
    if (!formats) formats = formatsOf(words);
    for (const f of formats) {
      const m = f.re.exec(msg);
      if (!m) continue;
      const vals = m.slice(1).map((v, i) => (f.kinds[i] === 's' && depth < 3 ? server(v, depth + 1) : v));
      let k = 0;
      return f.tr.replace(CONV, (c, pos, kind) => (kind === '%' ? '%' : vals[pos ? Number(pos) - 1 : k++] ?? c));
    }
    return msg;
  }

  // Numbers as the language writes them (a decimal comma in German): Intl's
  // locale of the catalogue's code (pt_BR is pt-BR; sr@latin, sr).
  const tag = l => Intl.getCanonicalLocales(l.replace(/@.*/, '').replace(/_/g, '-'))[0];
  function locale() {
    if (lang === 'en') return 'en-US';
    try { return tag(lang); } catch (e) { return 'en-US'; }
  }
  const points = new Map();
  function point() {
    const l = locale();
    if (!points.has(l)) points.set(l, new Intl.NumberFormat(l).formatToParts(1.5).find(p => p.type === 'decimal').value);
    return points.get(l);
  }
  // Each formatter made once: making one costs a phone far more than using it.
  const numbers = new Map();
  function num(x, digits) {
    const key = locale() + ' ' + digits;
    if (!numbers.has(key)) {
      const o = { useGrouping: false };
      if (digits !== undefined) { o.minimumFractionDigits = digits; o.maximumFractionDigits = digits; }
      else o.maximumFractionDigits = 20;
      numbers.set(key, new Intl.NumberFormat(locale(), o));
    }
    return numbers.get(key).format(x);
  }
  // A decimal the API wrote exactly ("2.44"): its digits kept, the point
  // made the language's.
  const dec = v => String(v).replace(/^(-?\d+)\.(\d+)$/, (m, a, b) => a + point() + b);

  // The HTML's own texts: each text node and attribute with words in it,
  // remembered with its English the first time, so that a switch can set
  // it again in either language.
  const ATTRS = ['placeholder', 'title', 'aria-label'];
  const SKIP = new Set(['SCRIPT', 'STYLE', 'CODE', 'TITLE']);
  const statics = [];
  const wordy = s => /[A-Za-z]{2}/.test(s);
  function collect(root) {
    const walk = (node) => {
      if (node.nodeType === 3) {
        const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(node.nodeValue);
        if (wordy(m[2])) statics.push({ node, id: m[2].replace(/\s+/g, ' '), lead: m[1], trail: m[3] });
        return;
      }
      if (node.nodeType !== 1 || SKIP.has(node.tagName) || node.getAttribute('translate') === 'no') return;
      for (const a of ATTRS)
        if (node.hasAttribute(a) && wordy(node.getAttribute(a)))
          statics.push({ node, attr: a, id: node.getAttribute(a).replace(/\s+/g, ' ') });
      for (const k of node.childNodes) walk(k);
    };
    walk(root);
  }
  function translateStatics() {
    for (const s of statics) {
      if (s.attr) s.node.setAttribute(s.attr, _(s.id));
      else s.node.nodeValue = s.lead + _(s.id) + s.trail;
    }
  }

  // A language's name in its own words where its catalogue's header gave
  // none (X-Language-Name): the browser's, else its code.
  function ownName(l) {
    try { return new Intl.DisplayNames([tag(l)], { type: 'language' }).of(tag(l)) || l; } catch (e) { return l; }
  }

  function switchBox() {
    const box = document.createElement('span');
    box.className = 'langs';
    box.setAttribute('role', 'group');
    box.setAttribute('translate', 'no');
    for (const [l, given] of NAMES) { // not translated: each in its own
      const name = given || ownName(l);
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.lang = l;
      b.lang = l;
      b.title = name;
      b.textContent = l.toUpperCase();
      b.addEventListener('click', () => set(l, true));
      box.append(b);
    }
    return box;
  }
  function showSwitch() {
    const box = document.querySelector('.langs');
    if (!box) return;
    box.setAttribute('aria-label', _('Language'));
    for (const b of box.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.lang === lang));
  }

  function wanted() {
    let kept = null;
    try { kept = localStorage.getItem(KEY); } catch (e) { /* private mode */ }
    if (LANGS.includes(kept)) return kept;
    const code = l => l.toLowerCase().replace(/_/g, '-');
    for (const l of navigator.languages || [navigator.language || 'en']) {
      const have = LANGS.find(k => code(k) === code(l)) || LANGS.find(k => code(k) === code(l).split('-')[0]);
      if (have) return have;
    }
    return 'en';
  }

  // The language l: its catalogue (English when it cannot be had), the
  // page's texts, <html lang>, and whoever listens (the page's own
  // renderers) told to draw again.
  async function set(l, keep) {
    let got = cache.en;
    try { got = await catalogue(l); } catch (e) { l = 'en'; }
    lang = l;
    words = got;
    formats = null;
    if (keep) try { localStorage.setItem(KEY, l); } catch (e) { /* private mode */ }
    document.documentElement.lang = l;
    translateStatics();
    showSwitch();
    for (const f of listeners) f(l);
  }

  let ready;
  function start() {
    collect(document.body);
    const head = document.querySelector('header');
    if (head) head.append(switchBox());
    ready = set(wanted(), false);
    return ready;
  }
  if (document.readyState === 'loading') ready = new Promise(r => document.addEventListener('DOMContentLoaded', () => start().then(r)));
  else start();

  return {
    _, _n, _p, num, dec, point, set, server,
    lang: () => lang,
    // the reader's language for Intl and toLocaleString (undefined: the
    // browser's own, for English)
    locale: () => (lang === 'en' ? undefined : locale()),
    ready: () => ready,
    onChange: f => listeners.push(f),
  };
})();
const { _, _n, _p } = musterLang;
