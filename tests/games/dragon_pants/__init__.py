"""Dragon Pants: its rules engine, positions, players and module, each behind the game interface."""
