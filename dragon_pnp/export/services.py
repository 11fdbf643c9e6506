"""Upload files for card-printing services: one PNG per face and back at the service's template size.

Each product below is a service's published template: a canvas in pixels at 300 DPI whose cut
line (the trim) sits centred, the rest being the service's bleed. A face is scaled uniformly so
that its trim covers the template's trim (see raster.py); the bleed area around it is filled by
the face's own bleed. Pieces go to the product of their shape whose trim is nearest in size
(within 10 %); a deck or piece no product fits is listed as not offered, never stretched.

Sources (checked when this table was written):
- The Game Crafter: product pages https://www.thegamecrafter.com/make/products/<Product> and
  https://help.thegamecrafter.com/article/39-templates (templates: 300 DPI, cut line 1/8 inch in
  from each edge of the canvas); Poker Deck 825 x 1125 px; Large Hex Tile 1200 x 1050 px, its
  cut line a flat-topped hexagon 3.75 inch corner to corner and 3.25 inch across the flats;
  circle and square chits 225, 300 and 375 px square (0.5, 0.75 and 1 inch pieces).
- MakePlayingCards: https://www.makeplayingcards.com/pops/faq-photo.html (image upload FAQ):
  poker-size cards 822 x 1122 px at 300 DPI, 2.5 x 3.5 inch after the cut.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from typing import Literal

from dragon_pnp.errors import NotationError
from dragon_pnp.export.model import ExportSet
from dragon_pnp.export.raster import FacePlacement, RasterJob, cover_scale

ProductShape = Literal["card", "circle", "square", "hex"]
SIZE_TOLERANCE = 0.10     # a face may grow or shrink this much to fit a product
ASPECT_TOLERANCE = 0.03   # and lose at most this share of one side to the uniform scale


@dataclass(frozen=True)
class Product:
    """One product's template: the canvas, the trim centred on it, and where it is published."""

    id: str
    name: str
    shape: ProductShape
    canvas_px: tuple[int, int]
    trim_px: tuple[float, float]
    dpi: int
    source: str

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        (cw, ch), (tw, th) = self.canvas_px, self.trim_px
        return ((cw - tw) / 2, (ch - th) / 2, (cw + tw) / 2, (ch + th) / 2)

    def fit(self, trim_mm: tuple[float, float]) -> float | None:
        """How much a piece of this trim would grow (0.02 = 2 %) to fit, or None if it does not fit."""
        natural = self.dpi / 25.4
        scale_x, scale_y = self.trim_px[0] / trim_mm[0] / natural, self.trim_px[1] / trim_mm[1] / natural
        cover = cover_scale(trim_mm, self.trim_box) / natural
        if abs(cover - 1) > SIZE_TOLERANCE or abs(max(scale_x, scale_y) / min(scale_x, scale_y) - 1) > ASPECT_TOLERANCE:
            return None
        return cover - 1


@dataclass(frozen=True)
class Service:
    id: str
    name: str
    products: tuple[Product, ...]
    how_to_order: str

    def best(self, shape: ProductShape, trim_mm: tuple[float, float]) -> Product | None:
        """The product of this shape that needs the least resizing, if any fits."""
        fits = [(abs(change), product.id, product) for product in self.products
                if product.shape == shape and (change := product.fit(trim_mm)) is not None]
        return min(fits)[2] if fits else None


def _tgc(product: str, name: str, shape: ProductShape, canvas: tuple[int, int], trim: tuple[float, float]) -> Product:
    return Product(product, name, shape, canvas, trim, 300, f"https://www.thegamecrafter.com/make/products/{product}")


TGC_CHITS = tuple(
    _tgc(f"{size}{shape.capitalize()}Chit", f"{size} {shape} chit", shape, (side + 75, side + 75), (side, side))
    for shape in ("circle", "square") for size, side in (("Small", 150), ("Medium", 225), ("Large", 300))
)

SERVICES: dict[str, Service] = {
    "tgc": Service(
        "tgc", "The Game Crafter",
        (_tgc("PokerDeck", "Poker Deck", "card", (825, 1125), (750, 1050)),
         _tgc("LargeHexTile", "Large Hex Tile", "hex", (1200, 1050), (1125, 975)),
         *TGC_CHITS),
        "Create a game at thegamecrafter.com, add each product named below, upload the back image "
        "once as the deck's (or piece set's) back where a group has one back, else each back with "
        "its face, then add every face image and set its quantity to the copies shown. Images are 300 DPI RGB PNGs at the template size; do not resize them.",
    ),
    "mpc": Service(
        "mpc", "MakePlayingCards",
        (Product("poker", "Custom game cards, poker size (63 x 88 mm)", "card", (822, 1122), (750, 1050), 300,
                 "https://www.makeplayingcards.com/pops/faq-photo.html"),),
        "At makeplayingcards.com choose custom game cards in poker size, one order per deck, with "
        "as many cards as the deck holds. Upload the front images and set each one's quantity to "
        "the copies shown; where a group has one back, choose one image for all backs and upload "
        "it, else choose a different image for each back. The images are "
        "already at MPC's 822 x 1122 px bleed size; do not resize them.",
    ),
}


def service(name: str, where: str = "service") -> Service:
    """The service called `name`; an unknown name is a user error naming the option (exit 2)."""
    try:
        return SERVICES[name]
    except KeyError:
        known = ", ".join(f"{key} ({known.name})" for key, known in SERVICES.items())
        raise NotationError(f"{where} {name}: expected one of {known}") from None


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """A text cell a spreadsheet would run as a formula (`=HYPERLINK(..)`, `+SUM(..)`, `@cmd`, `-1+2`)
    gets a leading single quote, so it opens as the text it is; numbers are left as numbers.
    Line breaks inside a cell become spaces (the csv module leaves a lone CR unquoted)."""
    if not isinstance(cell, str):
        return cell
    if cell.startswith(FORMULA_STARTS):
        cell = "'" + cell
    return cell.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")


