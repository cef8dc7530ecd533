// SPDX-License-Identifier: MIT
// muster serve: the page. Everything it shows comes from /api/, which
// answers what the command line prints with --format json. Text from the
// server goes into the page as text (textContent), never as markup.
'use strict';

const token = (location.hash.match(/t=([0-9a-f]{32})/) || [])[1] || null;
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === undefined || k === false) continue;
    e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return e;
}

class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

// GET /api/<cmd>?opts, or POST with the options as a JSON object.
async function api(cmd, opts, post) {
  const headers = {};
  if (token) headers['X-Muster-Token'] = token;
  let url = '/api/' + cmd;
  const init = { headers, cache: 'no-store' };
  if (post) {
    init.method = 'POST';
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts);
  } else {
    const q = Object.entries(opts)
      .filter(([, v]) => v !== undefined && v !== null && v !== false)
      .map(([k, v]) => encodeURIComponent(k) + (v === true ? '' : '=' + encodeURIComponent(v)));
    if (q.length) url += '?' + q.join('&');
  }
  const res = await fetch(url, init);
  let body = null;
  try { body = await res.json(); } catch (e) { body = null; }
  if (!res.ok) throw apiError(res, body);
  return body;
}

// A refusal: the API's message, its reason code (the library's mu_reason)
// and the option it is about, if any.
function apiError(res, body) {
  const e = new ApiError(res.status, body && body.error ? body.error : res.status + ' ' + res.statusText);
  e.reason = body && body.reason;
  e.option = body && body.option;
  return e;
}

// Refusals in the page's words: a reason code the page knows has its own
// sentence; otherwise the message, with each option named as the form's
// field and no command line in it.
const reasonWords = {
  'battle-not-started': 'No battle is under way: start one first (Battle, "Start the battle").',
  'battle-under-way': 'A battle is already under way: end it first (Battle, "End the battle").',
  'no-casualties': 'Nothing to record: give the stands lost or captured, or the batteries.',
  'no-penalty': 'No despicable replacement is owed: nothing to spend.',
  'no-such-division': 'There is no such division in this campaign.',
  'busy': 'Another write held the campaign a moment too long: try again.',
  'hidden-division': 'That division is hidden from your side.',
  'no-winner': 'Choose who won: the Union, the Confederates or neither (a draw).',
};

function fieldLabel(form, name) {
  const i = form && form.querySelector(`[name="${CSS.escape(name)}"]`);
  const l = i && (i.closest('label') || (i.closest('fieldset') || {}).querySelector?.('legend'));
  const text = l ? (Array.from(l.childNodes).find(n => n.nodeType === 3 && n.textContent.trim()) || l).textContent.trim() : '';
  return text || name.replace(/-/g, ' ');
}

