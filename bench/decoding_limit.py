"""Validate, replay and trusted replay of each game against its decoding limit (msgspec decoding the event lines).

    python bench/run.py --only limit

The limit decodes every event line into the game's typed events and nothing else; validate passes every gate
(the chain, the seed, the rules), replay (`Replay.final`) the same gates, trusted replay (`Replay.trusted`)
decodes and applies only. The decoding is repeated until its round lasts as long as validate's (a round of a
few milliseconds moved the limit by 1.7x between two runs).
"""

from __future__ import annotations

from bench.common import Run, as_long_as, count_events, decode_only, interleave, repeated, replay_all, trusted_all
from bench.common import validate_all

TITLE = "decoding limit against validate, replay and trusted replay (events/s; ratio to the limit)"


def section(run: Run) -> None:
    """One row per game, on the records the run made."""
    run.table("game", "records", "events", "decode (limit)", "validate", "replay", "trusted replay",
              "validate/limit", "replay/limit", "trusted/limit")
    for game in run.games:
        paths = run.records[game]
        events = count_events(paths)
        times = as_long_as(decode_only(paths), validate_all(paths))
        t = interleave({"decode": repeated(decode_only(paths), times), "validate": validate_all(paths),
                        "replay": replay_all(paths), "trusted": trusted_all(paths)}, run.rounds)
        r = {k: events * (times if k == "decode" else 1) / v for k, v in t.items()}
        run.say(f"| {game} | {len(paths)} | {events:,} | {r['decode']:,.0f} | {r['validate']:,.0f} | {r['replay']:,.0f} "
                f"| {r['trusted']:,.0f} | {r['validate'] / r['decode']:.3f} | {r['replay'] / r['decode']:.3f} "
                f"| {r['trusted'] / r['decode']:.3f} |")
        if game == "four-planets":
            ratio, trusted = r["validate"] / r["decode"], r["trusted"] / r["decode"]
            run.target("Four Planets validate ≥ 0.10× the decoding limit", "0.10", f"{ratio:.3f}", ratio >= 0.10)
            run.target("Four Planets trusted replay ≥ 0.20× the decoding limit", "0.20", f"{trusted:.3f}",
                       trusted >= 0.20)
