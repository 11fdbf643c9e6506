"""Designer templates: the game's own first, sandboxed, bounded, and every failure located."""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from dragon_pnp.components.templates import RenderSite, render_game_template
from dragon_pnp.errors import DataError, LayoutError, Location
from dragon_pnp.games.api import GameModule
from dragon_pnp.games.parts import KitPart


def game(tmp_path: Path, templates: dict[str, str], module=None) -> SimpleNamespace:
    folder = tmp_path / "game"
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    for name, text in templates.items():
        target = folder / "templates" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    profile = SimpleNamespace(card=SimpleNamespace(min_font_pt=6.5),
                              palettes={"cards": {"gold": "#d4a72c"}, "deck": {"power": "#263a73"}})
    return SimpleNamespace(root=folder, print_profile=profile, module=module)


ROW = {"name": "Fireball", "text": "Deal two damage to every dragon you can see from here, then discard.", "count": 2}


def site(row=ROW) -> RenderSite:
    return RenderSite('deck "Spells" card 3 ("Fireball")', row,
                      lambda field: Location("cards.csv", 4, {None: 1, "name": 3, "text": 12}.get(field, 1), field))


def render(g, template: str, **values):
    return render_game_template(g, template, site=site(), card=ROW, **values)


def test_the_games_template_comes_before_the_built_in_one(tmp_path):
    g = game(tmp_path, {"components/card_back.svg.j2": "<svg>mine {{ card.name }}</svg>"})
    assert render(g, "components/card_back.svg.j2") == "<svg>mine Fireball</svg>"
    # Built-ins stay reachable for everything the game does not override, includes too.
    g2 = game(tmp_path / "other", {"wrap.svg.j2": '{% import "components/die_pips.j2" as d %}{{ d.face(0, 0, 10, 3, 3, "#000") }}'})
    assert render(g2, "wrap.svg.j2").count("<circle") == 3


def test_values_are_escaped_and_helpers_are_there(tmp_path):
    g = game(tmp_path, {"t.svg.j2": "{{ card.name }}|{{ mm(1.23456) }}|{{ colour('gold') }}|{{ colour('deck.power') }}"
                                     "|{{ colour('cards.power', '#000000') }}|{{ colour('#123456') }}"})
    out = render_game_template(g, "t.svg.j2", card={"name": "<b>&"})
    assert out == "&lt;b&gt;&amp;|1.235|#d4a72c|#263a73|#000000|#123456"


def test_a_field_the_row_lacks_names_the_template_line_and_the_card(tmp_path):
    g = game(tmp_path, {"card.svg.j2": "<svg>\n{{ card.name }}\n{{ card.suit }}\n</svg>"})
    with pytest.raises(DataError) as caught:
        render(g, "card.svg.j2")
    error = caught.value
    assert str(error.location.file).endswith("templates/card.svg.j2") and error.location.line == 3
    assert error.location.field == "suit"
    assert "cards.csv:4:1" in error.message and 'card 3 ("Fireball")' in error.message


def test_a_syntax_error_is_located(tmp_path):
    g = game(tmp_path, {"card.svg.j2": "<svg>\n{% if card.name %}\n</svg>"})
    with pytest.raises(DataError) as caught:
        render(g, "card.svg.j2")
    assert caught.value.location.line == 3 and "syntax error" in caught.value.message


def test_a_missing_template_points_where_it_was_named(tmp_path):
    g = game(tmp_path, {})
    named = RenderSite("a card", None, None, Location("game.yaml", 12, 15, "components[0].template"))
    with pytest.raises(DataError) as caught:
        render_game_template(g, "nope.svg.j2", site=named)
    assert (caught.value.location.line, caught.value.location.column) == (12, 15)
    assert "no template 'nope.svg.j2'" in caught.value.message


def test_a_runtime_error_is_located(tmp_path):
    g = game(tmp_path, {"card.svg.j2": "<svg>\n\n{{ card.count / 0 }}</svg>"})
    with pytest.raises(DataError) as caught:
        render(g, "card.svg.j2")
    assert caught.value.location.line == 3 and "ZeroDivisionError" in caught.value.message


