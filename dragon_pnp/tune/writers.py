"""The tune's answer in words (the terminal) and as data (`--json`, the studio)."""

from __future__ import annotations

import math
from typing import Any


def _share_or_mean(figure: str, value: float) -> str:
    if math.isnan(value) or math.isinf(value):
        return "?"
    share = figure.endswith(" wins") or figure == "draws" or figure.startswith(("ended: ", "hazard: "))
    return f"{100 * value:.1f} %" if share else f"{value:.2f}"


def text_report(report: dict[str, Any]) -> list[str]:
    """The answer as lines: targets, the current version, each proposal with its edits, its
    verified intervals and the figures that moved, the games played and a plain verdict."""
    config = report["config"]
    lines = [f"Tune {report['game']['name']}: {config['players']} players"
             f"{', ' + config['setup'] if config['setup'] else ''}, {config['policy']} at every seat, seed {config['seed']}"]
    for target in report["targets"]:
        name = target["figure"]
        now = report["current"].get(name)
        current = _share_or_mean(name, now["value"]) if now else "?"
        lines.append(f"  target {name} = {_share_or_mean(name, target['value'])} ± "
                     f"{_share_or_mean(name, target['tolerance'])} (now {current})")
    lines.append(f"  {len(report['knobs'])} numbers may change; {report['candidates']['tried']} candidates tried, "
                 f"{report['candidates']['invalid']} refused by validation")
    if report["candidates"]["invalid_example"]:
        lines.append(f"    e.g. {report['candidates']['invalid_example']}")
    if report["already_met"]:
        lines.append("The current version already meets the targets by the search's estimate: no change needed "
                     "(verified below).")
    for proposal in report["proposals"]:
        checked = proposal["verified"]
        count = len(proposal["edits"])
        lines.append(f"Proposal {proposal['rank']} ({checked['verdict']}, "
                     f"{count or 'no'} edit{'s' if count != 1 else ''}):")
        for edit in proposal["edits"]:
            lines.append(f"  {edit['file']}:{edit['line']} {edit['path']}: {edit['old']} -> {edit['new']}")
        for name, interval in checked["figures"].items():
            lines.append(f"  {name}: {_share_or_mean(name, interval['value'])} "
                         f"({_share_or_mean(name, interval['low'])} to {_share_or_mean(name, interval['high'])}, "
                         f"{100 * checked['level']:.0f} % interval over {checked['games']} fresh games)")
        if not checked["figures"]:
            estimate = proposal["search_estimate"]
            for name, value in estimate.items():
                if value:
                    lines.append(f"  {name}: about {_share_or_mean(name, value['value'])} "
                                 f"(search estimate over {proposal['search_games']} games, not verified)")
        for moved in checked["moved"]:
            lines.append(f"  also moved ({moved['verdict']}, Holm): {moved['figure']} "
                         f"{_share_or_mean(moved['figure'], moved['old'])} -> {_share_or_mean(moved['figure'], moved['new'])}")
    games = report["games"]
    lines.append(f"{games['total']} games played ({games['search']} searching, {games['verify']} verifying) "
                 f"in {report['seconds']:.0f} s; the search stopped: {report['stopped']}.")
    if not report["met"]:
        lines.append("The target was not met within the budget: the closest proposals are above.")
    return lines
