"""The pages: the table page (recording), the game page (following), the director's page; static files only.

Each page is a fixed HTML shell with its script and style, served from the package (no CDN, nothing from
outside the server). The shells hold no data: the scripts fetch everything through the API with the link's
token, and build the DOM from it as text. The Content-Security-Policy allows only this server's scripts,
styles and API, so nothing a record holds can load or run anything.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from litestar import Controller, Response, get
from litestar.params import FromPath

from .errors import ApiError

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
HEADERS = {"Content-Security-Policy": CSP, "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff",
           "Cache-Control": "no-store", "X-Frame-Options": "DENY"}
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
"""Each file's media type; Litestar adds `; charset=utf-8` to the text ones."""
STATIC = ("common.js", "table.js", "waiting.js", "game.js", "director.js", "links.js", "index.js", "board.js", "tap.js",
          "legend.js", "serve.css", "icon.svg")
"""The files /static/ serves (the HTML shells are served at their pages' addresses only)."""


@cache
def asset(name: str) -> str:
    """A file of planets_log/serve/static, read once."""
    return files("planets_log.serve").joinpath("static", name).read_text(encoding="utf-8")


def _send(name: str) -> Response[str]:
    kind = TYPES[name[name.rindex("."):]]
    return Response(asset(name), media_type=kind, headers=HEADERS)


class PagesController(Controller):
    """The pages and their static files: no token needed (a page's script sends it), none in the OpenAPI document."""

    path = "/"
    include_in_schema = False

    @get("/tables/{name:str}", sync_to_thread=False)
    def table_page(self, name: FromPath[str]) -> Response[str]:
        """The table page, opened by a table's recorder link: record the game move by move."""
        return _send("table.html")

    @get("/games/{name:str}", sync_to_thread=False)
    def game_page(self, name: FromPath[str]) -> Response[str]:
        """The game page, opened by a seat's link (or by anyone, for a public table): follow it live, step back."""
        return _send("game.html")

    @get("/games", sync_to_thread=False)
    def index_page(self) -> Response[str]:
        """The spectators' index: every public table with a small live board and its last move."""
        return _send("index.html")

    @get("/director", sync_to_thread=False)
    def director_page(self) -> Response[str]:
        """The director's page, opened by the link `serve` prints: every table, the audit, the archive."""
        return _send("director.html")

    @get("/sw.js", sync_to_thread=False)
    def service_worker(self) -> Response[str]:
        """The table page's service worker (its scope is /tables/): the page and its scripts open again offline."""
        return _send("sw.js")

    @get("/static/{file:str}", sync_to_thread=False)
    def static(self, file: FromPath[str]) -> Response[str]:
        """A script, the style sheet or the icon of the pages."""
        if file not in STATIC:
            raise ApiError(404, "not-found", f"no file {file!r}")
        return _send(file)
