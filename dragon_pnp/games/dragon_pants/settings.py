"""Dragon Pants rule numbers from game.yaml's `settings:` (validated as `PantsSettings`)."""

from __future__ import annotations

from typing import Any


def setting(game: Any, name: str) -> Any:
    """`settings.<name>` of the loaded game (`GameData.settings`)."""
    return getattr(game.settings, name)
