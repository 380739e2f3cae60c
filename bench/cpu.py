"""CPU time (user + system) of commands run alternately: what a loaded machine cannot distort.

``python -m bench.cpu --runs 5 --cmd NAME='command ...' --cmd NAME2='...' [FILE ...]`` runs each
command once per round on each file (``{}`` in a command is the file; without ``{}`` the file is
appended), the order of the commands flipping every round, and prints, per file, each command's
least and median CPU seconds (``ru_utime + ru_stime`` of the child, from ``wait4``) and each
command's ratio to the first (least / least). Wall time is not shown: with other work on the
machine it measures the machine, not the command. A ``.`` as a file runs the commands once with
no file (start-up). Exit codes are recorded and printed when not 0 or 1.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from collections.abc import Sequence


def cpu_seconds(argv: Sequence[str]) -> tuple[float, int]:
    """Run ``argv`` with its output discarded; its CPU seconds (user + system) and exit code."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, process.returncode


def command_for(template: str, file: str) -> list[str]:
    """The argv of ``template`` for ``file`` (``{}`` replaced, or the file appended)."""
    words = shlex.split(template)
    if file == ".":
        return words
    if "{}" in words:
        return [file if word == "{}" else word for word in words]
    return [*words, file]


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cmd", action="append", required=True, help="NAME=command")
    parser.add_argument("files", nargs="*", default=["."])
    options = parser.parse_args(argv)
    commands = [tuple(spec.split("=", 1)) for spec in options.cmd]
    names = [name for name, _ in commands]
    print(
        "file".ljust(40)
        + "".join(f"{name + ' min/med':>22}" for name in names)
        + "".join(f"{name + '/' + names[0]:>14}" for name in names[1:])
    )
    for file in options.files:
        times: dict[str, list[float]] = {name: [] for name in names}
        codes: dict[str, set[int]] = {name: set() for name in names}
        for round_ in range(options.runs):
            order = commands if round_ % 2 == 0 else commands[::-1]
            for name, template in order:
                seconds, code = cpu_seconds(command_for(template, file))
                times[name].append(seconds)
                codes[name].add(code)
        row = os.path.basename(file.rstrip("/"))[:39].ljust(40)
        for name in names:
            ordered = sorted(times[name])
            row += f"{ordered[0]:>10.3f} / {ordered[len(ordered) // 2]:<9.3f}"
        for name in names[1:]:
            row += f"{min(times[name]) / max(min(times[names[0]]), 1e-9):>14.2f}"
        odd = {name: sorted(c) for name, c in codes.items() if c - {0, 1}}
        print(row + (f"  exit {odd}" if odd else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
