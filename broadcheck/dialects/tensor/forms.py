"""The custom forms of the tensor dialect (``TensorOps.td``'s assembly formats): which type
each operand and result has, and the properties the form writes bare, as the generic form
would hold them."""

from __future__ import annotations

from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import (
    DYNAMIC,
    array_property,
    derived,
    element_type_text,
    group_entries,
    groups,
    index_at,
    reading,
    segments_property,
    static_values,
    trailing_types,
    unplaced,
    uses_in,
    word_index,
)
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Item, Statement


def dim(statement: Statement) -> Reading:
    """``tensor.dim %t, %i : T``."""
    types = trailing_types(statement)
    if len(types) != 1 or len(statement.operands) != 2:
        return unplaced(statement)
    return reading([types[0], index_at(statement.operands[1])], [index_at(statement.operands[1])])


def rank(statement: Statement) -> Reading:
    """``tensor.rank %t : T``: the result is an index."""
    types = trailing_types(statement)
    if len(types) != 1 or len(statement.operands) != 1:
        return unplaced(statement)
    return reading([types[0]], [derived("index", types[0])])


def extract(statement: Statement) -> Reading:
    """``tensor.extract %t[%i, %j] : T``: the result is T's element type."""
    types = trailing_types(statement)
    if len(types) != 1 or not statement.operands:
        return unplaced(statement)
    indices = [index_at(u) for u in statement.operands[1:]]
    return reading([types[0], *indices], [element_type_text(types[0])])


def insert(statement: Statement) -> Reading:
    """``tensor.insert %v into %t[%i] : T``."""
    types = trailing_types(statement)
    if len(types) != 1 or len(statement.operands) < 2:
        return unplaced(statement)
    indices = [index_at(u) for u in statement.operands[2:]]
    return reading([element_type_text(types[0]), types[0], *indices], [types[0]])


def from_elements(statement: Statement) -> Reading:
    """``tensor.from_elements %a, %b : T``: each operand has T's element type (located at the operand,
    where the parser resolves it)."""
    types = trailing_types(statement)
    if len(types) != 1:
        return unplaced(statement)
    element = element_type_text(types[0]).text
    return reading([derived(element, use) for use in statement.operands], [types[0]])


def splat(statement: Statement) -> Reading:
    """``tensor.splat %v[%d] : T``: the value has T's element type, the sizes are indices."""
    types = trailing_types(statement)
    if len(types) != 1 or not statement.operands:
        return unplaced(statement)
    sizes = [index_at(u) for u in statement.operands[1:]]
    return reading([element_type_text(types[0]), *sizes], [types[0]])


def sized(statement: Statement) -> Reading:
    """``tensor.empty(%d) : T``, ``tensor.generate %d {...} : T``: every operand is an index."""
    types = trailing_types(statement)
    if len(types) != 1:
        return unplaced(statement)
    return reading([index_at(u) for u in statement.operands], [types[0]])


def _offsets_sizes_strides(statement: Statement, first: int, properties: list[Property]) -> list[int] | None:
    """The three groups after operand ``first - 1``'s use: static lists and segment sizes."""
    found = [g for g in groups(statement) if g.start >= statement.operands[first - 1].end][:3]
    if len(found) != 3:
        return None
    counts = []
    for name, group in zip(("static_offsets", "static_sizes", "static_strides"), found, strict=True):
        values = static_values(group)
        if values is None:
            return None
        properties.append(array_property(name, values, group))
        counts.append(len(uses_in(statement, group)))
    return counts


def extract_slice(statement: Statement) -> Reading:
    """``tensor.extract_slice %t[offsets] [sizes] [strides] : A to B``."""
    types = trailing_types(statement)
    if len(types) != 2 or not statement.operands:
        return unplaced(statement)
    properties: list[Property] = []
    counts = _offsets_sizes_strides(statement, 1, properties)
    if counts is None:
        return unplaced(statement)
    properties.append(segments_property([1, *counts], statement.name_end))
    indices = [index_at(u) for u in statement.operands[1:]]
    return reading([types[0], *indices], [types[1]], properties)


