"""The render cache: same bytes with or without it, damaged entries ignored, only edits re-rendered."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dragon_pnp.data.loader import project_root
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit import parallel
from dragon_pnp.kit.kit import plan_kit, render_plan
from dragon_pnp.kit.render_cache import RenderCache, decode, encode
from dragon_pnp.kit.render_jobs import DocumentJob, PngJob
from dragon_pnp.kit.sheet import Placement, SheetPage
from dragon_pnp.rulebook.early import TypesetBook
from tests.kit.conftest import build_kit, typeset_book


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def warm_letter(game, kits, tmp_path_factory) -> tuple[dict[str, bytes], TypesetBook, list[str]]:
    """A build in this process of Dragon Pants on Letter (`build_kit`) drawing from the run's render
    cache, which the cold build filled (`dragon-pnp build` in a child process: the run's shared kit,
    built first): its files, the rulebook it typeset, and the names of the renders it submitted."""
    kits("letter")
    rendered: list[str] = []
    original = parallel._submit

    def spy(documents, pngs, build):
        rendered.extend([job.name for job in documents] + [job.name for job in pngs])
        return original(documents, pngs, build)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parallel, "_submit", spy)
        built = build_kit(game, tmp_path_factory.mktemp("warm"), "letter")
    return files(built.out_dir), typeset_book(built), rendered


def test_cold_warm_and_uncached_builds_are_byte_identical(game, kits, warm_letter, tmp_path, monkeypatch):
    """The cold build (the run's shared kit, `dragon-pnp build` in a child process, which filled the
    run's render cache), a warm build in this process drawing every page and PNG from that cache,
    and a build here with the cache off give the same files byte for byte."""
    command = files(Path(kits("letter").out_dir))
    warm, book, rendered = warm_letter
    assert rendered == [], "the warm build rendered what the cold build should have stored"
    monkeypatch.setenv("DRAGON_PNP_CACHE", "off")
    # The rulebook is no render (no cache touches it): the one the warm build typeset is handed
    # in, as the studio hands in its preview's (typesetting it again here cost seconds).
    off = build_kit(game, tmp_path / "off", "letter", book=book)
    uncached = files(off.out_dir)
    assert len(warm) > 60
    assert warm.keys() == uncached.keys()
    for name in warm:
        assert warm[name] == uncached[name], name
    # The command writes every file the build's steps write, with the same bytes, and more: the
    # steps it runs besides (the accessibility proof, a rules module's own files) and the marker of a
    # finished kit. (This was test_kit_files.py's own second build: one build less.)
    assert warm.keys() < command.keys() and {"proof.json", ".dragon-pnp-kit"} <= command.keys()
    for name in warm:
        assert command[name] == warm[name], name


WARM_BUILD = """
import pickle, sys
from pathlib import Path
from dragon_pnp.build.context import BuildContext, BuildOptions
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit import parallel
from dragon_pnp.kit.steps import kit_step, print_and_play_step
from dragon_pnp.rulebook.build import EARLY, build_step
from dragon_pnp.rulebook.early import ReadyRulebook
context = BuildContext(load_game("dragon_pants"), BuildOptions(paper="letter", check=False), Path(sys.argv[1]))
context.begun(EARLY, ReadyRulebook(pickle.loads(Path(sys.argv[2]).read_bytes())))
kit_step(context)
build_step(context)
print_and_play_step(context)
print("cairocffi" in sys.modules, parallel._workers is not None)
"""


def test_a_warm_build_never_loads_cairo(tmp_path, kits, warm_letter, private_render_cache):
    """A build whose every page and PNG is in the cache (the run's, filled by the cold build of the
    shared kit) loads no cairo and starts no render worker, and writes the cold build's bytes. The
    rulebook (typeset with reportlab, no render) is handed in as typeset already."""
    warm_here, book, _ = warm_letter
    (tmp_path / "book.pickle").write_bytes(pickle.dumps(book))
    (tmp_path / "warm").mkdir()
    env = {**os.environ, "DRAGON_PNP_CACHE": str(private_render_cache), "PYTHONPATH": str(project_root())}
    out = subprocess.run([sys.executable, "-c", WARM_BUILD, str(tmp_path / "warm"), str(tmp_path / "book.pickle")],
                         env=env, cwd=project_root(), capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]   # no cairo in this process, no workers started
    warm = files(tmp_path / "warm")
    command = files(Path(kits("letter").out_dir))
    assert warm.keys() == warm_here.keys()
    assert [name for name in warm if warm[name] != command[name]] == []


SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><rect width="5" height="5"/></svg>'


def square_document(svg: str = SQUARE, x: float = 5.0) -> DocumentJob:
    page = SheetPage((30.0, 30.0), [Placement("square", x, 5.0, 10.0, 10.0)])
    return DocumentJob("square.pdf", (page,), {"square": svg}, overlays=("",))


def test_a_damaged_entry_is_ignored_and_rewritten(tmp_path):
    cache = RenderCache(tmp_path)
    job = square_document()
    first = parallel.render_all([job], [], cache)[0]["square.pdf"]
    entry = cache.path(job.cache_key())
    good = entry.read_bytes()
    for damage in (good[:-7], good[:60] + bytes([good[60] ^ 1]) + good[61:], b"", b"not a cache entry"):
        entry.write_bytes(damage)
        assert cache.get(job.cache_key()) is None
        again = parallel.render_all([job], [], cache)[0]["square.pdf"]
        assert again == first
        assert entry.read_bytes() == good


def test_entries_round_trip_and_keys_cover_what_decides_the_bytes():
    assert decode(encode(b"%PDF-1.5 pretend")) == b"%PDF-1.5 pretend"
    assert PngJob("a.png", SQUARE, 300).cache_key() != PngJob("a.png", SQUARE, 150).cache_key()
    assert PngJob("a.png", SQUARE, 300).cache_key() == PngJob("b.png", SQUARE, 300).cache_key()  # name is moot
    assert square_document().cache_key() == square_document().cache_key()
    assert square_document().cache_key() != square_document(x=6.0).cache_key()         # placement moved
    assert square_document().cache_key() != square_document(SQUARE.replace("5", "6")).cache_key()
    marked = square_document()
    marked.pages[0].label = "a label"
    assert marked.cache_key() != square_document().cache_key()                           # furniture counts


def test_off_means_no_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("DRAGON_PNP_CACHE", "off")
    assert RenderCache.from_environment().folder is None
    monkeypatch.setenv("DRAGON_PNP_CACHE", str(tmp_path))
    assert RenderCache.from_environment().folder == tmp_path


def test_editing_one_card_re_renders_only_its_document_and_png(tmp_path, monkeypatch, kits, private_render_cache):
    data = tmp_path / "dragon_pants"
    shutil.copytree(Path(project_root()) / "data" / "dragon_pants", data)
    # The run's render cache, which the shared Letter kit filled with these very pages (a cache
    # of this test's own cost a whole render of the kit first): this render only tops it up.
    kits("letter")
    cache = RenderCache(private_render_cache)
    before = load_game(data)
    render_plan(plan_kit(before, "letter"), before.print_profile.png_dpi, cache)

    cards = data / "power_cards.yaml"
    text = cards.read_text()
    old = "Wear them when time runs out and you win."   # printed on the card (its short text)
    assert old in text
    cards.write_text(text.replace(old, "Wear them when time runs out to win."))
    after = load_game(data)
    rendered: list[str] = []
    original = parallel._submit

    def spy(documents, pngs, build):
        rendered.extend([job.name for job in documents] + [job.name for job in pngs])
        return original(documents, pngs, build)

    monkeypatch.setattr(parallel, "_submit", spy)
    pages, images = render_plan(plan_kit(after, "letter"), after.print_profile.png_dpi, cache)
    assert rendered == ["cards.pdf#1", "power-pants-x1.png"]   # only cards.pdf (its two decks share sheets: one part)
    assert "power-pants-x1.png" in images
    fresh = render_plan(plan_kit(after, "letter"), after.print_profile.png_dpi, RenderCache(None))
    assert images == fresh[1]
    assert pages == fresh[0]


def test_the_cache_stays_under_its_limit_evicting_the_least_recently_used(tmp_path, monkeypatch):
    from dragon_pnp.kit import render_cache

    monkeypatch.setattr(render_cache, "_written_since_trim", {})
    folder = tmp_path / "cache"
    cache = RenderCache(folder, limit=100_000)
    keys = [f"{i:02x}" * 32 for i in range(40)]
    for number, key in enumerate(keys):
        cache.put(key, bytes([number]) * 10_000)   # 40 entries of 10 kB into a 100 kB cache
        os.utime(cache.path(key), (1_000_000 + number, 1_000_000 + number))  # written in this order
        if number == 5:
            assert cache.get(keys[0]) is not None   # used again: now among the most recent
            os.utime(cache.path(keys[0]), (1_000_000 + number, 1_000_000 + number))
    cache._written(100_000)  # as the next write does once enough was written since the last look
    total = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    assert total <= 100_000
    kept = [key for key in keys if cache.path(key).exists()]
    assert keys[-1] in kept and keys[1] not in kept, "the oldest went first"
    assert keys[0] not in kept or kept.index(keys[0]) == 0
    assert all(cache.get(key) == bytes([keys.index(key)]) * 10_000 for key in kept), "survivors are whole"


def test_filling_past_the_limit_through_puts_alone_keeps_it_bounded(tmp_path, monkeypatch):
    from dragon_pnp.kit import render_cache

    monkeypatch.setattr(render_cache, "_written_since_trim", {})
    folder = tmp_path / "cache"
    cache = RenderCache(folder, limit=200_000)
    for number in range(200):   # 2 MB written into a 200 kB cache
        cache.put(hashlib.sha256(str(number).encode()).hexdigest(), os.urandom(10_000))
    total = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    assert total <= 200_000 * 1.1, total  # never more than a twentieth over between looks


def test_the_cache_command_shows_and_clears(tmp_path):
    folder = tmp_path / "cache"
    RenderCache(folder, limit=10**9).put("ab" * 32, b"x" * 5000)
    (folder / "jinja" / "sandbox-2").mkdir(parents=True)
    (folder / "jinja" / "sandbox-2" / "__jinja2_x.cache").write_bytes(b"y" * 100)
    env = {**os.environ, "DRAGON_PNP_CACHE": str(folder), "DRAGON_PNP_CACHE_LIMIT": "2G"}
    shown = subprocess.run([sys.executable, "-m", "dragon_pnp", "cache", "--json"], capture_output=True, text=True,
                           env=env, cwd=project_root())
    usage = json.loads(shown.stdout)
    assert usage["files"] == 2 and usage["bytes"] > 5000 and usage["limit"] == 2 * 1024**3
    cleared = subprocess.run([sys.executable, "-m", "dragon_pnp", "cache", "--clear", "--json"], capture_output=True,
                             text=True, env=env, cwd=project_root())
    after = json.loads(cleared.stdout)
    assert after["files"] == 0 and after["bytes"] == 0 and after["removed"] == usage["bytes"]
    bad = subprocess.run([sys.executable, "-m", "dragon_pnp", "cache"], capture_output=True, text=True,
                         env={**env, "DRAGON_PNP_CACHE_LIMIT": "lots"}, cwd=project_root())
    assert bad.returncode == 2 and "DRAGON_PNP_CACHE_LIMIT" in bad.stderr and "Traceback" not in bad.stderr


def test_compiled_templates_live_in_the_render_cache(tmp_path, monkeypatch):
    from dragon_pnp.kit.faces import bytecode_cache

    monkeypatch.setenv("DRAGON_PNP_CACHE", str(tmp_path / "cache"))
    compiled = bytecode_cache("sandbox-2")
    assert compiled is not None and Path(compiled.directory).is_relative_to(tmp_path / "cache")
    monkeypatch.setenv("DRAGON_PNP_CACHE", "off")
    assert bytecode_cache("sandbox-2") is None


def test_a_record_of_byte_parts_reads_back_and_a_damaged_one_is_refused():
    """`pack_record`/`unpack_record`/`split_parts`, under the studio's kept books and the diff's
    kept versions: parts back as written (a part left out stays out); a record of another format,
    cut short, grown or without its header line is not read as one."""
    from dragon_pnp.kit.render_cache import pack_record, split_parts, unpack_record

    data = pack_record({"format": "t-1", "sizes": [3, None, 2]}, [b"abc", b"de"])
    assert data == b'{"format": "t-1", "sizes": [3, null, 2]}\nabcde'   # the layout, written out by hand
    header, rest = unpack_record(data, "t-1")
    assert split_parts(rest, header["sizes"]) == [b"abc", None, b"de"]
    assert unpack_record(data, "t-2") is None
    assert unpack_record(b"not json\nabcde", "t-1") is None
    assert unpack_record(b"[1, 2]\nabcde", "t-1") is None
    assert split_parts(rest[:-1], header["sizes"]) is None
    assert split_parts(rest + b"x", header["sizes"]) is None
