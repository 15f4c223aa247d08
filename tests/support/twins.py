"""Twin records for the per-seat tests: the same game with what one seat cannot see drawn differently.

A seeded self-play record is turned into a table record (seed null) and a twin is derived
from it by changing chance outcomes (the cards a `resample_hidden` of the state after the
outcome puts where the outcome put its cards, two cards of the outcome swapped, or another
outcome the game lists or samples there), each change written as the game's own event and
the chain rebuilt. A change is kept only when the twin stays a valid record and, at every
position from the change on, differs from the real game only where the game's
`resample_hidden` hook redraws for that seat, and only into values a resample puts there.
So the hook, not the view or notation code under test, decides what the seat may not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import msgspec

from planets_log.record.errors import PlanetsLogError
from planets_log.record.events import Chance, Meta
from planets_log.engine.play import make_header, selfplay
from planets_log.record.lines import line_hash
from planets_log.engine.rng import rng

RESAMPLES = 24  # resamples per position: enough to see every place a seat cannot see, and most values
MORE = 400  # resamples looked at for a value the first ones never put in its place (a shuffled pile)
TRIES = 40  # candidate changes tried per chance outcome
CHANGES = 3  # chance outcomes changed at most in one twin

Path_ = tuple[Any, ...]


def diff(a: Any, b: Any, at: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every place where `b` differs from `a`, with b's value there (equal parts skipped at C speed)."""
    if a == b:
        return
    if isinstance(a, msgspec.Struct) and type(a) is type(b):
        for name in a.__struct_fields__:
            yield from diff(getattr(a, name), getattr(b, name), at + (name,))
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            yield at + ("#len",), len(b)
        for i in range(max(len(a), len(b))):
            yield from diff(a[i] if i < len(a) else None, b[i] if i < len(b) else None, at + (i,))
    elif isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            yield from diff(a.get(key), b.get(key), at + (key,))
    else:
        yield at, _key(b)


