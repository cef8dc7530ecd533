// SPDX-License-Identifier: MIT
// muster's page, served by `muster serve` at / and the same in the static
// folder muster-site/. The calculators (a division, a volley, odds, curves)
// are worked out on the phone by the WebAssembly engine (engine.js), with
// or without a connection; with a link (#t=TOKEN) the campaign joins them,
// from /api/campaign/. Both answer what the command line prints with
// --format json. Text from either goes into the page as text (textContent),
// never as markup.
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

// A tap before the page is ready (its language, its link and the engine
// still loading on a slow phone) is held and played once it is, rather than
// lost or sent as a plain form that would reload the page without its link.
// A field changed then (a roll typed) is told again.
const early = [];
function holdEarly(e) {
  const t = e.type === 'click' ? e.target.closest('button') : e.target;
  if (!t || early.some(x => x.t === t && x.type === e.type)) return; // a double tap counts once
  early.push({ t, type: e.type });
  if (e.type === 'change') return; // what was typed stays typed
  e.preventDefault();
  e.stopPropagation();
}
const EARLY = ['click', 'submit', 'change'];
for (const type of EARLY) document.addEventListener(type, holdEarly, true);
function playEarly() {
  for (const type of EARLY) document.removeEventListener(type, holdEarly, true);
  for (const { t, type } of early.splice(0)) {
    if (type === 'submit') t.requestSubmit();
    else if (type === 'click') t.click();
    else t.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

// GET /api/<cmd>?opts, or POST with the options as a JSON object.
// The API's JSON, an integer past 2^53 (a fair roll's seed) kept as its
// digits, a string, where JSON.parse would round it.
const parseJson = text => JSON.parse(text.replace(/"(?:[^"\\]|\\.)*"|-?\d{16,}(?![.eE\d])/g, m => (m[0] === '"' ? m : `"${m}"`)));

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
  try { body = parseJson(await res.text()); } catch (e) { body = null; }
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
const reasonWords = () => ({
  'battle-not-started': _('No battle is under way: start one first (Battle, "Start the battle").'),
  'battle-under-way': _('A battle is already under way: end it first (Battle, "End the battle").'),
  'no-casualties': _('Nothing to record: give the stands lost or captured, or the batteries.'),
  'loss-exceeds-stands': _('The brigade has fewer stands than that: give at most the stands it has left.'),
  'no-penalty': _('No despicable replacement is owed: nothing to spend.'),
  'no-campaign': _('There is no campaign here.'),
  'no-such-division': _('There is no such division in this campaign.'),
  'busy': _('Another write held the campaign a moment too long: try again.'),
  'hidden-division': _('That division is hidden from your side.'),
  'no-winner': _('Choose who won: the Union, the Confederates or neither (a draw).'),
  'too-many-threads': _('The server cannot do that much at once: try again.'),
});

function fieldLabel(form, name) {
  const i = form && form.querySelector(`[name="${CSS.escape(name)}"]`);
  // a choice of radio buttons is named by its fieldset's legend, not by
  // the label of its first button
  const legend = i && (i.closest('fieldset') || {}).querySelector?.('legend');
  const l = i && (i.type === 'radio' && legend ? legend : i.closest('label') || legend);
  const text = l ? (Array.from(l.childNodes).find(n => n.nodeType === 3 && n.textContent.trim()) || l).textContent.trim() : '';
  return text || name.replace(/-/g, ' ');
}

function pageWords(e, form) {
  if (!(e instanceof ApiError)) return _('The server cannot be reached: check the network, then try again.');
  const words = reasonWords();
  if (e.reason && words[e.reason]) return words[e.reason];
  // The server's message is English (the API's words are the C sources'
  // formats): in another language the catalogue gives it in the reader's
  // words, with its values; then each option is named as the form's field
  // (quoted as the language quotes), and no command line is left in it.
  // TRANSLATORS: an option's name quoted as the language quotes ({text} is the name)
  const quoted = text => _p('quoted', '"{text}"', { text });
  let m = musterLang.server(e.message)
    .replace(/\s*\((?:see|siehe) '?muster[^)]*\)/g, '')
    .replace(/:?\s*(?:see|try|use|with|run|mit|siehe)?\s*'muster [^']*'/g, '')
    .replace(/--([a-z][a-z0-9-]*)(?: [A-Z][A-Z|]*\b)?/g, (x, n) => quoted(fieldLabel(form, n)));
  if (e.status === 403) return _('This link may not do that: ask the umpire.');
  // In another language the page names the field in its own words first.
  if (musterLang.lang() !== 'en' && e.option)
    return _('“{field}” was not accepted: {detail}', { field: fieldLabel(form, e.option), detail: m });
  return m || _('Refused.');
}

function showError(box, e, form = null) {
  box.hidden = !e;
  box.textContent = e ? (e instanceof ApiError ? pageWords(e, form) : e.message || String(e)) : '';
}

// The page's one live region: results and refusals, read out as they come.
function announce(text) {
  const a = $('#announce');
  a.textContent = '';
  setTimeout(() => { a.textContent = text; }, 60);
}

const num = musterLang.num, dec = musterLang.dec;

// ---- the engine: the CLI's calculators compiled to WebAssembly ------------

// House rules opened on the House tab: their paths in the engine's memory.
const house = { rules: null, weapons: null };
const engine = () => window.musterReady || Promise.reject(new Error(_('The engine is not part of this build: the calculators need muster built with emscripten.')));

// The engine's words: English for JSON (the page says it in its own
// words), the page's language for the command's text; a language's
// catalogue (core-LANG.mo, the CLI's messages) fetched once, when needed.
const coreMo = { en: null };
let engineLang = 'en';
async function fetchMo(l) {
  if (!(l in coreMo)) {
    try {
      const res = await fetch(`core-${l}.mo`);
      coreMo[l] = res.ok ? await res.arrayBuffer() : null;
    } catch (err) { coreMo[l] = null; } // not to be had: English
  }
}
// Synchronous, right before the run it is for: the log (tell) and the
// calculators share the engine and may want different languages.
function speakNow(e, l) {
  if (l !== engineLang) e.setLanguage(coreMo[l]);
  engineLang = l;
}

// `muster CMD --opt value ... --format json`, parsed; a refusal thrown as
// an ApiError, so that it is shown as the API's are.
let engineQueue = Promise.resolve();
function calc(cmd, opts, format = 'json') {
  const o = { ...opts, format };
  // a weapons file is the --rules of fire, curve and odds fire
  if (house.rules && /^(odds )?division/.test(cmd)) o.rules = house.rules;
  if (house.weapons && /^(odds fire|fire|curve)/.test(cmd)) o.rules = house.weapons;
  // one run at a time: a text run switches the engine's language
  const run = engineQueue.then(async () => {
    const e = await engine();
    const l = format === 'json' ? 'en' : musterLang.lang();
    await fetchMo(l);
    speakNow(e, l);
    const r = e.run(cmd, o);
    if (r.code !== 0) {
      const err = new ApiError(400, r.error);
      err.option = (/--([a-z][a-z0-9-]*)/.exec(r.error) || [])[1]; // as the API names it
      throw err;
    }
    return format === 'json' ? JSON.parse(r.out) : r.out;
  });
  engineQueue = run.catch(() => {});
  return run;
}
window.musterCalc = calc; // the console's way in (tests use it too)

// The badge: the engine ready, with or without the network.
function netStatus() {
  const net = $('#net');
  if (!window.musterEngine) return;
  net.textContent = navigator.onLine ? _('ready') : _('offline: all here');
  net.className = 'badge ' + (navigator.onLine ? 'ok' : 'off');
}

// The command's own text of what the page just showed, in the page's
// language (what `muster division --seed N` prints); said again when the
// language changes.
const texts = new Map();
async function commandText(box, cmd, o) {
  texts.set(box, [cmd, o]);
  try {
    box.textContent = await calc(cmd, o, 'text');
  } catch (e) { box.textContent = 'muster: ' + e.message; }
  box.closest('details')?.removeAttribute('hidden');
}

const pct = (x, d = 2) => _('{p} %', { p: num(x * 100, d) });

// ---- tabs -----------------------------------------------------------------

function selectTab(name) {
  for (const b of $$('#tabs button')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  for (const s of $$('.tab')) s.hidden = s.id !== name;
  if (name === 'campaign') loadCampaign();
}

// ---- a division arrives -----------------------------------------------------

const tableNames = () => ({
  theater: _('Theater and year'), leader: _('Division leader'), brigades: _('Number of brigades'),
  stands: _('stands'), morale: _('morale'), brigadier: _('brigadier'), ratio: _('Artillery ratio'),
  battery: _('Fractional battery'), reserve: _('Reserve share'), corps_leader: _('Corps leader'),
});

// The API's words (enum values, which stay English in the JSON) as the
// page says them.
function term(v) {
  const t = {
    union: _p('side', 'Union'), confederate: _p('side', 'Confederate'),
    infantry: _('infantry'), cavalry: _('cavalry'),
    green: _('green'), veteran: _('veteran'), crack: _('crack'),
    despicable: _('despicable'), average: _('average'), exceptional: _('exceptional'),
  }[v];
  return t || v;
}

function rollLabel(r) {
  const t = tableNames()[r.table] || r.table;
  return r.brigade ? _('Brigade {n} {table}', { n: r.brigade, table: t }) : t;
}

function rating(actual, rolled) {
  const dp = rolled === 'despicable';
  if (dp && actual !== 'despicable')
    return [term(actual) + ' ', el('span', { class: 'dp', title: _('despicable leader, played by the book as average') }, 'DP'), ' ' + _('(by the book)')];
  return [term(actual), dp ? ['\u00a0', el('span', { class: 'dp', title: _('despicable leader') }, 'DP')] : null];
}

// What DP means at the table, in the seed's rule expansion: beside a
// leader played as despicable (by the book he plays as average: no note).
const dpRule = () => el('p', { class: 'hint', 'data-rule': 'dp' },
  _('DP, despicable (the rule expansion): 0 manoeuvre modifiers; −1 in melee unless an average or exceptional leader of the same brigade outranks him. A corps leader stays with one division leader; a division leader stays within command radius of a brigade of his division; a brigadier cannot be replaced voluntarily.'));

function rollResult(r) {
  if (r.threshold !== undefined)
    return r.roll + (r.result ? ' ≤ ' : ' > ') + r.threshold + ': ' + (r.result ? _('one more') : _('no more'));
  return r.roll + ' → ' + (typeof r.result === 'string' ? term(r.result) : r.result);
}

function trunc2(n, den) {
  const h = Math.floor(100 * n / den);
  return Math.floor(h / 100) + musterLang.point() + String(h % 100).padStart(2, '0');
}

const theaterWords = t => t === 'east' ? _('Eastern theater') : _('Western theater');
const rolledWords = r => r ? ' ' + _('(rolled {roll})', { roll: r.roll }) : '';

let lastDivision = null; // drawn again when the language changes
function renderDivision(d) {
  lastDivision = d;
  const box = $('#div-result');
  box.replaceChildren();
  const byBrigade = {};
  for (const r of d.rolls || []) if (r.brigade) (byBrigade[r.brigade] ||= {})[r.table] = r.roll;
  const roll = t => (d.rolls || []).find(r => r.table === t);
  const head = d.arm === 'cavalry'
    ? (d.army === 'union' ? _('Union cavalry division') : _('Confederate cavalry division'))
    : (d.army === 'union' ? _('Union infantry division') : _('Confederate infantry division'));
  box.append(el('h3', {}, _('{division}, {theater} {year}', { division: head, theater: theaterWords(d.theater), year: d.year })));
  box.append(el('p', {}, _('Division leader:') + ' ', rating(d.leader, d.leader_rolled), rolledWords(roll('leader'))));
  box.append(el('p', {}, _('Brigades: {n}', { n: d.brigades.length }), rolledWords(roll('brigades'))));
  const rows = d.brigades.map((b, i) => {
    const r = byBrigade[i + 1] || {};
    return el('tr', { 'data-brigade': i + 1 },
      el('td', { class: 'n' }, i + 1),
      el('td', { class: 'n' }, b.stands),
      el('td', {}, term(b.morale)),
      el('td', {}, rating(b.leader, b.leader_rolled)),
      el('td', { class: 'n rolls' }, [r.stands, r.morale, r.brigadier].filter(x => x !== undefined).join(' ')));
  });
  // a table that scrolls sideways on a narrow phone: reachable by keyboard
  box.append(el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': _('Brigades') }, el('table', { class: 'brigades' },
    el('thead', {}, el('tr', {}, el('th', { class: 'n' }, '#'), el('th', { class: 'n' }, _('stands')),
      el('th', {}, _('morale')), el('th', {}, _('brigadier')), el('th', { class: 'n' }, _('rolls')))),
    el('tbody', {}, rows))));
  if (d.leader === 'despicable' || d.brigades.some(b => b.leader === 'despicable')) box.append(dpRule());
  box.append(el('p', { class: 'big' }, _n('Total: {n} stand', 'Total: {n} stands', d.stands)));
  const a = d.artillery, bat = roll('battery'), res = roll('reserve');
  box.append(el('p', {}, _('Artillery: 1 battery per {ratio} stands', { ratio: a.ratio }), rolledWords(roll('ratio'))));
  let work = _('{stands} stands ÷ {ratio} = {quotient}', { stands: d.stands, ratio: a.ratio, quotient: trunc2(d.stands, a.ratio) });
  if (bat) work += ' → ' + _('rolled {roll}', { roll: bat.roll }) + ` ${bat.result ? '≤' : '>'} ${bat.threshold}`;
  work += ' → ' + _n('{n} battery', '{n} batteries', a.batteries) + ': ' +
    (d.army === 'union' ? _('{division} with the division, {reserve} to the Army Artillery Reserve', a)
      : _('{division} with the division, {reserve} to the corps reserve', a));
  if (res) work += ' (' + _('reserve share: rolled {roll}', { roll: res.roll }) + ` ${res.result ? '≤' : '>'} ${res.threshold})`;
  box.append(el('p', { class: 'working' }, work));
  box.append(el('details', {}, el('summary', {}, _('Every roll ({n})', { n: (d.rolls || []).length })),
    el('ol', { class: 'rolls' }, (d.rolls || []).map(r => el('li', {}, rollLabel(r) + ': ' + rollResult(r))))));
  box.append(el('p', { class: 'hint' }, d.seed !== null && d.seed !== undefined ? _('seed {seed}', { seed: d.seed }) : _('rolls given by hand (no seed)')));
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
  const input = el('input', { inputmode: 'numeric', maxlength: '3', 'aria-label': promptWords(label), 'data-roll': n });
  input.addEventListener('input', () => { if (/^(100|00|[0-9]{2})$/.test(input.value.trim())) nextRoll(); });
  input.addEventListener('change', nextRoll);
  list.append(el('li', {}, el('label', {}, promptWords(label), input)));
  return input;
}

// The server names the table a roll is for in English ("Brigade 2
// stands", "Union division 3: number of brigades"): the page says it in
// its own language.
function promptWords(label) {
  if (musterLang.lang() === 'en') return label;
  let r = /^Replacement brigadier of division (\d+) brigade (\d+)$/.exec(label);
  if (r) return _('Replacement brigadier of division {division} brigade {brigade}', { division: r[1], brigade: r[2] });
  r = /^Replacement (division|corps) leader \(division (\d+)\)$/.exec(label);
  if (r) return r[1] === 'corps' ? _('Replacement corps leader (division {division})', { division: r[2] })
    : _('Replacement division leader (division {division})', { division: r[2] });
  r = /^Return to (union|confederate) division (\d+) \((.*)\) brigade (\d+): (\S+) of (\d+) lost, one more stand on (\d+) or less$/.exec(label);
  if (r) {
    // the rate as the page writes a percentage ("50 %" in German)
    const share = /^\d+(?:\.\d+)?%$/.test(r[5]) ? _('{p} %', { p: dec(r[5].slice(0, -1)) }) : dec(r[5]);
    const o = { division: r[2], name: r[3], brigade: r[4], share, lost: r[6], n: r[7] };
    return r[1] === 'union' ? _('Return to Union division {division} ({name}) brigade {brigade}: {share} of {lost} lost, one more stand on {n} or less', o)
      : _('Return to Confederate division {division} ({name}) brigade {brigade}: {share} of {lost} lost, one more stand on {n} or less', o);
  }
  const m = /^(?:(union|confederate) )?(?:division (\d+): )?(.*)$/i.exec(label);
  const rest = m[3].toLowerCase();
  const b = /^brigade (\d+) (stands|morale|brigadier)$/.exec(rest);
  const h = /^(fractional battery|reserve share) \(hit on (\d+) or less\)$/.exec(rest);
  const plain = { 'theater and year': 'theater', 'division leader': 'leader', 'number of brigades': 'brigades',
    'artillery ratio': 'ratio', 'corps leader': 'corps_leader' };
  const names = tableNames();
  let t = b ? _('Brigade {n} {table}', { n: b[1], table: names[b[2]] })
    : h ? _('{table} (hit on {n} or less)', { table: names[h[1] === 'fractional battery' ? 'battery' : 'reserve'], n: h[2] })
      : names[plain[rest]] || m[3];
  if (m[2]) t = _('Division {n}: {roll}', { n: m[2], roll: t });
  return m[1] ? term(m[1].toLowerCase()) + ', ' + t : t;
}

let typedSeq = 0;
async function nextRoll(focus = true) {
  const seq = ++typedSeq;
  const rolls = typedRolls();
  const box = $('#div-error');
  try {
    const d = await calc('division', { ...divisionOptions(), rolls: rolls.join(',') });
    if (seq !== typedSeq) return;
    const list = $('#roll-fields');
    while (list.children.length > rolls.length) list.lastElementChild.remove();
    showError(box, null);
    renderDivision(d);
    commandText($('#div-out'), 'division', { ...divisionOptions(), rolls: rolls.join(',') });
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
      showError(box, e, $('#div-form'));
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
      const d = await calc('division', { ...divisionOptions(), rolls: old.slice(0, k).join(',') });
      renderDivision(d);
      commandText($('#div-out'), 'division', { ...divisionOptions(), rolls: old.slice(0, k).join(',') });
      return;
    } catch (e) {
      const m = NEED.exec(e.message);
      if (!m) { showError($('#div-error'), e, $('#div-form')); return; }
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
    const d = await calc('division', o);
    showError($('#div-error'), null);
    renderDivision(d);
    commandText($('#div-out'), 'division', { ...o, seed: d.seed });
  } catch (e) {
    $('#div-result').hidden = true;
    showError($('#div-error'), e, $('#div-form'));
    commandText($('#div-out'), 'division', o);
  }
}

function diceMode() {
  const typed = $('#div-form').dice.value === 'typed';
  $('#typed').hidden = !typed;
  $('#seed-row').hidden = typed;
  $('#div-go').textContent = typed ? _('Show the division') : _('Roll the division');
  if (typed) relabel();
}

// ---- fire -----------------------------------------------------------------

// The weapons offered are the rules' own (the built-in file's, or the
// house weapons opened), in their order; one with a crew is fired by crew
// castings, the rest by figures.
let weaponCrew = new Map();
// The weapons being offered and their first preview: a roll tapped before
// they are in waits for them, or the preview would clear the volley rolled.
let fireReady = Promise.resolve();
const refillWeapons = () => (fireReady = fillWeapons().then(updateFire));
async function fillWeapons() {
  const sel = $('#fire-form').weapon, was = sel.value;
  let list = [];
  try { list = (await engine()).weapons(house.weapons || ''); } catch (e) { /* no engine: updateFire says so */ }
  weaponCrew = new Map(list.map(w => [w.name, w.crew]));
  sel.replaceChildren(...list.map(w => el('option', { value: w.name }, w.name)));
  if (weaponCrew.has(was)) sel.value = was;
}
const artillery = w => weaponCrew.get(w) > 0;

// The range's unit: inches, yards or centimetres (the API's "12.5cm", 2.5
// to the inch), the reader's choice kept; without one the page starts in
// the unit its language's catalogue names (centimetres in German, as German
// clubs measure).
const RANGE_UNIT_KEY = 'muster-range-unit';
const PER_INCH = { in: 1, yd: 10, cm: 2.5 };
let rangeUnit = 'in';
function startRangeUnit() {
  let u = null;
  try { u = localStorage.getItem(RANGE_UNIT_KEY); } catch (e) { /* private mode */ }
  // TRANSLATORS: the unit of range a page in this language starts in: in, cm or yd
  if (!Object.hasOwn(PER_INCH, u)) u = _p('unit of range', 'in');
  if (!Object.hasOwn(PER_INCH, u)) u = 'in';
  setRangeUnit(u, false);
}
// To unit u, the range converted; kept when the reader chose it.
function setRangeUnit(u, keep) {
  const f = $('#fire-form');
  const r = parseFloat(f.range.value.replace(',', '.')) || 0;
  const to = Math.round(r / PER_INCH[rangeUnit] * PER_INCH[u] * 1e4) / 1e4;
  if (u !== rangeUnit) f.range.value = musterLang.dec(String(to));
  rangeUnit = u;
  f.unit.value = u;
  if (keep) try { localStorage.setItem(RANGE_UNIT_KEY, u); } catch (e) { /* private mode */ }
}

function fireOptions() {
  const f = $('#fire-form');
  const o = { weapon: f.weapon.value, range: f.range.value.trim().replace(',', '.') }; // "4,5" in German
  if (artillery(o.weapon)) o.crew = f.crew.value; else o.figures = f.figures.value;
  if (rangeUnit === 'cm' && o.range) o.range += 'cm';
  if (rangeUnit === 'yd') o.yards = true;
  if (f.cover.checked) o.cover = true;
  return o;
}

function fireLine(v) {
  const n = [null, _('a second'), _('a third'), _('a fourth'), _('a fifth'), _('a sixth')];
  const sure = v.sure_hits, chance = num(v.chance);
  if (v.beyond) return _('Out of range: no hit possible');
  if (v.chance === 0) return _n('{n} sure hit', '{n} sure hits', sure);
  // xgettext:no-javascript-format
  if (sure === 0) return _('No sure hit and a {chance} % chance of one', { chance });
  // xgettext:no-javascript-format
  return _n('{n} sure hit and a {chance} % chance of {next}', '{n} sure hits and a {chance} % chance of {next}', sure,
    { chance, next: n[sure] || _('one more') });
}

let fireSeq = 0, lastCurveKey = null;
async function updateFire() {
  const seq = ++fireSeq;
  const o = fireOptions();
  const f = $('#fire-form');
  $('#figures-row').hidden = artillery(o.weapon);
  $('#crew-row').hidden = !artillery(o.weapon);
  $('#fire-outcome').hidden = true;
  $('#fire-out').textContent = '';
  try {
    const v = await calc('fire', { ...o, 'no-roll': true });
    if (seq !== fireSeq) return;
    showError($('#fire-error'), null);
    const unit = o.yards ? 'yd' : 'in';
    $('#fire-line').textContent = fireLine(v);
    const eff = v.crew ? _('{crew} crew × 3 = {n} effectives', { crew: v.crew, n: v.effectives })
      : _n('{n} figure', '{n} figures', v.effectives);
    $('#fire-working').textContent = (v.load ? _('Load: {load}', { load: v.load }) + '\n' : '') +
      (v.unit === 'cm' ? _('P = {p} % an effective at {cm} cm ({range} in)', { p: num(v.p), cm: num(v.ranges[0]), range: num(v.range) })
        : _('P = {p} % an effective at {range} in', { p: num(v.p), range: num(v.range) })) + '\n' +
      _('POH = {effectives} × {p} % = {poh} %', { effectives: eff, p: num(v.p), poh: num(v.poh) });
    $('#fire-roll').disabled = v.chance === 0;
    const max = Number(v.max_range) * PER_INCH[rangeUnit];
    const slider = f['range-slider'];
    if (Number(slider.max) !== max) { slider.max = String(max); slider.step = { in: '0.5', yd: '5', cm: '1' }[rangeUnit]; }
    if (document.activeElement !== slider) slider.value = String(parseFloat(o.range) || 0);
    updateOdds(o, seq);
    const ck = o.weapon + (o.cover ? '/c' : '');
    if (ck !== lastCurveKey) { lastCurveKey = ck; drawCurve(o); }
  } catch (e) {
    if (seq !== fireSeq) return;
    showError($('#fire-error'), e, $('#fire-form'));
    $('#fire-line').textContent = '';
    $('#fire-working').textContent = '';
    $('#fire-odds').replaceChildren();
  }
}

async function updateOdds(o, seq) {
  try {
    const r = await calc('odds fire', { ...o, method: 'both' });
    if (seq !== fireSeq) return;
    const add = r.additive.p, per = r.per_figure.p;
    const ks = Object.keys(per).map(Number).filter(k => per[k] >= 5e-5 || add[k]).sort((a, b) => a - b);
    const rows = ks.map(k => el('tr', {},
      el('td', { class: 'n' }, k),
      el('td', { class: 'n' }, add[k] ? pct(add[k]) : '–'),
      el('td', { class: 'n' }, per[k] >= 5e-5 ? pct(per[k]) : '<' + pct(1e-4))));
    $('#fire-odds').replaceChildren(el('table', { class: 'odds' },
      el('thead', {}, el('tr', {}, el('th', { class: 'n' }, _('hits')), el('th', { class: 'n' }, _('this rule')), el('th', { class: 'n' }, _('each figure rolls')))),
      el('tbody', {}, rows)),
      el('p', { class: 'hint' }, _('Mean {mean} hits either way. "This rule": sure hits and one d100 for the rest; "each figure rolls": every effective on its own.', { mean: num(r.additive.mean, 2) })),
      el('div', { id: 'odds-chart' }));
    oddsChart($('#odds-chart'), add, per, ks);
  } catch (e) {
    if (seq === fireSeq) $('#fire-odds').replaceChildren(el('p', { class: 'error' }, e instanceof ApiError ? pageWords(e, $('#fire-form')) : e.message));
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
        r.append(sv('title', {}, _n('{n} hit, {series}: {p}', '{n} hits, {series}: {p}', k, { series: sr.name, p: pct(v) })));
        svg.append(r);
      });
      if (i % every === 0) svg.append(sv('text', { x: L + (i + .5) * bw, y: H - B + 16, 'text-anchor': 'middle' }, c.bars.keys[i]));
    });
  } else {
    const step = niceStep(c.xmax, 6);
    for (let x = 0; x <= c.xmax + 1e-9; x += step)
      svg.append(sv('text', { x: X(x), y: H - B + 16, 'text-anchor': 'middle' }, num(x)));
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
  plotSvg(box, { title: _('The odds of each number of hits, both ways'), xlabel: _('hits'), ymax,
    yfmt: v => pct(v, ymax < .1 ? 1 : 0),
    bars: { keys: ks, series: [{ name: _('this rule'), cls: 's1', values: add }, { name: _('each figure rolls'), cls: 's2', values: per }] } });
}

