// SPDX-License-Identifier: MIT
// site.js -- the offline app's page: forms that call the engine (engine.js)
// with the CLI's options and show what it answers, charts drawn from its
// JSON (chart.js), house rules exported for the app, and the service worker
// that keeps it all on the device.
import { loadEngine } from './engine.js';
import { bars, line } from './chart.js';

const $ = s => document.querySelector(s);
const { num } = musterLang; // lang.js: the words and numbers of the reader's language
const net = $('#net');
let engine = null;
const house = { rules: null, weapons: null };
window.musterReady = loadEngine().then(e => { engine = e; window.musterEngine = e; status(); return e; });

// The engine's words in the page's language: its catalogue (core-LANG.mo,
// its messages from the CLI's po/LANG.po), fetched once a language and
// handed to the engine whenever the page's language is set or switched;
// English needs none. The switches are chained, so the last one wins, and
// a run waits for it.
const coreMo = { en: null };
let speaking = Promise.resolve();
function speak(l) {
  speaking = speaking.then(async () => {
    const e = await window.musterReady;
    if (!(l in coreMo)) {
      try {
        const res = await fetch(`core-${l}.mo`);
        coreMo[l] = res.ok ? await res.arrayBuffer() : null;
      } catch (err) { coreMo[l] = null; } // not to be had: English
    }
    e.setLanguage(coreMo[l]);
  }).catch(() => {});
  return speaking;
}
musterLang.ready().then(() => speak(musterLang.lang()));

function status() {
  if (!engine) return;
  net.textContent = navigator.onLine ? _('ready') : _('offline: all here');
  net.className = 'badge ' + (navigator.onLine ? 'ok' : 'off');
}
addEventListener('online', status);
musterLang.onChange(l => { speak(l); status(); figuresLabel(); });
addEventListener('offline', status);

if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});

// Tabs.
document.querySelectorAll('#tabs [role=tab]').forEach(b => b.addEventListener('click', () => {
  document.querySelectorAll('#tabs [role=tab]').forEach(x => x.setAttribute('aria-selected', String(x === b)));
  document.querySelectorAll('.tab').forEach(s => { s.hidden = s.id !== b.dataset.tab; });
}));

// A form's fields as the CLI's options: empty fields left out, boxes as
// switches; house rules added where a command takes them.
function options(form, skip = []) {
  const o = {};
  for (const el of form.elements) {
    if (!el.name || skip.includes(el.name) || el.type === 'submit') continue;
    if (el.type === 'radio' && !el.checked) continue;
    if (el.type === 'checkbox') { if (el.checked) o[el.name] = true; continue; }
    let v = el.value.trim().replace(/\s+/g, el.name === 'rolls' ? ',' : ' ');
    if (el.name === 'range') v = v.replace(',', '.'); // "4,5" in German
    if (v !== '') o[el.name] = v;
  }
  if (o.rolls) delete o.seed;
  return o;
}

function show(pre, r) {
  pre.textContent = r.code === 0 ? r.out : 'muster: ' + r.error;
  pre.classList.toggle('error', r.code !== 0);
  return r.code === 0;
}

async function run(cmd, o, format = 'text') {
  await window.musterReady;
  await speaking;
  if (house.rules && /^(division|corps|battle|odds division|odds corps|odds battle|sim)/.test(cmd)) o.rules = house.rules;
  if (house.weapons && /fire|curve|charge/.test(cmd)) o.weapons = house.weapons;
  return engine.run(cmd, { ...o, format });
}

// Division.
$('#div-form').addEventListener('submit', async ev => {
  ev.preventDefault();
  show($('#div-out'), await run('division', options(ev.target)));
});

