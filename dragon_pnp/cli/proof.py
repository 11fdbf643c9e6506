"""`dragon-pnp proof [GAME]`: an accessibility proof of the game's built kit.

Every page as seen with protanopia, deuteranopia, tritanopia and in greyscale; every pair of
things the data says must be told apart checked under each; text contrast against WCAG 2; the
smallest text of each document. Written beside the kit as proof.html, proof.pdf and proof.json
(with the pictures in proof/); exit 1 when it finds a problem. The kit is built first when its
folder holds none.
"""

from __future__ import annotations

from pathlib import Path

import typer

from dragon_pnp.cli.app import GAME_HELP, app, console
from dragon_pnp.cli.game_choice import game_folder
from dragon_pnp.resources import output_root


@app.command()
def proof(
    game: str | None = typer.Argument(None, help=GAME_HELP, show_default=False),
    kit: Path | None = typer.Option(None, "--kit", help="The built kit to proof (default: output/<game>/; built first when empty)."),
    as_json: bool = typer.Option(False, "--json", help="Print the findings as JSON too."),
) -> int:
    """Proof the kit for colour-blind readers and greyscale printing: pairs, contrast, text sizes."""
    import json

    from dragon_pnp.games.registry import load_game
    from dragon_pnp.proof.run import printed_documents, run_proof
    from dragon_pnp.proof.writers import summary_lines, write_html, write_json, write_pdf

    root = game_folder(game, "proof")
    folder = kit if kit is not None else output_root() / root.name
    if not folder.is_dir() or not printed_documents(folder):
        from dragon_pnp.cli.build import build

        console.print(f"no kit in {folder}: building it first")
        build(str(root), paper=None, no_duplex=False, no_check=True, out=folder, service=[], pdfx=False, lang=None,
              pdfx_level=None, no_proof=True)
    data = load_game(root)
    report = run_proof(data, folder, folder)
    write_json(report, folder / "proof.json")
    write_html(report, folder / "proof.html")
    write_pdf(report, folder / "proof.pdf", folder / "proof")
    if as_json:
        console.print_json(json.dumps(report.to_json()))
    else:
        for line in summary_lines(report):
            console.print(line, soft_wrap=True, markup=False, highlight=False)
        console.print(f"{report.problems} problem(s); proof.html, proof.pdf and proof.json in {folder}")
    return 1 if report.problems else 0
