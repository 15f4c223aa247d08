"""The variant choices a Planetopia record's header may hold, typed."""

from __future__ import annotations

from typing import Annotated

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Planetopia options."""

    round_limit: Annotated[int, msgspec.Meta(ge=0)] = 0
    """A safeguard not in the rulebook: the game also ends after this round (0: no limit)."""
