"""Translations as data: `lang/<code>.yaml` in a game folder, the catalogue of what a player reads
(keyed by where each text comes from), the translated view of a loaded game, the check of a
translation file (missing, stale, unknown keys) and PO files for translators' tools.

The rules engine never sees a language: only texts change, never ids, counts or numbers."""
