"""TOSA's custom forms: ``tosa.conv2d %a, %w, ... pad([0, 0, 0, 0]) stride([1, 1]) acc_type(f32)
: (T, ...) -> U``: a functional type, and properties written ``name(value)`` in the op's own
assembly (iree 3.13 prints them so, and rejects the brace form there)."""

from __future__ import annotations

from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import reading, unplaced
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement


def functional(statement: Statement) -> Reading:
    """The types of the functional signature, and each ``name(value)`` (or ``name<value>``) as property
    ``name``."""
    sig = statement.signature
    if sig is None or sig.kind != "function" or len(sig.inputs) != len(statement.operands):
        return unplaced(statement)
    properties: list[Property] = []
    items = statement.items
    for item in items:
        if item.kind == "word" and "<" in item.text and item.text.endswith(">"):  # ``block_size<BLOCK_SIZE_32>``
            name = item.text[: item.text.index("<")]
            properties.append(Property(name, item.text[len(name) :], item.start, item.end))
    for i, item in enumerate(items[:-1]):
        after = items[i + 1]
        if item.kind == "word" and after.kind == "group" and after.text.startswith("(") and after.start == item.end:
            inner = after.text[1:-1]
            text = inner.strip()
            end = after.start + 1 + len(inner) - len(inner.lstrip()) + len(text)  # (the value's end, not the `)`)
            properties.append(Property(item.text, text, item.start, end))
    return reading(list(sig.inputs), list(sig.outputs), properties)
