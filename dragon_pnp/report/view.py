"""What the report shows, worked out once from the report data for both the HTML and the PDF:
section tables as rows of strings and charts as chart models.

The generic sections (findings, settings, overview, mixed games, fairness, every configuration)
read only the report's JSON; the game's labels (`report["labels"]`) name its end reasons,
hazards and metrics, and its own sections come from its module's `report_sections`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dragon_pnp.games.parts import ReportPart
from dragon_pnp.games.registry import UnknownRulesModule, game_module
from dragon_pnp.games.report_parts import Bar, BarChart, Section, Table, pct
from dragon_pnp.report.record import CUT_OFF, ERROR
from dragon_pnp.report.simulate import DECISION_CAP_HAZARD

__all__ = ["ConfigView", "ReportView", "Section", "Table", "build_view"]

GENERIC_REASONS = {ERROR: ("engine error", "Errors"), CUT_OFF: ("cut off (decision cap)", "Cut off")}
GENERIC_HAZARDS = {DECISION_CAP_HAZARD: "Game cut off at the decision cap"}
POLICY_NOTES = {
    "random": "Random players pick uniformly among the legal actions of every decision.",
    "lookahead": "Look-ahead players try each of their legal actions one step ahead and keep the one the game's "
                 "own evaluation scores best; where others choose at the same time, their replies are tried "
                 "or sampled.",
}


@dataclass
class ConfigView:
    key: str
    title: str
    tables: list[Table]
    charts: list[BarChart] = field(default_factory=list)


@dataclass
class ReportView:
    title: str
    subtitle: str
    settings: list[tuple[str, str]]
    attention: list[str]
    notes: list[str]
    overview: Table
    duel_title: str
    duel: Table | None
    duel_chart: BarChart | None
    first_chart: BarChart | None
    seat_charts: list[BarChart]
    sections: list[Section]
    validation: list[str]
    configs: list[ConfigView]
    method: list[str]
    reproduce: str


def f1(x: float) -> str:
    return f"{x:.1f}"


def num(x: float) -> str:
    """A whole number as such, anything else to one decimal."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def ci(interval: dict[str, Any]) -> str:
    return f"{pct(interval['rate'])} ({pct(interval['low'])}-{pct(interval['high'])})"


def build_view(report: dict[str, Any]) -> ReportView:
    game = report["game"]
    settings = report["settings"]
    reference = settings["reference"]
    findings = report["findings"]
    ahead, behind = _rotation(report)
    return ReportView(
        title=f"{game['name']}: rules check",
        subtitle=(f"{report['total_games']:,} simulated games, seed {settings['seed']}, "
                  f"{settings['games']:,} per configuration"),
        settings=_settings(report),
        attention=[f["text"] for f in findings if f["severity"] == "attention"],
        notes=[f["text"] for f in findings if f["severity"] == "note"],
        overview=_overview(report),
        duel_title=f"{ahead.capitalize()} against {behind}",
        duel=_duel_table(report),
        duel_chart=_duel_chart(report),
        first_chart=_first_chart(report, reference),
        seat_charts=_seat_charts(report, reference),
        sections=_ladder_sections(report) + _game_sections(report),
        validation=[f"{v['file']}:{v['line']}: {v['message']}" for v in report["validation"]]
        or ["All data checks of dragon-pnp validate passed."],
        configs=[_config_view(report, c) for c in report["configs"] + report["duels"]],
        method=_method(report),
        reproduce=_reproduce(report),
    )


def _rotation(report: dict[str, Any]) -> tuple[str, str]:
    ahead, behind = (list(report["settings"]["mixed"]) * 2)[:2]
    return ahead, behind


def _setup_name(report: dict[str, Any], setup: str) -> str:
    return str(report["game"]["setups"].get(setup, setup))


