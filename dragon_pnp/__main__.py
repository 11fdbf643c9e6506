"""`python -m dragon_pnp` runs the same CLI as the `dragon-pnp` command."""

from dragon_pnp.cli import main

main()
