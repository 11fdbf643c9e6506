"""A broken save becomes located problems: file, line, column, field, message and the line itself."""

from __future__ import annotations

import pytest

from dragon_pnp.errors import DataErrors, LayoutError
from dragon_pnp.games.registry import load_game
from dragon_pnp.studio.problems import problems_from


def test_a_yaml_syntax_error_is_located_with_its_line(game_copy):
    cards = game_copy / "power_cards.yaml"
    lines = cards.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if "name: Fireball" in line)
    lines[number] = "    name: [Fireball"
    cards.write_text("\n".join(lines) + "\n")
    with pytest.raises(DataErrors) as caught:
        load_game(game_copy)
    [problem] = problems_from(caught.value, game_copy)
    assert problem.file.endswith("power_cards.yaml")
    assert problem.line is not None and problem.line >= number + 1
    assert "YAML syntax error" in problem.message
    assert problem.excerpt is not None
    assert problem.text.startswith(f"{problem.file}:{problem.line}:")


def test_a_schema_error_names_the_field(game_copy):
    settings = game_copy / "game.yaml"
    settings.write_text(settings.read_text().replace("hand_limit: 3", "hand_limit: lots"))
    with pytest.raises(DataErrors) as caught:
        load_game(game_copy)
    [problem] = problems_from(caught.value, game_copy)
    assert problem.field == "settings.hand_limit"   # the rule numbers sit under game.yaml `settings:`
    assert problem.excerpt is not None and "hand_limit: lots" in problem.excerpt
    assert problem.column == problem.excerpt.index("lots") + 1


def test_other_user_errors_keep_their_message():
    [problem] = problems_from(LayoutError("power_cards.yaml: card 'x': text does not fit"))
    assert problem.kind == "layout" and problem.file is None
    assert problem.text == "power_cards.yaml: card 'x': text does not fit"


def test_a_broken_template_is_located(tmp_path):
    import jinja2

    from dragon_pnp.studio.problems import internal, located_fault

    template = tmp_path / "power_card.svg.j2"
    template.write_text("<svg>\n{% if card %}\n</svg>\n")
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(str(tmp_path)))
    with pytest.raises(jinja2.TemplateSyntaxError) as caught:
        environment.get_template("power_card.svg.j2")
    problem = located_fault(caught.value)
    assert problem is not None and problem.kind == "template"
    assert problem.file == str(template) and problem.line == 2 and problem.excerpt == "{% if card %}"
    assert problem.message.startswith("template error:")
    assert located_fault(KeyError("x")) is None
    assert "KeyError" in internal(KeyError("x")).message
