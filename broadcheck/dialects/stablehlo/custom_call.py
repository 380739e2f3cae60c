"""``stablehlo.custom_call`` and ``mhlo.custom_call``, as ``CustomCallOp::verify`` checks them
(StableHLO's StablehloOps.cpp at iree-base-compiler 3.13; mlir-hlo's hlo_ops.cc in jaxlib 0.10.2,
which words the backend config apart): the operand and result layouts against the types (each
a permutation of its type's dimensions), ``output_operand_aliases`` (an operand in range, of the
aliased result's type), the backend config's kind for the API version, and, last, StableHLO's
buffers (``verifyKnownCustomCalls``): the targets ``CreateBuffer``, ``Pin`` and ``Unpin``, and each
memref operand aliased at most once, each memref output aliased once (checked with iree 3.13).

A custom call with none of these attributes relates no types: it verifies; a token takes an empty
layout only. Not modelled (passed over): layouts of memref types, MHLO's buffers, memrefs with a layout or memory space,
attributes of a form broadcheck does not read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.dialects.assembly import Wrong
from broadcheck.dialects.stablehlo.common import Reject, Unknown, checked, dialect_of, fail, is_mhlo, require
from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics.stablehlo import type_text
from broadcheck.syntax.attributes import Dense, Str, Struct, value
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Statement

__all__ = ["custom_call", "tuple_elements"]

_API_VERSIONS = ("API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
                 "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI")  # fmt: skip
_TYPED_FFI = 4
_BUFFER_TARGETS = frozenset({"CreateBuffer", "Pin", "Unpin"})


def tuple_elements(t: Type | str) -> list[str] | None:
    """The element types (as text) of a ``tuple<...>`` type, or ``None`` for another type."""
    text = " ".join(str(t).split())
    if not (text.startswith("tuple<") and text.endswith(">")):
        return None
    inner, depth, parts, current = text[len("tuple<") : -1], 0, [], ""
    for ch in inner:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current.strip())
    return parts


def _text(t: Type | str) -> str:
    """A type as MLIR prints it in a message (tuples with ``, `` between their elements)."""
    future = _future(t)
    if future is not None:
        return future
    if isinstance(t, str) or tuple_elements(t) is not None:
        elements = tuple_elements(t)
        if elements is None:
            text = re.sub(r"\s*,\s*", ", ", " ".join(t.split())) if isinstance(t, str) else ""
            if not (re.fullmatch(r"(?:tensor|memref)<[\w?*]+(?:<\w+>)?>", text) or _token(text)):
                raise Unknown(text)
            return text
        return "tuple<" + ", ".join(_text(e) for e in elements) + ">"
    if _memref(t) is not None:
        return " ".join(str(t).split())
    return type_text(t)


_MEMREF = lazy(r"memref<((?:[0-9?]+x)*)(\w+)>")


def _memref(t: Type | str) -> tuple[tuple[int | None, ...], str] | None:
    """A plain memref's shape and element type (``None``: not a memref); a layout or memory space
    is not read (:class:`Unknown`)."""
    text = "".join(str(t).split())
    if not text.startswith("memref<"):
        return None
    m = _MEMREF.fullmatch(text)
    if m is None:
        raise Unknown(text)
    return tuple(None if d == "?" else int(d) for d in m.group(1).split("x")[:-1]), m.group(2)


def _tensor_shape(t: Type | str) -> tuple[tuple[int | None, ...] | None, str] | None:
    """A tensor's shape (``None``: unranked) and element type, or ``None`` for another type."""
    if isinstance(t, ShapedType) and t.kind == "tensor" and not t.encoding and isinstance(t.element, str):
        return (None if t.shape is None else tuple(t.shape)), t.element
    if isinstance(t, ShapedType) or tuple_elements(t) is not None or _memref(t) is not None:
        return None
    raise Unknown(str(t))


def _token(t: Type | str) -> bool:
    return str(t).strip() in ("!stablehlo.token", "!mhlo.token")