def _settings(report: dict[str, Any]) -> list[tuple[str, str]]:
    s = report["settings"]
    labels = report["labels"]
    ahead, behind = _rotation(report)
    options = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in s["options"].items()) or "the defaults of game.yaml"
    rows = [("Player counts", ", ".join(map(str, s["players"])))]
    if any(s["setups"]):
        rows.append((labels["setup_label"], ", ".join(f"{_setup_name(report, p)} ({p})" for p in s["setups"])))
    where = f", {s['duel_setup']} {labels['setup_noun']}" if s["duel_setup"] else ""
    rows += [
        ("Policies", ", ".join(s["policies"])),
        ("Games per configuration", f"{s['games']:,}"),
        (f"{ahead.capitalize()}-against-{behind} games", f"{s['duel_games']:,} per player count{where}"),
        ("Root seed", str(s["seed"])),
        ("Rules options", options),
    ]
    return rows


def _reasons(report: dict[str, Any]) -> list[str]:
    """End reasons in report order: the game's, then any other that came up."""
    seen: dict[str, None] = {}
    for c in report["configs"] + report["duels"]:
        for reason, row in c["completion"].items():
            if reason in report["labels"]["reasons"] or row["count"] or reason == ERROR:
                seen.setdefault(reason, None)
    return list(seen)


def _reason_label(report: dict[str, Any], reason: str) -> tuple[str, str]:
    declared = report["labels"]["reasons"].get(reason)
    if declared:
        return declared["label"], declared["column"]
    return GENERIC_REASONS.get(reason, (reason.replace("_", " "), reason.replace("_", " ").capitalize()))


def _overview_metrics(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(name, m["overview"], m["overview_stat"]) for name, m in report["labels"]["metrics"].items()
            if m.get("overview")]


def _overview(report: dict[str, Any]) -> Table:
    rows = []
    configs = report["configs"] + report["duels"]
    reasons = [r for r in _reasons(report) if r != ERROR]
    errors = any(c["errors"]["count"] for c in configs)
    extra = _overview_metrics(report)
    minutes = any(c["length"]["minutes"] for c in configs)
    for c in configs:
        comp = c["completion"]
        first = c["fairness"]["first_player"]
        row = [c["config"]["key"], f"{c['games']:,}"]
        row += [pct(comp[r]["share"]) if r in comp else "-" for r in reasons]
        if errors:
            row.append(pct(c["errors"]["share"]))
        row.append(num(c["length"]["rounds"]["median"]))
        if minutes:
            row.append(f"{c['length']['minutes']['median']:.0f}" if c["length"]["minutes"] else "-")
        row += [pct(first["rate"]) if first["games"] else "-",
                "-" if c["policies"] else ", ".join(str(s + 1) for s in c["fairness"]["flagged"]) or "none"]
        for name, _, stat in extra:
            figures = c["metrics"].get(name)
            row.append("-" if not figures or stat not in figures else
                       f1(figures[stat]) if stat == "mean" else num(figures[stat]))
        rows.append(row)
    header = ["Configuration", "Games", *[_reason_label(report, r)[1] for r in reasons]]
    header += ["Errors"] * errors + ["Rounds"] + ["Minutes"] * minutes + ["1st wins", "Odd seats"]
    header += [title for _, title, _ in extra]
    means = [title for _, title, stat in extra if stat == "mean"]
    ahead, behind = _rotation(report)
    note = ("Medians for rounds" + (", estimated minutes" if minutes else "")
            + "".join(f", {title.lower()}" for _, title, stat in extra if stat == "median")
            + (f"; means for {', '.join(t.lower() for t in means)}" if means else "") + ". "
            "'1st wins' is the win rate of whoever moved first; 'Odd seats' lists seats outside what chance "
            f"explains (not shown for mixed games, where {ahead} and {behind} players alternate seats).")
    return Table("All configurations", header, rows, note)


