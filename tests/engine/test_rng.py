"""The seeded streams are pinned: a Python upgrade or refactor must not change a draw."""

from __future__ import annotations

import pytest

from planets_log.engine.rng import chance_stream, rng


def test_golden_below():
    s = rng(7, "setup")
    assert [s.below(10) for _ in range(10)] == [8, 2, 3, 2, 0, 2, 2, 9, 4, 1]


def test_golden_shuffle():
    assert rng(7, "round-3/refill").shuffled(list("abcdefgh")) == ["f", "a", "e", "c", "b", "g", "d", "h"]


def test_golden_large_bounds():
    s = chance_stream(0, 0)
    assert [s.below(2**40) for _ in range(3)] == [1021579055780, 360220012466, 471748580244]


def test_golden_sample():
    assert rng(123456789, "policy").sample(list(range(20)), 5) == [3, 9, 4, 2, 12]


def test_streams_are_independent_by_name_and_seed():
    draw = lambda seed, name: [rng(seed, name).below(1000) for _ in range(1)] + [rng(seed, name).shuffled(range(9))]
    assert draw(1, "a") == draw(1, "a")
    assert draw(1, "a") != draw(1, "b")
    assert draw(1, "a") != draw(2, "a")


def test_below_is_roughly_uniform():
    s = rng(42, "uniform")
    counts = [0] * 6
    for _ in range(6000):
        counts[s.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_below_rejects_empty_range():
    with pytest.raises(ValueError):
        rng(1, "x").below(0)


# --- version 2: a sample takes only the words it needs --------------------------------

def test_golden_sample_version_2():
    assert rng(123456789, "policy", 2).sample(list(range(20)), 5) == [15, 8, 12, 19, 5]
    assert rng(123456789, "policy", 2).sample(list("abc"), 5) == ["b", "a", "c"]


@pytest.mark.parametrize("seed", range(20))
def test_version_2_sample_of_one_is_one_draw(seed):
    """A sample of one (a card off a pile, made without copying the pile) is the shuffle's first step: the item
    at one `below(n)`, one word taken, the stream going on after it alike."""
    items = [f"c{i}" for i in range(37)]
    sampled, drawn = rng(seed, "x", 2), rng(seed, "x", 2)
    assert sampled.sample(items, 1) == [items[drawn.below(len(items))]]
    assert sampled.below(1000) == drawn.below(1000)


def test_version_2_sample_is_uniform_over_ordered_draws():
    s = rng(42, "uniform-sample", 2)
    counts: dict[tuple, int] = {}
    for _ in range(6000):
        pair = tuple(s.sample("abcd", 2))
        assert pair[0] != pair[1]
        counts[pair] = counts.get(pair, 0) + 1
    assert len(counts) == 12 and all(380 < c < 620 for c in counts.values()), counts


def test_an_unknown_version_is_refused():
    with pytest.raises(ValueError):
        rng(1, "x", 3)


def _record(tmp_path, name: str, rng_version=None):
    from planets_log.engine.play import selfplay

    game = selfplay("four-planets", seed=5, rng_version=rng_version)
    path = tmp_path / name
    path.write_bytes(b"".join(line + b"\n" for line in game.lines))
    return path


def test_records_name_their_stream_version_and_validate_with_it(tmp_path):
    import json

    from planets_log.audit.validate import validate_file

    old, new = _record(tmp_path, "v1.jsonl", rng_version=1), _record(tmp_path, "v2.jsonl", rng_version=2)
    assert b'"rng"' not in old.read_bytes().split(b"\n")[0]  # version 1 records keep their bytes
    assert _record(tmp_path, "default.jsonl").read_bytes() == new.read_bytes()  # new records: version 2
    assert json.loads(new.read_bytes().split(b"\n")[0])["rng"] == 2
    assert validate_file(str(old)).valid and validate_file(str(new)).valid
    # Each sampled outcome of the version-2 game is the version-2 draw, not the version-1 one.
    from planets_log.engine.replay import Replay
    from planets_log.record.events import Chance, strip_place

    replay = Replay(str(new))
    rules, seed = replay.session.rules, replay.header.seed
    chances = [s for s in replay.steps() if isinstance(s.event, Chance)]
    differ = [s for s in chances
              if strip_place(rules.chance(s.before.state, chance_stream(seed, s.before.chances, 1))) != strip_place(s.event)]
    assert chances and differ  # deals of a few cards out of the deck
    for s in chances:
        assert strip_place(rules.chance(s.before.state, chance_stream(seed, s.before.chances, 2))) == strip_place(s.event)


def test_a_newer_stream_version_in_a_header_is_a_one_line_error(tmp_path):
    from planets_log.audit.validate import validate_file

    path = _record(tmp_path, "v2.jsonl", rng_version=2)
    path.write_bytes(path.read_bytes().replace(b'"rng":2', b'"rng":3', 1))
    report = validate_file(str(path))
    assert not report.valid
    err = report.errors[0]
    assert err.line == 1 and "rng" in err.message and "\n" not in err.message
