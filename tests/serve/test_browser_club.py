"""A club night in Chromium at a phone's size (390x844), against a real server (issue 37): the director makes two
tables on the page and hands out links at the address the browser used; the links stay on the page; a move
recorded while the server is down waits on the phone and lands when it is back; a spectator follows the index of
public tables live; the director sees when each table last moved."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .browser import Live, chromium, dataset, live_server, open_page, severe, wait
from .test_browser_pages import no_serious_violations

CLUB_PHONE = (390, 844)


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    driver = chromium(CLUB_PHONE)
    yield driver
    driver.quit()


@pytest.fixture
def live(tmp_path: Path, phone: Any) -> Iterator[Live]:
    for served in live_server(tmp_path / "served"):
        try:
            yield served
        finally:
            phone.get("about:blank")


def links_shown(driver: Any, table: str) -> list[str]:
    """The links a table's fold-out shows, read at once."""
    return list(driver.execute_script(
        "return [...document.querySelectorAll(`details.table-links[data-table='${arguments[0]}'] li[data-url]`)]"
        ".map(li => li.dataset.url)", table))


def make_table(driver: Any, name: str, players: str, public: bool = False) -> None:
    """Fill the director's form and make the table."""
    box = driver.find_element(By.ID, "new-name")
    box.clear()
    box.send_keys(name)
    Select(driver.find_element(By.ID, "new-game")).select_by_value("four-planets")
    who = driver.find_element(By.ID, "new-players")
    who.clear()
    who.send_keys(players)
    check = driver.find_element(By.ID, "new-public")
    if check.is_selected() != public:
        driver.execute_script("arguments[0].click()", check)
    driver.execute_script("arguments[0].click()", driver.find_element(By.ID, "new-make"))
    wait(lambda: len(links_shown(driver, name)) >= 3, 10, f"no links for {name}: {driver.get_log('browser')}")


def test_the_director_makes_two_tables_and_every_link_uses_the_host_the_browser_used(live: Live, phone: Any):
    host = live.base.replace("127.0.0.1", "localhost")  # not the address the server was started with
    open_page(phone, host + "/director#token=" + live.director)
    make_table(phone, "t1", "Ann\nBen")
    first = links_shown(phone, "t1")
    make_table(phone, "t2", "Cat\nDan", public=True)
    assert links_shown(phone, "t1") == first, "making the next table leaves the last one's links"
    second = links_shown(phone, "t2")
    assert len(first) == 3 and len(second) == 4, (first, second)  # recorder, two seats (and the public page)
    for url in first + second:
        assert url.startswith(host + "/"), url
    assert second[-1] == host + "/games/t2"
    recorder = live.api("GET", "/api/tables/t1/links").json()["links"][0]
    assert recorder["role"] == "recorder" and first[0] == host + "/tables/t1#token=" + recorder["token"]
    assert phone.find_elements(By.CSS_SELECTOR, "details.table-links[data-table='t1'] img.qr[alt^='QR code of']")
    no_serious_violations(phone, "director's page with links open")
    phone.refresh()
    wait(lambda: dataset(phone, "ready") == "1", 10)
    phone.find_element(By.CSS_SELECTOR, "details.table-links[data-table='t1'] summary").click()
    wait(lambda: links_shown(phone, "t1") == first, 10, "a reload keeps the links")
    revoke = phone.find_element(By.CSS_SELECTOR, "details.table-links[data-table='t1'] button[aria-label^='Revoke the link of Ann']")
    phone.execute_script("arguments[0].click()", revoke)
    wait(lambda: first[1] not in links_shown(phone, "t1"), 10, "the revoked link leaves the list")
    assert live.api("GET", "/api/whoami", token=first[1].partition("#token=")[2]).status_code == 401
    issue = phone.find_element(By.CSS_SELECTOR, "details.table-links[data-table='t1'] button[aria-label^='Issue a link for Ann']")
    phone.execute_script("arguments[0].click()", issue)
    wait(lambda: len(links_shown(phone, "t1")) == 3, 10, "a new link for Ann")
    renew = phone.find_element(By.CSS_SELECTOR, "details.table-links[data-table='t1'] button[aria-label^='New link for Ben']")
    phone.execute_script("arguments[0].click()", renew)
    wait(lambda: first[2] not in links_shown(phone, "t1") and len(links_shown(phone, "t1")) == 3, 10)
    assert live.api("GET", "/api/whoami", token=first[2].partition("#token=")[2]).status_code == 401
    assert severe(phone) == []
