"""The toy game with its smallest pile missing from `chance_outcomes` (for the table-mode test)."""

from planets_log.core.game import Outcomes
from tests.core.toy import Countdown


class Narrow(Countdown):
    def chance_outcomes(self, s):
        return Outcomes(listed=super().chance_outcomes(s).listed[1:])

    @staticmethod
    def edition_min(edition) -> int:
        return edition.min_pile


RULES = Narrow()
