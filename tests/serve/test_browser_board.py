"""The board for a phone and the board as the input, in Chromium at 390x844 against a real server (issue 37): a
whole club night recorded by tapping the board only, the board's labels readable (12 px, AA contrast, 44 px
targets) in every game, axe-core on every page kind at both sizes, a move recorded with the keyboard alone."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .browser import DESKTOP, Live, axe, chromium, dataset, live_server, open_page, severe, shot, wait
from .test_browser_club import conn, links_shown, make_table, waiting

PHONE = (390, 844)
GAMES = ("four-planets", "space-planets", "planetopia", "planetarium", "planetship-2491")


@pytest.fixture(scope="module")
def phones() -> Iterator[list[Any]]:
    drivers = [chromium(PHONE) for _ in range(3)]
    yield drivers
    for driver in drivers:
        driver.quit()


@pytest.fixture(scope="module")
def desk() -> Iterator[Any]:
    driver = chromium(DESKTOP)
    yield driver
    driver.quit()


@pytest.fixture
def live(tmp_path: Path, phones: list[Any], desk: Any) -> Iterator[Live]:
    for served in live_server(tmp_path / "served"):
        try:
            yield served
        finally:
            for driver in [*phones, desk]:
                driver.get("about:blank")


def options(live: Live, table: str) -> list[dict[str, Any]]:
    """The legal moves as the recorder is offered them: notation, words, parts."""
    return list(live.api("GET", f"/api/tables/{table}/moves").json()["options"])


def legal_next(live: Live, table: str, move: str) -> list[str]:
    """The legal moves after `move`, on a copy of the table's record and its secret seed (the real one untouched)."""
    from planets_log.serve.live import Live as Record
    from planets_log.serve.views import SCOREKEEPER, moves as legal

    copy = live.server.folder.parent / "copy.jsonl"
    shutil.copy(live.server.folder / f"{table}.jsonl", copy)
    seed = live.server.folder / f"{table}.jsonl.seed"
    if seed.exists():
        shutil.copy(seed, copy.with_name(copy.name + ".seed"))
    record = Record(copy)
    record.write(lambda rec: rec.play_all([move], None))
    return legal(record, SCOREKEEPER, None).moves


def board_ids(driver: Any) -> set[str]:
    return set(driver.execute_script(
        "return [...document.querySelectorAll('#board [data-spot]')].map(e => e.dataset.spot)"))


def spot_button(driver: Any, spot: str) -> Any:
    """The button of a spot on the board, or of a choice beside it, once it is offered to tap."""
    css = f"#board button[data-spot='{spot}'], #tap-extra button[data-spot='{spot}']"
    return wait(lambda: driver.find_elements(By.CSS_SELECTOR, css), 10, f"{spot} is not offered to tap")[0]


def holds(parts: list[dict[str, Any]], tapped: list[str]) -> bool:
    """Whether the tapped ids sit among `parts`, in that order."""
    ids = iter(p["id"] for p in parts)
    return all(any(t == i for i in ids) for t in tapped)


def offered(driver: Any) -> list[str]:
    return list(driver.execute_script(
        "return [...document.querySelectorAll('#legal button')].map(b => b.dataset.move)"))


def tap_move(driver: Any, option: dict[str, Any], every: list[dict[str, Any]] | None = None) -> None:
    """Tap the option's parts in order (each on the board, or beside it when it is on no zone), then Record; with
    `every` (all the options), check after each tap that the moves offered are those whose parts hold the taps."""
    on_board = board_ids(driver)
    tapped: list[str] = []
    for part in option["parts"]:
        button = spot_button(driver, part["id"])
        where = "board" if part["id"] in on_board else "extra"
        assert button.find_element(By.XPATH, "./ancestor::*[@id='board' or @id='tap-extra']").get_attribute("id") == (
            "board" if where == "board" else "tap-extra"), part
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        tapped.append(part["id"])
        wait(lambda: dataset(driver, "tapped") == " ".join(tapped), 5, f"{dataset(driver, 'tapped')} != {tapped}")
        if every is not None:
            kept = [o["text"] for o in every if holds(o["parts"], tapped)][:40]
            assert option["text"] in kept
            wait(lambda: offered(driver) == kept, 5, f"after {tapped}: offered {offered(driver)}, not {kept}")
    confirm = driver.find_element(By.ID, "tap-confirm")
    wait(lambda: confirm.get_attribute("data-move") == option["text"], 5,
         f"the taps {option['parts']} did not single out {option['text']}: {dataset(driver, 'tapped')}")
    assert confirm.text == "Record: " + option["words"]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", confirm)
    confirm.click()


