"""The long fuzz campaign: ``python -m tests.fuzz_campaign --seconds 1800`` (``make fuzz``).

It mutates the fixtures and examples as tests/test_fuzz.py does, for a time
budget or a number of inputs, checks every input under a rotating set of
options, and stops at the first input that crashes broadcheck or gets an
unlocated diagnostic, writing it to ``fuzz-crash-<n>.mlir`` for a regression
fixture. It prints how many inputs it ran.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

from broadcheck.checker import Options, check_source
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile
from broadcheck.text import Source
from tests.mutations import corpus, mutate

OPTIONS = [
    Options(),
    Options(Profile.LLVM),
    Options(Profile.LLVM, OpTable(), "// -----", True),
    Options(Profile.SPEC, OpTable([("*", "mlir")])),
    Options(Profile.SPEC, OpTable([("*.*", "numpy")])),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--inputs", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = corpus()
    start = time.monotonic()
    count = 0
    while count < args.inputs and time.monotonic() - start < args.seconds:
        text = mutate(rng.choice(seeds), rng, rng.randint(1, 8))
        options = OPTIONS[count % len(OPTIONS)]
        source = Source("fuzz.mlir", text)
        try:
            result = check_source(source, options)
            last = text.count("\n") + 2
            bad = [d for d in result.diagnostics if not (1 <= d.line <= last and d.column >= 1)]
            if bad:
                raise AssertionError(f"unlocated diagnostic: {bad[0]}")
        except Exception:
            out = Path(f"fuzz-crash-{count}.mlir")
            out.write_text(text, encoding="utf-8")
            traceback.print_exc()
            print(f"crash after {count} inputs; input saved to {out} (options #{count % len(OPTIONS)})")
            return 1
        count += 1
    elapsed = time.monotonic() - start
    print(f"{count} inputs in {elapsed:.0f} s ({count / elapsed:.0f}/s), seed {args.seed}: no crash")
    return 0


if __name__ == "__main__":
    sys.exit(main())
