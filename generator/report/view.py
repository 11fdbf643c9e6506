"""What the report shows, worked out once from the report data for both the HTML and the PDF:
section tables as rows of strings and charts as chart models."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.report.charts import BAR, SECOND, Bar, BarChart, ColumnChart
from generator.report.findings import pct

COMPLETION_LABELS = {"time": "time ran out", "destiny_exhausted": "Destiny deck used up",
                     "stall": "stalled (turn cap)", "error": "engine error"}
HAZARD_LABELS = {
    "den_shared": "Dragons sharing a den (R10)",
    "pants_discarded": "Pants in the discard pile (R15-R16)",
    "pants_in_deck": "Pants reshuffled into the deck (R12)",
    "stuck": "No legal action out of a den (R9)",
    "endless_turn": "Endless turn cut off",
    "stall_den_lock": "Stall: Pants holder held in its den",
    "stall_pants_loose": "Stall: Pants left in deck or discard",
    "stall_roaming": "Stall: Pants holder on the board",
}


@dataclass
class Table:
    title: str
    header: list[str]
    rows: list[list[str]]
    note: str = ""
    numeric_from: int = 1  # columns from here on are right-aligned


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
    duel: Table | None
    duel_chart: BarChart | None
    first_chart: BarChart | None
    seat_charts: list[BarChart]
    destiny: Table
    destiny_charts: list[ColumnChart]
    validation: list[str]
    configs: list[ConfigView]
    method: list[str]
    reproduce: str


def f1(x: float) -> str:
    return f"{x:.1f}"


def num(x: float) -> str:
    """A whole number as such, anything else to one decimal."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def ci(interval: dict) -> str:
    return f"{pct(interval['rate'])} ({pct(interval['low'])}-{pct(interval['high'])})"


def build_view(report: dict) -> ReportView:
    game = report["game"]
    settings = report["settings"]
    reference = "greedy" if "greedy" in settings["policies"] else settings["policies"][0]
    findings = report["findings"]
    return ReportView(
        title=f"{game['name']}: rules check",
        subtitle=(f"{report['total_games']:,} simulated games, seed {settings['seed']}, "
                  f"{settings['games']:,} per configuration"),
        settings=_settings(report),
        attention=[f["text"] for f in findings if f["severity"] == "attention"],
        notes=[f["text"] for f in findings if f["severity"] == "note"],
        overview=_overview(report),
        duel=_duel_table(report),
        duel_chart=_duel_chart(report),
        first_chart=_first_chart(report, reference),
        seat_charts=_seat_charts(report, reference),
        destiny=_destiny_table(report),
        destiny_charts=_destiny_charts(report, reference),
        validation=[f"{v['file']}:{v['line']}: {v['message']}" for v in report["validation"]]
        or ["All data checks of dragon-pnp validate passed."],
        configs=[_config_view(report, c) for c in report["configs"] + report["duels"]],
        method=_method(report),
        reproduce=_reproduce(report),
    )


def _settings(report: dict) -> list[tuple[str, str]]:
    s = report["settings"]
    presets = report["game"]["presets"]
    options = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in s["options"].items()) or "the defaults of game.yaml"
    return [
        ("Player counts", ", ".join(map(str, s["players"]))),
        ("Destiny presets", ", ".join(f"{presets.get(p, p)} ({p})" for p in s["presets"])),
        ("Policies", ", ".join(s["policies"])),
        ("Games per configuration", f"{s['games']:,}"),
        ("Greedy-against-random games", f"{s['duel_games']:,} per player count, {s['duel_preset']} preset"),
        ("Root seed", str(s["seed"])),
        ("Rules options", options),
    ]


