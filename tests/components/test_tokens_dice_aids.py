"""Tokens, dice and player aids: counts, duplex-aligned backs, cube nets that fold into a cube."""

from __future__ import annotations

import math

import pymupdf
import pytest

from dragon_pnp.components import aid, dice, tokens
from dragon_pnp.components.base import PlanContext
from dragon_pnp.components.dice import NET_CELLS, NET_EDGES, NET_FOLDS, net_outline, net_size, net_tabs, tab_depth
from dragon_pnp.errors import DataError
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.imposition import MarkStyle
from dragon_pnp.kit.kit import combine
from tests.components.conftest import SAMPLER
from tests.components.kits import plan_all, write_documents, write_game
from tests.kit.readback import PAPER, TOL, fill_rects, mm, same_points, stroked_lines

MARKS = MarkStyle(1.0, 5.0)
CUT = (0x3A / 255, 0x3A / 255, 0x3A / 255)


def component(game, component_id):
    return next(c for c in game.game.components if c.id == component_id)


def context(game, paper="letter", duplex=True) -> PlanContext:
    return PlanContext(game, paper, duplex, MARKS)


# --- tokens ----------------------------------------------------------------------------------


def test_two_sided_tokens_have_a_mirrored_backs_page():
    game = load_game(SAMPLER)
    result = tokens.plan(component(game, "coins"), context(game))
    fronts, backs = result.sections[0].pages
    assert len(fronts.placements) == 10 and len(fronts.circles) == 10
    width = fronts.size[0]
    back_at = {(round(width - p.trim[2], 6), round(p.trim[1], 6)): p.form for p in backs.placements}
    for placement in fronts.placements:
        back = back_at[(round(placement.trim[0], 6), round(placement.trim[1], 6))]
        assert back == "coins-back"          # both kinds share one drawn back (same SVG)
    assert {f.key for f in result.faces} == {"coins-one", "coins-five", "coins-back"}
    assert result.pngs == [("coins-one", 7), ("coins-back", 10), ("coins-five", 3)]


def circle_centres(page: pymupdf.Page, diameter_mm: float) -> list[tuple[float, float]]:
    """Centres of filled round shapes `diameter_mm` across (a token's bleed disc)."""
    found = []
    for drawing in page.get_drawings():
        r = drawing["rect"]
        if drawing["type"] == "f" and any(i[0] == "c" for i in drawing["items"]) \
                and abs(mm(r.width) - diameter_mm) < 0.05 and abs(mm(r.height) - diameter_mm) < 0.05:
            found.append((round(mm((r.x0 + r.x1) / 2), 3), round(mm((r.y0 + r.y1) / 2), 3)))
    return found


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_token_backs_land_behind_their_fronts_in_the_pdf(rendered, paper):
    doc = pymupdf.open(rendered(SAMPLER, paper)["tokens.pdf"])
    width = PAPER[paper][0]
    fronts, backs = circle_centres(doc[0], 26.0), circle_centres(doc[1], 26.0)   # 20 mm + 3 mm bleed each side
    assert len(fronts) == 10
    assert same_points(backs, [(width - x, y) for x, y in fronts])
    assert "print on the back" in doc[1].get_text()


NEIGHBOURS = """  - id: hearts
    kind: tokens
    name: Hearts
    size_mm: 16
    faces: [{id: heart, name: Heart, count: 9}]
  - id: coins
    kind: tokens
    name: Coins
    size_mm: 18
    fields: {colour: gold}
    faces: [{id: coin, name: Coin, count: 20}]
  - id: dice
    kind: dice
    name: Dice
    sets: [{id: red, name: Red, count: 2, colour: "#c0392b", size_mm: 16}]
  - id: marker
    kind: tokens
    name: Marker
    shape: square
    size_mm: 30
    back: components/token.svg.j2
    fields: {colour: "#2255aa", back_colour: "#aa5522"}
    faces: [{id: marker, name: Marker, count: 1}]
"""


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_neighbouring_token_sheets_share_pages_and_backs_stay_behind_their_fronts(tmp_path, paper):
    """Nine hearts, twenty coins and a two-sided marker (dice, printed elsewhere, between them in
    game.yaml) are one fronts page and its backs page, not a page each."""
    game = write_game(tmp_path / "g", NEIGHBOURS)
    (tmp_path / "out").mkdir()
    written = write_documents(game, plan_all(game, paper), paper, True, tmp_path / "out")
    doc = pymupdf.open(written["tokens.pdf"])
    assert doc.page_count == 2
    fronts, backs = doc
    assert len(circle_centres(fronts, 22.0)) == 9 and len(circle_centres(fronts, 24.0)) == 20
    front, back = fill_rects(fronts, (36.0, 36.0)), fill_rects(backs, (36.0, 36.0))   # 30 mm + 3 mm bleed
    width = PAPER[paper][0]
    assert len(front) == 1 and same_points(back, [(width - x - 36.0, y) for x, y in front])
    assert not circle_centres(backs, 22.0) and not circle_centres(backs, 24.0)   # one-sided: blank behind
    assert "fronts" in fronts.get_text() and "print on the back" in backs.get_text()


