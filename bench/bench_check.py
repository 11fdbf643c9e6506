"""Benchmark: games per second of each policy on one core, and the wall time of a whole check.

  policies   per policy and player count: games/s on one core (CPU time of this process, so other
             load on the machine inflates it less), and how that time splits between the
             engine (legal actions + apply, through the game interface) and the policy's choices
  reference  CPU seconds per game of the default check's reference player (search:20) at each
             player count, over the first --reference-games games the default check itself plays
             there (compiled hot modules when in use; DRAGON_PNP_PURE=1 times the sources), and the reference's share of a default check projected from them
             (ReferencePlay.per_players games at each count)
  check      wall time of `dragon-pnp check dragon_pants` (the default check, or the given
             --check-games) in a fresh process, imports and report writing included

Usage: .venv/bin/python bench/bench_check.py [--games N] [--reference-games N] [--check-games N] [--jobs J]
       [--no-check] [--smoke]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragon_pnp.games.dragon_pants import GAME  # noqa: E402
from dragon_pnp.games.registry import load_game  # noqa: E402
from dragon_pnp.report.check import mixed_rotation  # noqa: E402
from dragon_pnp.report.plan import Config  # noqa: E402
from dragon_pnp.report.simulate import Table, play_game  # noqa: E402


def split_time(table: Table, config: Config, seeds: range) -> tuple[float, float]:
    """CPU seconds spent in the game (new game, apply) and in the policies over the same games as play_game."""
    engine = policy = 0.0
    clock = time.process_time
    for index, seed in enumerate(seeds):
        players = [table.policy(name) for name in config.seat_policies(index)]
        rng = random.Random(seed ^ 0x5EED)
        t0 = clock()
        state = GAME.new_game(table.rules, seed, config.players, config.setup)
        engine += clock() - t0
        while state.result is None:
            (seat,) = state.to_move()
            t0 = clock()
            action = players[seat].choose(state, seat, rng)
            t1 = clock()
            state.apply({seat: action})
            t2 = clock()
            policy += t1 - t0
            engine += t2 - t1
    return engine, policy


def bench_policies(games: int) -> None:
    game = load_game("dragon_pants")
    table = Table(GAME, game, GAME.make_rules(game))
    print(f"{'policy':9} {'players':>7} {'games/s':>8} {'turns':>6} {'engine':>7} {'policy':>7}")
    for policy in ("random", "greedy", "mixed", "lookahead"):
        total_games, total_time = 0, 0.0
        for players in (2, 3, 4, 5, 6):
            config = Config(players, "standard", policy, mixed_rotation(GAME) if policy == "mixed" else ())
            count = games if policy != "lookahead" else max(1, games // 10)  # a look-ahead tries every action
            seeds = range(1000, 1000 + count)
            started = time.process_time()
            records = [play_game(table, config, seed, i) for i, seed in enumerate(seeds)]
            spent = time.process_time() - started
            engine, chooser = split_time(table, config, seeds)
            turns = sum(r.metrics["turns"] for r in records) / len(records)
            share = engine / (engine + chooser)
            print(f"{policy:9} {players:>7} {count / spent:>8.0f} {turns:>6.1f} {share:>7.0%} {1 - share:>7.0%}")
            total_games += count
            total_time += spent
        print(f"{policy:9} {'all':>7} {total_games / total_time:>8.0f}   (standard preset, one core)")


def bench_reference(games: int, counts: int | None = None) -> None:
    """CPU s per reference game at each player count (the first `counts` of them), on the default
    check's own seeds."""
    from dragon_pnp.report.check import CheckSettings, check_batches, is_search, plan, resolve

    game = load_game("dragon_pants")
    table = Table(GAME, game, GAME.make_rules(game))
    settings = resolve(game, CheckSettings(), GAME)
    main, _ = plan(game, settings, GAME)
    projected = 0.0
    print(f"{'reference':11} {'players':>7} {'games':>6} {'CPU s/game':>11} {'default games':>14} {'CPU s':>8}")
    for config in [c for c in main if is_search(c.policy)][:counts]:
        batches = [b for b in check_batches(settings, [config], []) if b.config == config]
        seeds = [(b.first_game + k, seed) for b in batches for k, seed in enumerate(b.game_seeds())][:games]
        started = time.process_time()
        for index, seed in seeds:
            play_game(table, config, seed, index)
        each = (time.process_time() - started) / len(seeds)
        wanted = settings.games_for(config.policy, config.players)
        projected += each * wanted
        print(f"{config.policy:11} {config.players:>7} {len(seeds):>6} {each:>11.3f} {wanted:>14} {each * wanted:>8.1f}",
              flush=True)
    print(f"the default check's reference games: {projected:.0f} CPU s projected (= {projected / 2:.0f} s on 2 idle "
          f"cores); load average now {os.getloadavg()[0]:.1f}; {code_in_use()}")


