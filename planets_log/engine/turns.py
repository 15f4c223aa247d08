"""What `Rules.to_move` answers besides a seat (here, below both the rules and the pictures' frame)."""

CHANCE = -1
"""`to_move` result: the next event is a chance outcome."""
TERMINAL = -2
"""`to_move` result: the game is over."""
