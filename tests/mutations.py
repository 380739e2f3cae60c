"""Mutations of valid MLIR for fuzzing: shared by the test suite and the long campaign."""

from __future__ import annotations

import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOISE = '<>()[]{}",x?*%0123456789:-#!@^'
_TOKEN = re.compile(r"%[\w.$#-]+|\"[^\"\n]*\"|[A-Za-z_][\w.$]*|\d+|->|\S")


def corpus() -> list[str]:
    """Every .mlir file of the fixtures and examples: the seeds of the mutations."""
    paths = sorted((ROOT / "tests" / "fixtures").rglob("*.mlir")) + sorted((ROOT / "examples").rglob("*.mlir"))
    return [p.read_text(encoding="utf-8") for p in paths]


def mutate(text: str, rng: random.Random, count: int) -> str:
    """``text`` after ``count`` random edits of tokens, lines and brackets."""
    for _ in range(count):
        kind = rng.randrange(12)
        if kind <= 3:  # a token: deleted, duplicated, swapped with another, or replaced by noise
            tokens = list(_TOKEN.finditer(text))
            if not tokens:
                continue
            a = rng.choice(tokens)
            if kind == 0:
                text = text[: a.start()] + text[a.end() :]
            elif kind == 1:
                text = text[: a.end()] + " " + a.group() + text[a.end() :]
            elif kind == 2:
                b = rng.choice(tokens)
                first, second = sorted((a, b), key=lambda m: m.start())
                if first.end() <= second.start():
                    text = (
                        text[: first.start()]
                        + second.group()
                        + text[first.end() : second.start()]
                        + first.group()
                        + text[second.end() :]
                    )
            else:
                text = text[: a.start()] + rng.choice(NOISE) * rng.randint(1, 3) + text[a.end() :]
        elif kind <= 5:  # a line: deleted, duplicated or swapped
            lines = text.split("\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            if kind == 4:
                del lines[i]
            else:
                lines.insert(i, lines[j])
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == 6:  # truncated
            text = text[: rng.randrange(len(text) + 1)]
        elif kind == 7:  # an unbalanced bracket
            brackets = [m.start() for m in re.finditer(r"[<>()\[\]{}]", text)]
            if brackets:
                at = rng.choice(brackets)
                text = text[:at] + text[at + 1 :]
        elif kind == 8:  # noise inserted anywhere
            at = rng.randrange(len(text) + 1)
            text = text[:at] + "".join(rng.choice(NOISE) for _ in range(rng.randint(1, 6))) + text[at:]
        elif kind == 9:  # a comment line between two lines (inside a statement, often)
            lines = text.split("\n")
            lines.insert(rng.randrange(len(lines) + 1), "  // " + "".join(rng.choice(NOISE) for _ in range(6)))
            text = "\n".join(lines)
        elif kind == 10:  # a comment at the end of a line, or in its middle (the rest becomes comment)
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            at = rng.choice([len(lines[i]), rng.randrange(len(lines[i]) + 1)])
            lines[i] = lines[i][:at] + " // " + rng.choice(NOISE) + lines[i][at:]
            text = "\n".join(lines)
        else:  # a split marker, or a near miss of one, on a line of its own
            lines = text.split("\n")
            marker = rng.choice(["// -----", "// ----", "//-----", "// ------", "  // ----- x", "// -----0"])
            lines.insert(rng.randrange(len(lines) + 1), marker)
            text = "\n".join(lines)
    return text
