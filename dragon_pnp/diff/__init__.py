"""`dragon-pnp diff OLD NEW`: what a change to a game did to its data, pages, rulebook and balance.

Generic: a game is reached only through its data, the kit and rulebook planners and its
`GameModule` (the one game-specific call, the exact maths a game reports, is in `extras.py`).
"""
