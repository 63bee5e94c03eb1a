"""Playing to win against the other seats: win probabilities and the play-to-win 高手.

``tables`` holds the law of the points still to come (``dist``: for every state, under EV-optimal
play; exact last-box tables), ``kernel`` and ``estimate`` turn the seats' positions (2 to 4) into
each seat's chance of the best total, alone or shared, and ``yahtzee.players.winmax`` plays to
maximise the acting seat's.
"""
