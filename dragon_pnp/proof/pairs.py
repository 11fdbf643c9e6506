"""Things the data says players must tell apart, checked pair by pair under every vision.

A group is a set of things each drawn in its own colour: every print.yaml palette of two or more
colours (terrains, card kinds, suits, decks, ranges...), the seat colours, and the groups a game
declares in print.yaml `proof: tell_apart:`. Two things are told apart at a glance when their
colours differ by at least `min_colour_difference` (CIEDE2000) as a reader sees them; a pair
that is not, under some vision, still passes when the things carry a second cue the data shows
(a distinct icon on each one's cards, a hatching pattern on each terrain, a printed colour name)
or the game declares one in `proof: cues:`. Never colour alone (WCAG 1.4.1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from dragon_pnp.components.drawing import face_key
from dragon_pnp.proof.vision import VISIONS, Colour, colour_difference, colour_seen_as, hex_colour, hex_text


@dataclass(frozen=True)
class Group:
    """Things to tell apart by colour, where their colours come from, and their other cues."""

    name: str
    colours: dict[str, Colour]
    source: str                                   # the data that draws them: "print.yaml palettes.suit"
    cues: dict[str, str] = field(default_factory=dict)   # thing -> its cue besides colour
    declared_cue: str | None = None               # a cue the game declares for the whole group


@dataclass(frozen=True)
class PairFinding:
    """Two things whose colours a reader may confuse, and what else tells them apart."""

    group: str
    things: tuple[str, str]
    colours: tuple[str, str]
    source: str
    confused_under: tuple[str, ...]               # visions ("as printed" for normal vision)
    least_difference: float
    cue: str | None

    @property
    def level(self) -> str:
        return "info" if self.cue else "problem"

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "kind": "colour pair", "group": self.group, "things": list(self.things),
                "colours": list(self.colours), "data": self.source, "confused_under": list(self.confused_under),
                "least_difference": round(self.least_difference, 1), "cue": self.cue}

    def sentence(self) -> str:
        who = ", ".join(self.confused_under)
        a, b = self.things
        told = f"told apart by {self.cue}" if self.cue else "and nothing but colour tells them apart"
        return (f"{self.group}: {a} ({self.colours[0]}) and {b} ({self.colours[1]}) look alike with {who} "
                f"(CIEDE2000 {self.least_difference:.1f}), {told} ({self.source})")


def groups_of(game: Any, kit: Path) -> list[Group]:
    """Every group of colours the game's data says players tell apart, with the cues besides
    colour that the built kit in `kit` shows."""
    profile = game.print_profile
    settings = profile.proof
    found: list[Group] = []
    named_groups = [(name, palette, f"print.yaml palettes.{name}") for name, palette in profile.palettes.items()]
    named_groups += [(name, colours, f"print.yaml proof.tell_apart.{name}") for name, colours in settings.tell_apart.items()]
    for name, colours, source in named_groups:
        if len(colours) < 2 or name in settings.not_compared:
            continue
        found.append(Group(name, {key: hex_colour(value) for key, value in colours.items()}, source,
                           _data_cues(game, kit, name, list(colours)), settings.cues.get(name)))
    if len(profile.seat_colours) >= 2 and "seat colours" not in settings.not_compared:
        named = {colour.name: hex_colour(colour.hex) for colour in profile.seat_colours.values()}
        words = " ".join(_face_words(face) for face in sorted((kit / "svg").glob("*.svg")))
        printed = {name: "its colour name printed on its pieces" for name in named if name.lower() in words}
        found.append(Group("seat colours", named, "print.yaml seat_colours", printed, settings.cues.get("seat colours")))
    return found


def _data_cues(game: Any, kit: Path, group: str, things: list[str]) -> dict[str, str]:
    """Cues besides colour each thing of a group carries: its name printed on every card of it
    (cards whose `group` field, or first of `<group>s`, names it, read from the kit's faces), a
    symbol (`icon`) no other thing's cards carry, a hatching pattern of its own (the terrains of a
    hex map), or its name on its back (a group of decks)."""
    cues: dict[str, str] = {}
    for spec in game.game.components:
        if spec.kind == "deck":
            printed: dict[str, list[bool]] = {}
            symbols: dict[str, set[str]] = {thing: set() for thing in things}
            rows = list(game.rows(spec.id))
            digits = len(str(len(rows)))
            for index, row in enumerate(rows):
                thing = _group_value(row, group, things)
                if thing in things and row.get("icon"):
                    symbols[thing].add(str(row["icon"]))
                if thing in things:
                    # the card's face file, named as the deck names it (its key, else its number)
                    stem = face_key(spec.id, row.get(spec.key_field) if spec.key_field else f"{index + 1:0{digits}d}")
                    faces = sorted({*(kit / "svg").glob(f"{stem}.svg"), *(kit / "svg").glob(f"{stem}-*.svg")})
                    words = " ".join(_face_words(face) for face in faces)
                    printed.setdefault(thing, []).append(bool(faces) and thing.replace("_", " ").lower() in words)
            for thing, seen in printed.items():
                if seen and all(seen):
                    cues[thing] = f"the word {thing!r} printed on each of its cards"
            for thing, own in symbols.items():
                others = set().union(*(symbols[other] for other in things if other != thing))
                if own and not own & others and thing not in cues:
                    cues[thing] = f"its own symbol on its cards ({', '.join(sorted(own))})"
            if spec.id in things:   # a group of decks: each deck's name on its back
                backs = sorted((kit / "svg").glob(f"{spec.id}-back*.svg"))
                words = " ".join(_face_words(back) for back in backs)
                if backs and (spec.id.replace("_", " ").lower() in words or spec.name.lower() in words):
                    cues[spec.id] = "its name printed on its back"
        if spec.kind == "tiles":
            terrains = dict(getattr(game.component_data.get(spec.id), "terrains", None) or {})
            patterns = {key: getattr(terrain, "pattern", None) for key, terrain in terrains.items()}
            if set(things) <= set(patterns):
                for thing in things:
                    if patterns[thing] is not None and list(patterns.values()).count(patterns[thing]) == 1:
                        cues[thing] = "its own hatching pattern"
    return cues


def _group_value(row: dict[str, Any], group: str, things: list[str]) -> str | None:
    """The thing of `group` a card belongs to: its `group` field, else the first of its
    `<group>s`, else the first field whose value names one of the group's things (a palette
    named for what it colours, `cards`, is chosen by a card's `colour` or `trail` field)."""
    value = row.get(group)
    if value is None and isinstance(row.get(f"{group}s"), list) and row[f"{group}s"]:
        value = row[f"{group}s"][0]
    if value is None:
        value = next((field for field in row.values() if isinstance(field, str) and field in things), None)
    return None if value is None else str(value)


