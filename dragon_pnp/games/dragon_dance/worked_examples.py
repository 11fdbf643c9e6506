"""The designer's worked examples (D13), played through the rules engine from the card tables.

`check_examples` runs at load time: a card table that breaks an example is a located error at
that table entry. `play_example` gives the outcome the rulebook prints, so the rulebook's
numbers come from the tables, never from examples.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dragon_pnp.errors import DataError
from dragon_pnp.games.dragon_dance.actions import die_action
from dragon_pnp.games.dragon_dance.data import KNOWN_OPTIONS, DanceData, WorkedExample
from dragon_pnp.games.dragon_dance.rules import RANGE_NAMES, Rules
from dragon_pnp.games.dragon_dance.state import BOTH, COMBO, DanceState


@dataclass(frozen=True)
class ExampleOutcome:
    """What one worked example comes to under the current tables and rules."""

    example: WorkedExample
    values: dict[str, int]          # role -> table value of its card with its die (attacks, defences)
    life_lost: dict[str, int]       # role -> life lost this round
    combo_offered: bool
    combo_value: int | None
    range_after: str
    start: dict[str, Any]           # the position before the round (for diagrams and tests)


def example_state(rules: Rules, example: WorkedExample) -> DanceState:
    """The position the example starts from: full life and hands, its range, its dice."""
    state = DanceState(rules)
    state.range = RANGE_NAMES.index(example.range)
    for seat, role in enumerate(rules.roles):
        side = example.play[role]
        dice = ([side.face] if side.face else []) + list(side.other_dice)
        if len(dice) > rules.dice0[seat]:
            raise ValueError(f"the {role} has only {rules.dice0[seat]} dice")
        state.dice[seat] = tuple(sorted(dice))
        state.spent[seat] = rules.dice0[seat] - len(dice)
    return state


def play_example(rules: Rules, example: WorkedExample) -> ExampleOutcome:
    """Play the example's round with the engine and read off what happened."""
    state = example_state(rules, example)
    start = state.to_dict()
    sides = [example.play[role] for role in rules.roles]
    state.apply({seat: die_action(sides[seat].face or 0) for seat in BOTH})
    state.apply({seat: rules.card_actions[seat][rules.card_index[seat][sides[seat].card]] for seat in BOTH})
    values = {}
    for seat, role in enumerate(rules.roles):
        card = rules.card(seat, sides[seat].card)
        if card.has_table:
            values[role] = card.table[sides[seat].face or 0]
    combo_offered = state.phase == COMBO
    combo_value = None
    if combo_offered:
        joint = {}
        wanted = example.combo
        for seat in state.combo_seats:
            legal = state.legal_actions(seat)
            joint[seat] = legal[0]   # "no combo", unless the example plays one
            for action in legal:
                if wanted is not None and not action.declined and action.id == wanted.card \
                        and action.face == (wanted.face or 0):
                    joint[seat] = action
                    combo_value = rules.card(seat, wanted.card).table[wanted.face or 0]
        state.apply(joint)
    lost = {role: rules.life0[seat] - state.life[seat] for seat, role in enumerate(rules.roles)}
    return ExampleOutcome(example, values, lost, combo_offered, combo_value, RANGE_NAMES[state.range], start)


def check_examples(data: DanceData, rules: Rules | None = None) -> list[DataError]:
    """Every worked example against the tables and the engine; each break located in the data."""
    rules = rules or Rules(data, dict.fromkeys(KNOWN_OPTIONS, False))   # the rulings, no variant
    file = data.settings.examples
    errors: list[DataError] = []
    for number, example in enumerate(data.examples.examples):
        where = f"seed example {example.seed_example}, {example.title}"
        problems = _static_problems(data, rules, number, example, where)
        if problems:
            errors.extend(problems)
            continue
        try:
            outcome = play_example(rules, example)
        except ValueError as exc:
            errors.append(DataError(data.locate(file, "examples", number, "play"), f"{where}: {exc}"))
            continue
        errors.extend(_outcome_problems(data, rules, number, example, outcome, where))
    return errors


