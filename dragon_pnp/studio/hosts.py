"""Which requests the studio answers: those addressed to it by a name it listens on, from its own page.

A web page the designer has open elsewhere can point its own host name at 127.0.0.1 (DNS
rebinding) and then read whatever the studio serves, as far as the browser is concerned
from the page's own site. The browser still sends that site's name in the `Host` header, so
the studio answers only requests naming it as it is really reached: 127.0.0.1, localhost,
[::1] or the name given to `--host`, each with the port it listens on (an address bound to
every interface, 0.0.0.0 or ::, also takes any IP address, which no rebinding can forge: it
needs a name). A request carrying an `Origin` that is not one of those addresses (another
site's script) is refused too, whatever it asks for.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::", "")

Scope = dict[str, Any]
ASGIApp = Callable[[Scope, Callable[..., Any], Callable[..., Any]], Awaitable[None]]


@dataclass(frozen=True)
class HostPolicy:
    """The host names (lower case, IPv6 without brackets) and the port the studio answers to."""

    names: frozenset[str]
    port: int
    any_address: bool = False

    @classmethod
    def listening_on(cls, host: str | None, port: int) -> HostPolicy:
        names = set(LOCAL_NAMES)
        bound = (host or "").strip().strip("[]").lower()
        wildcard = host is not None and bound in WILDCARDS
        if bound and not wildcard:
            names.add(bound)
        if wildcard:  # the machine's own names too: other machines reach it by them
            for name in (socket.gethostname(), socket.getfqdn()):
                if name:
                    names.add(name.lower())
        return cls(frozenset(names), port, wildcard)

    def allows_authority(self, authority: str) -> bool:
        """Whether `host[:port]` (a Host header or an origin's netloc) names this studio."""
        name, port = _split_authority(authority)
        if name is None:
            return False
        if port is None:
            port = 80
        if port != self.port:
            return False
        if name in self.names:
            return True
        return self.any_address and _is_ip(name)

    def allows_origin(self, origin: str) -> bool:
        parts = urlsplit(origin)
        if parts.scheme != "http" or not parts.netloc or parts.path not in ("", "/"):
            return False
        return self.allows_authority(parts.netloc)


def _split_authority(authority: str) -> tuple[str | None, int | None]:
    text = authority.strip().lower()
    if not text or any(c in text for c in "/@\\ \t?#"):
        return None, None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None, None
        name, rest = text[1:end], text[end + 1:]
        if rest and not rest.startswith(":"):
            return None, None
        port_text = rest[1:] if rest else None
    elif text.count(":") == 1:
        name, port_text = text.split(":")
    elif ":" in text:
        return None, None  # a bare IPv6 address must be bracketed in a Host header
    else:
        name, port_text = text, None
    if not name:
        return None, None
    if port_text is None:
        return name, None
    if not port_text.isdigit() or len(port_text) > 5:
        return None, None
    return name, int(port_text)


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class LocalOnly:
    """ASGI middleware: 400 for a request naming another host, 403 for another site's `Origin`."""

    def __init__(self, app: ASGIApp, policy: HostPolicy):
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Callable[..., Any], send: Callable[..., Any]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {}
        for key, value in scope.get("headers", []):
            name = key.decode("latin-1").lower()
            if name in ("host", "origin"):
                if name in headers:  # two of either: nothing to trust
                    await _refuse(send, 400, "refused: repeated header\n")
                    return
                headers[name] = value.decode("latin-1")
        if not self.policy.allows_authority(headers.get("host", "")):
            await _refuse(send, 400, "refused: this studio answers only to the address it listens on\n")
            return
        origin = headers.get("origin")
        if origin is not None and not self.policy.allows_origin(origin):
            await _refuse(send, 403, "refused: a request from another site\n")
            return
        await self.app(scope, receive, send)


async def _refuse(send: Callable[..., Any], status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
