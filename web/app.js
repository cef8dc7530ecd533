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
  if (!res.ok) throw new ApiError(res.status, body && body.error ? body.error : res.status + ' ' + res.statusText);
  return body;
}

function showError(box, e) {
  box.hidden = !e;
  box.textContent = e ? (e.message || String(e)) : '';
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
    chart($('#odds-chart'), 'odds/fire', { ...o, method: 'both' }, 'The odds of each number of hits, both ways');
  } catch (e) {
    if (seq === fireSeq) $('#fire-odds').replaceChildren(el('p', { class: 'error' }, e.message));
  }
}

// Charts are the SVG that `muster plot` draws (GET /plot/...), fetched with
// the link's token and shown as an image.
const chartUrls = {};
async function chart(box, path, opts, alt) {
  const headers = token ? { 'X-Muster-Token': token } : {};
  const q = Object.entries(opts).filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => encodeURIComponent(k) + (v === true ? '' : '=' + encodeURIComponent(v))).join('&');
  try {
    const res = await fetch('/plot/' + path + (q ? '?' + q : ''), { headers, cache: 'no-store' });
    if (!res.ok) throw new Error((await res.json().catch(() => ({}))).error || res.statusText);
    const url = URL.createObjectURL(await res.blob());
    if (chartUrls[box.id]) URL.revokeObjectURL(chartUrls[box.id]);
    chartUrls[box.id] = url;
    box.replaceChildren(el('img', { src: url, alt, class: 'chart' }));
  } catch (e) {
    box.replaceChildren(el('p', { class: 'error' }, e.message));
  }
}