async function drawCurve(o) {
  const box = $('#fire-curve');
  try {
    const ways = o.cover ? [false, true] : [false];
    const got = await Promise.all(ways.map(cover => calc('curve', { weapon: o.weapon, cover })));
    const lines = [];
    got.forEach((c, i) => {
      const where = o.cover ? (i ? _(', hard cover') : _(', in the open')) : '';
      if (c.loads) for (const load of Object.keys(c.loads))
        lines.push({ name: load + where, cls: (load === 'canister' ? 's1' : 's3') + (i ? ' cover' : ''), points: c.points.map(p => [p.range, p[load]]) });
      else lines.push({ name: c.weapon + where, cls: i ? 's3 cover' : 's1', points: c.points.map(p => [p.range, p.p]) });
    });
    const xmax = Math.max(...got.flatMap(c => c.points.map(p => p.range)));
    const top = Math.max(10, ...lines.flatMap(l => l.points.map(p => p[1])));
    const by = top <= 60 ? 10 : 20, ymax = Math.ceil(top / by) * by; // whole ticks
    plotSvg(box, { title: o.cover ? _('P against range for {weapon}, in the open and behind hard cover', o)
      : _('P against range for {weapon}', o),
    xlabel: _('range (inches)'), xmax, ymax, yticks: ymax / by, yfmt: v => pct(v / 100, 0), lines });
  } catch (e) {
    box.replaceChildren(el('p', { class: 'error' }, e instanceof ApiError ? pageWords(e, null) : e.message));
  }
}

