"""The engine: the plug-in boundary for games, the fold (Session, Replay), seeded streams, scoring, self-play, the registry and editions."""
