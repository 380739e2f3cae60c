"""``#sparse_tensor.encoding<{...}>`` on a tensor type: read it, and print it as MLIR does.

StableHLO lets any operand or result of its elementwise ops carry a sparse encoding: its
``isCompatibleForHloTypeInference`` leaves sparsity out of every type comparison, so a sparse
type verifies where its dense twin does (checked with TensorFlow 2.21's MLIR context, which
registers ``sparse_tensor``; iree-opt 3.13 does not). What an encoding changes is how a type is
printed in a message: MLIR prints the encoding in full, in its own spelling (``d0, d1`` for the
dimensions, a level's properties in the order ``nonunique, nonordered, soa``, a bit width of 0
left out): ``tensor<1xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>``.

Read here: a ``map`` with no symbols whose levels are a permutation of its dimensions, each
``dense``, ``compressed``, ``loose_compressed`` or ``singleton`` (after a compressed level) with
the properties MLIR allows, and ``posWidth``/``crdWidth``. Anything else (``explicitVal``, dimension
slices, block levels such as ``d0 floordiv 2``, an encoding whose rank is not the tensor's, which
the parser rejects before any op is verified) is not read: the op is then not judged.

PASS (read)::

    #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed(nonordered)), posWidth = 32 }>

Not read::

    #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j : compressed) }>
"""

from __future__ import annotations

import re

from broadcheck.syntax.lazyre import lazy

PREFIX = "#sparse_tensor.encoding<"

_WHOLE = lazy(r"#sparse_tensor\.encoding<\s*\{(.*)\}\s*>", re.S)
_MAP = lazy(r"\(\s*([^()\[\]]*?)\s*\)\s*->\s*\((.*)\)", re.S)
_NAME = lazy(r"[A-Za-z_][\w$]*")
_LEVEL = lazy(r"([A-Za-z_][\w$]*)\s*:\s*([a-z_]+)\s*(?:\(\s*([^()]*?)\s*\))?")
_FORMATS = {
    "dense": frozenset(),
    "compressed": frozenset({"nonunique", "nonordered"}),
    "loose_compressed": frozenset({"nonunique", "nonordered"}),
    "singleton": frozenset({"nonunique", "nonordered", "soa"}),
}
_PROPERTY_ORDER = ("nonunique", "nonordered", "soa")
_WIDTHS = frozenset({0, 8, 16, 32, 64})


class NotRead(ValueError):
    """An encoding this module does not read (the op that carries it is not judged)."""


def is_sparse(encoding: str | None) -> bool:
    """Whether ``encoding`` (a tensor type's, as written) is a ``#sparse_tensor.encoding``."""
    return encoding is not None and encoding.lstrip().startswith(PREFIX)


def _split(text: str) -> list[str]:
    """``text`` split at its top-level commas (outside brackets)."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{<":
            depth += 1
        elif c in ")]}>" and not (c == ">" and text[i - 1 : i] == "-"):
            depth -= 1
        elif c == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return [] if out == [""] else out


def _levels(text: str) -> str:
    """The map ``(dims) -> (levels)`` as MLIR prints it; raises :class:`NotRead`."""
    m = _MAP.fullmatch(text.strip())
    if m is None:
        raise NotRead(text)
    dims = _split(m.group(1))
    if not dims or len(set(dims)) != len(dims) or not all(_NAME.fullmatch(d) for d in dims):
        raise NotRead(text)
    levels = _split(m.group(2))
    if len(levels) != len(dims):
        raise NotRead(text)
    printed, seen, previous = [], set(), ""
    for level in levels:
        lm = _LEVEL.fullmatch(level)
        if lm is None or lm.group(1) not in dims or lm.group(1) in seen or lm.group(2) not in _FORMATS:
            raise NotRead(text)
        name, form = lm.group(1), lm.group(2)
        seen.add(name)
        properties = _split(lm.group(3)) if lm.group(3) is not None else []
        if lm.group(3) is not None and not properties:
            raise NotRead(text)
        if len(set(properties)) != len(properties) or not set(properties) <= _FORMATS[form]:
            raise NotRead(text)
        if form == "singleton" and previous not in ("compressed", "loose_compressed"):
            raise NotRead(text)  # (MLIR: "expected compressed or loose_compressed level before singleton level")
        previous = form
        shown = [p for p in _PROPERTY_ORDER if p in properties]
        suffix = f"({', '.join(shown)})" if shown else ""
        printed.append(f"d{dims.index(name)} : {form}{suffix}")
    head = ", ".join(f"d{i}" for i in range(len(dims)))
    return f"({head}) -> ({', '.join(printed)})"


def canonical(encoding: str, rank: int) -> str:
    """``encoding`` as MLIR prints it on a tensor of ``rank``; raises :class:`NotRead`."""
    m = _WHOLE.fullmatch(encoding.strip())
    if m is None:
        raise NotRead(encoding)
    entries: dict[str, str] = {}
    for entry in _split(m.group(1)):
        key, eq, value = entry.partition("=")
        key = key.strip()
        if not eq or key not in ("map", "posWidth", "crdWidth") or key in entries:
            raise NotRead(encoding)
        entries[key] = value.strip()
    if "map" not in entries:
        raise NotRead(encoding)
    levels = _levels(entries["map"])
    if levels.count(" : ") != rank:
        raise NotRead(encoding)  # (MLIR: "dimension-rank mismatch between encoding and tensor shape")
    text = f"map = {levels}"
    for key in ("posWidth", "crdWidth"):
        if key in entries:
            value = entries[key]
            if not value.isdigit() or int(value) not in _WIDTHS:
                raise NotRead(encoding)
            if int(value):
                text += f", {key} = {int(value)}"
    return f"{PREFIX}{{ {text} }}>"
