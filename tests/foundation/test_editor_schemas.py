"""Editor checking as a designer gets it: the real yaml-language-server (the engine behind VS Code's
YAML extension and others), driven over stdio, reads each data file's `$schema` line.

Every shipped data file opens with no diagnostics; a typo in each kind of file (game.yaml, its
`settings:`, print.yaml, a card file, a rules module's data file) is flagged; and the schemas a
game folder carries in `.schemas/` keep working after the folder is moved. Every property of
every schema has a description (the hover help). The server is installed from the npm registry
into a cache folder on first use; without node and npm these tests skip and say why.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from dragon_pnp.games.registry import game_module, installed_code, known_modules, load_game
from dragon_pnp.schema_help import missing_descriptions
from dragon_pnp.schemas import (
    SCHEMA_LINE,
    generic_schemas,
    module_schemas,
    schema_of_files,
    schemas,
    write_game_schemas,
)

ROOT = Path(__file__).resolve().parents[2]
TOOLS = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "dragon-pnp-tools" / "yaml-language-server"
SERVER_VERSION = "1"
GAMES = [ROOT / "data" / name for name in ("dragon_pants", "dragon_dance", "dragon_line")] + \
        [ROOT / "examples" / name for name in ("peer-deck", "goofspiel")]


def test_every_schema_property_has_hover_help():
    # The schemas the package ships: the generic ones and its installed rules modules'. A module a
    # test registers at run time (tests/tune's coin toy, say) is a designer's, not ours, and runs
    # in the same process when the tests share a worker.
    shipped = dict(generic_schemas())
    for name in known_modules():
        if installed_code(name) is not None:
            shipped.update(module_schemas(game_module(name)))
    assert set(shipped) <= set(schemas())
    missing = {name: missing_descriptions(schema) for name, schema in shipped.items()}
    assert {name: found for name, found in missing.items() if found} == {}


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_every_shipped_yaml_file_names_its_schema(folder):
    game = load_game(folder)
    for file, schema in schema_of_files(game).items():
        path = folder / file
        if not path.is_file():
            continue
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        assert first.startswith(SCHEMA_LINE) and first.endswith("/" + schema), f"{path}: {first}"
        assert (path.parent / first[len(SCHEMA_LINE):]).resolve().is_file(), f"{path}: {first} resolves to nothing"


# --- the language server -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def server_command() -> list[str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("node and npm are not installed: the yaml-language-server check needs them")
    entry = TOOLS / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"
    if not entry.is_file():
        TOOLS.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--prefix", str(TOOLS), "--no-audit", "--no-fund", "--silent",
                               f"yaml-language-server@{SERVER_VERSION}"], capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not entry.is_file():
            pytest.skip(f"yaml-language-server could not be installed from the npm registry: {done.stderr[-300:]}")
    return [node, str(entry), "--stdio"]


class LanguageServer:
    """A minimal LSP client: initialise, open documents, collect each one's diagnostics."""

    def __init__(self, command: list[str], root: Path):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0
        self.diagnostics: dict[str, list] = {}
        self.versions: dict[str, int] = {}
        self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {
            "textDocument": {"publishDiagnostics": {}}, "workspace": {"configuration": False}}})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": {"yaml": {
            "validate": True, "hover": True, "completion": True, "schemaStore": {"enable": False}}}})

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(next(line.split(b":")[1] for line in header.split(b"\r\n") if line.lower().startswith(b"content-length")))
            self.messages.put(json.loads(stream.read(length)))

    def _send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: dict, timeout: float = 60) -> dict:
        self.next_id += 1
        wanted = self.next_id
        self._send({"jsonrpc": "2.0", "id": wanted, "method": method, "params": params})
        return self._wait(lambda m: m.get("id") == wanted and "method" not in m, timeout)

    def _wait(self, match, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("the language server did not answer in time")
            message = self.messages.get(timeout=left)
            if message.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
            elif "method" in message and "id" in message:   # a request from the server: answer empty
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            if match(message):
                return message

    def check(self, path: Path, timeout: float = 60) -> list[dict]:
        """The diagnostics the server publishes for a file once it is opened."""
        uri = path.resolve().as_uri()
        self.diagnostics.pop(uri, None)
        text = path.read_text(encoding="utf-8")
        if uri in self.versions:   # an open document changes; a second didOpen would be ignored
            self.versions[uri] += 1
            self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": self.versions[uri]},
                                                   "contentChanges": [{"text": text}]})
        else:
            self.versions[uri] = 1
            self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                                   "text": text}})
        # The server publishes once the schema is resolved; wait for a publication for this file.
        self._wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri, timeout)
        return self.diagnostics[uri]

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def server(server_command):
    client = LanguageServer(server_command, ROOT)
    yield client
    client.close()


def _errors(diagnostics: list[dict]) -> list[str]:
    return [d["message"] for d in diagnostics if d.get("severity", 1) == 1]


def test_shipped_files_open_clean(server):
    for folder in GAMES:
        game = load_game(folder)
        for file in schema_of_files(game):
            path = folder / file
            if path.is_file():
                assert _errors(server.check(path)) == [], f"{path}: {server.diagnostics}"


@pytest.mark.parametrize("game, file, old, new, flagged", [
    ("dragon_pants", "game.yaml", "tagline:", "taglin:", "taglin"),
    ("dragon_pants", "game.yaml", "  hand_limit:", "  hand_limt:", "hand_limt"),
    ("dragon_pants", "print.yaml", "bleed_mm:", "bleed_mn:", "bleed_mn"),
    ("dragon_dance", "knight_cards.yaml", "    kind: attack", "    kind: atack", "atack"),
    ("dragon_line", "suits.yaml", "ability:", "abilty:", "abilty"),
])
def test_a_typo_in_each_kind_of_file_is_flagged_after_the_folder_moved(server, tmp_path, game, file, old, new, flagged):
    folder = tmp_path / "moved" / game
    shutil.copytree(ROOT / "data" / game, folder)
    write_game_schemas(load_game(folder))     # the folder's own .schemas/, as `dragon-pnp schema --game` makes
    moved = tmp_path / "elsewhere" / game
    moved.parent.mkdir()
    shutil.move(folder, moved)
    path = moved / file
    assert _errors(server.check(path)) == []
    text = path.read_text(encoding="utf-8")
    assert old in text
    edited = text.replace(old, new, 1)
    path.write_text(edited, encoding="utf-8")
    line = edited[:edited.index(new)].count("\n") + (1 if new.startswith("\n") else 0)
    diagnostics = [d for d in server.check(path) if d.get("severity", 1) == 1]
    assert any(d["range"]["start"]["line"] == line for d in diagnostics), (flagged, line, diagnostics)


def test_a_game_folders_own_schemas_are_current(tmp_path):
    """examples/goofspiel carries .schemas/ (its rules module's included); regenerated, they match."""
    copy = tmp_path / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", copy, ignore=shutil.ignore_patterns("__pycache__", ".schemas"))
    write_game_schemas(load_game(copy))
    shipped = {p.relative_to(ROOT / "examples" / "goofspiel" / ".schemas"): p.read_text()
               for p in (ROOT / "examples" / "goofspiel" / ".schemas").rglob("*.json")}
    fresh = {p.relative_to(copy / ".schemas"): p.read_text() for p in (copy / ".schemas").rglob("*.json")}
    assert shipped == fresh, "run: dragon-pnp schema --game examples/goofspiel"
