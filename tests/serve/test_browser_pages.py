"""The pages in Chromium against a real server: a whole game recorded on a phone while a seat follows it live,
a spectator held back by `--public-delay`, the director's page, wrong links, hostile names, axe-core on each page.

Screenshots go to test-artifacts/screenshots/serve/ (the ones in docs/images/ were copied from there).
"""

from __future__ import annotations

import io
import time
import zipfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from planets_log.cli.common import position_at
from planets_log.engine.redact import public_picture
from planets_log.engine.replay import Replay
from tests.support.pictures import parse, texts

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


@contextmanager
def serving(folder: Path, drivers: tuple[Any, ...], **options: Any) -> Iterator[Live]:
    """A live server on `folder`; the browsers leave its pages (their streams close) before it stops."""
    for served in live_server(folder, **options):
        try:
            yield served
        finally:
            for driver in drivers:
                driver.get("about:blank")


@pytest.fixture
def live(tmp_path: Path, phone: Any, desk: Any) -> Iterator[Live]:
    with serving(tmp_path / "served", (phone, desk)) as served:
        yield served


def seen_by(record: Path, seq: int, seat: int | None) -> list[str]:
    """The texts of the picture the engine draws for `seat` after `seq` (what the page must show, no more)."""
    rep = Replay(str(record))
    pos = position_at(rep, seq=seq)
    return texts(parse(rep.session.rules.picture(pos.state, seat)))


def suggestions(driver: Any) -> list[str]:
    """The offered moves, read in one script call: the list is redrawn as the scorekeeper types, so element handles
    read one by one can go stale between two reads."""
    return list(driver.execute_script(
        "return Array.from(document.querySelectorAll('#legal button'), b => b.dataset.move)"))


def tap_offer(driver: Any, move: str) -> None:
    """Tap the offered move, looked up again if the list was redrawn under the finger."""
    for _ in range(20):
        try:
            next(b for b in driver.find_elements(By.CSS_SELECTOR, "#legal button") if b.get_attribute("data-move") == move).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise AssertionError(f"the offer {move!r} kept being redrawn")


def no_serious_violations(driver: Any, page: str) -> None:
    """No axe-core violation of any impact (minor and moderate ones too)."""
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
        tap_offer(phone, move)
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
    sheet = live.api("GET", "/api/tables/t1/score").json()["sheet"]
    totals = ", ".join(f"{s['player']} {s['total']}" for s in sheet["scores"])
    assert f"The game is over. Final score: {totals}: " in phone.find_element(By.ID, "status").text
    assert f"Final score: {totals}: " in desk.find_element(By.ID, "position").text
    assert not phone.find_element(By.ID, "move").is_enabled()
    assert severe(phone) == [] and severe(desk) == []
    no_serious_violations(phone, "table page at the end")
    no_serious_violations(desk, "game page (seat) at the end")
    resize(phone, DESKTOP)
    shot(phone, "table-desktop")
    resize(desk, PHONE)
    shot(desk, "game-phone")


def action_seqs(live: Live, name: str) -> list[int]:
    lines = live.api("GET", f"/api/tables/{name}/lines?after=0").json()["lines"]
    return [ln["seq"] for ln in lines if ln["kind"] == "action"]


