"""Benchmark: the studio's preview latency, measured as the browser sees it (its event stream).

A studio runs on a copy of the Dragon Pants data (its own render cache, port 0, no browser):
  start cold       process start to every page of the first preview served (six fetches at a time,
                   as a browser does), empty render cache
  start warm       the same with the cache of an earlier studio on the same data (median of runs)
  card text edit   one Power card's text changed (a new text each time) to the state event
                   that marks its cards.pdf page changed, and that page's image fetched
  hand limit edit  game.yaml's hand limit changed (a new value each time) to the event with the
                   changed rulebook page, and its image fetched
Each edit waits for the studio to finish the previous rebuild (the output folder included), as
a designer who looks before the next save. Targets (issue 13): card edit 0.5 s, hand limit
1.5 s, warm start 3 s (medians, 2-core machine).

`--smoke` runs the same steps once on the peer deck (examples/), the smallest kit: a card's text
in cards.csv, and game.yaml's playtime, which its rulebook's title page prints, for the hand limit.
A smoke run shows the script works; Dragon Pants' 60 cards and 20-page rulebook, typeset at the
start and again for the hand limit, cost ~10 CPU s more and are what the full run measures (issue 30).

Usage: .venv/bin/python bench/bench_studio.py [--runs N] [--smoke]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchkit import smoke_cache  # noqa: E402


@dataclass(frozen=True)
class Subject:
    """The game a run edits: a card's printed text in one file, and a number in game.yaml that its
    rulebook prints (the edit named "hand limit edit" in the output)."""

    folder: Path
    card_file: str
    card_text: str      # ends with a full stop; an edit adds " (edit N)" before it
    rule: re.Pattern[str]   # group 1: what precedes the number
    first_value: int    # the first edit's number (not the data's own); later edits count up
    documents: frozenset[str]   # the documents the first preview must show


FULL = Subject(ROOT / "data" / "dragon_pants", "power_cards.yaml",
               "The target discards one card of their choice.",   # printed on the Fireball card (its short text)
               re.compile(r"^(settings:\n(?:[ \t]+.*\n|[ \t]*#.*\n)*?[ \t]+hand_limit: )\d+", re.MULTILINE), 4,
               frozenset({"cards.pdf", "tiles.pdf", "rulebook.pdf"}))
SMOKE = Subject(ROOT / "examples" / "peer-deck", "cards.csv", "Gain 1 coin.",   # the first card's text
                re.compile(r"^(playtime_minutes: )\d+", re.MULTILINE), 11, frozenset({"cards.pdf", "rulebook.pdf"}))
WAIT = 60.0        # seconds any one wait may take before the bench gives up (a stuck studio fails it)
ERROR_GRACE = 5.0  # seconds an error state may stand before the bench calls it real (a half-written save)


class Events:
    """The studio's server-sent events, read line by line from a raw HTTP connection."""

    def __init__(self, port: int):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.connection.request("GET", "/api/events")
        self.response = self.connection.getresponse()
        self.last: dict = {}
        self.problems: list[str] = []

    def next_state(self, deadline: float) -> dict:
        """The next state event; TimeoutError when none comes before `deadline` (perf_counter)."""
        event = None
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError
            self.connection.sock.settimeout(remaining)
            try:
                line = self.response.fp.readline().decode()
            except OSError:   # socket.timeout is an OSError
                raise TimeoutError from None
            if not line:
                raise SystemExit("the studio closed its event stream")
            line = line.rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "state":
                self.last = json.loads(line[6:])
                return self.last

    def until(self, wanted, wait: float = WAIT) -> dict:
        """The first state `wanted` accepts. Fails loudly (SystemExit) after `wait` seconds, or when
        the studio stays in an error state for ERROR_GRACE seconds: a real error, not a save read
        half written, and the bench would otherwise wait for a state that never comes."""
        deadline = time.perf_counter() + wait
        while True:
            in_error = self.last.get("status") == "error"
            try:
                state = self.next_state(min(deadline, time.perf_counter() + ERROR_GRACE) if in_error else deadline)
            except TimeoutError:
                if in_error:
                    problems = self.last.get("problems") or [{"text": str(self.last)}]
                    raise SystemExit(f"the studio shows an error: {problems[0]['text']}") from None
                raise SystemExit(f"no wanted studio state within {wait:.0f} s; last state: "
                                 f"status {self.last.get('status')!r}, stage {self.last.get('stage')!r}") from None
            if state["status"] == "error":
                # A file read mid-save looks broken; the studio looks again and recovers.
                self.problems.append((state.get("problems") or [{"text": "?"}])[0]["text"])
            if wanted(state):
                return state

    def close(self) -> None:
        self.connection.close()


