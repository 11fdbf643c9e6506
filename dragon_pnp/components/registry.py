"""Component kinds and their planners: `kind -> module` with `plan(spec, context) -> ComponentPlan`.

Planners are imported when a game uses their kind, so a card game never loads the hex-board code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from dragon_pnp.components.base import ComponentPlan, PlanContext

PLANNERS: dict[str, str] = {
    "deck": "dragon_pnp.components.deck",
    "tokens": "dragon_pnp.components.tokens",
    "dice": "dragon_pnp.components.dice",
    "aid": "dragon_pnp.components.aid",
    "tiles": "dragon_pnp.components.tiles",
    "board": "dragon_pnp.components.board",
    "track": "dragon_pnp.components.track",
    "standees": "dragon_pnp.components.standees",
}


def planner(kind: str) -> Callable[[Any, PlanContext], ComponentPlan]:
    """The `plan` function of a component kind (imported on first use)."""
    if kind not in PLANNERS:
        raise LookupError(f"no planner for component kind {kind!r}; known: {', '.join(sorted(PLANNERS))}")
    plan: Callable[[Any, PlanContext], ComponentPlan] = importlib.import_module(PLANNERS[kind]).plan
    return plan


def plan_component(spec: Any, context: PlanContext) -> ComponentPlan:
    """What one component of game.yaml adds to the kit."""
    return planner(spec.kind)(spec, context)