def _overview(report: dict) -> Table:
    rows = []
    for c in report["configs"] + report["duels"]:
        comp = c["completion"]
        length = c["length"]
        minutes = length["minutes"]
        first = c["fairness"]["first_player"]
        flagged = c["fairness"]["flagged"]
        rows.append([
            c["config"]["key"],
            f"{c['games']:,}",
            pct(comp["time"]["share"]),
            pct(comp["destiny_exhausted"]["share"]),
            pct(comp["stall"]["share"] + comp["error"]["share"]),
            num(length["turns"]["median"]),
            num(length["rounds"]["median"]),
            num(length["destiny_draws"]["median"]),
            f"{minutes['median']:.0f}" if minutes else "-",
            pct(first["rate"]) if first["games"] else "-",
            "-" if c["policies"] else ", ".join(str(s + 1) for s in flagged) or "none",
            f1(c["tension"]["pants_changes"]["mean"]),
        ])
    return Table("All configurations", ["Configuration", "Games", "Time", "Deck out", "Stall",
                                        "Turns", "Rounds", "Destiny", "Minutes", "1st wins", "Odd seats",
                                        "Pants moves"], rows,
                 "Medians for turns, rounds, Destiny draws and estimated minutes. '1st wins' is the win rate of "
                 "whoever moved first (dealt The Pants); 'Odd seats' lists seats outside what chance explains "
                 "(not shown for mixed games, where greedy and random players alternate seats).")


def _duel_table(report: dict) -> Table | None:
    rows = []
    for d in report["duels"]:
        policies = d["policies"]
        if not policies or "greedy" not in policies["rates"]:
            continue
        g, r = policies["rates"]["greedy"], policies["rates"].get("random")
        rows.append([str(d["config"]["players"]), ci(g), ci(r) if r else "-",
                     f"{100 * policies['margin']:+.0f} points",
                     f"{policies['ratio']:.1f}x" if policies["ratio"] else "-", f"{policies['p_value']:.2g}"])
    if not rows:
        return None
    return Table("Greedy against random", ["Players", "Greedy seat wins", "Random seat wins", "Margin", "Ratio",
                                           "p"], rows,
                 "Mixed games: greedy and random seats alternate, shifting by one seat each game. A seat's win rate "
                 "is its wins over the seat-games it played, with a 95 % Wilson interval.")


def _duel_chart(report: dict) -> BarChart | None:
    bars = []
    for d in report["duels"]:
        policies = d["policies"]
        if not policies:
            continue
        for name in ("greedy", "random"):
            rate = policies["rates"].get(name)
            if rate:
                bars.append(Bar(f"{d['config']['players']} players, {name}", rate["rate"], rate["low"],
                                rate["high"], note=pct(rate["rate"])))
    if not bars:
        return None
    return BarChart("Win rate per seat played: greedy against random", tuple(bars),
                    maximum=_round_up(max(b.high or b.value for b in bars)))


def _first_chart(report: dict, policy: str) -> BarChart | None:
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
                    maximum=_round_up(max(b.high for b in bars)), row_mm=5.0)


def _seat_charts(report: dict, policy: str) -> list[BarChart]:
    preset = report["game"]["default_preset"]
    dens = report["game"]["dens"]
    charts = []
    for c in report["configs"]:
        cfg = c["config"]
        if cfg["policy"] != policy or cfg["preset"] != preset or not c["fairness"]["decided"]:
            continue
        names = dens.get(str(cfg["players"]), [])
        bars = tuple(
            Bar(f"seat {s['seat'] + 1} ({names[s['seat']] if s['seat'] < len(names) else '?'})", s["rate"],
                s["low"], s["high"], flagged=s["flagged"], note=pct(s["rate"]))
            for s in c["fairness"]["seats"]
        )
        charts.append(BarChart(f"{cfg['players']} players: wins per seat ({policy}, {preset})", bars,
                               reference=1 / cfg["players"], reference_label="chance",
                               maximum=_round_up(max(b.high for b in bars)), row_mm=5.0))
    return charts


def _destiny_table(report: dict) -> Table:
    rows = []
    for a in report["destiny"]:
        simulated = [c for c in report["configs"] if c["config"]["preset"] == a["preset"]]
        games = sum(c["games"] for c in simulated)
        last = sum(c["last_card"]["count"] for c in simulated)
        d = a["draws"]
        rows.append([
            a["preset"], str(a["length"]), " ".join(f"{v}x{n}" for v, n in a["composition"].items()), str(a["sum"]),
            "yes" if a["guaranteed"] else "no", f"{a['p_end']:.4f}",
            f"{d['min']} / {d['mean']:.2f} / {d['median']} / {d['p90']} / {d['max']}",
            f"{a['p_last_card']:.4f}", pct(last / games) if games else "-", str(a["max_time"]),
        ])
    return Table("Deck of Destiny, exact (dragon-pnp decks)",
                 ["Preset", "Length", "Cards", "Sum", "Ends for sure", "P(end)", "Draws min/mean/median/p90/max",
                  "P(last card)", "Simulated last card", "Highest time"], rows,
                 "Exact figures over every order of the deck; 'Simulated last card' is the share of simulated games "
                 "of that preset that ended on the deck's final card (stalled games never reach it).")


