"""Every ruling of RULINGS.md is stated in the rulebook: R-number -> words the PDF must contain.

This is the traceability table between the engine's rulings and the printed rules; a rewrite
of rules.md that drops a ruling fails here by name.
"""

from __future__ import annotations

import pytest

COVERAGE = {
    "R1 count down, end at 0 or less, holder wins": [
        "Put the time marker on the time track at the deck's start time",
        "The game ends the moment the time reaches 0 or less, and whoever wears The Pants then is the winner"],
    "R2 guaranteed iff sum <= -L": ["A deck always ends the game when its sum is at least as far below zero as the start time is above it"],
    "R3 deck runs out: no winner": ["the game ends with no winner"],
    "R4 time track holds every value": ["no deck in this book can push the time past that; a deck of your own must not either"],
    "R5 blanks are 0 and unused": ["The blanks count as 0 and are not part of any deck"],
    "R6 deal N-1 plus The Pants; Pants holder starts; seat order": [
        "Deal out one card fewer than there are players", "Add The Pants, shuffle this small stack",
        "The player who was dealt The Pants takes the first turn", "play passes to the next seat number"],
    "R7 up to N actions, may stop early": ["take up to two actions", "You may also stop early or do nothing at all"],
    "R8 moves; mountain holding a dragon": ["You cannot enter a mountain that already has a dragon on it",
                                            "Moving onto a hex where another dragon stands is a bite"],
    "R9 leave a den first; no cards in a den": ["your first action must be to step out onto the one board hex next to that den",
                                                "stepping out bites it", "cannot play Power cards"],
    "R10 dens hold several; no bites there": ["A den can hold several dragons at once", "nobody can be bitten in a den"],
    "R11 bite and its reactions": ["you take one card of your choice from the bitten player's hand",
                                   "Shield: the bite fails", "Poison: your dragon flies home to your den instead",
                                   "Rubber Ducky: the bitten dragon still goes home", "Mirror: the bite turns around"],
    "R12 drawing": ["must be standing on a power tile when the action begins",
                    "either the top card of the face-down Deck of Power or the top card of the face-up Power discard pile",
                    "shuffle the discard pile to make a new deck first", "If both are empty, you cannot draw"],
    "R13 hand limit": ["You may hold at most three cards", "It may be the card you just got"],
    "R14 spent cards": ["a card refreshes at the end of the first turn of its holder that began after the card was played",
                        "A turn skipped because of Freeze still counts", "A spent card that changes hands stays spent",
                        "A spent card that is discarded loses its spent state"],
    "R15 lost cards and the victim's choice": ["Every card that is lost or discarded goes face up onto the Power discard pile",
                                               "a spent one, or even The Pants", "A player with no cards loses nothing"],
    "R16 The Pants": ["The Pants is never played. It does count towards your hand limit"],
    "R17 lines of sight and their variants": [
        "A mountain or another dragon on a hex strictly between you and the target blocks the line",
        "those two hexes never block", "Water between you and the target does not block",
        "A dragon standing on a mountain can be targeted", "line-of-sight cards cannot target it",
        "Mountains do not block Shock's diagonal line",
        "A diagonal line is also blocked where both hexes flanking a corner crossing block"],
    "R18 dens are hexes for sight": ["A den still counts as a hex for lines of sight"],
    "R19 one reaction, face up, no chains": ["You may answer one event with one reaction card",
                                             "A reaction cannot itself be answered: there are no chains",
                                             "The card you answered is still spent"],
    "R20 several targets answer on their own": ["each of them may answer for themselves"],
    "R21 Mirror, and Mirror against Teleport": ["Mirroring a Teleport simply cancels it"],
    "R22 Fireball (+ variant)": ["A Fireball also thaws a frozen target"],
    "R23 Shock": ["Shock is both an attack and a curse. Shield, Amulet or Mirror each stop all of it"],
    "R24 Boost": ["two of them played in one turn give two extra actions"],
    "R25 Freeze": ["Freezing a dragon that is already frozen adds nothing", "no actions and no Destiny draw"],
    "R26 Banish (+ variant)": ["Banish needs no line of sight; it reaches any dragon"],
    "R27 Thunderstorm (+ variant)": ["Every other dragon returns to its own den",
                                     "Whoever calls a Thunderstorm may also fly home to their own den"],
    "R28 Teleport": ["Teleport works on any other dragon, even one in a den, and the two dragons swap hexes"],
    "R29 Tongue": ["You choose one of their cards and add it to your hand"],
    "R30 reaction-only cards": ["only reaction cards are played outside your own turn"],
}


@pytest.mark.parametrize("ruling", sorted(COVERAGE, key=lambda r: int(r.split()[0][1:])))
def test_ruling_is_stated(ruling, text):
    missing = [phrase for phrase in COVERAGE[ruling] if phrase not in text]
    assert not missing, f"{ruling}: the rulebook no longer says {missing}"


def test_table_covers_all_thirty_rulings():
    assert sorted(int(r.split()[0][1:]) for r in COVERAGE) == list(range(1, 31))
