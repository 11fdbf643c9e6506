"""Every studio endpoint answers bad input with a 4xx and a message, never a 500.

Issue 32: a lone surrogate as a Dragon Dance action (`POST /api/play/act {"action": "\\ud800"}`)
and as a Since `against` answered 500, and after the latter every `GET /api/since` answered 500
until restart; an `against` of 5,000 characters showed a raw `OSError: [Errno 36]`. Here every
action endpoint gets the same battery of hostile bodies, and the read endpoints are polled after.
The bodies are refused before any game sees them, so a small game with rules (Goofspiel) stands
in for Dance; the few plausible bodies that are accepted start a balance check of 2 games.

Each endpoint gets every hostile kind of value in each field it reads (`READ_FIELDS`; one field
for those that read none) and the whole-body cases, each followed by every read. A field an
endpoint does not read takes the same one path as any other (`_action_body`'s guard, before the
endpoint sees the body), so the other 558 of the 684 (endpoint, body) pairs it once sent, ~2,800
requests, proved nothing more.
"""

from __future__ import annotations

import json

import pytest

from tests.studio.conftest import SMALL, launch, ready

ACTIONS = ["/api/settings", "/api/balance", "/api/since/compare", "/api/since/snapshot",
           "/api/play/new", "/api/play/act", "/api/play/undo", "/api/tune", "/api/tune/apply"]
FIELDS = ["action", "against", "setup", "paper", "controllers", "seed", "players", "duplex", "targets", "vary",
          "budget", "proposal"]
READS = ["/api/state", "/api/since", "/api/play", "/"]
# The fields of FIELDS each endpoint reads (dragon_pnp/studio/server.py); "action" stands in for
# the endpoints that read no field.
READ_FIELDS = {"/api/settings": ["paper", "duplex"], "/api/balance": ["action"],
               "/api/since/compare": ["against"], "/api/since/snapshot": ["action"],
               "/api/play/new": ["setup", "controllers", "seed", "players"], "/api/play/act": ["action"],
               "/api/play/undo": ["action"], "/api/tune": ["targets", "vary", "budget"],
               "/api/tune/apply": ["proposal"]}


def hostile_bodies(fields: list[str] = FIELDS) -> list[tuple[str, bytes]]:
    bodies = []
    for field in fields:
        bodies.append((f"{field}: lone surrogate", f'{{"{field}": "\\ud800"}}'.encode()))
        bodies.append((f"{field}: surrogate in a list", f'{{"{field}": ["human", "\\udfff"]}}'.encode()))
        bodies.append((f"{field}: 5,000 characters", json.dumps({field: "a" * 5000}).encode()))
        bodies.append((f"{field}: a 400-digit number", f'{{"{field}": {"9" * 400}}}'.encode()))
        bodies.append((f"{field}: 1e308", f'{{"{field}": 1e308}}'.encode()))
        bodies.append((f"{field}: nested", f'{{"{field}": {"[" * 50000}{"]" * 50000}}}'.encode()))
    bodies += [("a surrogate as a field name", b'{"\\ud800": 1}'),
               ("not UTF-8", b'{"action": "\xff\xfe"}'),
               ("a list, not an object", b"[1, 2]"),
               ("two megabytes", json.dumps({"action": "a" * 2_000_000}).encode())]
    return bodies


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """A studio of a small game with rules."""
    studio = launch(tmp_path_factory.mktemp("bad-requests"), "--check-games", "2", game_name=SMALL)
    try:
        studio.wait_for(ready)
        yield studio
    finally:
        studio.stop()


def post(studio, path: str, body: bytes) -> tuple[int, bytes]:
    return studio.request(path, "POST", {"X-Studio": "1", "Content-Type": "application/json"}, body)


def test_the_reported_cases(studio) -> None:
    status, _ = post(studio, "/api/play/new", b"{}")
    assert status == 200
    status, body = post(studio, "/api/play/act", b'{"action": "\\ud800"}')
    assert status == 400 and b"surrogate" in body, (status, body)
    status, body = post(studio, "/api/since/compare", b'{"against": "\\ud800"}')
    assert status == 400 and b"surrogate" in body, (status, body)
    assert studio.request("/api/since")[0] == 200
    status, body = post(studio, "/api/since/compare", json.dumps({"against": "x" * 5000}).encode())
    assert status == 400 and b"Errno" not in body and b"5,000 characters" in body, (status, body)
    assert studio.request("/api/since")[0] == 200


def test_every_endpoint_answers_hostile_bodies_with_a_4xx_and_a_message(studio) -> None:
    assert post(studio, "/api/play/new", b"{}")[0] == 200
    wrong = []
    assert sorted(READ_FIELDS) == sorted(ACTIONS) and {f for fs in READ_FIELDS.values() for f in fs} == set(FIELDS)
    for path in ACTIONS:
        for name, body in hostile_bodies(READ_FIELDS[path]):
            status, answer = post(studio, path, body)
            if not 400 <= status < 500 or not json.loads(answer).get("error"):
                wrong.append(f"{path} {name}: {status} {answer[:120]!r}")
            for read in READS:
                if studio.request(read)[0] != 200:
                    wrong.append(f"GET {read} after {path} {name}")
    assert not wrong, "\n".join(wrong[:20])


PLAUSIBLE_BUT_WRONG = [{"players": 1000}, {"players": 0}, {"players": -5}, {"seed": -1}, {"seed": 2.5},
                       {"setup": "nope"}, {"controllers": ["nobody"]}, {"controllers": ["human"] * 9},
                       {"action": ""}, {"action": "zzz"}, {"action": "1" * 900}, {"paper": "a5"},
                       {"duplex": "yes"}, {"against": "-x"}, {"against": "a b"}, {"against": "HEAD~999999"}]


def test_plausible_but_wrong_values_are_never_a_500(studio) -> None:
    assert post(studio, "/api/play/new", b"{}")[0] == 200
    wrong = []
    for path in ACTIONS:
        for body in PLAUSIBLE_BUT_WRONG:
            status, answer = post(studio, path, json.dumps(body).encode())
            if status >= 500 or (status >= 400 and not json.loads(answer).get("error")):
                wrong.append(f"{path} {body}: {status} {answer[:120]!r}")
    assert not wrong, "\n".join(wrong[:20])


HOSTILE_PATHS = ["/output/%ED%A0%80", "/output/%ff%fe", "/static/%ED%A0%80.js", "/image/%ED%A0%80",
                 "/output/" + "a" * 5000, "/output/" + "a/" * 2000, "/output/%00", "/image/" + "0" * 5000,
                 "/api/since?against=%ED%A0%80", "/since/report.html?x=%ff"]


def test_read_endpoints_answer_hostile_paths_without_a_500(studio) -> None:
    wrong = [f"{path[:60]}: {status}" for path in HOSTILE_PATHS if (status := studio.request(path)[0]) >= 500]
    assert not wrong, wrong
