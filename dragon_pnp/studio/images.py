"""Where the studio keeps the images it serves: in memory, addressed by content.

An image's address is a digest of its bytes, so the browser may cache it for ever and a
page whose image address changed is a page that looks different. Old images are dropped
least recently used first once the store passes its size limit.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict

DIGEST = re.compile(r"^[0-9a-f]{32}$")
MEDIA_TYPES = {"jpeg": "image/jpeg", "png": "image/png"}


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


class ImageStore:
    """Images by digest, at most `limit` bytes in all (the newest are always kept)."""

    def __init__(self, limit: int = 256 * 1024 * 1024):
        self.limit = limit
        self._images: OrderedDict[str, tuple[bytes, str]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def add(self, data: bytes, kind: str) -> str:
        """Keep an image ("jpeg" or "png") and return its address."""
        digest = digest_of(data)
        with self._lock:
            if digest in self._images:
                self._images.move_to_end(digest)
                return digest
            self._images[digest] = (data, MEDIA_TYPES[kind])
            self._size += len(data)
            while self._size > self.limit and len(self._images) > 1:
                _, (old, _) = self._images.popitem(last=False)
                self._size -= len(old)
        return digest

    def get(self, digest: str) -> tuple[bytes, str] | None:
        """The image's bytes and media type, or None for an unknown (or malformed) address."""
        if not DIGEST.match(digest):
            return None
        with self._lock:
            found = self._images.get(digest)
            if found is not None:
                self._images.move_to_end(digest)
            return found

    def __contains__(self, digest: str) -> bool:
        with self._lock:
            return digest in self._images
