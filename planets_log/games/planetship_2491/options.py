"""2491 Planetship's options, typed: the rulebook has no variants, so a header's options must be empty."""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """2491 Planetship takes no options."""
