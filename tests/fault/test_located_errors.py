"""Issue 25's last tracebacks and near-hangs, each now a located error (exit 2) in validate and build.

Each case breaks a private copy of a game in one way and runs `validate` and `build`: both must
end quickly with exit 2 and one `error:` line naming the file (and field), no traceback, and the
build must leave no kit. A card named `2*3` or `{{ 7*7 }}` is not an error at all: it prints as
written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import pytest
from fault_helpers import GAMES, ROOT, Run, copy_game, run_commands

TIME_LIMIT = 60     # per command: these fail while loading or at the first face, in seconds
QUICK = 30.0        # what "quick" means on a loaded 2-core machine (each takes about 2 s alone)
LONG = "x" * 99_999
NESTED_LOOPS = ("{% set s = '" + LONG + "' %}{% for a in s %}{% for b in s %}{% for c in s %}"
                "{% endfor %}{% endfor %}{% endfor %}\n")


def set_field(file: str, field: str, value: str) -> Callable[[Path], None]:
    """Replace the first `field: ...` line of a YAML file with `field: value` (value as YAML)."""
    def change(game: Path) -> None:
        path = game / file
        text, count = re.subn(rf"(?m)^(\s*-?\s*){field}: .*$", lambda m: f"{m.group(1)}{field}: {value}",
                              path.read_text(), count=1)
        assert count == 1, (file, field)
        path.write_text(text)
    return change


def null_file(name: str) -> Callable[[Path], None]:
    def change(game: Path) -> None:
        (game / name).write_text("~\n")
    return change


def long_heading(game: Path) -> None:
    rules = game / "rules.md"
    rules.write_text("# " + "H" * 10_000 + "\n\n" + rules.read_text())


def huge_csv_cell(game: Path) -> None:
    cards = game / "cards.csv"
    cards.write_text(cards.read_text().replace("\n1,", "\n" + "9" * 5000 + ",", 1))


def looping_card_template(game: Path) -> None:
    template = game / "templates" / "action_card.svg.j2"
    template.write_text(NESTED_LOOPS + template.read_text())


def looping_peer_template(game: Path) -> None:
    """The peer deck draws with the built-in card template: give it its own copy that loops."""
    (game / "templates" / "components").mkdir(parents=True)
    built_in = ROOT / "templates" / "components" / "card.svg.j2"
    (game / "templates" / "components" / "card.svg.j2").write_text(NESTED_LOOPS + built_in.read_text())


CASES: list[tuple[str, str, Callable[[Path], None], tuple[str, ...]]] = [
    *[(game, "control character in name", set_field("game.yaml", "name", '"Bad \\x07 name"'),
       ("game.yaml", "name", "U+0007")) for game in GAMES],
    *[(game, "lone surrogate in tagline", set_field("game.yaml", "tagline", '"bad \\ud800"'),
       ("game.yaml", "tagline", "lone surrogate")) for game in GAMES],
    ("peer-deck", "NUL in name", set_field("game.yaml", "name", '"Peer Deck\\0"'), ("game.yaml", "name", "U+0000")),
    # The rulebook's typesetter is the same for every game: the peer deck, and one shipped game
    # (issue 30: Dragon Pants and Dragon Dance too cost ~9 CPU s, typesetting up to the heading).
    *[(game, "heading too long", long_heading, ("rules.md:1", "heading is taller than a page"))
      for game in ["dragon_line", "peer-deck"]],
    ("dragon_pants", "4,301-digit number", set_field("game.yaml", "playtime_minutes", "9" * 4301),
     ("game.yaml", "playtime_minutes", "at most 100 digits")),
    ("dragon_dance", "4,301-digit number in a card", set_field("knight_cards.yaml", "count", "1" * 4301),
     ("knight_cards.yaml", "count", "at most 100 digits")),
    ("peer-deck", "5,000-digit CSV cell", huge_csv_cell, ("cards.csv:2", "id", "at most 100")),
    ("dragon_dance", "1,000,000-character version", set_field("dragon_cards.yaml", "version", '"' + "1" * 1_000_000 + '"'),
     ("dragon_cards.yaml", "version", "at most 5,000")),
    ("dragon_dance", "three nested loops in a card template", looping_card_template,
     ("action_card.svg.j2", "loop steps")),
    ("peer-deck", "three nested loops in a card template", looping_peer_template, ("card.svg.j2", "loop steps")),
    # found by the fuzz run of this issue: a data file holding only `~` (null)
    *[(game, "print.yaml holding only null", null_file("print.yaml"), ("print.yaml", "expected a mapping"))
      for game in ["dragon_dance", "peer-deck"]],
]


CASE_IDS = [f"{c[0]}-{c[1]}" for c in CASES]


@pytest.fixture(scope="module")
def located_runs(once, fault_cache) -> dict[str, tuple[Run, Run, Path]]:
    """Every case's `validate` and `build`, by case id, with the kit folder the build was given.

    One batch for all the cases: each command still runs in its own forked child with its own
    time limit, but the generator is imported once instead of once per case (about a second of
    CPU each). Run once per test run (`once`), so xdist workers sharing the cases share it too.
    """
    def make(folder: Path) -> None:
        requests = []
        for number, (game_name, _, change, _) in enumerate(CASES):
            work = folder / f"case{number}"
            game = copy_game(game_name, work)
            change(game)
            requests += [{"argv": ["validate", str(game)], "cwd": str(work)},
                         {"argv": ["build", str(game), "--no-check", "--out", str(work / "kit")], "cwd": str(work)}]
        runs = run_commands(requests, timeout=TIME_LIMIT, env={"DRAGON_PNP_CACHE": str(fault_cache)})
        (folder / "runs.json").write_text(json.dumps([asdict(run) for run in runs]), encoding="utf-8")

    folder = once("located-errors", make)
    runs = [Run(**fields) for fields in json.loads((folder / "runs.json").read_text(encoding="utf-8"))]
    return {case: (runs[2 * number], runs[2 * number + 1], folder / f"case{number}" / "kit")
            for number, case in enumerate(CASE_IDS)}


@pytest.mark.parametrize("game_name, what, change, words", CASES, ids=CASE_IDS)
def test_a_broken_game_is_a_quick_located_error(located_runs, game_name, what, change, words):
    validate, build, kit = located_runs[f"{game_name}-{what}"]
    for run in (validate, build):
        assert run.refused(2, *words), run
        assert run.seconds < QUICK, run
    assert not kit.exists()


MARKUP_NAMES = ["2*3", "{{ 7*7 }}"]


@pytest.fixture(scope="module")
def markup_rulebook_text(tmp_path_factory, fault_cache) -> tuple[Run, str]:
    """One build of Dragon Dance whose first knight and first dragon card are named MARKUP_NAMES,
    and its rulebook's text read by an independent reader (one build for both names; without
    the proof step, which reads no card name: issue 30)."""
    folder = tmp_path_factory.mktemp("markup-names")
    game = copy_game("dragon_dance", folder)
    for file, name in zip(("knight_cards.yaml", "dragon_cards.yaml"), MARKUP_NAMES):
        set_field(file, "name", '"' + name.replace("\\", "\\\\") + '"')(game)
    kit = folder / "kit"
    build, = run_commands([["build", str(game), "--no-check", "--no-proof", "--out", str(kit)]],
                          timeout=TIME_LIMIT * 3, cwd=folder, env={"DRAGON_PNP_CACHE": str(fault_cache)})
    if build.exit != 0:
        return build, ""
    import pymupdf  # an independent reader of the rulebook's text

    with pymupdf.open(kit / "rulebook.pdf") as document:
        return build, "".join(page.get_text() for page in document)


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_card_name_with_markup_characters_prints_as_written(markup_rulebook_text, name):
    build, text = markup_rulebook_text
    assert build.exit == 0, build
    assert name in text


def test_a_template_copied_with_its_game_names_the_copy_in_its_errors(tmp_path: Path) -> None:
    """Compiled templates are kept by their source (dragon_pnp/kit/faces.py): a copy of a game finds
    the code its original compiled. An error in the copy's template must still name the copy's file
    and line, not the original's (the code is given the copy's path when it is found)."""
    requests = []
    for copy in ("first", "second"):
        game = copy_game("peer-deck", tmp_path / copy)
        (game / "templates" / "components").mkdir(parents=True)   # its own card template, a name undefined
        (game / "templates" / "components" / "card.svg.j2").write_text(
            "{{ no_such_name }}\n" + (ROOT / "templates" / "components" / "card.svg.j2").read_text(encoding="utf-8"),
            encoding="utf-8")
        requests.append(["validate", str(game)])
    first, second = run_commands(requests, timeout=TIME_LIMIT, cwd=tmp_path,
                                 env={"DRAGON_PNP_CACHE": str(tmp_path / "cache")})
    assert first.refused(2, "first/peer-deck/templates/components/card.svg.j2:1", "no_such_name"), first
    assert second.refused(2, "second/peer-deck/templates/components/card.svg.j2:1", "no_such_name"), second
    assert "first/" not in second.stdout + second.stderr, second
