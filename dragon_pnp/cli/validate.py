"""`dragon-pnp validate [GAME]`: schema and cross-checks, as a table or JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer
from rich.markup import escape
from rich.table import Table

from dragon_pnp.build.rehearsal import rehearse
from dragon_pnp.checks import CheckResult, exit_code, run_checks
from dragon_pnp.cli.app import GAME_HELP, app, console
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.errors import DataErrors
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.layout_warnings import take as layout_warnings

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData


@app.command()
def validate(
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    as_json: bool = typer.Option(False, "--json", help="Print machine-readable results."),
    lang: str | None = typer.Option(None, "--lang", help="Also check lang/<code>.yaml (`all`: every language): "
                                    "missing, stale and unknown keys."),
) -> int:
    """Check a game's data files: schema, ids, box counts, board, seats and deck rules, then
    lay out the rulebook and cards in memory, so validate fails on whatever build would.

    Exit 0 when valid, 1 when a rules check fails, 2 when the data is unreadable or malformed.
    """
    game = chosen_game(game, "validate")
    try:
        data = load_game(game)
    except DataErrors as exc:
        if not as_json:
            raise
        errors = [
            {"check": "schema", "kind": "data", "message": e.message, "file": str(e.location.file),
             "line": e.location.line, "column": e.location.column, "field": e.location.field}
            for e in exc.errors
        ]
        console.print_json(json.dumps({"game": str(game), "valid": False, "exit_code": 2, "errors": errors}))
        return 2
    results = run_checks(data)
    layout_warnings()  # only this run's warnings
    if not any(r.findings for r in results):
        # Only data that passes every check is laid out, as build does.
        results.append(CheckResult("layout", "Rules text, rulebook and card layout", tuple(rehearse(data))))
    findings = [f for r in results for f in r.findings]
    warnings = [str(w) for w in layout_warnings()]
    code = exit_code(findings)
    translations = _translations(data, lang) if lang is not None else []
    problems = _language_problems(data, translations)
    fit = _fit_table(data, translations) if lang is not None and code == 0 else None
    overflows = [f"{cell.location or code_}: {card or 'layout'}: {code_}: {cell.message}"
                 for card, code_, cell in (fit.overflows if fit is not None else [])]
    if problems or overflows:
        code = 2
    if as_json:
        payload = {
            "game": data.slug,
            "valid": code == 0,
            "exit_code": code,
            "checks": [{"name": r.name, "title": r.title, "passed": r.passed} for r in results],
            "errors": [f.to_json() for f in findings],
            "warnings": warnings,
            "translations": [{"kind": p.kind, "key": p.key, "message": p.message, "file": str(p.location.file),
                              "line": p.location.line} for p in problems],
            "fit": ({card: {c: {"state": cell.state, "size_pt": cell.size_pt, "line": cell.location.line if cell.location else None}
                            for c, cell in row.items()} for card, row in fit.cells.items()} if fit is not None else None),
            "fit_errors": overflows,
        }
        console.print_json(json.dumps(payload))
        return code
    table = Table(title=f"{data.game.name}: data checks", title_justify="left")
    table.add_column("Check")
    table.add_column("Result")
    table.add_column("Detail")
    table.add_row("schema", "[green]ok[/]", f"{len(data.sources)} files read")
    for result in results:
        status = "[green]ok[/]" if result.passed else f"[red]{len(result.findings)} failed[/]"
        detail = escape(result.findings[0].message) if result.findings else ""
        table.add_row(result.title, status, detail)
    console.print(table)
    for finding in findings:
        console.print(f"[bold red]error:[/] {escape(str(finding))}", soft_wrap=True)
    if fit is not None:
        fits = Table(title=f"{data.game.name}: fit per language", title_justify="left")
        fits.add_column("Card")
        for language in fit.languages:
            fits.add_column(language)
        for card, row in fit.cells.items():
            fits.add_row(card, *(escape(row[c].label()) if c in row else "" for c in fit.languages))
        console.print(fits)
    for problem in [*map(str, problems), *overflows]:
        console.print(f"[bold red]error:[/] {escape(problem)}", soft_wrap=True)
    for warning in warnings:
        console.print(f"[bold yellow]warning:[/] {escape(warning)}", soft_wrap=True)
    error_count = len(findings) + len(problems) + len(overflows)
    verdict = {0: "[green]valid[/]", 1: "[red]a rules check failed[/]", 2: "[red]malformed data[/]"}[code]
    console.print(f"{data.slug}: {verdict} ({len(results) + 1} checks, {error_count} error{'' if error_count == 1 else 's'})")
    return code


def _translations(data: GameData, lang: str) -> list[Any]:
    """One language file or (`all`) every one the game has, each read once: the key check and the
    fit table read the same files (reading one of Dragon Dance's costs ~0.15 CPU s)."""
    from dragon_pnp.data.lang.files import check_code, languages, read_translation

    codes = languages(data.root) if lang == "all" else [check_code(lang)]
    return [read_translation(data.root, code) for code in codes]


def _fit_table(data: GameData, translations: list[Any]) -> Any:
    """Every language's kit laid out in memory: card x language, fits / shrunk / overflows."""
    from dragon_pnp.build.lang_fit import fit_table

    return fit_table(data, translations)


def _language_problems(data: GameData, translations: list[Any]) -> list[Any]:
    """Missing, stale and unknown keys and glyphs no font draws, of each language file read."""
    from dragon_pnp.build.lang_glyphs import glyph_problems
    from dragon_pnp.data.lang.check import check_translation

    found = []
    for translation in translations:
        found += check_translation(data, translation) + glyph_problems(translation)
    return found