let fireTimer = null; // a change waiting to update the Fire tab
async function rollFire() {
  await fireReady;
  // A change still waiting would clear the volley just rolled: do it first.
  if (fireTimer) { clearTimeout(fireTimer); fireTimer = null; await updateFire(); }
  const o = fireOptions();
  const typed = $('#fire-typed').value.trim(), seed = $('#fire-seed').value.trim();
  if (typed) o.rolls = typed;
  else if (seed) o.seed = seed;
  try {
    const v = await calc('fire', o);
    showError($('#fire-error'), null);
    commandText($('#fire-out'), 'fire', v.seed !== null ? { ...o, seed: v.seed } : o);
    const out = $('#fire-outcome');
    const verdict = v.roll === null ? '' : _('Roll {roll}', v) + ` ${v.roll <= v.threshold ? '≤' : '>'} ${v.threshold}: `;
    out.textContent = verdict + _n('{n} hit', '{n} hits', v.hits) + (v.seed !== null ? ' ' + _('(seed {seed})', v) : '');
    out.hidden = false;
  } catch (e) {
    showError($('#fire-error'), e, $('#fire-form'));
  }
}

// ---- how likely: each total of stands of a division, exact ---------------

async function divisionOdds() {
  const o = divisionOptions();
  const pre = $('#odds-out'), box = $('#div-odds');
  try {
    const dist = (await calc('odds division', o)).stands;
    const ks = Object.keys(dist), ymax = Math.max(...ks.map(k => dist[k]), 1e-9);
    plotSvg(box, { title: o.army === 'confederate' ? _('Stands of a Confederate division') : _('Stands of a Union division'),
      xlabel: _('stands'), ymax, yfmt: v => pct(v, ymax < .1 ? 1 : 0),
      bars: { keys: ks, series: [{ name: _('chance'), cls: 's1', values: dist }] } });
    $('#odds-cap').textContent = _('Exact probabilities from muster odds; the darker bar is the most likely.');
    pre.classList.remove('error');
    pre.textContent = ks.map(k => `${k.padStart(3)}  ${num(100 * dist[k], 2).padStart(6)} %`).join('\n');
  } catch (e) {
    box.replaceChildren();
    $('#odds-cap').textContent = '';
    pre.classList.add('error');
    pre.textContent = e instanceof ApiError ? pageWords(e, $('#div-form')) : e.message;
  }
}

// ---- house rules: a file written by `muster rules export --to app`,
// checked by running a command with it.
async function openHouse(input, kind) {
  const f = input.files[0];
  if (!f) return;
  const out = $('#house-out');
  try {
    const path = (await engine()).addFile(f.name, await f.text());
    const before = house[kind];
    house[kind] = path;
    try {
      await (kind === 'rules' ? calc('odds division', { army: 'union', year: '1863', theater: 'east' })
        : calc('curve', { weapon: 'musket' }));
    } catch (e) {
      // a weapons file without a musket is still a weapons file
      if (!(kind === 'weapons' && /weapon/.test(e.message) && !/line|export/.test(e.message))) { house[kind] = before; throw e; }
    }
    out.classList.remove('error');
    out.textContent = kind === 'rules' ? _('{file}: in use for divisions and their odds', { file: f.name })
      : _('{file}: in use for volleys and curves', { file: f.name });
  } catch (e) {
    out.textContent = 'muster: ' + e.message;
    out.classList.add('error');
  }
  lastCurveKey = null;
  refillWeapons();
}

function houseControls() {
  $('#house-rules').addEventListener('change', e => openHouse(e.target, 'rules'));
  $('#house-weapons').addEventListener('change', e => openHouse(e.target, 'weapons'));
  $('#house-clear').addEventListener('click', () => {
    house.rules = house.weapons = null;
    $('#house-out').classList.remove('error');
    $('#house-out').textContent = _("The book's tables and weapons are in use.");
    lastCurveKey = null;
    refillWeapons();
  });
}

// ---- the campaign -----------------------------------------------------------

