"""Write a directory of upstream-style test files: what people lint with ``--split-input-file``.

``python -m bench.testfiles --files 80 -o DIR [--seed N]`` writes ``DIR/test_NNN.mlir``: each file
has a ``// RUN:`` line and 6-14 parts between ``// -----`` markers, as MLIR's own
``mlir/test/Dialect/*`` files are written; every part is a small function of distinct
statements (no two files alike): TOSA element-wise ops with broadcasting, StableHLO ops,
``linalg.generic`` bodies with ``^bb0`` block arguments, ``scf.for`` loops, ``arith`` ops, and,
in about one part in four, an op MLIR's verifier rejects with its ``// expected-error``
annotation (the real tool's words, matched by ``-verify-diagnostics``). Both tools must pass
every file: ``broadcheck check --split-input-file --verify-diagnostics DIR`` (one process) and
``iree-opt --split-input-file --verify-diagnostics FILE`` (once per file).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path

VERSION = 1
"""Bump when the output changes (the bench caches the directory by it)."""

ELEMENTS = ("f32", "f16", "i32", "i8")
TOSA_BINARY = ("add", "sub", "maximum", "minimum")


def _shape(rng: random.Random, rank: int) -> list[int]:
    return [rng.choice((2, 3, 4, 5, 6, 7, 8, 16, 32)) for _ in range(rank)]


def _text(shape: Sequence[int], element: str) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{element}>" if shape else f"tensor<{element}>"


def _ones(rng: random.Random, shape: Sequence[int]) -> list[int]:
    """``shape`` with some dimensions made 1 (broadcast), at least one kept."""
    out = [1 if rng.random() < 0.4 else d for d in shape]
    return out if out != [1] * len(out) or not out else list(shape)


def tosa_part(rng: random.Random, n: int, bad: bool) -> str:
    """A function of chained TOSA element-wise ops, broadcasting equal-rank operands."""
    element = rng.choice(("f32", "f16", "i32"))
    rank = rng.randint(1, 4)
    full = _shape(rng, rank)
    lines = []
    args = []
    for k in range(3):
        args.append(f"%arg{k}: {_text(_ones(rng, full) if k else full, element)}")
    value, value_type = "%arg0", _text(full, element)
    body = []
    for k in range(rng.randint(2, 5)):
        op = rng.choice(TOSA_BINARY if element != "i32" else ("add", "sub", "maximum", "minimum"))
        other = k % 2 + 1
        other_type = args[other].split(": ")[1]
        body.append(f"  %{k} = tosa.{op} {value}, %arg{other} : ({value_type}, {other_type}) -> {value_type}")
        value = f"%{k}"
    if bad:
        wrong = list(full)
        wrong[-1] = wrong[-1] + 1
        body.append("  // expected-error @+1 {{operands don't have broadcast-compatible shapes}}")
        body.append(f"  %bad = tosa.add {value}, %arg3 : ({value_type}, {_text(wrong, element)}) -> {value_type}")
        args.append(f"%arg3: {_text(wrong, element)}")
    lines.append(f"func.func @tosa_{n}({', '.join(args)}) -> {value_type} {{")
    lines += body
    lines.append(f"  return {value} : {value_type}")
    lines.append("}")
    return "\n".join(lines)


def stablehlo_part(rng: random.Random, n: int, bad: bool) -> str:
    """StableHLO element-wise ops and a ``broadcast_in_dim``."""
    element = rng.choice(("f32", "f16"))
    rank = rng.randint(1, 3)
    shape = _shape(rng, rank)
    full = _text(shape, element)
    inner = _text(shape[1:], element) if rank > 1 else _text([], element)
    dims = ", ".join(str(d) for d in range(1, rank))
    body = [
        f"  %0 = stablehlo.broadcast_in_dim %arg1, dims = [{dims}] : ({inner}) -> {full}",
        f"  %1 = stablehlo.{rng.choice(('add', 'multiply', 'subtract', 'maximum'))} %arg0, %0 : {full}",
        f"  %2 = stablehlo.{rng.choice(('exponential', 'tanh', 'negate', 'abs'))} %1 : {full}",
    ]
    if bad:
        wrong = _text([d + 1 for d in shape], element)
        body.append("  // expected-error @+1 {{op requires the same shape for all operands and results}}")
        body.append(f"  %3 = stablehlo.add %2, %arg2 : ({full}, {wrong}) -> {full}")
        head = f"func.func @hlo_{n}(%arg0: {full}, %arg1: {inner}, %arg2: {wrong}) -> {full} {{"
    else:
        head = f"func.func @hlo_{n}(%arg0: {full}, %arg1: {inner}) -> {full} {{"
    return "\n".join([head, *body, f"  return %2 : {full}", "}"])


def linalg_part(rng: random.Random, n: int) -> str:
    """A ``linalg.generic`` element-wise body (a region with ``^bb0`` block arguments)."""
    rank = rng.randint(1, 3)
    shape = _shape(rng, rank)
    element = rng.choice(("f32", "f16"))
    t = _text(shape, element)
    dims = ", ".join(f"d{i}" for i in range(rank))
    its = ", ".join('"parallel"' for _ in range(rank))
    op = rng.choice(("addf", "mulf", "subf", "maximumf"))
    return "\n".join(
        [
            f"#map{n} = affine_map<({dims}) -> ({dims})>",
            f"func.func @generic_{n}(%a: {t}, %b: {t}, %init: {t}) -> {t} {{",
            f"  %0 = linalg.generic {{indexing_maps = [#map{n}, #map{n}, #map{n}], iterator_types = [{its}]}}",
            f"      ins(%a, %b : {t}, {t}) outs(%init : {t}) {{",
            f"  ^bb0(%x: {element}, %y: {element}, %out: {element}):",
            f"    %s = arith.{op} %x, %y : {element}",
            f"    linalg.yield %s : {element}",
            f"  }} -> {t}",
            f"  return %0 : {t}",
            "}",
        ]
    )


def scf_part(rng: random.Random, n: int) -> str:
    """An ``scf.for`` loop carrying a value, with ``arith`` ops inside."""
    element = rng.choice(("i32", "i64"))
    steps = rng.randint(2, 64)
    return "\n".join(
        [
            f"func.func @loop_{n}(%init: {element}, %x: {element}) -> {element} {{",
            "  %c0 = arith.constant 0 : index",
            f"  %c{steps} = arith.constant {steps} : index",
            "  %c1 = arith.constant 1 : index",
            f"  %r = scf.for %i = %c0 to %c{steps} step %c1 iter_args(%acc = %init) -> ({element}) {{",
            f"    %s = arith.addi %acc, %x : {element}",
            f"    %m = arith.muli %s, %x : {element}",
            f"    scf.yield %m : {element}",
            "  }",
            f"  return %r : {element}",
            "}",
        ]
    )


def write_file(rng: random.Random, index: int) -> str:
    """One test file: a RUN line and its parts."""
    parts = []
    for k in range(rng.randint(6, 14)):
        n = index * 100 + k
        bad = rng.random() < 0.25
        kind = rng.choice(("tosa", "tosa", "stablehlo", "linalg", "scf"))
        if kind == "tosa":
            parts.append(tosa_part(rng, n, bad))
        elif kind == "stablehlo":
            parts.append(stablehlo_part(rng, n, bad))
        elif kind == "linalg":
            parts.append(linalg_part(rng, n))
        else:
            parts.append(scf_part(rng, n))
    run = "// RUN: mlir-opt %s -split-input-file -verify-diagnostics\n\n"
    return run + "\n\n// -----\n\n".join(parts) + "\n"


def write(folder: Path, files: int, seed: int) -> list[Path]:
    """Write ``files`` test files into ``folder``; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    paths = []
    for index in range(files):
        path = folder / f"test_{index:03d}.mlir"
        path.write_text(write_file(rng, index))
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    """Write the directory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", required=True, help="the directory to write")
    args = parser.parse_args(argv)
    write(Path(args.output), args.files, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
