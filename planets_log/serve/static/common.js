// Shared by the three pages: the link's token, the API, the live streams, building the DOM.
// Everything a record holds (names, notes, moves) reaches the page as text: built with
// textContent and append(string), never parsed as HTML; pictures go through an allow-list.
"use strict";
const PL = (() => {
  const KEY = "planets-log-token:" + location.pathname;
  const DIRECTOR_KEY = "planets-log-token:/director";
  const $ = (id) => document.getElementById(id);

  // The token comes once, in the link's fragment (never sent to the server, never in its logs):
  // kept for this tab only, and taken out of the address bar and the history at once.
  function takeToken() {
    const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
    if (match) {
      sessionStorage.setItem(KEY, decodeURIComponent(match[1]));
      history.replaceState(null, "", location.pathname + location.search);
    }
    return sessionStorage.getItem(KEY) || sessionStorage.getItem(DIRECTOR_KEY) || "";
  }
  let token = takeToken();

  class InvalidLink extends Error {}
  class Offline extends Error {}  // the server could not be reached: nothing is known of the request's fate

  function headers(extra) {
    const out = Object.assign({}, extra || {});
    if (token) out.Authorization = "Bearer " + token;
    return out;
  }

  // A 401, a 403 or a missing table: the link is not valid here (whatever the reason, nothing else is shown).
  function refused(status, data) {
    return status === 401 || status === 403 || (status === 404 && data && data.code === "table.missing");
  }

  async function api(path, options) {
    const opts = Object.assign({cache: "no-store"}, options || {});
    opts.headers = headers(opts.headers);
    if (opts.json !== undefined) {
      opts.method = opts.method || "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(opts.json);
      delete opts.json;
    }
    let res;
    try { res = await fetch(path, opts); } catch (err) { throw new Offline(String(err)); }
    if (!res.headers.get("content-type") && res.status >= 502) throw new Offline(String(res.status));
    const type = res.headers.get("content-type") || "";
    let data;
    try {
      data = type.includes("json") ? await res.json() : type.includes("zip") ? await res.blob() : await res.text();
    } catch (err) { throw new Offline(String(err)); }
    if (refused(res.status, data)) throw new InvalidLink(String(res.status));
    return {ok: res.ok, status: res.status, data: data};
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  function show(id, text) {
    const node = $(id);
    node.textContent = text || "";
    node.hidden = !text;
  }

  // The picture the server drew, parsed as XML and kept only through an allow-list of drawing
  // elements and attributes: no script, no link, no style, no event handler can come through.
  const SVG_NS = "http://www.w3.org/2000/svg";
  const TAGS = new Set(["svg", "g", "defs", "pattern", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                        "path", "text", "tspan", "title", "desc"]);
  const BAD_ATTR = /^(on|href$|xlink:|style$)/i;

  function clean(node) {
    for (const child of [...node.children]) {
      if (child.namespaceURI !== SVG_NS || !TAGS.has(child.localName)) child.remove();
      else clean(child);
    }
    for (const attr of [...node.attributes]) {
      if (BAD_ATTR.test(attr.name) || /url\((?!#)/i.test(attr.value)) node.removeAttribute(attr.name);
    }
  }

  function picture(text) {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = doc.documentElement;
    if (root.namespaceURI !== SVG_NS || root.localName !== "svg") return el("p", {text: "The picture could not be drawn."});
    clean(root);
    root.setAttribute("aria-labelledby", "picture-title");
    const title = root.querySelector("title");
    if (title) title.id = "picture-title";
    return document.importNode(root, true);
  }

  // A link that is not valid here: one plain sentence, nothing of any table.
  let invalidWords = "This link is not valid for this table";
  function invalid(words) {
    sessionStorage.removeItem(KEY);
    for (const key of Object.keys(localStorage)) {  // no position this link showed is left on the phone
      if (key.startsWith("planets-log-last:")) localStorage.removeItem(key);
    }
    token = "";
    stopAll();
    document.title = "planets-log: link not valid";
    const main = $("main");
    main.textContent = "";
    main.append(el("h1", {text: words || invalidWords}),
                el("p", {text: "Ask the director for a new link (a link stops working when the director revokes it "
                               + "or restarts the server)."}));
    for (const node of document.querySelectorAll("body > :not(#main):not(script)")) node.remove();
    document.body.dataset.ready = "invalid";
  }

  // A live stream (Server-Sent Events) read through fetch, so the token goes in a header;
  // it reconnects after a drop or when the server ends it, resuming from the last event's id.
  const streams = [];
  function stopAll() { for (const s of streams) s.stopped = true; }

  function follow(path, onEvent, onLive) {
    const state = {stopped: false, lastId: null};
    streams.push(state);
    (async () => {
      while (!state.stopped) {
        try {
          const extra = state.lastId === null ? {} : {"Last-Event-ID": state.lastId};
          const res = await fetch(path, {headers: headers(extra), cache: "no-store"});
          if (refused(res.status, null)) throw new InvalidLink(String(res.status));
          if (!res.ok || !res.body) throw new Error("stream " + res.status);
          onLive(true);
          await readEvents(res.body, state, onEvent);
        } catch (err) {
          if (err instanceof InvalidLink) { invalid(); return; }
        }
        if (!state.stopped) { onLive(false); await new Promise((ok) => setTimeout(ok, 1000)); }
      }
    })();
    return state;
  }

  async function readEvents(body, state, onEvent) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "", held = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (done || state.stopped) return;
      let text = held + value;
      held = text.endsWith("\r") ? "\r" : "";
      if (held) text = text.slice(0, -1);
      buffer += text.replace(/\r\n?/g, "\n");
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const msg = parseEvent(block);
        if (msg.id !== null) state.lastId = msg.id;
        if (msg.data.length) onEvent(msg.event, JSON.parse(msg.data.join("\n")));
      }
    }
  }

  function parseEvent(block) {
    const msg = {event: "message", id: null, data: []};
    for (const line of block.split("\n")) {
      if (!line || line[0] === ":") continue;
      const at = line.indexOf(":");
      const field = at < 0 ? line : line.slice(0, at);
      let value = at < 0 ? "" : line.slice(at + 1);
      if (value[0] === " ") value = value.slice(1);
      if (field === "data") msg.data.push(value);
      else if (field === "event") msg.event = value;
      else if (field === "id") msg.id = value;
    }
    return msg;
  }

  // The final totals in words ("Ann 12, Ben 9: Ann wins"), or "" where the caller may not know them yet.
  async function finalScore(base) {
    const res = await api(base + "/score");
    if (!res.ok || res.data.withheld || !res.data.sheet) return "";
    const sheet = res.data.sheet;
    const totals = sheet.scores.map((s) => s.player + " " + s.total).join(", ");
    const names = sheet.winners.map((w) => sheet.scores[w].player);
    const outcome = !names.length ? "nobody wins" : names.length > 1 ? names.join(" and ") + " share the victory"
      : names[0] + " wins";
    return "Final score: " + totals + ": " + outcome + (sheet.tiebreak ? "; " + sheet.tiebreak : "") + ".";
  }

  // The table's name from the address: /tables/NAME or /games/NAME.
  function tableName() {
    return decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
  }

  // Run a page: any refusal of its link on the way shows the plain sentence.
  function start(main, words) {
    if (words) invalidWords = words;
    main().catch((err) => {
      if (err instanceof InvalidLink) invalid();
      else { console.error(err); show("error", "Something went wrong: " + err.message + ". Reload the page."); }
    });
  }

  // A refresh started by a stream event: a refused link shows the sentence, anything else is logged.
  function guard(promise) {
    return promise.catch((err) => {
      if (err instanceof InvalidLink) invalid();
      else if (!(err instanceof Offline)) console.error(err);
    });
  }

  // A problem the API answered: in plain words first when it has them, the message after.
  function problem(data) {
    if (!data || typeof data !== "object") return String(data);
    return data.words && data.words !== data.message ? data.words + " — " + data.message : data.message;
  }

  return {$, api, el, show, problem, picture, finalScore, follow, tableName, start, guard, invalid, InvalidLink, Offline};
})();
