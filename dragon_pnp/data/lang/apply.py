"""A loaded game seen in another language: card rows, game.yaml texts, rules.md paragraphs and
the generic words replaced, everything the rules read (ids, counts, numbers) untouched.

Missing entries fall back to the source text (validate --lang reports them); the view is a new
GameData, so the source-language load and whatever a rules module derived from it stay as they
were."""

from __future__ import annotations

import copy
import dataclasses
from typing import TYPE_CHECKING, Any

from dragon_pnp.data.lang.catalogue import (
    COMPONENT_TEXTS,
    DIRECTIVE_CAPTION,
    caption_key,
    is_prose,
    paragraph_key,
    row_key,
    split_paragraphs,
)
from dragon_pnp.data.lang.data_files import TEXT_FIELDS, translated_files, translated_map
from dragon_pnp.data.lang.files import Translation, read_translation
from dragon_pnp.data.lang.words import Phrases

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData


def in_language(game: GameData, code: str) -> GameData:
    """The game in language `code`, read from its `lang/<code>.yaml`."""
    return translated(game, read_translation(game.root, code))


def translated(game: GameData, translation: Translation) -> GameData:
    texts = translation.texts
    manifest = _manifest(game.game, texts)
    manifest.set_phrases(Phrases(translation.code, {k: v for k, v in texts.items() if k.startswith(("words.", "templates.", "module.")) or (k.endswith(".title") and k.startswith("game.rules_options."))}))
    rows = {cid: _rows(game, cid, data, texts) for cid, data in game.component_data.items()}
    for component in game.game.components:
        if getattr(component, "kind", None) == "tiles" and component.id in rows:
            rows[component.id] = translated_map(game, component, rows[component.id], texts)
    files = translated_files(game, _deck_files(game, texts), texts)
    return dataclasses.replace(game, game=manifest, component_data=rows, files=files,
                               print_profile=_profile(game.print_profile, texts),
                               language=translation.code,
                               rules_paragraphs={k: v for k, v in texts.items() if k.startswith("rules.")},
                               _derived={})


def translate_rules(text: str, paragraphs: dict[str, str]) -> str:
    """rules.md with each translated prose paragraph swapped in, everything else as written."""
    blocks = split_paragraphs(text)
    for index, block in enumerate(blocks):
        if index % 2 == 0 and is_prose(block):
            found = paragraphs.get(paragraph_key(block))
            if found is not None:
                lead = block[: len(block) - len(block.lstrip())]
                trail = block[len(block.rstrip()):]
                blocks[index] = lead + found + trail
    return DIRECTIVE_CAPTION.sub(lambda m: m.group(1) + paragraphs.get(caption_key(m.group(2)), m.group(2)) + m.group(3),
                                 "".join(blocks))


def _rows(game: GameData, component_id: str, data: Any, texts: dict[str, str]) -> Any:
    component = next((c for c in game.game.components if c.id == component_id), None)
    if getattr(component, "kind", None) != "deck" or not isinstance(data, list):
        return data
    rows = []
    for index, row in enumerate(data):
        name = row_key(row, index, getattr(component, "key_field", None))
        new = dict(row)
        for field in TEXT_FIELDS:
            found = texts.get(f"cards.{component_id}.{name}.{field}")
            if found is not None and isinstance(row.get(field), str):
                new[field] = found
        rows.append(new)
    return rows


def _deck_files(game: GameData, texts: dict[str, str]) -> dict[str, Any]:
    """A rules module's data files that are also a deck's card file (its typed `cards` rows),
    with the same texts swapped in as the deck's rows, so its own views print them too."""
    declared = getattr(game.module, "data_files", None) or {}
    decks: dict[str, Any] = {str(getattr(c, "cards", "")): c for c in game.game.components if getattr(c, "kind", None) == "deck"}
    files = dict(game.files)
    for name, spec in declared.items():
        deck, model = decks.get(str(spec.file)), files.get(name)
        cards = getattr(model, "cards", None)
        if deck is None or model is None or not isinstance(cards, list):
            continue
        new_cards = []
        for index, card in enumerate(cards):
            key = row_key(card.model_dump(), index, deck.key_field)
            update = {f: texts[f"cards.{deck.id}.{key}.{f}"] for f in TEXT_FIELDS
                      if isinstance(getattr(card, f, None), str) and f"cards.{deck.id}.{key}.{f}" in texts}
            new_cards.append(card.model_copy(update=update) if update else card)
        files[name] = model.model_copy(update={"cards": new_cards})
    return files


def _profile(profile: Any, texts: dict[str, str]) -> Any:
    """print.yaml with its seat colours' names translated (their hex values as they were)."""
    colours = getattr(profile, "seat_colours", None) or {}
    named = {seat: colour.model_copy(update={"name": texts[f"print.seat_colours.{seat}.name"]})
             if f"print.seat_colours.{seat}.name" in texts else colour for seat, colour in colours.items()}
    return profile.model_copy(update={"seat_colours": named}) if named != colours else profile


def _manifest(info: Any, texts: dict[str, str]) -> Any:
    update = {attr: texts[f"game.{attr}"] for attr in ("name", "tagline", "credits") if f"game.{attr}" in texts}
    components = [_component(c, texts) for c in info.components]
    options = {oid: option.model_copy(update={"summary": texts[f"game.rules_options.{oid}.summary"]})
               if f"game.rules_options.{oid}.summary" in texts else option
               for oid, option in (getattr(info, "rules_options", None) or {}).items()}
    return info.model_copy(update={**update, "components": components, "rules_options": options})


def _component(component: Any, texts: dict[str, str]) -> Any:
    base = f"components.{component.id}"
    update: dict[str, Any] = {}
    if f"{base}.name" in texts:
        update["name"] = texts[f"{base}.name"]
    update.update({attr: texts[f"{base}.{attr}"] for attr in COMPONENT_TEXTS if f"{base}.{attr}" in texts})
    back: Any = getattr(component, "back", None)
    fields = getattr(back, "fields", None)
    if fields:
        new_fields = {k: texts.get(f"{base}.back.{k}", v) if k in TEXT_FIELDS else v for k, v in fields.items()}
        if new_fields != fields:
            update["back"] = back.model_copy(update={"fields": new_fields})
    for part in ("faces", "sets"):
        items = getattr(component, part, None)
        if items and all(hasattr(item, "name") and hasattr(item, "id") for item in items):
            named = [item.model_copy(update={"name": texts[f"{base}.{part}.{item.id}.name"]})
                     if f"{base}.{part}.{item.id}.name" in texts else item for item in items]
            update[part] = named
    return component.model_copy(update=update) if update else copy.copy(component)