function pageWords(e, form) {
  if (!(e instanceof ApiError)) return 'The server cannot be reached: check the network, then try again.';
  if (e.reason && reasonWords[e.reason]) return reasonWords[e.reason];
  let m = e.message
    .replace(/\s*\(see '?muster[^)]*\)/g, '')
    .replace(/:?\s*(?:see|try|use|with|run)?\s*'muster [^']*'/g, '')
    .replace(/--([a-z][a-z0-9-]*)(?: [A-Z][A-Z|]*\b)?/g, (_, n) => '"' + fieldLabel(form, n) + '"');
  if (e.status === 403) m = 'This link may not do that: ask the umpire.';
  return m || 'Refused.';
}

function showError(box, e) {
  box.hidden = !e;
  box.textContent = e ? (e instanceof ApiError ? pageWords(e, null) : e.message || String(e)) : '';
}

// The page's one live region: results and refusals, read out as they come.
function announce(text) {
  const a = $('#announce');
  a.textContent = '';
  setTimeout(() => { a.textContent = text; }, 60);
}

const cap = s => s ? s[0].toUpperCase() + s.slice(1) : s;
const pct = (x, d = 2) => (x * 100).toFixed(d) + ' %';

// ---- tabs -----------------------------------------------------------------

function selectTab(name) {
  for (const b of $$('#tabs button')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  for (const s of $$('.tab')) s.hidden = s.id !== name;
  if (name === 'campaign') loadCampaign();
}

// ---- a division arrives -----------------------------------------------------

const tableNames = {
  theater: 'Theater and year', leader: 'Division leader', brigades: 'Number of brigades',
  stands: 'stands', morale: 'morale', brigadier: 'brigadier', ratio: 'Artillery ratio',
  battery: 'Fractional battery', reserve: 'Reserve share', corps_leader: 'Corps leader',
};

function rollLabel(r) {
  const t = tableNames[r.table] || r.table;
  return r.brigade ? 'Brigade ' + r.brigade + ' ' + t : t;
}

function rating(actual, rolled) {
  const dp = rolled === 'despicable';
  if (dp && actual !== 'despicable')
    return [actual + ' ', el('span', { class: 'dp', title: 'despicable leader, played by the book as average' }, 'DP'), ' (by the book)'];
  return [actual, dp ? ['\u00a0', el('span', { class: 'dp', title: 'despicable leader' }, 'DP')] : null];
}

function rollResult(r) {
  if (r.threshold !== undefined)
    return r.roll + (r.result ? ' ≤ ' : ' > ') + r.threshold + (r.result ? ': one more' : ': no more');
  return r.roll + ' → ' + r.result;
}

function trunc2(num, den) {
  const h = Math.floor(100 * num / den);
  return Math.floor(h / 100) + '.' + String(h % 100).padStart(2, '0');
}

function renderDivision(d) {
  const box = $('#div-result');
  box.replaceChildren();
  const byBrigade = {};
  for (const r of d.rolls || []) if (r.brigade) (byBrigade[r.brigade] ||= {})[r.table] = r.roll;
  const roll = t => (d.rolls || []).find(r => r.table === t);
  box.append(el('h3', {}, `${cap(d.army)} ${d.arm} division, ${d.theater === 'east' ? 'Eastern' : 'Western'} theater ${d.year}`));
  const lr = roll('leader');
  box.append(el('p', {}, 'Division leader: ', rating(d.leader, d.leader_rolled), lr ? ` (rolled ${lr.roll})` : ''));
  const br = roll('brigades');
  box.append(el('p', {}, `Brigades: ${d.brigades.length}`, br ? ` (rolled ${br.roll})` : ''));
  const rows = d.brigades.map((b, i) => {
    const r = byBrigade[i + 1] || {};
    return el('tr', { 'data-brigade': i + 1 },
      el('td', { class: 'n' }, i + 1),
      el('td', { class: 'n' }, b.stands),
      el('td', {}, b.morale),
      el('td', {}, rating(b.leader, b.leader_rolled)),
      el('td', { class: 'n rolls' }, [r.stands, r.morale, r.brigadier].filter(x => x !== undefined).join(' ')));
  });
  box.append(el('div', { class: 'scroll' }, el('table', { class: 'brigades' },
    el('thead', {}, el('tr', {}, el('th', { class: 'n' }, '#'), el('th', { class: 'n' }, 'stands'),
      el('th', {}, 'morale'), el('th', {}, 'brigadier'), el('th', { class: 'n' }, 'rolls'))),
    el('tbody', {}, rows))));
  box.append(el('p', { class: 'big' }, `Total: ${d.stands} stands`));
  const a = d.artillery, ra = roll('ratio'), bat = roll('battery'), res = roll('reserve');
  box.append(el('p', {}, `Artillery: 1 battery per ${a.ratio} stands`, ra ? ` (rolled ${ra.roll})` : ''));
  let work = `${d.stands} stands ÷ ${a.ratio} = ${trunc2(d.stands, a.ratio)}`;
  if (bat) work += ` → rolled ${bat.roll} ${bat.result ? '≤' : '>'} ${bat.threshold}`;
  work += ` → ${a.batteries} batteries: ${a.division} with the division, ${a.reserve} to the ${d.army === 'union' ? 'Army Artillery Reserve' : 'corps reserve'}`;
  if (res) work += ` (reserve share: rolled ${res.roll} ${res.result ? '≤' : '>'} ${res.threshold})`;
  box.append(el('p', { class: 'working' }, work));
  box.append(el('details', {}, el('summary', {}, `Every roll (${(d.rolls || []).length})`),
    el('ol', { class: 'rolls' }, (d.rolls || []).map(r => el('li', {}, rollLabel(r) + ': ' + rollResult(r))))));
  box.append(el('p', { class: 'hint' }, d.seed !== null && d.seed !== undefined ? `seed ${d.seed}` : 'rolls given by hand (no seed)'));
  box.hidden = false;
}

function divisionOptions() {
  const f = $('#div-form');
  const o = { army: f.army.value, arm: f.arm.value };
  if (f.year.value) o.year = f.year.value;
  if (f.theater.value) o.theater = f.theater.value;
  if (f['by-the-book'].checked) o['by-the-book'] = true;
  return o;
}

// Typed dice: one field per roll, labelled with the table it is for. The
// tables decide what comes next (how many brigades, whether a fraction of a
// battery is rolled), so the server is asked with the rolls so far: it
// answers with the division, or names the table that wants the next roll.
const NEED = /not enough rolls: (.+?) needed roll (\d+)/;

function typedRolls() {
  const v = [];
  for (const i of $$('#roll-fields input')) {
    const t = i.value.trim();
    if (!/^(100|0?0|[1-9][0-9]?)$/.test(t)) break;
    v.push(t);
  }
  return v;
}

function addRollField(n, label) {
  const list = $('#roll-fields');
  while (list.children.length > n - 1) list.lastElementChild.remove();
  const input = el('input', { inputmode: 'numeric', maxlength: '3', 'aria-label': label, 'data-roll': n });
  input.addEventListener('input', () => { if (/^(100|00|[0-9]{2})$/.test(input.value.trim())) nextRoll(); });
  input.addEventListener('change', nextRoll);
  list.append(el('li', {}, el('label', {}, label, input)));
  return input;
}

let typedSeq = 0;
async function nextRoll(focus = true) {
  const seq = ++typedSeq;
  const rolls = typedRolls();
  const box = $('#div-error');
  try {
    const d = await api('division', { ...divisionOptions(), rolls: rolls.join(',') });
    if (seq !== typedSeq) return;
    const list = $('#roll-fields');
    while (list.children.length > rolls.length) list.lastElementChild.remove();
    showError(box, null);
    renderDivision(d);
  } catch (e) {
    if (seq !== typedSeq) return;
    const m = NEED.exec(e.message);
    if (m) {
      showError(box, null);
      $('#div-result').hidden = true;
      const n = Number(m[2]);
      const have = $(`#roll-fields input[data-roll="${n}"]`);
      if (!have) {
        const input = addRollField(n, m[1]);
        if (focus) input.focus();
      }
    } else {
      showError(box, e);
    }
  }
}

// When the options change, the fields are labelled again from the first.
async function relabel() {
  const old = typedRolls();
  $('#roll-fields').replaceChildren();
  $('#div-result').hidden = true;
  for (let k = 0; k <= old.length; k++) {
    try {
      const d = await api('division', { ...divisionOptions(), rolls: old.slice(0, k).join(',') });
      renderDivision(d);
      return;
    } catch (e) {
      const m = NEED.exec(e.message);
      if (!m) { showError($('#div-error'), e); return; }
      const input = addRollField(Number(m[2]), m[1]);
      if (k < old.length) input.value = old[k];
    }
  }
}

async function rollDivision(ev) {
  ev.preventDefault();
  const f = $('#div-form');
  if (f.dice.value === 'typed') return nextRoll();
  const o = divisionOptions();
  if (f.seed.value.trim()) o.seed = f.seed.value.trim();
  try {
    const d = await api('division', o);
    showError($('#div-error'), null);
    renderDivision(d);
  } catch (e) {
    $('#div-result').hidden = true;
    showError($('#div-error'), e);
  }
}

function diceMode() {
  const typed = $('#div-form').dice.value === 'typed';
  $('#typed').hidden = !typed;
  $('#seed-row').hidden = typed;
  $('#div-go').textContent = typed ? 'Show the division' : 'Roll the division';
  if (typed) relabel();
}

// ---- fire -----------------------------------------------------------------

const artillery = w => ['gun', 'canister', 'roundshot'].includes(w);

function fireOptions() {
  const f = $('#fire-form');
  const o = { weapon: f.weapon.value, range: f.range.value.trim() };
  if (artillery(o.weapon)) o.crew = f.crew.value; else o.figures = f.figures.value;
  if (f.unit.value === 'yd') o.yards = true;
  if (f.cover.checked) o.cover = true;
  return o;
}

function fireLine(v) {
  const n = ['a first', 'a second', 'a third', 'a fourth', 'a fifth', 'a sixth'];
  const sure = v.sure_hits, ch = v.chance;
  if (v.beyond) return 'Out of range: no hit possible';
  if (ch === 0) return `${sure} sure hit${sure === 1 ? '' : 's'}`;
  const more = sure === 0 ? 'one' : (n[sure] || 'one more');
  return `${sure === 0 ? 'No sure hit' : sure + ' sure hit' + (sure === 1 ? '' : 's')} and a ${ch} % chance of ${sure === 0 ? 'one' : more}`;
}

let fireSeq = 0, lastCurveKey = null;
async function updateFire() {
  const seq = ++fireSeq;
  const o = fireOptions();
  const f = $('#fire-form');
  $('#figures-row').hidden = artillery(o.weapon);
  $('#crew-row').hidden = !artillery(o.weapon);
  $('#fire-outcome').hidden = true;
  try {
    const v = await api('fire', { ...o, 'no-roll': true });
    if (seq !== fireSeq) return;
    showError($('#fire-error'), null);
    const unit = o.yards ? 'yd' : 'in';
    $('#fire-line').textContent = fireLine(v);
    const eff = v.crew ? `${v.crew} crew × 3 = ${v.effectives} effectives` : `${v.effectives} figures`;
    $('#fire-working').textContent =
      `${v.load ? 'Load: ' + v.load + '\n' : ''}P = ${v.p} % an effective at ${v.range} in\nPOH = ${eff} × ${v.p} % = ${v.poh} %`;
    $('#fire-roll').disabled = v.chance === 0;
    const max = Number(v.max_range) * (o.yards ? 10 : 1);
    const slider = f['range-slider'];
    if (Number(slider.max) !== max) { slider.max = String(max); slider.step = o.yards ? '5' : '0.5'; }
    if (document.activeElement !== slider) slider.value = String(parseFloat(o.range) || 0);
    updateOdds(o, seq);
    const ck = o.weapon + (o.cover ? '/c' : '');
    if (ck !== lastCurveKey) { lastCurveKey = ck; drawCurve(o); }
  } catch (e) {
    if (seq !== fireSeq) return;
    showError($('#fire-error'), e);
    $('#fire-line').textContent = '';
    $('#fire-working').textContent = '';
    $('#fire-odds').replaceChildren();
  }
}

async function updateOdds(o, seq) {
  try {
    const r = await api('odds/fire', { ...o, method: 'both' });
    if (seq !== fireSeq) return;
    const add = r.additive.p, per = r.per_figure.p;
    const ks = Object.keys(per).map(Number).filter(k => per[k] >= 5e-5 || add[k]).sort((a, b) => a - b);
    const rows = ks.map(k => el('tr', {},
      el('td', { class: 'n' }, k),
      el('td', { class: 'n' }, add[k] ? pct(add[k]) : '–'),
      el('td', { class: 'n' }, per[k] >= 5e-5 ? pct(per[k]) : '<0.01 %')));
    $('#fire-odds').replaceChildren(el('table', { class: 'odds' },
      el('thead', {}, el('tr', {}, el('th', { class: 'n' }, 'hits'), el('th', { class: 'n' }, 'this rule'), el('th', { class: 'n' }, 'each figure rolls'))),
      el('tbody', {}, rows)),
      el('p', { class: 'hint' }, `Mean ${r.additive.mean.toFixed(2)} hits either way. "This rule": sure hits and one d100 for the rest; "each figure rolls": every effective on its own.`),
      el('div', { id: 'odds-chart' }));
    oddsChart($('#odds-chart'), add, per, ks);
  } catch (e) {
    if (seq === fireSeq) $('#fire-odds').replaceChildren(el('p', { class: 'error' }, e.message));
  }
}

// Charts drawn for the screen: SVG whose viewBox is the box's own width in
// CSS pixels, so its text is 13 px on any phone (the print image, shrunk to
// a phone, had 7 px axis text). Redrawn when the width changes.
const SVGNS = 'http://www.w3.org/2000/svg';
function sv(name, attrs = {}, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}
const niceStep = (max, n) => [1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 500].find(s => max / s <= n) || max;

const drawn = new Map(); // box -> its chart, to draw again at a new width
function plotSvg(box, c) {
  drawn.set(box, c);
  const W = Math.max(240, Math.floor(box.getBoundingClientRect().width || 320));
  const H = Math.round(Math.min(280, Math.max(200, W * 0.62)));
  const L = 46, R = 12, T = 12, B = 42;
  const X = x => L + (x / c.xmax) * (W - L - R), Y = y => H - B - (y / c.ymax) * (H - B - T);
  const svg = sv('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': c.title, class: 'svgchart' });
  svg.append(sv('title', {}, c.title));
  const nt = c.yticks || 4;
  for (let i = 0; i <= nt; i++) {
    const v = c.ymax * i / nt;
    svg.append(sv('line', { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: 'grid' }),
      sv('text', { x: L - 5, y: Y(v) + 4, 'text-anchor': 'end' }, c.yfmt(v)));
  }
  if (c.bars) {
    const n = c.bars.keys.length, bw = (W - L - R) / Math.max(n, 1), every = Math.ceil(n / 10);
    c.bars.keys.forEach((k, i) => {
      c.bars.series.forEach((sr, j) => {
        const v = sr.values[k] || 0, w = (bw - 2) / c.bars.series.length;
        const r = sv('rect', { x: L + i * bw + 1 + j * w, y: Y(v), width: Math.max(w, 1), height: H - B - Y(v), class: 'bar ' + sr.cls });
        r.append(sv('title', {}, `${k} hits, ${sr.name}: ${pct(v)}`));
        svg.append(r);
      });
      if (i % every === 0) svg.append(sv('text', { x: L + (i + .5) * bw, y: H - B + 16, 'text-anchor': 'middle' }, c.bars.keys[i]));
    });
  } else {
    const step = niceStep(c.xmax, 6);
    for (let x = 0; x <= c.xmax + 1e-9; x += step)
      svg.append(sv('text', { x: X(x), y: H - B + 16, 'text-anchor': 'middle' }, String(x)));
    for (const sr of c.lines)
      svg.append(sv('polyline', { points: sr.points.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(' '), class: 'line ' + sr.cls }));
  }
  svg.append(sv('text', { x: L + (W - L - R) / 2, y: H - 6, 'text-anchor': 'middle', class: 'xlabel' }, c.xlabel));
  const series = c.bars ? c.bars.series : c.lines;
  const legend = el('p', { class: 'legend' }, series.map(sr => el('span', { class: 'key ' + sr.cls }, sr.name)));
  box.replaceChildren(svg, legend);
}
let redrawTimer = null, lastWidth = innerWidth;
addEventListener('resize', () => {
  if (innerWidth === lastWidth) return;
  lastWidth = innerWidth;
  clearTimeout(redrawTimer);
  redrawTimer = setTimeout(() => { for (const [box, c] of drawn) if (box.isConnected) plotSvg(box, c); }, 150);
});

function oddsChart(box, add, per, ks) {
  const ymax = Math.max(...ks.map(k => Math.max(add[k] || 0, per[k] || 0)), 1e-9);
  plotSvg(box, { title: 'The odds of each number of hits, both ways', xlabel: 'hits', ymax,
    yfmt: v => (v * 100).toFixed(ymax < .1 ? 1 : 0) + ' %',
    bars: { keys: ks, series: [{ name: 'this rule', cls: 's1', values: add }, { name: 'each figure rolls', cls: 's2', values: per }] } });
}

async function drawCurve(o) {
  const box = $('#fire-curve');
  try {
    const ways = o.cover ? [false, true] : [false];
    const got = await Promise.all(ways.map(cover => api('curve', { weapon: o.weapon, cover })));
    const lines = [];
    got.forEach((c, i) => {
      const where = o.cover ? (i ? ', hard cover' : ', in the open') : '';
      if (c.loads) for (const load of Object.keys(c.loads))
        lines.push({ name: load + where, cls: (load === 'canister' ? 's1' : 's3') + (i ? ' cover' : ''), points: c.points.map(p => [p.range, p[load]]) });
      else lines.push({ name: c.weapon + where, cls: i ? 's3 cover' : 's1', points: c.points.map(p => [p.range, p.p]) });
    });
    const xmax = Math.max(...got.flatMap(c => c.points.map(p => p.range)));
    const top = Math.max(10, ...lines.flatMap(l => l.points.map(p => p[1])));
    const by = top <= 60 ? 10 : 20, ymax = Math.ceil(top / by) * by; // whole ticks
    plotSvg(box, { title: `P against range for ${o.weapon}${o.cover ? ', in the open and behind hard cover' : ''}`,
      xlabel: 'range (inches)', xmax, ymax, yticks: ymax / by, yfmt: v => v.toFixed(0) + ' %', lines });
  } catch (e) {
    box.replaceChildren(el('p', { class: 'error' }, e.message));
  }
}

async function rollFire() {
  const o = fireOptions();
  const typed = $('#fire-typed').value.trim();
  if (typed) o.rolls = typed;
  try {
    const v = await api('fire', o);
    showError($('#fire-error'), null);
    const out = $('#fire-outcome');
    const verdict = v.roll === null ? '' : `Roll ${v.roll} ${v.roll <= v.threshold ? '≤' : '>'} ${v.threshold}: `;
    out.textContent = `${verdict}${v.hits} hit${v.hits === 1 ? '' : 's'}` + (v.seed !== null ? ` (seed ${v.seed})` : '');
    out.hidden = false;
  } catch (e) {
    showError($('#fire-error'), e);
  }
}

// ---- the campaign -----------------------------------------------------------

let whoami = { viewer: 'umpire', campaign: null, sides_can_write: false };
let lastLog = [], lastShow = null;
const sideName = s => s === 'union' ? 'Union' : s === 'confederate' ? 'Confederate' : s;
// The sides this link acts for: the umpire both, a player its own.
const mine = side => whoami.viewer === 'umpire' || whoami.viewer === side;

// ---- live: GET /api/campaign/events, Server-Sent Events read with fetch
// (EventSource cannot send the token header). Every stream starts after the
// last event this page has (Last-Event-ID), so nothing is missed; the page
// redraws from the log, so nothing shows twice.
let lastEventId = 0, streaming = false, reloadTimer = null;
const liveSeen = []; // the event ids the stream brought, in order (tests read it)
window.musterLive = liveSeen;
const madeHere = new Set(); // the events this page recorded (X-Muster-Events)
const arrived = [];         // events the stream brought since the last redraw

let resetFrom = null; // a "reset": the events after this id come from the log
function onStreamBlock(block) {
  let id = null, data = '', kind = 'event';
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('event: ')) kind = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (!id || !data || id <= lastEventId) return;
  if (kind === 'reset') { // too many to stream: the log has them
    if (resetFrom === null) resetFrom = lastEventId;
  } else {
    lastEventId = id;
    liveSeen.push(id);
    try { arrived.push(JSON.parse(data)); } catch (e) { /* redrawn from the log anyway */ }
  }
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(loadCampaign, 30);
}

async function live() {
  streaming = true;
  for (;;) {
    try {
      const headers = { 'Last-Event-ID': String(lastEventId) };
      if (token) headers['X-Muster-Token'] = token;
      const res = await fetch('/api/campaign/events', { headers, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(String(res.status));
      $('#live').hidden = false;
      sendQueue(); // back online: what waited goes out first
      const reader = res.body.getReader(), dec = new TextDecoder();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        for (let i; (i = buf.indexOf('\n\n')) >= 0; buf = buf.slice(i + 2)) onStreamBlock(buf.slice(0, i));
      }
    } catch (e) { /* the server restarted, or the phone slept: again */ }
    $('#live').hidden = true;
    await new Promise(r => setTimeout(r, 1000));
  }
}

// A side is told when the other side records something on one of its
// divisions: by the event's author where the log names one, else by an
// event on its division that this page did not make.
function noticeOthers(events) {
  if (whoami.viewer === 'umpire') return;
  const divs = lastShow ? lastShow.divisions : [];
  const lines = [];
  for (const e of events) {
    const d = divs.find(x => x.id === e.division);
    if (!d || d.side !== whoami.viewer || madeHere.has(e.id)) continue;
    const by = e.author || e.actor;
    if (by === whoami.viewer) continue;
    lines.push(`#${e.id} ${by ? 'by the ' + (by === 'umpire' ? 'umpire' : sideName(by) + 's') : 'from another link'} on your division ${d.name}: ${logLine(e).replace(/^#\d+ /, '')}`);
  }
  if (!lines.length) return;
  const box = $('#camp-notice');
  box.replaceChildren(el('p', { class: 'notice-h' }, 'Recorded on your divisions by the other side'),
    ...lines.map(l => el('p', {}, l)),
    el('button', { type: 'button', class: 'plain', 'data-close': '' }, 'Seen'));
  box.querySelector('[data-close]').addEventListener('click', () => { box.hidden = true; });
  box.hidden = false;
  announce(lines.join('. '));
}

// ---- the ledger: the own side first, each division collapsible, each own
// brigade with its quick actions (-1 stand, captured, leader lost).

function artilleryLine(a) {
  const more = [a.captured ? `${a.captured} captured` : '', a.destroyed ? `${a.destroyed} destroyed` : ''].filter(Boolean).join(', ');
  return `Artillery: ${a.division} ${a.division === 1 ? 'battery' : 'batteries'} with the division` +
    `${a.reserve ? `, ${a.reserve} to the reserve` : ''}${more ? ` (${more})` : ''}; 1 battery per ${a.ratio} stands`;
}

function quick(d, b, what, label, opts) {
  const btn = el('button', { type: 'button', class: 'quick', 'data-quick': what, 'aria-label': `${label}: ${d.name}, brigade ${b.number}` }, label);
  btn.addEventListener('click', async () => {
    btn.disabled = true;
    btn.dataset.key ||= newKey(); // a double tap records one event
    await write(what === 'leader' ? 'campaign/leader-lost' : 'campaign/casualties',
      { div: d.id, brigade: b.number, ...opts }, btn.dataset.key, null);
    delete btn.dataset.key;
    btn.disabled = false;
  });
  return btn;
}

function brigadeList(d, actions) {
  return el('ol', { class: 'brigades-l' }, d.brigades.map(b => el('li', { 'data-brigade': b.number },
    el('p', { class: 'bline' }, el('strong', {}, `${b.name ? b.name + ' (brigade ' + b.number + ')' : 'Brigade ' + b.number}: ${b.stands} of ${b.start} stands`),
      ` ${b.morale}; brigadier `, b.leader ? rating(b.leader.rating, b.leader.rolled) : '—',
      b.out || b.prisoners || b.returned ? el('span', { class: 'hint' }, ` (out ${b.out}, prisoners ${b.prisoners}, returned ${b.returned})`) : ''),
    actions && b.stands > 0 ? el('div', { class: 'quick-row' },
      quick(d, b, 'lost', '−1 stand', { lost: 1 }),
      quick(d, b, 'captured', 'Captured', { captured: 1 }),
      quick(d, b, 'leader', 'Leader lost', {})) : null)));
}

function divisionCard(d) {
  const head = `${d.id} ${d.name}`;
  const sub = `${d.arm}${d.corps ? ', ' + d.corps : ''}`;
  let summary, body;
  if (d.hidden && !d.brigades) {
    summary = [el('strong', {}, head), el('span', {}, 'hidden')];
    body = [el('p', { class: 'hidden-div' }, `${sub}; hidden, commitment ${d.commitment}`)];
  } else if (!d.engaged) {
    summary = [el('strong', {}, head), el('span', {}, 'not engaged yet')];
    body = [el('p', { class: 'hint' }, `${sub}: nothing rolled`)];
  } else {
    summary = [el('strong', {}, head), el('span', {}, `${d.stands} of ${d.start} stands${d.hidden ? ' (hidden)' : ''}`)];
    body = [el('p', {}, `${sub}; leader `, rating(d.leader.rating, d.leader.rolled)),
      el('p', { class: 'artillery' }, artilleryLine(d.artillery)),
      brigadeList(d, mine(d.side) && !$('#camp-forms').hidden)];
  }
  const card = el('details', { class: 'division', 'data-division': d.id }, el('summary', {}, summary), body);
  card.open = divOpen[d.id] ?? mine(d.side);
  card.addEventListener('toggle', () => { divOpen[d.id] = card.open; });
  return card;
}
const divOpen = {};

function renderLedger(s) {
  lastShow = s;
  $('#camp-title').textContent = `${s.campaign.name}: ${s.campaign.year}, ${s.campaign.theater === 'east' ? 'Eastern' : 'Western'} theater`;
  const box = $('#camp-ledger');
  box.replaceChildren();
  box.append(el('p', { class: 'battle' }, s.battle ? `Battle under way: ${s.battle.name}` : 'No battle under way.'));
  const sides = whoami.viewer === 'confederate' ? ['confederate', 'union'] : ['union', 'confederate'];
  for (const side of sides) { // the own side first
    box.append(el('h4', { class: 'side-h' }, side === 'union' ? 'Union' : 'Confederate'));
    for (const d of s.divisions.filter(x => x.side === side)) box.append(divisionCard(d));
  }
  renderPrisoners(box, s.prisoners);
  fillSelects(s);
}

// The forms' choices: a form about the own divisions lists only those.
function fillSelects(s) {
  for (const sel of $$('.div-select')) {
    const keep = sel.value;
    const list = s.divisions.filter(d => sel.classList.contains('other') ? !mine(d.side) || whoami.viewer === 'umpire' : mine(d.side));
    sel.replaceChildren(...list.map(d => el('option', { value: d.id }, `${d.id} ${d.name} (${sideName(d.side)})`)));
    if (keep && list.some(d => String(d.id) === keep)) sel.value = keep;
  }
  for (const sel of $$('.side-select'))
    for (const o of sel.options) o.hidden = !mine(o.value);
  const ss = $('.side-select');
  if (ss && !mine(ss.value)) ss.value = whoami.viewer;
  for (const sel of $$('.year-select')) {
    const keep = sel.value, years = [];
    for (let y = s.campaign.year + 1; y <= 1865; y++) years.push(y);
    sel.replaceChildren(...years.map(y => el('option', { value: y }, y)));
    if (keep && years.includes(Number(keep))) sel.value = keep;
    sel.closest('form').querySelector('button').disabled = !years.length;
  }
  fillFair();
}

// The fair roll's hex fields, from the log: the latest commitment for the
// division chosen (step 2) and the contribution recorded for it (step 3).
function fillFair() {
  for (const [cmd, kind, field] of [['campaign/contribute', 'fair-commit', 'commitment'], ['campaign/engage', 'contribute', 'contribution']]) {
    const f = $(`#fair form[data-cmd="${cmd}"]`);
    if (!f || f.dataset.key) continue;
    const div = Number(f.div.value);
    const e = lastLog.filter(x => x.kind === kind && x.division === div && x[field]).pop();
    const input = f[field];
    if (e && (!input.value || input.dataset.filled)) { input.value = e[field]; input.dataset.filled = '1'; }
  }
}

// What each side holds, camp by camp: the one shape show and prisoners share.
function renderPrisoners(box, p) {
  const u = p.held_by_union, c = p.held_by_confederate;
  const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  box.append(el('p', { class: 'prisoners' }, `Prisoners: the Union holds ${n(u.total, 'Confederate stand', 'Confederate stands')}; the Confederates hold ${n(c.total, 'Union stand', 'Union stands')}.`));
  for (const [who, h] of [['Union', u], ['Confederates', c]]) {
    for (const camp of h.camps) {
      const here = x => x.camp === camp.name;
      const items = [
        ...h.stands.filter(here).map(x => `${x.name}${x.hidden ? ' (hidden)' : ' brigade ' + x.brigade}: ${n(x.stands, 'stand', 'stands')}`),
        ...h.leaders.filter(here).map(x => x.hidden ? `${x.name} (hidden): a leader`
          : `${x.name}: ${x.post === 'brigade' ? 'the brigadier of brigade ' + x.brigade : 'the division leader'} (${x.rating})`),
        ...h.batteries.filter(here).map(x => `${x.name}: ${n(x.batteries, 'battery', 'batteries')}`)];
      box.append(el('p', { class: 'camp' }, el('strong', {}, `Held by the ${who} in ${camp.name}: `), items.join('; ')));
    }
  }
}

function logLine(e) {
  if (e.kind === 'undo') return `#${e.id} undo of #${e.event} (${e.undone_kind})`;
  const parts = [`#${e.id} ${e.kind}`];
  for (const k of ['name', 'division', 'side', 'post', 'brigade', 'lost', 'captured', 'batteries', 'batteries_lost', 'rating', 'winner', 'union', 'confederate', 'camp', 'year', 'commitment']) {
    if (e[k] === undefined || e[k] === null || e[k] === false) continue;
    const v = /^[0-9a-f]{33,}$/.test(e[k]) ? e[k].slice(0, 12) + '…' : e[k]; // the ledger shows it whole
    parts.push(v === true ? k : `${k} ${v}`);
  }
  if (e.seed !== undefined && e.seed !== null) parts.push(`seed ${e.seed}`);
  const by = e.author || e.actor;
  return parts.join(', ') + (by ? ` — ${by}` : '') + (e.time ? ` ${e.time}` : '');
}

async function loadCampaign() {
  if (!whoami.campaign) return;
  try {
    const [s, log] = await Promise.all([api('campaign/show', {}), api('campaign/log', {})]);
    musterOffline.keep(s, log);
    showLedger(s, log, null);
    // Once live, the stream alone moves lastEventId on (a reload that came
    // first would make it skip the event), except after a reset.
    if (resetFrom !== null)
      for (const e of log.events)
        if (e.id > resetFrom && !liveSeen.includes(e.id)) { liveSeen.push(e.id); arrived.push(e); }
    if (!streaming || resetFrom !== null)
      for (const e of log.events) if (e.id > lastEventId) lastEventId = e.id;
    resetFrom = null;
    if (!streaming) live();
    noticeOthers(arrived.splice(0).map(e => log.events.find(x => x.id === e.id) || e));
  } catch (e) {
    const last = musterOffline.unreachable(e) && musterOffline.last();
    if (!last) return showError($('#camp-error'), e);
    showError($('#camp-error'), null);
    showLedger(last.show, last.log, last.time);
  }
}

// The ledger and the log; `stale` is the time they were seen, when the
// server cannot be reached (offline.js keeps them on the device).
function showLedger(s, log, stale) {
  lastLog = log.events;
  renderLedger(s);
  $('#camp-log').replaceChildren(...log.events.slice().reverse().map(e => el('li', { value: e.id }, logLine(e))));
  $('#camp-latest').replaceChildren(...log.events.slice(-3).reverse().map(e => el('li', {}, logLine(e))));
  const box = $('#camp-stale');
  box.hidden = !stale;
  box.textContent = stale ? 'Offline: the ledger as it stood at ' + new Date(stale).toLocaleString() +
    ', read only. Changes made now wait in the queue below and go out when the connection returns.' : '';
}

// The changes made offline, in the order they will be sent; a refused one
// keeps its refusal until the player has read it.
function showQueue(q) {
  const box = $('#camp-queue');
  box.hidden = q.length === 0;
  box.replaceChildren(...q.map(e => el('li', { class: e.state, 'data-id': e.id },
    e.cmd.replace('campaign/', '').replace('/', ' '), ' ',
    Object.entries(e.body).map(([k, v]) => v === true ? k : k + ' ' + v).join(', '), ': ',
    e.state === 'refused' ? ['refused: ', e.error, ' ', el('button', { type: 'button', class: 'dismiss' }, 'OK')]
      : 'waiting to be sent')));
  for (const b of $$('button.dismiss', box)) b.addEventListener('click', () => musterOffline.dismiss(b.parentNode.dataset.id));
}

async function sendQueue() {
  if (!musterOffline.queue().some(e => e.state === 'waiting')) return;
  const sent = await musterOffline.flush((cmd, body, id) => apiWrite(cmd, body, id));
  if (sent || !musterOffline.queue().some(e => e.state === 'waiting')) loadCampaign();
}

// ---- writes: POST with the form's Idempotency-Key, made once per submit and
// kept until it is answered, so a double tap or a retry records one event
// (the server answers the same request again with its first answer).
function newKey() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b); // randomUUID needs a secure context; a LAN page is not one
  return Array.from(b, x => x.toString(16).padStart(2, '0')).join('');
}

