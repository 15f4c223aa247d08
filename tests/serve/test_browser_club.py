"""A club night in Chromium at a phone's size (390x844), against a real server (issue 37): the director makes two
tables on the page and hands out links at the address the browser used; the links stay on the page; a move
recorded while the server is down waits on the phone and lands when it is back; a spectator follows the index of
public tables live; the director sees when each table last moved."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
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


def make_table(driver: Any, name: str, players: str, public: bool = False, game: str = "four-planets") -> None:
    """Fill the director's form and make the table."""
    box = driver.find_element(By.ID, "new-name")
    box.clear()
    box.send_keys(name)
    Select(driver.find_element(By.ID, "new-game")).select_by_value(game)
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


def legal_after(live: Live, table: str, *moves: str) -> list[str]:
    """The legal moves after `moves` are played on a copy of the table's record (the real one is left alone)."""
    import shutil

    from planets_log.serve.live import Live as Record
    from planets_log.serve.views import SCOREKEEPER, moves as legal

    copy = Path(live.server.folder.parent / f"copy-{len(moves)}.jsonl")
    shutil.copy(live.server.folder / f"{table}.jsonl", copy)
    record = Record(copy)
    if moves:
        record.write(lambda rec: rec.play_all(list(moves), None))
    return legal(record, SCOREKEEPER, None).moves


def conn(driver: Any) -> tuple[str, str]:
    """The table page's connection state: its data-state and its words."""
    return tuple(driver.execute_script("const c = document.getElementById('conn'); return [c.dataset.state, c.textContent]"))


def waiting(driver: Any) -> list[str]:
    return list(driver.execute_script(
        "return [...document.querySelectorAll('#waiting-list li')].map(li => li.dataset.move)"))


def type_and_record(driver: Any, move: str) -> None:
    box = driver.find_element(By.ID, "move")
    box.send_keys(move, Keys.ENTER)


def action_texts(live: Live, table: str) -> list[str]:
    lines = live.api("GET", f"/api/tables/{table}/lines?after=0").json()["lines"]
    return [ln["text"] for ln in lines if ln["kind"] == "action"]


def test_moves_recorded_while_the_server_is_down_wait_on_the_phone_and_land_in_order(tmp_path: Path, phone: Any):
    folder = tmp_path / "served"
    first = live_server(folder)
    live = next(first)
    port = int(live.base.rsplit(":", 1)[1])
    live.table("t1")
    open_page(phone, live.links["t1"]["recorder"])
    wait(lambda: conn(phone)[0] == "online", 10, str(conn(phone)))
    # a double tap: the second tap finds the move on its way, and says nothing in red
    move = live.legal("t1")[-1]
    phone.find_element(By.ID, "move").send_keys(move)
    phone.execute_script("const b = document.getElementById('record'); b.click(); b.click();")
    phone.find_element(By.ID, "move").send_keys(Keys.ENTER)
    wait(lambda: dataset(phone, "seq") == str(live.seq("t1")) and live.seq("t1") > 0, 10)
    time.sleep(0.5)
    assert phone.find_element(By.ID, "move-error").get_attribute("hidden") is not None, \
        phone.find_element(By.ID, "move-error").text
    assert len(action_texts(live, "t1")) == 1, "recorded once"
    before, seq = action_texts(live, "t1"), live.seq("t1")
    one = legal_after(live, "t1")[-1]
    two = legal_after(live, "t1", one)[-1]
    first.close()  # the server stops
    wait(lambda: conn(phone)[0] == "offline", 15, str(conn(phone)))
    type_and_record(phone, one)
    type_and_record(phone, two)
    wait(lambda: waiting(phone) == [one, two], 5, str(waiting(phone)))
    assert "2 moves wait on this phone" in conn(phone)[1]
    kept = phone.execute_script("return JSON.parse(localStorage.getItem('planets-log-waiting:t1'))")
    assert [(m["move"], m["seq"]) for m in kept] == [(one, seq), (two, None)], kept
    no_serious_violations(phone, "table page offline, two moves waiting")
    phone.refresh()  # the page opens again without the server: the service worker and the phone's memory
    open_ready = lambda: dataset(phone, "ready") in ("offline", "1")  # noqa: E731
    wait(open_ready, 15, "the page did not open again offline")
    assert dataset(phone, "ready") == "offline" and dataset(phone, "seq") == str(seq)
    assert phone.find_elements(By.CSS_SELECTOR, "#picture svg"), "the last position it knew"
    assert waiting(phone) == [one, two]
    cached = phone.execute_async_script(
        "const done = arguments[0]; caches.keys().then(ns => Promise.all(ns.map(n => caches.open(n)"
        ".then(c => c.keys())))).then(all => done(all.flat().map(r => r.url)))")
    assert cached and not [u for u in cached if "/api/" in u or "token" in u], cached  # pages and scripts only
    for again in live_server(folder, port=port):  # the server is back
        wait(lambda: len(action_texts(again, "t1")) == 3, 20, f"the waiting moves were not sent: {conn(phone)}")
        wait(lambda: conn(phone)[0] == "online" and not waiting(phone), 10, str(conn(phone)))
        assert "The 2 moves that waited on this phone were sent, in order." in conn(phone)[1]
        lines = again.api("GET", "/api/tables/t1/lines?after=0").json()["lines"]
        texts = [ln["text"] for ln in lines if ln["kind"] == "action"]
        assert texts[:1] == before and len(texts) == 3
        assert texts[1].endswith(": " + one) and texts[2].endswith(": " + two), texts
        phone.get("about:blank")


