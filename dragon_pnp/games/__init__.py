"""Games with rules: the shared interface (`api`), the registry and one package per game."""
