"""The build's first step: refuse to build from data that fails any cross-check."""

from __future__ import annotations

from dragon_pnp.build.context import BuildContext
from dragon_pnp.checks import raise_for, validate_game


def check_data(context: BuildContext) -> None:
    raise_for(validate_game(context.game))