def insert_slice(statement: Statement) -> Reading:
    """``tensor.insert_slice %s into %d[offsets] [sizes] [strides] : A into B`` (and
    ``parallel_insert_slice``, which has no result)."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) < 2:
        return unplaced(statement)
    properties: list[Property] = []
    counts = _offsets_sizes_strides(statement, 2, properties)
    if counts is None:
        return unplaced(statement)
    properties.append(segments_property([1, 1, *counts], statement.name_end))
    indices = [index_at(u) for u in statement.operands[2:]]
    results = [types[1]] * statement.result_count
    return reading([types[0], types[1], *indices], results, properties)


def _reassociation(item: Item) -> Property:
    return Property("reassociation", item.text, item.start, item.end)


def collapse_shape(statement: Statement) -> Reading:
    """``tensor.collapse_shape %t [[0, 1], [2]] : A into B``."""
    types = trailing_types(statement)
    found = groups(statement)
    if len(types) != 2 or len(statement.operands) != 1 or not found:
        return unplaced(statement)
    return reading([types[0]], [types[1]], [_reassociation(found[0])])


def expand_shape(statement: Statement) -> Reading:
    """``tensor.expand_shape %t [[0, 1], [2]] output_shape [%d, 4, 5] : A into B``."""
    types = trailing_types(statement)
    found = groups(statement)
    if len(types) != 2 or not statement.operands or len(found) != 2:
        return unplaced(statement)
    shape = static_values(found[1])
    if shape is None:
        return unplaced(statement)
    properties = [_reassociation(found[0]), array_property("static_output_shape", shape, found[1])]
    sizes = [index_at(u) for u in statement.operands[1:]]
    return reading([types[0], *sizes], [types[1]], properties)


def pad(statement: Statement) -> Reading:
    """``tensor.pad %t nofold low[...] high[...] {...} : A to B``."""
    types = trailing_types(statement)
    if len(types) != 2 or not statement.operands:
        return unplaced(statement)
    properties: list[Property] = []
    counts = []
    for name, word in (("static_low", "low"), ("static_high", "high")):
        at = word_index(statement, word)
        if at < 0 or at + 1 >= len(statement.items) or statement.items[at + 1].kind != "group":
            return unplaced(statement)
        group = statement.items[at + 1]
        values = static_values(group)
        if values is None:
            return unplaced(statement)
        properties.append(array_property(name, values, group))
        counts.append(len(uses_in(statement, group)))
    properties.append(segments_property([1, *counts], statement.name_end))
    if word_index(statement, "nofold") >= 0:
        properties.append(Property("nofold", "unit", statement.name_end, statement.name_end))
    indices = [index_at(u) for u in statement.operands[1:]]
    return reading([types[0], *indices], [types[1]], properties)


def _paren_after(statement: Statement, word: str) -> Item | None:
    at = word_index(statement, word)
    if at < 0 or at + 1 >= len(statement.items):
        return None
    item = statement.items[at + 1]
    return item if item.kind == "group" and item.text.startswith("(") else None


def concat(statement: Statement) -> Reading:
    """``tensor.concat dim(0) %a, %b : (A, B) -> C``."""
    sig = statement.signature
    group = _paren_after(statement, "dim")
    if sig is None or sig.kind != "function" or group is None or len(sig.inputs) != len(statement.operands):
        return unplaced(statement)
    value = group.text.strip()[1:-1].strip()
    return reading(list(sig.inputs), list(sig.outputs), [Property("dim", value, group.start, group.end)])


def _dims_property(statement: Statement, word: str) -> list[Property] | None:
    group = _paren_after(statement, word)
    if group is None:
        return None
    inner = group.text.strip()[1:-1].strip()
    entries = group_entries(Item("group", inner, group.start, group.end)) if inner.startswith("[") else None
    if entries is None:
        return None
    try:
        values = [int(e) for e in entries]
    except ValueError:
        return None
    out = [array_property(word, values, group)]
    if word_index(statement, "unique") >= 0:
        out.append(Property("unique", "unit", statement.name_end, statement.name_end))
    return out


def gather(statement: Statement) -> Reading:
    """``tensor.gather %src[%idx] gather_dims([1]) unique : (A, I) -> R``."""
    sig = statement.signature
    properties = _dims_property(statement, "gather_dims")
    if sig is None or sig.kind != "function" or properties is None or len(sig.inputs) != len(statement.operands):
        return unplaced(statement)
    return reading(list(sig.inputs), list(sig.outputs), properties)


def scatter(statement: Statement) -> Reading:
    """``tensor.scatter %src into %dest[%idx] scatter_dims([1]) unique : (A, D, I) -> R``."""
    sig = statement.signature
    properties = _dims_property(statement, "scatter_dims")
    if sig is None or sig.kind != "function" or properties is None or len(sig.inputs) != len(statement.operands):
        return unplaced(statement)
    return reading(list(sig.inputs), list(sig.outputs), properties)


__all__ = ["DYNAMIC"]
