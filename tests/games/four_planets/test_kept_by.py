"""A Four Planets record kept by one player: `?` for what that player cannot see, reveals later
(Setup: each player looks only at the colour-bonus card nearest them; Specialist Abilities:
the green draw is looked at without showing it)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from planets_log.cli.main import cli
from planets_log.engine.replay import Replay
from planets_log.record.events import Meta

from tests.support.tables import FIXTURES, final_view, new_like

GAMES = [FIXTURES / "four-planets" / name for name in ("table-game.jsonl", "eager-seed-3.jsonl", "selfplay-seed-1.jsonl")]


def kept_input(path: Path, keeper: int) -> tuple[list[str], list[str]]:
    """The lines the keeper types during the game, and the reveals typed at the end."""
    replay = Replay(str(path))
    rules = replay.session.rules
    typed, hidden_draws = [], []
    for step in replay.steps():
        if isinstance(step.event, Meta):
            continue
        text = rules.format(step.event, step.before.state)
        tag = type(step.event).__struct_config__.tag
        if tag == "bonus":
            cards = list(step.event.cards)
            text = "bonus " + " ".join(c if i == (0 if keeper == 0 else 3) else "?" for i, c in enumerate(cards))
        elif tag == "draw" and step.before.state.turn != keeper:
            hidden_draws.append(step.event.card)
            text = "draw ?"
        elif tag == "place" and typed and typed[-1] == "draw ?":
            hidden_draws[-1] = (step.event.colour, hidden_draws[-1])
        typed.append(text)
    final = Replay(str(path)).final().state
    opponent = final.players[1 - keeper]
    reveals = [f"shown bonus {i + 1} {c}" for i, c in enumerate(final.bonus) if i != (0 if keeper == 0 else 3)]
    reveals += [f"shown {opponent} {colour} {card}" for colour, card in hidden_draws]
    return typed, reveals


@pytest.mark.parametrize("keeper", [0, 1])
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_kept_record_from_start_to_final_score(runner, tmp_path, path, keeper):
    typed, reveals = kept_input(path, keeper)
    keeper_name = json.loads(path.read_text().splitlines()[0])["players"][keeper]
    out = new_like(runner, path, tmp_path / "kept.jsonl", "--kept-by", keeper_name)
    assert json.loads(out.read_text().splitlines()[0])["kept_by"] == keeper
    res = runner.invoke(cli, ["record", str(out), *typed])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["validate", str(out)]).exit_code == 0
    before = runner.invoke(cli, ["score", str(out), "--json"])
    missing = json.loads(before.output)["missing_reveals"]
    assert missing and all("shown" in m for m in missing)
    assert json.loads(before.output)["final"] is False
    # the totals lack the unrevealed cards: a leader at most, never a winner
    assert json.loads(before.output)["outcome"] == "leads" and json.loads(before.output)["winners"] == []
    assert "wins" not in runner.invoke(cli, ["score", str(out)]).output
    assert "winner" not in runner.invoke(cli, ["replay", str(out)]).output
    res = runner.invoke(cli, ["record", str(out), *reveals])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["validate", str(out)]).exit_code == 0
    after = json.loads(runner.invoke(cli, ["score", str(out), "--json"]).output)
    full = json.loads(runner.invoke(cli, ["score", str(path), "--json"]).output)
    assert "missing_reveals" not in after
    assert after["scores"] == full["scores"] and after["winners"] == full["winners"] and after["final"]
    assert final_view(out)["bonus"] == final_view(path)["bonus"]


def test_without_a_reveal_the_score_names_what_is_missing(runner, tmp_path):
    path = GAMES[0]
    typed, _ = kept_input(path, 0)
    out = new_like(runner, path, tmp_path / "kept.jsonl", "--kept-by", "1")
    runner.invoke(cli, ["record", str(out), *typed])
    res = runner.invoke(cli, ["score", str(out)])
    assert "not yet revealed: colour-bonus card 2: shown bonus 2 CARD" in res.output


@pytest.mark.parametrize("line,code", [
    ("bonus ? ? ? B0s", "bonus.seen"),           # Ann sees position 1
    ("bonus R2v3s ? ? R2v3s", "bonus.card"),     # only one R2v3s in the edition
])
def test_the_keeper_types_what_they_see(runner, tmp_path, line, code):
    out = new_like(runner, GAMES[0], tmp_path / "kept.jsonl", "--kept-by", "Ann")
    before = out.read_bytes()
    res = runner.invoke(cli, ["record", str(out), line])
    assert res.exit_code == 1 and code in res.output, res.output
    assert out.read_bytes() == before


def test_a_reveal_must_have_been_possible_when_the_card_was_hidden(runner, tmp_path):
    """A card seen since the bonus was dealt (here: dealt face up under a planet) cannot be a hidden bonus card."""
    path = GAMES[0]
    typed, _ = kept_input(path, 0)
    out = new_like(runner, path, tmp_path / "kept.jsonl", "--kept-by", "Ann")
    runner.invoke(cli, ["record", str(out), *typed[:2]])
    copies = Counter(Replay(str(out)).session.edition.data.deck())
    dealt = [w for w in typed[1].split()[1:] if w != "/"]
    single = next(card for card in dealt if copies[card] == dealt.count(card))  # every copy now seen
    before = out.read_bytes()
    res = runner.invoke(cli, ["record", str(out), f"shown bonus 2 {single}"])
    assert res.exit_code == 1 and "shown.impossible" in res.output, res.output
    assert out.read_bytes() == before
    unseen = next(card for card in copies if card not in dealt and card != typed[0].split()[1])
    assert runner.invoke(cli, ["record", str(out), f"shown bonus 2 {unseen}"]).exit_code == 0
    res = runner.invoke(cli, ["record", str(out), "shown bonus 1 R0s"])
    assert res.exit_code == 1 and "shown.not-hidden" in res.output


def test_question_marks_are_refused_in_a_record_kept_by_everyone(runner, tmp_path):
    out = new_like(runner, GAMES[0], tmp_path / "t.jsonl")
    res = runner.invoke(cli, ["record", str(out), "bonus R2v3s ? ? ?"])
    assert res.exit_code == 1 and "hidden.not-kept" in res.output


def test_kept_by_is_for_table_games_of_games_that_support_it(runner, tmp_path):
    res = runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--seed", "1",
                              "--kept-by", "Ann", str(tmp_path / "a.jsonl")])
    assert res.exit_code == 2
    res = runner.invoke(cli, ["new", "space-planets", "--player", "Ann", "--player", "Ben", "--table",
                              "--kept-by", "Ann", str(tmp_path / "b.jsonl")])
    assert res.exit_code == 2 and "kept by one player" in res.output
    res = runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--table",
                              str(tmp_path / "c.jsonl")])
    assert b"kept_by" not in (tmp_path / "c.jsonl").read_bytes()  # other records keep their bytes


def test_views_of_a_kept_record_never_show_more_than_the_keeper_saw(runner, tmp_path):
    path = GAMES[0]
    typed, _ = kept_input(path, 0)
    out = new_like(runner, path, tmp_path / "kept.jsonl", "--kept-by", "Ann")
    runner.invoke(cli, ["record", str(out), *typed])
    for seat in ("Ann", "Ben", None):
        args = ["replay", str(out), "--format", "json"] + (["--as", seat] if seat else [])
        res = runner.invoke(cli, args)
        assert res.exit_code == 0, res.output
        state = json.loads(res.output)["state"]
        assert state["bonus"][1:] == ["?", "?", "?"]
        assert "Y2v3s" not in json.dumps(state["seats"][1]["down"])
    res = runner.invoke(cli, ["replay", str(out), "--as", "Ben"])
    assert res.exit_code == 0 and "Traceback" not in res.output


def test_the_keeper_types_their_own_draw(runner, tmp_path):
    """Specialist Abilities: the drawing player looks at the green draw, so the keeper's own is typed."""
    path = GAMES[0]
    typed, _ = kept_input(path, 1)  # Ben keeps: his own draw is typed
    i = next(i for i, t in enumerate(typed) if t.startswith("draw "))
    out = new_like(runner, path, tmp_path / "kept.jsonl", "--kept-by", "Ben")
    assert runner.invoke(cli, ["record", str(out), *typed[:i]]).exit_code == 0
    before = out.read_bytes()
    res = runner.invoke(cli, ["record", str(out), "draw ?"])
    assert res.exit_code == 1 and "draw.seen" in res.output
    assert out.read_bytes() == before


def test_the_audit_flags_a_finished_kept_record_with_reveals_missing(runner, tmp_path):
    path = GAMES[0]
    typed, reveals = kept_input(path, 0)
    folder = tmp_path / "t"
    folder.mkdir()
    out = new_like(runner, path, folder / "kept.jsonl", "--kept-by", "Ann")
    runner.invoke(cli, ["record", str(out), *typed])
    res = runner.invoke(cli, ["audit", str(folder), "--json"])
    codes = {p["code"] for r in json.loads(res.output)["records"] for p in r["problems"]}
    assert "kept.unrevealed" in codes
    runner.invoke(cli, ["record", str(out), *reveals])
    res = runner.invoke(cli, ["audit", str(folder), "--json"])
    codes = {p["code"] for r in json.loads(res.output)["records"] for p in r["problems"]}
    assert "kept.unrevealed" not in codes
