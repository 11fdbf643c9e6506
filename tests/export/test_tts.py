"""Tabletop Simulator export: the saved object checked against the format's documented fields,
card ids against their sheets, and image sizes read back from the PNGs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dragon_pnp.export.model import ExportCard, ExportDeck, ExportDie, ExportPiece, ExportSet
from dragon_pnp.export.tts import D6_NET, DIE_FACE_PX, MAX_SHEET_PX, plan_tts
from dragon_pnp.export.writers import start_tts_export
from tests.export.pngs import close, hex_rgb, pixels, png_size, rgb, url_path

# Fields of the save-state format (kb.tabletopsimulator.com/custom-content/save-file-format/)
# that the export writes, with their JSON types.
SAVE_FIELDS = {"SaveName": str, "GameMode": str, "Date": str, "VersionNumber": str, "Gravity": float,
               "PlayArea": float, "Table": str, "Sky": str, "Note": str, "TabStates": dict, "LuaScript": str,
               "LuaScriptState": str, "XmlUI": str, "ObjectStates": list}
OBJECT_FIELDS = {"GUID": str, "Name": str, "Transform": dict, "Nickname": str, "Description": str,
                 "ColorDiffuse": dict, "Locked": bool, "Grid": bool, "Snap": bool, "Autoraise": bool,
                 "Sticky": bool, "Tooltip": bool, "LuaScript": str, "LuaScriptState": str, "XmlUI": str}
TRANSFORM_FIELDS = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
CUSTOM_DECK_FIELDS = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
                      "UniqueBack": bool, "Type": int}
CUSTOM_IMAGE_FIELDS = {"ImageURL": str, "ImageSecondaryURL": str, "ImageScalar": float, "WidthScale": float}
BY_NAME = {
    "Deck": {"DeckIDs": list, "CustomDeck": dict, "ContainedObjects": list, "SidewaysCard": bool},
    "Card": {"CardID": int, "CustomDeck": dict, "SidewaysCard": bool},
    "Bag": {"ContainedObjects": list},
    "Custom_Tile": {"CustomImage": dict},
    "Custom_Token": {"CustomImage": dict},
    "Figurine_Custom": {"CustomImage": dict},
    "Custom_Dice": {"CustomImage": dict, "RotationValues": list},
}
NESTED = {"Custom_Tile": ("CustomTile", {"Type": int, "Thickness": float, "Stackable": bool, "Stretch": bool}),
          "Custom_Token": ("CustomToken", {"Thickness": float, "MergeDistancePixels": float, "StandUp": bool,
                                           "Stackable": bool}),
          "Custom_Dice": ("CustomDice", {"Type": int})}


def _typed(value, kind) -> bool:
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _check_fields(where: str, data: dict, fields: dict) -> None:
    for key, kind in fields.items():
        assert key in data, f"{where}: {key} missing"
        assert _typed(data[key], kind), f"{where}: {key} should be {kind.__name__}, is {data[key]!r}"


def walk(objects: list[dict]):
    """Every object, contents of decks and bags included."""
    for obj in objects:
        yield obj
        yield from walk(obj.get("ContainedObjects", []))


def check_save(save: dict) -> None:
    """The saved object against the documented fields, and the card ids against their sheets."""
    _check_fields("save", save, SAVE_FIELDS)
    guids = []
    for obj in walk(save["ObjectStates"]):
        name = obj.get("Name")
        where = f"{name} {obj.get('Nickname')!r}"
        _check_fields(where, obj, OBJECT_FIELDS)
        assert name in BY_NAME, f"{where}: unexpected object type"
        _check_fields(where, obj, BY_NAME[name])
        assert all(_typed(obj["Transform"].get(k), float) for k in TRANSFORM_FIELDS), where
        assert re.fullmatch(r"[0-9a-f]{6}", obj["GUID"]), where
        guids.append(obj["GUID"])
        assert obj["Nickname"].strip() and obj["Description"].strip(), f"{where}: every object is named and described"
        if "CustomImage" in obj:
            _check_fields(where, obj["CustomImage"], CUSTOM_IMAGE_FIELDS)
            assert url_path(obj["CustomImage"]["ImageURL"]).is_file()
            if name in NESTED:
                key, fields = NESTED[name]
                _check_fields(where, obj["CustomImage"][key], fields)
        if name in ("Deck", "Card"):
            for deck_id, entry in obj["CustomDeck"].items():
                _check_fields(f"{where} CustomDeck {deck_id}", entry, CUSTOM_DECK_FIELDS)
                assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        if name == "Card":
            sheet = obj["CustomDeck"][str(obj["CardID"] // 100)]
            assert obj["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1, "the last slot is the hidden card"
        if name == "Deck":
            cards = obj["ContainedObjects"]
            assert all(card["Name"] == "Card" for card in cards)
            assert obj["DeckIDs"] == [card["CardID"] for card in cards]
            for card in cards:
                assert card["CardID"] // 100 in {int(k) for k in obj["CustomDeck"]}
    assert len(guids) == len(set(guids)), "GUIDs are unique"


def check_sheet_images(entry: dict) -> tuple[int, int]:
    """Face sheet (and back) sizes read from the PNGs; returns one card's size in pixels."""
    width, height = png_size(url_path(entry["FaceURL"]))
    assert width <= MAX_SHEET_PX and height <= MAX_SHEET_PX
    assert width % entry["NumWidth"] == 0 and height % entry["NumHeight"] == 0
    card = (width // entry["NumWidth"], height // entry["NumHeight"])
    back = png_size(url_path(entry["BackURL"]))
    assert back == ((width, height) if entry["UniqueBack"] else card)
    return card


@pytest.fixture(scope="module")
def save(tts_export) -> dict:
    return json.loads((tts_export / "dragon_pants.json").read_text())


def test_saved_object_has_the_documented_fields(save):
    check_save(save)
    assert save["SaveName"] == "Dragon Pants"


def test_decks_hold_every_card_with_its_name_and_text(save, game):
    decks = {obj["Nickname"]: obj for obj in save["ObjectStates"] if obj["Name"] == "Deck"}
    assert set(decks) == {"Power cards", "Destiny cards"}
    power, destiny = decks["Power cards"]["ContainedObjects"], decks["Destiny cards"]["ContainedObjects"]
    assert (len(power), len(destiny)) == (19, 33)
    assert len({card["CardID"] for card in power}) == len(game.power.cards)
    by_name = {card.name: card for card in game.power.cards}
    for card in power:
        assert card["Description"] == by_name[card["Nickname"]].rules, "the tooltip carries the card's whole effect"
    counts = {name: sum(1 for card in power if card["Nickname"] == name) for name in by_name}
    assert counts == {card.name: card.count for card in game.power.cards}


def test_card_sheets_fit_the_limits_and_put_the_back_in_the_hidden_slot(save, tts_export, game):
    for deck in (obj for obj in save["ObjectStates"] if obj["Name"] == "Deck"):
        for entry in deck["CustomDeck"].values():
            card_w, card_h = check_sheet_images(entry)
            assert card_h / card_w == pytest.approx(88 / 63, abs=0.01)
            sheet = pixels(url_path(entry["FaceURL"]))
            back = pixels(url_path(entry["BackURL"]))
            last = entry["NumWidth"] * entry["NumHeight"] - 1
            x0, y0 = (last % entry["NumWidth"]) * card_w, (last // entry["NumWidth"]) * card_h
            for fx, fy in [(0.5, 0.5), (0.1, 0.9), (0.9, 0.1), (0.5, 0.25)]:
                assert close(rgb(sheet, x0 + int(fx * card_w), y0 + int(fy * card_h)),
                             rgb(back, int(fx * card_w), int(fy * card_h)), 8)
    power_back = pixels(tts_export / "images" / "power-back.png")
    assert close(rgb(power_back, 2, 2), hex_rgb(game.print_profile.palette("deck")["power"]), 30)


def test_pieces_are_tiles_tokens_and_figurines(save, tts_export):
    objects = list(walk(save["ObjectStates"]))
    tiles = [o for o in objects if o["Name"] == "Custom_Tile" and o["CustomImage"]["CustomTile"]["Type"] == 1]
    assert len(tiles) == 43, "every board tile, in bags by terrain or alone"
    figures = [o for o in objects if o["Name"] == "Figurine_Custom"]
    assert len(figures) == 6 and all(f["CustomImage"]["ImageSecondaryURL"] for f in figures)
    (marker,) = [o for o in objects if o["Name"] == "Custom_Token"]
    image = pixels(url_path(marker["CustomImage"]["ImageURL"]))
    assert image.alpha and image.pixel(0, 0)[3] == 0 and image.pixel(image.width // 2, image.height // 3)[3] == 255
    assert png_size(url_path(tiles[0]["CustomImage"]["ImageURL"])) == (748, 648), "95 mm hexes at 200 DPI"


def _plain(colour: str, w: float = 63, h: float = 88, bleed: float = 3) -> str:
    W, H = w + 2 * bleed, h + 2 * bleed
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}mm" height="{H}mm" viewBox="0 0 {W} {H}">'
            f'<rect width="{W}" height="{H}" fill="{colour}"/></svg>')


def test_large_decks_split_into_sheets_and_distinct_backs_make_a_back_sheet(tmp_path):
    """75 distinct cards: a full 10 x 7 sheet of 69 plus the hidden slot, then a second sheet
    (deck id 2, card ids from 200); a deck whose backs differ gets a back sheet (UniqueBack)."""
    colours = [f"#{(i * 37) % 256:02x}{(i * 91) % 256:02x}{(i * 53) % 256:02x}" for i in range(75)]
    big = ExportDeck("big", "Big deck", (63, 88), 3,
                     tuple(ExportCard(f"Card {i}", f"Text {i}", _plain(c), _plain("#202020"), 1)
                           for i, c in enumerate(colours)))
    mixed = ExportDeck("mixed", "Mixed backs", (63, 88), 3,
                       (ExportCard("A", "a", _plain("#ff0000"), _plain("#0000ff"), 2),
                        ExportCard("B", "b", _plain("#00ff00"), _plain("#ffff00"), 1)))
    lone = ExportDeck("lone", "Lone card", (63, 88), 3,
                      (ExportCard("Only", "one", _plain("#00ffff"), _plain("#000000"), 1),))
    faces = ("#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff")
    die = ExportDie("d6", "Colour die", 16, tuple(_plain(c, 16, 16, 0) for c in faces), 2)
    token = ExportPiece("coin", "Coin", "A coin", "token", "circle", (20, 20), 2, _plain("#884400", 20, 20, 2), None, 3)
    export = ExportSet("test", "Test game", (big, mixed, lone), (token,), (die,))
    start_tts_export(export, tmp_path).write(tmp_path)
    save = json.loads((tmp_path / "test.json").read_text())
    check_save(save)
    objects = {obj["Nickname"]: obj for obj in save["ObjectStates"]}

    deck = objects["Big deck"]
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    first, second = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7) and (second["NumWidth"], second["NumHeight"]) == (7, 1)
    assert deck["DeckIDs"] == [100 + i for i in range(69)] + [200 + i for i in range(6)]
    card_w, card_h = check_sheet_images(first)
    sheet = pixels(url_path(first["FaceURL"]))
    for index in (0, 37, 68):  # each card's colour sits in its slot
        x, y = (index % 10) * card_w + card_w // 2, (index // 10) * card_h + card_h // 2
        assert close(rgb(sheet, x, y), hex_rgb(colours[index]))
    check_sheet_images(second)

    mixed_deck = objects["Mixed backs"]
    entry = mixed_deck["CustomDeck"]["3"]
    assert entry["UniqueBack"] is True and len(mixed_deck["ContainedObjects"]) == 3
    backs = pixels(url_path(entry["BackURL"]))
    cw, ch = check_sheet_images(entry)
    assert close(rgb(backs, cw // 2, ch // 2), (0, 0, 255)) and close(rgb(backs, cw + cw // 2, ch // 2), (255, 255, 0))

    assert objects["Only"]["Name"] == "Card" and objects["Only"]["CardID"] == 400, "a one-card deck is a card"

    dice = objects["Colour die x2"]
    assert dice["Name"] == "Bag" and len(dice["ContainedObjects"]) == 2
    one = dice["ContainedObjects"][0]
    assert one["Name"] == "Custom_Dice" and one["CustomImage"]["CustomDice"]["Type"] == 1
    assert sorted(int(r["Value"]) for r in one["RotationValues"]) == [1, 2, 3, 4, 5, 6]
    texture_path = url_path(one["CustomImage"]["ImageURL"])
    assert png_size(texture_path) == (4 * DIE_FACE_PX, 3 * DIE_FACE_PX)
    texture = pixels(texture_path)
    for value, (column, row) in D6_NET.items():
        centre = (column * DIE_FACE_PX + DIE_FACE_PX // 2, row * DIE_FACE_PX + DIE_FACE_PX // 2)
        assert close(rgb(texture, *centre), hex_rgb(faces[value - 1])), f"face {value} in its square of the net"

    coins = objects["Coin x3"]
    assert [o["Name"] for o in coins["ContainedObjects"]] == ["Custom_Token"] * 3


def test_export_is_reproducible(dragon_export, tts_export, tmp_path):
    start_tts_export(dragon_export, tmp_path).write(tmp_path)
    first = sorted(p.relative_to(tts_export) for p in tts_export.rglob("*.png"))
    again = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.png"))
    assert first == again and all((tts_export / p).read_bytes() == (tmp_path / p).read_bytes() for p in first)
    text = (tmp_path / "dragon_pants.json").read_text().replace(tmp_path.as_uri(), "ROOT")
    assert text == (tts_export / "dragon_pants.json").read_text().replace(tts_export.as_uri(), "ROOT")


def test_images_are_referenced_where_they_will_be(dragon_export, tmp_path):
    """The URLs name the final folder, not wherever the files were staged."""
    plan = plan_tts(dragon_export, tmp_path / "final")
    urls = [o["CustomImage"]["ImageURL"] for o in walk(plan.save["ObjectStates"]) if "CustomImage" in o]
    assert urls and all(url.startswith((tmp_path / "final").resolve().as_uri() + "/images/") for url in urls)
    assert {job.name for job in plan.jobs} >= {Path(url_path(u)).relative_to((tmp_path / "final").resolve()).as_posix()
                                               for u in urls}
