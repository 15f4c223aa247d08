"""The game-independent core: record, events, seeded streams, replay, diff."""
