"""Benchmark: the skill ladder of every game with rules, written into docs/rules-check.md.

    .venv/bin/python bench/bench_ladder.py [--smoke] [--games N] [--search NAME] [--jobs J]
                                           [--only GAME] [--label before|after] [--write]

Every pairing of a game's policies (random, its own players, the search player) plays a duel on
mirrored deals (`dragon_pnp.report.duel.play_duel`: each deal once with each policy in each
seat), and the table gives A's share (a draw 1/2), its 95 % interval, W-L-D, whether it is
beyond chance after Holm's correction over the game's pairings, and the mean milliseconds per
decision of each side (wall time in the worker, so a loaded machine shows slower). Games:
dragon_pants (2 players), dragon_dance, dragon_line, examples/goofspiel, examples/lost_cities.

--search names the search player (default `search:0.1s`: the time budget a decision may take by
the issue's target). --write puts the table between the `ladder-<label>` markers of
docs/rules-check.md; each game's pairings are also kept in bench/results/ladder-<label>-<game>.json
as they finish, so a long run that is stopped keeps what it measured. --smoke plays 2 games per
pairing with a tiny search, for one game, and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.data import load_game  # noqa: E402
from dragon_pnp.report.duel import play_duel  # noqa: E402
from dragon_pnp.report.ladder import judge, ladder_policies  # noqa: E402

GAMES = ("dragon_pants", "dragon_dance", "dragon_line", "examples/goofspiel", "examples/lost_cities")
DOC = ROOT / "docs" / "rules-check.md"
RESULTS = ROOT / "bench" / "results"


def measure(game_name: str, games: int, search: str, jobs: int | None, seed: int) -> dict:
    """Every pairing of one game, judged as the check's ladder judges them."""
    game = load_game(ROOT / game_name if "/" in game_name else game_name)
    policies = ladder_policies(game.module, search)
    started = time.perf_counter()
    results = []
    for i, a in enumerate(policies):
        for b in policies[i + 1:]:
            duel = play_duel(game, a, b, games, seed, 2, jobs=jobs)
            results.append(duel)
            print(f"  {game.slug}: {a} v {b}: {100 * duel.share:.0f} % "
                  f"({100 * duel.ci[0]:.0f}-{100 * duel.ci[1]:.0f}), {duel.wins}-{duel.losses}-{duel.draws}, "
                  f"ms/decision {', '.join(f'{k} {v:.1f}' for k, v in duel.ms_per_decision.items())}", flush=True)
    ladder = judge(results, policies, results[0].games if results else 0, 2, seed)
    return {"game": game.slug, "name": game.game.name, "seconds": time.perf_counter() - started,
            "search": search, "load_average": os.getloadavg()[0], "ladder": ladder.to_json(timed=True)}


def table(measured: list[dict]) -> str:
    """The markdown table of every game's pairings, then each game's verdict."""
    lines = ["| game | A | B | games | A's share | 95 % CI | W-L-D | beyond chance (Holm) | ms/decision A | ms/decision B |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    verdicts = []
    for found in measured:
        ladder = found["ladder"]
        for p in ladder["pairings"]:
            ms = p["ms_per_decision"]
            lines.append(f"| {found['name']} | {p['a']} | {p['b']} | {p['games']} | {100 * p['share']:.0f} % | "
                         f"{100 * p['ci'][0]:.0f}-{100 * p['ci'][1]:.0f} % | {p['wins']}-{p['losses']}-{p['draws']} | "
                         f"{'yes' if p['beyond_chance'] else 'no'} | {ms.get(p['a'], 0.0):.1f} | "
                         f"{ms.get(p['b'], 0.0):.1f} |")
        verdicts.append(f"- {found['name']}: {ladder['verdict']}")
    return "\n".join(lines + [""] + verdicts)


def write_between_markers(text: str, label: str, note: str) -> None:
    start, end = f"<!-- ladder-{label}:start -->", f"<!-- ladder-{label}:end -->"
    doc = DOC.read_text(encoding="utf-8")
    if start not in doc or end not in doc:
        raise SystemExit(f"{DOC.relative_to(ROOT)}: the markers {start} and {end} are missing")
    head, rest = doc.split(start, 1)
    _, tail = rest.split(end, 1)
    DOC.write_text(f"{head}{start}\n{note}\n\n{text}\n{end}{tail}", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="2 games per pairing, a tiny search, one game")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (whole deals of 2)")
    parser.add_argument("--search", default="search:0.1s", help="the search player's name and strength")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--only", default=None, help="one game (a part of its name)")
    parser.add_argument("--label", default="before", help="which markers of docs/rules-check.md to fill")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="write the table into docs/rules-check.md")
    parser.add_argument("--collect", action="store_true",
                        help="play nothing: build the table from the kept results of earlier runs")
    args = parser.parse_args()
    if args.collect:
        kept = [RESULTS / f"ladder-{args.label}-{Path(g).name}.json" for g in GAMES]
        measured = [json.loads(p.read_text()) for p in kept if p.is_file()]
        kept_games = sorted({p["ladder"]["games_per_pairing"] for p in measured})
        text = table(measured)
        print(text)
        if args.write:
            write_between_markers(text, args.label, f"`bench/bench_ladder.py --label {args.label}` "
                                  f"({', '.join(map(str, kept_games))} games per pairing; each game's run in "
                                  f"bench/results/ladder-{args.label}-*.json, with its load average).")
        return
    games, search, chosen = args.games, args.search, [g for g in GAMES if not args.only or args.only in g]
    if args.smoke:
        games, search, chosen = 2, "search:3", ["examples/goofspiel"]
    RESULTS.mkdir(parents=True, exist_ok=True)
    measured = []
    load = os.getloadavg()[0]
    for name in chosen:
        print(f"{name}: {games} games per pairing, {search}", flush=True)
        found = measure(name, games, search, args.jobs, args.seed)
        measured.append(found)
        if not args.smoke:
            (RESULTS / f"ladder-{args.label}-{found['game']}.json").write_text(json.dumps(found, indent=1))
        print(f"  {found['ladder']['verdict']} ({found['seconds']:.0f} s)", flush=True)
    text = table(measured)
    print(text)
    if args.write and not args.smoke:
        note = (f"`bench/bench_ladder.py --games {games} --search {search} --label {args.label}` "
                f"(seed {args.seed}, load average {load:.1f} at the start on the shared 2-core machine).")
        write_between_markers(text, args.label, note)


if __name__ == "__main__":
    main()
