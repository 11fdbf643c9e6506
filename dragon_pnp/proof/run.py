"""The whole proof of one built kit: colour pairs from the data, then every page of what a
player prints (print-and-play.pdf, else each PDF of the kit)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.proof.graphics import GRAPHIC, IconContrast, icon_contrasts
from dragon_pnp.proof.pages import LARGE_TEXT, NORMAL_TEXT, DocumentProof, proof_document
from dragon_pnp.proof.pairs import PairFinding, groups_of, pair_findings
from dragon_pnp.proof.vision import VISIONS

THUMBNAILS = "proof"   # the folder beside the report holding every page as seen with each vision
NOT_PRINTED = ("rules-check.pdf", "proof.pdf")


@dataclass(frozen=True)
class ProofReport:
    """What the proof measured, for the writers and the command's summary line."""

    game: str
    least_difference: float
    groups: list[str]
    pairs: list[PairFinding]
    documents: list[DocumentProof]
    icons: list[IconContrast]

    @property
    def problems(self) -> int:
        return sum(self.counts().values())

    def counts(self) -> dict[str, int]:
        """Problems by kind."""
        return {"colour pair": sum(1 for pair in self.pairs if pair.level == "problem"),
                "text contrast": sum(len(document.contrast) for document in self.documents),
                "icon contrast": sum(1 for icon in self.icons if icon.level == "problem")}

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "visions": list(VISIONS), "least_colour_difference": self.least_difference,
                "contrast_needed": {"normal": NORMAL_TEXT, "large": LARGE_TEXT, "graphics": GRAPHIC}, "groups": self.groups,
                "problems": self.problems,
                "findings": [pair.to_json() for pair in self.pairs]
                + [finding.to_json() for document in self.documents for finding in document.contrast]
                + [icon.to_json() for icon in self.icons if icon.level == "problem"],
                "icons": [icon.to_json() for icon in self.icons],
                "documents": [{"document": d.name, "pages": d.pages, "smallest_text_pt": d.smallest_pt,
                               "smallest_text_page": d.smallest_page, "smallest_text": d.smallest_text,
                               "pages_seen_as": d.thumbnails} for d in self.documents]}


def printed_documents(kit: Path) -> list[Path]:
    """What a player prints: the one print-and-play file when the kit has it, else every PDF."""
    whole = kit / "print-and-play.pdf"
    if whole.is_file():
        return [whole]
    return sorted(path for path in kit.glob("*.pdf") if path.name not in NOT_PRINTED)


def run_proof(game: Any, kit: Path, out: Path | None) -> ProofReport:
    """Proof the kit built from `game` into `kit`; page pictures go into `out`/proof/ (None: no
    pictures, the quick proof `build` runs)."""
    settings = game.print_profile.proof
    groups = groups_of(game, kit)
    pairs = pair_findings(groups, settings.min_colour_difference)
    cache = RenderCache.from_environment()
    documents = [proof_document(pdf, out / THUMBNAILS if out is not None else None, cache)
                 for pdf in printed_documents(kit)]
    return ProofReport(game.game.name, settings.min_colour_difference, [group.name for group in groups], pairs,
                       documents, icon_contrasts(kit, cache))
