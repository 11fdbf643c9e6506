"""The generic layouts' own words ("players", "minutes", "ages", "Designed by"), in one catalogue.

A word that counts something has one key per CLDR plural category (`words.players.one`,
`words.players.other`); which categories a language needs, and which one a number takes, come
from babel's CLDR data, and numbers are printed in the locale's own digits and separators."""

from __future__ import annotations

from collections.abc import Mapping

# key -> English text; `{n}`, `{low}`, `{high}`, `{names}`, `{name}` are filled in.
WORDS: dict[str, str] = {
    "words.players.one": "{n} player",
    "words.players.other": "{n} players",
    "words.players_range": "{low}\u2013{high} players",
    "words.minutes_range": "{low}\u2013{high} minutes",
    "words.about_minutes.one": "about {n} minute",
    "words.about_minutes.other": "about {n} minutes",
    "words.ages": "ages **{n}+**",
    "words.designed_by": "Designed by {names}",
    "words.also_known_as": "also known as {name}",
    "words.licence": "Licence: {name}",
    "words.and": "and",
    "words.or": "or",
    "words.number_words": "zero, one, two, three, four, five, six, seven, eight, nine, ten, eleven, twelve",
    "words.rules": "rules",
    "words.rulebook": "rulebook",
    "words.player_aid": "player aid",
    "words.aid_on_its_own": "player aid (print this page on its own)",
    # page labels of card and token sheets ({count} is words.sheet.count, or nothing for one sheet)
    "words.sheet.fronts": "{title}: fronts{count}",
    "words.sheet.backs": "{title}: backs{count} (print on the back of the page before)",
    "words.sheet.count": " {n} of {total}",
    "words.sheet.cube_nets": "{title}: cube nets (cut, fold on the dashed lines, glue the tabs)",
    "words.sheet.dice_stickers": "{title}: stickers for blank dice",
    "words.sheet.token_stickers": "{title}: stickers",
    "words.sheet.track": "{game}: {name} and marker",
    # sections' titles (the cover's contents name the pieces a document's pages hold by them)
    "words.section.cube_nets": "{name}: cube nets",
    "words.section.dice_stickers": "{name}: stickers for blank dice",
    "words.section.sticker_sheet": "{name}: sticker sheet",
    "words.section.track": "{name} and marker",
    # the print-and-play cover (templates/kit/cover.svg.j2 and kit/assembly.py)
    "words.cover.kit": "Print-and-play kit",
    "words.cover.ages": "ages {n}+",
    "words.cover.inside": "What is inside",
    "words.cover.print": "Print {advice}.",
    "words.cover.how": "How to print",
    "words.cover.actual_size": "Print at 100 % (\u201cactual size\u201d), never \u201cfit to page\u201d: the bar below must measure exactly 100 mm.",
    "words.cover.paper": "This kit is laid out for {paper} paper; for {other} paper use the kit's {other} edition, not this one scaled.",
    "words.cover.blank_page": "Page {pages} stays blank on purpose: printed duplex, the card fronts after it land on the front of a sheet.",
    "words.cover.blank_pages": "Pages {pages} stay blank on purpose: printed duplex, the card fronts after them land on the front of a sheet.",
    "words.cover.duplex": "Two-sided pieces: print duplex and flip on the long edge; every backs page then lands behind its fronts page.",
    "words.cover.fold": "Two-sided pieces use the fold-over layout. Print single-sided, cut out each pair, fold on the dashed line and glue.",
    "words.cover.shared_cut": "Cards are 3 x 3 to a sheet with shared cuts: cut mark to mark, or a sliver of the next card shows.",
    "words.cover.own_cut": "Cut cards with a ruler and a knife or a paper trimmer, mark to mark; each card has its own cuts and bleed.",
    "words.cover.sturdy": "{pieces} are sturdier on card stock (200-300 g/m\u00b2). Cut shapes on their thin outline.",
    "words.cover.piece.tiles": "tiles",
    "words.cover.piece.tokens": "tokens",
    "words.cover.piece.dice": "dice",
    "words.cover.piece.standees": "pawns",
    "words.cover.piece.track": "tracks",
    "words.cover.poster": "Poster: tape each column's pages together top down, then the columns left to right, each cut edge's tick on its round mark's line.",
    "words.cover.designed_by": "Designed by {names}.",
    "words.cover.licence": "Licence: {name}.",
    "words.cover.total": "{n} pages including this cover.",
    "words.cover.in_the_box": "In the box: {items}.",
    "words.cover.alt.cut_one": "Cut {first} from {pages} OR print {second} ({other_pages}), not both; {pages} also holds {also}.",
    "words.cover.alt.cut_many": "Cut {first} from {pages} OR print {second} ({other_pages}), not both; {pages} also hold {also}.",
    "words.cover.alt.print": "Print {first} ({pages}) OR {second} ({other_pages}), not both.",
    "words.cover.alt.print_cut_one": "Print {first} ({pages}) OR cut {second} from {other_pages}, not both; {other_pages} also holds {also}.",
    "words.cover.alt.print_cut_many": "Print {first} ({pages}) OR cut {second} from {other_pages}, not both; {other_pages} also hold {also}.",
    "words.cover.page": "page {n}",
    "words.cover.pages": "pages {first}-{last}",
    "words.cover.last_of": "page {n}, the last of the {holder}",
    "words.cover.rulebook": "Rulebook",
    "words.cover.player_aid": "Player aid",
    "words.cover.advice.rulebook": "single-sided or duplex, as you like",
    "words.cover.advice.aid": "one per player, single-sided",
    "words.cover.advice.aid_copies": "single-sided: {copies} copies to the page, cut apart on the dashed line",
    "words.cover.advice.aid_more": "; for {players} players print it {prints} times",
    "words.cover.advice.card_stock": "single-sided, on card stock if you can",
    "words.cover.advice.duplex": "duplex, flip on the long edge: each backs page lands behind its fronts",
    "words.cover.advice.fold": "single-sided; fold each card pair on the dashed line",
    # the cover's "In the box" items, one per component ({name} is the component's name in a sentence)
    "words.cover.box.deck": "{n} {name}, {width} x {height} mm",
    "words.cover.box.aid": "{n} {name} (double-sided, {width} x {height} mm)",
    "words.cover.box.tokens": "{n} {name} ({shape} tokens, {size} mm{sides}{sticker})",
    "words.cover.box.shape.round": "round",
    "words.cover.box.shape.square": "square",
    "words.cover.box.shape.hex": "hex",
    "words.cover.box.shape.grid": "square-cut",
    "words.cover.box.two_sided": ", two-sided",
    "words.cover.box.fold_in_half": ", two-sided: fold in half",
    "words.cover.box.also_stickers": ", also as stickers",
    "words.cover.box.dice": "{name} ({sets}) as cube nets to fold{also}",
    "words.cover.box.die_set": "{n} {name} {size} mm",
    "words.cover.box.dice_stickers": " and stickers for blank dice",
    "words.cover.box.standees": "{n} fold-over {name}",
    "words.cover.box.tiles": "{n} hex tiles, {size} mm corner to corner",
    "words.cover.box.track": "{name} ({first}-{last}) and marker",
    "words.cover.box.board_overview": "board overview and a {n}-page full-size poster",
    "words.cover.box.board_poster": "a {n}-page full-size board poster",
    "words.cover.box.setup_maps": "setup maps",
    # the board poster's page labels and its sections' titles (components/board.py, kit/poster.py)
    "words.poster.title": "{game}: board poster",
    "words.poster.label": "{title}: page {name} ({n} of {total}), column {column} of {last}, {row} of {rows} from the top",
    "words.poster.section_overview": "Board overview and full-size poster",
    "words.poster.section": "Full-size board poster",
    "words.poster.setup_maps": "Setup maps",
    # the nouns of the cover's "cut X OR print Y" sentences
    "words.cover.either.named": "the {name}",
    "words.cover.either.token_stickers": "them as stickers for blank tokens",
    "words.cover.either.cube_nets": "the cube nets",
    "words.cover.either.dice_stickers": "the stickers for blank dice",
    "words.cover.either.board_poster": "the full-size board poster",
    "words.aid_two_to_a_page": "two to a page: cut on the dashed line",
    # a home tile's label (templates/kit/tile.svg.j2)
    "words.tile.starts_here": "{colour} dragon starts here",
    "words.tile.corner": "{name} corner",
    # the mark a provisional card carries
    "words.provisional_version": "provisional v{version}",
    "words.provisional": "provisional",
    # the rulebook's variants table
    "words.variants.variant": "Variant",
    "words.variants.what_changes": "What changes",
    "words.variants.standard": "In the standard game",
    "words.variants.on": "on",
    "words.variants.off": "off",
}
SOURCE_LANGUAGE = "en"


