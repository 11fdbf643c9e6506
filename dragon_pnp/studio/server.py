"""The studio's web server (Starlette): the page, its images, its event stream, its few actions.

Files are served only from the build's output folder and the studio's own static folder (see
safe_paths); preview images come from memory by content address. Changes are pushed as
server-sent events: one-way pushes are all the preview needs, they pass through anything
that speaks HTTP, and the browser reconnects by itself. Requests that change something must
carry the `X-Studio` header, which a page from another site cannot send without asking
first, and only requests addressed to the studio by a name it listens on, from no other
site's page, are answered (`hosts.py`), so a web page cannot read or drive the studio through
DNS rebinding either.

Bad input is answered with a 4xx and a message, never a 500: every action body passes one
guard (`request_values.py`: lone surrogates, overlong text, huge numbers, deep nesting), and
every JSON answer is written in ASCII, so no text can make an answer unwritable.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response, StreamingResponse
from starlette.routing import Route

from dragon_pnp.errors import DataError, NotationError
from dragon_pnp.studio import build_adapter as adapter
from dragon_pnp.studio.hosts import HostPolicy, LocalOnly
from dragon_pnp.studio.playtest import PlaytestError
from dragon_pnp.studio.request_values import MAX_BODY_BYTES, refused_value, revision_problem
from dragon_pnp.studio.request_values import AsciiJSONResponse as JSONResponse
from dragon_pnp.studio.safe_paths import file_inside, plain_relative
from dragon_pnp.studio.session import StudioSession
from dragon_pnp.studio.tune import request_problem

STATIC = Path(__file__).resolve().parent / "static"
PAPERS = ("letter", "a4")


def create_app(session: StudioSession, hosts: HostPolicy) -> Starlette:
    """The ASGI app for one session, answering only requests that `hosts` allows."""

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def static(request: Request) -> Response:
        return _file(STATIC, request.path_params["path"], cache="no-cache")

    async def output(request: Request) -> Response:
        if session.out_dir is None:
            return _refused(404)
        return _file(session.out_dir, request.path_params["path"], cache="no-store")

    async def image(request: Request) -> Response:
        found = session.images.get(request.path_params["digest"])
        if found is None:
            return _refused(404)
        data, media_type = found
        return Response(data, media_type=media_type, headers={"Cache-Control": "public, max-age=31536000, immutable"})

    async def state(request: Request) -> Response:
        return JSONResponse({"preview": session.state(), "balance": session.balance.state(),
                             "tune": session.tune.state()},
                            headers={"Cache-Control": "no-store"})

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"
            async for event, text in session.hub.subscribe():
                if event == "ping":
                    yield ": ping\n\n"
                else:
                    yield f"event: {event}\ndata: {text}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def settings(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        paper, duplex, language = body.get("paper"), body.get("duplex"), body.get("language")
        if paper is not None and paper not in PAPERS:
            return JSONResponse({"error": f"paper: expected one of {', '.join(PAPERS)}"}, status_code=400)
        if duplex is not None and not isinstance(duplex, bool):
            return JSONResponse({"error": "duplex: expected true or false"}, status_code=400)
        if language is not None and (not isinstance(language, str)
                                     or language not in ["", *adapter.languages(session.game_dir)]):
            return JSONResponse({"error": "language: expected \"\" (the game's own) or one of the game's lang/ files: "
                                          + ", ".join(adapter.languages(session.game_dir))}, status_code=400)
        session.change_settings(paper, duplex, language)
        return JSONResponse({"ok": True})

    async def balance(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        started = session.balance.start()
        return JSONResponse({"ok": started, "balance": session.balance.state()})

    async def tune(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        problem = request_problem(body)
        if problem:
            return JSONResponse({"error": problem}, status_code=400)
        started = session.tune.start(body["targets"], body.get("vary", []), float(body.get("budget", 120)))
        return JSONResponse({"ok": started, "tune": session.tune.state()})

    async def tune_apply(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        number = body.get("proposal")
        if isinstance(number, bool) or not isinstance(number, int):
            return JSONResponse({"error": "proposal: expected a number"}, status_code=400)
        try:
            written = await _in_thread(session.tune.apply, number)
        except NotationError as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        return JSONResponse({"ok": True, "written": written, "tune": session.tune.state()})

    async def since_state(request: Request) -> Response:
        return JSONResponse(session.since.state(), headers={"Cache-Control": "no-store"})

    async def since_start(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        against = body.get("against")
        if not isinstance(against, str) or not against.strip() or against.startswith("-"):
            return JSONResponse({"error": "against: expected a git revision or \"snapshot\""}, status_code=400)
        problem = revision_problem(against.strip())
        if problem:
            return JSONResponse({"error": f"against: {problem}"}, status_code=400)
        started = session.since.start(against.strip())
        return JSONResponse({"ok": started, "since": session.since.state()})

    async def since_snapshot(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        try:
            await _in_thread(session.since.save_snapshot)
        except DataError as exc:
            return JSONResponse({"error": f"snapshot not saved: {exc}"}, status_code=422)
        return JSONResponse({"ok": True, "since": session.since.state()})

    async def since_report(request: Request) -> Response:
        html = session.since.html()
        if not html:
            return _refused(404)
        return Response(html, media_type="text/html", headers={"Cache-Control": "no-store"})

    async def play_state(request: Request) -> Response:
        return JSONResponse(await _in_thread(session.playtest.state), headers={"Cache-Control": "no-store"})

    async def play_new(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        players, setup, controllers = body.get("players"), body.get("setup"), body.get("controllers")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            return JSONResponse({"error": "players: expected a whole number"}, status_code=400)
        if setup is not None and not isinstance(setup, str):
            return JSONResponse({"error": "setup: expected a setup's name"}, status_code=400)
        if controllers is not None and not (isinstance(controllers, list) and all(isinstance(c, str) for c in controllers)):
            return JSONResponse({"error": "controllers: expected a list of player names"}, status_code=400)
        return await _play(session.playtest.new_game, body.get("seed", 1), players, setup, controllers)

    async def play_act(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        action = body.get("action")
        if not isinstance(action, str):
            return JSONResponse({"error": "action: expected an action in notation"}, status_code=400)
        return await _play(session.playtest.act, action)

    async def play_undo(request: Request) -> Response:
        body = await _action_body(request)
        if isinstance(body, Response):
            return body
        return await _play(session.playtest.undo)

    async def play_position(request: Request) -> Response:
        try:
            text = await _in_thread(session.playtest.position_yaml)
        except PlaytestError as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        name = f"{session.game_dir.name}-position.yaml"
        return Response(text, media_type="application/x-yaml",
                        headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})

    routes = [
        Route("/", index),
        Route("/static/{path:path}", static),
        Route("/output/{path:path}", output),
        Route("/image/{digest}", image),
        Route("/api/state", state),
        Route("/api/events", events),
        Route("/api/settings", settings, methods=["POST"]),
        Route("/api/balance", balance, methods=["POST"]),
        Route("/api/tune", tune, methods=["POST"]),
        Route("/api/tune/apply", tune_apply, methods=["POST"]),
        Route("/api/since", since_state),
        Route("/api/since/compare", since_start, methods=["POST"]),
        Route("/api/since/snapshot", since_snapshot, methods=["POST"]),
        Route("/since/report.html", since_report),
        Route("/api/play", play_state),
        Route("/api/play/new", play_new, methods=["POST"]),
        Route("/api/play/act", play_act, methods=["POST"]),
        Route("/api/play/undo", play_undo, methods=["POST"]),
        Route("/api/play/position.yaml", play_position),
    ]
    return Starlette(routes=routes, middleware=[Middleware(LocalOnly, policy=hosts)])


async def _in_thread(function: Callable[..., Any], *args: Any) -> Any:
    """Engine work (policies may think a while) off the server's event loop."""
    return await run_in_threadpool(function, *args)


