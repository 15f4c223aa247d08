// The table page: the scorekeeper records the game move by move (the recorder's link).
"use strict";
(() => {
  const {$, api, el, show} = PL;
  const name = PL.tableName();
  const base = "/api/tables/" + encodeURIComponent(name);
  const SHOWN = 40;
  let seq = 0, legal = [], over = false, status = "", shownLines = 0, busy = null, again = false;

  function statusWords(pos, info) {
    if (pos.over) return "The game is over" + (info.result ? ": " + info.result : "") + (info.sealed ? " (sealed)." : ".");
    const round = "Round " + pos.round + " · line " + pos.seq + " · ";
    return round + (pos.chance ? "chance is next: " + (pos.hint || "type the outcome") : pos.to_move + " to move");
  }

  function offer() {
    const typed = $("move").value.trimStart().toLowerCase();
    const fits = legal.filter((m) => m.toLowerCase().startsWith(typed));
    const list = $("legal");
    list.textContent = "";
    for (const move of fits.slice(0, SHOWN)) {
      list.append(el("li", {}, el("button", {type: "button", class: "legal-move", onclick: () => pick(move)}, move)));
    }
    const more = fits.length > SHOWN ? " (the first " + SHOWN + " shown: type more to narrow them)" : "";
    $("legal-count").textContent = over ? "" : typed
      ? fits.length + " legal " + (fits.length === 1 ? "move begins" : "moves begin") + " with “" + typed + "”" + more
      : legal.length + " legal " + (legal.length === 1 ? "move" : "moves") + more;
  }

  function pick(move) {
    $("move").value = move;
    offer();
    $("move").focus();
  }

  function addLines(lines) {
    const list = $("lines");
    for (const line of lines) {
      list.append(el("li", {class: "line " + line.kind, "data-seq": line.seq}, line.seq + ". " + line.text));
      shownLines = line.seq;
    }
    list.scrollTop = list.scrollHeight;
  }

  async function refresh() {
    if (busy) { again = true; return busy; }
    busy = (async () => {
      do {
        again = false;
        const [info, pos, moves, pic, lines] = await Promise.all([
          api(base), api(base + "/position"), api(base + "/moves"), api(base + "/picture"),
          api(base + "/lines?after=" + shownLines + "&limit=5000")]);
        if (!pos.ok) { show("error", "This table's record cannot be read: " + pos.data.message); return; }
        show("error", "");
        seq = pos.data.seq;
        over = pos.data.over;
        legal = moves.data.moves;
        status = statusWords(pos.data, info.data) + (pos.data.over ? " " + await PL.finalScore(base) : "");
        $("status").textContent = status;
        $("picture").replaceChildren(PL.picture(pic.data));
        $("text").textContent = pos.data.text;
        addLines(lines.data.lines);
        $("move").disabled = $("record").disabled = over;
        offer();
        document.body.dataset.seq = String(seq);
        document.body.dataset.over = over ? "1" : "0";
      } while (again);
    })();
    try { await busy; } finally { busy = null; }
  }

  function refusal(data) {
    return data.message + (data.rule ? " (rule: " + data.rule + ")" : "");
  }

  async function record(event) {
    event.preventDefault();
    const text = $("move").value.trim();
    if (!text) { show("move-error", "Type a move first."); $("move").focus(); return; }
    const res = await api(base + "/moves", {json: {seq: seq, moves: [text]}});
    if (res.ok) {
      $("move").value = "";
      show("move-error", "");
      await refresh();
      $("status").textContent = "Recorded: " + res.data.lines.map((l) => l.text).join("; ") + ". " + status;
    } else if (res.status === 409) {
      show("move-error", "The record changed meanwhile; the position is now up to date: check it and record again.");
      await refresh();
    } else {
      show("move-error", "Not recorded: " + refusal(res.data) + ". The record is unchanged.");
    }
    $("move").focus();
  }

  async function undo(event) {
    event.preventDefault();
    const reason = $("undo-reason").value.trim();
    if (!reason) { show("undo-error", "Say why the line is taken back: the reason is kept in the record."); $("undo-reason").focus(); return; }
    const res = await api(base + "/undo", {json: {seq: seq, reason: reason}});
    if (res.ok) {
      $("undo-reason").value = "";
      show("undo-error", "");
      await refresh();
      $("status").textContent = "Taken back: " + res.data.lines.map((l) => l.text).join("; ") + ". " + status;
      $("move").focus();
    } else {
      show("undo-error", (res.status === 409 ? "The record changed meanwhile; try again. " : "Not taken back: ")
        + refusal(res.data) + ".");
      if (res.status === 409) await refresh();
    }
  }

  async function main() {
    const who = await api("/api/whoami");
    if (!(who.data.role === "director" || (who.data.role === "recorder" && who.data.table === name))) {
      throw new PL.InvalidLink("not the recorder's link");
    }
    const header = await api(base + "/header");
    if (!header.ok) { show("error", "This table's record cannot be read: " + header.data.message); return; }
    const h = header.data;
    $("title").textContent = name + ": " + h.title + " — " + h.players.join(", ");
    document.title = "planets-log: recording " + name;
    $("move-form").addEventListener("submit", record);
    $("undo-form").addEventListener("submit", undo);
    $("move").addEventListener("input", () => { show("move-error", ""); offer(); });
    await refresh();
    PL.follow(base + "/stream?after=" + seq, (kind) => { if (kind === "line") PL.guard(refresh()); }, () => {});
    document.body.dataset.ready = "1";
  }

  PL.start(main);
})();