def code_in_use() -> str:
    """Whether the hot modules ran compiled (mypyc, dragon_pnp/compiled.py) or from their sources."""
    from dragon_pnp.games.dragon_pants.engine import state

    return "pure Python (DRAGON_PNP_PURE=1 or not compiled)" if str(state.__file__).endswith(".py") else \
        f"compiled modules ({Path(str(state.__file__)).name})"


def bench_check(games: int | None, jobs: int | None, deadline: float, extra: tuple[str, ...] = ()) -> None:
    """Wall time, and CPU time of the check and its workers: on a shared machine the CPU time over
    the job count is what the wall time would be with the cores to itself."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "dragon_pnp", "check", "dragon_pants", "--out", out]
        if games is not None:
            command += ["--games", str(games)]
        command += extra
        if jobs:
            command += ["--jobs", str(jobs)]
        started = time.perf_counter()
        try:
            done = subprocess.run(command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                  capture_output=True, text=True, timeout=deadline)
        except subprocess.TimeoutExpired:
            raise SystemExit(f"{' '.join(command)} took more than {deadline:.0f} s: killed") from None
        wall = time.perf_counter() - started
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        stdout, stderr = done.stdout, done.stderr
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed (exit {done.returncode}): {stderr}")
    cpu = usage.ru_utime + usage.ru_stime
    workers = jobs or len(os.sched_getaffinity(0))
    summary = next(line for line in stdout.splitlines() if "games in" in line)
    size = "(the default)" if games is None else f"--games {games}"
    print(f"dragon-pnp check dragon_pants {size} --jobs {workers}: {wall:.1f} s wall in all, {cpu:.1f} s CPU "
          f"(= {cpu / workers:.1f} s on {workers} idle cores); simulation: {summary}; load average now "
          f"{os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per policy and player count")
    parser.add_argument("--check-games", type=int, default=None,
                        help="--games for the whole check (default: none given, the default check; target ~60 s on 2 cores)")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--reference-games", type=int, default=20,
                        help="reference games per player count timed for the projection (0 skips it)")
    parser.add_argument("--no-check", action="store_true", help="only the per-policy figures")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes: check the bench still works, in seconds")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.check_games, args.jobs, args.reference_games = 1, 1, 1, 1
    bench_policies(args.games)
    if args.reference_games:
        # smoke: the fewest players only (a search game at 5 or 6 players costs ~7 CPU s; issue 30)
        bench_reference(args.reference_games, 1 if args.smoke else None)
    if not args.no_check:
        # smoke: one game of each kind at two players, the mixed ones too (200 per player count by
        # default; the reference games at 5 and 6 players alone cost ~13 CPU s), and no skill ladder
        # (its search games were 1.6 of the smoke's 4.1 CPU s; the ladder is tests/report's to test)
        bench_check(args.check_games, args.jobs, 60.0 if args.smoke else 1800.0,
                    ("--duel-games", "1", "--players", "2", "--ladder-games", "0") if args.smoke else ())


if __name__ == "__main__":
    main()
