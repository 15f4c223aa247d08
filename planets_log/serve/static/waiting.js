// The table page's memory on the phone (localStorage, this table's only): the moves waiting to be sent, in order,
// each with the seq it was typed against, and the last position the page knew; and the service worker that opens
// the page again without the network.
"use strict";
const WAITING = (() => {
  const table = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  const QUEUE = "planets-log-waiting:" + table, LAST = "planets-log-last:" + table;
  const CACHE = "planets-log-table-2";

  function read(key, empty) {
    try { return JSON.parse(localStorage.getItem(key) || "null") || empty; } catch (err) { return empty; }
  }

  function write(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); return true; } catch (err) { return false; }
  }

  // The service worker (which needs https, or this machine itself) keeps the page and its scripts; the page adds
  // its own address to the cache, since the visit that installs the worker is not served through it.
  function worker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return Promise.resolve(false);
    return navigator.serviceWorker.register("/sw.js", {scope: "/tables/"})
      .then(() => navigator.serviceWorker.ready)
      .then(() => caches.open(CACHE))
      .then((cache) => cache.add(location.pathname))
      .then(() => true, () => false);
  }

  return {
    moves: () => read(QUEUE, []),
    keep: (moves) => { if (moves.length) return write(QUEUE, moves); localStorage.removeItem(QUEUE); return true; },
    last: () => read(LAST, null),
    remember: (snapshot) => write(LAST, snapshot),
    worker: worker,
  };
})();
