"""``stablehlo.reduce``: its inputs, dimensions and body against each other, as StableHLO's
verifier checks them (``verifyReduceOpInputsAndInferShape``, ``verifyReducerShape``,
``inferReduceOp`` in TypeInference.cpp at iree-base-compiler 3.13).

Three printed forms: the compact ``stablehlo.reduce(%a init: %b) applies stablehlo.add
across dimensions = [1] : (T, U) -> V``, whose body the parser builds (two 0-d arguments of
the input's element type, the inner op, its result returned); the custom form with a
``reducer(%x: T, %y: T) {...}`` region; the generic form with its region and ``dimensions``.
The parser locates a custom form's op just after its name (``stablehlo.reduce(``), so its
problems are reported there.

The compact form's inner op must be a commutative binary op of the reduce's dialect
(:func:`reduce_form`, the parser's rule). Not modelled (passed over): quantized element types,
bounded inputs, an odd number of operands, a body broadcheck cannot read, and the inner op's own
verifier.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.dialects.assembly import Wrong
from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    Attrs,
    Reject,
    Spec,
    Tensor,
    Unknown,
    checked,
    ods_operands,
    ods_results,
    ranked,
    returned,
    shaped,
    tensors,
)
from broadcheck.dialects.stablehlo.custom_call import tuple_elements
from broadcheck.dialects.stablehlo.tuple import printed
from broadcheck.ops import Operation, ShapedType, Span, Type
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import element, hlo_compatible
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Statement

_INT = lazy(r"(?:i|si|ui)(\d+)")
_FLOAT_BITS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def _at(op: Operation) -> Span | None:
    """Where the tool reports the op: a custom form's location is just after its name."""
    if op.generic:
        return None
    s = op.name_span
    return Span(s.line, s.end_column, s.line, s.end_column + 1)


def _family(elem: str) -> str:
    e = element(elem)
    if e.quant is not None:
        return "quant"  # hloquant: compared by quant.promotable
    if e.family in ("sint", "uint", "bool") or _INT.fullmatch(elem):
        return "int"
    if e.family == "float" or elem in ("tf32", "f80", "f128"):
        return "float"
    if elem.startswith("complex"):
        return "complex"
    raise Unknown(elem)


def _bits(elem: str) -> int:
    m = _INT.fullmatch(elem)
    if m:
        return int(m.group(1))
    if elem in _FLOAT_BITS:
        return _FLOAT_BITS[elem]
    if elem == "complex<f32>":
        return 64
    if elem == "complex<f64>":
        return 128
    raise Unknown(elem)


def _same_element(a: str, b: str, ignore_fp: bool) -> bool:
    """``tensorsHaveSameElType`` of two element types."""
    if ignore_fp and _family(a) == "float" and _family(b) == "float":
        return True
    return a == b


def _promotable(a: str, b: str) -> bool:
    """``isPromotableElementType(a, b, ignoreFpPrecision=true)``."""
    if (quantized := quant.promotable(a, b)) is not None:  # hloquant
        return quantized
    fa, fb = _family(a), _family(b)
    if fa != fb:
        return False
    if fa == "float":
        return True
    return _bits(a) <= _bits(b)


def _compatible(a: Sequence[int | None], b: Sequence[int | None]) -> bool:
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b, strict=True))


def _quoted(t: Type) -> str:
    return f"'{t}'"


def _body(op: Operation, inputs: Sequence[Tensor]) -> tuple[tuple[Type, ...], tuple[Type, ...] | None]:
    """The body's entry arguments and what its terminator returns (``None``: its block ends in none)."""
    if not op.regions:
        if op.generic:
            raise Unknown("a body broadcheck did not read")
        # the compact form: the parser builds the body from the first input's element type
        scalar = ShapedType("tensor", (), inputs[0].element.text)
        return (scalar, scalar), (scalar,)
    region = op.regions[0]
    if not returned(region, op):
        return region.arguments, None
    return region.arguments, region.yields


def reducer_shape(
    arguments: Sequence[Type], yields: Sequence[Type], inputs: Sequence[Tensor], inits: Sequence[Tensor],
    allowed: Sequence[int | None], at: Span | None, terminated: bool = True,
) -> list[ShapedType]:  # fmt: skip
    """``verifyReducerShape``: the body's arguments and results against the inputs and init values;
    the accumulator types (what the body returns). ``terminated``: whether the body's block ends in a
    terminator (:func:`~broadcheck.dialects.stablehlo.common.returned`)."""
    n = len(inputs)
    arguments, yields = quant.normalized(arguments), quant.normalized(yields)  # hloquant

    def reject(code: str, **args: object) -> Reject:
        return Reject(Problem(code, args, span=at))

    if len(arguments) != 2 * n:
        raise reject("BC1015", expected=2 * n, count=len(arguments))
    if not terminated:
        raise reject("BC1862")
    if not yields:
        raise reject("BC1016")
    if len(yields) != n:
        raise reject("BC1017", expected=n, count=len(yields))
    accumulators: list[ShapedType] = []
    for t in yields:
        if not isinstance(t, ShapedType):
            if tuple_elements(t) is not None:
                raise reject("BC1069", type=f"'{printed(t)}'")  # (as MLIR prints a tuple: `, ` between)
            if not re.fullmatch(r"[a-z]\w*", str(t)):
                raise Unknown(str(t))
            raise reject("BC1069", type=f"'{t}'")
        accumulators.append(t)
    for i in range(n):
        acc, arg, arg2 = accumulators[i], arguments[i], arguments[n + i]
        if not isinstance(arg, ShapedType) or not isinstance(arg2, ShapedType):
            raise Unknown("a body argument")
        for t in (acc, arg, arg2):
            if t.kind != "tensor" or t.shape is None or t.encoding is not None:
                raise Unknown(str(t))
            _family(t.element)
        assert acc.shape is not None and arg.shape is not None and arg2.shape is not None
        if not (_compatible(acc.shape, arg.shape) and _same_element(acc.element, arg.element, False)):
            raise reject("BC1018", index=i, arg=_quoted(arg), acc=_quoted(acc))
        if not (_compatible(acc.shape, arg2.shape) and _same_element(acc.element, arg2.element, True)):
            raise reject("BC1018", index=n + i, arg=_quoted(arg2), acc=_quoted(acc))
        init = inits[i]
        if not _compatible(ranked(init), acc.shape):
            raise reject("BC1019", index=i, acc=_quoted(acc), init=f"'{init}'")
        if not _promotable(init.element.text, acc.element):
            raise reject("BC1020", index=i, acc=_quoted(acc), init=f"'{init}'")
        if not _promotable(inputs[i].element.text, arg2.element):
            raise reject("BC1021", index=n + i, input=f"'{inputs[i].element.text}'", arg=f"'{arg2.element}'")
        shape = arg2.shape
        if len(shape) > len(allowed):
            raise reject("BC1022", index=n + i, allowed=len(allowed), rank=len(shape))
        k = 0
        for size in allowed:
            if k >= len(shape):
                break
            if size is None or shape[k] is None or size == shape[k]:
                k += 1
        if k != len(shape):
            raise reject("BC1023", index=n + i, input=i)
    return accumulators