def test_a_token_sheet_alone_keeps_its_own_grid_and_stickers_stay_apart():
    game = load_game(SAMPLER)
    plans = plan_all(game)
    alone = tokens.plan(component(game, "coins"), context(game)).sections[0].pages
    kit = combine(game, "letter", True, plans)
    titles = [title for title, _ in kit.sections["tokens.pdf"]]
    assert titles == ["Coins and Wound markers"]
    # the sticker sheet is not packed: sticker paper, a document of its own
    assert [title for title, _ in kit.sections["stickers.pdf"]] == ["Wound markers: sticker sheet"]
    assert len(alone) == 2 and sum(len(p.placements) for p in alone) == 20


def test_hex_tokens_are_cut_on_their_hexagon_and_come_as_stickers_too():
    game = load_game(SAMPLER)
    result = tokens.plan(component(game, "wounds"), context(game))
    sheet, stickers = result.sections
    page = sheet.pages[0]
    assert len(page.placements) == 7 and len(page.outlines) == 7 and not page.circles
    for placement, outline in zip(page.placements, page.outlines):
        cx, cy = (placement.trim[0] + placement.trim[2]) / 2, (placement.trim[1] + placement.trim[3]) / 2
        assert len(outline) == 6
        assert all(abs(math.dist((cx, cy), corner) - 11.0) < 1e-6 for corner in outline)   # 22 mm corner to corner
        assert placement.trim[3] - placement.trim[1] == pytest.approx(22 * math.sqrt(3) / 2)
    assert stickers.title == "Wound markers: sticker sheet"
    assert sum(len(p.placements) for p in stickers.pages) == 7


def test_a_token_label_that_cannot_fit_is_located_in_game_yaml(tmp_path):
    game = write_game(tmp_path / "g", "  - id: chits\n    kind: tokens\n    name: Chits\n    size_mm: 12\n    faces:\n"
                                      "      - {id: a, name: An extremely long token name indeed, count: 1}\n")
    with pytest.raises(Exception) as caught:
        tokens.plan(game.game.components[0], context(game))
    assert "game.yaml:14:23: components[0].faces[0].name: " in str(caught.value)   # the face's line in game.yaml


# --- dice ------------------------------------------------------------------------------------


def rotate(point, origin, axis, angle):
    """`point` turned by `angle` about the line through `origin` along unit vector `axis` (Rodrigues)."""
    v = [p - o for p, o in zip(point, origin)]
    k = axis
    cos, sin = math.cos(angle), math.sin(angle)
    cross = (k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0])
    dot = sum(a * b for a, b in zip(k, v))
    return tuple(o + vi * cos + ci * sin + ki * dot * (1 - cos) for o, vi, ci, ki in zip(origin, v, cross, k))


def fold_net():
    """Fold the unit net up into a cube: each cell's map from net coordinates to space."""
    cells = {cell: face for face, cell in NET_CELLS.items()}
    base = NET_CELLS[0]
    maps = {base: lambda p: (p[0] - base[0], p[1] - base[1], p[2])}   # the base face is the cube's floor
    queue = [NET_CELLS[0]]
    while queue:
        cell = queue.pop(0)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            other = (cell[0] + dx, cell[1] + dy)
            if other not in cells or other in maps:
                continue
            # The shared edge, and which way is "up": the neighbour's centre must rise.
            if dx:
                a = (cell[0] + (1 if dx > 0 else 0), cell[1], 0.0)
                axis = (0.0, 1.0, 0.0)
            else:
                a = (cell[0], cell[1] + (1 if dy > 0 else 0), 0.0)
                axis = (1.0, 0.0, 0.0)
            centre = (other[0] + 0.5, other[1] + 0.5, 0.0)
            angle = next(t for t in (math.pi / 2, -math.pi / 2) if rotate(centre, a, axis, t)[2] > 0.25)
            parent = maps[cell]
            maps[other] = lambda p, parent=parent, a=a, axis=axis, angle=angle: parent(rotate(p, a, axis, angle))
            queue.append(other)
    return maps


def owner(a, b):
    """The net cell whose border holds the edge a-b."""
    for cell in NET_CELLS.values():
        x0, y0 = cell
        if all(x0 <= p[0] <= x0 + 1 and y0 <= p[1] <= y0 + 1 for p in (a, b)):
            return cell
    raise AssertionError((a, b))


