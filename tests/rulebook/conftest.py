"""Typeset the rulebook once per session; helpers to read its text back out of the PDF."""

from __future__ import annotations

import pymupdf
import pytest

from dragon_pnp.rulebook import Rulebook, typeset


def pdf_pages(data: bytes) -> list[str]:
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        return [page.get_text() for page in doc]


def pdf_text(data: bytes) -> str:
    """All text, with runs of whitespace (line breaks in wrapped paragraphs) made single spaces."""
    return " ".join(" ".join(pdf_pages(data)).split())


def table_rows(data: bytes) -> list[str]:
    """Text lines rebuilt from word positions, so a table row reads left to right as one string."""
    rows: list[str] = []
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        for page in doc:
            words = sorted(page.get_text("words"), key=lambda w: (round(w[3]), w[0]))
            line: list[str] = []
            baseline = None
            for w in words:
                if baseline is not None and abs(w[3] - baseline) > 2:
                    rows.append(" ".join(line))
                    line = []
                baseline = w[3]
                line.append(w[4])
            if line:
                rows.append(" ".join(line))
    return rows


@pytest.fixture(scope="session")
def book(game) -> Rulebook:
    return typeset(game, "letter")


@pytest.fixture(scope="session")
def text(book) -> str:
    return pdf_text(book.pdf)
