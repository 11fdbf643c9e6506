"""The one table of `dragon-pnp build`'s options, read by the Typer command and by the fast lane.

Light on purpose (no Typer): the fast lane (`dragon_pnp.cli.fast`) parses a plain build's command
line from this table before Typer is imported, and the Typer command declares its options from
it, so the two cannot drift apart. `fast` marks the options a remembered build can be answered
with; any other option sends the command line to Typer.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BuildOption:
    """One option: its flag on the command line, the parameter it fills, and its help."""

    flag: str
    name: str
    takes_value: bool
    help: str
    fast: bool = False


BUILD_OPTIONS = (
    BuildOption("--paper", "paper", True, "letter or a4 (default: the game's print.yaml, else letter).", fast=True),
    BuildOption("--no-duplex", "no_duplex", False,
                "Fold-over cards (front and back side by side) for printers without duplex.", fast=True),
    BuildOption("--no-check", "no_check", False, "Skip the simulated rules check.", fast=True),
    BuildOption("--out", "out", True, "Output folder (default: output/<game>/).", fast=True),
    BuildOption("--no-proof", "no_proof", False, "Skip the accessibility proof's quick part (colour pairs, text and "
                "icon contrast into proof.json); `dragon-pnp proof` runs the whole."),
    BuildOption("--service", "service", True, "Also write uploads for a card-printing service (tgc or mpc) into "
                "service-<name>/; may be given more than once."),
    BuildOption("--pdfx", "pdfx", False, "Also write print-shop/: every PDF as PDF/X for commercial printing "
                "(level from print.yaml `pdfx:`, else x4)."),
    BuildOption("--pdfx-level", "pdfx_level", True, "x4 (keeps transparency) or x1a (flattened, PDF 1.3); implies --pdfx."),
    BuildOption("--lang", "lang", True, "Build the kit in a language of the game's lang/ folder (de, ...) into "
                "<out>-<code>/ (default output/<game>-<code>/); `all`: every language it has."),
)
OPTION = {option.name: option for option in BUILD_OPTIONS}