async def _play(function: Callable[..., Any], *args: Any) -> Response:
    """A playtest action: the new position, or the reason it was refused (shown on the page)."""
    try:
        return JSONResponse(await _in_thread(function, *args), headers={"Cache-Control": "no-store"})
    except PlaytestError as exc:
        return JSONResponse({"error": str(exc)}, status_code=409)


def _file(root: Path, requested: str, cache: str) -> Response:
    if not plain_relative(requested):
        return _refused(403)
    path = file_inside(root, requested)
    if path is None:
        return _refused(404)
    return FileResponse(path, headers={"Cache-Control": cache})


def _refused(status: int) -> Response:
    return Response("not found\n" if status == 404 else "refused\n", status_code=status, media_type="text/plain")


async def _action_body(request: Request) -> dict[str, Any] | Response:
    """The JSON body of a request that changes something, or the response refusing it."""
    if request.headers.get("x-studio") != "1":
        return Response("refused: this request must come from the studio page\n", status_code=403,
                        media_type="text/plain")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY_BYTES:
            return JSONResponse({"error": f"the request body is larger than {MAX_BODY_BYTES:,} bytes"}, status_code=413)
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        return JSONResponse({"error": "expected a JSON object"}, status_code=400)
    if not isinstance(body, dict):
        return JSONResponse({"error": "expected a JSON object"}, status_code=400)
    problem = refused_value(body)
    if problem:
        return JSONResponse({"error": problem}, status_code=400)
    return body
