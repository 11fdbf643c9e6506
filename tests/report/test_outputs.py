"""The report in its three forms: complete, self-contained, reproducible byte for byte."""

from __future__ import annotations

import json

import pymupdf

from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.report.build import build_step
from dragon_pnp.report.writers import write_report


def test_three_forms_are_written_and_reproducible(small_report, tmp_path):
    first = write_report(small_report, tmp_path / "a")
    second = write_report(small_report, tmp_path / "b")
    for role in ("html", "pdf", "json"):
        assert first[role].read_bytes() == second[role].read_bytes(), role
    assert json.loads(first["json"].read_text()) == json.loads(json.dumps(small_report))


def test_html_puts_findings_first_and_needs_no_network(small_report, tmp_path):
    html = write_report(small_report, tmp_path)["html"].read_text()
    assert html.index("Needs your attention") < html.index("Overview") < html.index("Every configuration")
    assert html.count("<svg") >= 4
    assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html
    assert "<script" not in html and "<link" not in html
    for config in small_report["configs"]:
        assert f'id="{config["config"]["key"]}"' in html


def test_pdf_reads_back_with_findings_and_bundled_fonts(small_report, tmp_path):
    pdf = pymupdf.open(write_report(small_report, tmp_path, paper="a4")["pdf"])
    width_mm, height_mm = pdf[0].rect.width * 25.4 / 72, pdf[0].rect.height * 25.4 / 72
    assert (round(width_mm), round(height_mm)) == (210, 297)
    first_page = pdf[0].get_text()
    assert "Needs your attention" in first_page and "rules check" in first_page
    fonts = {font[3] for page in pdf for font in page.get_fonts()}
    assert any("Vera" in name for name in fonts) and all("Vera" in name for name in fonts), fonts
    text = "".join(page.get_text() for page in pdf)
    assert "Every configuration" in text and "Deck of Destiny" in text


def test_card_table_gives_plays_and_reactions_per_game_in_all(small_report, tmp_path):
    """The figure the report printed before the generic view as "Reactions fired N per game"."""
    html = write_report(small_report, tmp_path)["html"].read_text()
    for config in small_report["configs"] + small_report["duels"]:
        metrics = config["metrics"]
        line = (f"Per game in all: played {metrics['plays']['per_game']:.2f}; "
                f"reaction {metrics['reactions']['per_game']:.2f}.")
        section = html[html.index(f'id="{config["config"]["key"]}"'):]
        assert line in section[:section.index("Rule hazards")], config["config"]["key"]


def test_report_carries_every_section(small_report):
    config = small_report["configs"][0]
    assert set(config) >= {"completion", "length", "fairness", "metrics", "hazards", "errors"}
    assert set(config["metrics"]) >= {"turns", "pants_changes", "winner_without_pants", "plays", "reactions",
                                      "reshuffles", "hand_limit_discards", "last_card", "destiny_draws_at_end"}
    assert [d["preset"] for d in small_report["extras"]["destiny"]] == ["standard", "volatile", "long"]
    assert small_report["validation"] == []
    # 2 player counts x 2 presets x random and greedy, the reference search player on the default
    # preset only at its share of 8 games (one), and the mixed games
    assert small_report["total_games"] == 8 * 8 + 2 * 1 + 8 * 2
    assert small_report["duels"][0]["policies"]["rates"].keys() == {"greedy", "random"}


def test_build_step_writes_the_quick_check_into_the_kit(game, tmp_path):
    context = BuildContext(game, BuildOptions(check=True, check_games=2, seed=3), tmp_path)
    build_step(context)
    assert context.artifacts["rules-check.pdf"] == tmp_path / "rules-check.pdf"
    assert json.loads((tmp_path / "rules-check.json").read_text())["settings"]["games"] == 2
    skipped = BuildContext(game, BuildOptions(check=False), tmp_path / "none")
    build_step(skipped)
    assert not skipped.artifacts


def test_report_pdf_passes_the_print_checks(small_report, tmp_path):
    """Like every kit PDF: qpdf --check clean, every font embedded, boxes on every page."""
    import shutil
    import subprocess

    import pytest
    from pypdf import PdfReader

    pdf = write_report(small_report, tmp_path)["pdf"]
    for tool in ("qpdf", "pdffonts"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed; `python3 run.py test` installs it")
    check = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
    assert check.returncode == 0 and "WARNING" not in check.stdout + check.stderr
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
    emb = fonts[0].index(" emb ") + 1
    assert fonts[2:] and all(line[emb:emb + 3] == "yes" for line in fonts[2:])
    for page in PdfReader(pdf).pages:
        assert [float(v) for v in page.trimbox] == [float(v) for v in page.mediabox] == [float(v) for v in page.bleedbox]
        assert "/TrimBox" in page
