"""The exported page in a real headless Chromium (Debian's chromium + chromium-driver, via Selenium).

Screenshots of a few positions go to test-artifacts/screenshots/ (not committed).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import pytest

from tests.support.chromium import launch

from tests.support.pictures import FIXTURES, NS, ROOT, parse, position, texts
from .test_export import TABLE_GAME, export, record_of

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts" / "screenshots"


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="planets-log-chromium-")
    driver = launch(profile)
    driver.set_window_size(1400, 1100)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def open_page(driver, path: Path) -> None:
    driver.get(path.as_uri())
    deadline = time.monotonic() + 10
    while not driver.execute_script("return document.body.dataset.ready") and time.monotonic() < deadline:
        time.sleep(0.02)
    assert driver.execute_script("return document.body.dataset.ready") == "1", driver.get_log("browser")


def seq(driver) -> int:
    return int(driver.execute_script("return document.body.dataset.seq"))


def shown_texts(driver, panel: str | None = None) -> list[str]:
    """The text elements of the picture on screen (of one panel)."""
    scope = f"#picture svg > g.{panel}" if panel else "#picture svg"
    return driver.execute_script(
        f"return [...document.querySelectorAll('{scope} text')].map(t => t.textContent)")


def expected_texts(record: str, at: int, seat: int | None, panel: str | None = None) -> list[str]:
    rules, pos = position(record, at)
    root = parse(rules.picture(pos.state, seat))
    if panel is None:
        return texts(root)
    return texts(next(g for g in root.findall(f"{NS}g") if panel in g.get("class").split()))


def shot(driver, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


@pytest.fixture(scope="module")
def table_page(tmp_path_factory):
    out = tmp_path_factory.mktemp("page") / "table-game.html"
    export(TABLE_GAME, out)
    return out


def test_page_loads_without_console_errors_and_steps(browser, table_page):
    open_page(browser, table_page)
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []
    last = len(TABLE_GAME.read_text().splitlines()) - 1
    assert seq(browser) == 0, "the page opens on the first position (issue 24)"
    assert browser.find_element(By.CSS_SELECTOR, "#moves li.current").text == "0. start of the game"
    browser.find_element(By.ID, "last").click()
    assert seq(browser) == last
    browser.find_element(By.ID, "first").click()
    assert seq(browser) == 0
    for _ in range(3):
        browser.find_element(By.ID, "next").click()
    assert seq(browser) == 3
    assert shown_texts(browser) == expected_texts("four-planets/table-game.jsonl", 3, None)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_LEFT)
    assert seq(browser) == 4
    assert shown_texts(browser) == expected_texts("four-planets/table-game.jsonl", 4, None)
    browser.find_element(By.ID, "prev").click()
    assert seq(browser) == 3
    assert browser.find_element(By.CSS_SELECTOR, "#moves li.current").text.startswith("3. ")
    shot(browser, "four-planets-seq-3")


def test_jump_to_seq_and_round(browser, table_page):
    open_page(browser, table_page)
    box = browser.find_element(By.ID, "seq-input")
    box.send_keys("20")
    browser.find_element(By.ID, "seq-go").click()
    assert seq(browser) == 20
    assert shown_texts(browser) == expected_texts("four-planets/table-game.jsonl", 20, None)
    rules, end_of_round_2 = _round_end(2)
    box = browser.find_element(By.ID, "round-input")
    box.send_keys("2", Keys.ENTER)
    assert seq(browser) == end_of_round_2.seq
    assert browser.find_element(By.ID, "position").text == f"seq {end_of_round_2.seq} · round 2"
    shot(browser, "four-planets-end-of-round-2")


def _round_end(round_no: int):
    from planets_log.cli.common import position_at
    from planets_log.engine.replay import Replay

    rep = Replay(str(TABLE_GAME))
    return rep.session.rules, position_at(rep, round_no=round_no)


def test_seat_switch_hides_the_other_hand(browser, table_page):
    open_page(browser, table_page)
    browser.find_element(By.ID, "seq-input").send_keys("40", Keys.ENTER)
    rules, pos = position("four-planets/table-game.jsonl", 40)
    hand = list(pos.state.seats[0].hand)
    assert hand
    assert set(hand) <= set(shown_texts(browser, "seat-0")), "everything: Ann's hand face up"
    Select(browser.find_element(By.ID, "view")).select_by_visible_text("as Ben sees it")
    assert seq(browser) == 40, "switching view keeps the position"
    assert shown_texts(browser, "seat-0") == expected_texts("four-planets/table-game.jsonl", 40, 1, "seat-0")
    backs = browser.execute_script("return document.querySelectorAll('#picture g.seat-0 .card-back').length")
    assert backs == len(hand) + sum(len(c) for c in pos.state.seats[0].down)
    shot(browser, "four-planets-seq-40-as-ben")
    Select(browser.find_element(By.ID, "view")).select_by_visible_text("as Ann sees it")
    assert set(hand) <= set(shown_texts(browser, "seat-0"))


@pytest.mark.parametrize("game", ["planetopia", "planetarium"])
def test_score_plot_has_one_line_per_player(browser, tmp_path, game):
    out = tmp_path / "p.html"
    export(FIXTURES / game / "seeded-3p.jsonl", out)
    open_page(browser, out)
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    lines = browser.execute_script("return document.querySelectorAll('#plot polyline.score-line').length")
    assert lines == 3
    points = browser.execute_script(
        "return [...document.querySelectorAll('#plot polyline.score-line')].map(p => p.points.numberOfItems)")
    steps = len((FIXTURES / game / "seeded-3p.jsonl").read_text().splitlines())
    assert points == [steps] * 3, "every position has a point (points are open in both games)"
    Select(browser.find_element(By.ID, "view")).select_by_visible_text("as Ben sees it")
    assert browser.execute_script("return document.querySelectorAll('#plot polyline.score-line').length") == 3
    shot(browser, f"{game}-end-as-ben")


def test_an_as_export_offers_only_that_view(browser, tmp_path):
    out = tmp_path / "ben.html"
    export(TABLE_GAME, out, "--as", "Ben")
    open_page(browser, out)
    options = browser.execute_script("return [...document.querySelectorAll('#view option')].map(o => o.textContent)")
    assert options == ["as Ben sees it"]


def test_lenient_page_shows_the_error(browser, tmp_path):
    out = tmp_path / "bad.html"
    export(FIXTURES / "four-planets" / "invalid" / "dispatch-own-ship.jsonl", out, "--lenient")
    open_page(browser, out)
    banner = browser.find_element(By.ID, "error")
    assert banner.is_displayed() and "illegal [dispatch.own-ship]" in banner.text


def test_a_400_event_page_opens_in_under_a_second(browser, tmp_path):
    out = tmp_path / "p400.html"
    export(record_of(tmp_path, "planetopia", 5, 400), out)
    open_page(browser, out)
    ready_ms = int(browser.execute_script("return document.body.dataset.readyMs"))
    assert ready_ms < 1000, f"ready after {ready_ms} ms"
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    shot(browser, "planetopia-400-events")


def test_a_hostile_note_is_shown_as_text_and_runs_nothing(browser, tmp_path):
    from .test_export import run

    log = tmp_path / "g.jsonl"
    log.write_bytes(TABLE_GAME.read_bytes())
    nasty = '<img src=x onerror="document.title=\'owned\'"><script>document.title="owned"</script>'
    assert run("annotate", str(log), "--at", "3", nasty + "\x1b[2J").exit_code == 0
    out = tmp_path / "g.html"
    export(log, out)
    open_page(browser, out)
    browser.find_element(By.ID, "seq-input").send_keys("3", Keys.ENTER)
    assert browser.find_element(By.ID, "notes").text == nasty + "\\x1b[2J"
    assert browser.execute_script("return document.querySelectorAll('img, #moves script').length") == 0
    assert browser.title != "owned"


def test_the_move_list_says_who_moved_and_the_notes_sit_below_it(browser, tmp_path):
    """Issue 24: each line names its mover ('Ann: d1'), chance outcomes say 'chance', and the current position's
    notes come after the list, shown only when there are some."""
    from .test_export import run

    log = tmp_path / "g.jsonl"
    log.write_bytes(TABLE_GAME.read_bytes())
    assert run("annotate", str(log), "--at", "5", "A bold start").exit_code == 0
    out = tmp_path / "g.html"
    data = export(log, out)
    open_page(browser, out)
    lines = browser.execute_script("return [...document.querySelectorAll('#moves > li')].map(li => li.firstChild.textContent)")
    for line, step in zip(lines, data["steps"]):
        said = f"{step['who']}: " if step["who"] else ""
        assert line == f"{step['seq']}. {said}{step['moves'][0]}"
    assert any(": " in line and line.split(". ", 1)[1].startswith(("Ann: ", "Ben: ")) for line in lines)
    assert any(line.split(". ", 1)[1].startswith("chance: ") for line in lines)
    order = browser.execute_script(
        "return [...document.querySelectorAll('aside > *')].map(e => e.id)")
    assert order.index("moves") < order.index("notes-box"), "the notes come after the move list"
    assert not browser.find_element(By.ID, "notes-box").is_displayed(), "no notes at the start: no Notes line"
    browser.find_element(By.ID, "seq-input").send_keys("5", Keys.ENTER)
    assert browser.find_element(By.ID, "notes-box").is_displayed()
    assert browser.find_element(By.ID, "notes").text == "A bold start"
    mover = data["steps"][5]["who"]
    assert browser.find_element(By.ID, "move").text == f"{mover}: {data['steps'][5]['moves'][0]}"


def test_the_score_plot_says_which_totals_this_view_may_not_know(browser, tmp_path):
    """Issue 24: a total the view may not know is said to be hidden beside the player's name rather than drawn as
    nothing. In 2491 Planetship a seat knows no total before the end, not even its own: its missions' tie-splits
    rest on the others' hidden hands (issue 25), so every seat's line says so."""
    out = tmp_path / "blue.html"
    export(FIXTURES / "planetship-2491" / "seeded-3p.jsonl", out, "--as", "Blue")
    open_page(browser, out)
    notes = browser.execute_script(
        "return [...document.querySelectorAll('#plot .score-hidden')].map(t => [t.getAttribute('class'), t.textContent])")
    assert notes == [[f"score-hidden seat-{seat}", "hidden until the end"] for seat in range(3)]
    shot(browser, "planetship-plot-as-blue")


def test_the_page_labels_every_planetarium_space_and_shows_a_probe_on_a_reward_space(browser, tmp_path):
    """Issue 24 in the HTML replay: each of the 98 spaces carries its name as text and as a tooltip; the Planetship
    probe on a reward space is on screen there."""
    out = tmp_path / "pm.html"
    export(FIXTURES / "planetarium" / "seeded-3p.jsonl", out)
    open_page(browser, out)
    browser.find_element(By.ID, "seq-input").send_keys("40", Keys.ENTER)
    spaces = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.board g.space')].map(g => "
        "[g.querySelector('title').textContent, [...g.querySelectorAll('text')].map(t => t.textContent)])")
    assert len(spaces) == 98
    assert all(tip.split(" ·")[0] in labels for tip, labels in spaces)
    tips = browser.execute_script("return [...document.querySelectorAll('#picture g.tokens g.token > title')]"
                                  ".map(t => t.textContent)")
    rules, pos = position("planetarium/seeded-3p.jsonl", 40)
    where_a = pos.state.board.names[pos.state.cells.index("A")]
    assert len(tips) == sum(1 for c in pos.state.cells if c) and f"{where_a}: planet A" in tips
    shot(browser, "planetarium-seq-40")
    out = tmp_path / "ps.html"
    export(FIXTURES / "planetship-2491" / "seeded-3p.jsonl", out)
    open_page(browser, out)
    browser.find_element(By.ID, "seq-input").send_keys("18", Keys.ENTER)
    shown = browser.execute_script(
        "return [...document.querySelectorAll('#picture g.zone-4 g.reward .probe')].map(e => e.getAttribute('class'))")
    assert shown == ["probe seat-2"], "Yellow's probe on 4.R"
    shot(browser, "planetship-seq-18")