def plural_keys(base: str, language: str) -> list[str]:
    """The keys a counted word needs in `language`: one per CLDR plural category it uses."""
    from babel import Locale

    tags = set(Locale.parse(language).plural_form.tags) | {"other"}
    return [f"{base}.{tag}" for tag in ("zero", "one", "two", "few", "many", "other") if tag in tags]


def catalogue_keys(language: str) -> dict[str, str]:
    """Every generic word key `language` needs -> the English source text it translates."""
    keys: dict[str, str] = {}
    for key, text in WORDS.items():
        base, _, tag = key.rpartition(".")
        if tag in ("one", "other") and base.startswith("words."):
            if tag == "other":
                for needed in plural_keys(base, language):
                    keys[needed] = WORDS.get(needed, text)
            continue
        keys[key] = text
    return keys


class Phrases:
    """The generic words in one language: `phrase("words.ages", n=10)`."""

    def __init__(self, language: str = SOURCE_LANGUAGE, texts: Mapping[str, str] | None = None) -> None:
        self.language = language
        self.texts = dict(texts or {})

    def number(self, n: int) -> str:
        """A count in the locale's digits and separators (CLDR)."""
        if self.language == SOURCE_LANGUAGE:
            return str(n)
        from babel.numbers import format_decimal

        return str(format_decimal(n, locale=self.language))

    def counted(self, base: str, n: int, **values: str) -> str:
        """The counted word in the plural form CLDR gives `n` in this language."""
        if self.language == SOURCE_LANGUAGE:
            key = f"{base}.{'one' if n == 1 else 'other'}"
        else:
            from babel import Locale

            key = f"{base}.{Locale.parse(self.language).plural_form(n)}"
        return self.text(key if key in WORDS or key in self.texts else f"{base}.other", n=self.number(n), **values)

    def text(self, key: str, **values: str) -> str:
        """One catalogue text with its blanks filled in."""
        template = self.texts.get(key) or WORDS.get(key) or WORDS[key.rpartition(".")[0] + ".other"]
        return template.format(**values)

    def template(self, key: str, english: str) -> str:
        """A word a game's own template prints, `tr("key", "English")`: its translation, else the English."""
        return self.texts.get(f"templates.{key}") or english

    def module(self, key: str, english: str) -> str:
        """A word a rules module's Python prints (declared in its `texts`): the translation, else the English."""
        return self.texts.get(f"module.{key}") or english

    def noun(self, name: str) -> str:
        """A component's name inside a sentence: lower-cased in English ("heart tokens"), as
        written in other languages (German nouns keep their capital)."""
        return name.lower() if self.language == SOURCE_LANGUAGE else name

    def number_word(self, n: int) -> str:
        """Small whole numbers as words in this language ("two", "zwei"), larger ones as digits."""
        spelled = [w.strip() for w in self.text("words.number_words").split(",")]
        return spelled[n] if 0 <= n < len(spelled) else self.number(n)

    def names(self, items: list[str]) -> str:
        """"A", "A and B", "A, B and C" with this language's "and"; other languages join by their
        CLDR list pattern ("A、B、C" in Japanese, "A وB" in Arabic: not every language spaces words)."""
        if len(items) <= 1:
            return "".join(items)
        if self.language != SOURCE_LANGUAGE:
            from babel.lists import format_list

            return str(format_list(items, locale=self.language))
        return ", ".join(items[:-1]) + f" {self.text('words.and')} " + items[-1]


ENGLISH = Phrases()