def _future(t: Type | str) -> str | None:
    """A StableHLO future as MLIR prints it (``!stablehlo.future<tensor<2xf32>, tensor<i32>>``), or ``None``."""
    text = " ".join(str(t).split())
    if not (text.startswith("!stablehlo.future<") and text.endswith(">")):
        return None
    elements = tuple_elements("tuple<" + text[len("!stablehlo.future<") : -1] + ">") or []
    return "!stablehlo.future<" + ", ".join(_text(e) for e in elements) + ">"


def _readable(t: Type) -> bool:
    """A tensor (ranked or not), a tuple, a token or a future: the types broadcheck judges (memrefs are
    the buffer checks', not modelled)."""
    return (
        (isinstance(t, ShapedType) and t.kind == "tensor")
        or tuple_elements(t) is not None
        or _token(t)
        or _future(t) is not None
    )


def _printed(layout: Dense) -> str:
    """A layout as MLIR prints a ``DenseIntElementsAttr``: ``dense<[1, 0]>``, a splat ``dense<1>``,
    ``dense<>``, then its type."""
    values = _values(layout)
    if not values:
        body = ""
    elif len(set(values)) == 1:
        body = str(values[0])
    else:
        body = "[" + ", ".join(map(str, values)) + "]"
    return f"dense<{body}> : {layout.type}"


def _values(layout: Dense) -> list[int]:
    size = int(layout.type[len("tensor<") : -len("xindex>")]) if layout.type != "tensor<0xindex>" else 0
    if layout.values is None:
        return []
    if isinstance(layout.values, int) and not isinstance(layout.values, bool):
        return [layout.values] * size
    if isinstance(layout.values, list) and all(type(v) is int for v in layout.values):
        return [int(v) for v in layout.values]
    raise Unknown(str(layout))


def _layouts(op: Operation, name: str) -> list[Dense] | None:
    attr = op.attribute(name)
    if attr is None:
        return None
    found = value(attr.text)
    if not isinstance(found, list) or not all(isinstance(d, Dense) for d in found):
        raise Unknown(attr.text)
    for d in found:
        assert isinstance(d, Dense)
        if not re.fullmatch(r"tensor<\d+xindex>", d.type):
            raise Unknown(attr.text)
        if d.values is not None and len(_values(d)) != int(d.type[len("tensor<") : -len("xindex>")]):
            raise Unknown(attr.text)
    return [d for d in found if isinstance(d, Dense)]


def _verify_layouts(op: Operation, types: Sequence[Type | str], layouts: Sequence[Dense], what: str) -> None:
    """``verifyTypesAndLayouts``: one layout per value, no tuple, a ranked tensor's a
    permutation of ``[0, rank)``."""
    if len(types) != len(layouts):
        raise fail("BC1202", value=what, count=len(types), layouts=len(layouts))
    for index, (t, layout) in enumerate(zip(types, layouts, strict=True)):
        values = _values(layout)
        if tuple_elements(t) is not None:
            raise fail("BC1210")
        if _token(t):  # (no shaped type: its layout must be empty)
            if values:
                raise fail("BC1145", value=what, index=index, type=str(t).strip(), layout=_printed(layout))
            continue
        rank = _rank(t)
        if rank is None:
            continue
        if len(values) != rank or sorted(values) != list(range(rank)):
            raise fail("BC1204", layout=_printed(layout), type=_text(t), rank=rank)


def _rank(t: Type | str) -> int | None:
    """A tensor's rank (``None`` unranked), from its type or its text (a tuple's element)."""
    if isinstance(t, ShapedType):
        return None if t.shape is None else len(t.shape)
    m = re.fullmatch(r"tensor<((?:[0-9?]+x)*)\w+>|tensor<\*x\w+>", _text(t))
    if m is None:
        raise Unknown(str(t))
    return None if m.group(0).startswith("tensor<*") else m.group(1).count("x")


def _part(t: Type | str, indices: Sequence[int], code: str) -> Type | str:
    """The part of ``t`` that tuple ``indices`` lead to (out of bounds: ``code``)."""
    for i in indices:
        elements = tuple_elements(t)
        if elements is None or not 0 <= i < len(elements):
            raise fail(code)
        t = elements[i]
    return t


