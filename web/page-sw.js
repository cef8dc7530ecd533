// SPDX-License-Identifier: MIT
// page-sw.js -- muster serve's service worker (at /sw.js, scope /): the page's
// own files from the network when it answers, else from the copy kept at
// the last visit, so that the campaign page opens with the Wi-Fi off (its
// last ledger and the queue of changes are offline.js's). The API is never
// cached here: every answer about the campaign comes from the server.
const CACHE = 'muster-page-2';
const FILES = ['/', '/app.js', '/offline.js', '/style.css', '/lang.js', '/lang/de.mo'];

self.addEventListener('install', e => {
  // each on its own: a build without gettext has no /lang/de.mo
  e.waitUntil(caches.open(CACHE).then(c => Promise.all(FILES.map(f => c.add(f).catch(() => {}))))
    .then(() => self.skipWaiting()));
});
self.addEventListener('activate', e => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', e => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== location.origin) return;
  const path = url.pathname === '/index.html' ? '/' : url.pathname;
  if (!FILES.includes(path)) return;
  e.respondWith(fetch(e.request).then(res => {
    if (res.ok) { const copy = res.clone(); caches.open(CACHE).then(c => c.put(path, copy)); }
    return res;
  }).catch(() => caches.match(path)));
});