def leaves(data: Any, at: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every (path, value) of JSON-like data."""
    if isinstance(data, dict):
        for key in data:
            yield from leaves(data[key], at + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from leaves(item, at + (i,))
    else:
        yield at, data


@dataclass
class Table:
    """A table record replayed step by step: its events, positions (0: after the header) and lines."""

    session: Any
    events: list[Any] = field(default_factory=list)
    positions: list[Any] = field(default_factory=list)
    lines: list[bytes] = field(default_factory=list)

    @classmethod
    def of(cls, session: Any, events: list[Any], base: "Table | None" = None, keep: int = 0) -> "Table":
        """Replay `events` after the first `keep` events of `base` (or the header), sealing each anew; IllegalEvent if one is refused."""
        if base is None:
            raw = msgspec.json.encode(session.header)
            table = cls(session, [], [session.start(raw)], [raw])
        else:
            table = cls(session, base.events[:keep], base.positions[:keep + 1], base.lines[:keep + 1])
        pos = table.positions[-1]
        for event in events:
            event = session.seal(pos, event)
            line = session.encode(event)
            pos = session.step(pos, event, line_hash(line))
            table.events.append(event)
            table.positions.append(pos)
            table.lines.append(line)
        return table


def table_game(game: str, seed: int, players: int, options: dict[str, Any] | None = None) -> Table:
    """A seeded self-play game rewritten as a table record (seed null), every line rechained."""
    # the seeds were chosen for version-1 draws
    build = selfplay(game, seed, [f"P{i + 1}" for i in range(players)], options, rng_version=1)
    header = build.session.header
    _, session = make_header(game, list(header.players), seed=None, options=dict(header.options),
                             log_id=header.log_id)
    events = [session.decoder.decode(raw) for raw in build.lines[1:]]
    return Table.of(session, [e for e in events if not isinstance(e, Meta)])


class Hidden:
    """What `seat` may not see at each position of a real game: the places and values resamples change.

    A few resamples show where the seat cannot see; a card a twin puts in a shuffled pile is
    looked for in more of them (up to MORE) only when the first few never put it there.
    """

    def __init__(self, real: "Table", seat: int, wanted: Callable[[Any, Any], bool] | None = None):
        self.real, self.seat, self._cache, self._done = real, seat, {}, {}
        self.wanted = wanted
        """What a twin must also show at its cut (see `twin`)."""

    def at(self, k: int, enough: int = RESAMPLES) -> dict[Path_, set]:
        """For each place of position k resamples for the seat change, the values they put there."""
        values = self._cache.setdefault(k, {})
        rules, state = self.real.session.rules, self.real.positions[k].state
        for r in range(self._done.get(k, 0), enough):
            for path, value in diff(state, rules.resample_hidden(state, self.seat, rng(r, f"twin/{k}/{self.seat}"))):
                values.setdefault(path, set()).add(value)
        self._done[k] = max(enough, self._done.get(k, 0))
        return values

    def hides(self, k: int, twin_state: Any) -> bool:
        """True when `twin_state` differs from the real position k only as a resample for the seat may."""
        for path, value in diff(self.real.positions[k].state, twin_state):
            if value not in self.at(k).get(path, ()) and (path not in self.at(k) or value not in self.at(k, MORE)[path]):
                return False
        return True


def _key(value: Any) -> Any:
    """A leaf value as a set member."""
    return repr(value) if isinstance(value, (list, dict, set)) else value


def _variants(rules: Any, state: Any, event: Chance, stream: Any, seat: int) -> Iterator[Chance]:
    """Other outcomes at this chance point: the cards a resample for the seat puts where this outcome
    put its cards, two cards of the outcome swapped, or the game's own outcomes."""
    data = _plain(event)
    spots = [p for p, v in leaves(data) if isinstance(v, str) and p and isinstance(p[-1], int)]
    yield from _resampled(rules, rules.apply(state, event), data, spots, type(event), seat, stream)
    pairs = [(a, b) for i, a in enumerate(spots) for b in spots[i + 1:] if _get(data, a) != _get(data, b)]
    for a, b in stream.shuffled(pairs)[:TRIES]:
        swapped = _plain(event)
        _set(swapped, a, _get(data, b))
        _set(swapped, b, _get(data, a))
        yield msgspec.convert(swapped, type(event))
    outcomes = rules.chance_outcomes(state)
    if outcomes.listed is not None:
        for other, _ in stream.shuffled(list(outcomes.listed))[:TRIES]:
            yield other
    elif outcomes.sampler is not None:
        for r in range(TRIES // 4):
            yield outcomes.sampler(rng(r, "twin/sample"))


def _resampled(rules: Any, after: Any, data: Any, spots: list, kind: type, seat: int, stream: Any) -> Iterator[Any]:
    """The outcome rewritten so that each card a resample of the state after it redraws is the resample's card."""
    for r in range(RESAMPLES // 2):
        other = rules.resample_hidden(after, seat, rng(r, f"twin/resample/{seat}"))
        swaps = [(_at(after, path), new) for path, new in diff(after, other)]
        swaps = [(old, new) for old, new in swaps if isinstance(old, str) and isinstance(new, str)]
        for some in (swaps, *([swap] for swap in stream.shuffled(swaps)[:3])):
            changed, free = _plain(data), list(spots)
            for old, new in some:
                spot = next((p for p in free if _get(data, p) == old), None)
                if spot is not None:
                    free.remove(spot)
                    _set(changed, spot, new)
            if changed != data:
                yield msgspec.convert(changed, kind)


def _at(state: Any, path: Path_) -> Any:
    """The value at `path` (as `diff` names places) in a state."""
    for key in path:
        if key == "#len":
            return None
        state = getattr(state, key) if isinstance(key, str) and isinstance(state, msgspec.Struct) else state[key]
    return state


def _plain(data: Any) -> Any:
    """An event (or its JSON data) as fresh JSON data, lists and dicts that can be changed."""
    return msgspec.json.decode(msgspec.json.encode(data))


def _get(data: Any, path: Path_) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: Path_, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _same_outcome(a: Any, b: Any) -> bool:
    return msgspec.json.encode(msgspec.structs.replace(a, seq=0, prev="")) == \
        msgspec.json.encode(msgspec.structs.replace(b, seq=0, prev=""))


def twin(real: Table, seat: int, end: int, tag: str, face_down: dict[str, tuple[str, ...]] | None = None,
         wanted: Callable[[Any, Any], bool] | None = None) -> tuple[Table, list[int]] | None:
    """A twin of the first `end` events that `seat` cannot tell from the real game, and the seqs changed; None if none found.

    Chance outcomes change (latest first). A move is seen as it is made, and the state alone
    cannot say which of its parts the table saw (a card taken from a face-up row), so a move
    changes only in the fields `face_down` names for its type (the card a move puts face
    down, by the rulebook), into another legal move equal in every other field. `wanted(real
    state, twin state)`, given, must also hold at the cut for each change kept (a twin whose
    full score differs, say).
    """
    hidden = Hidden(real, seat, wanted)
    events, changed = list(real.events[:end]), []
    stream = rng(0, f"twin/{tag}/{seat}")
    for chance in (True, False):
        for i in reversed(range(end)):
            if len(changed) == CHANGES:
                break
            if isinstance(events[i], Chance) == chance and (chance or _tag(events[i]) in (face_down or {})):
                found = _change(real, events, i, hidden, stream, (face_down or {}).get(_tag(events[i]), ()))
                if found is not None:
                    events, changed = found, changed + [i + 1]
    if not changed:
        return None
    return Table.of(real.session, events), sorted(changed)


def _tag(event: Any) -> Any:
    return type(event).__struct_config__.tag


def _change(real: Table, events: list[Any], i: int, hidden: Hidden, stream: Any,
            fields: tuple[str, ...]) -> list[Any] | None:
    """`events` with event i replaced so that the seat still cannot tell, or None."""
    rules, state = real.session.rules, real.positions[i].state
    base = Table.of(real.session, events[i:], real, i)
    if isinstance(events[i], Chance):
        variants = _variants(rules, state, events[i], stream, hidden.seat)
    else:
        variants = iter(_face_down(rules.legal(state), events[i], fields))
    for other in variants:
        if _same_outcome(other, events[i]):
            continue
        trial = events[:i] + [other] + events[i + 1:]
        if _accepted(real, base, trial[i:], hidden, i):
            return trial
    return None


def _face_down(legal: list[Any], event: Any, fields: tuple[str, ...]) -> list[Any]:
    """The legal moves that differ from `event` only in `fields`."""
    def rest(e: Any) -> dict[str, Any]:
        return {k: v for k, v in msgspec.structs.asdict(e).items() if k not in fields + ("seq", "prev")}

    return [e for e in legal if type(e) is type(event) and rest(e) == rest(event)]


def _accepted(real: Table, base: Table, events: list[Any], hidden: Hidden, first: int) -> bool:
    """True when the events from `first` on are valid, change the game (not only an outcome's spelling) and hide
    every difference from the real game from the seat."""
    try:
        made = Table.of(real.session, events, real, first)
    except PlanetsLogError:
        return False
    states = [(k, made.positions[k].state) for k in range(first + 1, len(made.positions))]
    if all(state == base.positions[k].state for k, state in states):
        return False  # only an order the state does not keep changed: nothing a seat could be shown
    if hidden.wanted is not None and not hidden.wanted(real.positions[len(events) + first].state, states[-1][1]):
        return False
    return all(hidden.hides(k, state) for k, state in states)


def spoiled(a: Table, b: Table, seq: int) -> tuple[list[bytes], list[bytes]] | None:
    """Both records cut after line `seq`, a chance outcome, with one of its cards replaced the same way in both
    so that each is refused there with the same code: a tampered line whose message must quote neither record's
    other, hidden cards. A card both outcomes share is replaced first, so the two spoiled lines still differ
    where the twins do. None when no such replacement is refused in both."""
    plain = [_plain(t.events[seq - 1]) for t in (a, b)]
    spots = [p for p, v in leaves(plain[0]) if isinstance(v, str) and p and isinstance(p[-1], int)]
    spots = [p for p in spots if _has(plain[1], p)]
    spots.sort(key=lambda p: _get(plain[0], p) != _get(plain[1], p))
    values = sorted({_get(d, p) for d in plain for p in spots})
    for spot in spots:
        for value in values:
            made = [_spoil(t, seq, d, spot, value) for t, d in zip((a, b), plain)]
            if made[0] is not None and made[1] is not None and made[0][0] == made[1][0] and made[0][2] != made[1][2]:
                return made[0][1], made[1][1]
    return None


def _spoil(table: Table, seq: int, data: Any, spot: Path_, value: Any) -> tuple[str, list[bytes], Any] | None:
    """Line `seq` of `table` with `value` at `spot`: the code it is refused with, the lines up to it and its
    outcome's data; None if it is accepted or cannot be written."""
    from planets_log.record.errors import IllegalEvent

    changed = _plain(data)
    _set(changed, spot, value)
    session, pos = table.session, table.positions[seq - 1]
    try:
        event = session.seal(pos, msgspec.convert(changed, type(table.events[seq - 1])))
    except msgspec.ValidationError:
        return None
    raw = session.encode(event)
    try:
        session.step(pos, event, line_hash(raw))
    except IllegalEvent as exc:
        return exc.code, table.lines[:seq] + [raw], changed
    return None


def _has(data: Any, path: Path_) -> bool:
    try:
        _get(data, path)
    except (IndexError, KeyError, TypeError):
        return False
    return True