// Fire: figures for small arms, crew for guns; the curve under it.
const guns = ['gun', 'canister', 'roundshot'];
const fireForm = $('#fire-form');
const figuresLabel = () => {
  $('.figures-label').textContent = guns.includes(fireForm.weapon.value) ? _('Crew') : _('Figures');
};
fireForm.weapon.addEventListener('change', () => {
  figuresLabel();
  if (guns.includes(fireForm.weapon.value) && Number(fireForm.count.value) > 6) fireForm.count.value = '4';
});
function volley() {
  const o = options(fireForm, ['count', 'unit']);
  o[guns.includes(o.weapon) ? 'crew' : 'figures'] = fireForm.count.value.trim();
  if (fireForm.unit.value === 'cm' && o.range) o.range += 'cm'; // 2.5 to the inch
  return o;
}
// The range's unit, inches or centimetres, as the served page keeps it: the
// reader's choice (localStorage), else centimetres for a German reader.
const RANGE_UNIT_KEY = 'muster-range-unit', PER_INCH = { in: 1, cm: 2.5 };
let rangeUnit = 'in';
function setRangeUnit(u, keep) {
  const r = parseFloat(fireForm.range.value.replace(',', '.')) || 0;
  if (u !== rangeUnit) fireForm.range.value = musterLang.dec(String(Math.round(r / PER_INCH[rangeUnit] * PER_INCH[u] * 1e4) / 1e4));
  rangeUnit = fireForm.unit.value = u;
  if (keep) try { localStorage.setItem(RANGE_UNIT_KEY, u); } catch (e) { /* private mode */ }
}
fireForm.unit.addEventListener('change', () => setRangeUnit(fireForm.unit.value === 'cm' ? 'cm' : 'in', true));
musterLang.ready().then(() => {
  let u = null;
  try { u = localStorage.getItem(RANGE_UNIT_KEY); } catch (e) { /* private mode */ }
  setRangeUnit(Object.hasOwn(PER_INCH, u) ? u : musterLang.lang() === 'de' ? 'cm' : 'in', false);
});
fireForm.addEventListener('submit', async ev => {
  ev.preventDefault();
  const o = volley();
  show($('#fire-out'), await run('fire', o));
  const c = await run('curve', { weapon: o.weapon, ...(o.cover ? { cover: true } : {}) }, 'json');
  if (c.code === 0) {
    const j = JSON.parse(c.out);
    const pts = j.points.map(p => ({ range: Number(p.range), p: Number(p.p ?? p[Object.keys(p).find(k => k !== 'range' && k !== 'yards' && k !== 'load')]) }));
    $('#curve-chart').replaceChildren(line(pts, _('{weapon}: P by range', o)));
    $('#curve-cap').textContent = o.cover ? _('Chance per figure (P, %) of {weapon} against cover, from muster curve.', o)
      : _('Chance per figure (P, %) of {weapon}, from muster curve.', o);
  }
});

// Odds: a division's stands, or a volley's hits per figure.
$('#odds-form').addEventListener('submit', async ev => {
  ev.preventDefault();
  const what = new FormData(ev.target).get('what');
  let r, dist, title;
  if (what === 'division') {
    const o = options($('#div-form'), ['seed', 'rolls']);
    r = await run('odds division', o, 'json');
    if (r.code === 0) {
      dist = JSON.parse(r.out).stands;
      title = o.army === 'confederate' ? _('Stands of a Confederate division') : _('Stands of a Union division');
    }
  } else {
    const o = volley();
    delete o.seed; delete o.rolls;
    r = await run('odds fire', o, 'json');
    if (r.code === 0) {
      const j = JSON.parse(r.out);
      dist = (j.per_figure || j.additive).p;
      const cm = /cm$/.test(o.range), range = musterLang.dec(o.range.replace(/cm$/, ''));
      title = cm ? _('Hits of {n} {weapon} at {range} cm', { n: o.figures || o.crew, weapon: o.weapon, range })
        : _('Hits of {n} {weapon} at {range}"', { n: o.figures || o.crew, weapon: o.weapon, range });
    }
  }
  const pre = $('#odds-out');
  if (!show(pre, r)) { $('#odds-chart').replaceChildren(); return; }
  $('#odds-chart').replaceChildren(bars(dist, title));
  $('#odds-cap').textContent = _('Exact probabilities from muster odds; the darker bar is the most likely.');
  pre.textContent = Object.entries(dist).map(([k, p]) => `${k.padStart(3)}  ${num(100 * p, 2).padStart(6)} %`).join('\n');
});

// House rules: a file written by `muster rules export --to app`, checked by
// running a command with it.
async function openHouse(input, kind) {
  const f = input.files[0];
  if (!f) return;
  await window.musterReady;
  await speaking;
  const path = engine.addFile(f.name, await f.text());
  const r = kind === 'rules'
    ? engine.run('odds division', { army: 'union', year: '1863', theater: 'east', rules: path, format: 'json' })
    : engine.run('curve', { weapon: 'musket', weapons: path, format: 'json' });
  const out = $('#house-out');
  if (r.code !== 0 && !(kind === 'weapons' && /weapon/.test(r.error) && !/line|export/.test(r.error))) {
    out.textContent = 'muster: ' + r.error;
    out.classList.add('error');
    return;
  }
  house[kind] = path;
  out.classList.remove('error');
  out.textContent = kind === 'rules' ? _('{file}: in use for divisions and their odds', { file: f.name })
    : _('{file}: in use for volleys and curves', { file: f.name });
}
$('#house-rules').addEventListener('change', e => openHouse(e.target, 'rules'));
$('#house-weapons').addEventListener('change', e => openHouse(e.target, 'weapons'));
$('#house-clear').addEventListener('click', () => {
  house.rules = house.weapons = null;
  $('#house-out').textContent = _("The book's tables and weapons are in use.");
});
