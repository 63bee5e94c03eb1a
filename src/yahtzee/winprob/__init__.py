"""Playing to win against an opponent: win probabilities and the play-to-win 高手.

``tables`` holds the law of the points still to come (``dist``: for every state, under EV-optimal
play; exact last-box tables), ``estimate`` turns two sides' positions into P(win), P(draw),
P(loss), and ``yahtzee.players.winmax`` plays to maximise it.
"""
