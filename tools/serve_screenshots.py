"""Screenshots of every page of `planets-log serve` at a phone's size (390x844), into docs/images/serve-*.png.

Run from the top of the repository (Debian's chromium and chromedriver, the test extras installed):

    python tools/serve_screenshots.py

It serves a folder of its own on 127.0.0.1 (a free port), makes two tables, plays some moves and opens each page as
the person it is for: the director's page (its tables, and a table's links with their QR codes), the table page (its
board, a move being tapped on it, the legend, a refused move, and a move waiting to be sent while the server cannot be
reached), a seat's game page, a spectator's, the spectators' index of public tables, and a link that is not valid;
then the director's, the table and the game page at a desktop's size (1280x800). docs/serve.md shows the pictures.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from tests.serve.browser import DESKTOP, chromium, live_server, open_page, resize, wait  # noqa: E402

OUT = ROOT / "docs" / "images"
PHONE = (390, 844)


def save(driver: Any, name: str) -> None:
    """The viewport as docs/images/serve-NAME.png."""
    time.sleep(0.3)  # let the last redraw settle
    driver.save_screenshot(str(OUT / f"serve-{name}.png"))
    print(f"docs/images/serve-{name}.png")


def scroll_to(driver: Any, css: str) -> None:
    driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", css)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="planets-log-shots-")) / "club-night"
    phone = chromium(PHONE)
    try:
        for live in live_server(folder):
            live.table("table-1", players=("Ann", "Ben"), public=True)
            live.table("table-2", game="space-planets", players=("Cat", "Dan", "Eve"), public=True)
            for _ in range(6):
                live.play("table-1", live.legal("table-1")[-1])
            for _ in range(3):
                live.play("table-2", live.legal("table-2")[0])
            shots(live, phone)
            desktop(live, phone)
            phone.get("about:blank")
    finally:
        phone.quit()


NETWORK = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


def offline(phone: Any, move: str) -> None:
    """Cut the phone's network and record `move`: it waits on the phone."""
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, **NETWORK})
    wait(lambda: phone.execute_script("return document.getElementById('conn').dataset.state") == "offline", 15)
    phone.find_element(By.ID, "move").send_keys(move, Keys.ENTER)
    wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#waiting-list li"), 10)
    phone.execute_script("window.scrollTo(0, 0)")


def online(phone: Any) -> None:
    """The network back: the waiting move is sent."""
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **NETWORK})
    wait(lambda: not phone.find_elements(By.CSS_SELECTOR, "#waiting-list li"), 20)


def tapping(live: Any, phone: Any) -> None:
    """A move being tapped on the board: its first part tapped, the moves it leaves; then the legend."""
    option = next(o for o in live.api("GET", "/api/tables/table-1/moves").json()["options"] if len(o["parts"]) > 1)
    first = phone.find_element(By.CSS_SELECTOR, f"#board button[data-spot='{option['parts'][0]['id']}']")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", first)
    first.click()
    wait(lambda: phone.execute_script("return document.body.dataset.tapped"), 5)
    phone.execute_script("document.getElementById('tap-words').scrollIntoView({block: 'end'})")
    save(phone, "table-tap-phone")
    phone.find_element(By.ID, "tap-clear").click()
    box = phone.find_element(By.CSS_SELECTOR, "#legend-box summary")
    phone.execute_script("arguments[0].click()", box)
    wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#legend dt"), 10)
    phone.execute_script("arguments[0].scrollIntoView({block: 'start'})", box)
    phone.execute_script("window.scrollBy(0, -60)")  # below the connection's line, which stays in sight
    save(phone, "table-legend-phone")
    phone.execute_script("arguments[0].click()", box)


def refused(phone: Any) -> None:
    """A move the rules refuse: said in words first, the notation after; the record unchanged."""
    box = phone.find_element(By.ID, "move")
    box.send_keys("d1x9", Keys.ENTER)
    wait(lambda: phone.find_element(By.ID, "move-error").text, 10)
    phone.execute_script("document.getElementById('move-form').scrollIntoView({block: 'center'})")
    save(phone, "table-phone-error")
    box.clear()
    box.send_keys("d", Keys.BACKSPACE)


def desktop(live: Any, phone: Any) -> None:
    """The director's page, the table page and a seat's game page at a desktop's size."""
    resize(phone, DESKTOP)
    open_page(phone, live.base + "/director#token=" + live.director)
    save(phone, "director-desktop")
    open_page(phone, live.links["table-1"]["recorder"])
    save(phone, "table-desktop")
    open_page(phone, live.links["table-1"]["Ben"])
    save(phone, "game-desktop")
    resize(phone, PHONE)


def shots(live: Any, phone: Any) -> None:
    """Each page kind, as its person sees it."""
    open_page(phone, live.base + "/director#token=" + live.director)
    save(phone, "director-phone")
    phone.find_element(By.CSS_SELECTOR, "details.table-links[data-table='table-1'] summary").click()
    wait(lambda: phone.find_elements(By.CSS_SELECTOR, "details.table-links[data-table='table-1'] img.qr"), 10)
    scroll_to(phone, "details.table-links[data-table='table-1']")
    save(phone, "director-links-phone")
    open_page(phone, live.links["table-1"]["recorder"])
    save(phone, "table-phone")
    tapping(live, phone)
    refused(phone)
    offline(phone, live.legal("table-1")[-1])
    save(phone, "table-offline-phone")
    online(phone)
    open_page(phone, live.links["table-1"]["Ben"])
    save(phone, "game-phone")
    phone.execute_script("sessionStorage.clear()")  # a spectator holds no link (the director's would show all)
    open_page(phone, live.base + "/games/table-2")
    save(phone, "game-spectator-phone")
    open_page(phone, live.base + "/games")
    wait(lambda: len(phone.find_elements(By.CSS_SELECTOR, "#boards .mini svg")) == 2, 10)
    save(phone, "index-phone")
    phone.get("about:blank")
    open_page(phone, live.base + "/tables/table-1#token=not-a-link", ready="invalid")
    save(phone, "invalid-phone")


if __name__ == "__main__":
    main()
