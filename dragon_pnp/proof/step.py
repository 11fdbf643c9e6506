"""Build step: the accessibility proof without its pictures, written as proof.json in the kit.

Every check of `dragon-pnp proof` but the pages drawn as seen with each vision (the dearest
part): colour pairs, text and icon contrast, the smallest text. `build` prints its counts in one
line (`summary_line`); `--no-proof` skips the step.
"""

from __future__ import annotations

import json
from pathlib import Path

from dragon_pnp.build.context import BuildContext
from dragon_pnp.proof.run import printed_documents, run_proof
from dragon_pnp.proof.writers import write_json

PROOF_FILE = "proof.json"


def proof_step(context: BuildContext) -> None:
    """Proof the kit just written into the staging folder and keep proof.json beside it."""
    if not printed_documents(context.out_dir):
        return
    report = run_proof(context.game, context.out_dir, None)
    path = context.out_dir / PROOF_FILE
    write_json(report, path)
    context.artifacts[PROOF_FILE] = path


def summary_line(path: Path) -> str | None:
    """`build`'s line about the proof: problems by kind and where the proof is, or None when
    the kit holds none."""
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    kinds: dict[str, int] = {}
    for finding in report.get("findings", []):
        if finding.get("level") == "problem":
            kinds[finding["kind"]] = kinds.get(finding["kind"], 0) + 1
    counted = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    found = f"{sum(kinds.values())} problem(s): {counted}" if kinds else "no problems"
    pages = sum(document.get("pages", 0) for document in report.get("documents", []))
    return (f"accessibility proof: {found} (colour groups {len(report.get('groups', []))}, text on {pages} "
            f"page(s), icons {len(report.get('icons', []))}); {path} (`dragon-pnp proof` adds every page as seen)")
