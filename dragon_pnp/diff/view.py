"""The diff report as tables of text, shared by the HTML and PDF writers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dragon_pnp.games.report_parts import Table

SECTION_TITLES = {"cards": "Cards", "components": "Components", "settings": "Settings",
                  "rules options": "Rules options", "game": "Game", "files": "Other files"}
LONG = 70


@dataclass
class PagePair:
    document: str
    page: int
    status: str
    where: str
    old_image: str | None
    new_image: str | None
    old_close_up: str | None = None
    new_close_up: str | None = None


@dataclass
class DiffView:
    title: str
    subtitle: str
    summary: str
    problems: list[str]
    data: list[Table]
    rulebook: list[dict[str, Any]]
    extras: Table | None
    pages: list[PagePair] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    pages_note: str = ""
    findings: list[str] = field(default_factory=list)
    balance: list[Table] = field(default_factory=list)
    balance_note: str = ""


def build_view(report: dict[str, Any]) -> DiffView:
    old, new = report["old"], report["new"]
    view = DiffView(
        title=f"{report['game']['name']}: what changed",
        subtitle=f"{old['label']} (version {old['version'] or '-'}) against {new['label']} (version {new['version'] or '-'})",
        summary=report["summary"],
        problems=[f"{side} version: {p['at']}: {p['message']}" for side, key in (("old", "old"), ("new", "new"))
                  for p in report[key]["problems"]],
        data=_data_tables(report["data"]),
        rulebook=report["rulebook"],
        extras=_extras_table(report["extras"]),
    )
    pages = report.get("pages")
    if pages is None:
        view.pages_note = "Pages were not compared (--no-pages)."
    else:
        for document in pages["changed"]:
            for entry in document["changed"]:
                view.pages.append(PagePair(document["document"], entry["page"], entry.get("status", "changed"),
                                           _where(entry), entry.get("old_image"), entry.get("new_image"),
                                           entry.get("old_close_up"), entry.get("new_close_up")))
        view.unchanged = pages["unchanged"]
    balance = report.get("balance")
    if balance is None:
        view.balance_note = "Balance was not compared (--no-balance, or the game has no rules module)."
    else:
        view.findings = ([f"Appeared: {f['text']}" for f in balance["appeared"]]
                         + [f"Disappeared: {f['text']}" for f in balance["disappeared"]]
                         + [f"Now: {c['new']['text']} (was: {c['old']['text']})" for c in balance["findings_changed"]])
        view.balance = _balance_tables(balance)
        view.balance_note = balance_note(balance)
    return view


def _data_tables(changes: list[dict[str, Any]]) -> list[Table]:
    tables = []
    for section, title in SECTION_TITLES.items():
        rows = [[c["item"], c["field"] or "(whole)", c["kind"], _text(c["old"]), _text(c["new"]),
                 c["old_at"] or "-", c["new_at"] or "-"] for c in changes if c["section"] == section]
        if rows:
            tables.append(Table(title, ["Item", "Field", "Change", "Old", "New", "Old at", "New at"], rows,
                                numeric_from=99))
    return tables


def _extras_table(extras: list[dict[str, Any]]) -> Table | None:
    if not extras:
        return None
    rows = [[e["figure"], _text(e["old"]), _text(e["new"]),
             "-" if e["difference"] is None else _number(e["difference"], signed=True)] for e in extras]
    return Table("Exact figures", ["Figure", "Old", "New", "Difference"], rows, numeric_from=1,
                 note="Computed exactly from the game's data by its rules module, not simulated.")


def balance_note(balance: dict[str, Any]) -> str:
    """How the figures were played and judged: pairing, the test, the correction and its size."""
    s, method = balance["settings"], balance.get("method", {})
    tested = method.get("tested", 0)
    words = [
        f"Both versions played {s['games']} games per configuration ({s['duel_games']} mixed), seed {s['seed']}, "
        "game i of a configuration from the same seed in both.",
        "Each figure: old, new, the mean paired difference (new − old) with its 95 % interval and a paired "
        "t-test; a win share counts a draw as an equal split (a half between two players). A figure known by "
        "several names (one series) is listed and tested once; a shift every game shares is certain.",
        f"Beyond chance: {method.get('correction', 'Holm')}-adjusted p below "
        f"{100 * method.get('alpha', 0.05):.2g} % over the {tested} figures tested together "
        f"(family-wise{_looks(method)}). “Detectable”: the smallest true change these games find with "
        f"{100 * method.get('power', 0.8):.0f} % power at {method.get('level', 0.05):.2g}, the strictest step "
        "of that correction; a figure within chance may still have moved by less.",
    ]
    needed = method.get("games_for_share_change")
    if needed:
        words.append(f"To see a {100 * method['share_change']:.0f}-point change in a win share at this correction "
                     f"would take about {needed:,} paired games per configuration.")
    words.append(f"{balance['games_differing']} of {balance['games_paired']} games ended differently; "
                 f"{balance['beyond_chance']} figures moved beyond chance or for certain.")
    if balance.get("not_compared"):
        words.append("Not compared: " + "; ".join(balance["not_compared"]) + ".")
    return " ".join(words)


def _looks(method: dict[str, Any]) -> str:
    sequential = method.get("sequential")
    if not sequential or len(sequential["planned"]) < 2:
        return ""
    return (f"; the 5 % split over looks at {', '.join(map(str, sequential['planned']))} games, stopped at "
            f"{sequential['played']}: {sequential['stopped']}")


def _balance_tables(balance: dict[str, Any]) -> list[Table]:
    tables: dict[str, Table] = {}
    for f in balance["figures"]:
        table = tables.setdefault(f["config"], Table(f["config"], ["Figure", "Old", "New", "Difference",
                                                                   "95 % CI", "Holm p", "Detectable",
                                                                   "Verdict"], []))
        share = f["unit"] == "share"
        if f["n"] == 0:
            table.rows.append([f["figure"], "-", "-", "-", "-", "-", "-", f["verdict"]])
            continue
        table.rows.append([f["figure"], _value(f["old"], share), _value(f["new"], share),
                           _value(f["difference"], share, signed=True),
                           f"{_value(f['low'], share, signed=True)} to {_value(f['high'], share, signed=True)}",
                           "-" if f["adjusted_p"] is None else f"{f['adjusted_p']:.2g}",
                           _detectable(f["detectable"], share),
                           f["verdict"]])
    return list(tables.values())


def _detectable(x: float | None, share: bool) -> str:
    if not x:
        return "-"
    if share and x >= 1:
        return "too few games"
    return f"±{100 * x:.1f} pt" if share else f"±{x:.2f}"


def _value(x: float, share: bool, signed: bool = False) -> str:
    if share:
        return f"{100 * x:+.1f} pt" if signed else f"{100 * x:.1f} %"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def _number(x: Any, signed: bool = False) -> str:
    if isinstance(x, int) and not isinstance(x, bool):
        return f"{x:+d}" if signed else str(x)
    if isinstance(x, float):
        return f"{x:+.4g}" if signed else f"{x:.4g}"
    return str(x)


def _text(value: Any) -> str:
    if value is None:
        return "-"
    text = _number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)
    return text if len(text) <= LONG else text[: LONG - 1] + "…"


def _where(entry: dict[str, Any]) -> str:
    box = entry.get("bbox_mm")
    if entry.get("status") != "changed":
        return f"page {entry.get('status')}"
    if not box:
        return "drawn differently, no visible change at this size"
    return f"x {box[0]:.0f}–{box[2]:.0f} mm, y {box[1]:.0f}–{box[3]:.0f} mm from the top left ({entry['percent']:.2f} % of the page)"
