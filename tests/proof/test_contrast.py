"""Text ink chosen by WCAG contrast, icons measured against what they sit on, and the build's
proof line. Expected ratios are worked by hand from WCAG 2's formula (luminances in comments)."""

from __future__ import annotations

import json

import pytest

from dragon_pnp.build.context import BuildOptions
from dragon_pnp.build.pipeline import active_steps
from dragon_pnp.contrast import contrast_ratio, deepened, ink_on, mixed, rgb
from dragon_pnp.proof.graphics import icon_contrasts
from dragon_pnp.proof.step import summary_line


def test_ink_on_a_light_seat_colour_is_dark():
    # #e9c42a: L = 0.2126 * 0.815 + 0.7152 * 0.552 + 0.0722 * 0.023 = 0.570; white on it 1.05 / 0.620 = 1.69.
    assert contrast_ratio("#ffffff", "#e9c42a") == pytest.approx(1.69, abs=0.01)
    assert ink_on("#e9c42a") == "#1d1d1d"


def test_ink_on_a_mid_blue_where_neither_usual_ink_reaches_4_5_is_black():
    # #3b7dd8: L = 0.2126 * 0.044 + 0.7152 * 0.205 + 0.0722 * 0.687 = 0.206. White: 1.05 / 0.256 = 4.11;
    # #1d1d1d (L 0.0123): 0.256 / 0.0623 = 4.10; black: 0.256 / 0.05 = 5.11.
    assert contrast_ratio("#ffffff", "#3b7dd8") == pytest.approx(4.11, abs=0.01)
    assert contrast_ratio("#1d1d1d", "#3b7dd8") == pytest.approx(4.10, abs=0.01)
    assert ink_on("#3b7dd8") == "#000000"
    assert ink_on("#2c3e50") == "#ffffff"


def test_deepened_keeps_the_hue_and_just_reaches_the_ratio():
    # #b9770e on the card's #fbf7ee is about 3.4:1; darkened in 2 % steps until 4.5:1.
    shade = deepened("#b9770e", "#fbf7ee")
    assert contrast_ratio(shade, "#fbf7ee") >= 4.5
    r, g, b = rgb(shade)
    assert r / 0xb9 == pytest.approx(g / 0x77, abs=0.02) == pytest.approx(b / 0x0e, abs=0.1)
    assert contrast_ratio(shade, "#fbf7ee") < 4.5 * 1.05     # no darker than it needs to be
    assert deepened("#2c3e50", "#fbf7ee") == "#2c3e50"        # dark enough already


def test_mixed_is_a_tint_laid_over_paper():
    assert mixed("#000000", 0.5, "#ffffff") in ("#808080", "#7f7f7f")
    assert mixed("#2471a3", 0.0, "#fbf8f1") == "#fbf8f1"


FACE = """<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="40mm" viewBox="0 0 40 40">
  <rect width="40" height="40" fill="{page}"/>
  <svg class="icon" data-icon="{name}" x="10" y="10" width="20" height="20" viewBox="0 0 10 10">
    <circle cx="5" cy="5" r="4" fill="{ink}"/>
  </svg>
</svg>
"""


@pytest.mark.parametrize(("page", "ink", "ratio"), [
    ("#ffffff", "#bbbbbb", 1.92),   # L(#bbbbbb) = 0.497: 1.05 / 0.547
    ("#ffffff", "#1d1d1d", 16.86),  # 1.05 / 0.0623
    ("#3b7dd8", "#000000", 5.11),   # the mid blue above against black
])
def test_an_icon_is_measured_against_what_it_is_drawn_on(tmp_path, page, ink, ratio):
    (tmp_path / "svg").mkdir()
    (tmp_path / "svg" / "card-one.svg").write_text(FACE.format(page=page, ink=ink, name="dot"), encoding="utf-8")
    (tmp_path / "svg" / "card-plain.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>', encoding="utf-8")
    [icon] = icon_contrasts(tmp_path)
    assert (icon.face, icon.icon) == ("svg/card-one.svg", "dot")
    assert icon.ratio == pytest.approx(ratio, rel=0.03)
    assert icon.background == page and icon.level == ("problem" if ratio < 3 else "ok")


def test_the_build_line_counts_problems_by_kind(tmp_path):
    report = {"groups": ["suit", "seat colours"], "icons": [{"ratio": 2.0}, {"ratio": 9.0}],
              "documents": [{"pages": 3}, {"pages": 4}], "findings": [
        {"level": "problem", "kind": "text contrast"}, {"level": "problem", "kind": "text contrast"},
        {"level": "info", "kind": "colour pair"}, {"level": "problem", "kind": "icon contrast"}]}
    (tmp_path / "proof.json").write_text(json.dumps(report), encoding="utf-8")
    line = summary_line(tmp_path / "proof.json")
    assert line is not None and "3 problem(s): 1 icon contrast, 2 text contrast" in line
    assert "colour groups 2, text on 7 page(s), icons 2" in line and str(tmp_path / "proof.json") in line
    assert summary_line(tmp_path / "missing.json") is None


def test_no_proof_leaves_the_step_out():
    labels = [step.label for step in active_steps(BuildOptions(check=False))]
    assert "Accessibility proof" in labels
    assert "Accessibility proof" not in [step.label for step in active_steps(BuildOptions(check=False, proof=False))]


def test_the_proof_step_comes_after_the_print_and_play_file():
    labels = [step.label for step in active_steps(BuildOptions(check=False))]
    assert labels.index("Accessibility proof") > labels.index("Print-and-play")




def test_a_rebuild_says_the_old_proof_pictures_showed_the_old_pages():
    from dragon_pnp.build.kept_outputs import Carried

    note = Carried(dropped=["print-shop/", "proof.html", "proof/"]).note()
    assert "print-shop/ is gone" in note and "proof.html, proof/ showed the old pages" in note
    assert "print-shop" not in Carried(dropped=["proof.pdf"]).note()


def test_page_findings_are_kept_by_what_the_page_draws(tmp_path, monkeypatch):
    """A page measured once is read back from the cache (not drawn again) with the same finding."""
    from reportlab.pdfgen import canvas

    from dragon_pnp.kit.render_cache import RenderCache
    from dragon_pnp.proof import pages

    pdf = tmp_path / "faint.pdf"
    page = canvas.Canvas(str(pdf), pagesize=(200, 100), invariant=1)
    page.setFillColorRGB(0xbb / 255, 0xbb / 255, 0xbb / 255)
    page.setFont("Helvetica", 10)
    page.drawString(20, 50, "Faint words")
    page.save()
    cache = RenderCache(tmp_path / "cache")
    first = pages.proof_document(pdf, None, cache)
    [finding] = first.contrast
    assert finding.text_colour == "#bbbbbb" and finding.ratio == pytest.approx(1.92, abs=0.05)   # L 0.497 on white

    def no_drawing(data, dpi, wanted):
        assert not wanted, "a cached page was drawn again"
        return []

    monkeypatch.setattr(pages, "page_arrays", no_drawing)
    again = pages.proof_document(pdf, None, cache)
    assert again.contrast == first.contrast
