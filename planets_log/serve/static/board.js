// The board for a phone: the position's layout (position.layout) drawn as rows, a zone a row (its title, its note,
// its spots), never the desktop picture shrunk. A spot some legal move is about is a button (on the table page); the
// others are labels. Each spot shows its short label and tells a screen reader its words; the position in words
// (position.words) is linked from the board. Everything comes in as text: textContent only, never HTML.
"use strict";
const BOARD = (() => {
  const {el} = PL;

  // One spot: its label on screen, its words for a screen reader; a button when `tap` is given for it.
  function spot(info, how) {
    const words = info.words && info.words !== info.label ? info.words : "";
    const inner = [el("span", {class: "spot-label", "aria-hidden": words ? "true" : null}, info.label)];
    if (words) inner.push(el("span", {class: "visually-hidden"}, words));
    if (!how.tap) return el("span", {class: "spot", "data-spot": info.id}, ...inner);
    return el("button", {type: "button", class: "spot" + (how.chosen ? " chosen" : " marked"), "data-spot": info.id,
                         "aria-pressed": how.chosen ? "true" : "false", onclick: () => how.tap(info.id)}, ...inner);
  }

  function zone(info, i, tapping) {
    const head = "zone-" + i;
    const spots = info.spots.map((s) => el("li", {}, spot(s, tapping(s.id))));
    return el("div", {class: "zone", role: "group", "aria-labelledby": head, "data-zone": info.id},
              el("h3", {class: "zone-title", id: head}, info.title),
              info.note ? el("p", {class: "zone-note"}, info.note) : null,
              spots.length ? el("ul", {class: "spots"}, ...spots) : null);
  }

  // Draw `layout` into `node`. `tapping(id)` says how a spot is drawn: {} a label, {tap, chosen} a button.
  function draw(node, layout, tapping) {
    const how = tapping || (() => ({}));
    if (!layout || !layout.zones || !layout.zones.length) {
      node.replaceChildren(el("p", {class: "help"}, "This position has no board for a phone: see the picture below."));
      return;
    }
    node.replaceChildren(...layout.zones.map((z, i) => zone(z, i, how)));
  }

  // Every spot id on the layout.
  function ids(layout) {
    const out = new Set();
    for (const z of (layout && layout.zones) || []) for (const s of z.spots) out.add(s.id);
    return out;
  }

  // The position in words (one sentence a zone), else the text the engine writes.
  function words(pos) {
    return pos.words || pos.text || "";
  }

  return {draw, ids, words, spot};
})();
