"""The one playthrough printer every game's snapshot tests of whole games use.

A header line (players, seed, options); then round by round each line of the record (seq,
who, the move in the game's notation; notes and other meta lines as they read), the
scorekeeper's rendering of the position after the round (or, between chosen rounds, its
digest); at the end the score sheet as JSON.
"""

from __future__ import annotations

import json

import msgspec

from planets_log.engine.replay import digest
from planets_log.record.events import Chance, Meta, Note
from planets_log.engine.rules import TERMINAL
from planets_log.record.lines import line_hash
from planets_log.engine.seats import seat_label


def playthrough(build, every: int = 1) -> str:
    """The snapshot text of a built record: its moves by round, the position every `every` rounds, the sheet."""
    session, rules = build.session, build.session.rules
    header = session.header
    pos = session.start(build.lines[0])
    out = [f"players: {', '.join(header.players)}; seed {header.seed}; options: {header.options}"]
    moves: list[str] = []
    for raw in build.lines[1:]:
        event = session.decoder.decode(raw)
        moves.append(f"  {event.seq:>4} {line_text(rules, pos.state, event, list(header.players))}")
        before = rules.round_of(pos.state)
        pos = session.step(pos, event, line_hash(raw))
        over = rules.to_move(pos.state) == TERMINAL
        if not isinstance(event, Meta) and (rules.round_of(pos.state) != before or over):
            out += [f"--- round {before} ---", *moves, position(rules, pos.state, before % every == 0 or over)]
            moves = []
    if moves:
        out += ["--- (record ends mid-round) ---", *moves, position(rules, pos.state, True)]
    return "\n".join(out + [sheet(rules, pos.state)]) + "\n"


def line_text(rules, state, event, players: list[str]) -> str:
    """`who: move` for a game event; a note or another meta line as it reads."""
    if isinstance(event, Note):
        return f"note on {event.target}{' ' + event.glyph if event.glyph else ''}: {event.text}"
    if isinstance(event, Meta):
        fields = msgspec.structs.asdict(event)
        shown = {k: v for k, v in fields.items() if k not in ("seq", "prev")}
        return f"{event.__struct_config__.tag} {json.dumps(shown)}"
    by = getattr(event, "by", None)
    who = seat_label(by, players) if isinstance(by, int) else "chance" if isinstance(event, Chance) else "table"
    return f"{who}: {rules.format(event, state)}"


def position(rules, state, rendered: bool) -> str:
    """The scorekeeper's rendering of the position, or its digest."""
    return rules.render(state) if rendered else f"(position digest {digest(state)[:16]})"


def sheet(rules, state) -> str:
    """The score sheet as JSON: totals with their points by source and tie-break values (when the game has
    any), winners, outcome, the tie-break used, final or not, and a solo game's target."""
    s = rules.score(state)
    scores = [{"seat": r.seat, "player": r.player, "total": r.total, "breakdown": r.breakdown,
               **({"tiebreak": r.tiebreak} if r.tiebreak else {}),
               **({"target": r.target} if r.target is not None else {})} for r in s.scores]
    return json.dumps({"scores": scores, "winners": s.winners, "outcome": s.outcome, "tiebreak": s.tiebreak,
                       "final": s.final}, indent=1)