def spectators_see(index: Any, game: Any, live: Live, seq: int) -> None:
    """The index card and the game page show line `seq` live, with the last move in words as a spectator knows it."""
    public = live.api("GET", "/api/tables/t1", token=None).json()
    card = lambda: index.execute_script(  # noqa: E731
        "const c = document.querySelector(\"li.board[data-table='t1']\");"
        "return [c.dataset.seq || '', c.querySelector('.board-last').textContent]")
    wait(lambda: card() == [str(seq), "Last move: " + public["last_move"]], 10, f"index: {card()} at {seq}")
    wait(lambda: dataset(game, "last") == str(seq) and dataset(game, "seq") == str(seq), 10,
         f"game page at {dataset(game, 'seq')}, not {seq}")
    line = live.api("GET", f"/api/tables/t1/lines?after={seq - 1}", token=None).json()["lines"][-1]
    shown = game.execute_script("const b = document.querySelector('#lines li:last-child button'); return b.textContent")
    assert line["words"] and shown.startswith(f"{seq}. {line['words']}") and shown.endswith(line["text"]), shown


def test_a_club_night_recorded_by_tapping_the_board_only(tmp_path: Path, phones: list[Any]):
    folder = tmp_path / "served"
    first = live_server(folder)
    live = next(first)
    try:
        night(live, first, folder, phones)
    finally:
        first.close()
        for driver in phones:
            driver.get("about:blank")


def night(live: Live, first: Iterator[Live], folder: Path, phones: list[Any]) -> None:
    """The club night itself (the test above stops the server whatever happens)."""
    director, keeper, follower = phones
    port = int(live.base.rsplit(":", 1)[1])
    host = live.base.replace("127.0.0.1", "localhost")  # the address the browsers use, not the server's own
    open_page(director, host + "/director#token=" + live.director)
    make_table(director, "t1", "Ann\nBen", public=True, game="space-planets")
    make_table(director, "t2", "Cat\nDan")
    links = links_shown(director, "t1") + links_shown(director, "t2")
    assert len(links) == 7 and all(url.startswith(host + "/") for url in links), links
    recorder, public = links_shown(director, "t1")[0], links_shown(director, "t1")[-1]
    assert "/tables/t1#token=" in recorder and public == host + "/games/t1"
    open_page(director, host + "/games")  # the director's phone now follows the spectators' index
    open_page(follower, public)
    open_page(keeper, recorder)
    wait(lambda: conn(keeper)[0] == "online", 10)
    keeper.execute_script("window.stillTheSamePage = 1")
    for turn in range(20):
        every = options(live, "t1")
        option = every[turn % len(every)]  # now the first legal move, now another
        before = live.seq("t1")
        tap_move(keeper, option, every)
        wait(lambda: live.seq("t1") > before, 10, f"{option['text']} was not recorded")
        seq = live.seq("t1")
        wait(lambda: dataset(keeper, "seq") == str(seq), 10)
        spectators_see(director, follower, live, seq)
    assert keeper.find_element(By.ID, "move").get_attribute("value") == "", "nothing was typed"
    assert keeper.execute_script("return window.stillTheSamePage") == 1
    recorded = [ln for ln in live.api("GET", "/api/tables/t1/lines?after=0").json()["lines"] if ln["kind"] == "action"]
    assert len(recorded) == 20
    shown = keeper.execute_script("return [...document.querySelectorAll('#lines li.action .line-text')]"
                                  ".map(e => e.textContent)")
    assert [s.split(". ", 1)[1] for s in shown] == [ln["words"] + " " + ln["text"] for ln in recorded]
    # the server stops: a move tapped and one typed wait on the phone, and land in order when it is back
    one = options(live, "t1")[0]
    two = legal_next(live, "t1", one["text"])[0]
    seq = live.seq("t1")
    first.close()
    wait(lambda: conn(keeper)[0] == "offline", 15, str(conn(keeper)))
    tap_move(keeper, one)
    wait(lambda: waiting(keeper) == [one["text"]], 5, str(waiting(keeper)))
    assert not keeper.find_elements(By.CSS_SELECTOR, "#board button"), "no tap against a position not known yet"
    assert "the next legal moves depend on it" in keeper.find_element(By.ID, "tap-words").text
    keeper.find_element(By.ID, "move").send_keys(two, Keys.ENTER)
    wait(lambda: waiting(keeper) == [one["text"], two], 5, str(waiting(keeper)))
    assert "2 moves wait on this phone" in conn(keeper)[1]
    for again in live_server(folder, port=port):
        wait(lambda: again.seq("t1") >= seq + 2, 20, f"the waiting moves were not sent: {conn(keeper)}")
        wait(lambda: conn(keeper)[0] == "online" and not waiting(keeper), 10, str(conn(keeper)))
        assert "The 2 moves that waited on this phone were sent, in order." in conn(keeper)[1]
        lines = again.api("GET", f"/api/tables/t1/lines?after={seq}").json()["lines"]
        assert [ln["text"].rpartition(": ")[2] for ln in lines if ln["kind"] == "action"] == [one["text"], two]
        now = again.seq("t1")
        spectators_see(director, follower, again, now)
        assert keeper.find_elements(By.CSS_SELECTOR, "#board button.marked"), "the board takes taps again"
        open_page(director, host + "/director#token=" + again.director)
        moved = director.execute_script(
            "return [...document.querySelectorAll('#table-rows tr')]"
            ".map(r => [r.dataset.table, r.children[5].textContent])")
        last = again.api("GET", "/api/tables/t1").json()["last_move"]
        assert moved[0][0] == "t1" and "just now" in moved[0][1] and last in moved[0][1], moved
        assert moved[1][0] == "t2" and "no move yet" in moved[1][1], moved
        assert [e for p in phones for e in severe(p)] == []
        for driver in phones:
            driver.get("about:blank")


