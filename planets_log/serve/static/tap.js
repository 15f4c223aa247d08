// The board as the input (the table page): the spots some legal move is about are marked; each tap keeps the moves
// whose parts hold every spot tapped so far, in that order; a part on no zone (a die's face, "pass") is offered
// beside the board under its label; when one move is left it is shown in words, and one tap records it. A tap on a
// tapped spot, or "Clear", takes the choice back.
"use strict";
const TAP = (() => {
  const {$, el} = PL;
  let options = [], layout = null, quiet = "", onBoard = new Set(), chosen = [], record = () => {}, changed = () => {};

  // Where the tapped ids sit in `parts` (in order), or null when they do not all sit there.
  function match(parts, ids) {
    let at = 0;
    for (const id of ids) {
      while (at < parts.length && parts[at].id !== id) at++;
      if (at === parts.length) return null;
      at++;
    }
    return at;
  }

  function left() {
    return options.filter((o) => match(o.parts, chosen) !== null);
  }

  // The spots a next tap may be about: a part of a move still left, after the parts already tapped.
  function next() {
    const out = new Map();
    for (const o of left()) {
      const from = match(o.parts, chosen);
      for (const part of o.parts.slice(from)) if (!out.has(part.id)) out.set(part.id, part);
    }
    return out;
  }

  function tap(id) {
    const ahead = next();
    if (ahead.has(id)) chosen.push(id);
    else if (chosen.includes(id)) chosen = chosen.slice(0, chosen.indexOf(id));
    else return;
    draw(true);
  }

  function clear() {
    chosen = [];
    draw();
  }

  // How the board draws spot `id`: a button when some move left is about it next or it was tapped.
  function tapping(id) {
    if (chosen.includes(id)) return {tap, chosen: true};
    return next().has(id) ? {tap, chosen: false} : {};
  }

  // The one move the taps single out: the only one left, or the one whose parts are exactly the taps.
  function single() {
    const rest = left();
    if (rest.length === 1) return rest[0];
    return rest.find((o) => o.parts.length === chosen.length && chosen.length) || null;
  }

  function draw(tapped) {
    const had = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.spot : null;
    BOARD.draw($("board"), layout, tapping);
    const extras = [...next().values()].filter((p) => !onBoard.has(p.id));
    const tappedOff = chosen.filter((id) => !onBoard.has(id));
    const offered = tappedOff.map((id) => ({id, label: labelOf(id), words: ""}))
      .map((p) => BOARD.spot(p, {tap, chosen: true})).concat(extras.map((p) => BOARD.spot(p, {tap, chosen: false})));
    $("tap-extra").replaceChildren(...offered.map((b) => el("li", {}, b)));
    $("tap-extra-box").hidden = !offered.length;
    const one = single();
    const rest = left();
    $("tap-words").textContent = !options.length ? quiet : !chosen.length
      ? "Tap what the move is about: a marked spot on the board" + (extras.length ? " or a choice below it." : ".")
      : one ? (rest.length === 1 ? "One move left: " : "This move, or tap on: ") + one.words
      : rest.length + " moves left: tap on to narrow them.";
    $("tap-confirm").hidden = !one;
    $("tap-confirm").textContent = one ? "Record: " + one.words : "";
    $("tap-confirm").dataset.move = one ? one.text : "";
    $("tap-clear").hidden = !chosen.length;
    document.body.dataset.tapped = chosen.join(" ");
    changed();
    keepFocus(had, tapped && one);
  }

  // The board is drawn anew at each tap: the focus stays on the spot tapped (or goes to "Record" when one move is
  // left), so that the keyboard alone can record a move.
  // The focus moves once the key that tapped is released: moved while Enter is still down, the same key press would
  // press the new button too (and record a move unconfirmed).
  let keyDown = false, pending = null;
  function keepFocus(had, confirmNow) {
    if (!had && !confirmNow) return;
    const target = confirmNow ? $("tap-confirm") : document.querySelector(
      "#board [data-spot='" + CSS.escape(had) + "'], #tap-extra [data-spot='" + CSS.escape(had) + "']");
    if (!target || target.tagName !== "BUTTON") return;
    pending = () => { if (!target.hidden && target.isConnected) target.focus(); };
    if (!keyDown) focusNow();
  }

  function focusNow() {
    const go = pending;
    pending = null;
    if (go) go();
  }

  function labelOf(id) {
    for (const o of options) for (const p of o.parts) if (p.id === id) return p.label;
    return id;
  }

  // New options (after each refresh): the taps are kept while the legal moves are the same.
  // `why`: what to say when no move can be tapped now.
  function set(opts, lay, why) {
    quiet = why || "";
    const same = JSON.stringify(opts.map((o) => o.text)) === JSON.stringify(options.map((o) => o.text));
    options = opts || [];
    layout = lay;
    onBoard = BOARD.ids(lay);
    if (!same) chosen = [];
    draw();
  }

  function confirm() {
    const one = single();
    if (!one) return;
    chosen = [];
    record(one.text);
  }

  function init(hooks) {
    record = hooks.record;
    changed = hooks.changed || changed;
    $("tap-confirm").addEventListener("click", confirm);
    $("tap-clear").addEventListener("click", clear);
    document.addEventListener("keydown", () => { keyDown = true; }, true);
    document.addEventListener("keyup", () => { keyDown = false; focusNow(); }, true);
  }

  // The moves the taps so far leave (all of them before any tap), as notation.
  function kept() {
    return new Set(left().map((o) => o.text));
  }

  return {init, set, kept, clear, tapped: () => chosen.slice()};
})();
