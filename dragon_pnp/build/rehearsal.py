"""Lay out everything a build lays out, in memory, and keep only the errors: what `validate`
runs, so it refuses whatever `build` would refuse (rules text and its templates, the rulebook
and player aid, the card faces and sheets, the rules module's own facts) without drawing with cairo
or writing a file.
"""

from __future__ import annotations

import re
from pathlib import Path

from dragon_pnp.checks import Finding, FindingKind
from dragon_pnp.data import GameData
from dragon_pnp.errors import DataError, DataErrors, DragonPnpError, Location
from dragon_pnp.games.parts import RulebookPart

_PLACE = re.compile(r"^(?P<file>[^:\s][^:]*?)(?::(?P<line>\d+))?(?::(?P<column>\d+))?(?:: (?P<field>[\w.\[\]]+))?: (?P<message>.+)$",
                    re.S)


def rehearse(game: GameData, paper: str | None = None) -> list[Finding]:
    """The errors the build's layout steps would raise for this game, as findings (exit 2)."""
    from dragon_pnp.kit.kit import plan_kit
    from dragon_pnp.rulebook.document import rehearse_typesetting

    chosen = (paper or game.print_profile.paper).lower()
    findings: list[Finding] = []
    module = game.module
    facts = (lambda: module.part(RulebookPart).facts(game)) if module is not None else (lambda: None)
    for step in (facts, lambda: rehearse_typesetting(game, chosen), lambda: plan_kit(game, chosen)):
        try:
            step()
        except DragonPnpError as exc:
            findings += _findings(exc)
    return findings


def _findings(exc: DragonPnpError) -> list[Finding]:
    kind: FindingKind = "rule" if exc.exit_code == 1 else "data"
    if isinstance(exc, DataErrors):
        return [Finding("layout", kind, e.message, e.location) for e in exc.errors]
    if isinstance(exc, DataError):
        return [Finding("layout", kind, exc.message, exc.location)]
    text = str(exc)
    match = _PLACE.match(text)
    if match is None or not (match["line"] or Path(match["file"]).suffix):
        return [Finding("layout", kind, text, Location("rules and layout"))]
    location = Location(match["file"], int(match["line"]) if match["line"] else None,
                        int(match["column"]) if match["column"] else None, match["field"])
    return [Finding("layout", kind, match["message"], location)]
