"""What Goofspiel's rules check measures beyond wins and length: margins and untaken prizes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.games import Finding, MetricSpec, PlaytestPart, ReasonSpec, ReportPart, ReportSpec, Vocabulary


class GoofReport(ReportPart):
    def game_metrics(self, state: Any, trace: Any) -> dict[str, Any]:
        blue, red = state.scores()
        return {"margin": abs(blue - red), "tied_prizes": len(state.tied), "tied_points": sum(state.tied)}

    def playtime_minutes(self, game: Any, state: Any, trace: Any) -> float | None:
        return 1.0 + 0.4 * len(state.bids[0])   # setup, then about 25 s a round

    def report_spec(self, game: Any) -> ReportSpec:
        return ReportSpec(
            reasons={"points": ReasonSpec("more points", "Points"), "draw": ReasonSpec("equal points", "Draws")},
            metrics={"margin": MetricSpec("Winning margin (points)", "Scores", overview="Margin"),
                     "tied_prizes": MetricSpec("Prizes nobody took", "Scores"),
                     "tied_points": MetricSpec("Points nobody took", "Scores")})

    def findings(self, game: Any, summary: Mapping[str, Any]) -> list[Finding]:
        found = []
        total = game.settings.cards * (game.settings.cards + 1) // 2   # every prize's points
        for config in summary.get("configs", []):
            key = config["config"]["key"]
            games = config.get("games", 0)
            draws = config.get("fairness", {}).get("draws", {}).get("share", 0.0)
            untaken = config.get("metrics", {}).get("tied_points", {}).get("mean")
            if untaken is not None:
                found.append(Finding("info", "untaken prizes",
                                     f"In {key}, {untaken:.1f} of the {total} prize points went untaken per game "
                                     f"(equal bids), and {100 * draws:.0f}% of {games} games were drawn.",
                                     {"untaken_points": untaken, "draw_share": draws, "weight": 30}))
        return found


class GoofPlaytest(PlaytestPart):
    def board_svg(self, game: Any, view: Mapping[str, Any]) -> str:
        """The face-up prize, both scores and the cards each player has left."""
        from html import escape

        prize = view.get("prize")
        lines = [f"Prize: {prize if prize is not None else 'none'} ({view.get('prizes_left', 0)} face down)",
                 f"Blue {view['scores'][0]} : {view['scores'][1]} Red"]
        lines += [f"{who} holds {', '.join(map(str, hand)) or 'nothing'}" for who, hand in zip(("Blue", "Red"), view["hands"])]
        rows = "".join(f'<text x="10" y="{24 + 22 * i}" font-size="15" font-family="sans-serif">{escape(t)}</text>'
                       for i, t in enumerate(lines))
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="420" height="{30 + 22 * len(lines)}">{rows}</svg>'


class GoofWords(Vocabulary):
    seat_noun = "player"
