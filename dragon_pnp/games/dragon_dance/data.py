"""Dragon Dance's own data: rule settings, the two card rosters and the worked examples.

The generic loader reads and schema-checks the files with these models (the module's
`data_files` and `settings_model`); `dance_from_game` gives the rules their view of it and
checks across files. Checks here need no rules engine; the worked examples are played through
the engine by `worked_examples.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from dragon_pnp.data.located_yaml import SourceMap, format_path
from dragon_pnp.errors import DataError, DataErrors, Location

IDENT = r"^[a-z][a-z0-9_]*$"
FILE_NAME = r"^[A-Za-z0-9_][A-Za-z0-9_./-]*\.ya?ml$"
FACES = (1, 2, 3, 4, 5, 6)
RANGES = ("long", "short")
TABLE_KEYS = ("none", *FACES)
MAX_TABLE_VALUE = 20
GAME_FILE = "game.yaml"


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- game.yaml `settings:` --------------------------------------------------------------------


class RoleSettings(Model):
    """One side of the duel: its deck, starting life and dice, and the kit pieces that show them."""

    deck: str = Field(pattern=IDENT)                 # id of a deck component in game.yaml
    # the life this side starts with
    life: int = Field(ge=1, le=99)
    life_tokens: str | None = Field(default=None, pattern=IDENT)   # tokens component counting life
    # the dice this side starts with
    dice: int = Field(ge=0, le=12)
    dice_set: str | None = Field(default=None, pattern=IDENT)      # die set of the dice component


class DanceSettings(Model):
    """The rule numbers of game.yaml `settings:`."""

    # the range the duel starts at: long or short
    start_range: Literal["long", "short"] = "long"
    # the rules check stops a game after this many rounds (a hazard, not a rule)
    round_cap: int = Field(ge=1, le=10_000)
    # minutes to set up, for the playing-time estimate
    setup_minutes: float = Field(ge=0, le=120)
    # seconds a round takes at the table, for the playing-time estimate
    seconds_per_round: float = Field(gt=0, le=3600)
    # What the rules check holds the game to: a game length band and the largest share of decided
    # games either side may win before the report warns.
    target_minutes: list[float] = Field(default=[10, 30], min_length=2, max_length=2)
    # the largest share of decided games either side may win before the report warns
    target_win_share: float = Field(default=0.55, gt=0.5, le=1)
    # each role's deck, life, dice and the kit pieces that show them
    roles: dict[str, RoleSettings]
    # the file of the seed's worked examples the data must reproduce
    examples: str = Field(pattern=FILE_NAME)


# --- card rows -------------------------------------------------------------------------------


class ActionCard(Model):
    """One action card: where it plays, what kind it is and its table of values by die."""

    # the card's id: lower case letters, digits and _
    id: str = Field(pattern=IDENT)
    # the card's printed name
    name: str = Field(min_length=1)
    # copies in the deck: each action card is unique (1)
    count: int = 1
    # the card's version, printed in its provisional mark
    version: str = Field(min_length=1)
    # the ranges the card may be played at: long, short or both
    ranges: list[Literal["long", "short"]] = Field(min_length=1, max_length=2)
    # attack, defence, movement or special
    kind: Literal["attack", "defence", "movement", "special"]
    # reduce or increase the range (movement cards and attacks that move)
    movement: Literal["reduce", "increase"] | None = None
    # this attack may follow up with another Combo card (D10)
    combo: bool = False
    # a special card's effect: dodge or recuperate
    effect: Literal["dodge", "recuperate"] | None = None
    # the value by die face: keys none and 1 to 6 (attacks and defences only)
    table: dict[str | int, int] | None = None
    # the card's printed text
    text: str = Field(min_length=1)
    # the full rule the rulebook and exports show
    rules: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> ActionCard:
        if self.count != 1:
            raise ValueError(f"each action card is unique in its deck (D1); expected count 1, got {self.count}")
        if len(set(self.ranges)) != len(self.ranges):
            raise ValueError(f"ranges lists a range twice: {self.ranges}")
        if self.kind in ("attack", "defence"):
            if self.table is None:
                raise ValueError(f"an {self.kind} card needs a table (none and faces 1-6)")
            keys = list(self.table)
            if sorted(map(str, keys)) != sorted(map(str, TABLE_KEYS)) or any(
                    isinstance(k, str) and k != "none" for k in keys):
                raise ValueError(f"a table has exactly the keys none, 1, 2, 3, 4, 5, 6; got {keys}")
            for key, value in self.table.items():
                if not 0 <= value <= MAX_TABLE_VALUE:
                    raise ValueError(f"table value for {key} must be 0-{MAX_TABLE_VALUE}, got {value}")
        elif self.table is not None:
            raise ValueError(f"a {self.kind} card has no table; only attacks and defences do")
        if self.kind == "movement" and self.movement is None:
            raise ValueError("a movement card needs `movement: reduce` or `movement: increase`")
        if self.movement is not None and self.kind not in ("movement", "attack"):
            raise ValueError(f"only movement and attack cards move; this is a {self.kind} card")
        if (self.kind == "special") != (self.effect is not None):
            raise ValueError("a special card needs an effect (dodge or recuperate) and only special cards have one")
        if self.combo and self.kind != "attack":
            raise ValueError("only attack cards carry Combo")
        return self

    def value(self, die: int | None) -> int:
        """The table entry for a die face, or for no die (None); 0 for cards without a table."""
        if self.table is None:
            return 0
        return self.table["none" if die is None else die]

    def values(self) -> tuple[int, ...]:
        """The table as (no die, face 1, ..., face 6)."""
        return tuple(self.value(None if k == "none" else k) for k in TABLE_KEYS)  # type: ignore[arg-type]


class Roster(Model):
    """A deck file: `cards:`, one row per action card."""

    # the deck's action cards, one row per card
    cards: list[ActionCard] = Field(min_length=1, max_length=30)


# --- examples.yaml ---------------------------------------------------------------------------


class ExampleSide(Model):
    # the die face played, or none
    die: int | Literal["none"]
    # the card played (its id)
    card: str = Field(pattern=IDENT)
    # the side's other dice
    other_dice: list[int] = []

    @model_validator(mode="after")
    def _faces(self) -> ExampleSide:
        for face in ([self.die] if isinstance(self.die, int) else []) + self.other_dice:
            if face not in FACES:
                raise ValueError(f"a die face is 1-6, got {face}")
        return self

    @property
    def face(self) -> int | None:
        return None if self.die == "none" else self.die


class ExampleCombo(Model):
    # the Combo card that follows up (its id)
    card: str = Field(pattern=IDENT)
    # its die face, or none
    die: int | Literal["none"]

    @property
    def face(self) -> int | None:
        return None if self.die == "none" else self.die


class ExampleExpect(Model):
    # each side's card value the example states
    values: dict[str, int] = {}
    # the follow-up's value
    combo_value: int | None = None
    # life each side loses
    life_lost: dict[str, int]
    # the range after the round
    range_after: Literal["long", "short"] | None = None


class WorkedExample(Model):
    # the example's number in the seed document
    seed_example: int = Field(ge=1)
    # the example's title
    title: str = Field(min_length=1)
    # the range the round is played at
    range: Literal["long", "short"]
    # what each side plays, by role
    play: dict[str, ExampleSide]
    # the knight's follow-up, if any
    combo: ExampleCombo | None = None
    # the outcome the seed prints
    expect: ExampleExpect


class Examples(Model):
    # the seed's worked examples, each played through the engine by validate
    examples: list[WorkedExample] = Field(min_length=1)


# --- the loaded game ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DanceData:
    """Everything the rules module reads from a Dragon Dance folder, validated."""

    root: Path
    name: str
    roles: tuple[str, ...]
    settings: DanceSettings
    rosters: dict[str, Roster]              # role -> its deck's cards
    roster_files: dict[str, str]            # role -> card file name
    examples: Examples
    rules_options: dict[str, Any]             # name -> generic RulesOption (default, ruling, summary)
    provisional: bool
    version: str | None
    components: tuple[dict[str, Any], ...] = ()
    sources: dict[str, SourceMap] = field(default_factory=dict, compare=False)

    def locate(self, file: str, *path: Any) -> Location:
        """File, line and column of a field, for errors found after loading."""
        source = self.sources.get(file)
        if source is None:
            return Location(file, None, None, format_path(path) or None)
        return source.locate(path)

    def card(self, role: str, card_id: str) -> ActionCard:
        for card in self.rosters[role].cards:
            if card.id == card_id:
                return card
        raise KeyError(f"{role} has no card {card_id!r}")

    def card_path(self, role: str, card_id: str) -> tuple[str, int]:
        """(file, row) of a card, for located errors."""
        for row, card in enumerate(self.rosters[role].cards):
            if card.id == card_id:
                return self.roster_files[role], row
        raise KeyError(f"{role} has no card {card_id!r}")


def dance_from_game(game: Any) -> DanceData:
    """This game's view of data the generic loader has read and schema-checked (`GameData`).

    The deck and examples files are the module's declared data files (`DragonDance.data_files`);
    settings name which deck each role plays. Raises DataErrors listing every cross-file problem,
    each located. The worked examples are played by the module's data check, not here.
    """
    errors: list[DataError] = []
    manifest = game.game
    settings: DanceSettings = game.settings
    def where(*path: Any) -> Any:
        return _at(game.sources, GAME_FILE, *path)
    if len(manifest.roles) != 2:
        raise DataErrors([DataError(where("roles"), f"Dragon Dance has two roles; got {list(manifest.roles)}")])
    by_file = {spec.file: name for name, spec in game.module.data_files.items()}
    decks = {c.id: c for c in manifest.components if c.kind == "deck"}
    roster_files: dict[str, str] = {}
    rosters: dict[str, Roster] = {}
    for role in manifest.roles:
        role_settings = settings.roles.get(role)
        if role_settings is None:
            errors.append(DataError(where("settings", "roles"), f"no settings for role '{role}'; roles are {manifest.roles}"))
            continue
        deck = decks.get(role_settings.deck)
        if deck is None:
            errors.append(DataError(where("settings", "roles", role, "deck"),
                                    f"no deck component '{role_settings.deck}' in components"))
            continue
        if deck.cards not in by_file or not isinstance(game.files.get(by_file[deck.cards]), Roster):
            errors.append(DataError(where("settings", "roles", role, "deck"),
                                    f"deck '{deck.id}' reads {deck.cards}; a role's cards file is one of "
                                    f"{', '.join(f for f, n in by_file.items() if n != 'examples')}"))
            continue
        roster_files[role] = deck.cards
        rosters[role] = game.files[by_file[deck.cards]]
    for role in settings.roles:
        if role not in manifest.roles:
            errors.append(DataError(where("settings", "roles", role), f"'{role}' is not one of the roles {manifest.roles}"))
    examples = game.files.get(by_file.get(settings.examples, ""))
    if not isinstance(examples, Examples):
        errors.append(DataError(where("settings", "examples"),
                                f"the worked examples are read from examples.yaml; got {settings.examples}"))
    if errors:
        raise DataErrors(errors)
    data = DanceData(
        root=Path(game.root), name=manifest.name, roles=tuple(manifest.roles), settings=settings,
        rosters=rosters, roster_files=roster_files, examples=examples,
        rules_options=dict(manifest.rules_options), provisional=manifest.provisional,
        version=manifest.version, components=tuple(c.model_dump() for c in manifest.components),
        sources=game.sources,
    )
    errors.extend(cross_check(data))
    if errors:
        raise DataErrors(errors)
    return data


KNOWN_OPTIONS = ("combo_before_movement", "recuperate_keeps_dice")


def cross_check(data: DanceData) -> list[DataError]:
    """Checks across files that need no engine: ids, the always-legal Recuperate, options, kit counts."""
    errors: list[DataError] = []
    for role, roster in data.rosters.items():
        file = data.roster_files[role]
        seen: dict[str, int] = {}
        recuperates = []
        for row, card in enumerate(roster.cards):
            if card.id in seen:
                errors.append(DataError(data.locate(file, "cards", row, "id"),
                                        f"card id '{card.id}' is used twice (also row {seen[card.id]})"))
            seen[card.id] = row
            if card.effect == "recuperate":
                recuperates.append(row)
                if set(card.ranges) != set(RANGES):
                    errors.append(DataError(data.locate(file, "cards", row, "ranges"),
                                            "Recuperate must be playable at both ranges so a player always "
                                            "has a legal card (D6)"))
        if len(recuperates) != 1:
            errors.append(DataError(data.locate(file, "cards"),
                                    f"each deck needs exactly one card with effect recuperate (D6, D11); "
                                    f"found {len(recuperates)}"))
        combos = [row for row, card in enumerate(roster.cards) if card.combo]
        if len(combos) == 1:
            errors.append(DataError(data.locate(file, "cards", combos[0], "combo"),
                                    "a Combo card needs another Combo card to follow it (D10)"))
    for name in data.rules_options:
        if name not in KNOWN_OPTIONS:
            errors.append(DataError(data.locate(GAME_FILE, "rules_options", name),
                                    f"the dragon_dance rules know no option '{name}'; known: {', '.join(KNOWN_OPTIONS)}"))
    errors.extend(_kit_counts(data))
    return errors


def _kit_counts(data: DanceData) -> list[DataError]:
    """Life tokens and dice printed in the kit must match the life and dice the rules start with."""
    errors: list[DataError] = []
    by_id = {c.get("id"): (i, c) for i, c in enumerate(data.components)}
    for role, role_settings in data.settings.roles.items():
        if role_settings.life_tokens is not None:
            found = by_id.get(role_settings.life_tokens)
            where = data.locate(GAME_FILE, "settings", "roles", role, "life_tokens")
            if found is None or found[1].get("kind") != "tokens":
                errors.append(DataError(where, f"no tokens component '{role_settings.life_tokens}'"))
            else:
                count = sum(int(face.get("count", 0)) for face in found[1].get("faces", []))
                if count != role_settings.life:
                    errors.append(DataError(
                        data.locate(GAME_FILE, "components", found[0], "faces"),
                        f"{role_settings.life_tokens} prints {count} tokens but the {role} starts "
                        f"with {role_settings.life} life (settings.roles.{role}.life)"))
        if role_settings.dice_set is not None:
            where = data.locate(GAME_FILE, "settings", "roles", role, "dice_set")
            sets = [(i, j, s) for i, c in enumerate(data.components) if c.get("kind") == "dice"
                    for j, s in enumerate(c.get("sets", [])) if s.get("id") == role_settings.dice_set]
            if not sets:
                errors.append(DataError(where, f"no die set '{role_settings.dice_set}' in a dice component"))
            elif sets[0][2].get("count") != role_settings.dice:
                i, j, die_set = sets[0]
                errors.append(DataError(
                    data.locate(GAME_FILE, "components", i, "sets", j, "count"),
                    f"die set {role_settings.dice_set} has {die_set.get('count')} dice but the {role} "
                    f"plays with {role_settings.dice} (settings.roles.{role}.dice)"))
    return errors


def _at(sources: dict[str, SourceMap], file: str, *path: Any) -> Location:
    source = sources.get(file)
    return source.locate(path) if source else Location(file, None, None, format_path(path) or None)
