"""Optional parts of a game module: what a game *may* add beyond the core rules interface.

Generic code never asks "which game is this?"; it asks the module for a part,
`module.part(ReportPart)`, and gets the game's own (a subclass the game lists in
`GameModule.parts`) or the base class, whose methods do the plain generic thing. So a small game
implements only the core hooks of `dragon_pnp.games.api.GameModule`, and each extra capability
lives in one named place:

| part           | what it adds                                                        |
|----------------|---------------------------------------------------------------------|
| `Vocabulary`   | the game's words in generic text (what a seat or a setup is called) |
| `ReportPart`   | rules-check figures, findings, sections, exact figures, playtime    |
| `RulebookPart` | rules.md directives, template names and shared computed facts       |
| `KitPart`      | card-template names and extra build steps                           |
| `CommandsPart` | commands only this game has (`dragon-pnp NAME ...`)                 |
| `PlaytestPart` | the studio's picture of a position and one line per event           |
| `HiddenPart`   | what a seat cannot see, redrawn for the search player              |

A part holds its module (`self.module`) so it can reach the core hooks. Nothing here imports
drawing or web code; a part imports those inside the method that needs them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.api import Event, Finding, GameState, Part, PlayTrace
from dragon_pnp.games.json_values import plain

if TYPE_CHECKING:  # pragma: no cover - typing only
    from dragon_pnp.data.loader import GameData
    from dragon_pnp.games.report_parts import ReportSpec, Section

__all__ = ["PART_KINDS", "CommandsPart", "HiddenPart", "KitPart", "Part", "PlaytestPart", "ReferencePlay",
           "ReportPart", "RulebookPart", "Vocabulary", "vocabulary"]


class Vocabulary(Part):
    """The game's own nouns for generic text; the defaults are the generic words."""

    seat_noun: str = "seat"          # "dragon 2 decides"
    setup_noun: str = "setup"        # one value of the setup axis ("preset")
    home_noun: str = "home"          # a map's numbered starting hex ("den")
    pawn_noun: str = "pawn"          # the piece that stands for a seat on a map
    player_noun: str = "player"      # who sits at a seat, in kit sentences ("no dragon starts there")

    def seat(self, seat: int) -> str:
        """A seat (0-based) as players read it: 'seat 1'."""
        return f"{self.seat_noun} {seat + 1}"

    @property
    def home_plural(self) -> str:
        return self.home_noun + "s"


def vocabulary(game: Any) -> Vocabulary:
    """The words of a loaded game: its rules module's, or the generic ones for a data-only game."""
    module = getattr(game, "module", None)
    return module.part(Vocabulary) if module is not None else Vocabulary(None)  # type: ignore[arg-type]


class ReportPart(Part):
    """What the rules check measures and says beyond win rates, length and end reasons."""

    def game_metrics(self, state: GameState, trace: PlayTrace) -> dict[str, Any]:
        """Extra per-game figures (JSON-able) the report aggregates; from the final state and trace."""
        return {}

    def hazards(self, state: GameState, trace: PlayTrace) -> dict[str, int]:
        """Named rule hazards hit in this game (round cap, stalls, loops), counted by the report."""
        return {}

    def findings(self, game: GameData, summary: Mapping[str, Any]) -> list[Finding]:
        """Sentences for the report from the aggregated summary (JSON form of the report)."""
        return []

    def playtime_minutes(self, game: GameData, state: GameState, trace: PlayTrace) -> float | None:
        """Estimated minutes at the table for one game, or None if the game has no estimate."""
        return None

    def reference_play(self, game: GameData) -> ReferencePlay | None:
        """A player the default check adds and quotes its balance findings for (a strong one costs
        more per game, so it plays fewer); None: the check quotes the game's own best player."""
        return None

    def default_setup(self, game: GameData) -> str:
        """The setup the mixed-policy games and the seat charts use (the first of `setups`)."""
        return self.module.setups(game)[0]

    def report_spec(self, game: GameData) -> ReportSpec:
        """How the report names and groups this game's end reasons, hazards and metrics."""
        from dragon_pnp.games.report_parts import ReportSpec

        return ReportSpec()

    def report_extras(self, game: GameData) -> dict[str, Any]:
        """Figures that need no simulation (exact odds, timings), JSON-able; stored in the report."""
        return {}

    def report_sections(self, report: Mapping[str, Any]) -> list[Section]:
        """Game-specific report sections (tables, charts) built from the report's JSON form."""
        return []