async function apiWrite(cmd, opts, key) {
  const headers = { 'Content-Type': 'application/json', 'Idempotency-Key': key };
  if (token) headers['X-Muster-Token'] = token;
  const res = await fetch('/api/' + cmd, { method: 'POST', headers, cache: 'no-store', body: JSON.stringify(opts) });
  let body = null;
  try { body = await res.json(); } catch (e) { body = null; }
  if (!res.ok) throw apiError(res, body);
  return { body, events: res.headers.get('X-Muster-Events') || '' };
}

// "7", "7-9" or "7,9-10": the events this write recorded
const eventIds = s => {
  const ids = [];
  for (const run of s.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(run);
    if (!m) return [];
    for (let i = Number(m[1]); i <= Number(m[2] || m[1]); i++) ids.push(i);
  }
  return ids;
};

// "#22 recorded: ..." with an Undo button, announced to screen readers; an
// answer that is no event (a reveal, a contribution) is shown as it is.
function showRecorded(ids, answer) {
  const box = $('#camp-done');
  box.replaceChildren();
  const said = [];
  for (const id of ids) {
    madeHere.add(id);
    const e = lastLog.find(x => x.id === id);
    const text = `#${id} recorded: ${e ? logLine(e).replace(/^#\d+ /, '') : 'done'}`;
    said.push(text);
    const line = el('p', { class: 'recorded' }, text);
    if (!e || !notUndone(e)) {
      const b = el('button', { type: 'button', class: 'undo-btn', 'data-event': id }, 'Undo');
      b.addEventListener('click', () => undoEvent(id, b));
      line.append(' ', b);
    }
    box.append(line);
  }
  for (const [k, v] of Object.entries(answerExtras(answer))) {
    const long = v.length > 64; // a document: to copy, not to read
    box.append(el('label', { class: 'answer' }, `${k}: `, long
      ? el('textarea', { class: 'hex', rows: '3', readonly: true, spellcheck: 'false' }, v)
      : el('code', { class: 'hex' }, v)));
    said.push(long ? k : `${k} ${v}`);
  }
  box.hidden = !box.children.length;
  if (said.length) announce(said.join('. '));
}

