"""The words a game adds to its rules-check report: how its figures are named, and its own sections.

A game module describes its end reasons, hazards and metrics in a `ReportSpec`, and may add whole
sections (tables and charts as plain data models). The generic report (`dragon_pnp.report`) draws
them; nothing here imports drawing code, so a game's rules package stays free of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Chart colours the generic report draws with; a game's charts name them for their series.
BAR = "#4a7bb7"
SECOND = "#e0a030"
FLAG = "#c0392b"


@dataclass(frozen=True)
class ReasonSpec:
    """An end reason: its label in the completion table and its overview column header."""

    label: str
    column: str


@dataclass(frozen=True)
class HazardSpec:
    """A rule hazard the game counts: its table row and, if it deserves one, a finding sentence.

    The sentence completes "In 3 % of all games ... at least once".
    """

    label: str
    sentence: str | None = None
    attention: bool = False


@dataclass(frozen=True)
class MetricSpec:
    """One of the game's metrics (a key of `game_metrics`): its label and where the report lists it.

    `table` groups metrics into per-configuration tables (None: kept in the JSON only, for a
    game section). Numbers print mean, median, p90 and max; per-seat counts by key (card uses)
    print times, per game, games and the users' win rate, one row per `keys` entry.
    """

    label: str
    table: str | None = None
    percent: bool = False                      # a share, printed as a percentage
    keys: dict[str, str] = field(default_factory=dict)   # counts by key: key -> label, in order
    key_header: str = "Key"                    # first column of a counts-by-key table
    overview: str | None = None                # column header in the overview table, if any
    overview_stat: str = "median"              # the statistic that column shows


@dataclass(frozen=True)
class ReportSpec:
    """How the report speaks of one game. Every field has a plain default for a small game."""

    setup_label: str = "Setups"                # settings row naming the setup axis ("Destiny presets")
    setup_noun: str = "setup"                  # one value of it ("preset"), for messages
    setup_names: dict[str, str] = field(default_factory=dict)   # setup id -> its name, where it has one
    seat_label: str = ""                       # what a seat name is ("Den"); "" when seats have no names
    first_player: str = "The first player"     # subject of the first-player finding
    playtime_source: str = ""                  # where the time estimate comes from ("table timings from ...")
    reasons: dict[str, ReasonSpec] = field(default_factory=dict)
    hazards: dict[str, HazardSpec] = field(default_factory=dict)
    metrics: dict[str, MetricSpec] = field(default_factory=dict)
    policy_notes: dict[str, str] = field(default_factory=dict)   # policy name -> how it plays
    method: tuple[str, ...] = ()               # extra lines for "How this was made"

    def to_json(self) -> dict[str, object]:
        return {
            "setup_label": self.setup_label, "setup_noun": self.setup_noun, "setup_names": dict(self.setup_names),
            "seat_label": self.seat_label,
            "first_player": self.first_player, "playtime_source": self.playtime_source,
            "reasons": {k: {"label": r.label, "column": r.column} for k, r in self.reasons.items()},
            "hazards": {k: {"label": h.label, "sentence": h.sentence, "attention": h.attention}
                        for k, h in self.hazards.items()},
            "metrics": {k: {"label": m.label, "table": m.table, "percent": m.percent, "keys": dict(m.keys),
                            "key_header": m.key_header, "overview": m.overview, "overview_stat": m.overview_stat}
                        for k, m in self.metrics.items()},
            "policy_notes": dict(self.policy_notes),
            "method": list(self.method),
        }


def pct(x: float) -> str:
    """A share as a percentage: whole numbers from 10 % up, one decimal below."""
    return f"{100 * x:.0f} %" if x >= 0.1 or x == 0 else f"{100 * x:.1f} %"


# --- sections: tables and charts as data ------------------------------------------------


@dataclass
class Table:
    title: str
    header: list[str]
    rows: list[list[str]]
    note: str = ""
    numeric_from: int = 1  # columns from here on are right-aligned


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    low: float | None = None
    high: float | None = None
    flagged: bool = False
    note: str = ""  # printed after the bar, e.g. "41 %"


@dataclass(frozen=True)
class BarChart:
    """Horizontal bars, optional interval whiskers and one dashed reference value (e.g. chance)."""

    title: str
    bars: tuple[Bar, ...]
    reference: float | None = None
    reference_label: str = ""
    maximum: float = 1.0
    width_mm: float = 160.0
    label_mm: float = 42.0
    row_mm: float = 6.0

    @property
    def height_mm(self) -> float:
        return 11.5 + self.row_mm * len(self.bars) + 6.5   # title band (charts.PLOT_TOP_MM), bars, axis


@dataclass(frozen=True)
class ColumnChart:
    """Vertical columns per category, one colour per series (e.g. exact odds against simulated)."""

    title: str
    categories: tuple[str, ...]
    series: tuple[tuple[str, str, tuple[float, ...]], ...]  # (name, colour, values)
    width_mm: float = 160.0
    height_mm: float = 55.0
    maximum: float | None = None
    tick_every: int = 1
    legend: tuple[str, ...] = field(default=())


@dataclass
class Section:
    """A game's own part of the report: a heading, tables, then charts side by side."""

    title: str
    tables: list[Table] = field(default_factory=list)
    charts: list[BarChart | ColumnChart] = field(default_factory=list)
