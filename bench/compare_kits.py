"""Compare two built kits page by page and figure by figure, to show what a change did to the prints.

Pixel comparison is `dragon_pnp.diff.images`, the module `dragon-pnp diff` uses for its Pages.
Every PDF present in either kit (matched by relative path) is rendered with poppler's `pdftoppm`,
an independent reader, and compared pixel by pixel with the other kit's page of the same number.
One line per page: file, page, both page sizes in mm (MediaBox, read by `pdfinfo`), the share of
changed pixels and the bounding box of the change in mm from the page's top-left corner. Pages
and files present in only one kit are listed. For every changed page a PNG (old | new | change
in red) is written into --out. Card PNGs are compared the same way at their own resolution, SVGs
by bytes, and JSON files (rules-check.json, destiny.json) figure by figure: every scalar of the
old file is looked up in the new one at the same path, else at the longest path ending that
matches exactly one unmatched leaf of the same record (report layouts rename containers).

Usage: .venv/bin/python bench/compare_kits.py OLD_KIT_DIR NEW_KIT_DIR [--out DIR] [--dpi 60]
       [--tolerance 0]
Exit 0 whatever it finds: this prints figures, it does not judge them.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from dragon_pnp.diff.images import MM_PER_INCH, PageDiff, change_picture, compare_images  # noqa: F401

MM_PER_POINT = MM_PER_INCH / 72
# List items carrying one of these fields are addressed by its value, not their position, so a
# reordered list still matches item to item.
ITEM_LABELS = ("key", "id", "topic", "name", "seat", "preset", "setup")


def bbox_mm(bbox: tuple[int, int, int, int] | None, dpi: float) -> str:
    if bbox is None:
        return "-"
    left, top, right, bottom = (value * MM_PER_INCH / dpi for value in bbox)
    return f"x {left:.1f}-{right:.1f} y {top:.1f}-{bottom:.1f} mm"


# ---------------------------------------------------------------------------------------- PDFs

def page_sizes_mm(pdf: Path) -> list[tuple[float, float]]:
    """Each page's MediaBox width and height in mm, as poppler's pdfinfo reads them."""
    count = int(re.search(r"^Pages:\s+(\d+)", _run(["pdfinfo", str(pdf)]), re.M).group(1))
    boxes = _run(["pdfinfo", "-box", "-f", "1", "-l", str(count), str(pdf)])
    sizes = []
    for match in re.finditer(r"^Page\s+\d+\s+MediaBox:\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)", boxes, re.M):
        x0, y0, x1, y1 = (float(value) for value in match.groups())
        sizes.append(((x1 - x0) * MM_PER_POINT, (y1 - y0) * MM_PER_POINT))
    return sizes


def render_pages(pdf: Path, dpi: float, folder: Path) -> list[Path]:
    """Every page of `pdf` as a PNG at `dpi`, in page order."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(folder / "page")], check=True)
    return sorted(folder.glob("page-*.png"), key=lambda path: int(path.stem.rsplit("-", 1)[1]))


def _run(command: list[str]) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def _picture_stem(name: str) -> str:
    return name.replace("/", "_").removesuffix(".pdf").removesuffix(".png")


def _size(size: tuple[float, float] | None) -> str:
    return f"{size[0]:.1f}x{size[1]:.1f}" if size else "-"


@dataclass
class Tally:
    """Counts for the closing summary."""

    pages_same: int = 0
    pages_changed: int = 0
    pages_one_side: int = 0
    files_one_side: int = 0


def compare_pdf(name: str, old: Path | None, new: Path | None, args: argparse.Namespace,
                scratch: Path, tally: Tally) -> None:
    if old is None or new is None:
        present = old or new
        pages = len(page_sizes_mm(present))
        print(f"{name}: only in {'old' if old else 'new'} kit ({pages} pages)")
        tally.files_one_side += 1
        tally.pages_one_side += pages
        return
    old_sizes, new_sizes = page_sizes_mm(old), page_sizes_mm(new)
    identical = old.read_bytes() == new.read_bytes()
    old_pages = [] if identical else render_pages(old, args.dpi, scratch / "old" / name)
    new_pages = [] if identical else render_pages(new, args.dpi, scratch / "new" / name)
    print(f"{name}: {len(old_sizes)} -> {len(new_sizes)} pages" + ("  (identical bytes)" if identical else ""))
    for index in range(max(len(old_sizes), len(new_sizes))):
        old_size = old_sizes[index] if index < len(old_sizes) else None
        new_size = new_sizes[index] if index < len(new_sizes) else None
        sizes = f"{_size(old_size):>11} | {_size(new_size):<11}"
        label = f"  {name} p{index + 1:<3} {sizes}"
        if old_size is None or new_size is None:
            side, pages = ("old", old_pages) if old_size else ("new", new_pages)
            print(f"{label}  only in {side}")
            with Image.open(pages[index]) as image:
                image.convert("RGB").save(args.out / f"{_picture_stem(name)}-p{index + 1:02d}-only-{side}.png")
            tally.pages_one_side += 1
            continue
        if identical:
            print(f"{label}    0.000 %")
            tally.pages_same += 1
            continue
        with Image.open(old_pages[index]) as old_image, Image.open(new_pages[index]) as new_image:
            diff = compare_images(old_image, new_image, args.tolerance)
            if diff.changed:
                picture = args.out / f"{_picture_stem(name)}-p{index + 1:02d}.png"
                change_picture(old_image, new_image, args.tolerance).save(picture)
        print(f"{label}  {diff.percent:7.3f} %  {bbox_mm(diff.bbox, args.dpi)}")
        if diff.changed:
            tally.pages_changed += 1
        else:
            tally.pages_same += 1


