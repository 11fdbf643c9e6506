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
    """What the paired games showed, what could not be compared, and what the games could have seen."""
    parts = [f"new finding: {f['text'].rstrip('.')}" for f in balance["appeared"]]
    parts += [f"gone: {f['text'].rstrip('.')}" for f in balance["disappeared"]]
    missing = balance.get("not_compared", [])
    crashes = _crash_sentence(balance.get("crashed", {}))
    if not balance["games_paired"]:
        return " ".join(s for s in ["Balance was not compared: no games were paired"
                                    + (" (" + "; ".join(missing) + ")" if missing else "") + ".", crashes] if s)
    method = balance["method"]
    certain = [f for f in balance["figures"] if f["certain"]]
    moved = sorted((f for f in balance["figures"] if f["beyond_chance"] and not f["certain"]),
                   key=lambda f: (f["adjusted_p"], -abs(f["difference"])))
    for figure in certain[:MOST_NAMED]:
        parts.append(f"{_name(figure)} ({figure['config']}) from {_figure(figure, 'old')} to {_figure(figure, 'new')} "
                     f"(certain: {_change(figure)} in every game)")
    for figure in moved[:max(0, MOST_NAMED - len(certain))]:
        parts.append(f"{_name(figure)} ({figure['config']}) from {_figure(figure, 'old')} to {_figure(figure, 'new')} "
                     f"(beyond chance, adjusted p {figure['adjusted_p']:.2g})")
    played = (f"Of {balance['games_paired']} games played from the same seeds, "
              f"{balance['games_differing']} ended differently")
    tested = method["tested"]
    correction = (f"{method['correction']} correction over {_count(tested, 'figure')} tested, "
                  f"{100 * method.get('family_alpha', method['alpha']):.0f} % family-wise")
    if not moved and not certain:
        if tested:
            sentence = (played + f"; no balance figure moved beyond chance ({correction}; "
                        f"{_could_see(balance)}).")
        else:
            sentence = played + "; no balance figure moved: every figure is the same in both versions."
        if parts:   # each version's findings are judged on its own games: near a threshold they flicker
            sentence += (f" The rules check's findings read differently ({len(balance['appeared'])} new, "
                         f"{len(balance['disappeared'])} gone, listed under Balance), which chance alone can do "
                         "where nothing moved beyond it.")
    else:
        named = min(len(certain), MOST_NAMED) + min(len(moved), max(0, MOST_NAMED - len(certain)))
        extra = len(certain) + len(moved) - named
        sentence = (played + ": " + "; ".join(parts) + (f"; {_count(extra, 'more figure')} moved" if extra else "")
                    + f" ({correction}).")
    tail = []
    sequential = method.get("sequential")
    if sequential and len(sequential["planned"]) > 1:
        tail.append(f"Played in looks of {', '.join(map(str, sequential['planned']))} games per configuration "
                    f"(each judged at {100 * method['alpha']:.2g} %, the 5 % split over them); stopped at "
                    f"{sequential['played']}: "
                    f"{sequential['stopped']}.")
    if missing:
        tail.append("Not compared: " + "; ".join(missing) + ".")
    if crashes:
        tail.append(crashes)
    return " ".join([sentence, *tail])


def _could_see(balance: dict[str, Any]) -> str:
    """The size of change in a win share these games would have caught (80 % power)."""
    wins = [f["detectable"] for f in balance["figures"]
            if f["unit"] == "share" and f["detectable"] and "wins" in f["names"][0]]
    power = f"{100 * balance['method']['power']:.0f} %"
    if not wins:
        return f"changes smaller than each figure's detectable size, at {power} power, could go unseen"
    if max(wins) >= 1:
        return f"too few games for any change in a win share to be seen at {power} power"
    return f"a win share would have had to move about {100 * max(wins):.0f} points to be seen at {power} power"


def _crash_sentence(crashed: dict[str, Any]) -> str:
    words = []
    for side in ("old", "new"):
        found = crashed.get(side) or {}
        if found.get("games"):
            first = found["first"]
            words.append(f"{_count(found['games'], 'game')} of the {side} version stopped with an engine error "
                         f"(first: seed {first['seed']} of {first['config']}: {first['message']}) and count in no figure")
    return "; ".join(words) + "." if words else ""


def _name(figure: dict[str, Any]) -> str:
    names: list[str] = figure["names"]
    return names[0] + (f" (also {', '.join(names[1:])})" if len(names) > 1 else "")


def _change(figure: dict[str, Any]) -> str:
    d = figure["difference"]
    return f"{100 * d:+.0f} points" if figure["unit"] == "share" else f"{d:+.1f}"


def _figure(figure: dict[str, Any], side: str) -> str:
    value = figure[side]
    return f"{100 * value:.0f} %" if figure["unit"] == "share" else f"{value:.1f}"


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")
