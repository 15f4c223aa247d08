"""Planetarium's options as a typed Struct."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec


class PlanetariumOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Planetarium's options as a typed Struct (the same as `PlanetariumRules.options`)."""

    target: Literal[90, 100, 110] = 100
    round_limit: Annotated[int, msgspec.Meta(ge=0)] = 0