def _destiny_charts(report: dict, policy: str) -> list[ColumnChart]:
    """Exact distribution of Destiny draws at the end against what the simulated games drew."""
    charts = []
    for a in report["destiny"]:
        pmf = {int(k): v for k, v in a["draws"]["pmf"].items()}
        rows = [c for c in report["configs"] if c["config"]["preset"] == a["preset"] and c["config"]["policy"] == policy]
        hist: dict[int, int] = {}
        total = 0
        for c in rows:
            for k, n in c["length"].get("destiny_histogram", {}).items():
                hist[int(k)] = hist.get(int(k), 0) + n
                total += n
        top = max(list(pmf) + list(hist) + [1])
        categories = tuple(str(k) for k in range(1, top + 1))
        series = [("exact", BAR, tuple(pmf.get(k, 0.0) for k in range(1, top + 1)))]
        if total:
            series.append((f"simulated ({policy})", SECOND, tuple(hist.get(k, 0) / total for k in range(1, top + 1))))
        charts.append(ColumnChart(f"{a['preset']}: Destiny draws when the game ends", categories, tuple(series),
                                  tick_every=1 if top <= 20 else 2, height_mm=48.0))
    return charts


def _config_view(report: dict, c: dict) -> ConfigView:
    cfg = c["config"]
    presets = report["game"]["presets"]
    title = f"{cfg['players']} players, {presets.get(cfg['preset'], cfg['preset'])}, {cfg['policy']} players"
    comp = c["completion"]
    length = c["length"]
    completion = Table("Completion", ["How the game ended", "Games", "Share"],
                       [[COMPLETION_LABELS[k], f"{v['count']:,}", pct(v["share"])] for k, v in comp.items()])
    measures = [("Turns", length["turns"]), ("Rounds", length["rounds"]), ("Destiny draws", length["destiny_draws"]),
                ("Actions", length["actions"])]
    if length["minutes"]:
        measures.append(("Minutes (estimate)", length["minutes"]))
    lengths = Table("Length", ["Measure", "Mean", "Median", "p90", "Max"],
                    [[name, f1(s["mean"]), num(s["median"]), num(s["p90"]), num(s["max"])] for name, s in measures])
    fair = c["fairness"]
    names = report["game"]["dens"].get(str(cfg["players"]), [])
    seats = Table("Fairness (games with a winner)", ["Seat", "Den", "Wins", "Win rate (95 % CI)", "p", "Flag"],
                  [[str(s["seat"] + 1), names[s["seat"]] if s["seat"] < len(names) else "?", f"{s['wins']:,}",
                    ci(s), f"{s['p_value']:.2g}", "outside chance" if s["flagged"] else ""] for s in fair["seats"]],
                  f"Chance: {pct(fair['expected'])} each. First player (dealt The Pants) wins "
                  f"{ci(fair['first_player'])}, p = {fair['first_player']['p_value']:.2g}."
                  + (" In mixed games seats alternate between greedy and random players, so seat figures show "
                     "the players more than the seats." if c["policies"] else ""))
    t = c["tension"]
    tension = Table("Tension", ["Measure", "Mean", "Median", "p90"], [
        ["Pants changes of hands per game", f1(t["pants_changes"]["mean"]), num(t["pants_changes"]["median"]),
         num(t["pants_changes"]["p90"])],
        ["Share of turns the winner was without The Pants", pct(t["winner_without_pants"]["mean"]),
         pct(t["winner_without_pants"]["median"]), pct(t["winner_without_pants"]["p90"])],
        ["Turns from the last change of hands to the end", f1(t["since_last_change"]["mean"]),
         num(t["since_last_change"]["median"]), num(t["since_last_change"]["p90"])],
    ])
    cards = c["cards"]
    card_rows = []
    for card in cards["cards"]:
        if not card["playable"]:
            continue
        used = card["reactions"] if card["reaction"] else card["plays"]
        per_game = used / c["games"] if c["games"] else 0.0
        card_rows.append([card["name"], "reaction" if card["reaction"] else "played", f"{used:,}", f"{per_game:.2f}",
                          ci(card["user_win"]) if card["user_win"]["games"] else "-"])
    card_table = Table("Cards", ["Card", "Use", "Times", "Per game", "Users' win rate (95 % CI)"], card_rows,
                       f"Users' win rate: of the players who played the card in a game, the share who won it (chance "
                       f"{pct(cards['expected_win'])}). Reactions fired {f1(cards['reactions_per_game'])} per game; "
                       f"reshuffles {cards['reshuffles']['per_game']:.2f} per game; hand-limit discards "
                       f"{cards['hand_limit_discards']['per_game']:.2f} per game.")
    hz = c["hazards"]
    hazard_rows = [[HAZARD_LABELS[k], f"{hz[k]['games']:,}", pct(hz[k]["share"]), f"{hz[k]['total']:,}",
                    str(hz[k]["example_seed"]) if hz[k]["example_seed"] is not None else "-"] for k in HAZARD_LABELS]
    hazard_rows.append(["Stalls (turn cap)", f"{hz['stall']['count']:,}", pct(hz["stall"]["share"]),
                        f"{hz['stall']['count']:,}", _seeds(hz["stall"]["seeds"])])
    hazard_rows.append(["Engine errors", f"{hz['error']['count']:,}", pct(hz["error"]["share"]),
                        f"{hz['error']['count']:,}", _seeds([e["seed"] for e in hz["error"]["cases"]])])
    hazards = Table("Rule hazards", ["Ruling or edge case", "Games", "Share", "Times", "Seed"], hazard_rows)
    return ConfigView(cfg["key"], title, [completion, lengths, seats, tension, card_table, hazards])


