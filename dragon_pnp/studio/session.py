"""One studio session: watch the game, rebuild on each save, publish what the page shows.

A single rebuild thread does the work in stages, each published as soon as it is done, so
the stage a designer is waiting for comes first: the card sheets and gallery (card text is
what changes most), the rulebook and player aid (rules and numbers), the tiles, board and
extras (the board changes least), then the output folder (written atomically, as `dragon-pnp build --no-check`
writes it). A save that arrives mid-rebuild stops it between stages (an unfinished output
build is thrown away, the previous output untouched) and starts over with the new data.
Data that fails to load or check is shown as located problems while the last good preview
stays on the page.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dragon_pnp.data.reading import read_bounded
from dragon_pnp.errors import DataError, DragonPnpError
from dragon_pnp.games.parts import vocabulary
from dragon_pnp.studio import build_adapter as adapter
from dragon_pnp.studio.balance import Balance
from dragon_pnp.studio.hub import Hub
from dragon_pnp.studio.images import ImageStore
from dragon_pnp.studio.playtest import Playtest
from dragon_pnp.studio.preview import Previewer, Settings, ShownCard, ShownPage
from dragon_pnp.studio.problems import Problem, internal, located, located_fault, problems_from
from dragon_pnp.studio.scratch import Scratch
from dragon_pnp.studio.since import Since
from dragon_pnp.studio.tune import TunePanel
from dragon_pnp.studio.watcher import FolderWatcher

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData

DOCUMENT_TITLES = {
    "rulebook.pdf": "Rulebook", "player-aid.pdf": "Player aid", "cards.pdf": "Cards", "tiles.pdf": "Tiles",
    "board.pdf": "Board", "extras.pdf": "Time track, marker and pawns",
}
DOCUMENT_ORDER = ("cards.pdf", "tiles.pdf", "board.pdf", "extras.pdf", "player-aid.pdf", "rulebook.pdf")


WATCH_STOPPED = Problem("the studio stopped watching the game folder, so later saves are not shown; "
                        "restart the studio (the terminal running it says why)", kind="internal")
SAVE_SETTLES = 0.2  # seconds a broken save is given to turn out half written before it is shown


class Superseded(Exception):
    """A newer save arrived: stop this rebuild and start the next."""


@dataclass
class View:
    """Everything the page shows about the preview; published whole on every change."""

    game: dict[str, Any] = field(default_factory=dict[str, Any])
    settings: Settings = field(default_factory=Settings)
    status: str = "starting"          # starting, building, ready, error
    stage: str = ""
    rebuild: int = 0
    pages: dict[str, list[ShownPage]] = field(default_factory=dict)   # by the stage that made them
    cards: list[ShownCard] = field(default_factory=list)
    shown_settings: Settings | None = None  # what the pages on show were made for
    changed: set[str] = field(default_factory=set)
    changed_in: int = 0               # the rebuild that `changed` describes
    problems: list[Problem] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    output: dict[str, Any] = field(default_factory=dict[str, Any])
    # the languages the game has files for, and the chosen one's problems and fit table
    language: dict[str, Any] = field(default_factory=dict[str, Any])

    def all_pages(self) -> list[ShownPage]:
        return [page for stage in self.pages.values() for page in stage]

    def images(self) -> dict[str, str]:
        """Image address by page or card id: what `changed` compares."""
        shown = {page.id: page.image for page in self.all_pages()}
        shown.update({f"card/{card.key}": card.image for card in self.cards})
        return shown

    def to_json(self) -> dict[str, Any]:
        pages = self.all_pages()
        documents = []
        for name in sorted({page.document for page in pages}, key=_document_rank):
            documents.append({"name": name, "title": DOCUMENT_TITLES.get(name, name), "pages": [
                {"id": page.id, "number": page.number, "src": f"/image/{page.image}", "width": page.width,
                 "height": page.height, "changed": page.id in self.changed}
                for page in pages if page.document == name]})
        cards = [{"id": f"card/{card.key}", "key": card.key, "copies": card.copies, "src": f"/image/{card.image}",
                  "width": card.width, "height": card.height, "bleed": list(card.bleed),
                  "changed": f"card/{card.key}" in self.changed} for card in self.cards]
        return {"game": self.game, "settings": {"paper": self.settings.paper, "duplex": self.settings.duplex,
                                                "language": self.settings.language}, "language": self.language,
                "status": self.status, "stage": self.stage, "rebuild": self.rebuild, "documents": documents,
                "cards": cards, "changed": sorted(self.changed), "changed_in": self.changed_in, "problems": [p.to_json() for p in self.problems],
                "timings": {k: round(v, 3) for k, v in self.timings.items()}, "output": self.output}


def _document_rank(name: str) -> tuple[int, str]:
    return (DOCUMENT_ORDER.index(name) if name in DOCUMENT_ORDER else len(DOCUMENT_ORDER), name)


class StudioSession:
    """The studio's state and its rebuild thread, independent of any web server."""

    def __init__(self, game_dir: Path, out_dir: Path | None, settings: Settings, *, check_games: int = 100,
                 write_output: bool = True, log: Callable[[str], None] = lambda line: None,
                 watch_interval: float = 0.05):
        self.game_dir = game_dir.resolve()
        self.out_dir = out_dir
        self.write_output = write_output
        self.log = log
        self.hub = Hub()
        self.images = ImageStore()
        self.previewer = Previewer(self.images)
        self.view = View(settings=settings, game={"name": self.game_dir.name, "slug": self.game_dir.name,
                                                  "folder": str(self.game_dir)})
        self.loaded: GameData | None = None   # the last data that loaded and passed its checks: what the playtest deals from
        self.playtest = Playtest(lambda: self.loaded)
        self.scratch = Scratch()   # the temporary folder of the balance check and the snapshot
        self.balance = Balance(self.game_dir, check_games, 1, lambda state: self.hub.publish("balance", state),
                               self.scratch)
        self.since = Since(self.game_dir, check_games, lambda state: self.hub.publish("since", state), self.scratch)
        self.tune = TunePanel(self.game_dir, lambda state: self.hub.publish("tune", state), self.out_dir)
        self.watcher = FolderWatcher([self.game_dir, adapter.templates_folder()], self._saved, watch_interval,
                                     on_fault=self._watch_fault)
        self._wanted = threading.Event()   # set when a rebuild is due
        # The pages of the last rebuild that finished, and its settings: what "changed" is marked
        # against. Not the pages on show, which a rebuild cut short by a newer save has partly
        # replaced (its cards already new): against those, two quick saves lost the marks.
        self._finished: tuple[Settings, dict[str, str]] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.rebuilt = threading.Condition()

    # --- life ------------------------------------------------------------------------------

    def start(self) -> None:
        self.hub.publish("balance", self.balance.state())
        self.hub.publish("tune", self.tune.state())
        self._publish()
        self.watcher.start()
        self._thread = threading.Thread(target=self._run, name="studio-rebuild", daemon=True)
        self._wanted.set()
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._wanted.set()
        self.watcher.stop()
        self.balance.stop()
        self.tune.stop()
        self.since.stop()
        self.scratch.remove()
        self.hub.close()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def change_settings(self, paper: str | None = None, duplex: bool | None = None, language: str | None = None) -> None:
        with self._lock:
            settings = self.view.settings
            self.view.settings = Settings(paper if paper is not None else settings.paper,
                                          duplex if duplex is not None else settings.duplex,
                                          language if language is not None else settings.language)
            self.view.status, self.view.stage = "building", "cards"
        self._wanted.set()
        self._publish()

    def state(self) -> dict[str, Any]:
        with self._lock:
            shown = self.view.to_json()
        if self._thread is not None and not self._stopping.is_set() and not self.watcher.alive:
            # Saves are no longer seen: never let the page say the preview is up to date.
            shown["status"], shown["stage"] = "error", ""
            shown["problems"] = shown["problems"] + [WATCH_STOPPED.to_json()]
        return shown

    # --- rebuilding ------------------------------------------------------------------------

    def _watch_fault(self, error: BaseException) -> None:
        self.log(f"error while watching the game folder (still watching): {type(error).__name__}: {error}")

    def _saved(self, paths: list[Path]) -> None:
        self.log("changed: " + ", ".join(_shown(path) for path in paths))
        self._wanted.set()

    def _run(self) -> None:
        while True:
            self._wanted.wait()
            if self._stopping.is_set():
                return
            self._wanted.clear()
            try:
                self._rebuild()
            except Superseded:
                continue
            except DragonPnpError as error:  # found past loading (a card text that cannot fit, say)
                self._fail(problems_from(error, self.game_dir))
            except Exception as error:  # a broken template, or a fault of dragon-pnp: say so, keep serving
                template = located_fault(error)
                if template is None:
                    self.log("".join(traceback.format_exception(error)).rstrip())
                self._fail([template or internal(error)])
            finally:
                with self.rebuilt:
                    self.rebuilt.notify_all()

    def _check_superseded(self) -> None:
        if self._wanted.is_set():
            raise Superseded()

    def _rebuild(self) -> None:
        started = time.perf_counter()
        with self._lock:
            settings = self.view.settings
            finished = self._finished
            before = finished[1] if finished is not None and finished[0] == settings else {}
            self.view.rebuild += 1
            self.view.status, self.view.stage, self.view.timings = "building", "cards", {}
        self._publish()

        inputs: str | None = adapter.inputs_digest(self.game_dir)
        game = self._load()
        if game is None:
            return
        if not adapter.digest_covers(game) or adapter.inputs_digest(self.game_dir) != inputs:
            inputs = None   # the digest does not stand for what was loaded: make everything afresh
        with self._lock:
            self.view.game = {"name": game.game.name, "slug": game.slug, "folder": str(self.game_dir)}
            self.view.problems = []
        self.loaded = game   # the playtest deals from the game's own data: rules never see a language
        try:
            self._show_preview(game, settings, inputs, before, started)
        except BaseException:
            self._forget_if_changed(inputs)
            raise
        with self._lock:
            self._finished = (settings, self.view.images())
        self.balance.data_changed(_data_version(self.game_dir))
        stages = ", ".join(f"{stage} {seconds:.2f}" for stage, seconds in self.view.timings.items())
        self.log(f"preview rebuilt in {time.perf_counter() - started:.2f} s ({stages}): {_describe(self.view.changed)}")
        if self.write_output and self.out_dir is not None and not settings.language:
            self._write_output(game, settings)

    def _show_preview(self, game: GameData, settings: Settings, inputs: str | None, before: dict[str, str],
                      started: float) -> None:
        """The preview's stages for a loaded game, in the order a designer waits for them; each is
        shown as soon as it is done. `inputs` is the digest the game was loaded from, if it stands for it."""
        game = self._language(game, settings.language, inputs)
        card_pages, cards = self.previewer.cards(game, settings, inputs)
        self._stage_done("cards", settings, card_pages, before, started, next_stage="rulebook", cards=cards)
        self._check_superseded()
        self._stage_done("rulebook", settings, self.previewer.rulebook(game, settings, inputs), before, started,
                         next_stage="pieces")
        self._check_superseded()
        # The output folder holds the game's own kit; `build --lang` writes a language's.
        writing = self.write_output and self.out_dir is not None and not settings.language
        pieces = self.previewer.pieces(game, settings, inputs)
        self._forget_if_changed(inputs)   # before the page says ready: a save after that is the next rebuild's
        self._stage_done("pieces", settings, pieces, before, started, next_stage="output" if writing else "")

    def _forget_if_changed(self, inputs: str | None) -> None:
        """A file the stages read (art, a template) changed under them: what they made from
        `inputs` may hold the newer file, so none of it stands for that digest."""
        if inputs is not None and adapter.inputs_digest(self.game_dir) != inputs:
            self.previewer.remembered.forget(inputs)

    def _write_output(self, game: GameData, settings: Settings) -> None:
        """The kit as `dragon-pnp build --no-check` writes it, into the output folder."""
        assert self.out_dir is not None
        output_started = time.perf_counter()
        files = adapter.write_output(game, settings.paper, settings.duplex, self.out_dir, self._advance, self.log,
                                     book=self.previewer.book_for(game, settings.paper))
        with self._lock:
            self.view.output = {"folder": str(self.out_dir), "files": files}
            self.view.timings["output"] = time.perf_counter() - output_started
            self.view.status, self.view.stage = "ready", ""
        self._publish()
        self.log(f"kit written to {_shown(self.out_dir)} in {time.perf_counter() - output_started:.2f} s")

    def _stage_done(self, stage: str, settings: Settings, pages: list[ShownPage], before: dict[str, str],
                    started: float, next_stage: str, cards: list[ShownCard] | None = None) -> None:
        """Show a stage's pages (and cards), mark what changed since the last rebuild, publish."""
        with self._lock:
            if self.view.shown_settings != settings:
                self.view.pages = {}  # made for another paper or layout: not worth showing meanwhile
                self.view.shown_settings = settings
            self.view.pages[stage] = pages
            if cards is not None:
                self.view.cards = cards
            now = self.view.images()
            self.view.changed = {key for key, image in now.items() if before and before.get(key) != image}
            self.view.changed_in = self.view.rebuild
            self.view.timings[stage] = time.perf_counter() - started
            self.view.stage = next_stage
            self.view.status = "building" if next_stage else "ready"
        self._publish()

    def _language(self, game: GameData, code: str, inputs: str | None) -> GameData:
        """The game in the preview's language, with that translation's problems and fit table
        published beside the pages; the game as it is when no language (or a vanished one) is chosen."""
        shown: dict[str, Any] = {"languages": adapter.languages(self.game_dir), "code": code}
        if code and code in shown["languages"]:
            game, details = self.previewer.remembered.make(inputs, ("language", code),
                                                           lambda: adapter.in_language(game, code))
            shown.update(details)
        with self._lock:
            self.view.language = shown
        return game

    def _advance(self, label: str) -> None:
        """Called before each build step: a newer save abandons this output build."""
        self._check_superseded()
        with self._lock:
            self.view.stage = f"output: {label.lower()}"

    def _load(self) -> GameData | None:
        """The game, loaded and cross-checked; None (with the problems published) if it is not usable."""
        try:
            game = adapter.load(self.game_dir)
            findings = adapter.cross_check(game)
        except DragonPnpError as error:
            # A file read while an editor was still writing it looks broken: give the watcher a
            # few looks, and if the file changed meanwhile, start over instead of showing this.
            self._stopping.wait(SAVE_SETTLES)
            if self._wanted.is_set():
                raise Superseded() from None
            self._fail(problems_from(error, self.game_dir))
            return None
        if findings:
            self._fail([located(location, message, kind, self.game_dir) for location, message, kind in findings])
            return None
        self.balance.name_setups(vocabulary(game).setup_noun)
        return game

    def _fail(self, problems: list[Problem]) -> None:
        with self._lock:
            self.view.problems = problems
            self.view.status, self.view.stage = "error", ""
            self.view.changed, self.view.changed_in = set(), self.view.rebuild
        self._publish()
        for problem in problems:
            self.log(f"error: {problem.text}")

    def _publish(self) -> None:
        self.hub.publish("state", self.state())


def _describe(changed: set[str]) -> str:
    if not changed:
        return "nothing looks different"
    pages = sorted(c for c in changed if not c.startswith("card/"))
    shown = ", ".join(pages[:6]) + (" ..." if len(pages) > 6 else "")
    return f"{len(pages)} page{'s' if len(pages) != 1 else ''} changed" + (f" ({shown})" if pages else "")


def _data_version(folder: Path) -> str:
    """What the balance check's result depends on: every visible file's path and (bounded) contents."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.name.startswith("."):
            continue
        digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape") + b"\0")
        try:
            digest.update(hashlib.sha256(read_bounded(path)).digest())
        except DataError as error:
            digest.update(error.message.encode("utf-8", "replace"))
    return digest.hexdigest()


def _shown(path: Path) -> str:
    try:
        return str(Path(os.path.abspath(path)).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)
