"""The self-contained HTML page of an export: markup, style and a small inline script.

The script only steps through data the engine computed (pictures, move texts, scores); it
holds no rule. A Content-Security-Policy allows no network at all and only this script
(by its hash), so nothing in a record, a name or a note can load or run anything.
"""

from __future__ import annotations

import base64
import hashlib

from planets_log.engine.svg import esc

STYLE = """
body{font-family:DejaVu Sans,Verdana,Arial,sans-serif;margin:0;color:#1a1a1a;background:#f4f4f4}
header{padding:8px 16px;background:#fff;border-bottom:1px solid #ccc}
h1{font-size:20px;margin:4px 0}
#controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:8px 16px}
#controls button{font-size:16px;min-width:40px}
#controls input{width:5em}
main{display:flex;gap:12px;padding:0 16px 16px;align-items:flex-start}
#picture{background:#fff;border:1px solid #ccc;overflow:auto;max-width:70vw}
#picture svg{display:block;max-width:100%;height:auto}
aside{flex:1;min-width:280px}
#moves{max-height:55vh;overflow:auto;background:#fff;border:1px solid #ccc;margin:0;padding:0;list-style:none;font-size:13px}
#moves li{padding:2px 6px;cursor:pointer;border-bottom:1px solid #eee}
#moves li.current{background:#0072B2;color:#fff}
#moves li .note{display:block;font-style:italic;padding-left:3em}
#moves li.meta{color:#5f5f5f}
#moves li.current.meta{color:#fff}
#error{background:#fdecea;border:2px solid #D55E00;padding:6px 16px;margin:8px 16px;display:none}
#position{font-weight:bold;min-width:12em}
#plot{background:#fff;border:1px solid #ccc;margin-top:8px}
#moves-title{font-size:14px;margin:8px 0 4px}
#move-box{min-height:1.3em}
#notes-box{background:#fff;border:1px solid #ccc;margin-top:8px;padding:4px 6px;font-size:13px}
#plot svg{width:100%;height:auto}
"""

SCRIPT = r"""
"use strict";
(async function () {
  const raw = document.getElementById("data").textContent.trim();
  const bytes = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  const D = JSON.parse(await new Response(stream).text());
  const $ = (id) => document.getElementById(id);
  let view = 0, at = 0;
  const said = (s) => (s.who ? s.who + ": " : "") + s.moves[view];

  function moveList() {
    const list = $("moves");
    list.textContent = "";
    D.steps.forEach((s, i) => {
      const li = document.createElement("li");
      li.dataset.index = i;
      if (!["move", "chance", "start"].includes(s.kind)) li.className = "meta";
      li.textContent = s.seq + ". " + said(s);
      for (const n of s.notes) {
        const span = document.createElement("span");
        span.className = "note";
        span.textContent = n;
        li.appendChild(span);
      }
      li.addEventListener("click", () => go(i));
      list.appendChild(li);
    });
    $("plot").innerHTML = D.plots[view].svg;
  }

  function go(i) {
    at = Math.max(0, Math.min(D.steps.length - 1, i));
    const s = D.steps[at];
    $("picture").innerHTML = D.pictures[view][at].map((k) => D.lines[k]).join("\n");
    $("position").textContent = "seq " + s.seq + " · round " + s.round;
    $("move").textContent = said(s);
    $("notes").textContent = s.notes.join(" · ");
    $("notes-box").hidden = s.notes.length === 0;
    for (const li of $("moves").children) li.classList.toggle("current", Number(li.dataset.index) === at);
    const cur = $("moves").children[at];
    if (cur) cur.scrollIntoView({block: "nearest"});
    const x = D.plots[view].x0 + at * D.plots[view].dx;
    const line = document.querySelector("#plot #cursor");
    if (line) { line.setAttribute("x1", x); line.setAttribute("x2", x); }
    document.body.dataset.seq = s.seq;
    document.body.dataset.view = view;
  }

  function jumpSeq() {
    const want = Number($("seq-input").value);
    let best = 0;
    D.steps.forEach((s, i) => { if (s.seq <= want) best = i; });
    go(best);
  }

  function jumpRound() {
    const want = Number($("round-input").value);
    let best = -1;
    for (let i = 0; i < D.steps.length; i++) { if (D.steps[i].round > want) break; best = i; }
    go(Math.max(best, 0));
  }

  $("title").textContent = D.game + ": " + D.players.join(", ");
  $("meta").textContent = Object.entries(D.meta).map(([k, v]) => k + ": " + v).join(" · ");
  D.views.forEach((label, k) => {
    const opt = document.createElement("option");
    opt.value = k;
    opt.textContent = label;
    $("view").appendChild(opt);
  });
  $("view").disabled = D.views.length < 2;
  if (D.error) { $("error").style.display = "block"; $("error").textContent = "Exported up to its first error: " + D.error; }
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(D.steps.length - 1));
  $("seq-go").addEventListener("click", jumpSeq);
  $("round-go").addEventListener("click", jumpRound);
  $("view").addEventListener("change", () => { view = Number($("view").value); moveList(); go(at); });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") {
      if (e.key === "Enter" && e.target.id === "seq-input") jumpSeq();
      if (e.key === "Enter" && e.target.id === "round-input") jumpRound();
      return;
    }
    const keys = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: D.steps.length - 1};
    if (e.key in keys) { e.preventDefault(); go(keys[e.key]); }
  });
  moveList();
  go(0);
  document.body.dataset.readyMs = Math.round(performance.now());
  document.body.dataset.ready = "1";
})().catch((err) => { console.error(err); document.body.dataset.ready = "error"; });
"""

BODY = """<header><h1 id="title"></h1><div id="meta"></div></header>
<div id="error" role="alert"></div>
<div id="controls">
<button id="first" title="first position (Home)" aria-label="first position">|◀</button>
<button id="prev" title="back (←)" aria-label="back">◀</button>
<button id="next" title="forward (→)" aria-label="forward">▶</button>
<button id="last" title="last position (End)" aria-label="last position">▶|</button>
<span id="position" aria-live="polite"></span>
<label>seq <input id="seq-input" type="number" min="0"></label><button id="seq-go">go</button>
<label>round <input id="round-input" type="number" min="1"></label><button id="round-go">go</button>
<label>view <select id="view"></select></label>
</div>
<main><div id="picture"></div>
<aside><div id="move-box"><b>Move:</b> <span id="move"></span></div>
<h2 id="moves-title">Moves</h2><ol id="moves" aria-labelledby="moves-title"></ol>
<div id="notes-box" hidden><b>Notes:</b> <span id="notes"></span></div><div id="plot"></div></aside></main>"""


def page(title: str, payload: str) -> str:
    """The whole HTML document around the encoded data."""
    digest = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
    csp = (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; "
           "connect-src 'none'; base-uri 'none'; form-action 'none'")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title><style>{STYLE}</style></head>\n<body>\n{BODY}\n"
            f'<script type="application/octet-stream" id="data">{payload}</script>\n'
            f"<script>{SCRIPT}</script>\n</body></html>\n")
