"""A Four Planets record kept by one player, in Professional Mode with the Observatorium (Components, building
cards: at setup it reveals the colour-bonus card closest to its owner's opponent, and both players know it).

When the keeper owns it, that card is the opponent's nearest, which the keeper typed as `?`: the record waits
for its reveal before anything else (Professional Mode > Observatorium). When the opponent owns it, the card
shown is the keeper's own nearest, already typed: nothing is asked."""

from __future__ import annotations

import json

import pytest

from planets_log.cli.main import cli
from planets_log.record.errors import IllegalEvent, PlanetsLogError
from planets_log.record.events import UNKNOWN
from planets_log.engine.rules import CHANCE
from planets_log.engine.play import Builder, make_header, selfplay
from planets_log.engine.recorder import Recorder
from planets_log.games.four_planets import events as E
from planets_log.games.four_planets import pro_events as P
from planets_log.games.four_planets.kept import nearest, observed

from .test_kept_look_and_buildings import add, kept_lines, score

RULE = "Professional Mode > Observatorium"
ANN_OWNS = 5
"""Self-play seed of a professional game in which Ann (seat 1) keeps the Observatorium."""
BEN_OWNS = 17
"""Self-play seed of a professional game in which Ben (seat 2) keeps it."""


@pytest.fixture(scope="module")
def games() -> dict[int, Builder]:
    # the seeds were chosen for random-stream version 1's deals
    out = {seed: selfplay("four-planets", seed, ["Ann", "Ben"], {"professional": True}, rng_version=1)
           for seed in (ANN_OWNS, BEN_OWNS)}
    assert "observatorium" in out[ANN_OWNS].pos.state.pro.owned[0]
    assert "observatorium" in out[BEN_OWNS].pos.state.pro.owned[1]
    return out


def _kept(keeper: int) -> Builder:
    header, session = make_header("four-planets", ["Ann", "Ben"], seed=None, options={"professional": True},
                                  log_id="kept-observatorium", kept_by=keeper)
    return Builder.new(header, session)


def to_start(full: Builder, keeper: int) -> tuple[Builder, list[str]]:
    """The kept record typed up to its start tile (the end of the setup); the lines typed after it."""
    typed, _ = kept_lines(full, keeper)
    build = _kept(keeper)
    for i, text in enumerate(typed):
        add(build, text)
        if text.startswith("start "):
            return build, typed[i + 1:]
    raise AssertionError("no start tile")


def refused(build: Builder, text: str) -> IllegalEvent:
    before = build.pos
    with pytest.raises(IllegalEvent) as caught:
        add(build, text)
    assert build.pos is before
    return caught.value


@pytest.mark.parametrize("seed, keeper", [(ANN_OWNS, 0), (BEN_OWNS, 1)])
def test_the_keepers_observatorium_asks_at_once_for_the_opponents_nearest_card(games, seed, keeper):
    """Professional Mode > Observatorium: the card closest to the owner's opponent is revealed at setup, so the
    keeper who owns it sees the opponent's nearest card (typed `?` at the bonus line) and the record asks for it
    before the game goes on; then the game plays on and scores as the full record."""
    full = games[seed]
    build, rest = to_start(full, keeper)
    state, rules = build.pos.state, build.session.rules
    position = nearest(1 - keeper)
    assert observed(state) == position and state.bonus[position - 1] == UNKNOWN
    assert rules.to_move(state) == CHANCE
    words, rule = rules.reveal_due(state)
    assert rule == RULE and f"shown bonus {position} CARD" in words
    assert f"shown bonus {position} CARD" in rules.chance_hint(state) and RULE in rules.chance_hint(state)
    assert RULE in rules.missing_reveals(state)[0]  # `score` names it first: it is due now
    assert rules.legal(state) == []
    outcomes = rules.chance_outcomes(state)
    assert {e.card for e in outcomes.events()} == set(state.deck) and outcomes.rule == RULE
    assert all(e.position == position for e in outcomes.events())
    card = full.pos.state.bonus[position - 1]
    assert rest[0] == f"shown bonus {position} {card}"
    add(build, rest[0])
    assert build.pos.state.bonus[position - 1] == card and rules.reveal_due(build.pos.state) is None
    add(build, *rest[1:], *kept_lines(full, keeper)[1])
    assert rules.missing_reveals(build.pos.state) == []
    assert score(build) == score(full)


