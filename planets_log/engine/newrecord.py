"""A new record, as `planets-log new` and the server's new table make it: the header (committed to a fresh
secret seed, with a public seed, or for a table game), its first lines, and the secret seed's side file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planets_log.record.commit import commitment, new_secret, write_secret
from planets_log.record.errors import UsageError
from planets_log.record.events import Commit, Header
from planets_log.record.lines import create_record

from .play import Builder, make_header
from .seats import parse_seat, seat_words


@dataclass
class NewRecord:
    """A record not yet written: its header, its lines so far (`build`), its secret seed and the header's
    commitment to it (both None with a public seed or at a table)."""

    header: Header
    build: Builder
    secret: bytes | None
    commit: Commit | None


def keeper(kept_by: str, players: list[str], flag: str) -> int:
    """The seat of the player `kept_by` names (a name, or a number from 1); `flag` names the choice in the error."""
    seat = parse_seat(kept_by, players)
    if seat is None:
        raise UsageError(f"{flag} {kept_by!r}: name {seat_words(players)}", code="usage")
    return seat


def start(game: str, players: list[str], *, seed: int | None, secret: bool, options: dict[str, Any],
          meta: dict[str, str], kept_by: int | None, edition_path: str | None = None) -> NewRecord:
    """A new record's header and session, its secret seed fresh when `secret` (else `seed`: public, or None)."""
    drawn = new_secret() if secret else None
    commit = Commit(sha256=commitment(drawn)) if drawn else None
    header, session = make_header(game, players, seed=seed, options=options, edition_path=edition_path, meta=meta,
                                  kept_by=kept_by, commit=commit)
    build = Builder.new(header, session)
    session.secret = drawn
    return NewRecord(header, build, drawn, commit)


def write(path: str | Path, new: NewRecord) -> list[bytes]:
    """Draw what is due now, then make the record at `path` (never over a file) and the secret seed's side file
    beside it, which goes again if the record is not made; the lines drawn."""
    drawn = new.build.draw_chance()
    side = write_secret(path, new.header.log_id, new.secret) if new.secret is not None else None
    try:
        create_record(path, new.build.lines)
    except BaseException:
        if side is not None:  # the record was not made: its secret goes too
            side.unlink()
        raise
    return drawn