def _aliases(op: Operation) -> list[tuple[list[int], int, list[int]]]:
    """Each ``output_operand_alias``: its output tuple indices, operand index, operand tuple indices."""
    attr = op.attribute("output_operand_aliases")
    if attr is None:
        return []
    found = value(attr.text)
    name = f"#{dialect_of(op)}.output_operand_alias"
    if not isinstance(found, list):
        raise Unknown(attr.text)
    out = []
    for alias in found:
        if not isinstance(alias, Struct) or alias.name != name or alias.positional:
            raise Unknown(attr.text)
        fields = alias.fields
        if len(fields) != 3:
            raise Unknown(attr.text)  # a parameter missing: the attribute parser's `expected '...'`
        index = fields.get("operand_index")
        output, operand = fields.get("output_tuple_indices", []), fields.get("operand_tuple_indices", [])
        if type(index) is not int or set(fields) - {"output_tuple_indices", "operand_index", "operand_tuple_indices"}:
            raise Unknown(attr.text)
        if not (isinstance(output, list) and isinstance(operand, list)):
            raise Unknown(attr.text)
        if not all(type(i) is int for i in (*output, *operand)):
            raise Unknown(attr.text)
        out.append(([int(i) for i in output], int(index), [int(i) for i in operand]))
    return out


def output_operand_aliases(op: Operation) -> None:
    """``verifyOutputOperandAliasing`` (custom_call's, MHLO's fusion's): each alias's operand in range, its
    tuple indices in bounds, the operand part of the output part's type."""
    for output_indices, index, operand_indices in _aliases(op):
        if not 0 <= index < len(op.operands):
            raise fail("BC1205", count=len(op.operands), index=index)
        operand = _part(op.operands[index].type, operand_indices, "BC1211")
        if not op.results:
            raise Unknown("an alias without results")
        whole: Type | str = op.results[0].type
        if len(op.results) > 1:
            whole = "tuple<" + ", ".join(_text(u.type) for u in op.results) + ">"
        output = _part(whole, output_indices, "BC1212")
        if _text(operand) != _text(output):
            raise fail("BC1206", operand=_text(operand), output=_text(output))


def _api_version(op: Operation) -> int:
    attr = op.attribute("api_version")
    if attr is None:
        return 1  # (ODS's default: API_VERSION_ORIGINAL)
    found = value(attr.text)
    if type(found) is not int or not 0 <= found < len(_API_VERSIONS) or not attr.text.rstrip().endswith("i32"):
        raise Unknown(attr.text)
    return int(found)


@checked
def custom_call(op: Operation) -> None:
    """``custom_call``: its required target name (generic form), then ``CustomCallOp::verify``:
    layouts, output-operand aliases, the backend config's kind, then StableHLO's buffers
    (``verifyKnownCustomCalls``)."""
    require(op, "call_target_name")
    types = [u.type for u in (*op.operands, *op.results)]
    memrefs = any("memref<" in str(t) for t in types)  # (a tuple of memrefs too)
    if not memrefs and not all(_readable(t) for t in types):
        raise Unknown("a type broadcheck does not judge")
    target = op.attribute("call_target_name")
    name = value(target.text) if target is not None else None
    if target is not None and not isinstance(name, Str):
        raise Unknown(target.text)
    operand_layouts, result_layouts = _layouts(op, "operand_layouts"), _layouts(op, "result_layouts")
    if operand_layouts is not None or result_layouts is not None:
        if operand_layouts is None or result_layouts is None:
            raise fail("BC1201")
        if memrefs:
            raise Unknown("memref types")
        # (one tuple result: its elements take the result layouts)
        elements = tuple_elements(op.results[0].type) if len(op.results) == 1 else None
        results: list[Type | str] = [u.type for u in op.results] if elements is None else list(elements)
        _verify_layouts(op, [u.type for u in op.operands], operand_layouts, "operand")
        _verify_layouts(op, results, result_layouts, "result")
    output_operand_aliases(op)
    config = op.attribute("backend_config")
    if config is not None:
        version = _api_version(op)
        found = value(config.text)
        if not isinstance(found, (Str, dict)):
            raise Unknown(config.text)
        wants_dict = version == _TYPED_FFI
        if wants_dict != isinstance(found, dict):
            if is_mhlo(op):
                raise fail("BC1207" if wants_dict else "BC1208")
            raise fail("BC1209", version=_API_VERSIONS[version], kind="dictionary" if wants_dict else "string")
    if memrefs or (isinstance(name, Str) and name.text in _BUFFER_TARGETS):
        if is_mhlo(op):
            raise Unknown("MHLO's buffers")
        _known_custom_calls(op, name.text if isinstance(name, Str) else "")


