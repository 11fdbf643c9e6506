"""`dragon-pnp lang export GAME CODE` / `lang import GAME CODE FILE.po`: a game's translation
as a PO file for translators' tools and back into `lang/<code>.yaml`."""

from __future__ import annotations

from pathlib import Path

import typer

from dragon_pnp.cli.app import app, console
from dragon_pnp.cli.game_choice import game_folder

lang_app = typer.Typer(help="Translations: PO files for Poedit or Weblate, to and from lang/<code>.yaml.",
                       no_args_is_help=True)
app.add_typer(lang_app, name="lang")


@lang_app.command("export")
def export_po(
    game: str = typer.Argument(..., help="The game (a folder or a name under data/)."),
    code: str = typer.Argument(..., help="The language code (de, pt_BR, ...)."),
    out: Path | None = typer.Option(None, "--out", help="The PO file (default: lang/<code>.po in the game folder)."),
) -> int:
    """Write the translation as a PO file: msgctxt names the card and field, msgid the source text;
    texts not yet translated come with an empty msgstr."""
    from dragon_pnp.data.lang.catalogue import source_texts
    from dragon_pnp.data.lang.files import Translation, check_code, language_file, read_translation
    from dragon_pnp.data.lang.po import to_po
    from dragon_pnp.games.registry import load_game

    root = game_folder(game, "lang export")
    check_code(code)
    data = load_game(root)
    file = language_file(root, code)
    translation = read_translation(root, code) if file.is_file() else Translation(code, file)
    target = out if out is not None else file.with_suffix(".po")
    to_po(translation, source_texts(data, code)).save(str(target))
    console.print(f"{target}: {len(source_texts(data, code))} texts", soft_wrap=True, markup=False)
    return 0


@lang_app.command("import")
def import_po(
    game: str = typer.Argument(..., help="The game (a folder or a name under data/)."),
    code: str = typer.Argument(..., help="The language code (de, pt_BR, ...)."),
    file: Path = typer.Argument(..., help="The PO file a translator returned."),
) -> int:
    """Write lang/<code>.yaml from a PO file (the whole file replaced, in one rename)."""
    from dragon_pnp.data.lang.files import check_code, language_file, write_translation
    from dragon_pnp.data.lang.po import from_po

    root = game_folder(game, "lang import")
    check_code(code)
    translation = from_po(file, code, language_file(root, code))
    write_translation(translation)
    console.print(f"{translation.file}: {len(translation.entries)} texts", soft_wrap=True, markup=False)
    return 0