def compare_png(name: str, old: Path, new: Path, args: argparse.Namespace, tally: Tally) -> None:
    """A card PNG compared at its own resolution (its dpi tag, else 300)."""
    if old.read_bytes() == new.read_bytes():
        print(f"  {name}  identical bytes")
        tally.pages_same += 1
        return
    with Image.open(old) as old_image, Image.open(new) as new_image:
        dpi = float(new_image.info.get("dpi", (300, 300))[0]) or 300.0
        diff = compare_images(old_image, new_image, args.tolerance)
        sizes = f"{old_image.width}x{old_image.height} | {new_image.width}x{new_image.height} px"
        if diff.changed:
            change_picture(old_image, new_image, args.tolerance).save(
                args.out / f"{_picture_stem(name)}.png")
    print(f"  {name}  {sizes}  {diff.percent:7.3f} %  {bbox_mm(diff.bbox, dpi)}")
    if diff.changed:
        tally.pages_changed += 1
    else:
        tally.pages_same += 1


# ---------------------------------------------------------------------------------- JSON figures

Path_ = tuple[str, ...]


def flatten(value: object, path: Path_ = (), record: str = "") -> Iterator[tuple[Path_, str, object]]:
    """(path, record, scalar) for every scalar; list items go by their label field when they have
    one, and the label of the first labelled item on the way down names the record the scalar
    belongs to (a configuration, a Destiny preset), wherever the record's list has moved."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from flatten(item, path + (str(key),), record)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            label = _item_label(item)
            step = path + ((label,) if label is not None else (str(index),))
            yield from flatten(item, step, record or label or "")
    else:
        yield path, record, value


def _item_label(item: object) -> str | None:
    if not isinstance(item, dict):
        return None
    config = item.get("config")
    if isinstance(config, dict) and isinstance(config.get("key"), str):
        return config["key"]
    for field in ITEM_LABELS:
        if isinstance(item.get(field), (str, int)) and not isinstance(item.get(field), bool):
            return str(item[field])
    return None


@dataclass
class FigureComparison:
    """Old scalars matched to new ones: equal or not, at the same path or a moved one."""

    same_path_equal: int
    moved_equal: int
    differ: list[tuple[str, str, object, object]]   # old path, new path, old value, new value
    only_old: list[tuple[str, object]]
    only_new: list[tuple[str, object]]
    only_old_value_in_record: int   # unmatched old numbers whose value the new record still holds


def compare_figures(old: object, new: object) -> FigureComparison:
    old_leaves = {path: (record, value) for path, record, value in flatten(old)}
    new_leaves = {path: (record, value) for path, record, value in flatten(new)}
    matches = {path: path for path in old_leaves if path in new_leaves}
    free_new = {path for path in new_leaves if path not in matches}
    unmatched = [path for path in old_leaves if path not in matches]
    # Longest shared ending first (at least two steps), unique within the record.
    for length in range(max((len(path) for path in unmatched), default=0), 1, -1):
        by_ending: dict[tuple[str, Path_], list[Path_]] = {}
        for path in free_new:
            if len(path) >= length:
                by_ending.setdefault((new_leaves[path][0], path[-length:]), []).append(path)
        still = []
        for path in unmatched:
            candidates = by_ending.get((old_leaves[path][0], path[-length:]), []) if len(path) >= length else []
            if len(candidates) == 1 and candidates[0] in free_new:
                matches[path] = candidates[0]
                free_new.discard(candidates[0])
            else:
                still.append(path)
        unmatched = still
    same_equal = moved_equal = 0
    differ = []
    for old_path, new_path in matches.items():
        old_value, new_value = old_leaves[old_path][1], new_leaves[new_path][1]
        if _same(old_value, new_value):
            if old_path == new_path:
                same_equal += 1
            else:
                moved_equal += 1
        else:
            differ.append(("/".join(old_path), "/".join(new_path), old_value, new_value))
    values_by_record: dict[str, set] = {}
    for record, value in new_leaves.values():
        values_by_record.setdefault(record, set()).add(_hashable(value))
    still_held = sum(1 for path in unmatched if _is_number(old_leaves[path][1])
                     and _hashable(old_leaves[path][1]) in values_by_record.get(old_leaves[path][0], set()))
    return FigureComparison(
        same_path_equal=same_equal, moved_equal=moved_equal, differ=differ,
        only_old=[("/".join(path), old_leaves[path][1]) for path in unmatched],
        only_new=[("/".join(path), new_leaves[path][1]) for path in sorted(free_new)],
        only_old_value_in_record=still_held)


def _same(old: object, new: object) -> bool:
    return (type(old) is type(new) and old == new) or (_is_number(old) and _is_number(new) and old == new)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _hashable(value: object) -> object:
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _pattern(path: str) -> str:
    """A path with its record labels and numbers starred, to group many leaves into one line."""
    return re.sub(r"(?<=/)[^/]*\d[^/]*(?=/|$)", "*", path)


def compare_json(name: str, old: Path, new: Path, limit: int) -> None:
    old_data, new_data = json.loads(old.read_text()), json.loads(new.read_text())
    for data, side in ((old_data, "old"), (new_data, "new")):
        settings = data.get("settings") if isinstance(data, dict) else None
        if isinstance(settings, dict) and "seed" in settings:
            print(f"  {name} {side}: seed {settings.get('seed')}, {settings.get('games')} games per configuration, "
                  f"{data.get('total_games')} games in all")
    result = compare_figures(old_data, new_data)
    numbers = sum(1 for _, value in result.only_old if _is_number(value))
    print(f"  {name}: {result.same_path_equal} scalars equal at the same path, {result.moved_equal} equal at a "
          f"moved path, {len(result.differ)} differ; {len(result.only_old)} only in old ({numbers} numbers; "
          f"{result.only_old_value_in_record} of them with the same value elsewhere in the new record), "
          f"{len(result.only_new)} only in new")
    for old_path, new_path, old_value, new_value in result.differ[:limit]:
        where = old_path if old_path == new_path else f"{old_path} -> {new_path}"
        print(f"    differs: {where}: {_short(old_value)} -> {_short(new_value)}")
    if len(result.differ) > limit:
        print(f"    ... {len(result.differ) - limit} more differ")
    for side, leaves in (("only in old", result.only_old), ("only in new", result.only_new)):
        groups: dict[str, int] = {}
        for path, _ in leaves:
            groups[_pattern(path)] = groups.get(_pattern(path), 0) + 1
        for pattern, count in sorted(groups.items(), key=lambda item: -item[1])[:limit]:
            print(f"    {side}: {pattern} ({count})")
        if len(groups) > limit:
            print(f"    {side}: ... {len(groups) - limit} more path patterns")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 70 else text[:67] + "..."


# ------------------------------------------------------------------------------------------ main

def kit_files(folder: Path) -> dict[str, Path]:
    return {path.relative_to(folder).as_posix(): path for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.name.startswith(".")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the kit before the change")
    parser.add_argument("new", type=Path, help="the kit after the change")
    parser.add_argument("--out", type=Path, default=Path("output/kit-comparison"),
                        help="folder for the pictures of changed pages")
    parser.add_argument("--dpi", type=float, default=60, help="render resolution of PDF pages")
    parser.add_argument("--tolerance", type=int, default=0,
                        help="a pixel counts as changed when a channel differs by more than this (0-255)")
    parser.add_argument("--limit", type=int, default=12, help="lines per list in the JSON comparison")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    old_files, new_files = kit_files(args.old), kit_files(args.new)
    names = sorted(set(old_files) | set(new_files))
    tally = Tally()
    print(f"old {args.old}\nnew {args.new}\npages at {args.dpi:g} dpi, tolerance {args.tolerance}; "
          f"sizes in mm (MediaBox), change box from the page's top-left corner\n")
    with tempfile.TemporaryDirectory(prefix="compare-kits-") as scratch:
        for name in [name for name in names if name.endswith(".pdf")]:
            compare_pdf(name, old_files.get(name), new_files.get(name), args, Path(scratch), tally)
    print("\nimages and other files")
    for name in [name for name in names if not name.endswith(".pdf")]:
        old, new = old_files.get(name), new_files.get(name)
        if old is None or new is None:
            print(f"  {name}: only in {'old' if old else 'new'} kit")
            tally.files_one_side += 1
        elif name.endswith(".png"):
            compare_png(name, old, new, args, tally)
        elif name.endswith(".json"):
            compare_json(name, old, new, args.limit)
        else:
            print(f"  {name}: {'identical bytes' if old.read_bytes() == new.read_bytes() else 'bytes differ'}")
    print(f"\n{tally.pages_same} pages/images unchanged, {tally.pages_changed} changed, "
          f"{tally.pages_one_side} pages in one kit only, {tally.files_one_side} files in one kit only; "
          f"pictures of changes in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