def _compatible(a: tuple[int | None, ...] | None, b: tuple[int | None, ...]) -> bool:
    return a is None or (len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b, strict=True)))


def _buffer_target(op: Operation, target: str) -> None:
    """CreateBuffer, Pin and Unpin: their counts and types, in the verifier's order."""

    def wrong(requirement: str) -> Reject:
        return fail("BC907", target=target, requirement=requirement)

    if target == "CreateBuffer":
        if op.operands:
            raise wrong("shouldn't have any inputs")
        if len(op.results) != 1:
            raise wrong("should have one result")
        if _memref(op.results[0].type) is None:
            raise wrong("should have a memref result")
        return
    source, sink = ("tensor", "memref") if target == "Pin" else ("memref", "tensor")
    if len(op.operands) != 1:
        raise wrong("should have one input")
    given = op.operands[0].type
    tensor_in, memref_in = _tensor_shape(given), _memref(given)
    if (tensor_in if source == "tensor" else memref_in) is None:
        raise wrong(f"should have a {source} input")
    if len(op.results) != 1:
        raise wrong("should have one output")
    made = op.results[0].type
    tensor_out, memref_out = _tensor_shape(made), _memref(made)
    if (memref_out if sink == "memref" else tensor_out) is None:
        raise wrong(f"should have a {sink} output")
    tensor_side, memref_side = (tensor_in, memref_out) if target == "Pin" else (tensor_out, memref_in)
    assert tensor_side is not None and memref_side is not None
    if not _compatible(tensor_side[0], memref_side[0]) or tensor_side[1] != memref_side[1]:
        raise wrong("should have compatible input and output types")


def _leaves(t: Type | str, path: tuple[int, ...]) -> list[tuple[tuple[int, ...], Type | str]]:
    """``hlo::mapOverLeafTypes``: each non-tuple part of ``t`` with its tuple indices."""
    elements = tuple_elements(t)
    if elements is None:
        return [(path, t)]
    return [leaf for i, e in enumerate(elements) for leaf in _leaves(e, (*path, i))]


def _known_custom_calls(op: Operation, target: str) -> None:
    """``verifyKnownCustomCalls``: the buffer targets, then each memref operand aliased at most
    once and to one output each, and every memref output aliased."""
    if target in _BUFFER_TARGETS:
        _buffer_target(op, target)
        return
    outputs: set[tuple[int, ...]] = set()
    operands: set[tuple[int, tuple[int, ...]]] = set()
    for output_indices, index, operand_indices in _aliases(op):
        if _memref(_part(op.operands[index].type, operand_indices, "BC1211")) is None:
            continue
        out_key, in_key = tuple(output_indices), (index, tuple(operand_indices))
        # (the tool emits these two as errors yet lets the op verify: iree-opt prints them, exits 0)
        if out_key in outputs:
            raise fail("BC909", indices=_indices(out_key))
        if in_key in operands:
            raise fail("BC908", index=index, indices=_indices(in_key[1]))
        outputs.add(out_key)
        operands.add(in_key)
    whole: Type | str = (
        op.results[0].type if len(op.results) == 1 else "tuple<" + ", ".join(_text(u.type) for u in op.results) + ">"
    )
    for path, leaf in _leaves(whole, ()):
        if _memref(leaf) is not None and path not in outputs:
            raise fail("BC910", indices=_indices(path))


def _indices(path: Sequence[int]) -> str:
    return "[" + ", ".join(map(str, path)) + "]"


def custom_call_form(statement: Statement, custom: str) -> Wrong | None:
    """``custom_call`` in its custom form names its target first, as a symbol (``@f(%a) ...``); a
    string there is the parser's error (checked with iree 3.13)."""
    items = statement.items
    if items and items[0].kind != "symbol":
        return f"{custom}expected valid '@'-identifier for symbol name", items[0].start
    return None
