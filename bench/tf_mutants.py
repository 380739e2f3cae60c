"""A mutation campaign on real TensorFlow exports (bench/tfexports.py writes them): change one thing in an
export, then compare TensorFlow 2.21's first error (``tf.mlir.experimental.run_pass_pipeline``)
with broadcheck's, message and line.

``PYTHONPATH=. .venv-bench-tf/bin/python -m bench.tf_mutants FILE [N]`` makes up to ``N`` mutants
(default 40) of each kind:

* ``const``: a splat ``tf.Const`` value's type gets its last size one more, or a leading size,
  its result type unchanged (the type inference fails at the constant unless the two still
  broadcast);
* ``result``: an op's first result gets another leading size, in its own signature only (the
  parser then stops at the first use, whose written type differs; or the op's verifier first).

Prints each difference and a summary line per kind: mutants, rejected by TF, agreeing.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator

_CONST = re.compile(r'"tf\.Const"\(\) <?\{value = dense<([^"<>\[\]]+)> : tensor<([^>]*)>\}')
_RESULT = re.compile(r'"(tf\.\w+)"\(.* : \(.*\) -> tensor<(\d+|\?)x')


def const_mutants(lines: list[str], rng: random.Random, n: int) -> Iterator[tuple[int, list[str]]]:
    """Mutants whose one splat ``tf.Const`` value (``dense<0.5> : tensor<96xf32>``) gets its last
    size one more (mostly) or another leading size, its result type unchanged."""
    found = [i for i, line in enumerate(lines) if _CONST.search(line)]
    for i in rng.sample(found, min(n, len(found))):
        m = _CONST.search(lines[i])
        assert m is not None
        dims = m.group(2).split("x")
        if len(dims) > 1 and dims[-2].isdigit() and rng.random() < 0.7:  # the last size, one more
            dims[-2] = str(int(dims[-2]) + 1)
        else:  # a leading size (it still broadcasts against the result)
            dims.insert(0, str(rng.choice([2, 3])))
        new = m.group(0).replace(f"tensor<{m.group(2)}>", f"tensor<{'x'.join(dims)}>")
        yield i, [*lines[:i], lines[i].replace(m.group(0), new), *lines[i + 1 :]]


def result_mutants(lines: list[str], rng: random.Random, n: int) -> Iterator[tuple[int, list[str]]]:
    """Mutants whose one op's first result type has its leading size changed."""
    found = [i for i, line in enumerate(lines) if _RESULT.search(line) and "tf.Const" not in line]
    for i in rng.sample(found, min(n, len(found))):
        line = lines[i]
        arrow = line.rindex("-> tensor<")
        head, tail = line[:arrow], line[arrow:]
        m = re.match(r"-> tensor<(\d+|\?)x", tail)
        assert m is not None
        size = 7 if m.group(1) == "?" else int(m.group(1)) + 7
        tail = tail.replace(m.group(0), f"-> tensor<{size}x", 1)
        yield i, [*lines[:i], head + tail, *lines[i + 1 :]]


def tf_first(text: str) -> tuple[int, str]:
    """TensorFlow's first error: (line, message), or (0, 'ok')."""
    import tensorflow as tf

    try:
        tf.mlir.experimental.run_pass_pipeline(text, "", show_debug_info=False)
    except Exception as exc:
        for line in str(exc).splitlines():
            m = re.match(r"\S*?:(\d+):\d+: error: (.*)", line.strip())
            if m:
                return int(m.group(1)), m.group(2)
        return -1, str(exc)[:200]
    return 0, "ok"


def broadcheck_first(text: str) -> tuple[int, str]:
    """broadcheck's first error: (line, message), or (0, 'ok')."""
    from broadcheck.api import check_text

    errors = [d for d in check_text(text, path="<mutant>", profile="llvm") if d.severity == "error"]
    return (errors[0].line, errors[0].message) if errors else (0, "ok")


def main() -> None:
    """Run the campaign on one file."""
    path, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 40
    with open(path) as f:
        lines = f.read().split("\n")
    rng = random.Random(20261128)
    for kind, make in (("const", const_mutants), ("result", result_mutants)):
        total = rejected = agree = 0
        for i, mutant in make(lines, rng, n):
            text = "\n".join(mutant)
            want, got = tf_first(text), broadcheck_first(text)
            total += 1
            rejected += want[1] != "ok"
            if want == got:
                agree += 1
            else:
                print(f"--- {kind} at line {i + 1}\n  tf:         {want}\n  broadcheck: {got}", flush=True)
        print(f"{path}: {kind}: {total} mutants, {rejected} rejected by TF, {agree} agree", flush=True)


if __name__ == "__main__":
    main()
