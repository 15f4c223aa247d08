"""The pages in Chromium against a real server: a whole game recorded on a phone while a seat follows it live,
a spectator held back by `--public-delay`, the director's page, wrong links, hostile names, axe-core on each page.

Screenshots go to test-artifacts/screenshots/serve/ (the ones in docs/images/ were copied from there).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from planets_log.cli.common import position_at
from planets_log.engine.replay import Replay
from tests.pictures.helpers import parse, texts

from .browser import (DESKTOP, PHONE, Live, axe, chromium, dataset, live_server, main_text, open_page,
                      picture_texts, resize, severe, shot, wait)

ILLEGAL = "d1x9"  # Dispatch Spaceships: a ship of more parts than the player has left


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    driver = chromium(PHONE)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def desk() -> Iterator[Any]:
    driver = chromium(DESKTOP)
    yield driver
    driver.quit()


@pytest.fixture
def live(tmp_path: Path, phone: Any, desk: Any) -> Iterator[Live]:
    for served in live_server(tmp_path / "served"):
        yield served
        for driver in (phone, desk):  # the pages' streams close before the server stops
            driver.get("about:blank")


def seen_by(record: Path, seq: int, seat: int | None) -> list[str]:
    """The texts of the picture the engine draws for `seat` after `seq` (what the page must show, no more)."""
    rep = Replay(str(record))
    pos = position_at(rep, seq=seq)
    return texts(parse(rep.session.rules.picture(pos.state, seat)))


def suggestions(driver: Any) -> list[str]:
    return [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#legal button")]


def no_serious_violations(driver: Any, page: str) -> None:
    found = axe(driver)
    assert found == [], (page, [(v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]]) for v in found])


def type_move(live: Live, phone: Any, move: str, tap: bool) -> None:
    """Type the move's first characters, check the legal moves offered, then tap the offer or type the rest."""
    legal = live.legal("t1")
    prefix = move[:2]
    box = phone.find_element(By.ID, "move")
    box.send_keys(prefix)
    offered = [m for m in legal if m.lower().startswith(prefix.lower())][:40]
    wait(lambda: suggestions(phone) == offered, 5, f"offered {suggestions(phone)}, legal {offered}")
    if tap:
        next(b for b in phone.find_elements(By.CSS_SELECTOR, "#legal button") if b.text == move).click()
        assert box.get_attribute("value") == move
        phone.find_element(By.ID, "record").click()
    else:
        box.send_keys(move[2:], Keys.ENTER)


def recorded(live: Live, phone: Any, before: int) -> int:
    """Wait for the write to land and the table page to show it; the new seq."""
    wait(lambda: live.seq("t1") > before, 10, "the move was not recorded")
    now = live.seq("t1")
    wait(lambda: dataset(phone, "seq") == str(now), 10, "the table page did not show the move")
    return now


def seat_follows(desk: Any, record: Path, now: int) -> None:
    """The seat's page shows line `now` without reloading, as the engine draws it for Ben: no more."""
    wait(lambda: dataset(desk, "seq") == str(now), 10, f"the seat's page stayed at {dataset(desk, 'seq')}, not {now}")
    assert desk.execute_script("return window.stillTheSamePage") == 1, "the seat's page was reloaded"
    assert picture_texts(desk) == seen_by(record, now, 1)


def illegal_then_undo(live: Live, phone: Any, record: Path) -> None:
    """An illegal move explained inline, the record unchanged; an undo refused without a reason, then done with one."""
    before, seq = record.read_bytes(), live.seq("t1")
    phone.find_element(By.ID, "move").send_keys(ILLEGAL, Keys.ENTER)
    error = wait(lambda: phone.find_element(By.ID, "move-error").text, 5, "no inline error")
    assert "dispatches a ship of 9" in error and "(rule: Dispatch Spaceships)" in error and "unchanged" in error
    assert record.read_bytes() == before and live.seq("t1") == seq
    assert phone.find_element(By.ID, "move").get_attribute("value") == ILLEGAL, "the typed move stays to be fixed"
    no_serious_violations(phone, "table page with an inline error")
    shot(phone, "table-phone-error")
    phone.find_element(By.ID, "move").clear()
    phone.find_element(By.CSS_SELECTOR, "#undo-box summary").click()
    phone.find_element(By.ID, "undo").click()
    assert "Say why" in wait(lambda: phone.find_element(By.ID, "undo-error").text, 5)
    assert record.read_bytes() == before
    phone.find_element(By.ID, "undo-reason").send_keys("misread the card", Keys.ENTER)
    recorded(live, phone, seq)
    last = record.read_text().splitlines()[-1]
    assert '"type":"retract"' in last and '"reason":"misread the card"' in last
    assert "misread the card" in phone.find_element(By.ID, "lines").text


def test_a_whole_game_is_recorded_on_a_phone_while_a_seat_follows_live(live: Live, phone: Any, desk: Any):
    live.table("t1")
    record = live.server.folder / "t1.jsonl"
    resize(phone, PHONE)
    open_page(phone, live.links["t1"]["recorder"])
    assert "token" not in phone.current_url and "token" not in phone.execute_script("return location.href")
    assert phone.execute_script("return window.innerWidth") == PHONE[0]
    open_page(desk, live.links["t1"]["Ben"])
    assert "token" not in desk.current_url
    desk.execute_script("window.stillTheSamePage = 1")
    moves = 0
    while live.api("GET", "/api/tables/t1").json()["status"] != "over":
        if moves == 1:
            illegal_then_undo(live, phone, record)
            seat_follows(desk, record, live.seq("t1"))
        before = live.seq("t1")
        move = live.legal("t1")[-1]
        type_move(live, phone, move, tap=moves % 2 == 0)
        if moves == 8:
            shot(desk, "game-desktop")
        now = recorded(live, phone, before)
        seat_follows(desk, record, now)
        moves += 1
        if moves == 6:
            phone.find_element(By.ID, "move").send_keys("d")
            wait(lambda: suggestions(phone), 5)
            shot(phone, "table-phone")
            phone.find_element(By.ID, "move").clear()
    assert moves >= 20, "a whole game"
    assert "The game is over" in phone.find_element(By.ID, "status").text
    assert not phone.find_element(By.ID, "move").is_enabled()
    assert severe(phone) == [] and severe(desk) == []
    no_serious_violations(phone, "table page at the end")
    no_serious_violations(desk, "game page (seat) at the end")
    resize(phone, DESKTOP)
    shot(phone, "table-desktop")
    resize(desk, PHONE)
    shot(desk, "game-phone")
