// SPDX-License-Identifier: MIT
// offline.js -- the campaign page when the Wi-Fi drops (app.js calls it).
// The last ledger and log the page saw are kept on the device and shown,
// read only and marked stale with their time, while the server cannot be
// reached. A change made meanwhile is queued with a request id of its own
// (sent as the Idempotency-Key header, so a change the server already took
// is not taken twice); when the connection returns the queue goes out in
// order, each entry once, and an entry the server refuses (the ledger moved
// on) stays in the list with the refusal shown on it, never dropped.
'use strict';

const musterOffline = (() => {
  // One store a link: a side's page never shows what the umpire's kept.
  const KEY = 'muster-campaign:' + location.host + ':' +
    ((location.hash.match(/t=([0-9a-f]{32})/) || [])[1] || 'open');
  const load = (k, d) => { try { return JSON.parse(localStorage.getItem(KEY + k)) ?? d; } catch (e) { return d; } };
  const save = (k, v) => { try { localStorage.setItem(KEY + k, JSON.stringify(v)); } catch (e) { /* full: kept in memory only */ } };
  // A shared device keeps the campaign of the link it was opened with only:
  // every other link's ledger and answers go (a change still waiting to be
  // sent stays, with its link, until it is sent or forgotten there).
  const PREFIX = 'muster-campaign:' + location.host + ':';
  function prune() {
    try {
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const k = localStorage.key(i);
        if (!k || !k.startsWith(PREFIX) || k.startsWith(KEY + ':')) continue;
        if (k.endsWith(':queue')) {
          const q = JSON.parse(localStorage.getItem(k) || '[]');
          if (Array.isArray(q) && q.some(e => e && e.state === 'waiting')) continue;
        }
        localStorage.removeItem(k);
      }
    } catch (e) { /* private mode: nothing kept */ }
  }
  prune();
  let queue = load(':queue', []);
  let sending = false;
  const listeners = [];

  // A fetch that failed without an answer: the network, not the server.
  const unreachable = e => e instanceof TypeError || !navigator.onLine;

  function changed() {
    save(':queue', queue);
    for (const f of listeners) f(queue.slice());
  }

  return {
    unreachable,
    // The ledger as last seen: {show, log, time} or null.
    last: () => load(':ledger', null),
    keep: (show, log) => save(':ledger', { show, log, time: new Date().toISOString() }),
    // Who the link is (GET /whoami), as last answered.
    lastWho: () => load(':who', null),
    keepWho: who => save(':who', who),
    queue: () => queue.slice(),
    // "Forget this campaign on this device": its ledger, answers and queue.
    forget() {
      for (const k of [':ledger', ':who', ':queue'])
        try { localStorage.removeItem(KEY + k); } catch (e) { /* nothing kept */ }
      queue = [];
      for (const f of listeners) f([]);
    },
    onChange: f => { listeners.push(f); f(queue.slice()); },
    // `id` is the change's request id (its Idempotency-Key), made by the
    // form: if the first try reached the server after all, the retry gets
    // that first answer and nothing is recorded twice.
    add(cmd, body, id) {
      const e = { id, cmd, body, at: new Date().toISOString(), state: 'waiting' };
      queue.push(e);
      changed();
      return e;
    },
    // A refused entry the player has read: taken off the list.
    dismiss(entryId) {
      queue = queue.filter(e => e.id !== entryId || e.state !== 'refused');
      changed();
    },
    // Sends the waiting entries in order with post(cmd, body, requestId),
    // which resolves, rejects with an answer's refusal (then the entry is
    // marked refused and the next one goes), or throws a TypeError when the
    // network is still down (then it and the rest wait). Resolves to the
    // number sent.
    async flush(post) {
      if (sending) return 0;
      sending = true;
      let sent = 0;
      try {
        for (const e of queue) {
          if (e.state !== 'waiting') continue;
          try {
            await post(e.cmd, e.body, e.id);
            e.state = 'sent';
            sent++;
          } catch (err) {
            if (unreachable(err)) break;
            e.state = 'refused';
            e.error = err.message || String(err);
            // for the page's words (app.js): the refusal's status, reason
            // code and option, which stay the API's
            e.status = err.status;
            e.reason = err.reason;
            e.option = err.option;
          }
          changed();
        }
        queue = queue.filter(e => e.state !== 'sent');
        changed();
      } finally {
        sending = false;
      }
      return sent;
    },
  };
})();
