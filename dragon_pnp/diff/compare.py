"""Run a whole diff: load both versions, compare data, pages, rulebook, exact maths and balance.

The result is one JSON-ready dict (plus the page thumbnails by file name), from which the
HTML, PDF and JSON are written. It holds no wall-clock times or temporary paths, so the same
two versions and seed give the same report byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dragon_pnp.checks import validate_game
from dragon_pnp.data import GameData
from dragon_pnp.diff.balance import FIRST_LOOK, compare_balance
from dragon_pnp.diff.data import data_changes
from dragon_pnp.diff.extras import compare_extras
from dragon_pnp.diff.pages import compare_pages
from dragon_pnp.diff.rulebook import rulebook_changes, rules_text
from dragon_pnp.diff.sources import Version, open_version
from dragon_pnp.diff.summary import summary
from dragon_pnp.errors import DataError, DragonPnpError
from dragon_pnp.games.registry import load_game
from dragon_pnp.report.check import CheckSettings, Execution

DIFF_VERSION = 1


@dataclass
class DiffOptions:
    balance: bool = True
    pages: bool = True
    paper: str = "letter"
    parallel: bool = True     # typeset the old rulebook in a forked process (False beside threads)
    check: CheckSettings = field(default_factory=lambda: CheckSettings(games=200, duel_games=200))
    first_look: int | None = FIRST_LOOK   # play in looks from this many games, stopping once clear (None: all at once)
    execution: Execution = field(default_factory=Execution)
    progress: Callable[[str], None] = field(default=lambda text: None)


@dataclass
class DiffResult:
    report: dict[str, Any]
    images: dict[str, bytes]


def run_diff(old_spec: str, new_spec: str, options: DiffOptions | None = None) -> DiffResult:
    """Compare two versions named as the command line names them (folder or folder@rev)."""
    options = options or DiffOptions()
    with open_version(old_spec) as old_version, open_version(new_spec) as new_version:
        old, new = load_game(old_version.folder), load_game(new_version.folder)
        return diff_games(old, new, old_version, new_version, options)


def diff_games(old: GameData, new: GameData, old_version: Version, new_version: Version,
               options: DiffOptions) -> DiffResult:
    options.progress("comparing data")
    same = _same_inputs(old, new)
    report: dict[str, Any] = {
        "version": DIFF_VERSION,
        "game": {"name": new.game.name, "slug": new.slug, "old_name": old.game.name},
        "old": _side(old, old_version),
        "new": _side(new, new_version),
        "data": [change.to_json() for change in data_changes(old, new)],
        "rulebook": rulebook_changes(_rules_text(old), _rules_text(new)),
        "extras": compare_extras(old, new),
        "pages": None,
        "balance": None,
    }
    images: dict[str, bytes] = {}
    if options.pages:
        options.progress("comparing pages")
        report["pages"], images = compare_pages(old, new, options.paper, options.parallel)
    if options.balance and old.module is not None and new.module is not None:
        options.progress("playing both versions")
        report["balance"] = compare_balance(old, new, options.check, options.execution, same_inputs=same,
                                            progress=options.progress, first_look=options.first_look)
    report["summary"] = summary(report)
    return DiffResult(report, images)


def _rules_text(game: GameData) -> str:
    """The version's filled-in rules text. When filling it fails because the data is wrong (a
    card rules.md names was removed), the located data error is what to fix, so it is the
    error reported, as `validate` reports it; the template's own failure follows it."""
    try:
        return rules_text(game)
    except DragonPnpError as exc:
        found = validate_game(game)
        if not found:
            raise
        more = f" (and {len(found) - 1} more problems; dragon-pnp validate lists them)" if len(found) > 1 else ""
        raise DataError(found[0].location, f"{found[0].message}{more}; rules.md cannot be filled in until "
                                           f"it is fixed ({exc})") from None


def _side(game: GameData, version: Version) -> dict[str, Any]:
    """How to name a version, and the cross-check problems its data has (shown, not refused:
    a diff is most wanted while the data is between two good states)."""
    problems = [{"at": _where(f.location), "message": f.message, "severity": f.severity}
                for f in validate_game(game)]
    return {"label": version.label, "version": game.game.version, "problems": problems}


def _where(location: Any) -> str:
    name = getattr(location.file, "name", str(location.file))
    return f"{name}:{location.line}" if location.line else str(name)


def _same_inputs(old: GameData, new: GameData) -> bool:
    """Both folders hold the same files byte for byte (compiled-code caches left out)."""
    from dragon_pnp.file_digest import folder_digest

    return folder_digest(old.root) == folder_digest(new.root)
