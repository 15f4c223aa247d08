"""Records kept by one player, built from a full record: each line as the keeper sees it, typed back in."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from planets_log.engine.play import Builder, make_header
from planets_log.record.lines import line_hash


def kept_copy(full: Builder, seat: int, reveals: Callable[[object, object], list[str]] | None = None,
              compare: Callable[[object, object], None] | None = None, named: tuple[type, ...] = ()) -> Builder:
    """The full record retyped by `seat`: every line formatted for that seat (`?` where it cannot see) and
    parsed in the kept record; `reveals(kept_state, full_state)` gives lines typed after a line (reveals);
    `compare(kept_state, full_state)` is called after every line; events of the `named` types are typed in full."""
    src = full.session
    rules = src.rules
    head = msgspec.json.decode(full.lines[0])
    header, session = make_header(head["game"], head["players"], seed=None, options=head.get("options"),
                                  log_id=f"kept-by-{seat + 1}", kept_by=seat, rules_version=head["rules"])
    build = Builder.new(header, session)
    pos = src.start(full.lines[0])
    for raw in full.lines[1:]:
        event = src.decode(raw)
        text = rules.format(event, pos.state, None if isinstance(event, named) else seat)
        build.add(rules.parse(text, build.pos.state))
        pos = src.step(pos, event, line_hash(raw))
        for _ in range(64):  # a reveal may bring the next one (a zone named, the next zone's '?' due)
            texts = reveals(build.pos.state, pos.state) if reveals else []
            for text in texts:
                build.add(rules.parse(text, build.pos.state))
            if not texts:
                break
        if compare:
            compare(build.pos.state, pos.state)
    return build
