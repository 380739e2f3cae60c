"""The ``tfl`` ops' ODS (``ods.json``, written by :mod:`broadcheck.dialects.tfl.generate` from LiteRT's
``tfl_ops.td`` at the commit TensorFlow 2.21's converter matches): each op's operands, results,
regions and traits, as the declarations read them."""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any, Literal

Side = Literal["operands", "results"]


@cache
def table() -> dict[str, Any]:
    """The whole table: ``source`` (repository, commit, file hashes) and ``ops``."""
    # (a plain read: importlib.resources imports pathlib, zipfile, tempfile and more)
    with open(os.path.join(os.path.dirname(__file__), "ods.json"), encoding="utf-8") as f:
        text = f.read()
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def entry(name: str) -> dict[str, Any]:
    """One op's entry (``name`` without ``tfl.``)."""
    found: dict[str, Any] = table()["ops"][f"tfl.{name}"]
    return found


@cache
def summaries(name: str, side: Side) -> tuple[str | None, ...]:
    """Each operand's (or result's) type constraint as the declarations check it: its summary, ``None``
    for ``TFL_TensorOfOrNone`` (a ``none`` is taken), ``1D``/``2D`` for the ranked constraints, which
    are steps of their own."""
    out: list[str | None] = []
    for _, kind, summary in entry(name)[side]:
        out.append(None if kind == "tensor-or-none" else kind if kind in ("1D", "2D") else summary)
    return tuple(out)


def counts(name: str) -> tuple[int | None, int | None]:
    """The op's operand and result counts (``None``: a variadic one among them)."""

    def count(side: Side) -> int | None:
        values = entry(name)[side]
        return None if any(kind.startswith("variadic-") for _, kind, _ in values) else len(values)

    return count("operands"), count("results")


def optional(name: str) -> bool:
    """Whether an operand of the op may be ``none`` (``TFL_TensorOfOrNone``)."""
    return any(kind.endswith("tensor-or-none") for _, kind, _ in entry(name)["operands"])
