"""The pages in a real headless Chromium (Debian's chromium + chromium-driver, via Selenium) against a real
uvicorn on 127.0.0.1: a live server in a thread, browsers at a phone's or a desktop's size, axe-core, waits."""

from __future__ import annotations

import json
import socket
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import httpx
import pytest
import uvicorn

from planets_log.serve.app import create_app
from planets_log.serve.routes_director import link
from planets_log.serve.server import Server

from tests.support.chromium import launch

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
AXE_VERSION = "4.14.1"
SHOTS = ROOT / "test-artifacts" / "screenshots" / "serve"
PHONE = (375, 667)
DESKTOP = (1280, 800)


@dataclass
class Live:
    """A real server on a free port of 127.0.0.1: its Server, an HTTP client as the director, the links made."""

    server: Server
    base: str
    director: str
    uv: uvicorn.Server
    thread: threading.Thread
    links: dict[str, dict[str, str]] = field(default_factory=dict)

    def api(self, method: str, path: str, token: str | None = "", **kw: Any) -> httpx.Response:
        """A request as the director (token ""), with another token, or with none (None)."""
        token = self.director if token == "" else token
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return httpx.request(method, self.base + path, headers=headers, timeout=20, **kw)

    def table(self, name: str, game: str = "four-planets", players: tuple[str, ...] = ("Ann", "Ben"), **extra: Any) -> None:
        """Make a table (a public seed 7 unless told) and keep its links' URLs by role or player."""
        body = {"name": name, "game": game, "players": list(players), "seed": "public", "public_seed": 7, **extra}
        res = self.api("POST", "/api/tables", json=body)
        assert res.status_code == 201, res.text
        self.links[name] = {(ln["player"] or ln["role"]): ln["url"] for ln in res.json()["links"]}

    def seq(self, name: str) -> int:
        return int(self.api("GET", f"/api/tables/{name}").json()["seq"])

    def legal(self, name: str) -> list[str]:
        return list(self.api("GET", f"/api/tables/{name}/moves").json()["moves"])

    def play(self, name: str, *moves: str) -> None:
        res = self.api("POST", f"/api/tables/{name}/moves", json={"seq": self.seq(name), "moves": list(moves)})
        assert res.status_code == 200, res.text

    def finish(self, name: str) -> None:
        """Play the table to its end through the API, always the last legal move."""
        while self.api("GET", f"/api/tables/{name}").json()["status"] != "over":
            self.play(name, self.legal(name)[-1])

    def token(self, name: str, who: str) -> str:
        return self.links[name][who].partition("#token=")[2]


def live_server(folder: Path, key: str | None = None, public_delay: int = 0, port: int = 0) -> Iterator[Live]:
    """Serve `folder` with uvicorn on 127.0.0.1 (on `port`, else a free one) in a thread until the generator is
    closed."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = Server(folder, base, key, public_delay)
    director = link(server, "director", None, None, None).token
    config = uvicorn.Config(create_app(server), log_level="warning", access_log=False, timeout_graceful_shutdown=1)
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert uv.started, "uvicorn did not start"
    try:
        yield Live(server, base, director, uv, thread)
    finally:
        uv.should_exit = True
        thread.join(10)
        sock.close()


def chromium(size: tuple[int, int]) -> Any:
    """A headless Chromium with its viewport at `size` (never skipped: a missing browser fails)."""
    drv = launch(tempfile.mkdtemp(prefix="planets-log-chromium-"))
    resize(drv, size)
    return drv


def resize(driver: Any, size: tuple[int, int]) -> None:
    """Set the viewport (not the window) to `size`, a phone's with touch and its pixel ratio."""
    phone = size[0] < 600
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 2 if phone else 1, "mobile": phone})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone})


def wait(what: Callable[[], Any], seconds: float = 10, message: str = "") -> Any:
    """Poll `what` until it is true; its last value."""
    deadline = time.monotonic() + seconds
    while True:
        value = what()
        if value or time.monotonic() > deadline:
            assert value, message or "timed out"
            return value
        time.sleep(0.02)


def open_page(driver: Any, url: str, ready: str = "1") -> None:
    """Open a page and wait until its script says it is ready (or that the link is not valid)."""
    driver.get(url)
    wait(lambda: driver.execute_script("return document.body && document.body.dataset.ready") in (ready, "invalid"),
         15, f"{url} never got ready: {driver.get_log('browser')}")
    assert driver.execute_script("return document.body.dataset.ready") == ready, main_text(driver)


def main_text(driver: Any) -> str:
    return str(driver.find_element(By.ID, "main").text)


def dataset(driver: Any, key: str) -> str | None:
    value = driver.execute_script(f"return document.body.dataset.{key}")
    return None if value is None else str(value)


def picture_texts(driver: Any) -> list[str]:
    """The text elements of the picture on screen."""
    return list(driver.execute_script("return [...document.querySelectorAll('#picture svg text')].map(t => t.textContent)"))


def axe(driver: Any) -> list[dict[str, Any]]:
    """Every violation axe-core finds on the page, of any impact (WCAG 2.1 A and AA rules and best practice)."""
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text())
    assert driver.execute_script("return axe.version") == AXE_VERSION
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)))"
        ".catch(e => done(JSON.stringify([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}])));")
    return list(json.loads(found))


def shot(driver: Any, name: str) -> Path:
    """A screenshot of the viewport, in test-artifacts/screenshots/serve/ (docs/images/ holds the chosen ones)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def severe(driver: Any) -> list[dict[str, Any]]:
    """The console's errors: script errors and CSP refusals (not a refusal the API answered on purpose)."""
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and e["source"] != "network"]
