"""Countdown, rules version 2: a deliberate behaviour change (at most 2 counters a turn).

Version 1 records are still replayed with version 1's behaviour: `setup` reads the rules
version from the header, and the state carries the behaviour it chose.
"""

import msgspec

from tests.support.toy import Countdown


class CountdownV2(Countdown):
    rules_version = 2
    rules_versions = (1, 2)

    def setup(self, header, edition):
        state = super().setup(header, edition)
        return state if header.rules == 1 else msgspec.structs.replace(state, max_take=min(2, state.max_take))


RULES = CountdownV2()
