"""Timings that the test suite counts instead of timing (a time fails on a loaded machine):
``python -m bench.linear`` prints, for each, the time at size n and 2n and their ratio
(linear is about 2; quadratic about 4). Run by ``make bench``."""

from __future__ import annotations

import time
from collections.abc import Callable

from broadcheck.diagnostics import Edit, Fix
from broadcheck.engine.fix import apply
from broadcheck.ops import Span
from broadcheck.text import comment_start


def _best(work: Callable[[], object], runs: int = 3) -> float:
    """The least of ``runs`` timings of ``work``, in seconds."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def _comment_lines(n: int) -> dict[str, str]:
    return {
        "escaped quotes": '"\\"' * n + "//",
        "escaped backslashes": '"' + "\\\\" * n + "//",
        "lone slashes": "/ " * n + "//",
        "closed strings": '"a"' * n + "//",
        "strings and slashes": '" " /' * n + "//",
    }


def _apply_case(n: int) -> Callable[[], object]:
    line = '%0 = "tf.AddV2"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>\n'
    text = line * n
    at = line.index("tensor<4xf32>\n")
    size = len(line)
    edits = tuple(Edit(Span(1, 1, 1, 1), i * size + at, i * size + at + 13, "tensor<5xf32>") for i in range(n))
    return lambda: apply(text, [Fix("m", edits)])


def nested(n: int) -> str:
    """A function whose body is one line of ``n`` generic ops nested in each other's region."""
    line = '"test.op"() ({ ' * n + '"test.end"() : () -> ()' + " }) : () -> ()" * n
    return "func.func @f() {\n  " + line + "\n  return\n}\n"


def _nested_case(n: int) -> Callable[[], object]:
    from broadcheck.api import check_text

    text = nested(n)
    return lambda: check_text(text, path="nested.mlir")


def main() -> None:
    """Print one row per case: time at n, at 2n, and the ratio."""
    rows: list[tuple[str, float, float]] = []
    small, large = _comment_lines(150_000), _comment_lines(300_000)
    for name in small:
        at_n, at_2n = small[name], large[name]
        rows.append(
            (f"comment_start: {name}", _best(lambda: comment_start(at_n)), _best(lambda: comment_start(at_2n)))  # noqa: B023
        )
    rows.append(("fix apply: an edit per line", _best(_apply_case(100_000)), _best(_apply_case(200_000))))
    # Counted by tests/test_nesting_linear.py: each level reads only its own part of the line.
    rows.append(("regions nested on one line", _best(_nested_case(5000), 1), _best(_nested_case(10000), 1)))
    print(f"{'case':44} {'n (ms)':>9} {'2n (ms)':>9} {'ratio':>6}")
    for name, at_n, at_2n in rows:
        print(f"{name:44} {at_n * 1e3:9.2f} {at_2n * 1e3:9.2f} {at_2n / max(at_n, 1e-9):6.2f}")


if __name__ == "__main__":
    main()