// What undo refuses (the command's help): no Undo button for those.
const notUndone = e => ['new', 'add', 'reveal', 'fair-commit', 'contribute', 'undo'].includes(e.kind) ||
  (e.kind === 'engage' && e.hidden);

// What an answer carries that the log line does not: a commitment to hand
// over, a contribution, a reveal document.
function answerExtras(a) {
  const x = {};
  if (!a) return x;
  if (a.fair_commitment) x['Fair commitment (give it to the other side)'] = a.fair_commitment;
  if (a.contribution && !a.id) x['Contribution (give it to the owner)'] = a.contribution;
  if (a.salt && a.division && a.commitment) x['Reveal document'] = JSON.stringify(a);
  if (a.commitment && a.hidden && !a.salt) x['Commitment'] = a.commitment;
  return x;
}

async function undoEvent(id, button) {
  button.disabled = true;
  button.dataset.key ||= newKey();
  await write('campaign/undo', { event: id }, button.dataset.key, null);
  button.disabled = false;
}

// One write: refused, it says why in the page's words; recorded, the page
// redraws and says what was recorded. True when recorded.
let lastError = null;
const offlineNow = () => !navigator.onLine || musterOffline.queue().some(e => e.state === 'waiting');
async function write(cmd, opts, key, form) {
  showError($('#camp-error'), null);
  lastError = null;
  if (offlineNow()) return queued(cmd, opts, key); // after the ones already waiting, in order
  try {
    const r = await apiWrite(cmd, opts, key);
    for (const id of eventIds(r.events)) madeHere.add(id);
    await loadCampaign();
    showRecorded(eventIds(r.events), r.body);
    if (cmd === 'campaign/reveal' && r.body) $('#verify-form').document.value = JSON.stringify(r.body);
    $('#camp-done').scrollIntoView({ block: 'nearest' });
    return true;
  } catch (e) {
    if (musterOffline.unreachable(e)) return queued(cmd, opts, key);
    lastError = e;
    const need = form && diceTyped(form) && NEED.exec(e.message || '');
    if (need) return false; // the next roll: the form asks for it
    const box = $('#camp-error');
    box.textContent = pageWords(e, form);
    box.hidden = false;
    announce(box.textContent);
    box.scrollIntoView({ block: 'center' }); // the form may be far below
    return false;
  }
}