def _static_problems(data: DanceData, rules: Rules, number: int, example: WorkedExample, where: str) -> list[DataError]:
    """Cards that exist, play at the example's range and give the example's table values."""
    file = data.settings.examples
    errors = []
    for role, side in example.play.items():
        if role not in data.roles:
            errors.append(DataError(data.locate(file, "examples", number, "play", role),
                                    f"{where}: '{role}' is not a role ({', '.join(data.roles)})"))
            continue
        ids = [c.id for c in data.rosters[role].cards]
        if side.card not in ids:
            errors.append(DataError(data.locate(file, "examples", number, "play", role, "card"),
                                    f"{where}: the {role} has no card '{side.card}'"))
            continue
        card = data.card(role, side.card)
        card_file, row = data.card_path(role, side.card)
        if example.range not in card.ranges:
            errors.append(DataError(data.locate(card_file, "cards", row, "ranges"),
                                    f"{card.name} must be playable at {example.range} range ({where})"))
        expected = example.expect.values.get(role)
        if expected is not None:
            errors.extend(_table_entry(data, role, side.card, side.face, expected, where))
    for role in data.roles:
        if role not in example.play:
            errors.append(DataError(data.locate(file, "examples", number, "play"), f"{where}: no play for the {role}"))
    for role in example.expect.values:
        if role not in example.play:
            errors.append(DataError(data.locate(file, "examples", number, "expect", "values", role),
                                    f"{where}: '{role}' plays no card in this example"))
    combo = example.combo
    if combo is not None and not errors:
        owners = [r for r in data.roles if any(c.combo for c in data.rosters[r].cards)]
        role = owners[0] if owners else data.roles[0]
        ids = [c.id for c in data.rosters[role].cards]
        if combo.card not in ids:
            errors.append(DataError(data.locate(file, "examples", number, "combo", "card"),
                                    f"{where}: the {role} has no card '{combo.card}'"))
        elif example.expect.combo_value is not None:
            errors.extend(_table_entry(data, role, combo.card, combo.face, example.expect.combo_value, where))
    return errors


def _table_entry(data: DanceData, role: str, card_id: str, face: int | None, expected: int, where: str) -> list[DataError]:
    card = data.card(role, card_id)
    card_file, row = data.card_path(role, card_id)
    if card.table is None:
        return [DataError(data.locate(card_file, "cards", row, "kind"),
                          f"{card.name} needs a table giving {expected} ({where}); it is a {card.kind} card")]
    actual = card.value(face)
    if actual == expected:
        return []
    verb = "deal" if card.kind == "attack" else "prevent"
    with_die = f"with a {face}" if face else "with no die"
    key = face if face else "none"
    return [DataError(data.locate(card_file, "cards", row, "table", key),
                      f"{card.name} {with_die} must {verb} {expected} ({where}); the table gives {actual}")]


def _outcome_problems(data: DanceData, rules: Rules, number: int, example: WorkedExample,
                      outcome: ExampleOutcome, where: str) -> list[DataError]:
    file = data.settings.examples
    errors = []
    expect = example.expect
    if example.combo is not None and not outcome.combo_offered:
        combo_players = [r for r, side in example.play.items() if data.card(r, side.card).combo]
        role = combo_players[0] if combo_players else None
        if role is None:
            errors.append(DataError(data.locate(file, "examples", number, "combo"),
                                    f"{where}: the combo needs a Combo card played this round"))
        else:
            card_file, row = data.card_path(role, example.combo.card)
            errors.append(DataError(data.locate(card_file, "cards", row, "combo"),
                                    f"{where}: the rules offer no {example.combo.card} follow-up; it must be a Combo "
                                    f"card playable at {example.range} range"))
        return errors
    for role, lost in expect.life_lost.items():
        if outcome.life_lost.get(role) != lost:
            errors.append(DataError(data.locate(file, "examples", number, "expect", "life_lost", role),
                                    f"{where}: the {role} must lose {lost} life; with these cards and rules "
                                    f"it loses {outcome.life_lost.get(role)}"))
    if expect.range_after is not None and outcome.range_after != expect.range_after:
        errors.append(DataError(data.locate(file, "examples", number, "expect", "range_after"),
                                f"{where}: the range must end {expect.range_after}; with these cards it ends "
                                f"{outcome.range_after} (check the cards' movement)"))
    return errors