def test_a_move_that_waited_while_the_record_changed_is_shown_and_asked_about(live: Live, phone: Any):
    live.table("t1")
    open_page(phone, live.links["t1"]["recorder"])
    wait(lambda: conn(phone)[0] == "online", 10)
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1,
                                                               "uploadThroughput": -1})
    try:
        mine = live.legal("t1")[0]
        type_and_record(phone, mine)
        wait(lambda: waiting(phone) == [mine], 10)
        live.play("t1", live.legal("t1")[-1])  # the director records meanwhile
    finally:
        phone.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                                   "downloadThroughput": -1, "uploadThroughput": -1})
    wait(lambda: conn(phone)[0] == "ask", 15, str(conn(phone)))
    asked = phone.find_element(By.ID, "conflict")
    assert asked.is_displayed() and "recorded meanwhile" in asked.text
    assert action_texts(live, "t1")[0] in phone.find_element(By.ID, "conflict-lines").text
    assert waiting(phone) == [mine] and len(action_texts(live, "t1")) == 1, "nothing sent unasked"
    no_serious_violations(phone, "table page asking about a waiting move")
    phone.find_element(By.ID, "discard").click()
    wait(lambda: not waiting(phone) and conn(phone)[0] == "online", 10)
    assert "1 waiting move was discarded" in phone.find_element(By.ID, "status").text
    assert len(action_texts(live, "t1")) == 1


def test_undo_shows_what_it_removes_and_the_line_stays_struck_through_with_the_reason(live: Live, phone: Any):
    live.table("t1")
    live.play("t1", live.legal("t1")[-1])
    live.play("t1", live.legal("t1")[-1])
    last = action_texts(live, "t1")[-1]
    open_page(phone, live.links["t1"]["recorder"])
    phone.find_element(By.CSS_SELECTOR, "#undo-box summary").click()
    preview = wait(lambda: phone.find_element(By.ID, "undo-preview").text, 10, "no preview")
    assert last in preview and action_texts(live, "t1")[0] not in preview, preview
    phone.find_element(By.ID, "undo-reason").send_keys("misread the card", Keys.ENTER)
    wait(lambda: phone.find_elements(By.CSS_SELECTOR, "#lines li.retracted"), 10, "no line struck through")
    struck = phone.find_elements(By.CSS_SELECTOR, "#lines li.retracted")
    assert len(struck) == 1 and last in struck[0].text and "taken back at line" in struck[0].text
    assert "misread the card" in struck[0].text
    style = phone.execute_script("return getComputedStyle(arguments[0].querySelector('.line-text')).textDecorationLine",
                                 struck[0])
    assert style == "line-through"
    no_serious_violations(phone, "table page with a line taken back")