let whoami = { viewer: 'umpire', campaign: null, sides_can_write: false };
let lastLog = [], lastShow = null;
const sideName = s => term(s);
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
let crowded = false;  // "closed": this link's other devices hold its streams
function onStreamBlock(block) {
  let id = null, data = '', kind = 'event';
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('event: ')) kind = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (kind === 'closed') { crowded = true; return; }
  if (!id || !data || id <= lastEventId) return;
  if (kind === 'reset') { // too many to stream: the log has them
    if (resetFrom === null) resetFrom = lastEventId;
  } else {
    lastEventId = id;
    liveSeen.push(id);
    try { arrived.push(parseJson(data)); } catch (e) { /* redrawn from the log anyway */ }
  }
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(loadCampaign, 30);
}

// ---- the connection, said honestly in one banner (#conn): live; offline
// (the phone has no network), with the changes waiting; reconnecting, or
// the server stopped (its machine refuses the connection at once), each
// with when the next try is; the link replaced by the umpire (the server no
// longer knows it: nothing will bring it back). Tries back off from 1 s to
// 30 s, and start again at once when the network returns.
const conn = { state: null, next: 0, abort: null, wake: null, tick: null, replaced: false };
function connText() {
  const secs = Math.max(1, Math.ceil((conn.next - Date.now()) / 1000));
  const waiting = musterOffline.queue().filter(e => e.state === 'waiting').length;
  switch (conn.state) {
  case 'live': return _('Live: changes from every phone appear here as they are made.');
  case 'offline': return _n('Offline: {n} change waiting to be sent.', 'Offline: {n} changes waiting to be sent.', waiting);
  case 'reconnecting': return _n('Reconnecting: the next try in {n} second.', 'Reconnecting: the next try in {n} seconds.', secs);
  case 'stopped': return _n('The server has stopped: the next try in {n} second.', 'The server has stopped: the next try in {n} seconds.', secs);
  case 'replaced': return _('This link was replaced: ask the umpire for the new one.');
  default: return '';
  }
}
function connShow() {
  const box = $('#conn');
  if (!conn.state) return;
  box.textContent = connText();
  box.dataset.state = conn.state;
  box.hidden = false;
}
// A new state is said to screen readers once; the countdown is not.
function connSet(state) {
  const changed = state !== conn.state;
  conn.state = state;
  connShow();
  clearInterval(conn.tick);
  if (state === 'reconnecting' || state === 'stopped') conn.tick = setInterval(connShow, 1000);
  if (changed) announce(connText());
}
// Whether the server still knows this link (the umpire may have replaced
// it: the stream of an unknown link stays open and silent).
async function linkKnown() {
  if (!token) return true; // no link to replace
  try {
    const who = await (await fetch('/whoami', { headers: { 'X-Muster-Token': token }, cache: 'no-store' })).json();
    return who.viewer !== 'nobody';
  } catch (e) { return true; } // unreachable: not a sign of a new link
}
const connWait = ms => new Promise(r => {
  conn.next = Date.now() + ms;
  const t = setTimeout(r, ms);
  conn.wake = () => { clearTimeout(t); r(); };
});
async function live() {
  streaming = true;
  let delay = 1000, behind = false;
  for (;;) {
    let status = 0, res = null, refused = false;
    const t0 = Date.now();
    try {
      const headers = { 'Last-Event-ID': String(lastEventId) };
      if (token) headers['X-Muster-Token'] = token;
      conn.abort = new AbortController();
      res = await fetch('/api/campaign/events', { headers, cache: 'no-store', signal: conn.abort.signal });
      status = res.status;
      if (!res.ok || !res.body) throw new Error(String(res.status));
      if (!(await linkKnown())) conn.replaced = true;
      else {
        connSet('live');
        delay = 1000;
        if (behind) loadCampaign(); // the ledger too, not only the events missed
        behind = true;
        sendQueue(); // back online: what waited goes out first
        const reader = res.body.getReader(), dec = new TextDecoder();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          for (let i; (i = buf.indexOf('\n\n')) >= 0; buf = buf.slice(i + 2)) onStreamBlock(buf.slice(0, i));
        }
        conn.abort.abort();
      }
    } catch (e) {
      // the server restarted, the phone slept, the network went; refused
      // at once with the network up: nothing listens, the server stopped
      refused = !res && e.name !== 'AbortError' && Date.now() - t0 < 2000;
    }
    if (conn.replaced || status === 401 || status === 403) return connSet('replaced');
    // Closed for a newer stream of the same link (another tab or device):
    // taking it back at once would close that one in turn.
    if (crowded) { crowded = false; connSet('reconnecting'); await connWait(30000); continue; }
    connSet(!navigator.onLine ? 'offline' : refused ? 'stopped' : 'reconnecting');
    await connWait(delay);
    delay = Math.min(delay * 2, 30000);
  }
}
// The network went: the stream is of no use (an emulated cut leaves it
// open); it came back: the next try now.
addEventListener('offline', () => { if (conn.state) { conn.abort?.abort(); connSet('offline'); } });
addEventListener('online', () => { if (conn.wake) conn.wake(); });
// While live, the link is asked after now and then, and when the page is
// looked at again: a replaced link's stream would say nothing.
async function linkCheck() {
  if (conn.state === 'live' && !(await linkKnown())) { conn.replaced = true; conn.abort?.abort(); }
}
setInterval(linkCheck, 10000);
document.addEventListener('visibilitychange', () => { if (!document.hidden) linkCheck(); });

// A side is told when the other side records something on one of its
// divisions: by the event's author where the log names one, else by an
// event on its division that this page did not make.
function noticeOthers(events) {
  if (whoami.viewer === 'umpire') return;
  const divs = lastShow ? lastShow.divisions : [];
  const lines = [], offers = [];
  for (const e of events) {
    const by = e.author || e.actor;
    if (madeHere.has(e.id) || by === whoami.viewer) continue;
    const who = !by ? _('from another link') : by === 'umpire' ? _('by the umpire')
      : by === 'union' ? _('by the Union') : _('by the Confederates');
    // an offer to this side, an answer to one, or a release the umpire
    // recorded: its camps may change (an offer's sentence says who)
    const release = e.kind === 'exchange' || e.kind === 'liberate';
    if (OFFER_KINDS.includes(e.kind) || release) {
      offers.push(release ? _('#{id} {who}: {what}', { id: e.id, who, what: logSentence(e) }) : `#${e.id} ${logSentence(e)}`);
      continue;
    }
    const d = divs.find(x => x.id === e.division);
    if (!d || d.side !== whoami.viewer) continue;
    lines.push(_('#{id} {who} on your division {name}: {what}', { id: e.id, who, name: d.name, what: logText(e) }));
  }
  if (!lines.length && !offers.length) return;
  const box = $('#camp-notice');
  box.replaceChildren(
    ...(lines.length ? [el('p', { class: 'notice-h' }, _('Recorded on your divisions by the other side')), ...lines.map(l => el('p', {}, l))] : []),
    ...(offers.length ? [el('p', { class: 'notice-h' }, _('Prisoners: offers, answers and releases by others')), ...offers.map(l => el('p', {}, l))] : []),
    el('button', { type: 'button', class: 'plain', 'data-close': '' }, _('Seen')));
  lines.push(...offers);
  box.querySelector('[data-close]').addEventListener('click', () => { box.hidden = true; });
  box.hidden = false;
  announce(lines.join('. '));
}

// One side's part of a battle's report, as this link's side may see it
// (the API's projection: a division hidden from it is named, no more):
// each division's stands, the losses, the leaders lost, the returns with
// their rolls and the prisoners taken.
function reportSide(s) {
  const p = (text, cls) => el('p', cls ? { class: cls } : {}, text);
  const hid = x => p(_('Division {n} {name}: hidden', { n: x.division, name: x.name || '' }), 'hint');
  const post = x => x.post === 'brigade' ? _('the brigadier of brigade {brigade}', x)
    : x.post === 'corps' ? _('the corps leader') : _('the division leader');
  const rows = [];
  for (const d of s.divisions || [])
    rows.push(d.hidden ? hid(d) : p(_('Division {n} {name}: {start} stands at the start, {end} at the end',
      { n: d.division, name: d.name || '', start: d.stands_start ?? '?', end: d.stands_end ?? '?' })));
  for (const x of s.losses || []) {
    if (x.hidden) continue; // said once, with its stands
    const b = [x.batteries_lost ? _n('{n} battery lost', '{n} batteries lost', x.batteries_lost) : '',
      x.batteries_captured ? _n('{n} battery captured', '{n} batteries captured', x.batteries_captured) : ''].filter(Boolean);
    rows.push(p(_('Losses of division {n} brigade {brigade}: {lost} lost, {captured} captured', { n: x.division, brigade: x.brigade,
      lost: x.lost, captured: x.captured }) + (b.length ? ', ' + b.join(', ') : ''), 'hint'));
  }
  for (const x of s.leaders || []) {
    if (x.hidden) { rows.push(p(_('Division {n} {name}: a leader lost', { n: x.division, name: x.name || '' }), 'hint')); continue; }
    const o = { n: x.division, who: post(x), camp: x.camp, rating: term(x.replacement), roll: x.roll };
    rows.push(p(x.captured ? _('Division {n}: {who} taken prisoner, held in {camp}; replaced by a leader rated {rating} (roll {roll})', o)
      : _('Division {n}: {who} lost; replaced by a leader rated {rating} (roll {roll})', o), 'hint'));
  }
  for (const x of s.returns || []) {
    if (x.hidden) continue;
    const o = { n: x.division, brigade: x.brigade, k: x.returned, lost: x.lost, roll: x.roll, threshold: x.threshold };
    rows.push(p(x.roll === null || x.roll === undefined ? _('Returned to division {n} brigade {brigade}: {k} of {lost} stands', o)
      : _('Returned to division {n} brigade {brigade}: {k} of {lost} stands (roll {roll} against {threshold})', o), 'hint'));
  }
  for (const x of s.prisoners_taken || []) {
    const what = [_n('{n} stand', '{n} stands', x.stands), x.batteries ? _n('{n} battery', '{n} batteries', x.batteries) : '',
      x.leaders ? _n('{n} leader', '{n} leaders', x.leaders) : ''].filter(Boolean).join(', ');
    rows.push(p(_('Taken prisoner, held in {camp}: {what}', { camp: x.camp, what }), 'hint'));
  }
  return rows;
}

// ---- after a battle: its report (GET /api/campaign/report, as this link's
// side sees it) on every phone, the one that ended it too.
const madeHereEnd = []; // a battle end this page recorded (not streamed back)
async function showReport(battle) {
  let r;
  try { r = await api('campaign/report', { battle }); } catch (e) { return; }
  const box = $('#camp-report');
  const won = r.winner === 'union' ? _('won by the Union') : r.winner === 'confederate'
    ? _('won by the Confederates') : _('a draw');
  const rows = [];
  for (const side of ['union', 'confederate']) {
    const s = r[side];
    if (s) rows.push(el('h4', {}, side === 'union' ? _('Union') : _('Confederates')), ...reportSide(s));
  }
  box.replaceChildren(el('h3', {}, _('Battle {n} {name}: {won}', { n: r.battle, name: r.name, won })), ...rows,
    el('button', { type: 'button', class: 'plain', 'data-close': '' }, _('Close')));
  box.querySelector('[data-close]').addEventListener('click', () => { box.hidden = true; });
  box.hidden = false;
  announce(box.querySelector('h3').textContent);
  const seq = ++reportSeq;
  const charts = await reportCharts();
  // only into the card this call made (a later report replaces it)
  if (charts && seq === reportSeq && !box.hidden) box.insertBefore(charts, box.querySelector('[data-close]'));
}