def _seeds(seeds: list[int]) -> str:
    if not seeds:
        return "-"
    shown = ", ".join(map(str, seeds[:3]))
    return shown + (f" (+{len(seeds) - 3} more in JSON)" if len(seeds) > 3 else "")


def _method(report: dict) -> list[str]:
    playtime = report["playtime"]
    lines = [
        "Random players pick uniformly among the legal actions of every decision. Greedy players look one action "
        "ahead: they chase The Pants (bite or Tongue the holder, take them from the top of the discard pile, run "
        "the Power deck down when they are buried), guard them once worn (keep away from biting range and from "
        "lines of sight of ready cards, prefer mountains and water), and always answer with a fitting reaction.",
        "Every batch of games is seeded from the root seed, the configuration and the batch number, and batches "
        "are merged in order, so the figures are the same for any number of jobs and on any executor.",
        "Win rates carry 95 % Wilson score intervals. A seat is flagged when an exact two-sided binomial test "
        "against an equal share rejects at 5 % after a Bonferroni correction over the seats of that "
        "configuration. The first-player test compares the first player's wins with the other players' by a "
        "two-proportion z-test.",
        "Percentiles are linear interpolations (numpy's default). The Destiny analysis is exact, over every "
        "order of the deck, not sampled.",
    ]
    if playtime:
        lines.append(
            f"Playing time estimate (data/{report['game']['slug']}/playtime.yaml): {playtime['setup_minutes']:g} "
            f"minutes of setup, plus {playtime['seconds_per_turn']:g} s per turn, "
            f"{playtime['seconds_per_action']:g} s per action and {playtime['seconds_per_destiny_draw']:g} s per "
            "Destiny draw.")
    lines.append(f"A game still running after {report['game']['turn_cap']} turns (game.yaml turn_cap) is stopped "
                 "and counted as a stall.")
    return lines


def _reproduce(report: dict) -> str:
    s = report["settings"]
    parts = [f"dragon-pnp check {report['game']['slug']}", f"--games {s['games']}",
             f"--players {','.join(map(str, s['players']))}", f"--preset {','.join(s['presets'])}",
             f"--policy {','.join(s['policies'])}", f"--seed {s['seed']}"]
    if s["duel_games"] != s["games"]:
        parts.append(f"--duel-games {s['duel_games']}")
    for name, value in s["options"].items():
        parts.append(f"--option {name}={'on' if value else 'off'}")
    return " ".join(parts)


def _round_up(value: float) -> float:
    """A tidy axis end just above `value` (for rates: the next tenth, at most 1)."""
    for step in (0.1, 0.2, 0.25, 0.5, 0.75, 1.0):
        if value <= step:
            return step
    return 1.0