def _duel_table(report: dict[str, Any]) -> Table | None:
    ahead, behind = _rotation(report)
    rows = []
    for d in report["duels"]:
        policies = d["policies"]
        if not policies or ahead not in policies["rates"]:
            continue
        a, b = policies["rates"][ahead], policies["rates"].get(behind)
        rows.append([str(d["config"]["players"]), ci(a), ci(b) if b else "-",
                     f"{100 * policies['margin']:+.0f} points",
                     f"{policies['ratio']:.1f}x" if policies["ratio"] else "-", f"{policies['p_value']:.2g}"])
    if not rows:
        return None
    return Table(f"{ahead.capitalize()} against {behind}",
                 ["Players", f"{ahead.capitalize()} seat wins", f"{behind.capitalize()} seat wins", "Margin", "Ratio",
                  "p"], rows,
                 f"Mixed games: {ahead} and {behind} seats alternate, shifting by one seat each game. A seat's win "
                 "rate is its wins over the seat-games it played, with a 95 % Wilson interval.")


def _duel_chart(report: dict[str, Any]) -> BarChart | None:
    bars = []
    for d in report["duels"]:
        policies = d["policies"]
        if not policies:
            continue
        for name in _rotation(report):
            rate = policies["rates"].get(name)
            if rate:
                bars.append(Bar(f"{d['config']['players']} players, {name}", rate["rate"], rate["low"],
                                rate["high"], note=pct(rate["rate"])))
    if not bars:
        return None
    ahead, behind = _rotation(report)
    return BarChart(f"Win rate per seat played: {ahead} against {behind}", tuple(bars),
                    maximum=_round_up(max(b.high or b.value for b in bars)))


def _first_chart(report: dict[str, Any], policy: str) -> BarChart | None:
    bars = []
    for c in report["configs"]:
        if c["config"]["policy"] != policy:
            continue
        first = c["fairness"]["first_player"]
        if not first["games"]:
            continue
        bars.append(Bar(c["config"]["key"].removesuffix(f"-{policy}"), first["rate"], first["low"], first["high"],
                        flagged=first["p_value"] < 0.05 / max(1, len(report["configs"])),
                        note=f"{pct(first['rate'])} vs {pct(first['expected'])}"))
    if not bars:
        return None
    return BarChart(f"Win rate of the first player ({policy} games)", tuple(bars),
                    maximum=_round_up(max(b.high for b in bars if b.high is not None)), row_mm=5.0)


def _seat_label(report: dict[str, Any], players: int, seat: int) -> str:
    names = report["game"]["seat_names"].get(str(players), [])
    if not report["labels"]["seat_label"] and names == [f"seat {n}" for n in range(1, players + 1)]:
        return f"seat {seat + 1}"
    return f"seat {seat + 1} ({names[seat] if seat < len(names) else '?'})"


def _seat_charts(report: dict[str, Any], policy: str) -> list[BarChart]:
    setup = report["game"]["default_setup"]
    charts = []
    for c in report["configs"]:
        cfg = c["config"]
        if cfg["policy"] != policy or cfg["setup"] != setup or not c["fairness"]["decided"]:
            continue
        bars = tuple(
            Bar(_seat_label(report, cfg["players"], s["seat"]), s["rate"], s["low"], s["high"], flagged=s["flagged"],
                note=pct(s["rate"]))
            for s in c["fairness"]["seats"]
        )
        which = f"{policy}, {setup}" if setup else policy
        charts.append(BarChart(f"{cfg['players']} players: wins per seat ({which})", bars,
                               reference=1 / cfg["players"], reference_label="chance",
                               maximum=_round_up(max(b.high for b in bars if b.high is not None)), row_mm=5.0))
    return charts


def _ladder_sections(report: dict[str, Any]) -> list[Section]:
    """The skill ladder: each pairing's share, interval and test, and its verdict."""
    ladder = report.get("ladder")
    if not ladder:
        return []
    rows = [[p["a"], p["b"], f"{100 * p['share']:.0f} %", f"{100 * p['ci'][0]:.0f}-{100 * p['ci'][1]:.0f} %",
             f"{p['wins']}-{p['losses']}-{p['draws']}", f"{p['p_value']:.2g}", "yes" if p["beyond_chance"] else "no"]
            for p in ladder["pairings"]]
    note = (f"Each pairing is {ladder['games_per_pairing']:,} games on mirrored deals (every deal played with A in "
            f"each seat); A's share counts a draw as 1/{ladder['players']}. Beyond chance: {ladder['correction']}'s "
            f"correction over {ladder['tests']} pairings at {100 * ladder['alpha']:.0f} %; with this sample a share "
            f"must differ from 50 % by {100 * ladder['detectable']:.0f} points to be found with 80 % power at "
            "the strictest level. "
            f"{ladder['verdict']}")
    table = Table("Skill ladder", ["A", "B", "A's share", "95 % CI", "W-L-D", "p", "Beyond chance"], rows, note,
                  numeric_from=2)
    return [Section("Skill ladder", [table])]