function drawCurve(o) {
  chart($('#fire-curve'), 'curves', { weapon: o.weapon, cover: o.cover },
    `P against range for ${o.weapon}${o.cover ? ', in the open and behind hard cover' : ''}`);
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
let lastLog = [];

// ---- live: GET /api/campaign/events, Server-Sent Events read with fetch
// (EventSource cannot send the token header). Every stream starts after the
// last event this page has (Last-Event-ID), so nothing is missed; the page
// redraws from the log, so nothing shows twice.
let lastEventId = 0, streaming = false, reloadTimer = null;
const liveSeen = []; // the event ids the stream brought, in order (tests read it)
window.musterLive = liveSeen;

function onStreamBlock(block) {
  let id = null, data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (!id || !data || id <= lastEventId) return;
  lastEventId = id;
  liveSeen.push(id);
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

function brigadeTable(d) {
  return el('div', { class: 'scroll' }, el('table', { class: 'ledger' },
    el('thead', {}, el('tr', {}, ['#', 'stands', 'out', 'prisoners', 'returned', 'morale', 'brigadier']
      .map((h, i) => el('th', { class: i < 5 ? 'n' : null }, h)))),
    el('tbody', {}, d.brigades.map(b => el('tr', { 'data-brigade': b.number },
      el('td', { class: 'n' }, b.number), el('td', { class: 'n' }, b.stands),
      el('td', { class: 'n' }, b.out), el('td', { class: 'n' }, b.prisoners),
      el('td', { class: 'n' }, b.returned), el('td', {}, b.morale), el('td', {}, b.leader ? rating(b.leader.rating, b.leader.rolled) : ''))))));
}

function renderLedger(s) {
  $('#camp-title').textContent = `Campaign "${s.campaign.name}": ${s.campaign.year}, ${s.campaign.theater === 'east' ? 'Eastern' : 'Western'} theater`;
  const box = $('#camp-ledger');
  box.replaceChildren();
  box.append(el('p', {}, s.battle ? `Battle in progress: ${s.battle.name}` : 'No battle in progress.'));
  const sides = whoami.viewer === 'confederate' ? ['confederate', 'union'] : ['union', 'confederate'];
  for (const side of sides) { // the own side first
    box.append(el('h3', {}, side === 'union' ? 'Union' : 'Confederate'));
    for (const d of s.divisions.filter(x => x.side === side)) {
      const head = `Division ${d.id} "${d.name}", ${d.arm}${d.corps ? ', ' + d.corps : ''}`;
      const card = el('div', { class: 'division', 'data-division': d.id });
      if (d.hidden && !d.brigades) {
        card.append(el('p', {}, el('strong', {}, head)), el('p', { class: 'hidden-div' }, `hidden, commitment ${d.commitment}`));
      } else if (!d.engaged) {
        card.append(el('p', {}, el('strong', {}, head)), el('p', { class: 'hint' }, 'not engaged yet: nothing rolled'));
      } else {
        card.append(el('p', {}, el('strong', {}, head), d.hidden ? ' (hidden)' : ''),
          el('p', {}, `${d.stands} of ${d.start} stands in ${d.brigades.length} brigades; ${d.artillery.division} batteries${d.artillery.destroyed ? ` (${d.artillery.destroyed} destroyed)` : ''}; leader `, rating(d.leader.rating, d.leader.rolled)),
          brigadeTable(d));
      }
      box.append(card);
    }
  }
  renderPrisoners(box, s.prisoners);
  for (const sel of $$('.div-select')) {
    const keep = sel.value;
    sel.replaceChildren(...s.divisions.map(d => el('option', { value: d.id }, `${d.id} ${d.name} (${d.side})`)));
    if (keep) sel.value = keep;
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
  for (const k of ['name', 'division', 'side', 'brigade', 'lost', 'captured', 'batteries', 'batteries_lost', 'winner', 'union', 'confederate', 'commitment']) {
    if (e[k] !== undefined && e[k] !== null) parts.push(`${k} ${e[k]}`);
  }
  if (e.seed !== undefined && e.seed !== null) parts.push(`seed ${e.seed}`);
  return parts.join(', ');
}

async function loadCampaign() {
  if (!whoami.campaign) return;
  try {
    const [s, log] = await Promise.all([api('campaign/show', {}), api('campaign/log', {})]);
    showError($('#camp-error'), null);
    musterOffline.keep(s, log);
    showLedger(s, log, null);
    for (const e of log.events) if (e.id > lastEventId) lastEventId = e.id;
    if (!streaming) live();
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
  renderLedger(s);
  lastLog = log.events;
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

// A change: POST with the form's Idempotency-Key, made once per submit and
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
  if (!res.ok) throw new ApiError(res.status, body && body.error ? body.error : res.status + ' ' + res.statusText);
  return { body, events: res.headers.get('X-Muster-Events') || '' };
}

const eventIds = s => {
  const m = /^(\d+)(?:-(\d+))?$/.exec(s);
  if (!m) return [];
  const ids = [];
  for (let i = Number(m[1]); i <= Number(m[2] || m[1]); i++) ids.push(i);
  return ids;
};

// "#22 recorded: ..." with an Undo button, announced to screen readers.
function showRecorded(ids) {
  const box = $('#camp-done');
  box.replaceChildren();
  box.hidden = !ids.length;
  for (const id of ids) {
    const e = lastLog.find(x => x.id === id);
    const text = e ? logLine(e).replace(/^#\d+ /, '') : 'recorded';
    const line = el('p', { class: 'recorded' }, `#${id} recorded: ${text}`);
    if (!e || e.kind !== 'undo') {
      const b = el('button', { type: 'button', class: 'undo-btn', 'data-event': id }, 'Undo');
      b.addEventListener('click', () => undoEvent(id, b));
      line.append(' ', b);
    }
    box.append(line);
  }
}

async function undoEvent(id, button) {
  button.disabled = true;
  button.dataset.key ||= newKey();
  try {
    const r = await apiWrite('campaign/undo', { event: id }, button.dataset.key);
    showError($('#camp-error'), null);
    await loadCampaign();
    showRecorded(eventIds(r.events));
  } catch (e) {
    showError($('#camp-error'), e);
    button.disabled = false;
  }
}

async function campaignSubmit(ev) {
  ev.preventDefault();
  const f = ev.target;
  const o = {};
  for (const i of f.elements) {
    if (!i.name) continue;
    if (i.type === 'checkbox') { if (i.checked) o[i.name] = true; }
    else if (i.value.trim() !== '') o[i.name] = i.value.trim();
  }
  showError($('#camp-error'), null);
  f.dataset.key ||= newKey();
  if (!navigator.onLine || musterOffline.queue().some(e => e.state === 'waiting'))
    return queueChange(f, o); // after the ones already waiting, in order
  const button = f.querySelector('button[type="submit"]');
  if (button) button.disabled = true;
  let r;
  try {
    r = await apiWrite(f.dataset.cmd, o, f.dataset.key);
  } catch (e) {
    if (button) button.disabled = false;
    if (musterOffline.unreachable(e)) return queueChange(f, o);
    if (e instanceof ApiError) delete f.dataset.key; // refused: nothing recorded
    showError($('#camp-error'), e); // refused: nothing changed, nothing to reload
    $('#camp-error').scrollIntoView({ block: 'center' }); // the form may be far below
    return;
  }
  delete f.dataset.key;
  clearForm(f);
  if (button) button.disabled = false;
  await loadCampaign();
  showRecorded(eventIds(r.events));
  $('#camp-done').scrollIntoView({ block: 'nearest' });
}

// Offline: the change waits with its request id, and the form clears as
// after a write.
function queueChange(f, o) {
  musterOffline.add(f.dataset.cmd, o, f.dataset.key);
  delete f.dataset.key;
  clearForm(f);
}

function clearForm(f) {
  const keepDiv = $$('select.div-select', f).map(x => x.value);
  f.reset(); // a second tap records nothing
  $$('select.div-select', f).forEach((x, i) => { x.value = keepDiv[i]; });
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
  for (const f of $$('#camp-forms form')) {
    f.addEventListener('submit', campaignSubmit);
    f.addEventListener('input', () => { delete f.dataset.key; }); // another change
  }
  musterOffline.onChange(showQueue);
  addEventListener('online', sendQueue);
  if (navigator.onLine) sendQueue(); // left from an earlier visit
  updateFire();
  const want = location.hash.match(/tab=(\w+)/);
  selectTab(want ? want[1] : (whoami.campaign ? 'campaign' : 'division'));
}

document.addEventListener('DOMContentLoaded', start);
