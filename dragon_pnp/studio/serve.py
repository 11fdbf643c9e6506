"""Run the studio: bind the socket, start the session, serve with uvicorn until interrupted.

The socket is bound before anything else so port 0 (any free port) can be reported, and the
render workers are forked before the server or the session starts a thread.
"""

from __future__ import annotations

import errno
import ipaddress
import signal
import socket
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType

import uvicorn

from dragon_pnp.errors import DragonPnpError
from dragon_pnp.studio import build_adapter as adapter
from dragon_pnp.studio.hosts import HostPolicy
from dragon_pnp.studio.server import create_app
from dragon_pnp.studio.session import StudioSession

DEFAULT_HOST = "127.0.0.1"


class ServeError(DragonPnpError):
    """The studio cannot listen where asked, e.g. the port is taken (exit 2)."""

    exit_code = 2


@dataclass(frozen=True)
class Listening:
    socket: socket.socket
    url: str


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach `host` (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen(host: str, port: int, fall_back: bool) -> Listening:
    """A listening socket on host:port; if the port is taken and `fall_back`, any free port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for candidate in ([port, 0] if fall_back and port != 0 else [port]):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host.strip("[]"), candidate))
        except OSError as error:
            sock.close()
            if error.errno == errno.EADDRINUSE and candidate != 0 and fall_back:
                continue
            if error.errno == errno.EADDRINUSE:
                raise ServeError(f"--port {port}: the port is in use; choose another, or --port 0 for any free one") from None
            raise ServeError(f"--host {host} --port {port}: cannot listen there ({error.strerror})") from None
        sock.listen(128)
        sock.set_inheritable(True)
        bound = sock.getsockname()[1]
        shown = f"[{host.strip('[]')}]" if family == socket.AF_INET6 else host
        return Listening(sock, f"http://{shown}:{bound}/")
    raise ServeError(f"--port {port}: no free port")  # unreachable: port 0 always binds


class _Server(uvicorn.Server):
    """uvicorn, ending the pages' event streams first when asked to stop (else it waits on them)."""

    def __init__(self, config: uvicorn.Config, on_exit: Callable[[], None]):
        super().__init__(config)
        self._on_exit = on_exit

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self._on_exit()
        super().handle_exit(sig, frame)


class Stopped(Exception):
    """SIGTERM arrived: unwind like Ctrl-C, so the render workers and the rules check are stopped too."""


def _stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Stopped()


def serve(session: StudioSession, listening: Listening, host: str | None,
          on_ready: Callable[[], None] = lambda: None) -> None:
    """Start the session and serve until Ctrl-C or SIGTERM; stops everything it started on the way out.

    uvicorn handles both signals while it serves and then raises the signal again; with the
    default SIGTERM action that would end the process before the forked render workers are
    told to stop, leaving them behind, so SIGTERM unwinds through `finally` here instead.
    """
    serving: list[_Server] = []

    def on_hangup(signum: int, frame: FrameType | None) -> None:
        """A closed terminal: stop as Ctrl-C does (gracefully once serving), never mid-cleanup."""
        if serving and serving[0].started:
            serving[0].handle_exit(signum, frame)
        else:
            raise Stopped()

    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    previous_hangup = signal.signal(signal.SIGHUP, on_hangup)
    adapter.start_render_workers()
    try:
        session.start()
        app = create_app(session, HostPolicy.listening_on(host, listening.socket.getsockname()[1]))
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=2)
        server = _Server(config, session.hub.close)
        serving.append(server)
        on_ready()
        server.run(sockets=[listening.socket])
    except Stopped:
        pass
    finally:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)   # the cleanup below runs to its end
        session.stop()
        adapter.stop_render_workers()
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGHUP, previous_hangup)
