"""The board poster's tiles come out whole and the same whatever the render worker drew before.

cairo 1.16 wrote a recording shared by the poster's tiles, painted through the assembled board's
nested clips on several pages, into page resources that named two forms alike: qpdf warned, and
viewers showed Power, Mountain and Water tiles without their star or label. Which bytes came out
depended on the documents the worker had drawn the same faces into before (a render cache
test failed now and then in a whole run). Each face inside a composite is now walked for its use.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from dragon_pnp.games.registry import load_game
from dragon_pnp.kit import render
from dragon_pnp.kit.kit import document_jobs, plan_kit


def test_the_board_poster_is_the_same_after_other_documents_and_qpdf_finds_nothing(tmp_path: Path):
    plan = plan_kit(load_game("dragon_pants"), "letter", True).only("board.pdf", "tiles.pdf")
    jobs = {job.name.split("#")[0]: job for job in document_jobs(plan)}
    assert jobs["board.pdf"].composites, "the poster no longer places an assembled board"
    render.forget_drawings()
    first = render.render_document(jobs["board.pdf"])
    render.render_document(jobs["tiles.pdf"])          # the tile faces drawn into another document
    again = render.render_document(jobs["board.pdf"])
    assert first == again
    (tmp_path / "board.pdf").write_bytes(first)
    checked = subprocess.run(["qpdf", "--check", str(tmp_path / "board.pdf")], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "WARNING" not in checked.stdout + checked.stderr, checked.stdout + checked.stderr
