"""The variant choices a Space Planets record's header may hold, typed."""

from __future__ import annotations

from typing import Annotated

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Space Planets options."""

    first: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    """Seat index of the starting player (the rulebook has the youngest start)."""
    miss_percent: Annotated[int, msgspec.Meta(ge=0, le=90)] = 15
    """Seeded landing model: chance in percent that the die misses the grid."""
