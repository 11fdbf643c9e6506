"""Dragon Pants rule numbers from game.yaml, wherever the manifest keeps them.

They move from game.yaml's top level into its `settings:` block; reading through this one
function keeps the module working on either form.
"""

from __future__ import annotations

from typing import Any


def setting(game: Any, name: str) -> Any:
    """`game.settings.<name>` if the manifest has it, else the top-level `game.<name>`."""
    info = game.game
    settings = getattr(info, "settings", None)
    if isinstance(settings, dict) and name in settings:
        return settings[name]
    if settings is not None and hasattr(settings, name):
        return getattr(settings, name)
    return getattr(info, name)