def _game_sections(report: dict[str, Any]) -> list[Section]:
    """The game module's own sections; none for a report whose module is not installed here."""
    name = report["game"].get("rules_module")
    if not name:
        return []
    try:
        module = game_module(name)
    except UnknownRulesModule:
        return []
    return list(module.part(ReportPart).report_sections(report))


# --- one configuration ----------------------------------------------------------------------


def _config_view(report: dict[str, Any], c: dict[str, Any]) -> ConfigView:
    cfg = c["config"]
    players = cfg["players"]
    setup = f", {_setup_name(report, cfg['setup'])}" if cfg["setup"] else ""
    title = f"{players} players{setup}, {cfg['policy']} players"
    completion = Table("Completion", ["How the game ended", "Games", "Share"],
                       [[_reason_label(report, k)[0], f"{v['count']:,}", pct(v["share"])]
                        for k, v in c["completion"].items()])
    tables = [completion, _length_table(report, c), _fairness_table(report, c)]
    tables += _metric_tables(report, c)
    tables.append(_hazard_table(report, c))
    return ConfigView(cfg["key"], title, tables)


def _length_table(report: dict[str, Any], c: dict[str, Any]) -> Table:
    length = c["length"]
    measures = [("Rounds", length["rounds"], False)]
    measures += [(m["label"], c["metrics"][name], m["percent"]) for name, m in report["labels"]["metrics"].items()
                 if m["table"] == "Length" and c["metrics"].get(name, {}).get("kind") == "number"]
    if length["minutes"]:
        measures.append(("Minutes (estimate)", length["minutes"], False))
    return _number_table("Length", measures)


def words(key: str) -> str:
    """A key a game did not label, as words for a reader: "cards_chosen" -> "Cards chosen",
    "knight:tail_lash" -> "knight: tail lash" (never a raw snake_case key in a table)."""
    text = key.replace("_", " ").replace(":", ": ")
    return text[:1].upper() + text[1:] if ":" not in key else text


def _number_table(title: str, measures: list[tuple[str, dict[str, Any], bool]]) -> Table:
    rows = []
    for name, s, percent in measures:
        show = pct if percent else num
        rows.append([name, pct(s["mean"]) if percent else f1(s["mean"]), show(s["median"]), show(s["p90"]),
                     show(s["max"])])
    return Table(title, ["Measure", "Mean", "Median", "p90", "Max"], rows)


def _fairness_table(report: dict[str, Any], c: dict[str, Any]) -> Table:
    cfg = c["config"]
    fair = c["fairness"]
    label = report["labels"]["seat_label"]
    names = report["game"]["seat_names"].get(str(cfg["players"]), [])
    header = ["Seat", *([label] if label else []), "Wins", "Win rate (95 % CI)", "p", "Flag"]
    rows = [[str(s["seat"] + 1), *([names[s["seat"]] if s["seat"] < len(names) else "?"] if label else []),
             f"{s['wins']:,}", ci(s), f"{s['p_value']:.2g}", "outside chance" if s["flagged"] else ""]
            for s in fair["seats"]]
    ahead, behind = _rotation(report)
    note = (f"Chance: {pct(fair['expected'])} each. "
            + (f"First player wins {ci(fair['first_player'])}, p = {fair['first_player']['p_value']:.2g}. "
               if fair["first_player"]["games"] else "")
            + f"Games without a winner: {fair['draws']['count']:,} ({pct(fair['draws']['share'])}).")
    if c["policies"]:
        note += (f" In mixed games seats alternate between {ahead} and {behind} players, so seat figures show "
                 "the players more than the seats.")
    return Table("Fairness (games with a winner)", header, rows, note, numeric_from=2 if label else 1)