// The war's charts so far under it: one SVG the server draws (GET
// /api/campaign/report?charts, as this link's side sees the war), shown as
// an image (its own document: the page's style rules do not reach it).
let reportSeq = 0;
async function reportCharts() {
  const headers = token ? { 'X-Muster-Token': token } : {};
  let res;
  try {
    res = await fetch('/api/' + 'campaign/report' + '?charts', { headers, cache: 'no-store' });
  } catch (e) { return null; }
  if (!res.ok || !(res.headers.get('Content-Type') || '').startsWith('image/svg+xml')) return null;
  const src = 'data:image/svg+xml,' + encodeURIComponent(await res.text()); // not translated: a URL
  return el('figure', { class: 'report-charts' }, el('img', { src,
    alt: _('The war so far: each side\'s strength, losses and prisoners held after each battle') }));
}

// ---- the ledger: the own side first, each division collapsible, each own
// brigade with its quick actions (-1 stand, captured, leader lost).

function artilleryLine(a) {
  const more = [a.captured ? _('{n} captured', { n: a.captured }) : '', a.destroyed ? _('{n} destroyed', { n: a.destroyed }) : '']
    .filter(Boolean).join(', ');
  return _n('Artillery: {n} battery with the division', 'Artillery: {n} batteries with the division', a.division) +
    (a.reserve ? _(', {n} to the reserve', { n: a.reserve }) : '') + (more ? ` (${more})` : '') + '; ' +
    _('1 battery per {ratio} stands', a);
}

function quick(d, b, what, label, opts) {
  const btn = el('button', { type: 'button', class: 'quick', 'data-quick': what,
    'aria-label': _('{action}: {name}, brigade {n}', { action: label, name: d.name, n: b.number }) }, label);
  btn.addEventListener('click', async () => {
    btn.disabled = true;
    btn.dataset.key ||= newKey(); // a double tap records one event
    // the thumb stays where it is: the brigade keeps its place on the
    // screen, and the confirmation comes by the button
    const where = `#camp-ledger details.division[data-division="${d.id}"] li[data-brigade="${b.number}"]`;
    await write(what === 'leader' ? 'campaign/leader-lost' : 'campaign/casualties',
      { div: d.id, brigade: b.number, ...opts }, btn.dataset.key, null, where);
    delete btn.dataset.key;
    btn.disabled = false;
  });
  return btn;
}

// A brigade's state against its label's marks (campaign show --labels: the
// server has the players' labels file); shown as the ledger gives it to
// this side, so never for a division hidden from it.
const statusWord = s => ({ fresh: _('fresh'), worn: _('worn'), spent: _('spent') })[s] || s;

function brigadeList(d, actions) {
  return el('ol', { class: 'brigades-l' }, d.brigades.map(b => el('li', { 'data-brigade': b.number },
    el('p', { class: 'bline' }, el('strong', {}, (b.name ? _('{name} (brigade {n})', { name: b.name, n: b.number }) : _('Brigade {n}', { n: b.number })) +
        ': ' + _('{stands} of {start} stands', b)),
      b.status ? [' ', el('span', { class: 'status', 'data-status': b.status }, statusWord(b.status))] : '',
      ' ' + term(b.morale) + '; ' + _('brigadier') + ' ', b.leader ? rating(b.leader.rating, b.leader.rolled) : '—',
      b.out || b.prisoners || b.returned ? el('span', { class: 'hint' }, ' ' + _('(out {out}, prisoners {prisoners}, returned {returned})', b)) : ''),
    actions && b.stands > 0 ? el('div', { class: 'quick-row' },
      quick(d, b, 'lost', _('−1 stand'), { lost: 1 }),
      quick(d, b, 'captured', _('Captured'), { captured: 1 }),
      quick(d, b, 'leader', _('Leader lost'), {})) : null)));
}

function divisionCard(d) {
  const head = `${d.id} ${d.name}`;
  const sub = `${term(d.arm)}${d.corps ? ', ' + d.corps : ''}`;
  let summary, body;
  if (d.hidden && !d.brigades) {
    summary = [el('strong', {}, head), el('span', {}, _('hidden'))];
    body = [el('p', { class: 'hidden-div' }, _('{sub}; hidden, commitment {commitment}', { sub, commitment: d.commitment }))];
  } else if (!d.engaged) {
    summary = [el('strong', {}, head), el('span', {}, _('not engaged yet'))];
    body = [el('p', { class: 'hint' }, _('{sub}: nothing rolled', { sub }))];
  } else {
    summary = [el('strong', {}, head), el('span', {}, _('{stands} of {start} stands', d) + (d.hidden ? ' ' + _('(hidden)') : ''))];
    body = [el('p', {}, _('{sub}; leader', { sub }) + ' ', rating(d.leader.rating, d.leader.rolled)),
      el('p', { class: 'artillery' }, artilleryLine(d.artillery)),
      brigadeList(d, mine(d.side) && !$('#camp-forms').hidden)];
    if (d.leader.rating === 'despicable' || d.brigades.some(b => b.leader && b.leader.rating === 'despicable'))
      body.push(dpRule());
  }
  const card = el('details', { class: 'division', 'data-division': d.id }, el('summary', {}, summary), body);
  card.open = divOpen[d.id] ?? mine(d.side);
  card.addEventListener('toggle', () => { divOpen[d.id] = card.open; });
  return card;
}
const divOpen = {};

// A quick action's confirmation, by its button: kept across the ledger's
// redraws (the live stream's copy of the event comes a moment later) for
// a while, and the brigade kept at its place on the screen.
const BY_THUMB_MS = 8000;
let byThumb = null;
function keepThumb(draw) {
  const live = byThumb && Date.now() < byThumb.until ? byThumb : null;
  const before = live && $(live.anchor);
  const at = before ? before.getBoundingClientRect().top : null;
  draw();
  const there = live && $(live.anchor);
  if (!there) return;
  there.append(el('p', { class: 'by-thumb' }, live.text));
  if (at !== null) window.scrollBy(0, there.getBoundingClientRect().top - at);
}

function renderLedger(s) {
  keepThumb(() => drawLedger(s));
  stayAwake(!!s.battle);
}

// While a battle is under way the phone lies on the table between turns:
// its screen stays on (a screen wake lock, where the browser has one; the
// browser drops it when the page is hidden, so it is asked for again).
let awake = null, wantAwake = false;
async function stayAwake(on) {
  wantAwake = on;
  if (!('wakeLock' in navigator)) return;
  if (!on && awake) { const a = awake; awake = null; await a.release().catch(() => {}); }
  if (on && !awake && document.visibilityState === 'visible') {
    try {
      awake = await navigator.wakeLock.request('screen');
      awake.addEventListener('release', () => { awake = null; });
    } catch (e) { awake = null; } // refused (battery saver): the screen may sleep
  }
}
document.addEventListener('visibilitychange', () => { if (wantAwake) stayAwake(true); });

function drawLedger(s) {
  lastShow = s;
  $('#camp-title').textContent = `${s.campaign.name}: ${s.campaign.year}, ${theaterWords(s.campaign.theater)}`;
  const box = $('#camp-ledger');
  box.replaceChildren();
  box.append(el('p', { class: 'battle' }, s.battle ? _('Battle under way: {name}', s.battle) : _('No battle under way.')));
  const sides = whoami.viewer === 'confederate' ? ['confederate', 'union'] : ['union', 'confederate'];
  for (const side of sides) { // the own side first
    box.append(el('h4', { class: 'side-h' }, term(side)));
    for (const d of s.divisions.filter(x => x.side === side)) box.append(divisionCard(d));
  }
  renderPrisoners(box, s.prisoners);
  fillSelects(s);
}

// A form's brigades, by name where they have one, of the division the form
// has chosen: the value sent is the brigade's number, which names it
// whatever the players call it.
function fillBrigades(sel) {
  const div = sel.form.elements.div.value, keep = sel.value;
  const d = lastShow && lastShow.divisions.find(x => String(x.id) === div);
  const list = d && d.brigades ? d.brigades : [];
  sel.replaceChildren(...list.map(b => el('option', { value: b.number },
    b.name ? _('{name} (brigade {n})', { name: b.name, n: b.number }) : _('Brigade {n}', { n: b.number }))));
  if (list.some(b => String(b.number) === keep)) sel.value = keep;
}

// The forms' choices: a form about the own divisions lists only those.
function fillSelects(s) {
  for (const sel of $$('.div-select')) {
    const keep = sel.value;
    const list = s.divisions.filter(d => sel.classList.contains('other') ? !mine(d.side) || whoami.viewer === 'umpire' : mine(d.side));
    sel.replaceChildren(...list.map(d => el('option', { value: d.id }, `${d.id} ${d.name} (${sideName(d.side)})`)));
    if (keep && list.some(d => String(d.id) === keep)) sel.value = keep;
  }
  for (const sel of $$('.brigade-select')) fillBrigades(sel);
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
  fillVerify(s);
}

// The divisions whose reveal can be fetched and checked: revealed ones of
// the other side (the umpire: any), the latest revealed chosen until the
// player picks one; or a document pasted by hand.
function fillVerify(s) {
  const sel = $('#verify-form').div;
  const list = s.divisions.filter(d => d.commitment && d.revealed && (whoami.viewer === 'umpire' || !mine(d.side)));
  const picked = sel.dataset.picked === '1' ? sel.value : null;
  sel.replaceChildren(...list.map(d => el('option', { value: d.id }, `${d.id} ${d.name} (${sideName(d.side)})`)),
    el('option', { value: '' }, _('a document pasted here')));
  const latest = lastLog.filter(e => e.kind === 'reveal' && list.some(d => d.id === e.division)).pop();
  sel.value = picked !== null ? picked : latest ? String(latest.division) : list.length ? String(list[list.length - 1].id) : '';
}