// Offline: the change waits with its request id (and its form clears as
// after a write).
function queued(cmd, opts, key) {
  musterOffline.add(cmd, opts, key);
  return true;
}

// ---- the forms --------------------------------------------------------------

// A form's options: named fields, less those of hidden rows and the
// page's own choices (data-local), then what those choices mean.
function formOptions(f) {
  const o = {};
  for (const i of f.elements) {
    if (!i.name || 'local' in i.dataset || i.closest('[hidden]')) continue;
    if (i.type === 'checkbox') { if (i.checked) o[i.name] = true; }
    else if (i.type === 'radio') { if (i.checked) o[i.name] = i.value; }
    else if (i.value.trim() !== '') o[i.name] = i.value.trim();
  }
  const post = f.elements.post && f.elements.post.value;
  if (post === 'corps') o['corps-leader'] = true;
  const how = f.elements.how && f.elements.how.value;
  if (how === 'hidden' || how === 'fair') o.hidden = true;
  if (how === 'fair') o.fair = true;
  if (diceTyped(f)) o.rolls = $$('.roll-fields input', f).map(i => i.value.trim()).join(',');
  return o;
}

// Dice: "Roll for me" (the server's seed) or "I roll real dice", one field
// a roll, each labelled with its table as the server asks for it.
const diceTyped = f => 'dice' in f.dataset && !(f.elements.how && f.elements.how.value === 'fair') &&
  f.elements.dice && f.elements.dice.value === 'typed';

