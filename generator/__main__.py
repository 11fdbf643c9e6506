"""`python -m generator` runs the same CLI as the `dragon-pnp` command."""

from generator.cli import main

main()
