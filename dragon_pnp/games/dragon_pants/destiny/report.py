"""Build step: write the exact Destiny analysis of every preset into the kit as JSON."""

from __future__ import annotations

import json

from dragon_pnp.build.context import BuildContext
from dragon_pnp.games.dragon_pants.destiny.presets import analyse_presets


def build_step(context: BuildContext) -> None:
    results = [analysis.to_json() for analysis in analyse_presets(context.game)]
    target = context.path("destiny.json")
    target.write_text(json.dumps(results, indent=2, sort_keys=False) + "\n", encoding="utf-8")
    context.artifacts["destiny.json"] = target