@checked
def reduce(op: Operation) -> None:
    """``stablehlo.reduce``: reduce_c1 to c8."""
    at = _at(op)
    attrs = Attrs(op, Spec("dimensions", "i64-array")).parse()
    if (len(op.operands) % 2 and not op.generic) or len(op.operands) < 2:
        raise Unknown("an odd number of operands")
    dimensions = attrs.verify()["dimensions"]
    assert isinstance(dimensions, tuple)
    n = len(op.operands) // 2  # (SameVariadicOperandSize splits an odd count so: the last is left out)
    # the custom forms write the operands in pairs, `(%a init: %b), (%c init: %d)`
    order = list(range(2 * n)) if op.generic else [*range(0, 2 * n, 2), *range(1, 2 * n, 2)]
    ods_operands(op, [TENSOR], variadic=0, order=order)
    ods_results(op, [TENSOR], variadic=True)
    written, results = tensors(op)
    written = written[: 2 * n]
    operands = [written[i] for i in order]
    inputs, inits = operands[:n], operands[n:]
    if any(t.bounds is not None for t in (*operands, *results)):  # hloquant: quantized types checked
        raise Unknown("bounds")
    witness = ranked(inputs[0])
    for i, t in enumerate(inputs[1:], 1):
        if not _compatible(witness, ranked(t)):
            raise Reject(Problem("BC1024", {"index": i}, span=at))
    seen: set[int] = set()
    for d in dimensions:
        if not 0 <= d < len(witness):
            raise Reject(Problem("BC1025", {"dim": d, "rank": len(witness)}, span=at))
        if d in seen:
            raise Reject(Problem("BC1026", {"dim": d}, span=at))
        seen.add(d)
    kept = tuple(size for i, size in enumerate(witness) if i not in seen)
    arguments, yields = _body(op, inputs)
    if not op.generic and op.regions and len(arguments) == 2 * n:
        # `reducer(%a0: T, %b0: T) (%a1: U, %b1: U)`: one pair per input; the block takes a0, a1, b0, b1
        arguments = tuple(arguments[i] for i in order)
    accumulators = reducer_shape(arguments, yields or (), inputs, inits, kept, at, terminated=yields is not None)
    inferred = [Tensor(kept, element(acc.element)) for acc in accumulators]
    if len(inferred) == len(results) and all(hlo_compatible(a, b) for a, b in zip(inferred, results, strict=True)):
        return
    args = {"inferred": "', '".join(map(str, inferred)), "actual": "', '".join(map(str, results))}
    expected = shaped(inferred[0]) if len(inferred) == 1 == len(results) else None
    subject = Subject("result", 0) if expected is not None else None
    raise Reject(Problem("BC521", args, subject, expected=expected, span=at))


# ---------------------------------------------------------------- the compact form's inner op

COMMUTATIVE = frozenset({"add", "multiply", "maximum", "minimum", "and", "or", "xor"})
"""The dialect's commutative binary ops with one result and no region (``isCommutativeNoRegion
MatchingDialect``: StableHLO's ``HLO_Commutative``, MHLO's ``Commutative``)."""


def reduce_form(statement: Statement, custom: str) -> Wrong | None:
    """``(%a init: %b), ... applies <inner-op> across dimensions = [..]``: the inner op must be a
    commutative binary op of the reduce's own dialect (``parseReduceOp``, reported where the
    custom form starts, just after the op's name; checked with iree 3.13 and jaxlib 0.10.2)."""
    items = statement.items
    at = 0
    while at < len(items) and items[at].kind == "values":
        at += 1
        if at < len(items) and items[at].kind == "punct" and items[at].text == ",":
            at += 1
    if at + 1 >= len(items) or items[at].kind != "word" or items[at].text != "applies":
        return None
    inner = items[at + 1]
    if inner.kind == "string":
        return "expected bare identifier or keyword", inner.start
    if inner.kind != "word":
        return None
    dialect = statement.name.partition(".")[0]
    prefix, dot, name = inner.text.partition(".")
    if dot and prefix == dialect and name in COMMUTATIVE:
        return None
    words = "dialect, with zero region, producing single result"
    return f"{custom}expected the inner-op to be a commutative binary-op from the {dialect} {words}", statement.name_end
