"""bench/compare_kits.py's pure comparisons: pixels of two page renders, figures of two reports."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from PIL import Image, ImageDraw

TOOL = Path(__file__).resolve().parents[2] / "bench" / "compare_kits.py"
_spec = importlib.util.spec_from_file_location("compare_kits", TOOL)
compare_kits = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("compare_kits", compare_kits)   # its dataclasses look their module up by name
_spec.loader.exec_module(compare_kits)


def _page(width: int = 60, height: int = 80) -> Image.Image:
    image = Image.new("RGB", (width, height), "white")
    ImageDraw.Draw(image).rectangle((5, 5, 20, 15), fill=(40, 60, 200))
    return image


def test_identical_pages_have_no_change():
    diff = compare_kits.compare_images(_page(), _page())
    assert (diff.changed, diff.total, diff.bbox, diff.percent) == (0, 60 * 80, None, 0.0)


def test_changed_block_is_counted_and_boxed():
    new = _page()
    ImageDraw.Draw(new).rectangle((30, 40, 39, 49), fill="black")   # 10 x 10 pixels
    diff = compare_kits.compare_images(_page(), new)
    assert diff.changed == 100 and diff.bbox == (30, 40, 40, 50)
    assert abs(diff.percent - 100 * 100 / (60 * 80)) < 1e-9
    assert compare_kits.bbox_mm(diff.bbox, 25.4) == "x 30.0-40.0 y 40.0-50.0 mm"


def test_one_step_of_one_channel_is_a_change_and_tolerance_forgives_it():
    new = _page()
    new.putpixel((50, 70), (255, 255, 254))   # blue alone, one step: grey would round it away
    assert compare_kits.compare_images(_page(), new).changed == 1
    assert compare_kits.compare_images(_page(), new, tolerance=1).changed == 0


def test_a_page_that_grew_counts_the_new_strip():
    diff = compare_kits.compare_images(_page(60, 80), Image.new("RGB", (60, 90), "black"))
    assert diff.total == 60 * 90 and diff.bbox == (0, 0, 60, 90) and diff.changed == 60 * 90


def test_figures_match_by_record_when_a_report_renames_its_containers():
    old = {"version": 1, "configs": [{"config": {"key": "2p"}, "length": {"turns": {"mean": 3.5}},
                                      "stall": {"seeds": [7, 8]}}],
           "destiny": [{"preset": "standard", "p_end": 1.0}]}
    new = {"version": 2, "configs": [{"config": {"key": "2p"}, "metrics": {"turns": {"mean": 3.5}},
                                      "stall": {"seeds": [7]}}],
           "extras": {"destiny": [{"preset": "standard", "p_end": 0.5}]}}
    result = compare_kits.compare_figures(old, new)
    assert result.same_path_equal == 2          # the config key and the first stall seed
    assert result.moved_equal == 2              # turns mean and the Destiny preset's label, moved
    assert ("destiny/standard/p_end", "extras/destiny/standard/p_end", 1.0, 0.5) in result.differ
    assert ("version", "version", 1, 2) in result.differ
    assert result.only_old == [("configs/2p/stall/seeds/1", 8)] and result.only_new == []