@dataclass(frozen=True)
class ReferencePlay:
    """The default check's reference player: who, the share of `--games` it plays per
    configuration, and whether it plays the default setup only (the other setups keep the
    cheaper players' figures). `games`, when given, is the games per configuration of a check
    run without `--games` (else 1,000): a reference that costs much per game takes its time
    from the cheaper players, whose intervals widen by the square root of what they give up.
    `per_players`, when given, is the reference's own games per configuration at each player
    count of such a check ((players, games) pairs; a count not named keeps the share): a figure
    tested at two players may need more games than one at six, and a game costs more with more seats.
    `ladder_games`, when given, is the games per pairing of such a check's skill ladder (else 20):
    a game whose reference wins about three games in four against its best other player needs
    about 40 for the ladder to verify it beyond chance."""

    policy: str
    share: float
    default_setup_only: bool = True
    games: int | None = None
    per_players: tuple[tuple[int, int], ...] = ()
    ladder_games: int | None = None


class HiddenPart(Part):
    """What a seat cannot see, redrawn: the one hook the search player (`dragon_pnp.search`) asks of
    a game, so that it plans only on what its seat could know."""

    def sample_hidden(self, state: GameState, seat: int, rng: random.Random) -> GameState | None:
        """A copy of `state` that `seat` cannot tell from it: what the seat has not seen (face-down
        cards, the order of decks, the generator that draws chance to come) redrawn from `rng`,
        consistently with everything the seat has seen. It must depend only on what `seat` sees
        and on `rng` (tests change only hidden parts and expect the same worlds).

        The default, None, lets the search re-deal from the position (`dragon_pnp.games.redeal`):
        the top-level fields of `to_dict()` that `view(seat)` does not show, lists of cards
        shuffled and whole numbers of 32 bits or more (the generator) reseeded, loaded back with `load_state`. A game
        whose hidden parts sit deeper, or that wants it faster, provides its own.
        """
        return None


class RulebookPart(Part):
    """What the game's rules.md may use besides the generic directives and names."""

    def directives(self) -> dict[str, Any]:
        """Directive name -> `dragon_pnp.rulebook.directives.Spec` (a name here replaces the generic one)."""
        return {}

    def context(self, game: GameData) -> dict[str, Any]:
        """Extra names rules.md may use (computed tables, cards by id)."""
        return {}

    def facts(self, game: GameData) -> list[Any]:
        """Computed facts the game's rulebook directives share, computed once per rulebook."""
        return []


class KitPart(Part):
    """What the game adds to the print kit."""

    def template_globals(self, game: GameData) -> dict[str, Any]:
        """Extra names the game's card and piece templates may use (special faces, icons)."""
        return {}

    def build_steps(self) -> list[tuple[str, str]]:
        """(label, "module:function") build steps of this game, run right after the data check."""
        return []


class CommandsPart(Part):
    """Commands only this game has (`dragon-pnp NAME [GAME] ...`)."""

    def commands(self) -> dict[str, Callable[..., Any]]:
        """Command name -> plain function. Its first parameter receives the loaded `GameData`, the
        others are Typer options. Import the command's module inside this method, so that loading
        the game never loads its command line."""
        return {}


class PlaytestPart(Part):
    """How the studio's Playtest tab and `play` show a position and what happened."""

    def board_svg(self, game: GameData, view: Mapping[str, Any]) -> str:
        """An inline SVG drawn from `state.view(...)`, or "" for none (the studio then shows the view)."""
        return ""

    def describe_event(self, event: Event, names: list[str] | None = None) -> str:
        """One readable line for an event; seats by `names` (roles) or numbered from 1."""
        if event.seat is None:
            who = "nobody"
        elif names and not names[event.seat].isdigit():
            who = names[event.seat]
        else:
            who = self.module.part(Vocabulary).seat(event.seat)
        detail = plain(event.detail)
        return f"{event.kind}: {who}" + ("" if detail is None else f" ({detail})")


# Every kind of optional part, in the order the docs list them.
PART_KINDS: tuple[type[Part], ...] = (Vocabulary, ReportPart, RulebookPart, KitPart, CommandsPart, PlaytestPart,
                                      HiddenPart)