def _metric_tables(report: dict[str, Any], c: dict[str, Any]) -> list[Table]:
    """The game's metrics, grouped into the tables its labels name (metrics it did not label: 'Metrics')."""
    labels = report["labels"]["metrics"]
    groups: dict[str, list[str]] = {}
    for name, m in labels.items():
        if m["table"] and m["table"] != "Length" and name in c["metrics"]:
            groups.setdefault(m["table"], []).append(name)
    for name in c["metrics"]:
        if name not in labels:
            groups.setdefault("Metrics", []).append(name)
    tables = []
    for title, names in groups.items():
        numbers = [n for n in names if c["metrics"][n]["kind"] == "number"]
        if numbers:
            tables.append(_number_table(title, [(labels.get(n, {}).get("label", words(n)), c["metrics"][n],
                                                 labels.get(n, {}).get("percent", False)) for n in numbers]))
        flags = [n for n in names if c["metrics"][n]["kind"] == "flag"]
        if flags:
            tables.append(Table(title, ["Measure", "Games", "Share"],
                                [[labels.get(n, {}).get("label", words(n)), f"{c['metrics'][n]['count']:,}",
                                  pct(c["metrics"][n]["share"])] for n in flags]))
        keyed = [n for n in names if c["metrics"][n]["kind"] in ("per_seat_counts", "counts")]
        if keyed:
            tables.append(_keyed_table(title, [(labels.get(n, {}), c["metrics"][n]) for n in keyed], c["games"],
                                       c["config"]["players"]))
        for n in names:
            if c["metrics"][n]["kind"] == "per_seat":
                seats = c["metrics"][n]["seats"]
                tables.append(Table(title, ["Measure", *[f"Seat {s + 1}" for s in range(len(seats))], "Per game"],
                                    [[labels.get(n, {}).get("label", words(n)), *map(num, seats),
                                      f"{c['metrics'][n]['per_game']:.2f}"]]))
    return tables


def _keyed_table(title: str, metrics: list[tuple[dict[str, Any], dict[str, Any]]], games: int, players: int) -> Table:
    """Counts by key (cards, faces) of one or more metrics: a row per key the labels name, then any
    other key seen; with several metrics a 'Use' column says which (played, reaction)."""
    several = len(metrics) > 1
    header_key = metrics[0][0].get("key_header", "Key")
    use = ["Use"] if several else []
    rows: list[list[str]] = []
    if all(figures["kind"] == "counts" for _, figures in metrics):
        for label, figures in metrics:
            names = dict(label.get("keys") or {})
            for k in list(names) + [k for k in figures["keys"] if k not in names]:
                rows.append([names.get(k, words(k)), *([label.get("label", "")] if several else []),
                             *_counts_row(figures["keys"].get(k), games)])
        return Table(title, [header_key, *use, "Total", "Per game", "Games", "Share"], rows,
                     numeric_from=2 if several else 1)
    for label, figures in metrics:
        names = dict(label.get("keys") or {})
        for k in list(names) + [k for k in figures["keys"] if k not in names]:
            row = figures["keys"].get(k)
            total = row["total"] if row else 0
            rows.append([names.get(k, words(k)), *([label.get("label", "")] if several else []), f"{total:,}",
                         f"{total / games if games else 0.0:.2f}", f"{row['games'] if row else 0:,}",
                         ci(row["user_win"]) if row and row.get("users") else "-"])
    # All keys together per game (Dragon Pants: reactions fired per game), which no row shows.
    in_all = "; ".join(f"{label.get('label') or 'all'} {figures['per_game']:.2f}" for label, figures in metrics)
    return Table(title, [header_key, *use, "Times", "Per game", "Games", "Users' win rate (95 % CI)"], rows,
                 f"Users' win rate: of the players who used it in a game, the share who won that game (chance "
                 f"{pct(1 / players)}). Per game in all: {in_all}.", numeric_from=2 if several else 1)


