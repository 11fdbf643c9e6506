"""The public API for game authors: everything a rules module needs, from one import.

    from dragon_pnp.games import Event, GameModule, PositionError, Result

A game with rules is one `GameModule[Rules, State, Action]` subclass exposed as `GAME` in its
package (or its folder's `rules/`), with a state that follows the `GameState` protocol. What it
may add beyond the core hooks are optional parts (`Vocabulary`, `ReportPart`, `RulebookPart`,
`KitPart`, `CommandsPart`, `PlaytestPart`, `HiddenPart`). Chance comes from one seeded generator
(`seed_state`, `draw`, `shuffle`, `roll`); a position file is read back with the field helpers
(`Fields`, `whole`, `word`, ...) that raise the one located `PositionError`; `run_conformance` is
the suite every game passes; `load_game` loads a game folder with its rules module;
`once_per_object` keeps what a game derives from one rules object.

Only the names in `__all__` are public and kept stable; every other module of `dragon_pnp`
(`dragon_pnp.games.api` included, which the seed games still import) is private by convention
and may change. The names load on first use (PEP 562), so importing one submodule of
`dragon_pnp.games` never pays for the rest.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragon_pnp.data.declarations import DataFile
    from dragon_pnp.data.findings import Finding as DataFinding
    from dragon_pnp.errors import DataError, IllegalActionError, Location, NotationError, RuleCheckError
    from dragon_pnp.games.api import (
        Event,
        Finding,
        GameModule,
        GameState,
        Part,
        PlayTrace,
        Policy,
        PolicyFactory,
        PositionError,
        Result,
    )
    from dragon_pnp.games.chance import MASK64, draw, roll, seed_state, shuffle, substream
    from dragon_pnp.games.conformance import Conformance, Failure, run_conformance
    from dragon_pnp.games.memo import once_per_object
    from dragon_pnp.games.parts import (
        PART_KINDS,
        CommandsPart,
        HiddenPart,
        KitPart,
        PlaytestPart,
        ReferencePlay,
        ReportPart,
        RulebookPart,
        Vocabulary,
    )
    from dragon_pnp.games.position_fields import BIG, Fields, card, is_int, items, seat, shown, whole, word
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.games.report_parts import (
        Bar,
        BarChart,
        ColumnChart,
        HazardSpec,
        MetricSpec,
        ReasonSpec,
        ReportSpec,
        Section,
        Table,
    )

# Public name -> (module, its name there).
_WHERE: dict[str, tuple[str, str]] = {
    # the interface: module, state protocol, what happened, how it ended, players
    **{name: ("dragon_pnp.games.api", name) for name in (
        "GameModule", "GameState", "Result", "Event", "PositionError", "Finding", "PlayTrace", "Part",
        "Policy", "PolicyFactory")},
    "DataFile": ("dragon_pnp.data.declarations", "DataFile"),
    "DataFinding": ("dragon_pnp.data.findings", "Finding"),
    # the errors a game raises besides PositionError
    **{name: ("dragon_pnp.errors", name) for name in (
        "IllegalActionError", "NotationError", "DataError", "Location", "RuleCheckError")},
    # optional parts, each with its generic default
    **{name: ("dragon_pnp.games.parts", name) for name in (
        "Vocabulary", "ReportPart", "ReferencePlay", "RulebookPart", "KitPart", "CommandsPart", "PlaytestPart",
        "HiddenPart", "PART_KINDS")},
    # how the rules-check report speaks of the game
    **{name: ("dragon_pnp.games.report_parts", name) for name in (
        "ReportSpec", "ReasonSpec", "HazardSpec", "MetricSpec", "Section", "Table", "Bar", "BarChart",
        "ColumnChart")},
    # chance
    **{name: ("dragon_pnp.games.chance", name) for name in (
        "MASK64", "seed_state", "draw", "substream", "shuffle", "roll")},
    # position fields
    **{name: ("dragon_pnp.games.position_fields", name) for name in (
        "Fields", "whole", "word", "seat", "card", "items", "shown", "is_int", "BIG")},
    # what a game derives from its rules, made once per rules object
    "once_per_object": ("dragon_pnp.games.memo", "once_per_object"),
    # the conformance suite, and loading a game to run it on
    **{name: ("dragon_pnp.games.conformance", name) for name in ("run_conformance", "Conformance", "Failure")},
    "load_game": ("dragon_pnp.games.registry", "load_game"),
}

__all__ = [
    "BIG", "MASK64", "PART_KINDS", "Bar", "BarChart", "ColumnChart", "CommandsPart", "Conformance", "DataError",
    "DataFile", "DataFinding", "Event", "Failure", "Fields", "Finding", "GameModule", "GameState", "HazardSpec",
    "HiddenPart", "IllegalActionError", "KitPart", "Location", "MetricSpec", "NotationError", "Part",
    "PlayTrace", "PlaytestPart", "Policy", "PolicyFactory", "PositionError", "ReasonSpec", "ReferencePlay",
    "ReportPart", "ReportSpec", "Result", "RuleCheckError", "RulebookPart", "Section", "Table", "Vocabulary",
    "card", "draw", "is_int", "items", "load_game", "once_per_object", "roll", "run_conformance", "seat", "seed_state", "shown",
    "shuffle", "substream", "whole", "word",
]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'dragon_pnp.games' has no attribute {name!r}")
    value = getattr(import_module(where[0]), where[1])
    globals()[name] = value   # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
