"""Cross-checks of a game's data beyond the schema: the generic ones, then its rules module's.

A check is a function `(game) -> Iterator[Finding]`, registered with a short name and a title
(`validate --json` lists them). Data findings exit 2, rule findings (a deck that can never end,
say) exit 1. The build's first step runs them all and refuses to build on any finding.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from dragon_pnp.data.findings import Check as Check
from dragon_pnp.data.findings import Finding as Finding
from dragon_pnp.data.findings import FindingKind as FindingKind
from dragon_pnp.data.loader import GameData
from dragon_pnp.errors import DataError, DataErrors, RuleCheckError


@dataclass(frozen=True)
class CheckResult:
    name: str
    title: str
    findings: tuple[Finding, ...]

    @property
    def passed(self) -> bool:
        return not self.findings


CHECKS: list[tuple[str, str, Check]] = []


def check(name: str, title: str) -> Callable[[Check], Check]:
    """Register a cross-check under a short name and the title shown in the table."""

    def register(function: Check) -> Check:
        CHECKS.append((name, title, function))
        return function

    return register


def validate_game(game: GameData) -> list[Finding]:
    """Every finding of every check, in check order."""
    return [finding for result in run_checks(game) for finding in result.findings]


def run_checks(game: GameData) -> list[CheckResult]:
    """The generic checks, then the rules module's own, in order."""
    checks = list(CHECKS) + (list(game.module.data_checks()) if game.module is not None else [])
    return [CheckResult(name, title, tuple(function(game))) for name, title, function in checks]


def exit_code(findings: list[Finding]) -> int:
    if any(f.kind == "data" for f in findings):
        return 2
    return 1 if findings else 0


def raise_for(findings: list[Finding]) -> None:
    """Turn findings into the exception the CLI reports: DataErrors (2) or RuleCheckError (1)."""
    data = [f for f in findings if f.kind == "data"]
    if data:
        raise DataErrors([DataError(f.location, f.message) for f in data])
    if findings:
        raise RuleCheckError("\n".join(str(f) for f in findings))






@check("components", "Component data")
def component_data(game: GameData) -> Iterator[Finding]:
    """Every deck has at least one card to print."""
    for index, component in enumerate(game.game.components):
        if component.kind == "deck" and not any(int(row.get(component.count_field, 1) or 0) > 0
                                                for row in game.rows(component.id)):
            yield Finding("components", "data", f"deck {component.id!r} prints no card (every count is 0)",
                          game.locate("game.yaml", "components", index, "cards"))


@check("hex_maps", "Hex maps of tile components")
def hex_maps(game: GameData) -> Iterator[Finding]:
    """Every tile names a terrain of its map, and every home has its seat colour in print.yaml (the
    tiles, standees and setup maps print each home in that colour)."""
    for component in game.game.components:
        if component.kind != "tiles":
            continue
        file, hexmap = component.map, game.component_data[component.id]
        for i, tile in enumerate(hexmap.tiles):
            if tile.terrain not in hexmap.terrains:
                yield Finding("hex_maps", "data", f"unknown terrain {tile.terrain!r}; expected one of "
                              f"{', '.join(hexmap.terrains)}", game.locate(file, "tiles", i, "terrain"))
        homes_key = type(hexmap).model_fields["homes"].alias or "homes"   # the map file's own word
        for i, home in enumerate(hexmap.homes):
            if home.id not in game.print_profile.seat_colours:
                yield Finding("hex_maps", "data", f"{homes_key.rstrip('s')} {home.id!r} has no colour; add it to "
                              f"print.yaml seat_colours (which has {', '.join(game.print_profile.seat_colours) or 'none'})",
                              game.locate(file, homes_key, i, "id"))


@check("sheets", "Sheet layouts named in print.yaml")
def sheet_overrides(game: GameData) -> Iterator[Finding]:
    """print.yaml `sheets` may only adjust layouts the imposer has; a misspelt one would do nothing."""
    from dragon_pnp.kit.layouts import sheet_layouts

    known = sheet_layouts()
    for name in game.print_profile.sheets:
        if name not in known:
            yield Finding("sheets", "data", f"unknown sheet layout {name!r}; expected one of {', '.join(sorted(known))}",
                          game.locate("print.yaml", "sheets", name))
def load_checked(game: str | Path) -> GameData:
    """A game loaded and cross-checked as `validate` and `build` do: DataErrors (or a
    RuleCheckError) on any finding, else the loaded data."""
    from dragon_pnp.games.registry import load_game

    data = load_game(game)
    raise_for(validate_game(data))
    return data