@pytest.mark.parametrize("seed, keeper", [(ANN_OWNS, 1), (BEN_OWNS, 0)])
def test_the_opponents_observatorium_shows_the_keepers_own_card_so_nothing_is_asked(games, seed, keeper):
    """Professional Mode > Observatorium: owned by the opponent, it reveals the card closest to the keeper, the one
    the keeper looked at and typed at setup: the game goes straight on."""
    build, rest = to_start(games[seed], keeper)
    state, rules = build.pos.state, build.session.rules
    assert state.pro.revealed == (nearest(keeper),) and state.bonus[nearest(keeper) - 1] != UNKNOWN
    assert observed(state) is None and rules.reveal_due(state) is None
    assert not rest[0].startswith("shown")
    add(build, *rest)
    assert rules.missing_reveals(build.pos.state)  # the two middle cards, at the end as ever
    assert RULE not in " ".join(rules.missing_reveals(build.pos.state))


def test_a_scorekeepers_record_never_waits(games):
    """Professional Mode > Observatorium: a record with every card typed has nothing to reveal."""
    full = games[ANN_OWNS]
    typed, _ = kept_lines(full, None)
    header, session = make_header("four-planets", ["Ann", "Ben"], seed=None, options={"professional": True},
                                  log_id="scorekeeper")
    build = add(Builder.new(header, session), *typed)
    assert score(build) == score(full) and session.rules.reveal_due(build.pos.state) is None


def test_every_other_line_is_refused_while_the_reveal_is_due(games):
    """Professional Mode > Observatorium: at the reveal, a building's card, a move, a move naming its player, a
    reveal of another card are each refused with the rule; an impossible card with the reveal's own check."""
    build, rest = to_start(games[ANN_OWNS], 0)
    state = build.pos.state
    for text in (rest[1], "d1", "boosts vp4 columns5 sets5 thirteen bp3", "shown bonus 2 R0s"):
        err = refused(build, text)
        assert (err.code, err.rule) == ("reveal.due", RULE), text
        assert "shown bonus 4 CARD" in err.message
    seen = next(c for c in ("Y0s", "Y2v3s", "Y1ss", "P0s", "R1ss", "R2v3s", "G2v1ss") if c not in state.deck)
    assert refused(build, f"shown bonus 4 {seen}").code == "shown.impossible"  # every copy is on the board
    assert refused(build, "shown bonus 4 ?").code == "notation"
    with pytest.raises(IllegalEvent) as caught:  # a crafted line: Ben's building deal at the reveal
        build.add(P.BuildingsChosen(by=1, buildings=("tower", "mint")))
    assert caught.value.code == "reveal.due"