function addDice(f) {
  const box = el('div', { class: 'dice' },
    el('fieldset', { class: 'seg' }, el('legend', {}, 'Dice'),
      el('label', {}, el('input', { type: 'radio', name: 'dice', value: 'seed', 'data-local': '', checked: true }), ' Roll for me'),
      el('label', {}, el('input', { type: 'radio', name: 'dice', value: 'typed', 'data-local': '' }), ' I roll real dice')),
    el('div', { class: 'typed', hidden: true },
      el('p', { class: 'hint' }, 'A d100 for each line (00 = 100). The next line appears once the tables know what comes next; nothing is recorded before the last.'),
      el('ol', { class: 'roll-fields' })));
  f.querySelector('button[type="submit"]').before(box);
  f.addEventListener('change', e => {
    if (e.target.name === 'dice') $('.typed', f).hidden = e.target.value !== 'typed';
    if (e.target.name === 'how') box.hidden = e.target.value === 'fair';
  });
}

function addRollFieldTo(f, n, label) {
  const list = $('.roll-fields', f);
  while (list.children.length > n - 1) list.lastElementChild.remove();
  const input = el('input', { inputmode: 'numeric', maxlength: '3', 'data-roll': n, 'data-local': '' });
  input.addEventListener('input', () => { if (/^(100|00|[0-9]{2})$/.test(input.value.trim())) f.requestSubmit(); });
  list.append(el('li', {}, el('label', {}, label, input)));
  return input;
}