@dataclass(frozen=True)
class UploadFile:
    """One line of the upload list: which image to upload as what, how many copies."""

    group: str
    item: str
    side: str
    file: str
    copies: int
    product: Product


@dataclass
class ServicePlan:
    """The images to render (by file name) and the upload list that names them."""

    service: Service
    jobs: list[RasterJob]
    files: list[UploadFile]
    not_offered: list[str]

    def upload_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["group", "item", "side", "file", "copies", "product", "width_px", "height_px", "dpi",
                         "product_url"])
        for f in self.files:
            writer.writerow([spreadsheet_safe(cell) for cell in (
                f.group, f.item, f.side, f.file, f.copies, f.product.name, *f.product.canvas_px,
                f.product.dpi, f.product.source)])
        return out.getvalue()

    def upload_txt(self, game_name: str) -> str:
        lines = [f"{game_name}: files for {self.service.name}", "", self.service.how_to_order, ""]
        groups: dict[tuple[str, str], list[UploadFile]] = {}
        for f in self.files:
            groups.setdefault((f.group, f.product.id), []).append(f)
        for (group, _), files in groups.items():
            product = files[0].product
            fronts = sum(f.copies for f in files if f.side == "face")
            lines.append(f"{group}: {fronts} in all, product {product.name} "
                         f"({product.canvas_px[0]} x {product.canvas_px[1]} px, {product.dpi} DPI, {product.source})")
            lines += [f"  {f.side:<5} x{f.copies:<3} {f.file}  ({f.item})" for f in files]
            backs = sum(1 for f in files if f.side == "back")
            if not backs:
                lines.append("  (no back image: these pieces have a plain back)")
            elif backs > 1:
                lines.append("  (each item has its own back: upload every back with its face, not one back for all)")
            lines.append("")
        if self.not_offered:
            lines.append("Not offered by this service in a matching size (print these from the kit):")
            lines += [f"  {item}" for item in self.not_offered]
            lines.append("")
        return "\n".join(lines)


def plan_service(export: ExportSet, chosen: Service) -> ServicePlan:
    """Every face and back of the set that the service makes, as template-sized PNG jobs."""
    plan = ServicePlan(chosen, [], [], [])
    for deck in export.decks:
        product = chosen.best("card", deck.trim_mm)
        if product is None:
            plan.not_offered.append(f"{deck.name} ({_size(deck.trim_mm)} cards)")
            continue
        backs = deck.backs
        for number, card in enumerate(deck.cards, start=1):
            name = f"{deck.id}/{number:02d}-{slug(card.name)}-x{card.count}.png"
            _add(plan, product, name, card.front_svg, deck.trim_mm, deck.name, card.name, "face", card.count)
            if len(backs) > 1:
                back = f"{deck.id}/{number:02d}-{slug(card.name)}-back-x{card.count}.png"
                _add(plan, product, back, card.back_svg, deck.trim_mm, deck.name, card.name, "back", card.count)
        if len(backs) == 1:
            _add(plan, product, f"{deck.id}/back-x{deck.size}.png", backs[0], deck.trim_mm, deck.name,
                 f"back of all {deck.size} cards", "back", deck.size)
    for piece in export.pieces:
        product = None if piece.upright else chosen.best(piece.shape, piece.size_mm)
        if product is None and not piece.upright and piece.shape in ("square", "rectangle"):
            # a rectangular piece of card size (a double-sided player aid) is printed as a card
            product = chosen.best("card", piece.size_mm)
        if product is None:
            shape = "standee" if piece.upright else piece.shape if piece.shape != "square" else "rectangle"
            plan.not_offered.append(f"{piece.name} x{piece.count} ({_size(piece.size_mm)} {shape})")
            continue
        group = (piece.name if product.shape == "card" else f"Tokens ({piece.shape})" if piece.kind == "token"
                 else f"{piece.kind.capitalize()}s")   # circle and square chits are different products
        _add(plan, product, f"pieces/{piece.id}-x{piece.count}.png", piece.front_svg, piece.size_mm, group,
             piece.name, "face", piece.count)
        if piece.back_svg is not None:
            _add(plan, product, f"pieces/{piece.id}-back-x{piece.count}.png", piece.back_svg, piece.size_mm,
                 group, piece.name, "back", piece.count)
    plan.not_offered += [f"{die.name} x{die.count} (dice)" for die in export.dice]
    return plan


def _add(plan: ServicePlan, product: Product, name: str, svg: str, trim_mm: tuple[float, float],
         group: str, item: str, side: str, copies: int) -> None:
    width, height = product.canvas_px
    placement = FacePlacement(svg, trim_mm, product.trim_box, (0, 0, width, height))
    plan.jobs.append(RasterJob(name, (width, height), (placement,), product.dpi))
    plan.files.append(UploadFile(group, item, side, name, copies, product))


def _size(size_mm: tuple[float, float]) -> str:
    return f"{size_mm[0]:.4g} x {size_mm[1]:.4g} mm"


def slug(text: str) -> str:
    """A file-name-safe form of a name: lower case, words joined by hyphens, signs spelt out
    (so "Destiny -1" and "Destiny +1" stay apart)."""
    text = re.sub(r"[-\u2212](?=\d)", " minus ", re.sub(r"\+(?=\d)", " plus ", text))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "item"