def test_the_net_folds_into_a_cube_with_one_tab_on_every_glued_edge_and_opposites_summing_to_seven():
    maps = fold_net()

    def edge3d(a, b):
        m = maps[owner(a, b)]
        return frozenset(tuple(round(c, 6) + 0.0 for c in m((*p, 0.0))) for p in (a, b))

    glued: dict[frozenset, list[bool]] = {}
    for a, b, tabbed in NET_EDGES:
        glued.setdefault(edge3d(a, b), []).append(tabbed)
    folds = {edge3d(a, b) for a, b in NET_FOLDS}
    assert len(glued) == 7 and all(sorted(t) == [False, True] for t in glued.values())
    assert len(folds) == 5 and not folds & set(glued)
    corners = {p for edge in [*glued, *folds] for p in edge}
    assert corners == {(x, y, z) for x in (0.0, 1.0) for y in (0.0, 1.0) for z in (0.0, 1.0)}
    centre = {face: maps[cell]((cell[0] + 0.5, cell[1] + 0.5, 0.0)) for face, cell in NET_CELLS.items()}
    for a, b in ((0, 5), (1, 4), (2, 3)):       # pips 1+6, 2+5, 3+4
        assert all(abs(p + q - 1) < 1e-9 for p, q in zip(centre[a], centre[b]))


@pytest.mark.parametrize("size", [6.0, 16.0, 25.0, 60.0])
def test_net_outline_and_tabs(size):
    outline = net_outline(size)
    depth = tab_depth(size)
    assert (len(outline) == 14 + 2 * 7 and 4.0 <= depth <= 10.0) or size < 8
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((0, 0, *net_size(size)))
    faces = set(NET_CELLS.values())
    tab_cells = []
    for tab in net_tabs(size):
        cx, cy = sum(p[0] for p in tab) / 4, sum(p[1] for p in tab) / 4
        cell = (math.floor(cx / size), math.floor(cy / size))
        assert cell not in faces                 # every tab lies over paper no face uses
        tab_cells.append(cell)
    assert len(set(tab_cells)) == 7              # and no two tabs share it


def test_dice_plan_nets_and_stickers():
    game = load_game(SAMPLER)
    result = dice.plan(component(game, "dice"), context(game))
    nets, stickers = result.sections
    placements = [p for page in nets.pages for p in page.placements]
    assert [p.form for p in placements] == ["dice-red-net", "dice-red-net", "dice-rune-net"]
    red = next(f for f in result.faces if f.key == "dice-red-net")
    assert red.trim_mm == pytest.approx((48.0, 64.0 + tab_depth(16)))
    assert all(len(outline) == 28 for page in nets.pages for outline in page.outlines)
    sizes = sorted({round(p.trim[2] - p.trim[0], 3) for page in stickers.pages for p in page.placements})
    assert sizes == [13.6, 15.3] and sum(len(page.placements) for page in stickers.pages) == 18


def on_segment(point, segment, tol=TOL) -> bool:
    (ax, ay), (bx, by) = segment
    px, py = point
    length = math.dist((ax, ay), (bx, by))
    if length < 1e-9:
        return math.dist(point, (ax, ay)) <= tol
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length ** 2))
    return math.dist(point, (ax + t * (bx - ax), ay + t * (by - ay))) <= tol


def test_dice_pdf_shows_six_faces_in_a_cross_per_die_cut_on_the_planned_outline(rendered):
    doc = pymupdf.open(rendered(SAMPLER, "letter")["dice.pdf"])
    page = doc[0]
    cuts = stroked_lines(page, 0.18, CUT)
    found = 0
    for size in (16.0, 18.0):
        bleed_box = size + 6.0                  # each face's art runs 3 mm past its edges
        squares = sorted(
            (round(mm(d["rect"].x0), 3), round(mm(d["rect"].y0), 3)) for d in page.get_drawings()
            if d["type"] == "f" and abs(mm(d["rect"].width) - bleed_box) < 0.05
            and abs(mm(d["rect"].height) - bleed_box) < 0.05)
        while squares:
            left = min(x for x, _ in squares)
            net = [q for q in squares if q[0] < left + 3 * size - 1]
            squares = [q for q in squares if q not in net]
            x0, y0 = left + 3.0, min(y for _, y in net) + 3.0        # the net's trim corner
            cells = sorted((round((x + 3.0 - x0) / size), round((y + 3.0 - y0) / size)) for x, y in net)
            assert cells == sorted(NET_CELLS.values())
            corners = [(x0 + x, y0 + y) for x, y in net_outline(size)]
            assert all(any(on_segment(c, s) for s in cuts) for c in corners)
            width, height = net_size(size)
            inside = {p for seg in cuts for p in seg if x0 - TOL <= p[0] <= x0 + width + TOL
                      and y0 - TOL <= p[1] <= y0 + height + TOL}
            assert all(any(math.dist(p, c) <= TOL for c in corners) for p in inside)
            found += 1
    assert found == 3                          # two red dice and one rune die
    text = page.get_text()
    assert "SHIELD" in text and "MISS" in text


