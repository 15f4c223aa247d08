"""A new table's record, made as `planets-log new` makes one (header, entropy, first draws, secret side file)."""

from __future__ import annotations

from pathlib import Path

from planets_log.engine.play import Builder, make_header
from planets_log.engine.seats import check_new_names, parse_seat, seat_words
from planets_log.record.commit import commitment, new_secret, write_secret
from planets_log.record.errors import UsageError
from planets_log.record.events import Commit, Entropy
from planets_log.record.lines import create_record

from .types import NewTable


def create_game(path: Path, new: NewTable) -> None:
    """Write the record of `new` at `path` (never over an existing file); its secret seed beside it, mode 0600."""
    players = list(new.players)
    check_new_names(players)
    if new.seed == "public" and new.public_seed is None:
        raise UsageError("a public seed needs its number (public_seed)", code="usage")
    if new.kept_by is not None and new.seed != "table":
        raise UsageError("kept_by is for a game at the table: choose seed 'table'", code="usage")
    keeper = None
    if new.kept_by is not None:
        keeper = parse_seat(new.kept_by, players)
        if keeper is None:
            raise UsageError(f"kept_by {new.kept_by!r}: name {seat_words(players)}", code="usage")
    secret = new_secret() if new.seed == "secret" else None
    if secret is None and new.entropy:
        raise UsageError("entropy goes with a secret seed", code="usage")
    header, session = make_header(new.game, players, seed=new.public_seed if new.seed == "public" else None,
                                  options=dict(new.options), meta=dict(new.meta), kept_by=keeper,
                                  commit=Commit(sha256=commitment(secret)) if secret else None)
    build = Builder.new(header, session)
    session.secret = secret
    for name, text in new.entropy.items():
        if name not in players:
            raise UsageError(f"entropy from {name!r}, who is not a player", code="usage")
        build.add(Entropy(player=name, text=text))
    build.draw_chance()
    side = write_secret(path, header.log_id, secret) if secret is not None else None
    try:
        create_record(path, build.lines)
    except BaseException:
        if side is not None:
            side.unlink()
        raise