TEXT = re.compile(r"<text[^>]*>(.*?)</text>", re.S)


def _face_words(face: Path) -> str:
    """The words a face prints, lower case, markup removed."""
    return " ".join(re.sub(r"<[^>]+>", " ", text) for text in TEXT.findall(face.read_text(encoding="utf-8"))).lower()


def pair_findings(groups: list[Group], least: float) -> list[PairFinding]:
    """Every pair of a group that some vision (or normal vision) cannot tell apart by colour."""
    findings: list[PairFinding] = []
    for group in groups:
        for a, b in combinations(sorted(group.colours), 2):
            under: list[str] = []
            differences = []
            for vision in (None, *VISIONS):
                difference = colour_difference(colour_seen_as(group.colours[a], vision),
                                               colour_seen_as(group.colours[b], vision))
                differences.append(difference)
                if difference < least:
                    under.append(vision or "normal vision")
            if not under:
                continue
            cue = _pair_cue(group, a, b)
            findings.append(PairFinding(group.name, (a, b), (hex_text(group.colours[a]), hex_text(group.colours[b])),
                                        group.source, tuple(under), min(differences), cue))
    return findings


def _pair_cue(group: Group, a: str, b: str) -> str | None:
    if group.declared_cue:
        return f"{group.declared_cue} (declared in print.yaml proof.cues)"
    if a in group.cues or b in group.cues:
        return group.cues.get(a) or group.cues.get(b)
    return None
