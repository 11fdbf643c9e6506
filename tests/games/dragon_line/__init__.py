"""Dragon Line: its rules, positions, players, duel arithmetic, kit and report figures."""