// The fair roll's hex fields, from the log: the latest commitment for the
// division chosen (step 2) and the contribution recorded for it (step 3).
// Until the player picks one, each step offers the division waiting for
// it: a commitment not yet answered (step 2), an answer not yet rolled on
// (step 3).
function fillFair() {
  for (const [cmd, kind, field, next] of [['campaign/contribute', 'fair-commit', 'commitment', 'contribute'],
    ['campaign/engage', 'contribute', 'contribution', 'engage']]) {
    const f = $(`#fair form[data-cmd="${cmd}"]`);
    if (!f || f.dataset.key) continue;
    const waiting = lastLog.filter(x => x.kind === kind &&
      !lastLog.some(y => y.kind === next && y.division === x.division && y.id > x.id)).pop();
    if (waiting && !f.dataset.picked && [...f.div.options].some(o => o.value === String(waiting.division)))
      f.div.value = String(waiting.division);
    const div = Number(f.div.value);
    const e = lastLog.filter(x => x.kind === kind && x.division === div && x[field]).pop();
    const input = f[field];
    if (e && (!input.value || input.dataset.filled)) { input.value = e[field]; input.dataset.filled = '1'; }
  }
}

// What each side holds, camp by camp: the one shape show and prisoners share.
function renderPrisoners(box, p) {
  const u = p.held_by_union, c = p.held_by_confederate;
  box.append(el('p', { class: 'prisoners' }, _('Prisoners:') + ' ' +
    _n('the Union holds {n} Confederate stand', 'the Union holds {n} Confederate stands', u.total) + '; ' +
    _n('the Confederates hold {n} Union stand', 'the Confederates hold {n} Union stands', c.total) + '.'));
  for (const [side, h] of [['union', u], ['confederate', c]]) {
    for (const camp of h.camps) {
      const here = x => x.camp === camp.name;
      const items = [
        ...h.stands.filter(here).map(x => (x.hidden ? _('{name} (hidden)', x) : _('{name} brigade {brigade}', x)) + ': ' +
          _n('{n} stand', '{n} stands', x.stands)),
        ...h.leaders.filter(here).map(x => x.hidden ? _('{name} (hidden): a leader', x)
          : `${x.name}: ${x.post === 'brigade' ? _('the brigadier of brigade {brigade}', x) : _('the division leader')} (${term(x.rating)})`),
        ...h.batteries.filter(here).map(x => `${x.name}: ${_n('{n} battery', '{n} batteries', x.batteries)}`)];
      const held = side === 'union' ? _('Held by the Union in {camp}:', { camp: camp.name })
        : _('Held by the Confederates in {camp}:', { camp: camp.name });
      box.append(el('p', { class: 'camp' }, el('strong', {}, held + ' '), items.join('; ')));
    }
  }
}

// The log's words: the event's kind and its fields as the JSON names
// them, which is the English page's text; other languages translate them
// (context "log").
const logWords = () => ({
  new: _p('log', 'new'), add: _p('log', 'add'), engage: _p('log', 'engage'), reveal: _p('log', 'reveal'),
  'battle-start': _p('log', 'battle-start'), 'battle-end': _p('log', 'battle-end'),
  casualties: _p('log', 'casualties'), exchange: _p('log', 'exchange'), liberate: _p('log', 'liberate'),
  'leader-lost': _p('log', 'leader-lost'), downgrade: _p('log', 'downgrade'), penalty: _p('log', 'penalty'),
  'fair-commit': _p('log', 'fair-commit'), contribute: _p('log', 'contribute'), advance: _p('log', 'advance'),
  undo: _p('log', 'undo'), tables: _p('log', 'tables'), 'default-camp': _p('log', 'default-camp'),
  name: _p('log', 'name'), offer: _p('log', 'offer'), accept: _p('log', 'accept'), decline: _p('log', 'decline'),
  withdraw: _p('log', 'withdraw'), of: _p('log', 'of'), by: _p('log', 'by'), division: _p('log', 'division'), side: _p('log', 'side'), post: _p('log', 'post'),
  brigade: _p('log', 'brigade'), lost: _p('log', 'lost'), captured: _p('log', 'captured'),
  batteries: _p('log', 'batteries'), batteries_lost: _p('log', 'batteries_lost'), rating: _p('log', 'rating'),
  winner: _p('log', 'winner'), union: _p('log', 'union'), confederate: _p('log', 'confederate'),
  camp: _p('log', 'camp'), year: _p('log', 'year'), commitment: _p('log', 'commitment'), seed: _p('log', 'seed'),
  umpire: _p('log', 'umpire'), none: _p('log', 'none'), brigadier: _p('log', 'brigadier'),
});

// ---- the log's sentences: the engine's. It tells each entry as the API
// gives it to this viewer (its projection) with the C code of `muster
// campaign log` (wasm/app_log.c), in the page's language, so that the
// page says what the CLI says, sentence for sentence: the first line,
// then the lines under it (an engage's rolls, a battle end's returns).
// A page of entries is told in one call and kept; until the engine and
// the language's catalogue are ready an entry shows its kind's word, and
// the log is drawn again when they are.
const told = new Map(); // language and entry → its lines
let toldWait = null;
const toldKey = e => musterLang.lang() + JSON.stringify(e);

function tell(events) {
  const l = musterLang.lang(), eng = window.musterEngine;
  const todo = events.filter(e => !told.has(toldKey(e)));
  if (!todo.length) return;
  if (!eng || !(l in coreMo)) {
    toldWait = toldWait || engine().then(e => fetchMo(musterLang.lang()).then(() => e))
      .then(() => { toldWait = null; if (lastShow) drawLog(); }, () => {}); // no engine: kinds only
    return;
  }
  if (told.size > 5000) told.clear();
  speakNow(eng, l);
  eng.logLines(todo).forEach((lines, i) => told.set(toldKey(todo[i]), lines));
}

function logLines(e) {
  tell([e]);
  const lines = told.get(toldKey(e));
  return lines && lines.length ? lines : [logWords()[e.kind] || e.kind];
}
const logSentence = e => logLines(e)[0];

// " — the umpire, 1.12.2026, 21:08": who recorded an entry and when, in
// the reader's words and the locale's time.
function logBy(e) {
  const w = logWords(), by = e.author || e.actor;
  const t = e.time && !Number.isNaN(Date.parse(e.time))
    ? new Date(e.time).toLocaleString(musterLang.locale(), { dateStyle: 'short', timeStyle: 'short' }) : e.time;
  return by || t ? ' — ' + [by ? w[by] || by : null, t].filter(Boolean).join(', ') : '';
}

