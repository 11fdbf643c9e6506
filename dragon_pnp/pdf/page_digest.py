"""A digest of what each page of a PDF draws, so only pages that changed are rasterised again.

A page is drawn from its own dictionary (less /Parent), its inherited attributes and every
object it reaches from there: content streams, fonts with their embedded subsets, images,
forms. Two pages with equal digests render alike. References to other pages (links in the
rulebook's contents) are not followed, so an edit on one page does not touch the others'
digests; an edit that changes a shared font subset does, as it must.
"""

from __future__ import annotations

import hashlib

from dragon_pnp.pdf import parse
from dragon_pnp.pdf.syntax import references, set_keys, split_stream


def page_digests(pdf: bytes) -> list[str]:
    """One hex digest per page, in reading order."""
    objects = parse(pdf)
    tree = objects.page_tree()
    pages = set(tree.pages)
    digests = []
    for page in tree.pages:
        digest = hashlib.sha256()
        inherited = tree.inherited.get(page, {})
        for key in sorted(inherited):
            digest.update(key + b"=" + inherited[key] + b"\n")
        pending = [page] + [n for value in inherited.values() for n in references(value)]
        seen: set[int] = set()
        while pending:
            number = pending.pop()
            if number in seen or number not in objects.bodies:
                continue
            seen.add(number)
            body = objects.bodies[number]
            if number == page:
                body = set_keys(body, {b"/Parent": None})
            digest.update(f"{number} {len(body)}\n".encode())
            digest.update(body)
            value, _ = split_stream(body)
            pending.extend(n for n in references(value) if n not in pages)
        digests.append(digest.hexdigest())
    return digests
