"""PO files for translators' tools (Poedit, Weblate): one message per key, `msgctxt` the key
(which card and field), `msgid` the source text, `msgstr` the translation.

A PO file carries exactly what the YAML file does (key, source, text), and the machine-unreviewed
flag as a header, so export then import gives the YAML file's bytes back."""

from __future__ import annotations

from pathlib import Path

import polib

from dragon_pnp.data.lang.files import Entry, Translation
from dragon_pnp.errors import DataError, Location

_UNREVIEWED = "X-Machine-Unreviewed"


def to_po(translation: Translation, wanted: dict[str, str]) -> polib.POFile:
    """The translation as a PO file; keys the game has but the file lacks come in untranslated,
    so a translator sees every text to do."""
    po = polib.POFile(wrapwidth=0)
    po.metadata = {"Project-Id-Version": translation.file.parent.parent.name, "Language": translation.code,
                   "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
                   "Content-Transfer-Encoding": "8bit",
                   _UNREVIEWED: "true" if translation.machine_unreviewed else "false"}
    keys = list(translation.entries) + [k for k in wanted if k not in translation.entries]
    for key in keys:
        entry = translation.entries.get(key) or Entry(wanted[key], "")
        po.append(polib.POEntry(msgctxt=key, msgid=entry.source, msgstr=entry.text))
    return po


def from_po(file: Path, code: str, target: Path) -> Translation:
    """A PO file read back as a translation into `code` to be written at `target`."""
    if not file.is_file():   # polib would read a missing file's name as PO text
        raise DataError(Location(file), "no such PO file")
    try:
        po = polib.pofile(str(file), wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise DataError(Location(file), f"not a readable PO file: {exc}") from None
    language = po.metadata.get("Language")
    if language and language != code:
        raise DataError(Location(file), f"the file is in {language!r}, not {code!r}")
    entries: dict[str, Entry] = {}
    for item in po:
        if item.obsolete:
            continue
        if not item.msgctxt:
            raise DataError(Location(file, item.linenum), f"message {item.msgid[:40]!r} has no msgctxt naming its key")
        entries[item.msgctxt] = Entry(item.msgid, item.msgstr)
    flag = po.metadata.get(_UNREVIEWED, "false") == "true"
    return Translation(code, target, entries, flag)
