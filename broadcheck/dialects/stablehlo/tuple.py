"""``tuple`` and ``get_tuple_element`` of StableHLO and MHLO, as their type inference checks them
(``inferTupleOp``, ``inferGetTupleElementOp`` in TypeInference.cpp; the same words in jaxlib
0.10.2's MHLO): a tuple's result is exactly the tuple of its operands' types (a static size
against a ``?`` differs there); ``get_tuple_element``'s index is within the tuple and its result
is compatible with that element.

The custom form of ``tuple`` (``stablehlo.tuple %a, %b : tuple<A, B>``) takes its operands' types
from its one tuple type: its parser (:class:`~broadcheck.dialects.assembly.Assembly`) is all there
is to check. ``get_tuple_element``'s custom form (``%t[0] : (T) -> U``) writes its index in
brackets. A token (``!stablehlo.token``) is an element like any other: equal to a token alone. A
ranked ``memref`` (``HLO_Buffer``) is compared as a shaped type (with a tensor too: iree-opt 3.13
takes ``tuple<memref<2xf32>>`` -> ``tensor<2xf32>``), printed as MLIR prints it.
Not modelled (passed over): nested tuples where an element must be compared; a memref of another
layout or memory space than an integer or ``strided<...>``.
"""

from __future__ import annotations

import re

from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import reading, unplaced
from broadcheck.dialects.stablehlo.common import I32_NON_NEGATIVE, Reject, Unknown, checked, fail
from broadcheck.dialects.stablehlo.custom_call import tuple_elements
from broadcheck.ops import OpaqueType, Operation, Type
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import buffer, hlo_compatible, tensor_or_buffer, type_text
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, TypeText
from broadcheck.syntax.types import read_type

__all__ = ["get_tuple_element", "printed", "tuple_", "tuple_form"]


def printed(t: Type | str) -> str:
    """A type as MLIR prints it (tuples with ``, `` between their elements)."""
    elements = tuple_elements(t)
    if elements is not None:
        return "tuple<" + ", ".join(printed(e) for e in elements) + ">"
    if isinstance(t, str):
        return printed(_read(t))
    if _memref(t):
        return str(buffer(t))
    return type_text(t)


def _memref(t: Type | str) -> bool:
    return str(t).strip().startswith("memref<")


_TOKENS = ("!stablehlo.token", "!mhlo.token")


def tuple_form(statement: Statement) -> Reading:
    """``stablehlo.tuple %a, %b : tuple<A, B>``: the result is the tuple, each operand its element
    (as the custom parser gives them)."""
    sig = statement.signature
    if sig is None:
        return unplaced(statement)
    if sig.kind == "function":
        return reading(list(sig.inputs), list(sig.outputs))
    elements = tuple_elements(sig.inputs[0].text) if sig.kind == "list" and len(sig.inputs) == 1 else None
    if elements is None or len(elements) != len(statement.operands) or statement.result_count != 1:
        return unplaced(statement)
    whole = sig.inputs[0]
    operands = [TypeText(e, whole.start, whole.end, "".join(e.split())) for e in elements]
    return reading(operands, [whole])


def _read(text: str) -> Type:
    if text.strip() in _TOKENS:
        return OpaqueType(text.strip())
    try:
        found = read_type(text, {})
    except SyntaxProblem:  # (a function type among a tuple's elements: the parser's to word)
        raise Unknown(text) from None
    if isinstance(found, OpaqueType) and tuple_elements(found) is None and not _memref(found):
        raise Unknown(text)
    return found


def _mismatch(inferred: str, actual: str) -> Reject:
    return Reject(Problem("BC521", {"inferred": inferred, "actual": actual}, Subject("result", 0)))


@checked
def tuple_(op: Operation) -> None:
    """``tuple`` (generic form): tuple_c1, the result is the tuple of the operands' types."""
    if not op.generic:
        return  # (its parser gives the operands the tuple's element types)
    if len(op.results) != 1 or tuple_elements(op.results[0].type) is None:
        raise Unknown("a result that is no tuple (its ODS words it)")
    inferred = "tuple<" + ", ".join(printed(u.type) for u in op.operands) + ">"
    actual = printed(op.results[0].type)
    if inferred != actual:
        raise _mismatch(inferred, actual)


@checked
def get_tuple_element(op: Operation) -> None:
    """``get_tuple_element`` (generic form): get_tuple_element_c1 (the index within the tuple),
    c2 (the result compatible with that element)."""
    if len(op.operands) != 1 or len(op.results) != 1:
        raise Unknown("a form broadcheck does not read")
    if op.generic:
        attr = op.attribute("index")
        m = None if attr is None else re.fullmatch(r"\s*(-?\d+)\s*:\s*(i\d+)\s*", attr.text)
    else:  # `%t[1]`: the parser reads the index as an i32
        attr = next((a for a in op.attributes if a.name == ""), None)
        m = None if attr is None else re.fullmatch(r"\s*\[\s*(-?\d+)\s*\]\s*()", attr.text)
    if m is None:
        raise Unknown("index")
    index = int(m.group(1))
    if index < 0 or m.group(2) not in ("i32", ""):  # (its ODS: a non-negative I32Attr, as jaxlib's MHLO words it too)
        raise fail("BC562", name="index", constraint=I32_NON_NEGATIVE)
    elements = tuple_elements(op.operands[0].type)
    if elements is None:
        raise Unknown("an operand that is no tuple (its ODS words it)")
    if index >= len(elements):
        raise fail("BC1213", index=index, size=len(elements))
    element, result = _read(elements[index]), op.results[0].type
    nested = (tuple_elements(element) is not None, tuple_elements(result) is not None)
    if nested == (True, True) and printed(element) != printed(result):
        raise Unknown("two tuples: their elements' compatibility is not modelled")
    tokens = (_token(element), _token(result))
    if any(nested) or any(tokens):
        if printed(element) != printed(result):  # (a tuple is never compatible with a tensor)
            raise _mismatch(printed(element), printed(result))
        return
    if not hlo_compatible(tensor_or_buffer(element), tensor_or_buffer(result)):
        raise _mismatch(printed(element), printed(result))


def _token(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.text.strip() in _TOKENS
