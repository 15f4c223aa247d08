// The table page: the scorekeeper records the game move by move (the recorder's link). No move is lost: each one
// waits on the phone (WAITING) until the server has it, sent in order, each with the seq it was typed against; a
// record that changed meanwhile (409) is shown and the keeper chooses, nothing is dropped or sent twice unasked.
"use strict";
(() => {
  const {$, api, el, show} = PL;
  const name = PL.tableName();
  const base = "/api/tables/" + encodeURIComponent(name);
  const SHOWN = 40, KEPT_LINES = 300;
  let seq = 0, legal = [], options = [], layout = null, over = false, status = "", shownLines = 0, busy = null, again = false, lines = [];
  let online = false, sending = false, paused = false, lastSent = 0, note = "", ready = false;
  const own = new Set();  // the seqs of the lines this page recorded: said as "Recorded", not as "New"

  function statusWords(pos, info) {
    if (pos.over) return "The game is over" + (info.result ? ": " + info.result : "") + (info.sealed ? " (sealed)." : ".");
    const round = "Round " + pos.round + " · line " + pos.seq + " · ";
    return round + (pos.chance ? "chance is next: " + (pos.hint || "type the outcome") : pos.to_move + " to move");
  }

  // The connection's state, shown at all times.
  function drawConn() {
    const n = WAITING.moves().length;
    const wait = n ? " " + n + (n === 1 ? " move waits" : " moves wait") + " on this phone." : "";
    const later = n === 1 ? " It is sent when the server answers." : " They are sent when the server answers.";
    const words = !online ? "Offline: the server cannot be reached." + (wait ? wait + later
                                                                          : " A move recorded now waits on this phone.")
      : paused ? "Connected." + wait + " Choose below what to do with them."
      : sending ? "Connected: sending…" : "Connected." + (wait || (note ? " " + note : ""));
    const conn = $("conn");
    if (conn.textContent !== words) conn.textContent = words;
    conn.dataset.state = !online ? "offline" : paused ? "ask" : sending ? "sending" : "online";
  }

  function setOnline(up) {
    if (online === up) return;
    online = up;
    drawConn();
    if (up && ready) { PL.guard(refresh()); flush(); }
  }

  function offer() {
    const list = $("legal");
    list.textContent = "";
    if (WAITING.moves().length) {
      $("legal-count").textContent = "The legal moves show again once the waiting moves are sent.";
      return;
    }
    const typed = $("move").value.trimStart().toLowerCase();
    const tapped = TAP.kept();
    const words = new Map(options.map((o) => [o.text, o.words]));
    const fits = legal.filter((m) => m.toLowerCase().startsWith(typed) && (!options.length || tapped.has(m)));
    for (const move of fits.slice(0, SHOWN)) {
      const spoken = words.get(move);
      list.append(el("li", {}, el("button", {type: "button", class: "legal-move", "data-move": move,
                                             onclick: () => pick(move)},
                                  spoken ? el("span", {class: "move-words"}, spoken) : null, spoken ? " " : null,
                                  el("span", {class: spoken ? "notation" : "mono"}, move))));
    }
    const more = fits.length > SHOWN ? " (the first " + SHOWN + " shown: type more to narrow them)" : "";
    const narrowed = TAP.tapped().length ? " about what you tapped" : "";
    $("legal-count").textContent = over ? "" : typed || narrowed
      ? fits.length + " legal " + (typed ? (fits.length === 1 ? "move begins" : "moves begin") + " with “" + typed + "”"
                                                 : fits.length === 1 ? "move" : "moves") + narrowed + more
      : legal.length + " legal " + (legal.length === 1 ? "move" : "moves") + more;
  }

  function pick(move) {
    $("move").value = move;
    offer();
    $("move").focus();
  }

  // A line of the record, in words first, the notation after; one a retraction took back stays, struck through,
  // with the reason.
  function lineItem(line) {
    const worded = line.words && line.words !== line.text;
    return el("li", {class: "line " + line.kind, "data-seq": line.seq, "data-type": line.type},
              el("span", {class: "line-text"}, line.seq + ". " + (worded ? line.words : line.text),
                 worded ? el("span", {class: "notation"}, " " + line.text) : null));
  }

  function plain(line) {
    return line.words || line.text;
  }

  function strike(retract) {
    if (retract.type !== "retract" || retract.target === null || retract.target === undefined) return;
    for (const item of $("lines").children) {
      const at = Number(item.dataset.seq);
      const kind = item.classList.contains("action") || item.classList.contains("chance");
      if (at < retract.target || at >= retract.seq || !kind || item.classList.contains("retracted")) continue;
      item.classList.add("retracted");
      item.append(el("span", {class: "line-reason"}, " taken back at line " + retract.seq
                                                      + (retract.reason ? ": " + retract.reason : "")));
    }
  }

  function addLines(more) {
    const list = $("lines");
    for (const line of more) {
      if (line.seq <= shownLines) continue;
      list.append(lineItem(line));
      strike(line);
      lines.push(line);
      shownLines = line.seq;
    }
    if (lines.length > KEPT_LINES) lines = lines.slice(-KEPT_LINES);
    list.scrollTop = list.scrollHeight;
  }

  async function refresh() {
    if (busy) { again = true; return busy; }
    busy = (async () => {
      do {
        again = false;
        const before = shownLines;
        let info, pos, moves, pic, more;
        try {
          [info, pos, moves, pic, more] = await Promise.all([
            api(base), api(base + "/position"), api(base + "/moves"), api(base + "/picture"),
            api(base + "/lines?after=" + shownLines + "&limit=5000")]);
        } catch (err) {
          if (err instanceof PL.Offline) { setOnline(false); return; }
          throw err;
        }
        setOnline(true);
        if (!pos.ok) { show("error", "This table's record cannot be read: " + PL.problem(pos.data)); return; }
        show("error", "");
        seq = pos.data.seq;
        over = pos.data.over;
        legal = moves.data.moves;
        options = moves.data.options || [];
        layout = pos.data.layout || null;
        const now = statusWords(pos.data, info.data) + (pos.data.over ? " " + await PL.finalScore(base) : "");
        const fresh = more.data.lines.filter((l) => l.seq > before && !own.has(l.seq));
        addLines(more.data.lines);
        // Each new line is said once (the status is a live region); a refresh with nothing new says nothing.
        if (fresh.length && before) $("status").textContent = "New: " + fresh.map(plain).join("; ") + ". " + now;
        else if (now !== status || !before) $("status").textContent = now;
        status = now;
        $("picture").replaceChildren(PL.picture(pic.data));
        $("text").textContent = pos.data.text;
        $("words").textContent = BOARD.words(pos.data);
        $("move").disabled = over;
        $("record").disabled = over || sending;
        drawBoard();
        if ($("undo-box").open) await preview();
        WAITING.remember({seq: seq, over: over, status: status, title: $("title").textContent, picture: pic.data,
                          text: pos.data.text, words: $("words").textContent, layout: layout, legal: legal,
                          options: options, lines: lines});
        document.body.dataset.seq = String(seq);
        document.body.dataset.over = over ? "1" : "0";
      } while (again);
    })();
    try { await busy; } finally { busy = null; }
  }

  // The last position this phone knew, shown while the server cannot be reached.
  function fromMemory(last) {
    seq = last.seq;
    over = last.over;
    legal = last.legal || [];
    options = last.options || [];
    layout = last.layout || null;
    status = last.status;
    $("title").textContent = last.title;
    $("status").textContent = "Last position known on this phone: " + last.status;
    $("picture").replaceChildren(PL.picture(last.picture));
    $("text").textContent = last.text;
    $("words").textContent = last.words || last.text;
    addLines(last.lines || []);
    drawBoard();
    document.body.dataset.seq = String(seq);
  }

  // A refusal: in plain words first (when the server gives them), the notation-heavy message after.
  function refusal(data) {
    const first = data.words && data.words !== data.message ? data.words + " — " : "";
    return first + data.message + (data.rule ? " (rule: " + data.rule + ")" : "");
  }

  // The board: tappable while nothing waits on the phone and the game goes on.
  function drawBoard() {
    const waits = WAITING.moves().length;
    const one = waits === 1;
    const why = over ? "The game is over." : !waits ? ""
      : "The board takes taps again once the " + (one ? "move that waits is" : "moves that wait are")
        + " sent: the next legal moves depend on " + (one ? "it" : "them")
        + ". Meanwhile a move can be typed below; the server checks it when it answers.";
    TAP.set(waits || over ? [] : options, layout, why);
  }

  function drawWaiting() {
    const moves = WAITING.moves();
    $("waiting").hidden = !moves.length;
    $("waiting-list").replaceChildren(...moves.map((m) => el("li", {"data-move": m.move},
      el("span", {class: "mono"}, m.move), m.seq === null ? " — typed after the move above" : " — typed at line " + m.seq)));
    $("undo").disabled = moves.length > 0;
    drawConn();
    drawBoard();
  }

  function record(event) {
    event.preventDefault();
    const text = $("move").value.trim();
    if (!text) {
      if (sending || Date.now() - lastSent < 2000) return;  // a second tap of the same move: it is on its way
      show("move-error", "Type a move first.");
      $("move").focus();
      return;
    }
    if (enqueue(text)) $("move").focus();
  }

  // A move typed or tapped: it waits on the phone, then goes out in order (the same path for both).
  function enqueue(text) {
    const moves = WAITING.moves();
    moves.push({move: text, seq: moves.length ? null : seq, waited: !online});
    if (!WAITING.keep(moves)) { show("move-error", "This phone could not keep the move (its storage is full): it was "
                                     + "not recorded. Free some space, or record it on another device."); return false; }
    $("move").value = "";
    show("move-error", "");
    drawWaiting();
    PL.guard(flush());
    return true;
  }

  // Send the waiting moves, the first first, until none is left, the server cannot be reached, or the keeper must
  // choose (the record changed meanwhile, or a move was refused with others after it).
  async function flush() {
    if (sending || paused) return;
    sending = true;
    $("record").disabled = true;
    drawConn();
    const said = [];
    let waited = 0;
    try {
      for (let moves = WAITING.moves(); moves.length; moves = WAITING.moves()) {
        const item = moves[0];
        if (item.seq === null) { item.seq = seq; WAITING.keep(moves); }
        let res;
        try {
          res = await api(base + "/moves", {json: {seq: item.seq, moves: [item.move]}});
        } catch (err) {
          if (!(err instanceof PL.Offline)) throw err;
          WAITING.keep(WAITING.moves().map((m) => Object.assign(m, {waited: true})));
          setOnline(false);
          break;
        }
        setOnline(true);
        if (res.ok) {
          const rest = WAITING.moves().slice(1);
          if (rest.length && rest[0].seq === null) rest[0].seq = res.data.seq;
          WAITING.keep(rest);
          seq = res.data.seq;
          lastSent = Date.now();
          waited += item.waited ? 1 : 0;
          said.push(...res.data.lines.map(plain));
          for (const l of res.data.lines) own.add(l.seq);
          drawWaiting();
        } else if (res.status === 409) {
          paused = true;
          await conflict(item);
          break;
        } else if ([408, 429, 502, 503, 504].includes(res.status)) {
          break;  // busy, or the proxy's server died: the timer tries again (409 then if the move landed)
        } else {
          refused(item, res.data);
          break;
        }
      }
    } finally {
      sending = false;
      $("record").disabled = over;
      drawWaiting();
    }
    if (said.length) {
      note = waited ? (waited === 1 ? "The move that waited on this phone was sent." :
                       "The " + waited + " moves that waited on this phone were sent, in order.") : "";
      await refresh();
      $("status").textContent = "Recorded: " + said.join("; ") + ". " + status;
      drawConn();
    }
  }

  function refused(item, data) {
    const rest = WAITING.moves().slice(1);
    WAITING.keep(rest);
    if (!$("move").value) $("move").value = item.move;  // back in the box, to be fixed
    show("move-error", "Not recorded: " + refusal(data) + ". The record is unchanged."
         + (rest.length ? " The moves typed after it still wait: send them or discard them below." : ""));
    if (rest.length) {
      paused = true;
      ask("“" + item.move + "” was refused (above); the moves typed after it wait.", []);
    }
  }

  async function conflict(item) {
    let recorded = [];
    try {
      const res = await api(base + "/lines?after=" + item.seq + "&limit=200");
      recorded = res.ok ? res.data.lines : [];
    } catch (err) {
      if (!(err instanceof PL.Offline)) throw err;
    }
    ask("The record changed while your moves waited: these lines were recorded meanwhile (the first may be your own "
        + "move, if its answer was lost on the way). Nothing of yours was written. Send your waiting moves after "
        + "these lines, or discard them?", recorded);
    await refresh();
  }

  function ask(words, recorded) {
    $("conflict-words").textContent = words;
    $("conflict-lines").replaceChildren(...recorded.map(lineItem));
    $("conflict-lines").hidden = !recorded.length;
    $("conflict").hidden = false;
    drawConn();
  }

  function decided() {
    paused = false;
    $("conflict").hidden = true;
    drawWaiting();
  }

  function sendAnyway() {
    const moves = WAITING.moves();
    if (moves.length) { moves[0].seq = seq; WAITING.keep(moves); }
    decided();
    PL.guard(flush());
  }

  function discard() {
    const n = WAITING.moves().length;
    WAITING.keep([]);
    decided();
    $("status").textContent = n + (n === 1 ? " waiting move was" : " waiting moves were") + " discarded: none was recorded.";
  }

  // What an undo takes back, shown before it is confirmed.
  async function preview() {
    const res = await api(base + "/undo");
    if (!res.ok) return;
    const shown = res.data.lines.map(lineItem);
    $("undo-preview").replaceChildren(...(shown.length ? shown : [el("li", {}, "Nothing typed is left to take back.")]));
    $("undo-preview").dataset.seq = String(res.data.seq);
    $("undo").disabled = !shown.length || WAITING.moves().length > 0;
  }

  async function undo(event) {
    event.preventDefault();
    const reason = $("undo-reason").value.trim();
    if (!reason) { show("undo-error", "Say why the line is taken back: the reason is kept in the record."); $("undo-reason").focus(); return; }
    const shown = Number($("undo-preview").dataset.seq || seq);
    $("undo").disabled = true;
    let res;
    try {
      res = await api(base + "/undo", {json: {seq: shown, reason: reason}});
    } catch (err) {
      if (!(err instanceof PL.Offline)) throw err;
      setOnline(false);
      show("undo-error", "The server cannot be reached: nothing was taken back. Try again when it answers.");
      $("undo").disabled = false;
      return;
    }
    if (res.ok) {
      $("undo-reason").value = "";
      show("undo-error", "");
      for (const l of res.data.lines) own.add(l.seq);
      await refresh();
      $("status").textContent = "Taken back: " + res.data.lines.map(plain).join("; ") + ". " + status;
      $("move").focus();
    } else {
      show("undo-error", (res.status === 409 ? "The record changed meanwhile: check what an undo takes back now. "
                                             : "Not taken back: ") + refusal(res.data) + ".");
      await refresh();
    }
  }

  function bind() {
    TAP.init({record: (text) => { if (enqueue(text)) $("tap-words").textContent = "Sent: " + text + "."; },
              changed: offer});
    $("move-form").addEventListener("submit", record);
    $("undo-form").addEventListener("submit", (e) => PL.guard(undo(e)));
    $("undo-box").addEventListener("toggle", () => { if ($("undo-box").open) PL.guard(preview()); });
    $("send-anyway").addEventListener("click", sendAnyway);
    $("discard").addEventListener("click", discard);
    $("move").addEventListener("input", () => { show("move-error", ""); offer(); });
    window.addEventListener("online", () => PL.guard(flush()));
    setInterval(() => { if (WAITING.moves().length && !paused && !sending) PL.guard(flush()); }, 3000);
  }

  async function connect() {
    const who = await api("/api/whoami");
    if (!(who.data.role === "director" || (who.data.role === "recorder" && who.data.table === name))) {
      throw new PL.InvalidLink("not the recorder's link");
    }
    const header = await api(base + "/header");
    if (!header.ok) { show("error", "This table's record cannot be read: " + PL.problem(header.data)); return; }
    const h = header.data;
    $("title").textContent = name + ": " + h.title + " — " + h.players.join(", ");
    document.title = "planets-log: recording " + name;
    LEGEND.bind(h.game);
    online = true;
    drawConn();
    await refresh();
    ready = true;
    PL.follow(base + "/stream?after=" + seq, (kind) => { if (kind === "line") PL.guard(refresh()); }, setOnline);
    document.body.dataset.ready = "1";
    await flush();
  }

  async function main() {
    bind();
    const last = WAITING.last();
    if (last) fromMemory(last);
    drawWaiting();
    WAITING.worker();
    for (;;) {
      try {
        await connect();
        return;
      } catch (err) {
        if (!(err instanceof PL.Offline)) throw err;
        setOnline(false);
        document.body.dataset.ready = "offline";
        await new Promise((ok) => setTimeout(ok, 2000));
      }
    }
  }

  PL.start(main);
})();