def test_a_spectator_of_a_public_table_with_public_delay_2_is_two_moves_behind(tmp_path: Path, phone: Any, desk: Any):
    with serving(tmp_path / "served", (phone, desk), public_delay=2) as live:
        live.table("t1", public=True)  # no delay of its own: the server's --public-delay 2 holds it back
        for _ in range(4):
            live.play("t1", live.legal("t1")[-1])
        resize(phone, PHONE)
        open_page(phone, live.base + "/games/t1")
        assert "a spectator, 2 moves behind" in phone.find_element(By.ID, "who").text
        phone.execute_script("window.stillTheSamePage = 1")
        for more in range(3):
            behind = action_seqs(live, "t1")[-2] - 1  # the line before the second-last move
            wait(lambda: dataset(phone, "seq") == str(behind), 10, f"shown {dataset(phone, 'seq')}, not {behind}")
            shown = [int(li.get_attribute("data-seq")) for li in phone.find_elements(By.CSS_SELECTOR, "#lines li")]
            assert max(shown) == behind < live.seq("t1"), "nothing past the delay reaches the page"
            rep = Replay(str(live.server.folder / "t1.jsonl"))
            assert picture_texts(phone) == texts(parse(public_picture(rep.session.rules, position_at(rep, seq=behind).state)))
            live.play("t1", live.legal("t1")[-1])
        assert phone.execute_script("return window.stillTheSamePage") == 1
        behind = action_seqs(live, "t1")[-2] - 1
        wait(lambda: dataset(phone, "seq") == str(behind), 10)
        phone.find_element(By.ID, "prev").click()  # stepped back, the page stays there as lines arrive
        wait(lambda: dataset(phone, "seq") == str(behind - 1), 10)
        live.play("t1", live.legal("t1")[-1])
        later = action_seqs(live, "t1")[-2] - 1
        wait(lambda: dataset(phone, "last") == str(later), 10)
        assert dataset(phone, "seq") == str(behind - 1)
        assert "newer lines (▶| shows the latest)" in phone.find_element(By.ID, "live").text
        phone.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        wait(lambda: dataset(phone, "seq") == str(later), 10, "End shows the latest position")
        no_serious_violations(phone, "game page (spectator)")
        shot(phone, "game-spectator-phone")


def tampered(folder: Path) -> None:
    """A finished record with one card changed in its deal and the chain left as it was."""
    from tests.support.pictures import FIXTURES

    lines = (FIXTURES / "four-planets" / "selfplay-seed-2.jsonl").read_text().splitlines(keepends=True)
    assert '"P0s"' in lines[2]
    lines[2] = lines[2].replace('"P0s"', '"P1s"', 1)
    folder.mkdir(parents=True)
    (folder / "planted.jsonl").write_text("".join(lines))


def row_of(driver: Any, table: str) -> list[str]:
    """A table's row on the director's page, cell by cell (read at once: the page redraws it live)."""
    return list(driver.execute_script(
        "const row = document.querySelector(`#table-rows tr[data-table='${arguments[0]}']`);"
        "return row ? [...row.children].map(c => c.textContent) : [];", table))


def standing(driver: Any, player: str) -> list[str]:
    """A player's row of the Four Planets standings: player, games, wins, shared, no winner, points."""
    return list(driver.execute_script(
        "const rows = [...document.querySelectorAll(\"table.standings[data-game='four-planets'] tbody tr\")];"
        "const row = rows.find(r => r.firstChild.textContent === arguments[0]);"
        "return row ? [...row.children].map(c => c.textContent) : [];", player))


