"""The toy game with bugs: `apply` crashes on taking 2, `check` crashes on taking 3 (internal-error tests)."""

from tests.support.toy import Countdown


class Buggy(Countdown):
    def apply(self, s, e):
        if getattr(e, "n", None) == 2:
            return {}["no such key"]  # a KeyError: a bug, not an illegal move
        return super().apply(s, e)

    def check(self, s, e):
        if getattr(e, "n", None) == 3:
            raise TypeError("a bug in check")
        super().check(s, e)


RULES = Buggy()
