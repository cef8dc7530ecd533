// SPDX-License-Identifier: MIT
// chart.js -- the app's charts as SVG, drawn from the engine's numbers:
// bars for a distribution ({value: probability}) and a line for a fire
// curve ([{range, p}]). Plain DOM, no library.
const NS = 'http://www.w3.org/2000/svg';
const num = (x, d) => musterLang.num(x, d); // lang.js: a decimal comma in German

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function frame(w, h) {
  return el('svg', { viewBox: `0 0 ${w} ${h}`, width: '100%', role: 'img', class: 'svgchart' });
}

// dist: {"12": 0.0015, ...}; the bars in value order, the most likely marked.
export function bars(dist, title) {
  const keys = Object.keys(dist);
  const W = 360, H = 200, L = 34, B = 28, T = 18;
  const svg = frame(W, H);
  svg.append(el('title', {}, title));
  svg.append(el('text', { x: L, y: 12, class: 'ctitle' }, title));
  const max = Math.max(...keys.map(k => dist[k]), 1e-9);
  const bw = (W - L - 6) / Math.max(keys.length, 1);
  const top = keys.reduce((a, k) => (dist[k] > dist[a] ? k : a), keys[0]);
  for (let f = 0; f <= 1; f += 0.5) {
    const y = H - B - f * (H - B - T);
    svg.append(el('line', { x1: L, x2: W - 4, y1: y, y2: y, class: 'grid' }));
    svg.append(el('text', { x: L - 4, y: y + 4, class: 'axis', 'text-anchor': 'end' }, num(f * max * 100, 0) + '%'));
  }
  const every = Math.ceil(keys.length / 12);
  keys.forEach((k, i) => {
    const h = (dist[k] / max) * (H - B - T);
    const x = L + i * bw;
    const r = el('rect', { x: x + 1, y: H - B - h, width: Math.max(bw - 2, 1), height: h, class: k === top ? 'bar top' : 'bar' });
    r.append(el('title', {}, `${k}: ${num(dist[k] * 100, 2)}%`));
    svg.append(r);
    if (i % every === 0) svg.append(el('text', { x: x + bw / 2, y: H - B + 14, class: 'axis', 'text-anchor': 'middle' }, k));
  });
  return svg;
}

// points: [{range, p}] from `curve --format json`; P in per cent.
export function line(points, title) {
  const W = 360, H = 200, L = 34, B = 28, T = 18;
  const svg = frame(W, H);
  svg.append(el('title', {}, title));
  svg.append(el('text', { x: L, y: 12, class: 'ctitle' }, title));
  const xmax = Math.max(...points.map(p => p.range), 1);
  const ymax = Math.max(...points.map(p => p.p), 1);
  const X = r => L + (r / xmax) * (W - L - 8), Y = p => H - B - (p / ymax) * (H - B - T);
  for (let f = 0; f <= 1; f += 0.5) {
    svg.append(el('line', { x1: L, x2: W - 4, y1: Y(f * ymax), y2: Y(f * ymax), class: 'grid' }));
    svg.append(el('text', { x: L - 4, y: Y(f * ymax) + 4, class: 'axis', 'text-anchor': 'end' }, num(Math.round(f * ymax)) + '%'));
  }
  for (let r = 0; r <= xmax; r += Math.max(1, Math.ceil(xmax / 8)))
    svg.append(el('text', { x: X(r), y: H - B + 14, class: 'axis', 'text-anchor': 'middle' }, num(r) + '"'));
  svg.append(el('polyline', { points: points.map(p => `${X(p.range)},${Y(p.p)}`).join(' '), class: 'curve' }));
  return svg;
}