def test_the_directors_page_audits_finished_games_live_and_shows_a_tampered_record(tmp_path: Path, phone: Any,
                                                                                   desk: Any):
    from planets_log.audit.seal import keygen

    keygen(str(tmp_path / "organiser"))
    tampered(tmp_path / "served")
    with serving(tmp_path / "served", (phone, desk), key=str(tmp_path / "organiser.key")) as live:
        live.table("t1")
        live.finish("t1")
        live.table("t2", players=("Cat", "Dan"))
        live.play("t2", live.legal("t2")[-1])
        resize(desk, DESKTOP)
        open_page(desk, live.base + "/director#token=" + live.director)
        assert "token" not in desk.current_url
        desk.execute_script("window.stillTheSamePage = 1")
        wait(lambda: "seal verified" in row_of(desk, "t1")[-1], 10, str(row_of(desk, "t1")))
        assert row_of(desk, "t1")[4].startswith("finished") and row_of(desk, "t1")[8] == "yes"
        assert row_of(desk, "t2")[4] == "waiting: Dan to move" and row_of(desk, "t2")[-1] == "valid"
        assert row_of(desk, "planted")[4].startswith("problem: ")
        problems = desk.execute_script("return [...document.querySelectorAll('#problems li[data-table]')]"
                                       ".map(li => [li.dataset.table, li.dataset.code, li.textContent])")
        assert {table for table, _, _ in problems} == {"planted"}, problems
        assert "chance.tampered" in {code for _, code, _ in problems}, "the deal is not the seed's"
        assert standing(desk, "Ann")[1] == "1" and standing(desk, "Cat") == []
        no_serious_violations(desk, "director's page")
        shot(desk, "director-desktop")
        live.finish("t2")
        wait(lambda: standing(desk, "Cat") and standing(desk, "Cat")[1] == "1", 15, "the standings did not update")
        assert "seal verified" in row_of(desk, "t2")[-1]
        assert desk.execute_script("return window.stillTheSamePage") == 1, "updated without reloading"
        desk.find_element(By.ID, "archive").click()
        size = wait(lambda: dataset(desk, "archive"), 10, "no archive")
        archive = live.api("GET", "/api/archive").content
        assert int(size) == len(archive)
        with zipfile.ZipFile(io.BytesIO(archive)) as zf:
            assert sorted(zf.namelist()) == ["planted.jsonl", "t1.jsonl", "t2.jsonl"]
            assert '"type":"seal"' in zf.read("t2.jsonl").decode().splitlines()[-1]
        assert severe(desk) == []
        desk.find_element(By.CSS_SELECTOR, "#table-rows tr[data-table='t2'] a[href='/games/t2']").click()
        wait(lambda: dataset(desk, "ready") == "1", 10)  # the director's token serves the table's pages too
        assert desk.find_element(By.ID, "who").text == "You see everything: the scorekeeper's view."
        resize(phone, PHONE)
        open_page(phone, live.base + "/director#token=" + live.director)
        shot(phone, "director-phone")
        no_serious_violations(phone, "director's page on a phone")


INVALID = "This link is not valid for this table"


