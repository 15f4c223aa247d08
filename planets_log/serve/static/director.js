// The director's page: every table live, the audit's problems and standings, the archive, new tables.
"use strict";
(() => {
  const {$, api, el, show} = PL;
  const tables = new Map(), audits = new Map();
  let auditing = null, auditAgain = false;

  function statusWords(t) {
    if (t.status === "problem") return "problem: " + (t.problem ? t.problem.message : "the record cannot be read");
    if (t.status === "over") {
      const r = audits.get(t.name);
      const winners = r && r.result && r.result.winners.length ? "winners " + r.result.winners.join(", ") : "";
      return "finished" + (t.result ? ": " + t.result : winners ? ": " + winners : "");
    }
    return "waiting: " + (t.status === "chance" ? "chance is next" : t.to_move + " to move");
  }

  function playing(name) {
    return tables.has(name) && ["waiting", "chance"].includes(tables.get(name).status);
  }

  // What the audit says of a table's record (its problems but "unfinished" while it is being played).
  function problemsOf(r) {
    return r.problems.filter((p) => !(playing(r.table) && p.code === "game.unfinished"));
  }

  function auditWords(name) {
    const r = audits.get(name);
    if (!r) return "not audited yet";
    const problems = problemsOf(r);
    if (problems.length) return problems.length + (problems.length === 1 ? " problem" : " problems");
    const words = [r.valid ? "valid" : "not valid"];
    if (r.finished) words.push("finished");
    if (r.sealed) words.push(r.verified ? "seal verified" : "sealed, not verified");
    if (r.counted) words.push("counts");
    return words.join(", ");
  }

  // When the last move was written, how long ago, and a mark once that is longer than the minutes set on the page.
  function lastMove(t) {
    if (!t.last_move_at) return [t.last_move ? t.last_move : "no move yet", false];
    const ago = Math.max(0, Math.round((Date.now() / 1000 - t.last_move_at) / 60));
    const at = new Date(t.last_move_at * 1000).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
    const stalled = ["waiting", "chance"].includes(t.status) && ago >= stallMinutes();
    const words = at + " (" + (ago ? ago + " min ago" : "just now") + ")" + (stalled ? " — no move for " + ago + " min" : "");
    return [words + (t.last_move ? ": " + t.last_move : ""), stalled];
  }

  function stallMinutes() {
    const n = Number($("stall").value);
    return n > 0 ? n : 10;
  }

  function row(t) {
    const link = (path, words) => el("a", {href: path + encodeURIComponent(t.name)}, words);
    const cell = (label, ...content) => el("td", {role: "cell", "data-label": label}, ...content);
    const [moved, stalled] = lastMove(t);
    const cells = [
      el("th", {scope: "row", role: "rowheader"}, t.name, " ", el("span", {class: "links"}, "(",
         link("/games/", "follow"), " · ", link("/tables/", "record"), ")")),
      cell("Game", t.title || ""), cell("Players", t.players.join(", ")), cell("Moves", String(t.moves)),
      el("td", {role: "cell", "data-label": "Status", class: "status-" + t.status}, statusWords(t)),
      el("td", {role: "cell", "data-label": "Last move", class: stalled ? "stalled" : null},
         stalled ? el("strong", {}, "⚠ stalled: ") : null, moved),
      cell("Scores", t.scores || (t.status === "problem" ? "" : "shown at the end")),
      cell("Public", t.public ? "yes" + (t.delay ? ", " + t.delay + " behind" : "") : "no"),
      cell("Sealed", t.sealed ? "yes" : "no"), cell("Audit", auditWords(t.name))];
    return el("tr", {role: "row", "data-table": t.name, "data-status": t.status, "data-stalled": stalled ? "1" : "0"},
              ...cells);
  }

  function drawTables() {
    const body = $("table-rows");
    body.replaceChildren(...[...tables.values()].map(row));
    if (!tables.size) body.append(el("tr", {role: "row"}, el("td", {role: "cell", colspan: 10}, "No tables yet: make one below.")));
    const over = [...tables.values()].filter((t) => t.status === "over").length;
    const problems = [...tables.values()].filter((t) => t.status === "problem").length;
    $("tables-caption").textContent = tables.size + " tables: " + over + " finished, " + problems + " with a problem";
  }

  function drawProblems(records) {
    const list = $("problems");
    list.textContent = "";
    for (const r of records) {
      for (const p of problemsOf(r)) {
        const where = [p.line === null ? null : "line " + p.line, p.seq === null ? null : "seq " + p.seq].filter(Boolean);
        list.append(el("li", {"data-table": r.table, "data-code": p.code},
                       el("strong", {}, r.table), " (" + r.file + (where.length ? ", " + where.join(", ") : "") + "): ",
                       p.message, " [" + p.code + "]"));
      }
    }
    if (!list.children.length) list.append(el("li", {class: "ok"}, "No problem found."));
  }

  function drawStandings(standings) {
    const box = $("standings");
    box.textContent = "";
    const cols = [["player", "Player"], ["games", "Games"], ["wins", "Wins"], ["shared", "Shared wins"],
                  ["no_winner", "No winner"], ["points", "Points"]];
    for (const [game, rows] of Object.entries(standings)) {
      const head = el("tr", {}, ...cols.map(([, words]) => el("th", {scope: "col"}, words)));
      const body = rows.map((r) => el("tr", {}, ...cols.map(([key], i) =>
        i === 0 ? el("th", {scope: "row"}, String(r[key])) : el("td", {}, String(r[key])))));
      box.append(el("div", {class: "scroll", tabindex: 0, role: "region", "aria-label": "Standings of " + game},
        el("table", {class: "standings", "data-game": game},
        el("caption", {}, game), el("thead", {}, head), el("tbody", {}, ...body))));
    }
    if (!box.children.length) box.append(el("p", {}, "No finished game counts yet."));
  }

  async function audit() {
    if (auditing) { auditAgain = true; return; }
    auditing = (async () => {
      do {
        auditAgain = false;
        const res = await api("/api/audit");
        if (!res.ok) { show("error", PL.problem(res.data)); continue; }
        for (const r of res.data.records) audits.set(r.table, r);
        drawTables();
        drawProblems(res.data.records);
        drawStandings(res.data.standings);
        document.body.dataset.audited = String(Number(document.body.dataset.audited || 0) + 1);
      } while (auditAgain);
    })();
    try { await auditing; } finally { auditing = null; }
  }

  function changed(kind, t) {
    if (kind !== "table") return;
    const before = tables.get(t.name);
    tables.set(t.name, t);
    drawTables();
    LINKS.table(t, false);
    if (!before || before.status !== t.status || before.sealed !== t.sealed) PL.guard(audit());
  }

  async function archive() {
    const res = await api("/api/archive");
    if (!res.ok) { show("error", PL.problem(res.data)); return; }
    const url = URL.createObjectURL(res.data);
    const a = el("a", {href: url, download: "records.zip"});
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    $("archive-done").textContent = "records.zip: " + res.data.size + " bytes, " + tables.size + " records.";
    document.body.dataset.archive = String(res.data.size);
  }

  async function make(event) {
    event.preventDefault();
    const players = $("new-players").value.split("\n").map((p) => p.trim()).filter(Boolean);
    const body = {name: $("new-name").value.trim(), game: $("new-game").value, players: players,
                  seed: $("new-seed").value, public: $("new-public").checked, delay: Number($("new-delay").value || 0)};
    $("new-make").disabled = true;
    try {
      const res = await api("/api/tables", {json: body});
      if (!res.ok) { show("new-error", "The table was not made: " + res.data.message); return; }
      show("new-error", "");
      tables.set(res.data.table.name, res.data.table);
      drawTables();
      LINKS.table(res.data.table, true);
      $("new-done").textContent = "Table " + res.data.table.name + " is made: its links are open under Links.";
    } finally {
      $("new-make").disabled = false;
    }
  }

  async function main() {
    const who = (await api("/api/whoami")).data;
    if (who.role !== "director") throw new PL.InvalidLink("not the director's link");
    const games = (await api("/api/games")).data;
    for (const g of games) $("new-game").append(el("option", {value: g.id}, g.title));
    $("new-form").addEventListener("submit", (e) => PL.guard(make(e)));
    $("archive").addEventListener("click", () => PL.guard(archive()));
    $("stall").value = localStorage.getItem("planets-log-stall") || "10";
    $("stall").addEventListener("input", () => { localStorage.setItem("planets-log-stall", $("stall").value); drawTables(); });
    setInterval(drawTables, 30000);  // "min ago" and the stalled marks move on with the clock
    for (const t of (await api("/api/tables")).data) { tables.set(t.name, t); LINKS.table(t, false); }
    drawTables();
    await audit();
    PL.follow("/api/stream", changed, (up) => {
      $("live").textContent = up ? "Live: each table updates as its moves arrive." : "Reconnecting…";
    });
    document.body.dataset.ready = "1";
  }

  PL.start(main, "This link is not valid for the director's page");
})();
