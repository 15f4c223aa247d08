"""Countdown whose recorder writes the only legal move itself (`Rules.forced`): one counter left, it is taken."""

from tests.support.toy import Countdown


class CountdownForced(Countdown):
    def forced(self, s):
        moves = self.legal(s)
        return moves[0] if len(moves) == 1 else None


RULES = CountdownForced()
