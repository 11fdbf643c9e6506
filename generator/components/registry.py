"""Component kind -> its planner module. Each module has `plan(spec, context) -> ComponentPlan`."""

from __future__ import annotations

import importlib
from typing import Any, Callable

from generator.components.base import ComponentPlan, PlanContext

PLANNERS = {
    "deck": "generator.components.deck",
    "tokens": "generator.components.tokens",
    "dice": "generator.components.dice",
    "aid": "generator.components.aid",
    "tiles": "generator.components.tiles",
    "board": "generator.components.board",
    "track": "generator.components.track",
    "standees": "generator.components.standees",
}


def planner(kind: str) -> Callable[[Any, PlanContext], ComponentPlan]:
    """The plan function of a component kind (imported on first use)."""
    return importlib.import_module(PLANNERS[kind]).plan
