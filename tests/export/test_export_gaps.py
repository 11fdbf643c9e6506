"""Export gaps a print service or Tabletop Simulator would hit (issue 23), one test each."""

from __future__ import annotations

import json

import pytest
import yaml

from dragon_pnp.data.loader import project_root
from dragon_pnp.export.from_kit import export_set
from dragon_pnp.export.model import ExportCard, ExportDeck, ExportPiece, ExportSet
from dragon_pnp.games.registry import load_game


def test_dragon_line_cards_carry_their_effect_in_the_tooltip():
    """Dragon Line rows have no `rules`/`text`: the tooltip is the words the card prints."""
    game = load_game("dragon_line")
    deck = next(d for d in export_set(game).decks if d.name == "Dragon cards")
    rows = yaml.safe_load((project_root() / "data" / "dragon_line" / "dragons.yaml").read_text())["cards"]
    assert len(deck.cards) == len(rows) == 35
    by_name = {row["name"]: row for row in rows}
    for card in deck.cards:
        row = by_name[card.name]
        lines = card.description.splitlines()
        assert card.name not in lines, "the name is the tooltip's title, not its text"
        assert str(row["health"]) in lines and row["suit"].capitalize() in card.description
        # the suit's ability sentence, as the card prints it (a full sentence ending in a stop)
        assert any(line.endswith(".") and len(line.split()) >= 3 for line in lines), card.description


from dragon_pnp.components.face_text import visible_text  # noqa: E402
from dragon_pnp.export.services import plan_service, service  # noqa: E402
from dragon_pnp.export.tts import DIE_MM_AT_SCALE_1  # noqa: E402
from dragon_pnp.export.writers import start_tts_export  # noqa: E402


@pytest.fixture(scope="module")
def dance():
    return export_set(load_game("dragon_dance"))


@pytest.fixture(scope="module")
def line():
    return export_set(load_game("dragon_line"))


@pytest.mark.parametrize("name", ["tgc", "mpc"])
def test_card_size_aids_are_offered_as_cards(dance, line, name):
    """Both services print poker cards, so poker-size double-sided aids are offered, face and back."""
    for export, aid in ((dance, "Player aids"), (line, "Line reference card")):
        plan = plan_service(export, service(name))
        assert not any(aid in item for item in plan.not_offered), plan.not_offered
        aid_files = [f for f in plan.files if f.item.startswith(aid)]
        assert aid_files and {f.side for f in aid_files} == {"face", "back"}
        assert all(f.product.shape == "card" for f in aid_files)


def test_aids_are_named_by_their_display_name(dance):
    names = {piece.name for piece in dance.pieces}
    assert {"Player aids: Knight", "Player aids: Dragon"} <= names
    assert not {"knight", "dragon"} & names


def test_tokens_are_grouped_by_shape():
    """Circle and square chits are different products: the upload list keeps them apart."""
    face = SQUARE.replace("69mm", "25mm").replace("94mm", "25mm")
    pieces = tuple(ExportPiece(f"{shape}-chit", f"{shape} chit", "", "token", shape, (19.0, 19.0), 3, face, None, 4)
                   for shape in ("circle", "square"))
    plan = plan_service(ExportSet("g", "G", (), pieces), service("tgc"))
    assert {(f.group, f.item) for f in plan.files} == {("Tokens (circle)", "circle chit"), ("Tokens (square)", "square chit")}
    assert "Tokens (circle)" in plan.upload_txt("G") and "Tokens (square)" in plan.upload_txt("G")


SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94"><rect width="69" height="94" fill="{}"/></svg>'


@pytest.mark.parametrize("name", ["tgc", "mpc"])
def test_per_card_backs_are_listed_as_such(name):
    cards = tuple(ExportCard(f"Card {n}", "", SQUARE.format("#fff"), SQUARE.format(colour), 1)
                  for n, colour in enumerate(("#f00", "#00f")))
    one_back = tuple(ExportCard(c.name, "", c.front_svg, SQUARE.format("#0f0"), 1) for c in cards)
    own = ExportSet("g", "G", (ExportDeck("own", "Own backs", (63, 88), 3, cards),))
    shared = ExportSet("g", "G", (ExportDeck("shared", "Shared back", (63, 88), 3, one_back),))
    own_text = plan_service(own, service(name)).upload_txt("G")
    shared_text = plan_service(shared, service(name)).upload_txt("G")
    assert "each item has its own back" in own_text
    assert "each item has its own back" not in shared_text


def test_dice_report_the_face_they_show_and_scale_by_size(dance, tmp_path):
    start_tts_export(dance, tmp_path).write(tmp_path)
    save = json.loads(next(tmp_path.glob("*.json")).read_text())
    dice = [o for o in _walk(save["ObjectStates"]) if o["Name"] == "Custom_Dice"]
    assert dice
    by_name = {die.name: die for die in dance.dice}
    sizes = set()
    for obj in dice:
        die = by_name[obj["Nickname"]]
        shown = [" ".join(visible_text(svg).split()) or str(n) for n, svg in enumerate(die.faces, 1)]
        values = {r["Value"] for r in obj["RotationValues"]}
        assert values == set(shown)
        assert obj["Transform"]["scaleX"] == pytest.approx(die.size_mm / DIE_MM_AT_SCALE_1)
        sizes.add(obj["Transform"]["scaleX"])
    assert len(sizes) == len({die.size_mm for die in dance.dice})


def _walk(objects):
    for obj in objects:
        yield obj
        yield from _walk(obj.get("ContainedObjects", []))


def test_aid_copies_fields_are_honoured(tmp_path):
    """`copies: [{fields: {...}}]` gives each copy its own fields (two different aids, not one)."""
    import shutil

    folder = tmp_path / "game"
    shutil.copytree(project_root() / "data" / "dragon_dance", folder)
    manifest = folder / "game.yaml"
    text = manifest.read_text()
    assert "copies: [{role: knight}, {role: dragon}]" in text
    manifest.write_text(text.replace("copies: [{role: knight}, {role: dragon}]",
                                     "copies: [{id: k, fields: {role: knight}}, {id: d, fields: {role: dragon}}]"))
    aids = [p for p in export_set(load_game(folder)).pieces if p.name.startswith("Player aids")]
    assert len(aids) == 2 and aids[0].front_svg != aids[1].front_svg


def test_token_back_takes_the_deck_form(tmp_path):
    """A token `back:` may be `{template, fields}` like a deck's; the old string still works."""
    import shutil

    folder = tmp_path / "game"
    shutil.copytree(project_root() / "data" / "dragon_line", folder)
    manifest = folder / "game.yaml"
    text = manifest.read_text()
    assert "    back: token_back.svg.j2\n" in text
    before = [p.back_svg for p in export_set(load_game(folder)).pieces if p.id.startswith("activation")]
    manifest.write_text(text.replace("    back: token_back.svg.j2\n", "    back: {template: token_back.svg.j2}\n", 1))
    after = [p.back_svg for p in export_set(load_game(folder)).pieces if p.id.startswith("activation")]
    assert before and before == after
