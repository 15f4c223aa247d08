"""Board text at WCAG AA contrast (issue 37): every text of every game's picture, for the scorekeeper, each seat
and a spectator, over positions of seeded playouts, against the colour painted behind it (contrast.py)."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

from planets_log.engine.redact import public_picture
from planets_log.engine.registry import get_rules
from planets_log.engine.rules import Rules
from planets_log.engine.svg import INK, MUTED, OKABE_ITO, PAPER, Canvas

from tests.support.positions import cases, games, playouts, positions
from .contrast import failures, measure

SAMPLES = 4
"""Positions per configuration: the start, the end and evenly between (its first seed)."""


def _views(rules, state):
    """Every picture of a position: the scorekeeper's, each seat's and the spectator's."""
    yield "scorekeeper", rules.picture(state, None)
    for seat, name in enumerate(rules.seat_names(state)):
        yield f"as {name}", rules.picture(state, seat)
    yield "spectator", public_picture(rules, state)


def _pictured(game: str) -> bool:
    """Whether the game draws a picture (a test game may have none)."""
    rules = get_rules(game)
    return type(rules).draw is not Rules.draw or bool(rules.modules and find_spec(f"{rules.modules}.picture"))


@pytest.mark.parametrize("game,config", cases([g for g in games() if _pictured(g)]))
def test_every_text_of_every_picture_meets_wcag_aa_contrast(game, config):
    played = next(playouts(game, range(1), config))
    rules = played.session.rules
    states = [(event.seq if event else "end", state) for state, event in positions(played)]
    picks = sorted({round(k * (len(states) - 1) / (SAMPLES - 1)) for k in range(SAMPLES)})
    bad: dict[str, list[str]] = {}
    for k in picks:
        seq, state = states[k]
        for view, svg in _views(rules, state):
            for m in failures(svg):
                bad.setdefault(str(m), []).append(f"before seq {seq}, {view}")
    if bad:
        lines = [f"{game} {config.id}, {where[0]} (and {len(where) - 1} more): {m}" for m, where in bad.items()]
        pytest.fail(f"{len(bad)} texts under WCAG AA contrast (Success Criterion 1.4.3):\n" + "\n".join(lines))


def _picture(*draw: str) -> str:
    canvas = Canvas(200, 100)
    for element in draw:
        canvas.add(element)
    return canvas.document("t", "d")


def test_the_measure_finds_the_colour_behind_a_text_and_its_ratio():
    grey_on_paper = measure(_picture('<text x="10" y="20" font-size="12" fill="#767676">a</text>'))[0]
    assert grey_on_paper.behind == PAPER and round(grey_on_paper.ratio, 2) == 4.54, "the lightest AA grey on white"
    on_disc = _picture(f'<circle cx="50" cy="50" r="20" fill="{OKABE_ITO["blue"]}"/>',
                       '<text x="50" y="54" font-size="11" fill="#ffffff" text-anchor="middle">B</text>')
    assert measure(on_disc)[0].behind == OKABE_ITO["blue"].lower()
    assert failures(on_disc) == [], "white on Okabe-Ito blue is 5.2:1"
    on_green = on_disc.replace(OKABE_ITO["blue"], OKABE_ITO["green"])
    assert [round(m.ratio, 2) for m in failures(on_green)] == [3.42], "white on green is 3.42:1"


def test_large_text_needs_3_to_1_and_opacity_counts():
    grey = '<text x="10" y="40" font-size="{}" fill="#949494"{}>Zone 4</text>'
    assert failures(_picture(grey.format(24, ""))) == [], "3.03:1 is enough at 24 px"
    assert failures(_picture(grey.format(19, ' font-weight="bold"'))) == [], "and at 18.66 px bold"
    assert len(failures(_picture(grey.format(19, "")))) == 1, "not at 19 px regular"
    faded = f'<g opacity="0.5"><text x="10" y="40" font-size="12" fill="{INK}">faded</text></g>'
    assert failures(_picture(faded))[0].fill == "#8d8d8d", "half-transparent ink is grey"


def test_a_text_running_off_its_shape_is_measured_on_both():
    spill = _picture('<rect x="0" y="0" width="30" height="40" fill="#000000"/>',
                     '<text x="5" y="25" font-size="12" fill="#ffffff">white text running onto white</text>')
    assert failures(spill)[0].behind == "#ffffff"


def test_a_halo_is_what_a_text_is_read_against():
    crossed = '<rect x="0" y="0" width="60" height="60" fill="#6a6a6a"/><text x="10" y="20" font-size="8" fill="{}"{}>4.2</text>'
    assert failures(_picture(crossed.format(MUTED, ""))), "grey on the dark arrowhead"
    halo = ' stroke="#ffffff" stroke-width="3" paint-order="stroke"'
    assert failures(_picture(crossed.format(MUTED, halo))) == []
    assert failures(_picture(crossed.format(MUTED, halo.replace("3", "1")))), "a thin outline is no halo"


def test_a_text_over_hatched_backs_is_measured_on_the_worst_hatch_colour():
    back = _picture('<rect x="0" y="0" width="60" height="60" fill="url(#back)"/>',
                    '<text x="10" y="20" font-size="11" fill="#777777">bp2</text>')
    assert [m.behind for m in failures(back)] == ["#bdbdbd"]


def test_a_text_under_a_shape_drawn_after_it_is_covered():
    text = f'<text x="10" y="20" font-size="12" fill="{INK}">4 parts</text>'
    token = '<circle cx="52" cy="16" r="8" fill="#56b4e9"/>'
    assert [m.covered for m in failures(_picture(text, token))] == ["#56b4e9"]
    assert failures(_picture(token, text)) == [], "drawn before, the disc is only behind the last letters"
