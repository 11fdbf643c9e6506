"""The studio typesets a rulebook once per rebuild: the output build writes the book the preview
typeset for the same loaded game and paper (typesetting Dragon Pants' rulebook costs seconds)."""

from __future__ import annotations

from pathlib import Path

import pytest

import dragon_pnp.rulebook.document as document
from dragon_pnp.cli.new import make_game
from dragon_pnp.studio import build_adapter as adapter
from dragon_pnp.studio.images import ImageStore
from dragon_pnp.studio.preview import Previewer, Settings


def test_the_output_writes_the_book_the_preview_typeset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = make_game("tiny", tmp_path / "tiny")
    game = adapter.load(folder)
    calls: list[str] = []
    real = document.typeset
    monkeypatch.setattr(document, "typeset", lambda g, paper="letter", workdir=None:
                        calls.append(paper) or real(g, paper, workdir))
    previewer = Previewer(ImageStore())
    shown = previewer.rulebook(game, Settings("letter", True))
    assert calls == ["letter"] and shown
    book = previewer.book_for(game, "letter")
    assert book is not None and book.pdf.startswith(b"%PDF-")
    # Only for that very load and paper: a fresh load (the data may have changed) or A4 is typeset anew.
    assert previewer.book_for(adapter.load(folder), "letter") is None and previewer.book_for(game, "a4") is None

    files = adapter.write_output(game, "letter", True, tmp_path / "out", lambda label: None, book=book)
    assert calls == ["letter"], "the output build typeset the rulebook again"
    assert "rulebook.pdf" in files and (tmp_path / "out" / "rulebook.pdf").read_bytes() == book.pdf

    # The bytes a build that typesets for itself writes (when the handed-in book is left out).
    adapter.write_output(game, "letter", True, tmp_path / "own", lambda label: None)
    assert (tmp_path / "own" / "rulebook.pdf").read_bytes() == book.pdf