def _counts_row(row: dict[str, Any] | None, games: int) -> list[str]:
    if not row:
        return ["0", "0.00", "0", pct(0.0)]
    return [num(row["total"]), f"{row['per_game']:.2f}", f"{row['games']:,}", pct(row["share"])]


def _hazard_table(report: dict[str, Any], c: dict[str, Any]) -> Table:
    declared = report["labels"]["hazards"]
    hz = c["hazards"]
    kinds = list(declared) + [k for k in hz if k not in declared and (k not in GENERIC_HAZARDS or hz[k]["games"])]
    rows = []
    for kind in kinds:
        h = hz.get(kind)
        if h is None:
            continue
        label = declared[kind]["label"] if kind in declared else GENERIC_HAZARDS.get(kind, kind.replace("_", " "))
        rows.append([label, f"{h['games']:,}", pct(h["share"]), f"{h['total']:,}", _seeds(h["seeds"], h["games"])])
    errors = c["errors"]
    rows.append(["Engine errors", f"{errors['count']:,}", pct(errors["share"]), f"{errors['count']:,}",
                 _seeds([e["seed"] for e in errors["cases"]], errors["count"])])
    return Table("Rule hazards", ["Ruling or edge case", "Games", "Share", "Times", "Seed"], rows)


def _seeds(seeds: list[int], games: int) -> str:
    """The first reproducing seed (the JSON keeps the first ten)."""
    if not seeds:
        return "-"
    return str(seeds[0]) + (f" (+{games - 1} more)" if games > 1 else "")


# --- method and reproduction ------------------------------------------------------------------


def _method(report: dict[str, Any]) -> list[str]:
    labels = report["labels"]
    played = list(dict.fromkeys([*report["settings"]["policies"], *report["settings"]["mixed"]]))
    notes = {**POLICY_NOTES, **labels["policy_notes"]}
    players = " ".join(notes[p] for p in played if p in notes)
    lines = [
        players,
        "Every batch of games is seeded from the root seed, the configuration and the batch number, and batches "
        "are merged in order, so the figures are the same for any number of jobs and on any executor.",
        "Win rates carry 95 % Wilson score intervals. A seat is flagged when an exact two-sided binomial test "
        "against an equal share rejects at 5 % after one Holm correction over every seat of every configuration "
        "the policy played (in a two-player game only the first seat is tested: the second mirrors it). "
        "The first-player test compares the first player's wins with the other players' by a "
        "two-proportion z-test.",
        "Percentiles are linear interpolations (numpy's default).",
        *labels["method"],
        f"A game still undecided after {report['settings']['decision_cap']:,} decisions is cut off and counted as "
        "a hazard.",
    ]
    return [line for line in lines if line]


def _reproduce(report: dict[str, Any]) -> str:
    s = report["settings"]
    parts = [f"dragon-pnp check {report['game']['slug']}", f"--games {s['games']}",
             f"--players {','.join(map(str, s['players']))}"]
    if any(s["setups"]):
        parts.append(f"--setup {','.join(s['setups'])}")
    parts += [f"--policy {','.join(s['policies'])}", f"--seed {s['seed']}", f"--duel-games {s['duel_games']}"]
    if any(p == "search" or p.startswith("search:") for p in [*s["policies"], *s.get("mixed", [])]):
        named = s.get("search_per_players") or {}
        given = [f"{n}={g}" for n, g in named.items()] + ([str(s["search_games"])] if set(named) != set(map(str, s["players"])) else [])
        parts.append(f"--search-games {','.join(given)}")   # the counts played, whatever the default
    if "ladder_games" in s:
        parts.append(f"--ladder-games {s['ladder_games']}")
    for name, value in s["options"].items():
        parts.append(f"--option {name}={'on' if value else 'off'}")
    return " ".join(parts)


def _round_up(value: float) -> float:
    """A tidy axis end just above `value` (for rates: the next tenth, at most 1)."""
    for step in (0.1, 0.2, 0.25, 0.5, 0.75, 1.0):
        if value <= step:
            return step
    return 1.0

