"""Only rulebook pages whose drawing changed get new digests (and so are rasterised again)."""

from __future__ import annotations

import dataclasses

import pymupdf
import pytest

from dragon_pnp.pdf.page_digest import page_digests
from dragon_pnp.rulebook.document import typeset
from tests.rulebook.seed_books import seed_rulebook


@pytest.fixture(scope="module")
def letter_pdf(game) -> bytes:
    """Dragon Pants' rulebook on letter, the seed book tests/rulebook reads too (typeset once a
    test process: a few CPU seconds each time)."""
    return seed_rulebook(game, "letter").pdf


def test_a_hand_limit_edit_changes_only_the_pages_that_print_it(game, letter_pdf):
    before = letter_pdf
    edited = dataclasses.replace(game, settings=game.settings.model_copy(update={"hand_limit": 4}))
    after = typeset(edited, "letter").pdf
    old, new = page_digests(before), page_digests(after)
    assert len(old) == len(new) > 5
    changed = [number for number, (a, b) in enumerate(zip(old, new), start=1) if a != b]
    assert changed, "the hand limit is printed in the rulebook"
    assert len(changed) < len(old) // 2
    # The pages whose digest changed are exactly those whose text shows a different limit.
    texts_before = [page.get_text() for page in pymupdf.open(stream=before, filetype="pdf")]
    texts_after = [page.get_text() for page in pymupdf.open(stream=after, filetype="pdf")]
    differs = [n for n, (a, b) in enumerate(zip(texts_before, texts_after), start=1) if a != b]
    assert changed == differs


def test_equal_documents_give_equal_digests_and_pages_differ_from_each_other(letter_pdf):
    pdf = letter_pdf
    digests = page_digests(pdf)
    assert digests == page_digests(pdf)
    assert len(set(digests)) == len(digests)
