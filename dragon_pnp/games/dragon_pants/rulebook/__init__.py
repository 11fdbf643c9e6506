"""Dragon Pants in its rulebook: the facts rules.md quotes (facts.py), and the directives, tables and
figures its rules.md places (directives.py), drawn from its data and judged by its engine."""
