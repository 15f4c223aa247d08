"""The toy game with its smallest pile missing from `chance_outcomes` while `check` still allows it:
table mode must refuse that pile by the outcomes alone."""

from planets_log.engine.outcomes import Outcomes
from tests.support.toy import Countdown


class Narrow(Countdown):
    def chance_outcomes(self, s):
        return Outcomes(listed=super().chance_outcomes(s).listed[1:], rule="Setup")


RULES = Narrow()