const howHints = {
  open: 'Open: both sides see the division as it is rolled.',
  hidden: 'Hidden: the other side sees only a commitment until you reveal it. Dice you roll yourself make it "not verifiable".',
  fair: 'Fair: step 1 of a fair roll. The page shows a commitment to give the other side; see "Fair roll" below.',
};

function formChanged(f, e) {
  delete f.dataset.key; // another change: another request
  if (e.target.name === 'post') $('.brigade-row', f).hidden = f.elements.post.value !== 'brigade';
  if (e.target.name === 'captured' && $('.camp-row', f)) $('.camp-row', f).hidden = !e.target.checked;
  if (e.target.name === 'how') $('.how-hint', f).textContent = howHints[e.target.value];
  if (e.target.name === 'div' && f.closest('#fair')) { for (const i of $$('.hex', f)) delete i.dataset.filled; fillFair(); }
  if (e.target.name === 'dice' || e.target.name === 'how' || e.target.name === 'div') $$('.roll-fields', f).forEach(l => l.replaceChildren());
}

async function campaignSubmit(ev) {
  ev.preventDefault();
  const f = ev.target;
  const o = formOptions(f);
  f.dataset.key ||= newKey();
  const button = f.querySelector('button[type="submit"]');
  if (button) button.disabled = true;
  let need = null;
  const done = await write(f.dataset.cmd, o, f.dataset.key, f).catch(() => false);
  if (!done) {
    delete f.dataset.key; // refused: nothing recorded
    need = diceTyped(f) && lastError && NEED.exec(lastError.message || '');
  }
  if (button) button.disabled = false;
  if (need) { // the next roll, labelled with its table
    showError($('#camp-error'), null);
    addRollFieldTo(f, Number(need[2]), need[1]).focus();
    return;
  }
  if (!done) return;
  delete f.dataset.key;
  const keep = $$('select', f).map(x => x.value);
  f.reset(); // the form clears after a write: a second tap records nothing
  $$('select', f).forEach((x, i) => { x.value = keep[i]; });
  for (const x of $$('.roll-fields', f)) x.replaceChildren();
  for (const x of $$('.typed, .brigade-row, .camp-row', f)) x.hidden = true;
  if ($('.dice', f)) $('.dice', f).hidden = false;
  if ($('.how-hint', f)) $('.how-hint', f).textContent = howHints.open;
  fillFair();
}

