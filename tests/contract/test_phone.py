"""The board as the input, and moves in plain words (docs/phone.md), for every game: every move and outcome
reads as a sentence, every legal move is singled out by tapping its parts, and the layout of a position holds
the spots the moves are about. Hidden information in words and layouts is swept by test_hidden.py."""

from __future__ import annotations

import pytest

from planets_log.engine.redact import public_view, public_words
from planets_log.engine.registry import get_rules
from planets_log.engine.rules import CHANCE, TERMINAL, next_events
from planets_log.engine.spots import Layout, Spot
from planets_log.record.events import Action
from tests.support.positions import cases, games, playouts, positions


def sampled(build, every: int):
    """Every `every`-th (state, event) of a playout, and its last position."""
    for i, (state, event) in enumerate(positions(build)):
        if event is None or i % every == 0:
            yield state, event


@pytest.mark.parametrize(("game", "config"), cases())
def test_every_line_reads_in_plain_words(game, config):
    rules = get_rules(game)
    for build in playouts(game, range(1), config):
        for state, event in positions(build):
            if event is None:
                continue
            said = rules.words(event, state)
            assert said.strip(), f"{game}: no words for {rules.format(event, state)!r}"
            assert said != rules.format(event, state), f"{game}: the words are the notation: {said!r}"
            if isinstance(event, Action):
                name = rules.seat_names(state)[event.by]
                assert name in said, f"{game}: {said!r} does not name who acts ({name})"
            seen = [rules.words(event, state, s) for s in range(len(rules.seat_names(state)))]
            assert all(w.strip() for w in seen), f"{game}: a seat is told nothing of {said!r}"
            public = public_words(rules, event, state)
            assert public.replace("(hidden)", "").strip(), f"{game}: spectators are told nothing of {said!r}"


@pytest.mark.parametrize(("game", "config"), cases())
def test_tapping_its_parts_singles_out_every_move(game, config):
    rules = get_rules(game)
    for build in playouts(game, range(1), config):
        for state, _event in sampled(build, max(config.every, 3)):
            mover = rules.to_move(state)
            if mover == TERMINAL:
                continue
            layout = rules.layout(rules.view(state), state)
            assert isinstance(layout, Layout)
            ids = [spot.id for zone in layout.zones for spot in zone.spots]
            assert len(ids) == len(set(ids)), f"{game}: two spots share an id on one layout"
            assert layout.zones, f"{game}: an empty layout"
            for seat in range(len(rules.seat_names(state))):  # every seat's and the spectators' layouts draw too
                assert isinstance(rules.layout(rules.view(state, seat), state), Layout)
            assert isinstance(rules.layout(public_view(rules, state), state), Layout)
            by_parts: dict[frozenset[str], str] = {}
            for move in next_events(rules, state):
                text = rules.format(move, state)
                parts = rules.parts(move, state)
                assert parts and all(isinstance(p, Spot) and p.id and p.label for p in parts), (
                    f"{game}: {text!r} is about nothing a player can tap")
                if mover != CHANCE:
                    assert {p.id for p in parts} & set(ids), f"{game}: no part of {text!r} is on the board"
                key = frozenset(p.id for p in parts)
                other = by_parts.setdefault(key, text)
                assert other == text, f"{game}: {other!r} and {text!r} are the same taps {sorted(key)}"
                assert rules.words(move, state).strip()


@pytest.mark.parametrize("game", games())
def test_the_notation_has_a_legend(game):
    legend = get_rules(game).legend()
    assert len(legend) >= 3, f"{game}: the legend explains {len(legend)} kinds of line"
    for example, meaning in legend:
        assert example.strip() and len(meaning.split()) >= 3, f"{game}: {example!r}: {meaning!r}"
