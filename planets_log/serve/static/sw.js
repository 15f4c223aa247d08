// The table page's service worker (scope /tables/): the page and its scripts come from the network when it answers,
// else from this cache, so that a table page opened once opens again without the network. The API is never cached
// here: the page keeps the last position it knew itself.
"use strict";
const CACHE = "planets-log-table-2";
const FILES = ["/static/common.js", "/static/board.js", "/static/tap.js", "/static/legend.js", "/static/waiting.js",
               "/static/table.js", "/static/serve.css", "/static/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  const page = /^\/tables\/[^/]+$/.test(url.pathname);
  if (!page && !FILES.includes(url.pathname)) return;  // the API and everything else: the network only
  const key = url.pathname;  // never the query, never a fragment (the token is never sent)
  event.respondWith(fetch(event.request).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
    }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