def fetch(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    if response.status != 200:
        raise SystemExit(f"GET {path}: {response.status}")
    return body


def pages(state: dict) -> dict[str, str]:
    return {page["id"]: page["src"] for doc in state["documents"] for page in doc["pages"]}


def complete(documents: frozenset[str]) -> Callable[[dict], bool]:
    """Whether a state shows every document of the kit, rulebook included."""
    return lambda state: documents <= {doc["name"] for doc in state["documents"]} \
        and state["stage"] not in ("cards", "pieces", "rulebook")


def ready(state: dict) -> bool:
    return state["status"] == "ready"


class Studio:
    def __init__(self, game: Path, out: Path, env: dict[str, str]):
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dragon_pnp", "studio", str(game), "--port", "0", "--no-browser", "--out", str(out)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.process.stdout is not None
        timer = threading.Timer(WAIT, self.process.kill)  # a studio that never says its address fails the bench
        timer.start()
        line = self.process.stdout.readline()
        timer.cancel()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            raise SystemExit(f"the studio did not start: {line}{self.process.stdout.read()}")
        self.port = int(found.group(1))
        self.events = Events(self.port)

    def stop(self) -> None:
        self.events.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise SystemExit("the studio did not stop within 20 s of SIGTERM: killed") from None


def start_time(game: Path, out: Path, env: dict[str, str]) -> float:
    studio = Studio(game, out, env)
    try:
        state = studio.events.until(complete(FULL.documents))
        with ThreadPoolExecutor(6) as browser:  # a browser fetches six images at a time from one host
            list(browser.map(lambda src: fetch(studio.port, src), pages(state).values()))
        elapsed = time.perf_counter() - studio.started
        studio.events.until(ready)
    finally:
        studio.stop()
    return elapsed


def edit_latency(studio: Studio, file: Path, new_text: str, document: str) -> float:
    """Seconds from saving `new_text` into `file` to the changed page of `document` fetched."""
    before = studio.events.last["rebuild"]
    started = time.perf_counter()
    file.write_text(new_text)
    state = studio.events.until(
        lambda s: s["changed_in"] > before and any(c.startswith(document + "/") for c in s["changed"]))
    changed = [c for c in state["changed"] if c.startswith(document + "/")]
    fetch(studio.port, pages(state)[changed[0]])
    elapsed = time.perf_counter() - started
    studio.events.until(ready)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--smoke", action="store_true", help="one run of each, no warm start: check the bench works")
    args = parser.parse_args()
    if args.smoke:
        args.runs = 1
    subject = SMOKE if args.smoke else FULL
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        game = tmp / subject.folder.name
        shutil.copytree(subject.folder, game)
        # smoke: the suite's render cache (smoke_cache), which holds the peer deck's pages, so the studio's
        # first preview is not a cold render (the studio's own tests cover that path)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DRAGON_PNP_CACHE": smoke_cache(args.smoke, tmp / "cache")}
        cards_file, game_file = game / subject.card_file, game / "game.yaml"
        cards, rules = cards_file.read_text(), game_file.read_text()
        if subject.card_text not in cards or not subject.rule.search(rules):
            raise SystemExit(f"{subject.folder.name} no longer has the card text or the game.yaml number this bench edits")
        print(f"{args.runs} runs, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")

        cold = None if args.smoke else start_time(game, tmp / "out", env)
        warm = [] if args.smoke else [start_time(game, tmp / "out", env) for _ in range(args.runs)]

        studio = Studio(game, tmp / "out", env)
        try:
            studio.events.until(ready)
            if cold is None:   # smoke: one studio for the start and the edits
                cold = time.perf_counter() - studio.started
            card_edits, limit_edits = [], []
            for run in range(args.runs):
                text = f"{subject.card_text[:-1]} (edit {run})."
                card_edits.append(edit_latency(studio, cards_file, cards.replace(subject.card_text, text, 1), "cards.pdf"))
            for run in range(args.runs):
                limit = subject.rule.sub(lambda found, run=run: f"{found.group(1)}{subject.first_value + run % 16}", rules, count=1)
                limit_edits.append(edit_latency(studio, game_file, limit, "rulebook.pdf"))
                if run + 1 < args.runs:   # the next edit starts from the data as it was (a smoke's copy is thrown away:
                    game_file.write_text(rules)   # one rebuild, a rulebook typeset, less; issue 30)
                    studio.events.until(ready)
            problems = studio.events.problems
        finally:
            studio.stop()

    def line(name: str, figures: list[float], target: float) -> None:
        median = statistics.median(figures)
        print(f"{name:16s} median {median:.2f} s (min {min(figures):.2f}, max {max(figures):.2f}); "
              f"target {target:.1f} s: {'met' if median <= target else 'MISSED'}")

    print(f"{'start cold':16s} {cold:.2f} s")
    if warm:
        line("start warm", warm, 3.0)
    line("card text edit", card_edits, 0.5)
    line("hand limit edit", limit_edits, 1.5)
    if problems:
        print(f"{len(problems)} saves were read half written and shown as a problem until the next look: {problems[0]}")


if __name__ == "__main__":
    main()
