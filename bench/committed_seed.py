"""Validate time: a public-seed record vs the same game with a committed, revealed secret seed."""
import time

from planets_log.record.commit import commitment
from planets_log.record.events import Commit, Reveal
from planets_log.engine.rules import TERMINAL
from planets_log.engine.play import Builder, make_header
from planets_log.engine.rng import rng
from planets_log.audit.validate import validate_file


def game(committed: bool, n: int) -> str:
    secret = bytes(range(32))
    kw = {"commit": Commit(sha256=commitment(secret))} if committed else {}
    header, session = make_header("space-planets", ["A", "B"], seed=None if committed else 7, **kw)
    b = Builder.new(header, session)
    session.secret = secret if committed else None
    policy = rng(n, "policy")
    b.draw_chance()
    while session.to_move(b.pos) != TERMINAL:
        b.add(policy.choice(session.rules.legal(b.pos.state)))
        b.draw_chance()
    if committed:
        b.add(Reveal(secret=secret.hex()))
    path = f"/tmp/planets-log-bench-{committed}-{n}.jsonl"
    open(path, "w").write(b.text())
    return path


for committed in (False, True):
    paths = [game(committed, n) for n in range(20)]
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        reports = [validate_file(p) for p in paths]
        runs.append(time.perf_counter() - t)
    assert all(r.valid for r in reports), [str(e) for r in reports for e in r.errors][:3]
    lines = sum(open(p).read().count("\n") for p in paths)
    print(f"{'committed+revealed' if committed else 'public seed':20} 20 records, {lines} lines: "
          f"best of 3 {min(runs) * 1000:.0f} ms ({reports[0].mode})")
