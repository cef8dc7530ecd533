// SPDX-License-Identifier: MIT
// sw.js -- the page's service worker: on install it keeps every file
// of muster-site/ (the build writes their list and a version made of their
// hash); afterwards each of them is answered from that cache, so the page,
// its engine and its WebAssembly core load with the network cut. A new
// build has a new version: its worker takes the new files and drops the old.
const VERSION = 'muster-site-@MUSTER_SITE_VERSION@';
const FILES = [
  './',
  '@MUSTER_SITE_FILES@',
];

self.addEventListener('install', event => {
  event.waitUntil(caches.open(VERSION).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

// Every other muster cache goes: an older build's, or the one the old
// campaign page's worker kept.
self.addEventListener('activate', event => {
  event.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith('muster-') && k !== VERSION).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// The page's own files only: the campaign's answers (/api/, /whoami) are
// always the server's.
const OWN = new Set(FILES.map(f => new URL(f, self.registration.scope).pathname));
self.addEventListener('fetch', event => {
  const req = event.request, url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || !OWN.has(url.pathname)) return;
  event.respondWith(caches.open(VERSION).then(async c => {
    const hit = await c.match(req, { ignoreSearch: true });
    return hit || fetch(req);
  }));
});
