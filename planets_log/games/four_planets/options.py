"""The variant choices a Four Planets record's header may hold, typed."""

from __future__ import annotations

from typing import Annotated

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Four Planets options."""

    first_game: bool = False
    """Use the five first-game boost tiles (Setup, step 5)."""
    professional: bool = False
    """Play with buildings: 4 dealt, 2 kept (Professional Mode)."""
    buildings: str = ""
    """The buildings each seat has, no deal (a campaign game): seat 1's ids / seat 2's."""
    orienter: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0
    """The seat (1 or 2) who turns the start tile; 0: at random (Mini-Campaign)."""
