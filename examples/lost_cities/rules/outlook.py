"""What a seat can still expect to score: Five Trails' `evaluate` works from this.

Per trail: the cards laid, the cards in hand that still fit, and the seat's share of the deck's
cards that still fit (it draws about one card a turn and can only use what it draws while it
still has turns to lay it; `DECK_WEIGHT` of that). A seat cannot lay more cards than it has
turns left, so when what it hopes to lay is more than that, every hope is cut back in
proportion. An unstarted trail counts only when that outlook pays (a seat need not start it); a
started one counts whatever it gives. Checked against greedy games' final scores in
docs/rules-check.md ("Fourth round").
"""

from __future__ import annotations

from .game import DRAW, TrailsState, laid_sums, split

# The share of the deck cards a seat draws that it counts on laying. 0.7 predicts greedy games'
# final leads a little better (docs/rules-check.md); 1.0 is what the search was measured with.
DECK_WEIGHT = 1.0


def plays_left(state: TrailsState, seat: int) -> tuple[int, int]:
    """(cards the seat may still lay, deck cards it may still draw and then lay), one deck card
    drawn a turn. A seat's next lay comes from the hand it holds, and its last draw is never laid
    (the draw that empties the deck ends the game), except that the mover about to draw lays
    what it draws now."""
    deck = len(state.deck)
    mover = state.turn % 2
    if state.phase == DRAW:      # the mover has laid this turn's card; the other lays next
        mine = (deck - 1) // 2 if seat == mover else deck // 2
        return mine, (mine if seat == mover else max(0, mine - 1))
    mine = (deck + 1) // 2 if seat == mover else deck // 2
    return mine, max(0, mine - 1)


# Per trail: (cards above each top, their sum above each top, wagers), for each deck seen lately.
Table = dict[str, tuple[list[int], list[int], int]]
_TABLES: dict[tuple[str, ...], Table] = {}
_KEEP = 4096


def deck_table(deck: list[str]) -> Table:
    """Per trail, how many of its deck cards lie above each top a trail may have (index = the top,
    0 for an unstarted trail) and what they add up to, and its wagers in the deck. Kept for the
    decks seen lately: `evaluate` asks it for both seats and for every action at a search node,
    mostly of one deck."""
    key = tuple(deck)
    found = _TABLES.get(key)
    if found is not None:
        return found
    by_value: dict[str, list[int]] = {}
    for card in key:
        trail, value = split(card)
        row = by_value.get(trail)
        if row is None:
            row = by_value[trail] = [0] * (value + 1)
        elif len(row) <= value:
            row.extend([0] * (value + 1 - len(row)))
        row[value] += 1
    found = {}
    for trail, row in by_value.items():
        counts = [0] * len(row)
        sums = [0] * len(row)
        for top in range(len(row) - 2, -1, -1):     # above `top`: the card just above, and the rest
            counts[top] = counts[top + 1] + row[top + 1]
            sums[top] = sums[top + 1] + row[top + 1] * (top + 1)
        found[trail] = (counts, sums, row[0])
    if len(_TABLES) >= _KEEP:
        _TABLES.clear()
    _TABLES[key] = found
    return found


def expected_score(state: TrailsState, seat: int) -> float:
    """The seat's expected final score from here (see the module's docstring)."""
    rules = state.rules
    cost, long_trail, bonus = rules.trail_cost, rules.long_trail, rules.long_trail_bonus
    plays, draws = plays_left(state, seat)
    share = DECK_WEIGHT * draws / len(state.deck) if state.deck else 0.0
    table = deck_table(state.deck)
    # per trail: [sum laid, wagers laid, cards laid, sum hoped, wagers hoped, cards hoped]
    rows: dict[str, list[float]] = {}
    tops: dict[str, int] = {}
    for trail, mine in state.laid[seat].items():
        total, wagers, top = laid_sums(mine)
        tops[trail] = top
        row = rows[trail] = [total, wagers, len(mine), 0.0, 0.0, 0.0]
        found = table.get(trail)
        if found is not None and share:
            counts, sums, deck_wagers = found
            if top < len(counts):
                row[3] = share * sums[top]
                row[5] = share * counts[top]
            if top == 0 and deck_wagers:
                row[4] = share * deck_wagers
                row[5] += row[4]
    for card in state.hands[seat]:
        trail, value = split(card)
        row = rows[trail]
        if value > tops[trail]:
            row[3] += value
            row[5] += 1
        elif value == 0 and tops[trail] == 0:
            row[4] += 1
            row[5] += 1

    def outlook(row: list[float], cut: float) -> float:
        score = (row[0] + cut * row[3] - cost) * (1 + row[1] + cut * row[4])
        return score + (bonus if row[2] + cut * row[5] >= long_trail else 0.0)

    live = [row for row in rows.values() if row[2] or outlook(row, 1.0) > 0.0]
    hoped = sum(row[5] for row in live)
    cut = min(1.0, plays / hoped) if hoped > 0 else 1.0
    score = 0.0
    for row in rows.values():
        if row[2]:
            score += outlook(row, cut)
        elif row[5]:
            score += max(0.0, outlook(row, cut))
    return score

