"""The director's page until the real pages land: the tables in a plain HTML list, every value escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from litestar import Request, Response, get

from .auth import caller, director
from .errors import ApiError
from .server import Srv

Req = Request[Any, Any, Any]
HEADERS = {"Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                                      "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
           "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}

SHELL = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>planets-log: the director's tables</title><link rel="stylesheet" href="/static/serve.css"></head>
<body><main id="main" aria-live="polite"><h1>The director's tables</h1><p>Loading…</p></main>
<script src="/static/director.js"></script></body></html>
"""

SCRIPT = """// The token comes once in the link's fragment (never sent to the server, never in its logs):
// kept for this tab only, and taken out of the address bar and the history.
(function () {
  var match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem("planets-log-token", decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  var token = sessionStorage.getItem("planets-log-token") || "";
  function load() {
    fetch("/director/tables", {headers: {"Authorization": "Bearer " + token}})
      .then(function (r) { return r.text(); })
      .then(function (html) { document.getElementById("main").innerHTML = html; });
  }
  load();
  setInterval(load, 5000);
})();
"""

STYLE = """body{font-family:system-ui,sans-serif;margin:1rem;color:#111;background:#fff}
table{border-collapse:collapse}td,th{border:1px solid #555;padding:.3rem .5rem;text-align:left}
.problem{color:#8b0000}
"""

COLUMNS = ("table", "game", "players", "moves", "status", "public", "problem")


@get("/director", sync_to_thread=False, include_in_schema=False)
def director_page() -> Response[str]:
    """The page the director's link opens."""
    return Response(SHELL, media_type="text/html", headers=HEADERS)


@get("/static/director.js", sync_to_thread=False, include_in_schema=False)
def director_script() -> Response[str]:
    return Response(SCRIPT, media_type="text/javascript", headers=HEADERS)


@get("/static/serve.css", sync_to_thread=False, include_in_schema=False)
def style() -> Response[str]:
    return Response(STYLE, media_type="text/css", headers=HEADERS)


@get("/director/tables", sync_to_thread=True, include_in_schema=False)
def director_tables(request: Req, server: Srv) -> Response[str]:
    """The tables as an HTML fragment (the director's token only); a wrong link gets a plain sentence."""
    try:
        director(caller(request, server))
    except ApiError:
        return Response("<h1>The director's tables</h1><p>This link is not valid for this server.</p>",
                        media_type="text/html", headers=HEADERS, status_code=401)
    rows = []
    for table in server.store.state.tables:
        info = server.info(table.name)
        cells = (info.name, info.title or "", ", ".join(info.players), str(info.moves),
                 info.status + (f", {info.to_move} to move" if info.to_move else ""), "yes" if info.public else "no",
                 info.problem.message if info.problem else "")
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th scope="col">{c}</th>' for c in COLUMNS)
    body = "".join(rows) or f'<tr><td colspan="{len(COLUMNS)}">No tables yet.</td></tr>'
    html = (f"<h1>The director's tables</h1><table><caption>{len(rows)} tables</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    return Response(html, media_type="text/html", headers=HEADERS)
