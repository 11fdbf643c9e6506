"""The one-paragraph summary at the top of a diff report, in plain words, from the report alone."""

from __future__ import annotations

from typing import Any

MOST_NAMED = 4


def summary(report: dict[str, Any]) -> str:
    sentences = [_data_sentence(report["data"])]
    if report.get("rulebook"):
        count = len(report["rulebook"])
        sentences.append(f"{_count(count, 'rulebook paragraph')} changed.")
    if report.get("extras"):
        sentences.append(f"{_count(len(report['extras']), 'exact figure')} of the game's own maths moved.")
    pages = report.get("pages")
    if pages is not None:
        if pages["changed_pages"]:
            documents = ", ".join(f"{d['document']} ({_count(len(d['changed']), 'page')})" for d in pages["changed"])
            sentences.append(f"{_count(pages['changed_pages'], 'printed page')} changed: {documents}.")
        else:
            sentences.append("No printed page changed.")
    balance = report.get("balance")
    if balance is not None:
        sentences.append(_balance_sentence(balance))
    return " ".join(s for s in sentences if s)


def _data_sentence(data: list[dict[str, Any]]) -> str:
    if not data:
        return "No data changed."
    named = [_change_words(c) for c in data[:MOST_NAMED]]
    more = len(data) - len(named)
    tail = f", and {_count(more, 'other change')}" if more else ""
    return f"{_count(len(data), 'data change')}: " + "; ".join(named) + tail + "."


def _change_words(change: dict[str, Any]) -> str:
    where = change["item"] + (f" {change['field']}" if change["field"] else "")
    if change["kind"] == "added":
        return f"{where} added"
    if change["kind"] == "removed":
        return f"{where} removed"
    if change["old"] is None and change["new"] is None:
        return f"{where} changed"
    return f"{where} from {_short(change['old'])} to {_short(change['new'])}"


def _balance_sentence(balance: dict[str, Any]) -> str:
    parts = []
    for finding in balance["appeared"]:
        parts.append(f"new finding: {finding['text'].rstrip('.')}")
    for finding in balance["disappeared"]:
        parts.append(f"gone: {finding['text'].rstrip('.')}")
    moved = sorted((f for f in balance["figures"] if f["beyond_chance"]),
                   key=lambda f: -abs(f["difference"]) / max(1e-9, (f["high"] - f["low"]) / 2))
    for figure in moved[:MOST_NAMED]:
        parts.append(f"{figure['figure']} ({figure['config']}) from {_figure(figure, 'old')} to {_figure(figure, 'new')} "
                     "(beyond chance)")
    played = (f"Of {balance['games_paired']} games played from the same seeds, "
              f"{balance['games_differing']} ended differently")
    if not moved:
        return played + "; every balance figure moved within chance" + (
            ": " + "; ".join(parts) + "." if parts else ".")
    extra = len(moved) - min(len(moved), MOST_NAMED)
    return played + ": " + "; ".join(parts) + (f"; {extra} more figures beyond chance." if extra else ".")


def _figure(figure: dict[str, Any], side: str) -> str:
    value = figure[side]
    return f"{100 * value:.0f} %" if figure["unit"] == "share" else f"{value:.1f}"


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
