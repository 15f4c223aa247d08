"""End of Game and Scoring: card VP, boost tiles, the colour bonus and private bonus marks."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from planets_log.game import UNKNOWN, Ranking, ScoreSheet, SeatScore, rank_highest, sheet_of, tiebreaks_of

from . import cards as C
from .professional import building_vp
from .state import Seat, State, column_size, played, seen_positions


def tile_vp(seat: Seat, tile: str) -> int:
    """What a VP boost tile is worth to its owner (0 for an immediate tile)."""
    sizes = [column_size(seat, i) for i in range(5)]
    if tile == "vp4":
        return 4
    if tile == "columns5":
        return 3 * sum(1 for n in sizes if n >= 5)
    if tile == "sets5":
        return 3 * min(sizes)
    if tile == "thirteen":
        return max(0, played(seat) - 12)
    if tile == "bp3":
        cards = [code for col in seat.up + seat.down for code in col]
        return 2 * sum(1 for code in cards if code != UNKNOWN and C.bp(code) == 3)  # a `?` waits for its reveal
    return 0


def tiles_vp(seat: Seat) -> int:
    """VP from the seat's boost tiles; a copy attached to a VP tile scores that tile again."""
    total = 0
    for tile in seat.tiles:
        total += tile_vp(seat, tile.id)
        if tile.id == "copy" and tile.copies is not None:
            total += tile_vp(seat, tile.copies)
    return total


def colour_bonus(state: State, seat: Seat) -> int:
    """k bonus cards of a colour give k + 1 VP per own specialist of that colour."""
    count = Counter(code[0] for code in state.bonus if code != UNKNOWN)
    return sum((count[c] + 1) * column_size(seat, i) for i, c in enumerate(C.COLOURS) if count[c])


def marks(state: State, seat: Seat) -> int:
    """+1 VP per own specialist of the colour of each bonus card the seat marked (owner only)."""
    total = 0
    for tile in seat.tiles:
        if tile.position is not None and len(state.bonus) >= tile.position and state.bonus[tile.position - 1] != UNKNOWN:
            total += column_size(seat, C.colour_index(state.bonus[tile.position - 1][0]))
    return total


def breakdown(state: State, seat: Seat) -> dict[str, int]:
    """The seat's points by source."""
    return {
        "cards": sum(C.vp(code) for col in seat.up for code in col),
        "boost tiles": tiles_vp(seat),
        "colour bonus": colour_bonus(state, seat),
        "bonus marks": marks(state, seat),
    }


def known_to(state: State, seat: int) -> State:
    """The state with the colour-bonus cards `seat` has not seen as `?` (a game not over)."""
    if state.phase == "over":
        return state
    seen = seen_positions(seat, state.seats[seat].moves)
    return replace(state, bonus=tuple(code if i + 1 in seen else UNKNOWN for i, code in enumerate(state.bonus)))


def score(state: State, seat: int | None = None) -> ScoreSheet:
    """The score sheet: each seat's points by source and its tie-break value, ranked by `rank`.

    With a seat, a game in progress is scored only with the bonus cards that seat has seen.
    """
    if seat is not None:
        state = known_to(state, seat)
    sheet, totals = [], []
    breakers = tiebreaks(state)
    for i, held in enumerate(state.seats):
        parts = breakdown(state, held)
        if state.pro is not None:
            parts["buildings"] = building_vp(state, i)
        totals.append(sum(parts.values()))
        sheet.append(SeatScore(seat=i, player=state.players[i], total=totals[-1], breakdown=parts,
                               tiebreak=tiebreaks_of(breakers, i)))
    return sheet_of(sheet, rank(state, totals))


def tiebreaks(state: State) -> list[tuple[str, list[int]]]:
    """The one tie-break, per seat: the points from the colour bonus (End of Game and Scoring)."""
    return [("colour bonus", [colour_bonus(state, seat) for seat in state.seats])]


def rank(state: State, totals: list[int]) -> Ranking:
    """Most VP wins; a tie goes to the larger colour bonus, then the victory is shared (End of Game and Scoring)."""
    return rank_highest(totals, state.phase == "over", tiebreaks(state),
                        shared="shared victory (equal VP and equal colour bonus)")
