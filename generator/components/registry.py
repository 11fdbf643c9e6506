"""Component kinds and their planners: `kind -> module` with `plan(spec, context) -> ComponentPlan`.

Planners are imported when a game uses their kind, so a card game never loads the hex-board code.
"""

from __future__ import annotations

import importlib
from typing import Callable

from generator.components.base import ComponentPlan, PlanContext

PLANNERS: dict[str, str] = {
    "deck": "generator.components.deck",
    "tokens": "generator.components.tokens",
    "dice": "generator.components.dice",
    "aid": "generator.components.aid",
}

Planner = Callable[..., ComponentPlan]


def planner(kind: str) -> Planner:
    """The `plan` function of a component kind."""
    if kind not in PLANNERS:
        raise LookupError(f"no planner for component kind {kind!r}; known: {', '.join(sorted(PLANNERS))}")
    return importlib.import_module(PLANNERS[kind]).plan


def plan_component(spec: object, context: PlanContext) -> ComponentPlan:
    """What one component of game.yaml adds to the kit."""
    return planner(getattr(spec, "kind"))(spec, context)