def test_text_that_cannot_fit_names_the_data_file_row_and_field(tmp_path):
    g = game(tmp_path, {"card.svg.j2": "<svg>\n{% set t = fit_text(card.text, 20, 6, 10) %}{{ t.lines }}</svg>"})
    with pytest.raises(LayoutError) as caught:
        render(g, "card.svg.j2")
    text = str(caught.value)
    assert text.startswith("cards.csv:4:12: text: ")
    assert "too long" in text and "templates/card.svg.j2:2" in text


def test_fitting_shrinks_to_fit_and_keeps_line_breaks(tmp_path):
    g = game(tmp_path, {"t.svg.j2": "{% set t = fit_text('One two\\nthree', 40, 20, 12) %}{{ t.lines | join('/') }}|{{ t.size_pt }}"
                                     "{% set l = fit_line(card.name, 15, 14, bold=true) %}|{{ l.size_pt }}"})
    lines, size, line_size = render(g, "t.svg.j2").split("|")
    assert lines == "One two/three"
    assert float(size) == 12.0 and 6.5 <= float(line_size) < 14


LONG = "x" * 99_999


@pytest.mark.parametrize("body, words", [
    ("{% for i in range(10**9) %}{% endfor %}", "range of 1,000,000,000 numbers"),
    ("{% for i in range(9000) %}{% for j in range(9000) %}{% endfor %}{% endfor %}", "loop steps"),
    # three nested loops over a 99,999-character string: a quick bounded error, not a 120 s hang
    ("{% set s = '" + LONG + "' %}{% for a in s %}{% for b in s %}{% for c in s %}{% endfor %}{% endfor %}{% endfor %}",
     "loop steps"),
    ("{% set s = '" + LONG + "' %}{% for a in s %}{{ s ~ s }}{% endfor %}", "rendered text passed"),
    ("{{ 'x' * 10**9 }}", "repeating"),
    ("{{ [1] * 10**8 }}", "repeating"),
    ("{{ 2 ** 100000000 }}", "too large"),
    ("{{ '%999999999d' % 1 }}", "huge or variable width"),
    ("{{ 'x'.center(10**9) }}", "is too large"),
    ("{{ 'x' | center(10**9) }}", "is too large"),
    ("{{ '{:>999999999}'.format(1) }}", "huge or variable width"),
    ("{% for i in range(10000) %}{{ 'y' * 99999 }}{% endfor %}", "rendered text passed 4,000,000 characters (at "),
    ("{{ card.__class__.__mro__ }}", "not allowed in a template"),
    ("{{ card.update({'count': 5}) }}", "not allowed in a template"),
])
def test_the_sandbox_stops_runaway_or_unsafe_templates_fast_and_located(tmp_path, body, words):
    g = game(tmp_path, {"evil.svg.j2": "<svg>\n" + body + "\n</svg>"})
    started = time.perf_counter()
    with pytest.raises(DataError) as caught:
        render(g, "evil.svg.j2")
    assert time.perf_counter() - started < 2.0
    assert words in str(caught.value)
    assert caught.value.location.line == 2 or "evil.svg.j2:2)" in str(caught.value)
    assert ROW["count"] == 2


def test_templates_cannot_reach_files_outside_the_template_folders(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("password")
    g = game(tmp_path, {"a.svg.j2": '{% include "../../secret.txt" %}', "b.svg.j2": '{% include "/etc/passwd" %}',
                        "c.svg.j2": '{% include "link.txt" %}'})
    os.symlink(secret, g.root / "templates" / "link.txt")
    for name in ("a.svg.j2", "b.svg.j2", "c.svg.j2"):
        with pytest.raises(DataError, match="not found") as caught:
            render(g, name)
        assert "password" not in str(caught.value)


def test_a_rules_module_adds_its_own_helpers(tmp_path):
    class SymbolKit(KitPart):
        def template_globals(self, game):
            return {"symbol": lambda mark: {"hearts": "H"}[mark]}

    class Marked(GameModule):
        slug = "marked"
        parts = (SymbolKit,)

    module = Marked()
    g = game(tmp_path, {"t.svg.j2": "{{ symbol(card.mark) }}"}, module=module)
    assert render_game_template(g, "t.svg.j2", card={"mark": "hearts"}) == "H"
