"""Renamed copies of a torch-mlir Linalg export's function in one module: a region-heavy file of
tens of thousands of ops (issue 31's "20 renamed copies of a torch-mlir linalg function").

``python -m bench.copies SOURCE [--ops 65000] [-o OUT]`` reads a ``linalg-on-tensors`` export of
:mod:`bench.torchexports` (its ``#map`` aliases, one ``module { ... }`` of functions, and the
``{-# dialect_resources #-}`` block of its weights) and writes the aliases, one module holding
as many copies of its functions as make at least ``--ops`` op statements (each copy's symbols
suffixed ``_0``, ``_1``, ...), and the resource block once. The copies repeat the source's
statements, so they measure region entry and exit, block labels and value flow at scale rather
than the reading of distinct statements. Cached in ``bench/.data/`` (git-ignored).
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

from bench import exports

HERE = Path(__file__).resolve().parent
DATA = HERE / ".data"
OPS = 65_000
_SYMBOL = re.compile(r"@([A-Za-z_][\w$.]*)")


def split(text: str) -> tuple[str, str, str]:
    """(the aliases before ``module {``, the module's body, what follows its closing ``}``)."""
    start = text.index("module {\n")
    end = text.index("\n}\n", start)
    return text[:start], text[start + len("module {\n") : end + 1], text[end + len("\n}\n") :]


def copies(text: str, count: int) -> str:
    """``text`` with its module's body written ``count`` times, each copy's symbols renamed."""
    head, body, tail = split(text)
    symbols = set(re.findall(r"func\.func (?:private |public )?@([A-Za-z_][\w$.]*)", body))
    parts = [head, "module {\n"]
    for i in range(count):
        renamed = {name: f"@{name}_{i}" for name in symbols}
        parts.append(_SYMBOL.sub(lambda m, new=renamed: new.get(m.group(1), m.group(0)), body))
    parts += ["}\n", tail]
    return "".join(parts)


def write(source: Path, ops: int = OPS, out: Path | None = None) -> tuple[Path, int, int]:
    """Write (or reuse) the copies of ``source``: the file, the copies and its op statements."""
    text = source.read_text()
    per_copy = sum(exports.count_ops(split(text)[1]).values())
    count = max(1, math.ceil(ops / max(1, per_copy)))
    path = out or DATA / f"copies-{source.stem}-{count}.mlir"
    if not path.exists() or path.stat().st_mtime < source.stat().st_mtime:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(copies(text, count))
    return path, count, per_copy * count + 1  # (and the module)


def main(argv: list[str] | None = None) -> int:
    """Write the file and say what it holds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("--ops", type=int, default=OPS)
    parser.add_argument("-o", "--out", type=Path)
    args = parser.parse_args(argv)
    path, count, ops = write(args.source, args.ops, args.out)
    print(f"{path}: {count} copies of {args.source.name}, {ops:,} op statements")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