LABELS = """
const contrast = (a, b) => { const lum = (c) => { const [r, g, bl] = c.match(/[\\d.]+/g).slice(0, 3).map(Number)
    .map(v => v / 255).map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl; };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const paper = (e) => { for (; e; e = e.parentElement) { const b = getComputedStyle(e).backgroundColor;
  if (!/rgba\\(.*, 0\\)$/.test(b) && b !== 'transparent') return b; } return 'rgb(255, 255, 255)'; };
const texts = [...document.querySelectorAll('#board .spot-label, #board .zone-title, #board .zone-note,'
  + ' #tap-extra .spot-label, #tap-words')].filter(e => e.offsetParent !== null && e.textContent.trim());
const targets = [...document.querySelectorAll('#board button, #tap-extra button, #tap-confirm, #tap-clear')]
  .filter(e => e.offsetParent !== null);
return {
  texts: texts.length,
  small: texts.map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize)]).filter(([, s]) => s < 12),
  faint: texts.map(e => [e.textContent, contrast(getComputedStyle(e).color, paper(e))]).filter(([, c]) => c < 4.5),
  tiny: targets.map(e => [e.dataset.spot || e.id, e.getBoundingClientRect().width, e.getBoundingClientRect().height])
    .filter(([, w, h]) => w < 44 || h < 44),
  wide: document.documentElement.scrollWidth,
  buttons: targets.length,
};
"""


def readable(driver: Any, where: str) -> None:
    """Every label of the board at least 12 CSS px at AA contrast (4.5:1), every target 44x44, nothing wider
    than the phone."""
    found = driver.execute_script(LABELS)
    assert found["texts"] > 3, (where, found)
    assert found["small"] == [] and found["faint"] == [] and found["tiny"] == [], (where, found)
    assert found["wide"] <= PHONE[0], (where, found["wide"])


