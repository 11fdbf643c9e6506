"""`python -m dragon_pnp.studio.balance_runner GAME OUT --games N --seed S`: the studio's rules check.

Runs in its own process (so the studio stays responsive and can stop it), prints one
`progress DONE TOTAL` line per finished batch, and writes the report JSON to OUT. User errors
print one `error: ...` line and exit 2, as the command line does; a check in which any game
stopped with an engine error prints the first, located, and exits 1 (no result to show).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from dragon_pnp.errors import DragonPnpError
from dragon_pnp.orphans import die_with_parent
from dragon_pnp.studio import build_adapter as adapter


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    die_with_parent(os.getppid(), main_thread_parent=False)  # a studio killed outright takes its check along
    try:
        os.nice(10)  # the preview comes first: a save during the check still rebuilds at once
    except OSError:
        pass

    def progress(done: int, total: int) -> None:
        print(f"progress {done} {total}", flush=True)

    try:
        game = adapter.load(Path(args.game))
        report = adapter.quick_check(game, args.games, args.seed, progress)
    except DragonPnpError as error:
        print(f"error: {str(error).splitlines()[0]}", flush=True)
        return 2
    from dragon_pnp.report.findings import engine_failure

    failure = engine_failure(report)
    if failure is not None:   # a check whose games crashed is not a result: the panel shows the error
        print(f"error: {failure}", flush=True)
        return 1
    target = Path(args.out)
    temporary = target.with_suffix(".tmp")
    temporary.write_text(json.dumps(report), encoding="utf-8")
    os.replace(temporary, target)
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