function logLine(e) {
  return `#${e.id} ${logSentence(e)}${logBy(e)}`;
}
// A log line without its number, to follow "#22 recorded:".
const logText = e => logLine(e).replace(/^#\d+ /, '');

// ---- offers: an exchange or liberation a side offered moves no one until
// the other side accepts it; it may decline it, its maker withdraw it.
const OFFER_KINDS = ['offer', 'accept', 'decline', 'withdraw'];

// The offers still open: neither answered (by an answer not undone) nor
// undone themselves.
function openOffers(events) {
  const undone = new Set(events.filter(e => e.kind === 'undo').map(e => e.event));
  const answered = new Set(events.filter(e => OFFER_KINDS.includes(e.kind) && e.kind !== 'offer' && !undone.has(e.id)).map(e => e.offer));
  return events.filter(e => e.kind === 'offer' && !undone.has(e.id) && !answered.has(e.id));
}

// Each open offer with the buttons this link may press: the other side
// Accept and Decline, its maker Withdraw, the umpire all three.
function renderOffers(events) {
  const box = $('#camp-offers');
  const open = openOffers(events);
  const writes = whoami.viewer === 'umpire' || whoami.sides_can_write;
  box.replaceChildren();
  box.hidden = !open.length;
  if (!open.length) return;
  box.append(el('p', { class: 'notice-h' }, _('Open offers')));
  for (const e of open) {
    const cmd = e.of === 'liberate' ? 'campaign/liberate' : 'campaign/exchange';
    const line = el('p', { 'data-offer': e.id }, `#${e.id} ${logSentence(e)}${logBy(e)}`);
    const row = el('span', { class: 'offer-answers' });
    const button = (word, answer) => {
      const b = el('button', { type: 'button', class: 'offer-btn', 'data-answer': answer }, word);
      b.addEventListener('click', async () => {
        b.disabled = true;
        b.dataset.key ||= newKey();
        await write(cmd, { [answer]: e.id }, b.dataset.key, null);
        b.disabled = false;
      });
      return b;
    };
    const umpire = whoami.viewer === 'umpire';
    if (writes && (umpire || whoami.viewer !== e.by)) row.append(button(_('Accept'), 'accept'), ' ', button(_('Decline'), 'decline'));
    if (writes && (umpire || whoami.viewer === e.by)) row.append(button(_('Withdraw'), 'withdraw'));
    if (row.children.length) line.append(el('br'), row);
    box.append(line);
  }
}

// ---- the log, a page at a time (GET /api/campaign/log?last=N&before=ID,
// the link's side's): the latest events, older ones as the player scrolls
// back or asks for a battle or a division, so that the page pays for what
// it shows and its DOM does not grow with the war.
const LOG_PAGE = 50, LOG_CATCH_UP = 500;
// battle, division: the ones asked for (0: any); want: how many the list
// shows (a reload keeps what was scrolled back to); shown: those events,
// oldest first; more: an older page may be asked for.
const logView = { battle: 0, division: 0, want: LOG_PAGE, shown: [], more: false, busy: false, offers: null };
const logOnly = () => ({ ...(logView.battle ? { battle: logView.battle } : {}),
  ...(logView.division ? { division: logView.division } : {}) });
const logFiltered = () => logView.battle > 0 || logView.division > 0;

async function loadCampaign() {
  if (!whoami.campaign) return;
  // Reloaded while the stream is down (the banner's retry may come first):
  // what happened since the last event seen was missed, as after a reset.
  if (!streaming && lastEventId > 0 && resetFrom === null) resetFrom = lastEventId;
  const from = resetFrom; // a reset told while this runs waits for the next
  try {
    // The latest page (the ledger's notes and fair rolls read it), the
    // battle's or division's when one is asked for, the offers still open
    // however old, and after a reset the missed events (a page too) to
    // tell the player of.
    const latest = api('campaign/log', { last: logFiltered() ? LOG_PAGE : logView.want });
    const [s, log, shown, offers, missed] = await Promise.all([api('campaign/show', {}), latest,
      logFiltered() ? api('campaign/log', { ...logOnly(), last: logView.want }) : latest,
      api('campaign/log', { 'open-offers': true }),
      from !== null ? api('campaign/log', { since: from, last: LOG_CATCH_UP }) : null]);
    musterOffline.keep(s, log);
    logView.offers = offers.events;
    logView.shown = shown.events;
    logView.more = shown.events.length >= logView.want;
    showLedger(s, log, null);
    // Once live, the stream alone moves lastEventId on (a reload that came
    // first would make it skip the event), except after a reset.
    if (from !== null)
      for (const e of missed.events)
        if (e.id > from && !liveSeen.includes(e.id)) { liveSeen.push(e.id); arrived.push(e); }
    if (!streaming || from !== null)
      for (const e of (missed || log).events) if (e.id > lastEventId) lastEventId = e.id;
    if (resetFrom === from) resetFrom = null;
    if (!streaming) live();
    const news = arrived.splice(0).map(e => log.events.find(x => x.id === e.id) || e);
    noticeOthers(news);
    const ended = news.concat(madeHereEnd.splice(0)).filter(e => e.kind === 'battle-end').pop();
    if (ended) showReport(ended.battle);
  } catch (e) {
    // a catch-up refused (a busy server asks to wait) is asked for again:
    // nothing else would bring the missed events
    if (resetFrom !== null && !musterOffline.unreachable(e)) {
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(loadCampaign, 2000);
    }
    const last = musterOffline.unreachable(e) && musterOffline.last();
    if (!last) return showError($('#camp-error'), e);
    showError($('#camp-error'), null);
    logView.battle = logView.division = 0;
    logView.offers = null; // those of the log kept
    logView.shown = last.log.events;
    logView.more = false;
    showLedger(last.show, last.log, last.time);
  }
}

// The events undone, from every undo the page has seen (an undo always
// comes after what it undoes, so a page of the log has both or the undo
// arrives later, by the stream, and the list is drawn again).
const undoneIds = new Set();
const noteUndos = events => { for (const e of events) if (e.kind === 'undo') undoneIds.add(e.event); };

// An event's line, the lines under it (rolls, returns) and, when it was
// undone, a mark that says so.
function logItem(e) {
  const [first, ...more] = logLines(e);
  const undone = undoneIds.has(e.id);
  return el('li', { value: e.id, class: undone ? 'undone' : null },
    el('span', { class: 'ev' }, `#${e.id} ${first}${logBy(e)}`),
    undone ? [' ', el('strong', { class: 'undone-mark' }, _('(undone)'))] : [],
    ...more.map(l => el('span', { class: 'more' }, l.trim())));
}

// The list, newest first: the events of logView.shown.
function renderLog() {
  noteUndos(lastLog);
  noteUndos(logView.shown);
  tell(logView.shown);
  $('#camp-log').replaceChildren(...logView.shown.slice().reverse().map(logItem));
  $('#log-older').hidden = !logView.more;
  $('#log-latest').hidden = !logFiltered();
}

// The page before the oldest shown, put under the list (nothing above it
// is drawn again).
async function olderEvents() {
  if (logView.busy || !logView.more || !logView.shown.length) return;
  logView.busy = true;
  try {
    const page = await api('campaign/log', { ...logOnly(), last: LOG_PAGE, before: logView.shown[0].id });
    logView.shown = page.events.concat(logView.shown);
    logView.want = logView.shown.length;
    logView.more = page.events.length >= LOG_PAGE;
    if (!logFiltered()) lastLog = logView.shown;
    noteUndos(page.events);
    tell(page.events);
    $('#camp-log').append(...page.events.slice().reverse().map(logItem));
    $('#log-older').hidden = !logView.more;
  } catch (e) {
    showError($('#camp-error'), e);
  } finally {
    logView.busy = false;
  }
}

// A battle's or a division's events (their last page first), or the
// latest again (both 0).
async function showLogOf(battle, division) {
  const was = [logView.battle, logView.division];
  [logView.battle, logView.division] = [battle, division];
  logView.want = LOG_PAGE;
  try {
    const page = await api('campaign/log', { ...logOnly(), last: LOG_PAGE });
    logView.shown = page.events;
    logView.more = page.events.length >= LOG_PAGE;
    if (!logFiltered()) lastLog = page.events;
    showError($('#log-error'), null);
    renderLog();
  } catch (e) {
    [logView.battle, logView.division] = was;
    showError($('#log-error'), e, $('#log-filter'));
  }
}

function logControls() {
  const f = $('#log-filter');
  f.addEventListener('submit', e => {
    e.preventDefault();
    showLogOf(Math.max(0, Number(f.battle.value) || 0), Number(f.division.value) || 0);
  });
  $('#log-latest').addEventListener('click', () => { f.battle.value = ''; f.division.value = ''; showLogOf(0, 0); });
  const older = $('#log-older');
  older.addEventListener('click', olderEvents);
  // Scrolled to the end of the list: the next page, as if pressed.
  if ('IntersectionObserver' in window)
    new IntersectionObserver(es => { if (es.some(x => x.isIntersecting)) olderEvents(); }).observe(older);
}

// The ledger and the log; `stale` is the time they were seen, when the
// server cannot be reached (offline.js keeps them on the device).
function showLedger(s, log, stale) {
  lastLog = log.events;
  if (!logFiltered()) logView.shown = log.events;
  renderLedger(s);
  const ld = $('#log-filter').division, keep = ld.value; // the log's division choice
  ld.replaceChildren(el('option', { value: '' }, _('any')),
    ...s.divisions.map(d => el('option', { value: d.id }, `${d.id} ${d.name} (${sideName(d.side)})`)));
  ld.value = keep;
  drawLog();
  const box = $('#camp-stale');
  box.hidden = !stale;
  box.textContent = stale ? _('Offline: the ledger as it stood at {time}, read only. Changes made now wait in the queue below and go out when the connection returns.',
    { time: new Date(stale).toLocaleString(musterLang.locale()) }) : '';
}

// The log, the latest events and the open offers: drawn with the ledger,
// and again once the engine can tell the log's sentences.
function drawLog() {
  tell(lastLog);
  renderLog();
  $('#camp-latest').replaceChildren(...lastLog.slice(-3).reverse().map(e => el('li', {}, logLine(e))));
  renderOffers(logView.offers || lastLog);
}

// The changes made offline, in the order they will be sent; a refused one
// keeps its refusal until the player has read it.
function showQueue(q) {
  const box = $('#camp-queue');
  box.hidden = q.length === 0;
  box.replaceChildren(...q.map(e => el('li', { class: e.state, 'data-id': e.id },
    queueWord(e.cmd), ' ', queueOptions(e), ': ',
    e.state === 'refused' ? [_('refused:') + ' ', queueRefusal(e), ' ', el('button', { type: 'button', class: 'dismiss' }, _('OK'))]
      : _('waiting to be sent'))));
  for (const b of $$('button.dismiss', box)) b.addEventListener('click', () => musterOffline.dismiss(b.parentNode.dataset.id));
  if (conn.state === 'offline') connShow(); // its count of changes waiting
}

// A queued change's options as its form names them ("Brigade 2, Verloren
// 1"): each field's label, a choice's value in the page's words; English
// keeps the API's keys.
function queueOptions(e) {
  const form = $(`form[data-cmd="${CSS.escape(e.cmd)}"]`);
  const en = musterLang.lang() === 'en';
  return Object.entries(e.body).map(([k, v]) => {
    const name = en ? k : fieldLabel(form, k);
    if (v === true) return name;
    const shown = en ? v : typeof v === 'string' && /^[a-z-]+$/.test(v) ? (term(v) !== v ? term(v) : logWords()[v] || v) : musterLang.dec(v);
    return name + ' ' + shown;
  }).join(', ');
}

// A queued change's refusal, in the page's words as a form's would be.
function queueRefusal(e) {
  if (!e.error) return '';
  const err = new ApiError(e.status || 400, e.error);
  err.reason = e.reason;
  err.option = e.option;
  return pageWords(err, $(`form[data-cmd="${CSS.escape(e.cmd)}"]`));
}

// A queued change's command, as the log names its kind.
function queueWord(cmd) {
  const c = cmd.replace('campaign/', '');
  return musterLang.lang() === 'en' ? c.replace('/', ' ') : logWords()[c.replace('/', '-')] || c.replace('/', ' ');
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
  // an order of battle goes as it is, its own type (the API's body option)
  const sheet = cmd === 'campaign/import' ? opts.sheet : undefined;
  const type = sheet === undefined ? 'application/json' : /^\s*\{/.test(sheet) ? 'application/json' : 'text/csv';
  const headers = { 'Content-Type': type, 'Idempotency-Key': key };
  if (token) headers['X-Muster-Token'] = token;
  const res = await fetch('/api/' + cmd, { method: 'POST', headers, cache: 'no-store',
    body: sheet === undefined ? JSON.stringify(opts) : sheet });
  let body = null;
  try { body = parseJson(await res.text()); } catch (e) { body = null; }
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
    const text = _('#{id} recorded: {what}', { id, what: e ? logText(e) : _('done') });
    said.push(text);
    const line = el('p', { class: 'recorded' }, text);
    if (!e || !notUndone(e)) {
      const b = el('button', { type: 'button', class: 'undo-btn', 'data-event': id }, _('Undo'));
      b.addEventListener('click', () => undoEvent(id, b));
      line.append(' ', b);
    }
    box.append(line);
    if (e && e.kind === 'engage') box.append(rolledCard(e.division));
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
  return said;
}

// The division an engage rolled, by its confirmation: what the player
// wants to see at once, not three screens down (a copy of the ledger's
// card, open, without its quick actions).
function rolledCard(id) {
  const shown = $(`#camp-ledger details.division[data-division="${id}"]`);
  if (!shown || !$('.brigades-l', shown)) return '';
  const card = shown.cloneNode(true);
  card.removeAttribute('data-division');
  card.classList.add('rolled');
  card.open = true;
  for (const q of $$('.quick-row', card)) q.remove();
  return card;
}

// What undo refuses (the command's help): no Undo button for those.
const notUndone = e => ['new', 'add', 'reveal', 'fair-commit', 'contribute', 'undo'].includes(e.kind) ||
  (e.kind === 'engage' && e.hidden);

// What an answer carries that the log line does not: a commitment to hand
// over, a contribution, a reveal document.
function answerExtras(a) {
  const x = {};
  if (!a) return x;
  if (a.fair_commitment) x[_('Fair commitment (give it to the other side)')] = a.fair_commitment;
  if (a.contribution && !a.id) x[_('Contribution (give it to the owner)')] = a.contribution;
  if (a.salt && a.division && a.commitment) x[_('Reveal document')] = JSON.stringify(a);
  if (a.commitment && a.hidden && !a.salt) x[_('Commitment')] = a.commitment;
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
async function write(cmd, opts, key, form, anchor = null) {
  showError($('#camp-error'), null);
  lastError = null;
  if (offlineNow()) return queued(cmd, opts, key); // after the ones already waiting, in order
  try {
    const r = await apiWrite(cmd, opts, key);
    for (const id of eventIds(r.events)) madeHere.add(id);
    if (cmd === 'campaign/battle/end' && r.body && r.body.battle) madeHereEnd.push({ kind: 'battle-end', battle: r.body.battle });
    const at = anchor && $(anchor) ? $(anchor).getBoundingClientRect().top : null;
    await loadCampaign();
    const said = showRecorded(eventIds(r.events), r.body);
    if (cmd === 'campaign/reveal' && r.body) $('#verify-form').document.value = JSON.stringify(r.body);
    if (anchor) byThumb = { anchor, text: said[0] || '', until: Date.now() + BY_THUMB_MS };
    const there = at !== null && $(anchor);
    if (there) { // the same place on the screen, the confirmation by it
      there.querySelector('.by-thumb')?.remove();
      there.append(el('p', { class: 'by-thumb' }, byThumb.text));
      window.scrollBy(0, there.getBoundingClientRect().top - at);
    } else {
      $('#camp-done').scrollIntoView({ block: 'nearest' });
    }
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
    el('fieldset', { class: 'seg' }, el('legend', {}, _('Dice')),
      el('label', {}, el('input', { type: 'radio', name: 'dice', value: 'seed', 'data-local': '', checked: true }), ' ' + _('Roll for me')),
      el('label', {}, el('input', { type: 'radio', name: 'dice', value: 'typed', 'data-local': '' }), ' ' + _('I roll real dice'))),
    el('div', { class: 'typed', hidden: true },
      el('p', { class: 'hint' }, _('A d100 for each line (00 = 100). The next line appears once the tables know what comes next; nothing is recorded before the last.')),
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
  list.append(el('li', {}, el('label', {}, promptWords(label), input)));
  return input;
}

const howHints = () => ({
  open: _('Open: both sides see the division as it is rolled.'),
  hidden: _('Hidden: the other side sees only a commitment until you reveal it. Dice you roll yourself make it "not verifiable".'),
  fair: _('Fair: step 1 of a fair roll. The page shows a commitment to give the other side; see "Fair roll" below.'),
});

function formChanged(f, e) {
  delete f.dataset.key; // another change: another request
  if (e.target.name === 'post') $('.brigade-row', f).hidden = f.elements.post.value !== 'brigade';
  if (e.target.name === 'captured' && $('.camp-row', f)) $('.camp-row', f).hidden = !e.target.checked;
  if (e.target.name === 'how') $('.how-hint', f).textContent = howHints()[e.target.value];
  if (e.target.name === 'div' && f.elements.brigade) fillBrigades(f.elements.brigade);
  if (e.target.name === 'div' && f.closest('#fair')) { f.dataset.picked = '1'; for (const i of $$('.hex', f)) delete i.dataset.filled; fillFair(); }
  if (e.target.name === 'dice' || e.target.name === 'how' || e.target.name === 'div') $$('.roll-fields', f).forEach(l => l.replaceChildren());
}

// A second tap on a form just recorded and cleared: the change is in the
// ledger already, and the emptied form would only be refused.
const AGAIN_MS = 5000;
function tappedAgain(f, o) {
  if (!f.dataset.doneAt || Date.now() - Number(f.dataset.doneAt) > AGAIN_MS ||
      JSON.stringify(o) !== f.dataset.clean) return false;
  showError($('#camp-error'), null);
  const box = $('#camp-done');
  const note = el('p', { class: 'recorded', 'data-again': '' }, _('Already recorded as #{id}: nothing was sent again.', { id: f.dataset.doneId || '?' }));
  box.querySelector('[data-again]')?.remove();
  box.prepend(note);
  box.hidden = false;
  announce(note.textContent);
  return true;
}

async function campaignSubmit(ev) {
  ev.preventDefault();
  const f = ev.target;
  const o = formOptions(f);
  const file = 'sheet' in f.dataset && f.elements.file.files[0];
  if (file) o.sheet = await file.text(); // the file chosen, else what was pasted
  if ('sheet' in f.dataset && !o.sheet)
    return showError($('#camp-error'), new Error(_('Choose the order of battle\'s file, or paste it.')));
  if (tappedAgain(f, o)) return;
  delete f.dataset.doneAt;
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
  if ($('.how-hint', f)) $('.how-hint', f).textContent = howHints().open;
  fillFair();
  f.dataset.doneAt = String(Date.now());
  f.dataset.clean = JSON.stringify(formOptions(f));
  f.dataset.doneId = (/^#(\d+)/.exec(($('#camp-done .recorded') || {}).textContent || '') || [])[1] || '';
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

// The manual case: the reveal document in the box sent to another phone
// by the system's share sheet, or copied where there is none.
async function shareReveal() {
  const text = $('#verify-form').document.value.trim(), out = $('#verify-result');
  if (!text) return;
  try {
    if (navigator.share) await navigator.share({ text });
    else { await navigator.clipboard.writeText(text); out.hidden = false; out.className = 'big'; out.classList.add('outcome'); out.textContent = _('Copied.'); }
  } catch (e) { /* the player closed the share sheet */ }
}

async function verifyDocument(ev) {
  ev.preventDefault();
  const out = $('#verify-result');
  out.hidden = false;
  out.className = 'big';
  const f = $('#verify-form');
  let doc;
  if (f.div.value) {
    // the server's copy, checked here as a pasted one would be: the phone
    // trusts the hash, not the server
    try { doc = await api('campaign/reveal', { div: Number(f.div.value) }, true); } catch (e) {
      out.textContent = _('The reveal could not be fetched: {why}', { why: musterLang.server(e.message) });
      out.classList.add('error');
      announce(out.textContent);
      return;
    }
  } else {
    try { doc = JSON.parse(f.document.value); } catch (e) { doc = null; }
  }
  if (!doc || !doc.division || !/^[0-9a-f]{32}$/.test(doc.salt || '') || !/^[0-9a-f]{64}$/.test(doc.commitment || '')) {
    out.textContent = _('That is not a reveal document: paste what Reveal shows ({"division":…,"salt":…,"commitment":…}).');
    out.classList.add('error');
    announce(out.textContent);
    return;
  }
  const salt = doc.salt.match(/../g).map(h => parseInt(h, 16));
  const body = new TextEncoder().encode(canonical(doc.division));
  const got = sha256(Uint8Array.from([...salt, ...body]));
  const engaged = events => events.filter(e => e.kind === 'engage' && e.hidden && e.commitment === doc.commitment).pop();
  let logged = engaged(lastLog);
  // older than the page's log: the division the ledger gives that
  // commitment, its events asked for
  const d = !logged && lastShow && lastShow.divisions.find(x => x.commitment === doc.commitment);
  if (d) try { logged = engaged((await api('campaign/log', { division: d.id })).events); } catch (e) { /* not verified */ }
  const ok = got === doc.commitment && logged;
  out.textContent = ok ? _('Verified: it opens the commitment event #{id} recorded for division {division} {name}.', { ...logged, name: logged.name || '' })
    : got !== doc.commitment ? _('Does not verify: the division and salt do not give that commitment.')
      : _('Does not verify: no hidden engage in the log recorded that commitment.');
  out.classList.add(ok ? 'outcome' : 'error');
  announce(out.textContent);
}

// ---- start ------------------------------------------------------------------

// Another language chosen: what the page drew from the API, drawn again.
function redraw() {
  netStatus();
  connShow();
  const div = texts.get($('#div-out')); // a volley's goes with its outcome
  if (div && $('#div-out').textContent) commandText($('#div-out'), ...div);
  $('#fire-typed').placeholder = _('d100');
  if (whoami && whoami.campaign) $('#who').textContent = whoami.viewer === 'umpire' ? _('Umpire') : term(whoami.viewer);
  const typed = $('#div-form').dice.value === 'typed';
  $('#div-go').textContent = typed ? _('Show the division') : _('Roll the division');
  if (typed) relabel();
  else if (lastDivision && !$('#div-result').hidden) renderDivision(lastDivision);
  $('#fire-outcome').hidden = true;
  lastCurveKey = null;
  updateFire();
  for (const f of $$('#camp-forms form')) if ($('.how-hint', f)) $('.how-hint', f).textContent = howHints()[f.elements.how.value];
  if (lastShow) showLedger(lastShow, { events: lastLog }, null);
  showQueue(musterOffline.queue());
}

// What this device kept of the campaign goes; the page shows the ledger
// again only while the server answers.
function forgetCampaign() {
  const waiting = musterOffline.queue().filter(e => e.state === 'waiting').length;
  if (waiting && !confirm(_n('{n} change waits to be sent: forget it too?',
    '{n} changes wait to be sent: forget them too?', waiting))) return;
  musterOffline.forget();
  announce(_('This device keeps nothing of this campaign now.'));
  $('#camp-forget').textContent = _('Forgotten on this device');
}

async function start() {
  await musterLang.ready();
  startRangeUnit(); // a German reader's range in cm from the start
  $('#fire-typed').placeholder = _('d100');
  musterLang.onChange(redraw);
  for (const b of $$('#tabs button')) b.addEventListener('click', () => selectTab(b.dataset.tab));
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});
  engine().then(netStatus, e => { $('#net').textContent = e.message; });
  addEventListener('online', netStatus);
  addEventListener('offline', netStatus);
  // Who the link is: the server's answer, else the last one kept; none
  // (the static folder, or a server never reached): the calculators only.
  try {
    whoami = await (await fetch('/whoami', { headers: token ? { 'X-Muster-Token': token } : {} })).json();
    musterOffline.keepWho(whoami);
  } catch (e) {
    whoami = musterOffline.unreachable(e) ? musterOffline.lastWho() : null;
  }
  if (!whoami) {
    $('#denied').hidden = !token;
    whoami = { viewer: 'nobody', campaign: null, sides_can_write: false };
  }
  // A campaign server without a valid link: the calculators still work.
  if (whoami.viewer === 'nobody' && whoami.links) $('#denied').hidden = false;
  if (whoami.campaign) {
    $('#who').hidden = false;
    $('#who').textContent = whoami.viewer === 'umpire' ? _('Umpire') : term(whoami.viewer);
    $('#who').classList.add(whoami.viewer);
    $('#tabs [data-tab="campaign"]').hidden = false;
    const write = whoami.viewer === 'umpire' || whoami.sides_can_write;
    $('#camp-forms').hidden = !write;
    $('#camp-readonly').hidden = write;
    $('#import').hidden = whoami.viewer !== 'umpire'; // the API's rule: the umpire's link only
    if (whoami.viewer !== 'umpire') {
      const army = $$('#div-form input[name="army"]').find(i => i.value === whoami.viewer);
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
  const soon = () => {
    clearTimeout(fireTimer);
    fireTimer = setTimeout(() => { fireTimer = null; updateFire(); }, 120);
  };
  ff.addEventListener('input', e => {
    if (e.target.name === 'range-slider') ff.range.value = musterLang.dec(e.target.value);
    soon();
  });
  ff.addEventListener('change', e => {
    if (e.target.name === 'unit') setRangeUnit(e.target.value, true);
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
  $('#verify-form').div.addEventListener('change', e => { e.target.dataset.picked = '1'; });
  $('#verify-share').addEventListener('click', shareReveal);
  $('#div-odds-go').addEventListener('click', divisionOdds);
  houseControls();
  $('#camp-forget').addEventListener('click', forgetCampaign);
  logControls();
  musterOffline.onChange(showQueue);
  addEventListener('online', sendQueue);
  if (navigator.onLine) sendQueue(); // left from an earlier visit
  refillWeapons();
  const want = location.hash.match(/tab=(\w+)/);
  selectTab(want ? want[1] : (whoami.campaign ? 'campaign' : 'division'));
  playEarly();
}

document.addEventListener('DOMContentLoaded', start);
