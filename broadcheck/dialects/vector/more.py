"""Vector's element-shuffling ops (``vector.shuffle``, ``interleave``, ``deinterleave``,
``from_elements``, ``to_elements``, ``scalable.insert``, ``scalable.extract``) and its small ops
(``print``, ``vscale``): their custom forms and their ODS predicates and verifiers (``VectorOps.td``,
``VectorOps.cpp`` of the MLIR that iree-base-compiler 3.13 carries), in the verifier's order."""

from __future__ import annotations

from math import prod

from broadcheck.dialects.assembly import Wrong
from broadcheck.dialects.common import detail
from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import (
    View,
    array_property,
    constraint,
    derived,
    groups,
    int_list,
    is_float,
    predicate,
    printed,
    reading,
    static_values,
    trailing_types,
    unplaced,
    view,
    view_text,
)
from broadcheck.ops import Operation, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText


def _vector(t: Type) -> View | None:
    v = view(t)
    return v if v is not None and v.kind == "vector" and v.shape is not None else None


def _text(shape: list[int | None], scalable: list[bool], element: str) -> str:
    dims = "".join(f"[{d}]x" if s else f"{d}x" for d, s in zip(shape, scalable, strict=True))
    return f"vector<{dims}{element}>"


# ---------------------------------------------------------------- forms


def shuffle(statement: Statement) -> Reading:
    """``vector.shuffle %a, %b [0, 1] : V1, V2``: the parser infers the result, ``vector<n x V1's
    trailing dims>`` (``n`` the mask's length, at least 1)."""
    types = trailing_types(statement)
    found = groups(statement)
    values = static_values(found[-1]) if found else None
    if len(types) != 2 or len(statement.operands) != 2 or values is None or statement.result_count != 1:
        return unplaced(statement)
    v1 = view_text(types[0].text)
    if v1 is None or v1.kind != "vector" or v1.shape is None:
        return unplaced(statement)
    rest = list(v1.shape[1:])
    scalable = [v1.scalable_at(k) for k in range(1, len(v1.shape))]
    result = derived(_text([max(1, len(values)), *rest], [False, *scalable], v1.element), types[0])
    return reading(types, [result], [array_property("mask", values, found[-1])])


def interleave(statement: Statement) -> Reading:
    """``vector.interleave %a, %b : V -> R``: both operands are V."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) != 2 or statement.result_count != 1:
        return unplaced(statement)
    return reading([types[0], types[0]], [types[1]])


def deinterleave(statement: Statement) -> Reading:
    """``%r:2 = vector.deinterleave %a : V -> R``: both results are R."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) != 1 or statement.result_count != 2:
        return unplaced(statement)
    return reading([types[0]], [types[1], types[1]])


def from_elements(statement: Statement) -> Reading:
    """``vector.from_elements %a, %b : V``: each operand is V's element."""
    types = trailing_types(statement)
    v = view_text(types[0].text) if len(types) == 1 else None
    if v is None or v.kind != "vector" or v.shape is None or statement.result_count > 1:
        return unplaced(statement)
    written = Property("dest", types[0].text, types[0].start, types[0].end)  # (whether bound or not)
    operands = [derived(v.element, use) for use in statement.operands]
    return reading(operands, [types[0]] * statement.result_count, [written])


def to_elements(statement: Statement) -> Reading:
    """``%e:4 = vector.to_elements %v : V``: each result is V's element."""
    types = trailing_types(statement)
    v = view_text(types[0].text) if len(types) == 1 else None
    if v is None or v.kind != "vector" or v.shape is None or len(statement.operands) != 1:
        return unplaced(statement)
    if statement.result_count != prod(d or 0 for d in v.shape):
        return unplaced(statement)
    return reading([types[0]], [derived(v.element, types[0])] * statement.result_count)


def scalable_insert(statement: Statement) -> Reading:
    """``vector.scalable.insert %s, %v[8] : S into V``: the result is V."""
    types = trailing_types(statement)
    found = groups(statement)
    values = static_values(found[-1]) if found else None
    if len(types) != 2 or len(statement.operands) != 2 or values is None or len(values) != 1:
        return unplaced(statement)
    pos = [array_property("pos", values, found[-1])]
    return reading(types, [types[1]], [pos[0]._replace(text=f"{values[0]} : i64")])


def scalable_extract(statement: Statement) -> Reading:
    """``vector.scalable.extract %v[8] : R from V``."""
    types = trailing_types(statement)
    found = groups(statement)
    values = static_values(found[-1]) if found else None
    if len(types) != 2 or len(statement.operands) != 1 or values is None or len(values) != 1:
        return unplaced(statement)
    pos = array_property("pos", values, found[-1])._replace(text=f"{values[0]} : i64")
    return reading([types[1]], [types[0]], [pos])