def test_the_directors_page_shows_when_each_table_last_moved_and_marks_the_stalled_ones(live: Live, phone: Any):
    live.table("t1", game="space-planets", players=("Ann", "Ben"))
    live.table("t2")
    live.play("t1", live.legal("t1")[0])
    live.server.lives["t2"].moved_at = time.time() - 25 * 60  # as if its last move were 25 minutes old
    live.play("t2", live.legal("t2")[-1])
    live.server.lives["t2"].moved_at = time.time() - 25 * 60
    open_page(phone, live.base + "/director#token=" + live.director)
    row = lambda name: phone.execute_script(  # noqa: E731
        "const r = document.querySelector(`#table-rows tr[data-table='${arguments[0]}']`);"
        "return [r.dataset.stalled, r.children[5].textContent, r.children[6].textContent];", name)
    stalled, moved, scores = row("t1")
    assert stalled == "0" and "just now" in moved and live.api("GET", "/api/tables/t1").json()["last_move"] in moved
    assert scores == live.api("GET", "/api/tables/t1").json()["scores"] and scores
    stalled, moved, scores = row("t2")
    assert stalled == "1" and "25 min ago" in moved and "no move for 25 min" in moved and scores == "shown at the end"
    box = phone.find_element(By.ID, "stall")
    box.clear()
    box.send_keys("30")
    wait(lambda: row("t2")[0] == "0", 5, "a longer limit takes the mark away")
    live.play("t1", live.legal("t1")[0])
    wait(lambda: row("t1")[1].endswith(live.api("GET", "/api/tables/t1").json()["last_move"]), 10, "live")
    problems = phone.find_element(By.CSS_SELECTOR, "#problems li")
    wait(lambda: problems.text == "No problem found.", 10)
    assert phone.execute_script("return getComputedStyle(arguments[0]).color", problems) == "rgb(26, 26, 26)"
    no_serious_violations(phone, "director's page with last moves")


def test_a_spectator_on_the_index_sees_each_public_table_move_live(live: Live, phone: Any):
    live.table("t1", public=True)
    live.table("t2", game="space-planets", players=("Cat", "Dan"), public=True)
    live.table("secret")  # private: never on the index
    open_page(phone, live.base + "/games")
    cards = lambda: phone.execute_script(  # noqa: E731
        "return [...document.querySelectorAll('#boards li.board')].map(li => [li.dataset.table, li.dataset.seq || '',"
        " li.querySelector('.board-last').textContent, !!li.querySelector('.mini svg')])")
    wait(lambda: all(c[3] for c in cards()) and len(cards()) == 2, 10, str(cards()))
    assert [c[0] for c in cards()] == ["t1", "t2"]
    phone.execute_script("window.stillTheSamePage = 1")
    live.play("t2", live.legal("t2")[0])
    last = live.api("GET", "/api/tables/t2", token=None).json()
    wait(lambda: cards()[1][2] == "Last move: " + last["last_move"] and cards()[1][1] == str(last["seq"]), 10,
         str(cards()))
    said = phone.execute_script("return document.getElementById('said').textContent")
    assert said == "t2: " + last["last_move"], "the move is said in words, once"
    assert phone.execute_script("return window.stillTheSamePage") == 1
    no_serious_violations(phone, "the spectators' index")
    phone.find_element(By.CSS_SELECTOR, "li.board[data-table='t2'] a.board-link").click()
    wait(lambda: dataset(phone, "ready") == "1" and phone.current_url.endswith("/games/t2"), 10)


SMALL = """
return [...document.querySelectorAll('#main a, #main button, #main summary, #main input, #main select, #main textarea,'
  + ' #lines li')].filter(e => e.offsetParent !== null).map(e => [e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
  + (e.className ? '.' + e.className : ''), Math.round(e.getBoundingClientRect().width),
  Math.round(e.getBoundingClientRect().height)]).filter(([, w, h]) => w < 44 || h < 44);
"""


def test_every_tap_target_of_every_page_is_at_least_44_px_square(live: Live, phone: Any):
    live.table("t1", public=True)
    for _ in range(3):
        live.play("t1", live.legal("t1")[-1])
    pages = [live.base + "/director#token=" + live.director, live.links["t1"]["recorder"], live.links["t1"]["Ann"],
             live.base + "/games/t1", live.base + "/games"]
    for url in pages:
        phone.get("about:blank")
        open_page(phone, url)
        for details in phone.find_elements(By.CSS_SELECTOR, "#main details"):
            phone.execute_script("arguments[0].open = true", details)
        time.sleep(0.5)
        assert phone.execute_script(SMALL) == [], url


def test_a_move_arriving_on_the_game_page_is_said_in_words_once(live: Live, phone: Any):
    live.table("t1", public=True)
    open_page(phone, live.links["t1"]["Ben"])
    live.play("t1", live.legal("t1")[-1])
    line = live.api("GET", "/api/tables/t1/lines?after=0", token=live.token("t1", "Ben")).json()["lines"][-1]
    said = lambda: phone.execute_script("return document.getElementById('said').textContent")  # noqa: E731
    assert line["words"] and line["words"] != line["text"], line
    wait(lambda: said() == "New: " + line["words"], 10, said())
    live_regions = phone.execute_script("return [...document.querySelectorAll('[aria-live]')].map(e => e.id)")
    assert "position" not in live_regions, "the position's words are not said again with each move"