@pytest.mark.parametrize("game", GAMES)
def test_every_label_on_every_board_is_readable_at_390_px(live: Live, phones: list[Any], game: str):
    keeper, seat, spectator = phones
    live.table("t1", game=game, public=True)
    for _ in range(6):
        live.play("t1", live.legal("t1")[0])
    open_page(keeper, live.links["t1"]["recorder"])
    open_page(seat, live.links["t1"]["Ben"])
    open_page(spectator, live.base + "/games/t1")
    readable(keeper, f"{game}: table page")
    assert keeper.execute_script(LABELS)["buttons"] > 0, "the recorder's board has spots to tap"
    first = options(live, "t1")[0]["parts"][0]["id"]
    spot_button(keeper, first).click()  # a tap under way: the chosen spot and the choices beside the board too
    wait(lambda: dataset(keeper, "tapped") == first, 5)
    readable(keeper, f"{game}: table page, one spot tapped")
    for driver, who in ((seat, "seat"), (spectator, "spectator")):
        readable(driver, f"{game}: {who}'s game page")
        assert not driver.find_elements(By.CSS_SELECTOR, "#board button"), "only the recorder taps"
    shot(keeper, f"board-{game}-phone")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_recorded_by_tapping_and_each_tap_narrows_the_moves(live: Live, phones: list[Any], game: str):
    keeper = phones[0]
    live.table("t1", game=game)
    open_page(keeper, live.links["t1"]["recorder"])
    extra = 0
    for turn in range(8):
        every = options(live, "t1")
        if not every:
            break
        option = every[(turn * 5) % len(every)]
        extra += any(p["id"] not in board_ids(keeper) for p in option["parts"])
        before = live.seq("t1")
        tap_move(keeper, option, every)
        wait(lambda: live.seq("t1") > before, 10, f"{option['text']} was not recorded")
        wait(lambda: dataset(keeper, "seq") == str(live.seq("t1")), 10)
        last = [ln for ln in live.api("GET", "/api/tables/t1/lines?after=0").json()["lines"] if ln["kind"] == "action"]
        assert last[-1]["text"].rpartition(": ")[2] == option["text"]
    assert live.seq("t1") > 8 and severe(keeper) == []


def test_a_tap_on_a_tapped_spot_or_clear_takes_the_choice_back(live: Live, phones: list[Any]):
    keeper = phones[0]
    live.table("t1")
    open_page(keeper, live.links["t1"]["recorder"])
    every = options(live, "t1")
    option = next(o for o in every if len(o["parts"]) > 1)
    first, second = option["parts"][0]["id"], option["parts"][1]["id"]
    spot_button(keeper, first).click()
    spot_button(keeper, second).click()
    wait(lambda: dataset(keeper, "tapped") == f"{first} {second}", 5)
    assert spot_button(keeper, first).get_attribute("aria-pressed") == "true"
    spot_button(keeper, second).click()  # the second again: back to the first tap
    wait(lambda: dataset(keeper, "tapped") == first, 5)
    assert offered(keeper) == [o["text"] for o in every if holds(o["parts"], [first])][:40]
    keeper.find_element(By.ID, "tap-clear").click()
    wait(lambda: dataset(keeper, "tapped") == "", 5)
    assert offered(keeper) == [o["text"] for o in every][:40]
    lines = live.api("GET", "/api/tables/t1/lines?after=0").json()["lines"]
    assert not [ln for ln in lines if ln["kind"] == "action"], "taps alone record nothing"


def open_all(driver: Any) -> None:
    for details in driver.find_elements(By.CSS_SELECTOR, "#main details"):
        driver.execute_script("arguments[0].open = true", details)


def no_violation(driver: Any, page: str) -> None:
    found = axe(driver)
    assert found == [], (page, [(v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]]) for v in found])


