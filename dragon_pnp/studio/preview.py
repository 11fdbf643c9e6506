"""Turn a loaded game into preview images, redoing only what changed since the last time.

Kit pages: every page is a render job of its own, keyed by its content (the SVG of each face
it places, its marks and overlay), so a changed card re-renders the one sheet that shows it;
the workers draw it with cairo and PDFium rasterises the PDF page. Card faces for the gallery
are PNG jobs keyed the same way. The rulebook is typeset whole, as the build does, but only
its pages whose drawing changed (see page_digest) are rasterised again. Page images are also
kept in the render cache, so a studio started on data it has shown before draws nothing. Given
the digest of its inputs (`inputs`), a stage whose inputs and settings it has seen before plans
and typesets nothing either (remembered.py), and a book some studio typeset from the same
inputs is read from the render cache (kept_books.py).
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dragon_pnp.data import GameData
from dragon_pnp.pdf.page_digest import page_digests
from dragon_pnp.studio import build_adapter as adapter
from dragon_pnp.studio.images import ImageStore
from dragon_pnp.studio.kept_books import book_key, keep_book, kept_book
from dragon_pnp.studio.raster import JPEG_QUALITY, PREVIEW_DPI, PageImage, rasterise
from dragon_pnp.studio.remembered import Remembered

if TYPE_CHECKING:
    from dragon_pnp.rulebook.early import TypesetBook

CARD_DPI = 150          # gallery cards: readable at a glance, 400 pixels wide for poker size
PREVIEW_VERSION = "studio-preview-1"  # bump when what a preview image looks like changes


@dataclass(frozen=True)
class Settings:
    paper: str = "letter"
    duplex: bool = True
    language: str = ""   # a `lang/<code>.yaml` of the game; "" is the game's own language


@dataclass(frozen=True)
class ShownPage:
    """One page as the browser shows it."""

    document: str
    number: int
    image: str          # address in the image store
    width: int
    height: int

    @property
    def id(self) -> str:
        return f"{self.document}/{self.number}"


@dataclass(frozen=True)
class ShownCard:
    key: str
    copies: int
    image: str
    width: int
    height: int
    bleed: tuple[float, float]  # bleed as a fraction of the image's width and height


class Previewer:
    """Makes preview images for one studio session; remembers what it made, by content."""

    def __init__(self, store: ImageStore, cache: Any = None):
        self.store = store
        self.cache = cache if cache is not None else adapter.render_cache()
        self._made: dict[str, tuple[str, int, int]] = {}     # content key -> (address, width, height)
        self._book: tuple[GameData, str, TypesetBook] | None = None  # the last book typeset: (game, paper, book)
        self.remembered = Remembered()

    def cards(self, game: GameData, settings: Settings,
              inputs: str | None = None) -> tuple[list[ShownPage], list[ShownCard]]:
        """The card sheets and every card face, rendering only the ones not seen before.

        `inputs` is the digest of the files `game` was loaded from (None: not known)."""
        plan = self.remembered.make(inputs, ("cards", settings), lambda: adapter.plan_card_preview(
            game, settings.paper, settings.duplex, CARD_DPI))
        return self._show(game, settings, plan)

    def pieces(self, game: GameData, settings: Settings, inputs: str | None = None) -> list[ShownPage]:
        """The pages of the other kit documents (tiles, board, extras), likewise."""
        plan = self.remembered.make(inputs, ("pieces", settings), lambda: adapter.plan_piece_preview(
            game, settings.paper, settings.duplex))
        return self._show(game, settings, plan)[0]

    def _show(self, game: GameData, settings: Settings,
              plan: adapter.KitPreview) -> tuple[list[ShownPage], list[ShownCard]]:
        page_keys = {page.job.name: _page_key(page.job.cache_key()) for page in plan.pages}
        card_keys = {card.job.name: card.job.cache_key() for card in plan.cards}
        missing_pages = {page.job.name: page.job for page in plan.pages if not self._known(page_keys[page.job.name])}
        missing_cards = [card.job for card in plan.cards if not self._known_png(card_keys[card.job.name])]
        if missing_pages or missing_cards:
            build = adapter.inputs_key(game, settings.paper, settings.duplex)
            rendered = adapter.render(list(missing_pages.values()), missing_cards, self.cache, build)
            pdfs, pngs = rendered.result()
            for name in missing_pages:
                image = rasterise(pdfs[name])[0]
                self._keep(page_keys[name], image)
                self._store_on_disk(page_keys[name], image)
            for job in missing_cards:
                width, height = _png_size(pngs[job.name])
                self._made[card_keys[job.name]] = (self.store.add(pngs[job.name], "png"), width, height)
        pages = [ShownPage(page.document, page.number, *self._made[page_keys[page.job.name]]) for page in plan.pages]
        cards = [ShownCard(card.key, card.copies, *self._made[card_keys[card.job.name]], card.bleed_fraction)
                 for card in plan.cards]
        return pages, cards

    def rulebook(self, game: GameData, settings: Settings, inputs: str | None = None) -> list[ShownPage]:
        """The rulebook and player aid, typeset as the build does; only pages that changed are rasterised."""
        shown = []
        book = self.remembered.make(inputs, ("book", settings.paper, settings.language),
                                    lambda: self._typeset(game, settings, inputs))
        self._book = (game, settings.paper, book)
        for document, pdf in adapter.book_documents(book):
            keys = [_page_key(f"pdf-page|{digest}") for digest in page_digests(pdf)]
            missing = [index for index, key in enumerate(keys) if not self._known(key)]
            for index, image in zip(missing, rasterise(pdf, pages=missing) if missing else []):
                self._keep(keys[index], image)
                self._store_on_disk(keys[index], image)
            shown += [ShownPage(document, number, *self._made[key]) for number, key in enumerate(keys, start=1)]
        return shown

    def _typeset(self, game: GameData, settings: Settings, inputs: str | None) -> TypesetBook:
        """The book from the render cache if a studio typeset these very inputs before, else
        typeset now and kept there, unless a file changed meanwhile (then it may hold the newer file)."""
        if inputs is None:
            return adapter.typeset_book(game, settings.paper)
        key = book_key(game, inputs, settings.paper, settings.language)
        book = kept_book(self.cache, key)
        if book is None:
            book = adapter.typeset_book(game, settings.paper)
            if adapter.inputs_digest(game.root) == inputs:
                keep_book(self.cache, key, book)
        return book

    def book_for(self, game: GameData, paper: str) -> TypesetBook | None:
        """The book `rulebook` last typeset, if it was for this very game object and paper (a
        fresh load, or the game in another language, is another object): else None."""
        kept = self._book
        return kept[2] if kept is not None and kept[0] is game and kept[1] == paper else None

    def _known(self, key: str) -> bool:
        """Whether the page image is at hand, fetching it from the render cache if it is there."""
        made = self._made.get(key)
        if made is not None and made[0] in self.store:
            return True
        entry = self.cache.get(key)
        if entry is None or len(entry) < 8:
            return False
        width, height = struct.unpack(">II", entry[:8])
        self._keep(key, PageImage(entry[8:], width, height))
        return True

    def _known_png(self, key: str) -> bool:
        made = self._made.get(key)
        return made is not None and made[0] in self.store

    def _keep(self, key: str, image: PageImage) -> None:
        self._made[key] = (self.store.add(image.jpeg, "jpeg"), image.width, image.height)

    def _store_on_disk(self, key: str, image: PageImage) -> None:
        self.cache.put(key, struct.pack(">II", image.width, image.height) + image.jpeg)


def _page_key(content: str) -> str:
    """Render-cache key of a preview image of some content at the preview resolution."""
    return hashlib.sha256(f"{PREVIEW_VERSION}|{PREVIEW_DPI}|{JPEG_QUALITY}|{content}".encode()).hexdigest()


def _png_size(png: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    return struct.unpack(">II", png[16:24])