def test_the_reveal_through_the_command_line(games, runner, tmp_path):
    """The whole kept record typed at the command line: the hint and `score` ask for the Observatorium's card, other
    lines are refused with one line naming file, line, seq and rule and leave the file as it was; `--as` the
    keeper shows the card after the reveal and not before; `undo` takes it back and the record asks again; the
    finished record validates and scores as the full one."""
    full = games[ANN_OWNS]
    typed, reveals = kept_lines(full, 0)
    at = next(i for i, t in enumerate(typed) if t.startswith("start ")) + 1
    out = tmp_path / "mine.jsonl"
    res = runner.invoke(cli, ["new", "four-planets", "--player", "Ann", "--player", "Ben", "--table", "--kept-by",
                              "Ann", "--option", "professional=true", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["record", str(out), *typed[:at]])
    assert res.exit_code == 0 and "a reveal is due" in res.output and "shown bonus 4 CARD" in res.output
    moves = json.loads(runner.invoke(cli, ["moves", str(out), "--json"]).output)
    assert moves["chance"] and RULE in moves["hint"]
    assert f"shown bonus 4 {full.pos.state.bonus[3]}" in moves["moves"]  # the reveals possible, nothing else
    assert all(m.startswith("shown bonus 4 ") for m in moves["moves"])
    sheet = json.loads(runner.invoke(cli, ["score", str(out), "--json"]).output)
    assert not sheet["final"] and RULE in sheet["missing_reveals"][0]
    before = out.read_bytes()
    seq = before.count(b"\n")
    for line in (typed[at + 1], "Ann: d1", "d1"):
        res = runner.invoke(cli, ["record", str(out), line])
        assert res.exit_code == 1 and out.read_bytes() == before
        assert res.output.strip().count("\n") == 0 and "Traceback" not in res.output
        assert f"mine.jsonl:{seq + 1}: seq {seq}: illegal [reveal.due]" in res.output and f"({RULE})" in res.output

    def bonus_as(seat: str) -> list[str]:
        res = runner.invoke(cli, ["replay", str(out), "--as", seat, "--format", "json"])
        assert res.exit_code == 0, res.output
        return json.loads(res.output)["state"]["bonus"]

    card = full.pos.state.bonus[3]
    assert bonus_as("Ann")[3] == UNKNOWN
    assert runner.invoke(cli, ["record", str(out), typed[at]]).exit_code == 0
    assert bonus_as("Ann")[3] == card and bonus_as("Ben")[3] == card  # both know it now
    assert bonus_as("Ann")[1:3] == ["?", "?"]  # the middle cards are still unseen by Ann
    assert runner.invoke(cli, ["undo", str(out)]).exit_code == 0
    assert "a reveal is due" in runner.invoke(cli, ["moves", str(out)]).output
    res = runner.invoke(cli, ["record", str(out), *typed[at:]])
    assert res.exit_code == 0, res.output
    assert runner.invoke(cli, ["validate", str(out)]).exit_code == 0
    res = runner.invoke(cli, ["record", str(out), *reveals])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["validate", str(out)])
    assert res.exit_code == 0, res.output
    mine = json.loads(runner.invoke(cli, ["score", str(out), "--json"]).output)
    assert mine["final"] and "missing_reveals" not in mine
    assert [s["total"] for s in mine["scores"]] == [s.total for s in score(full).scores]
    shown = [json.loads(line) for line in out.read_text().splitlines() if '"shown-bonus"' in line]
    assert [(s["position"], s["card"]) for s in shown][0] == (4, card)  # the Observatorium's, before the others


def test_the_named_move_at_the_reveal_names_the_rule(games, tmp_path):
    """Moves may name their player; at the reveal, `Ann: d1` is refused with the Observatorium's rule, not a
    turn-order message."""
    typed, _ = kept_lines(games[ANN_OWNS], 0)
    at = next(i for i, t in enumerate(typed) if t.startswith("start ")) + 1
    build = add(_kept(0), *typed[:at])
    path = tmp_path / "kept.jsonl"
    path.write_text(build.text())
    rec = Recorder(str(path), fsync=False)
    with pytest.raises(PlanetsLogError) as caught:
        rec.play("Ann: d1")
    assert (caught.value.code, caught.value.rule) == ("reveal.due", RULE) and path.read_text() == build.text()
    assert isinstance(rec.play(typed[at])[0].event, E.BonusShown)


def test_a_reveal_typed_before_the_start_tile_leaves_nothing_to_ask(games):
    """Reveals may come at any time: the Observatorium's card named before the setup ends is not asked for again."""
    full = games[ANN_OWNS]
    typed, _ = kept_lines(full, 0)
    at = next(i for i, t in enumerate(typed) if t.startswith("bonus ")) + 1
    build = add(_kept(0), *typed[:at], f"shown bonus 4 {full.pos.state.bonus[3]}")
    rest = [t for t in typed[at:] if not t.startswith("shown bonus 4 ")]
    start = next(i for i, t in enumerate(rest) if t.startswith("start ")) + 1
    add(build, *rest[:start])
    assert build.pos.state.pro.revealed == (4,) and build.session.rules.reveal_due(build.pos.state) is None
    add(build, *rest[start:])
