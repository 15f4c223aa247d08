// The game page: a seat or a spectator follows the table live and steps back through it.
// Every position comes from the API as this link may see it (a seat's own cards, a spectator's delay).
"use strict";
(() => {
  const {$, api, el, show} = PL;
  const name = PL.tableName();
  const base = "/api/tables/" + encodeURIComponent(name);
  let seqs = [0], at = 0, target = 0, live = false, asked = 0;
  // `at`: the position shown; `target`: the one asked for last (shown once its answers arrive).

  function whoWords(who, info) {
    if (who.role === "seat") return "You follow as " + who.player + ": your own cards are shown, the others' stay hidden.";
    if (who.role === "spectator") {
      return "You follow as a spectator" + (info.delay ? ", " + info.delay + " moves behind the table." : ".");
    }
    return "You see everything: the scorekeeper's view.";
  }

  function latest() { return seqs[seqs.length - 1]; }

  function liveWords() {
    if (!live) return "Reconnecting…";
    const behind = seqs.length - 1 - seqs.indexOf(at);
    return behind > 0 ? "Live: " + behind + " newer " + (behind === 1 ? "line" : "lines") + " (▶| shows the latest)."
      : "Live: following the table.";
  }

  function positionWords(pos) {
    const state = pos.over ? "the game is over" : pos.chance ? "chance is next" : pos.to_move + " to move";
    return "Line " + pos.seq + " of " + latest() + " · round " + pos.round + " · " + state;
  }

  async function go(seq) {
    const mine = ++asked;
    target = seq;
    const [pos, pic] = await Promise.all([api(base + "/position?seq=" + seq), api(base + "/picture?seq=" + seq)]);
    if (mine !== asked) return;
    const final = pos.ok && pos.data.over ? await PL.finalScore(base) : "";
    if (mine !== asked) return;
    if (!pos.ok) { show("error", PL.problem(pos.data)); return; }
    show("error", "");
    at = seq;
    $("picture").replaceChildren(PL.picture(pic.data));
    $("text").textContent = pos.data.text;
    $("words").textContent = BOARD.words(pos.data);
    BOARD.draw($("board"), pos.data.layout);
    $("position").textContent = positionWords(pos.data) + (final ? ". " + final : "");
    for (const item of $("lines").children) {
      const here = Number(item.dataset.seq) === at;
      item.classList.toggle("current", here);
      const button = item.firstChild;
      if (here) { button.setAttribute("aria-current", "step"); reveal(item); }
      else button.removeAttribute("aria-current");
    }
    $("live").textContent = liveWords();
    document.body.dataset.seq = String(at);
    document.body.dataset.last = String(latest());
  }

  // Scroll the list (never the page) so the current line shows.
  function reveal(item) {
    const list = $("lines");
    const top = item.offsetTop, bottom = top + item.offsetHeight;
    if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }

  function step(by) {
    const i = Math.max(0, Math.min(seqs.length - 1, seqs.indexOf(target) + by));
    return PL.guard(go(seqs[i]));
  }

  function addLine(line) {
    if (line.seq <= latest()) return;
    seqs.push(line.seq);
    const worded = line.words && line.words !== line.text;
    const button = el("button", {type: "button", onclick: () => PL.guard(go(line.seq))},
                      line.seq + ". " + (worded ? line.words : line.text),
                      worded ? el("span", {class: "notation"}, " " + line.text) : null);
    $("lines").append(el("li", {class: "line " + line.kind, "data-seq": line.seq}, button));
  }

  function arrived(kind, line) {
    if (kind !== "line") return;
    const following = target === latest();
    if (line.seq > latest()) $("said").textContent = "New: " + (line.words || line.text);  // each new line said once, in words
    addLine(line);
    document.body.dataset.last = String(latest());
    if (following) PL.guard(go(latest()));
    else $("live").textContent = liveWords();
  }

  function keys(event) {
    if (event.target.tagName === "INPUT") return;
    const moves = {ArrowLeft: -1, ArrowRight: 1, Home: -seqs.length, End: seqs.length};
    if (event.key in moves) { event.preventDefault(); step(moves[event.key]); }
  }

  async function main() {
    const who = (await api("/api/whoami")).data;
    if (who.role !== "spectator" && who.role !== "director" && who.table !== name) {
      throw new PL.InvalidLink("another table's link");
    }
    const [info, header] = await Promise.all([api(base), api(base + "/header")]);
    if (!header.ok) { show("error", "This table's record cannot be read: " + PL.problem(header.data)); return; }
    $("title").textContent = name + ": " + header.data.title + " — " + header.data.players.join(", ");
    document.title = "planets-log: " + name;
    LEGEND.bind(header.data.game);
    $("who").textContent = whoWords(who, info.data);
    const lines = await api(base + "/lines?after=0&limit=5000");
    for (const line of lines.data.lines) addLine(line);
    $("first").addEventListener("click", () => step(-seqs.length));
    $("prev").addEventListener("click", () => step(-1));
    $("next").addEventListener("click", () => step(1));
    $("last").addEventListener("click", () => step(seqs.length));
    document.addEventListener("keydown", keys);
    await go(latest());
    PL.follow(base + "/stream?after=" + latest(), arrived, (up) => { live = up; $("live").textContent = liveWords(); });
    document.body.dataset.ready = "1";
  }

  PL.start(main);
})();
