"""A designer's face template whose SVG is not well-formed XML is a located error, exit 2, from
`validate` and from `build` alike (template file, the card it was drawing, the XML parser's line,
column and message), with no traceback and the previous kit kept."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.in_process import run_cli

ENV = {"COLUMNS": "200"}
CARD = ('<svg xmlns="http://www.w3.org/2000/svg" width="{{ mm(frame.full_width) }}mm" '
        'height="{{ mm(frame.full_height) }}mm" viewBox="0 0 {{ mm(frame.full_width) }} {{ mm(frame.full_height) }}">\n'
        '<rect width="10" height="10" fill="#000000"/>\n'
        '{BODY}\n'
        '</svg>\n')
CASES = {
    # a field printed with |safe: the second card's "&" reaches the SVG bare
    "unescaped": ('<text x="5" y="10">{{ card.name | safe }}</text>', 'card 2 ("Salt & Ash")', 3,
                  "not well-formed (invalid token)"),
    # a tag the template never closes: the parser notices at the root's end tag
    "unclosed": ('<g><text x="5" y="10">{{ card.name }}</text>', 'card 1 ("Spark")', 4, "mismatched tag"),
}


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Through main in this process (the messages and the kit are what is read, not a process)."""
    return run_cli(*args, cwd=cwd, env=ENV)


@pytest.fixture(scope="module")
def good_game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("xml")
    made = run("new", "mygame", "--dir", str(folder), cwd=folder)
    assert made.returncode == 0, made.stderr
    game = folder / "mygame"
    cards = (game / "cards.csv").read_text(encoding="utf-8").splitlines()
    cards[2] = re.sub(r"^[^,]+", "Salt & Ash", cards[2])          # the second card's name
    (game / "cards.csv").write_text("\n".join(cards) + "\n", encoding="utf-8")
    assert run("validate", str(game), cwd=folder).returncode == 0
    return game


@pytest.fixture(scope="module")
def kit(good_game, tmp_path_factory) -> Path:
    """A kit built from the good game, which every failed build must leave as it was."""
    out = tmp_path_factory.mktemp("kit") / "kit"
    assert run("build", str(good_game), "--out", str(out), "--no-check", "--no-proof", cwd=out.parent).returncode == 0
    return out


def broken(game: Path, body: str) -> Path:
    """The game with its own card template, which draws `body`."""
    (game / "templates" / "components").mkdir(parents=True, exist_ok=True)
    (game / "templates" / "components" / "card.svg.j2").write_text(CARD.replace("{BODY}", body), encoding="utf-8")
    return game


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_and_build_name_the_template_the_card_and_the_xml_error(good_game, kit, tmp_path, case):
    body, card, line, reason = CASES[case]
    before = (kit / "cards.pdf").read_bytes()
    game = broken(good_game, body)
    try:
        for command in (["validate", str(game)], ["build", str(game), "--out", str(kit)]):
            done = run(*command, cwd=tmp_path)
            said = done.stdout + done.stderr
            assert done.returncode == 2, said
            assert "Traceback" not in said
            error = next(text for text in said.splitlines() if text.startswith("error:"))
            assert "templates/components/card.svg.j2: " in error, error
            assert f'deck "Cards" {card}' in error and "cards.csv:" in error, error
            assert f"is not well-formed XML: {reason} at line {line}, column " in error, error
        assert (kit / "cards.pdf").read_bytes() == before     # the failed build kept the kit
    finally:
        (game / "templates" / "components" / "card.svg.j2").unlink()
