"""A killed check never mixes its report: rules-check.json, .html and .pdf are replaced as one set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dragon_pnp.report import report_set
from dragon_pnp.report.report_set import JOURNAL, recover_report_set, replace_report_set

OLD = {"rules-check.json": b"old json", "rules-check.html": b"old html", "rules-check.pdf": b"old pdf"}
NEW = {"rules-check.json": b"new json", "rules-check.html": b"new html", "rules-check.pdf": b"new pdf"}


def contents(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in OLD}


def killed_child(folder: Path, die_at: str, after: int) -> int:
    """Run replace_report_set in a forked child that dies outright (os._exit, like SIGKILL) at
    the `after`-th call of `die_at`; the exit status of the child."""
    pid = os.fork()
    if pid == 0:
        calls = [0]
        real = getattr(report_set, die_at) if die_at != "os.replace" else os.replace

        def dying(*args, **kwargs):
            calls[0] += 1
            if calls[0] > after:
                os._exit(9)
            return real(*args, **kwargs)

        if die_at == "os.replace":
            report_set.os.replace = dying
        else:
            setattr(report_set, die_at, dying)
        try:
            replace_report_set(folder, NEW)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.parametrize("after", [1, 2, 3])  # call 1 renames the journal into place
def test_killed_during_the_renames_the_next_run_completes_the_set(tmp_path, after):
    for name, data in OLD.items():
        (tmp_path / name).write_bytes(data)
    assert killed_child(tmp_path, "os.replace", after) == 9
    assert (tmp_path / JOURNAL).exists()  # the set is complete and promised
    recover_report_set(tmp_path)          # what the next check or build does first
    assert contents(tmp_path) == NEW
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(OLD)


@pytest.mark.parametrize("after", [0, 1, 2])
def test_killed_while_writing_the_old_set_stays_whole(tmp_path, after):
    for name, data in OLD.items():
        (tmp_path / name).write_bytes(data)
    assert killed_child(tmp_path, "_write_durably", after) == 9
    assert not (tmp_path / JOURNAL).exists()
    assert contents(tmp_path) == OLD
    recover_report_set(tmp_path)
    assert contents(tmp_path) == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(OLD), "no temporaries left"


def test_killed_before_the_journal_is_in_place_the_old_set_stays(tmp_path):
    for name, data in OLD.items():
        (tmp_path / name).write_bytes(data)
    assert killed_child(tmp_path, "os.replace", 0) == 9
    recover_report_set(tmp_path)
    assert contents(tmp_path) == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(OLD)


def test_a_run_cleans_what_older_runs_left(tmp_path):
    for name, data in OLD.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / ".rules-check.json.k3j4l5").write_bytes(b"half")  # an older version's temporary
    (tmp_path / ".rules-check.pdf.new").write_bytes(b"half")
    paths = replace_report_set(tmp_path, NEW)
    assert contents(tmp_path) == NEW and set(paths) == set(NEW)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(OLD)
