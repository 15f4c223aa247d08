// The spectators' index: every public table with a small live board and its last move, each opening its game page.
"use strict";
(() => {
  const {$, api, el} = PL;
  const cards = new Map(), shown = new Map();

  function words(t) {
    if (t.status === "over") return "Finished" + (t.result ? ": " + t.result : ".");
    if (t.status === "problem") return "Not shown now: the record has a problem.";
    return "Playing: " + (t.status === "chance" ? "chance is next" : t.to_move + " to move") + " · " + t.moves
      + (t.moves === 1 ? " move" : " moves") + (t.delay ? " (" + t.delay + " moves behind the table)" : "");
  }

  async function board(t) {
    if (t.status === "problem") return;
    const pic = await api("/api/tables/" + encodeURIComponent(t.name) + "/picture");
    if (!pic.ok) return;
    const card = cards.get(t.name);
    const drawn = PL.picture(pic.data);
    drawn.removeAttribute("aria-labelledby");
    drawn.setAttribute("role", "img");
    drawn.setAttribute("aria-label", "The board of " + t.name + " after " + t.moves + " moves");
    card.querySelector(".mini").replaceChildren(drawn);
    card.dataset.seq = String(t.seq);
  }

  function draw(t) {
    let card = cards.get(t.name);
    if (!card) {
      const link = el("a", {href: "/games/" + encodeURIComponent(t.name), class: "board-link"},
                      el("span", {class: "board-name"}, t.name), el("span", {class: "board-game"}));
      card = el("li", {class: "board", "data-table": t.name}, link, el("div", {class: "mini"}),
                el("p", {class: "board-state"}), el("p", {class: "board-last"}));
      cards.set(t.name, card);
      $("boards").append(card);
    }
    card.querySelector(".board-game").textContent = ": " + (t.title || "") + " — " + t.players.join(", ");
    card.querySelector(".board-state").textContent = words(t);
    card.querySelector(".board-last").textContent = t.last_move ? "Last move: " + t.last_move : "No move yet.";
    const before = shown.get(t.name);
    shown.set(t.name, t);
    if (before && t.last_move && t.seq !== before.seq) $("said").textContent = t.name + ": " + t.last_move;
    if (!before || t.seq !== before.seq) PL.guard(board(t));
    document.body.dataset.last = t.name + "=" + t.seq;
  }

  function empty() {
    if (!cards.size && !$("boards").children.length) $("boards").append(el("li", {class: "help"}, "No public table yet."));
    else for (const item of $("boards").querySelectorAll("li.help")) item.remove();
  }

  async function main() {
    for (const t of (await api("/api/tables")).data) draw(t);
    empty();
    PL.follow("/api/stream", (kind, t) => { if (kind === "table" && t.public) { draw(t); empty(); } }, (up) => {
      $("live").textContent = up ? "Live: each board moves as its table plays." : "Reconnecting…";
    });
    document.body.dataset.ready = "1";
  }

  PL.start(main);
})();
