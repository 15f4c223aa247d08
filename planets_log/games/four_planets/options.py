"""The variant choices a Four Planets record's header may hold, typed."""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Four Planets options."""

    first_game: bool = False
    """Use the five first-game boost tiles (Setup, step 5)."""
