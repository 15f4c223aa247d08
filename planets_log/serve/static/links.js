// The director's page, its Links section: every table's links at any time, each with a copy button, its QR code,
// and buttons to replace or revoke it. Only the director's token can fetch them (GET /api/tables/NAME/links).
"use strict";
const LINKS = (() => {
  const {$, api, el} = PL;
  const boxes = new Map();  // table name -> its <details>, kept across the tables' redraws
  const images = new Map();  // table name -> the blob: URLs of its QR codes, freed when redrawn

  function who(link) {
    return link.role === "recorder" ? "The scorekeeper (table page)" : link.player + " (game page)";
  }

  // A QR code drawn by the server (SVG text) shown as an image: an image cannot run anything it holds.
  function qr(name, svg, words) {
    const url = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
    images.get(name).push(url);
    return el("img", {src: url, alt: "QR code of " + words, class: "qr", width: 148, height: 148});
  }

  // Copy to the clipboard; over plain HTTP (no clipboard API) by selecting the text and copying it.
  async function copy(input, note) {
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(input.value); done = true; }
    } catch (err) { done = false; }
    if (!done) {
      input.focus();
      input.select();
      try { done = document.execCommand("copy"); } catch (err) { done = false; }
    }
    note.textContent = done ? "Copied." : "Select the link and copy it.";
  }

  function item(name, words, url, svg, actions) {
    const id = "link-" + name + "-" + words.replace(/[^A-Za-z0-9]+/g, "-");
    const input = el("input", {id: id, type: "text", readonly: true, value: url, class: "link"});
    const note = el("span", {class: "help", "aria-live": "polite"});
    const copyButton = el("button", {type: "button", class: "copy", onclick: () => PL.guard(copy(input, note))}, "Copy");
    copyButton.setAttribute("aria-label", "Copy the link of " + words);
    return el("li", {class: "link-item", "data-url": url},
              el("label", {for: id}, words), el("div", {class: "row"}, input, copyButton), note,
              el("div", {class: "link-actions"}, qr(name, svg, words), el("div", {class: "buttons"}, ...actions)));
  }

  function button(words, label, action) {
    const b = el("button", {type: "button", class: "secondary", onclick: () => PL.guard(action())}, words);
    b.setAttribute("aria-label", label);
    return b;
  }

  async function issue(name, role, seat) {
    const res = await api("/api/tables/" + encodeURIComponent(name) + "/links",
                          {json: seat === null ? {role: role} : {role: role, seat: String(seat + 1)}});
    if (!res.ok) throw new Error(res.data.message);
    return res.data;
  }

  async function replace(name, link) {
    await issue(name, link.role, link.seat);  // the new one first: never a moment with no link
    await api("/api/tokens/" + encodeURIComponent(link.token_id), {method: "DELETE"});
    await load(name, "A new link replaced the old one for " + who(link) + ".");
  }

  async function revoke(name, link) {
    await api("/api/tokens/" + encodeURIComponent(link.token_id), {method: "DELETE"});
    await load(name, "The link of " + who(link) + " no longer works.");
  }

  function draw(name, data, players, said) {
    for (const url of images.get(name) || []) URL.revokeObjectURL(url);
    images.set(name, []);
    const list = el("ul", {class: "links-list"});
    const seen = new Set(data.links.map((l) => l.role === "recorder" ? "r" : "s" + l.seat));
    for (const link of data.links) {
      list.append(item(name, who(link), link.url, link.qr, [
        button("New link", "New link for " + who(link), () => replace(name, link)),
        button("Revoke", "Revoke the link of " + who(link), () => revoke(name, link))]));
    }
    const wanted = [["recorder", null, "The scorekeeper (table page)"],
                    ...players.map((p, i) => ["seat", i, p + " (game page)"])];
    for (const [role, seat, words] of wanted) {
      if (seen.has(role === "recorder" ? "r" : "s" + seat)) continue;
      list.append(el("li", {class: "link-item missing"}, el("span", {}, words + ": no link. "),
        button("Issue a link", "Issue a link for " + words,
               async () => { await issue(name, role, seat); await load(name, "A link was issued for " + words + "."); })));
    }
    if (data.public) list.append(item(name, "Spectators (public game page)", data.public.url, data.public.qr, []));
    const box = boxes.get(name);
    const body = box.querySelector(".links-body");
    body.replaceChildren(el("p", {class: "help", "aria-live": "polite"}, said || ""), list);
    if (data.unshown) {
      body.append(el("p", {class: "help"}, data.unshown + " older " + (data.unshown === 1 ? "link works" : "links work")
        + " but cannot be shown (issued before links could be shown again): use “New link” to see one."));
    }
    box.dataset.loaded = String(Number(box.dataset.loaded || 0) + 1);
  }

  const players = new Map();

  async function load(name, said) {
    const res = await api("/api/tables/" + encodeURIComponent(name) + "/links");
    if (!res.ok) { boxes.get(name).querySelector(".links-body").textContent = res.data.message; return; }
    draw(name, res.data, players.get(name) || [], said);
  }

  // Every table gets its fold-out once; redraws of the tables' list leave them (and whether they are open) alone.
  function table(t, open) {
    players.set(t.name, t.players || []);
    let box = boxes.get(t.name);
    if (!box) {
      box = el("details", {class: "table-links", "data-table": t.name},
               el("summary", {}, "Table " + t.name + ": its links"), el("div", {class: "links-body"}));
      box.addEventListener("toggle", () => { if (box.open) PL.guard(load(t.name)); });
      boxes.set(t.name, box);
      $("links").append(box);
    } else if (box.open && String(t.public) !== box.dataset.public) {
      PL.guard(load(t.name));
    }
    box.dataset.public = String(t.public);
    if (open && !box.open) box.open = true;  // the toggle event loads it
  }

  return {table};
})();