# --- player aids -----------------------------------------------------------------------------


@pytest.mark.parametrize("duplex", [True, False])
def test_aids_are_double_sided_and_aligned(duplex):
    game = load_game(SAMPLER)
    result = aid.plan(component(game, "aids"), context(game, "a4", duplex))
    assert [f.key for f in result.faces] == ["aids-knight-front", "aids-knight-back", "aids-dragon-front",
                                             "aids-dragon-back"]
    assert result.exports[0].count == 2 and result.exports[1].back == "aids-dragon-back"
    pages = result.sections[0].pages
    if duplex:
        fronts, backs = pages
        width = fronts.size[0]
        pairs = {(round(width - p.trim[2], 6), round(p.trim[1], 6)): p.form for p in backs.placements}
        assert [pairs[(round(p.trim[0], 6), round(p.trim[1], 6))] for p in fronts.placements] == \
               ["aids-knight-back", "aids-knight-back", "aids-dragon-back"]
    else:
        (page,) = pages
        forms = [p.form for p in page.placements]
        assert forms == ["aids-knight-front", "aids-knight-back"] * 2 + ["aids-dragon-front", "aids-dragon-back"]
        assert page.fold_marks
    assert "Roll the rune die." in result.faces[2].svg and "Scoring" in result.faces[3].svg


def test_an_aid_copy_count_that_is_not_a_number_is_located(tmp_path):
    game = write_game(tmp_path / "g", "  - id: aid\n    kind: aid\n    name: Aid\n"
                                      "    front: {template: components/aid.svg.j2, fields: {title: A, text: b}}\n"
                                      "    back: {template: components/aid.svg.j2, fields: {title: C, text: d}}\n"
                                      "    copies:\n      - {count: lots}\n")
    with pytest.raises(DataError, match="whole number of copies") as caught:
        aid.plan(game.game.components[0], context(game))
    assert caught.value.location.line == 15   # game.yaml's `- {count: lots}`


def test_aid_sides_shared_by_copies_are_one_face_and_one_png(tmp_path):
    game = write_game(tmp_path / "g", "  - id: aid\n    kind: aid\n    name: Aid\n"
                                      "    front: {template: components/aid.svg.j2, fields: {title: Turn}}\n"
                                      "    back: {template: components/aid.svg.j2, fields: {title: Scoring, text: Same for all}}\n"
                                      "    copies:\n      - {id: red, text: Red goes first}\n"
                                      "      - {id: blue, text: Blue goes second, count: 2}\n")
    result = aid.plan(game.game.components[0], context(game))
    assert [f.key for f in result.faces] == ["aid-red-front", "aid-red-back", "aid-blue-front"]
    assert result.pngs == [("aid-red-front", 1), ("aid-red-back", 3), ("aid-blue-front", 2)]


def test_the_built_in_card_back_backs_a_player_aid(tmp_path):
    """Issue 30: the built-in back read `deck.*`, so an aid could not use it. Its title is the
    aid's name unless the back's fields give one, and its colour comes from those fields."""
    game = write_game(tmp_path / "g", "  - id: aid\n    kind: aid\n    name: Turn order\n"
                                      "    front: {template: components/aid.svg.j2, fields: {title: Turn, text: Draw then play}}\n"
                                      "    back: {template: components/card_back.svg.j2}\n"
                                      "  - id: hint\n    kind: aid\n    name: Hints\n"
                                      "    front: {template: components/aid.svg.j2, fields: {title: Hint, text: Look twice}}\n"
                                      "    back: {template: components/card_back.svg.j2, fields: {title: Clues, colour: '#123456'}}\n")
    plain, coloured = (aid.plan(spec, context(game)) for spec in game.game.components)
    plain_back = next(face.svg for face in plain.faces if face.key == "aid-back")
    coloured_back = next(face.svg for face in coloured.faces if face.key == "hint-back")
    # the title is printed twice, once each way up
    assert plain_back.count(">TURN ORDER</text>") == 2
    assert coloured_back.count(">CLUES</text>") == 2 and "HINTS" not in coloured_back
    assert 'fill="#123456"' in coloured_back and 'fill="#123456"' not in plain_back
