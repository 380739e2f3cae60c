"""Where ``broadcheck refine`` spends its CPU, phase by phase (issue 32: refine <= 1.5x check).

``python -m bench.refine_phases FILE [--dim b=8 | --arg @main:0=TYPE ...] [--runs 3]`` runs the
phases of :func:`broadcheck.engine.refine_run.refine_text` in this process, one after the other as
it does, with ``time.process_time`` around each (the collector off, as the command has it), and
prints the least of ``--runs`` runs of each phase with the resident and peak memory after it:
reading the file, refine's reading (the scan ``check`` also pays), ``dimension_sources`` (with
what ``Refiner.refine`` does before it), refine's pass, ``unchanged``, the re-typed headers,
letting the reading go, the refined text, the check of the refined text; and the page faults each
phase took in the first run (memory touched for the first time: CPU here, in the kernel; a later
run reuses what the first let go). To compare two trees, run
it with ``PYTHONPATH=<tree>`` for each, alternating. ``bench/.data/exports-refine/`` holds the
480-layer export (:mod:`bench.refine_large`).
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable
from typing import Any


def _memory() -> tuple[int, int]:
    """Resident and peak memory of this process, MB (Linux; zeros elsewhere)."""
    try:
        with open("/proc/self/status") as status:
            fields = dict(line.split(":", 1) for line in status)
    except OSError:
        return 0, 0
    return int(fields["VmRSS"].split()[0]) // 1024, int(fields["VmHWM"].split()[0]) // 1024


def _faults() -> int:
    """The page faults this process has taken (minor ones: memory touched for the first time)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def phases(path: str, dims: list[str], args: list[str]) -> dict[str, tuple[float, tuple[int, int, int]]]:
    """One run: each phase's CPU seconds, the memory after it and the page faults it took."""
    from broadcheck.engine import refine as refine_module
    from broadcheck.engine import refine_run
    from broadcheck.engine.options import Options
    from broadcheck.engine.refine import Refiner, parse_arg, parse_dim
    from broadcheck.engine.run import Memory
    from broadcheck.inputs import decode, read_bytes
    from broadcheck.semantics import Profile

    found: dict[str, tuple[float, tuple[int, int, int]]] = {}
    last, faults = time.process_time(), _faults()

    def lap(name: str) -> None:
        nonlocal last, faults
        now, taken = time.process_time(), _faults()
        found[name] = (now - last, (*_memory(), taken - faults))
        last, faults = now, taken

    source, _ = decode(path, read_bytes(path))
    text = source.text
    del source
    lap("reading the file")
    request = refine_module.Request()
    for spec in dims:
        dim, size = parse_dim(spec)
        request.dims[dim] = size
    for spec in args:
        name, index, type_text = parse_arg(spec)
        request.args[name, index] = type_text
    options = Options(Profile("spec"))
    refiner = Refiner(options, path)
    wrapped: dict[str, Callable[..., Any]] = {}
    for name, phase in (("read_functions", "refine's reading"), ("dimension_sources", "dimension_sources")):
        real = getattr(refine_module, name)

        def timed(*a: Any, _real: Callable[..., Any] = real, _phase: str = phase, **k: Any) -> Any:
            result = _real(*a, **k)
            lap(_phase)
            return result

        wrapped[name] = real
        setattr(refine_module, name, timed)
    try:
        refined = refiner.refine(text, request)
    finally:
        for name, real in wrapped.items():
            setattr(refine_module, name, real)
    lap("refine's pass")
    memory = Memory()
    memory.forms = refiner.forms
    replayed = refiner.unchanged(refined.edits)
    lap("unchanged")
    heads: dict[int, Any] = {}
    if replayed is not None:
        memory.forms.update(refiner.retyped_heads(refined.edits, heads))
    lap("the re-typed headers")
    del refiner
    lap("letting the reading go")
    after = refine_run.edited(text, refined.edits)
    lap("the refined text")
    refine_run.check_refined(path, after, options, memory, replayed, heads)
    lap("the check of the refined text")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.refine_phases", description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--dim", action="append", default=[], help="NAME=SIZE, as refine's (repeatable)")
    parser.add_argument("--arg", action="append", default=[], help="@FN:N=TYPE, as refine's (repeatable)")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    if not options.dim and not options.arg:
        options.dim = ["b=8"]
    gc.disable()
    best: dict[str, float] = {}
    memory: dict[str, tuple[int, int, int]] = {}
    for _ in range(options.runs):
        for name, (seconds, used) in phases(options.file, options.dim, options.arg).items():
            best[name] = min(best.get(name, seconds), seconds)
            faults = memory[name][2] if name in memory else used[2]  # (the first run's)
            memory[name] = (used[0], used[1], faults)
        gc.collect()
    width = max(map(len, best))
    print(f"{'phase':{width}}  CPU s (least of {options.runs})  RSS / peak MB  page faults (first run)")
    for name, seconds in best.items():
        rss, peak, faults = memory[name]
        print(f"{name:{width}}  {seconds:8.2f}  {rss:6} / {peak:<6} {faults:8}")
    print(f"{'all':{width}}  {sum(best.values()):8.2f}")


if __name__ == "__main__":
    main()
