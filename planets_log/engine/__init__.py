"""The engine: the plug-in boundary for games, the fold (Session, Replay), seeded streams, scoring, self-play, the registry and editions."""

# The modules are the surface; each is imported only when used, so start-up stays fast.
__all__ = [
    "edition",
    "header",
    "hints",
    "implied",
    "multiset",
    "outcomes",
    "play",
    "recorder",
    "redact",
    "registry",
    "replay",
    "rng",
    "rules",
    "schema",
    "scoring",
    "seats",
    "session",
    "sheet",
    "svg",
]
