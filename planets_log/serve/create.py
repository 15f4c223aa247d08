"""A new table's record, made as `planets-log new` makes one (header, entropy, first draws, secret side file)."""

from __future__ import annotations

from pathlib import Path

from planets_log.engine.newrecord import keeper, start, write
from planets_log.engine.seats import check_new_names
from planets_log.record.errors import UsageError
from planets_log.record.events import Entropy

from .types import NewTable


def create_game(path: Path, new: NewTable) -> None:
    """Write the record of `new` at `path` (never over an existing file); its secret seed beside it, mode 0600."""
    players = list(new.players)
    check_new_names(players)
    if new.seed == "public" and new.public_seed is None:
        raise UsageError("a public seed needs its number (public_seed)", code="usage")
    if new.kept_by is not None and new.seed != "table":
        raise UsageError("kept_by is for a game at the table: choose seed 'table'", code="usage")
    seat = keeper(new.kept_by, players, "kept_by") if new.kept_by is not None else None
    secret = new.seed == "secret"
    if not secret and new.entropy:
        raise UsageError("entropy goes with a secret seed", code="usage")
    rec = start(new.game, players, seed=new.public_seed if new.seed == "public" else None, secret=secret,
                options=dict(new.options), meta=dict(new.meta), kept_by=seat)
    for name, text in new.entropy.items():
        if name not in players:
            raise UsageError(f"entropy from {name!r}, who is not a player", code="usage")
        rec.build.add(Entropy(player=name, text=text))
    write(path, rec)