def refused(driver: Any, url: str, words: str = INVALID) -> None:
    """The page says only that the link is not valid: no table's data, no trace; no token left in the address."""
    driver.get("about:blank")
    open_page(driver, url, ready="invalid")
    assert driver.find_element(By.TAG_NAME, "h1").text == words
    text = main_text(driver)
    for secret in ("Ann", "Ben", "Cat", "Dan", "t2", "Four Planets", "Traceback", "token", "Error"):
        assert secret not in text, (url, secret, text)
    assert "token" not in driver.current_url
    history = [e["url"] for e in driver.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"]]
    assert not [u for u in history if "token" in u], history
    assert driver.execute_script("return sessionStorage.length") == 0, "the refused token is not kept"


def test_a_link_that_is_not_the_right_one_gets_a_plain_sentence(live: Live, phone: Any):
    live.table("t1")
    live.table("t2", players=("Cat", "Dan"))
    t1 = live.base + "/tables/t1#token="
    g1 = live.base + "/games/t1#token="
    refused(phone, t1 + live.token("t2", "recorder"))  # another table's recorder
    refused(phone, g1 + live.token("t2", "Cat"))  # another table's seat
    refused(phone, t1 + live.token("t1", "Ann"))  # a seat may follow, not record
    refused(phone, g1 + "not-a-token")
    refused(phone, live.base + "/games/t1")  # a private table, no link
    refused(phone, live.base + "/games/nowhere#token=" + live.token("t1", "Ann"))
    ann = live.token("t1", "Ann")
    token_id = next(t["id"] for t in live.api("GET", "/api/tokens").json() if t["table"] == "t1" and t["seat"] == 0)
    open_page(phone, g1 + ann)
    assert live.api("DELETE", f"/api/tokens/{token_id}").status_code == 200
    phone.refresh()  # the token kept for the tab, now revoked
    wait(lambda: dataset(phone, "ready") == "invalid", 10)
    assert phone.find_element(By.TAG_NAME, "h1").text == INVALID
    refused(phone, live.base + "/director#token=" + live.token("t1", "recorder"),
            "This link is not valid for the director's page")


def test_the_token_leaves_the_address_bar_and_the_history_and_a_reload_keeps_working(live: Live, phone: Any):
    live.table("t1")
    phone.get("about:blank")
    open_page(phone, live.links["t1"]["recorder"])
    assert phone.current_url == live.base + "/tables/t1"
    phone.refresh()
    wait(lambda: dataset(phone, "ready") == "1", 10)
    phone.back()
    wait(lambda: phone.current_url == "about:blank", 5, phone.current_url)
    phone.forward()
    wait(lambda: dataset(phone, "ready") == "1", 10)
    assert phone.current_url == live.base + "/tables/t1"
    history = [e["url"] for e in phone.execute_cdp_cmd("Page.getNavigationHistory", {})["entries"]]
    assert live.base + "/tables/t1" in history and not [u for u in history if "token" in u], history


HOSTILE = ('<img src=x onerror="window.pwned=1">', 'Ben</td><script>window.pwned=2</script>')


def test_hostile_names_and_notes_are_shown_as_text_and_run_nothing(live: Live, phone: Any, desk: Any):
    live.table("t1", players=HOSTILE, public=True)
    live.play("t1", live.legal("t1")[-1])
    note = {"target": 5, "text": '<svg onload="window.pwned=3"></svg> "quoted" & done'}
    assert live.api("POST", "/api/tables/t1/notes", json=note).status_code == 200
    pages = [(live.links["t1"]["recorder"], "title"), (live.links["t1"][HOSTILE[1]], "title"),
             (live.base + "/games/t1", "title"), (live.base + "/director#token=" + live.director, "table-rows"),
             (live.base + "/games", "boards")]
    for url, where in pages:
        desk.get("about:blank")
        open_page(desk, url)
        assert HOSTILE[0] in desk.find_element(By.ID, where).text, url
        assert desk.execute_script("return window.pwned") is None, url
        assert desk.execute_script("return document.querySelectorAll('#main img, #main script').length") == 0
    desk.get("about:blank")
    open_page(desk, live.links["t1"]["recorder"])
    assert note["text"] in desk.find_element(By.ID, "lines").text
    assert severe(desk) == []


def every_position(driver: Any, url: str) -> list[tuple[str, str, str]]:
    """Open the game page and step from the first position to the last: each one's picture, words, and line."""
    driver.get("about:blank")
    open_page(driver, url)
    driver.find_element(By.ID, "first").click()
    wait(lambda: dataset(driver, "seq") == "0", 10)
    last, out = int(dataset(driver, "last") or 0), []
    for seq in range(last + 1):
        if seq:
            driver.find_element(By.ID, "next").click()
            wait(lambda: dataset(driver, "seq") == str(seq), 10, f"stuck at {dataset(driver, 'seq')}")
        out.append(driver.execute_script(
            "return [document.querySelector('#picture svg').outerHTML, document.getElementById('text').textContent,"
            " (document.querySelector('#lines li.current') || {textContent: ''}).textContent]"))
    return [tuple(x) for x in out]


def test_a_seats_game_page_is_the_same_on_a_twin_record(tmp_path: Path, desk: Any):
    """Two records that differ only in what the seat cannot see (tests/trust's twins): the seat's game page shows
    the same thing at every position of both, while the scorekeeper's differs (so a leak would show)."""
    from tests.support.helpers import write_lines
    from tests.serve.test_twins import _cases

    for n, (seat, end, real, other, changed) in enumerate(_cases("four-planets")):
        folder = tmp_path / f"seat-{seat}"
        folder.mkdir()
        write_lines(folder / "real.jsonl", real.lines[:end + 1])
        write_lines(folder / "twin.jsonl", other.lines[:end + 1])
        with serving(folder, (desk,)) as live:
            seen: dict[str, list[Any]] = {}
            for name in ("real", "twin"):
                res = live.api("POST", f"/api/tables/{name}/links", json={"role": "seat", "seat": str(seat + 1)})
                seen[name] = every_position(desk, res.json()["url"])
                if n == 0:  # the scorekeeper's view does not depend on the seat: walked once
                    seen[name + " director"] = every_position(desk, f"{live.base}/games/{name}#token={live.director}")
            assert len(seen["real"]) == end + 1
            for k, (a, b) in enumerate(zip(seen["real"], seen["twin"])):
                assert a == b, (f"seat {seat + 1} sees a difference at seq {k} (seqs {changed} changed)", a, b)
            if n == 0:
                assert seen["real director"] != seen["twin director"]