def print_(statement: Statement) -> Reading:
    """``vector.print %v : T [punctuation <...>]`` or ``vector.print str "..."``: the words ``str``
    and ``punctuation`` as the properties they write."""
    types = list(statement.signature.inputs) if statement.signature is not None else []
    if statement.result_count or len(types) != len(statement.operands) or len(types) > 1:
        return unplaced(statement)
    words = {i.text: i for i in statement.items if i.kind == "word" and i.text in ("str", "punctuation")}
    names = {"str": "stringLiteral", "punctuation": "punctuation"}
    properties = [Property(names[w], w, i.start, i.end) for w, i in words.items()]
    return reading(types, [], properties)


def vscale(statement: Statement) -> Reading:
    """``%0 = vector.vscale``: an ``index``, written nowhere."""
    if statement.operands or statement.result_count != 1 or statement.signature is not None:
        return unplaced(statement)
    return reading([], [TypeText("index", statement.name_start, statement.name_end, "index")])


# ---------------------------------------------------------------- checks


SHUFFLE_OPERAND = "fixed-length vector of any non-token type values"


def check_shuffle(op: Operation, profile: Profile) -> Problem | None:
    """``vector.shuffle``: fixed-length operands, element types (ODS), then ranks, trailing dims,
    the mask's length and indices."""
    if len(op.operands) != 2 or len(op.results) != 1:
        return None
    v1, v2, result = (_vector(t) for t in (op.operands[0].type, op.operands[1].type, op.results[0].type))
    mask = int_list(op, "mask")
    if v1 is None or v2 is None or result is None or mask is None:
        return None
    for index, v in enumerate((v1, v2)):
        if any(v.scalable):
            return constraint("operand", index, SHUFFLE_OPERAND, op.operands[index].type)
    if any(result.scalable):
        return constraint("result", 0, SHUFFLE_OPERAND, op.results[0].type)
    for name, v in (("first operand v1", v1), ("second operand v2", v2)):
        if v.element != result.element:
            return predicate(f"{name} and result have same element type")
    assert v1.shape is not None and v2.shape is not None and result.shape is not None
    r1, r2, rr = len(v1.shape), len(v2.shape), len(result.shape)
    if not ((r1 == 0 and r2 == 0 and rr == 1) or (r1 == rr and r2 == rr)):
        return Problem("BC1366", detail("BC1366", "rank"))
    for r in range(1, r1):
        if not result.shape[r] == v1.shape[r] == v2.shape[r]:
            return Problem("BC1366", detail("BC1366", "dims"))
    if not mask:
        return Problem("BC1366", detail("BC1366", "length"))
    if len(mask) != result.shape[0]:
        return Problem("BC1366", detail("BC1366", "length-mismatch"))
    size = (v1.shape[0] if r1 else 1) or 0
    size += (v2.shape[0] if r2 else 1) or 0
    for index, m in enumerate(mask):
        if m != -1 and not 0 <= m < size:
            return Problem("BC1366", detail("BC1366", "index", n=index + 1))
    return None


def check_interleave(op: Operation, profile: Profile) -> Problem | None:
    """``vector.interleave``: its operands alike, the result of twice their trailing dim."""
    if len(op.operands) != 2 or len(op.results) != 1:
        return None
    lhs = _vector(op.operands[0].type)
    if lhs is None or _vector(op.operands[1].type) is None or _vector(op.results[0].type) is None:
        return None
    if printed(op.operands[0].type) != printed(op.operands[1].type):
        return predicate("all of {lhs, rhs} have same type")
    assert lhs.shape is not None
    shape = list(lhs.shape) or [1]
    scalable = [lhs.scalable_at(k) for k in range(len(lhs.shape))] or [False]
    shape[-1] = (shape[-1] or 0) * 2
    if printed(op.results[0].type) != _text(shape, scalable, lhs.element):
        return predicate("type of 'result' is double the width of the inputs", Subject("result", 0))
    return None


DEINTERLEAVE_SOURCE = "vector of any non-token type values"