def test_axe_finds_nothing_on_any_page_kind_at_either_size(live: Live, phones: list[Any], desk: Any):
    live.table("t1", game="four-planets", public=True)
    for _ in range(4):
        live.play("t1", live.legal("t1")[0])
    pages = {"director": live.base + "/director#token=" + live.director, "table": live.links["t1"]["recorder"],
             "seat's game page": live.links["t1"]["Ann"], "spectators' game page": live.base + "/games/t1",
             "index": live.base + "/games"}
    for driver, size in ((phones[0], "phone"), (desk, "desktop")):
        for kind, url in pages.items():
            driver.get("about:blank")
            open_page(driver, url)
            if kind != "director" and kind != "index":
                assert driver.find_elements(By.CSS_SELECTOR, "#board .zone"), f"{kind}: the board is drawn"
            no_violation(driver, f"{kind}, {size}")
            open_all(driver)
            time.sleep(0.3)
            no_violation(driver, f"{kind}, {size}, every fold-out open")
            if kind == "table":
                option = options(live, "t1")[0]
                spot_button(driver, option["parts"][0]["id"]).click()
                wait(lambda: dataset(driver, "tapped"), 5)
                no_violation(driver, f"{kind}, {size}, a spot tapped")
                assert driver.find_element(By.CSS_SELECTOR, "#legend dt"), "the legend is one tap away"
        driver.get("about:blank")
        open_page(driver, live.base + "/tables/t1#token=not-a-token", ready="invalid")
        no_violation(driver, f"invalid link, {size}")


def test_the_keyboard_alone_records_a_move_from_the_board(live: Live, phones: list[Any]):
    keeper = phones[0]
    live.table("t1", game="space-planets")
    open_page(keeper, live.links["t1"]["recorder"])
    option = options(live, "t1")[0]
    assert option["parts"][0]["id"] == "die:probe"
    body = keeper.find_element(By.TAG_NAME, "body")
    body.click()
    for _ in range(40):  # Tab until the spot's button has the focus
        if keeper.execute_script("return document.activeElement.dataset.spot") == "die:probe":
            break
        keeper.switch_to.active_element.send_keys(Keys.TAB)
    assert keeper.execute_script("return document.activeElement.dataset.spot") == "die:probe"
    keeper.switch_to.active_element.send_keys(Keys.ENTER)
    wait(lambda: keeper.execute_script("return document.activeElement.id") == "tap-confirm", 5,
         "one move left: the focus goes to Record")
    assert keeper.switch_to.active_element.text == "Record: " + option["words"]
    before = live.seq("t1")
    time.sleep(0.3)
    assert live.seq("t1") == before, "one Enter on the spot records nothing: Record is pressed apart"
    keeper.switch_to.active_element.send_keys(Keys.ENTER)
    wait(lambda: live.seq("t1") > before, 10, "the move was not recorded")
    actions = [ln for ln in live.api("GET", "/api/tables/t1/lines?after=0").json()["lines"] if ln["kind"] == "action"]
    assert [ln["text"].rpartition(": ")[2] for ln in actions] == [option["text"]]


def test_the_legend_and_an_error_in_words_are_on_the_table_page(live: Live, phones: list[Any]):
    keeper = phones[0]
    live.table("t1")
    open_page(keeper, live.links["t1"]["recorder"])
    keeper.find_element(By.CSS_SELECTOR, "#legend-box summary").click()
    legend = live.api("GET", "/api/games/four-planets/legend", token=None).json()
    wait(lambda: len(keeper.find_elements(By.CSS_SELECTOR, "#legend dt")) == len(legend), 10)
    shown = keeper.execute_script(
        "return [...document.querySelectorAll('#legend dt, #legend dd')].map(e => e.textContent)")
    assert shown == [x for line in legend for x in (line["example"], line["meaning"])]
    keeper.find_element(By.ID, "move").send_keys("d1x9", Keys.ENTER)
    error = wait(lambda: keeper.find_element(By.ID, "move-error").text, 5, "no inline error")
    refused = live.api("POST", "/api/tables/t1/moves", json={"seq": live.seq("t1"), "moves": ["d1x9"]}).json()
    assert refused["words"], refused
    assert error.startswith("Not recorded: " + refused["words"] + " — " + refused["message"]), error
    keeper.find_element(By.ID, "move").clear()
    keeper.find_element(By.ID, "move").send_keys("d", Keys.BACKSPACE)  # input events: the offers are drawn again
    wait(lambda: keeper.find_elements(By.CSS_SELECTOR, "#legal button"), 5)
    buttons = keeper.execute_script(
        "return [...document.querySelectorAll('#legal button')].map(b => "
        "[b.querySelector('.move-words').textContent, b.querySelector('.notation').textContent])")
    offered = options(live, "t1")
    assert buttons == [[o["words"], o["text"]] for o in offered][:40], "every move button reads in words first"