// ---- verify: a revealed division against the commitment in the log,
// checked on the phone (SHA-256 of the salt's bytes and the division's
// canonical JSON, RFC 8785: keys sorted, no spaces).
function canonical(v) {
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  if (v && typeof v === 'object')
    return '{' + Object.keys(v).sort().map(k => JSON.stringify(k) + ':' + canonical(v[k])).join(',') + '}';
  return JSON.stringify(v);
}

function sha256(bytes) {
  const K = [];
  const frac = x => (x - Math.floor(x)) * 2 ** 32 >>> 0;
  for (let n = 2, found = 0; found < 64; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
    if (prime) K[found++] = frac(Math.cbrt(n));
  }
  const H = [2, 3, 5, 7, 11, 13, 17, 19].map(p => frac(Math.sqrt(p)));
  const len = bytes.length, total = ((len + 9 + 63) >> 6) << 6;
  const m = new Uint8Array(total);
  m.set(bytes);
  m[len] = 0x80;
  const dv = new DataView(m.buffer);
  dv.setUint32(total - 8, Math.floor(len / 2 ** 29));
  dv.setUint32(total - 4, (len << 3) >>> 0);
  const w = new Uint32Array(64), rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = dv.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    H.forEach((x, i) => { H[i] = (x + [a, b, c, d, e, f, g, h][i]) >>> 0; });
  }
  return H.map(x => x.toString(16).padStart(8, '0')).join('');
}

function verifyDocument(ev) {
  ev.preventDefault();
  const out = $('#verify-result');
  out.hidden = false;
  out.className = 'big';
  let doc;
  try { doc = JSON.parse($('#verify-form').document.value); } catch (e) { doc = null; }
  if (!doc || !doc.division || !/^[0-9a-f]{32}$/.test(doc.salt || '') || !/^[0-9a-f]{64}$/.test(doc.commitment || '')) {
    out.textContent = 'That is not a reveal document: paste what Reveal shows ({"division":…,"salt":…,"commitment":…}).';
    out.classList.add('error');
    announce(out.textContent);
    return;
  }
  const salt = doc.salt.match(/../g).map(h => parseInt(h, 16));
  const body = new TextEncoder().encode(canonical(doc.division));
  const got = sha256(Uint8Array.from([...salt, ...body]));
  const logged = lastLog.filter(e => e.kind === 'engage' && e.hidden && e.commitment === doc.commitment).pop();
  const ok = got === doc.commitment && logged;
  out.textContent = ok ? `Verified: it opens the commitment event #${logged.id} recorded for division ${logged.division} ${logged.name || ''}.`
    : got !== doc.commitment ? 'Does not verify: the division and salt do not give that commitment.'
      : 'Does not verify: no hidden engage in the log recorded that commitment.';
  out.classList.add(ok ? 'outcome' : 'error');
  announce(out.textContent);
}

// ---- start ------------------------------------------------------------------

async function start() {
  for (const b of $$('#tabs button')) b.addEventListener('click', () => selectTab(b.dataset.tab));
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
  try {
    whoami = await (await fetch('/whoami', { headers: token ? { 'X-Muster-Token': token } : {} })).json();
    musterOffline.keepWho(whoami);
  } catch (e) {
    whoami = musterOffline.unreachable(e) ? musterOffline.lastWho() : null;
  }
  if (!whoami) {
    $('#denied').hidden = false;
    $('main').hidden = true;
    $('#tabs').hidden = true;
    return;
  }
  // A campaign server without a valid link: the calculators still work.
  if (whoami.viewer === 'nobody' && whoami.links) $('#denied').hidden = false;
  if (whoami.campaign) {
    $('#who').hidden = false;
    $('#who').textContent = cap(whoami.viewer);
    $('#who').classList.add(whoami.viewer);
    $('#tabs [data-tab="campaign"]').hidden = false;
    const write = whoami.viewer === 'umpire' || whoami.sides_can_write;
    $('#camp-forms').hidden = !write;
    $('#camp-readonly').hidden = write;
    if (whoami.viewer !== 'umpire') {
      const army = $(`#div-form input[name="army"][value="${whoami.viewer}"]`);
      if (army) army.checked = true;
    }
  }
  const df = $('#div-form');
  df.addEventListener('submit', rollDivision);
  for (const r of $$('input[name="dice"]', df)) r.addEventListener('change', diceMode);
  for (const n of ['army', 'year', 'theater', 'arm', 'by-the-book'])
    for (const i of $$(`[name="${n}"]`, df)) i.addEventListener('change', () => { if (df.dice.value === 'typed') relabel(); });

  const ff = $('#fire-form');
  ff.addEventListener('submit', e => e.preventDefault());
  let timer = null;
  const soon = () => { clearTimeout(timer); timer = setTimeout(updateFire, 120); };
  ff.addEventListener('input', e => {
    if (e.target.name === 'range-slider') ff.range.value = e.target.value;
    soon();
  });
  ff.addEventListener('change', e => {
    if (e.target.name === 'unit') {
      const r = parseFloat(ff.range.value) || 0;
      ff.range.value = String(e.target.value === 'yd' ? r * 10 : r / 10);
    }
    soon();
  });
  $('#fire-roll').addEventListener('click', rollFire);
  $('#fire-typed').addEventListener('change', () => { if ($('#fire-typed').value.trim()) rollFire(); });
  for (const f of $$('#camp-forms form[data-cmd]')) {
    if ('dice' in f.dataset) addDice(f);
    f.addEventListener('submit', campaignSubmit);
    f.addEventListener('input', e => formChanged(f, e));
    f.addEventListener('change', e => formChanged(f, e));
  }
  $('#verify-form').addEventListener('submit', verifyDocument);
  musterOffline.onChange(showQueue);
  addEventListener('online', sendQueue);
  if (navigator.onLine) sendQueue(); // left from an earlier visit
  updateFire();
  const want = location.hash.match(/tab=(\w+)/);
  selectTab(want ? want[1] : (whoami.campaign ? 'campaign' : 'division'));
}

document.addEventListener('DOMContentLoaded', start);