def check_deinterleave(op: Operation, profile: Profile) -> Problem | None:
    """``vector.deinterleave``: a source of rank 1 or more (ODS), an even trailing dim, the results
    of half its trailing dim, alike."""
    if len(op.operands) != 1 or len(op.results) != 2:
        return None
    source = _vector(op.operands[0].type)
    if source is None or any(_vector(r.type) is None for r in op.results):
        return None
    assert source.shape is not None
    if not source.shape:
        return constraint("operand", 0, DEINTERLEAVE_SOURCE, op.operands[0].type)
    last = source.shape[-1] or 0
    if last % 2:
        return predicate("the trailing dimension of the source vector has an even number of elements")
    shape = [*source.shape[:-1], last // 2]
    scalable = [source.scalable_at(k) for k in range(len(source.shape))]
    if printed(op.results[0].type) != _text(shape, scalable, source.element):
        return predicate("the trailing dimension of the results is half the width of source trailing dimension")
    if printed(op.results[1].type) != printed(op.results[0].type):
        return predicate("all of {res1, res2} have same type")
    return None


FROM_ELEMENTS_DEST = "fixed-length vector of any non-token type values"


def check_from_elements(op: Operation, profile: Profile) -> Problem | None:
    """``vector.from_elements``: its parser's count of operands against the type's elements, then a
    fixed-length result with one operand of its element type per element (ODS)."""
    written = op.attribute("dest")
    result = view_text(written.text) if written is not None and not op.generic else None
    if result is None and len(op.results) == 1:
        result = _vector(op.results[0].type)
    if result is None or result.kind != "vector" or result.shape is None:
        return None
    count = prod(d or 0 for d in result.shape)
    if not op.generic and len(op.operands) != count:
        args = {"name": op.name, "operands": len(op.operands), "types": count}
        return Problem("BC1367", args, span=op.operands[0].span if op.operands else None)
    if op.results and any(result.scalable):
        return constraint("result", 0, FROM_ELEMENTS_DEST, op.results[0].type)
    if len(op.operands) != count or any(printed(u.type) != result.element for u in op.operands):
        return predicate("operand types match result element type")
    return None


def check_to_elements(op: Operation, profile: Profile) -> Problem | None:
    """``vector.to_elements``: one result of the source's element type per element."""
    if len(op.operands) != 1:
        return None
    source = _vector(op.operands[0].type)
    if source is None or any(source.scalable):
        return None
    assert source.shape is not None
    if len(op.results) != prod(d or 0 for d in source.shape):
        return predicate("result types match operand element type")
    if any(printed(r.type) != source.element for r in op.results):
        return predicate("result types match operand element type")
    return None


def _pos(op: Operation) -> int | None:
    attr = op.attribute("pos")
    if attr is None:
        return None
    text = attr.text.strip().removesuffix(": i64").strip()
    try:
        return int(text)
    except ValueError:
        return None


def check_scalable_insert(op: Operation, profile: Profile) -> Problem | None:
    """``vector.scalable.insert``: the ODS predicates (element types, dest and result alike, the
    position a multiple of the source's length), then its verifier."""
    if len(op.operands) != 2 or len(op.results) != 1:
        return None
    source, dest = _vector(op.operands[0].type), _vector(op.operands[1].type)
    pos = _pos(op)
    if source is None or dest is None or pos is None or not source.shape or not dest.shape:
        return None
    if source.element != dest.element:
        return predicate("all of {valueToStore, dest} have same element type")
    if printed(op.operands[1].type) != printed(op.results[0].type):
        return predicate("all of {dest, res} have same type")
    if pos % (source.shape[-1] or 1):
        return predicate("position is a multiple of the source length.")
    return None


def check_scalable_extract(op: Operation, profile: Profile) -> Problem | None:
    """``vector.scalable.extract``: the ODS predicates (element types, the position a multiple of
    the result's length)."""
    if len(op.operands) != 1 or len(op.results) != 1:
        return None
    source, result = _vector(op.operands[0].type), _vector(op.results[0].type)
    pos = _pos(op)
    if source is None or result is None or pos is None or not source.shape or not result.shape:
        return None
    if source.element != result.element:
        return predicate("all of {source, result} have same element type")
    if pos % (result.shape[-1] or 1):
        return predicate("position is a multiple of the result length.")
    return None


def _printable(t: Type) -> bool:
    text = printed(t)
    v = view(t)
    if v is not None:
        return v.kind == "vector"
    return text == "index" or (text[:1] in ("i", "f", "s", "u", "b") and not text.startswith("!"))


def check_print(op: Operation, profile: Profile) -> Problem | None:
    """``vector.print``: a scalar or vector source (ODS), and a string printed with neither a source
    nor punctuation."""
    if op.results:
        return None
    if op.operands and not _printable(op.operands[0].type):
        return constraint("operand", 0, "", op.operands[0].type)
    string = op.attribute("stringLiteral")
    if string is not None and (op.operands or op.attribute("punctuation") is not None):
        return predicate("`source` or `punctuation` are not set when printing strings")
    return None


def check_vscale(op: Operation, profile: Profile) -> Problem | None:
    """``vector.vscale``: an ``index`` result."""
    if len(op.results) != 1 or op.operands:
        return None
    t = op.results[0].type
    return None if printed(t) == "index" else constraint("result", 0, "index", t)


FMA = "vector of floating-point values"


def check_fma(op: Operation, profile: Profile) -> Problem | None:
    """``vector.fma``: vectors of floats (ODS); its form writes one type for all (bound or not)."""
    for kind, uses in (("operand", op.operands), ("result", op.results)):
        for index, use in enumerate(uses):
            v = _vector(use.type)
            if v is None or not is_float(v.element):
                return constraint(kind, index, FMA, use.type)
    if len({printed(u.type) for u in (*op.operands, *op.results)}) > 1:
        return predicate("all of {lhs, rhs, acc, result} have same type")
    return None


def fma_parse(statement: Statement) -> Wrong | None:
    """``vector.fma``'s one type must be a vector (its parser's ``type($lhs)`` of a VectorType)."""
    sig = statement.signature
    if sig is None or sig.kind != "list" or len(sig.inputs) != 1:
        return None
    t = sig.inputs[0]
    v = view_text(t.text)
    if v is not None and v.kind == "vector":
        return None
    message = (
        f"custom op '{statement.name}' invalid kind of type specified: expected builtin.vector, but found '{t.text}'"
    )
    return message, t.start


def insert_strided_slice(statement: Statement) -> Reading:
    """``vector.insert_strided_slice %s, %d offsets = [...], strides = [...] : S into D``."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) != 2 or statement.result_count > 1:
        return unplaced(statement)
    return reading(types, [types[1]] * statement.result_count)


def strided_parse(statement: Statement) -> Wrong | None:
    """``vector.insert_strided_slice``/``extract_strided_slice``: the form writes ``offsets = [...]``
    after its operands; an attribute dictionary there (the form of older MLIR) is not it."""
    after = [i for i in statement.items if i.start >= statement.name_end and i.kind != "value" and i.text != ","]
    if after and after[0].kind == "dict":
        return f"custom op '{statement.name}' expected 'offsets'", after[0].start
    return None


def check_insert_strided_slice(op: Operation, profile: Profile) -> Problem | None:
    """``vector.insert_strided_slice``: element types (ODS), then its verifier in order: the offsets'
    and strides' lengths, the ranks, offsets within the dest's dims, unit strides, offsets plus the
    source's dims within the dest's, scalable dims alike and taken whole."""
    if len(op.operands) != 2:
        return None
    source, dest = _vector(op.operands[0].type), _vector(op.operands[1].type)
    offsets, strides = int_list(op, "offsets"), int_list(op, "strides")
    if source is None or dest is None or offsets is None or strides is None:
        return None
    assert source.shape is not None and dest.shape is not None
    if source.element != dest.element:
        return predicate("operand #0 and result have same element type")
    if len(offsets) != len(dest.shape):
        return Problem("BC1368", detail("BC1368", "offsets"))
    if len(strides) != len(source.shape):
        return Problem("BC1368", detail("BC1368", "strides"))
    if len(source.shape) > len(dest.shape):
        return Problem("BC1368", detail("BC1368", "rank"))
    shape = [d or 0 for d in dest.shape]
    for i, o in enumerate(offsets):
        if not 0 <= o < shape[i]:
            return Problem("BC1080", {"name": "offsets", "i": i, "low": 0, "high": shape[i]})
    if any(s != 1 for s in strides):
        return Problem("BC1081", {"name": "strides", "low": 1, "high": 2})
    diff = len(dest.shape) - len(source.shape)
    padded = [0] * diff + [d or 0 for d in source.shape]
    for i, (o, s) in enumerate(zip(offsets, padded, strict=True)):
        if not 0 <= o + s <= shape[i]:  # (the message says [1, ...): a leading dim's 0 + 0 passes)
            args = {"a": "offsets", "b": "source vector shape", "i": i, "low": 1, "high": shape[i] + 1}
            return Problem("BC1082", args)
    for i in range(len(source.shape)):
        if source.scalable_at(i) != dest.scalable_at(i + diff):
            return Problem("BC1368", detail("BC1368", "scalable", i=i))
        if source.scalable_at(i) and source.shape[i] != dest.shape[i + diff]:
            return Problem("BC1084", {"i": i, "size": source.shape[i], "base": dest.shape[i + diff]})
    return None
