"""The checks of MLIR's native type traits, in the words of ``OpTrait::impl::verify*``
(``mlir/lib/IR/Operation.cpp``) and of TensorFlow's traits (``tf_traits.h``).

:func:`check_of` makes one op's check from its generated traits (``broadcheck/dialects/ods``):
the traits run in the order its declaration lists them, and the first that fails is the
verifier's error. A trait broadcheck does not model is passed (its failures are not reported).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.syntax.lazyre import lazy

Trait = Callable[[Sequence[Type], Sequence[Type]], Problem | None]

_SCALAR = lazy(r"(?:[su]?i\d+|f\d+|bf16|tf32|index|f\d+E\w+|complex<[^<>]*>)")


class _Unknown(Exception):
    """A type the traits cannot judge (a memref, a dialect's type): the op is not judged."""


def _shaped(t: Type) -> ShapedType | None:
    """``t`` as a shaped type, ``None`` for a builtin scalar; raises :class:`_Unknown` otherwise."""
    if isinstance(t, ShapedType):
        return t
    if _SCALAR.fullmatch(t.text):
        return None
    raise _Unknown(t.text)


def _element(t: Type) -> str:
    """MLIR's ``getElementTypeOrSelf``, as text."""
    shaped = _shaped(t)
    return shaped.element if shaped is not None else str(t)


def _compatible(a: Type, b: Type) -> bool:
    """MLIR's ``verifyCompatibleShape`` of two types: both shaped or neither, equal ranks, equal static sizes."""
    sa, sb = _shaped(a), _shaped(b)
    if sa is None or sb is None:
        return sa is None and sb is None
    if sa.shape is None or sb.shape is None:
        return True
    return len(sa.shape) == len(sb.shape) and all(
        x is None or y is None or x == y for x, y in zip(sa.shape, sb.shape, strict=True)
    )


def _compatible_all(types: Sequence[Type]) -> bool:
    """MLIR's ``verifyCompatibleShapes``."""
    shaped = [_shaped(t) for t in types]
    if any(s is None for s in shaped):
        return all(s is None for s in shaped)
    # some, but not all, of them scalable vectors (a tensor counts as not scalable)
    if len({s is not None and s.kind == "vector" and any(s.scalable) for s in shaped}) > 1:
        return False
    shapes = [s.shape for s in shaped if s is not None and s.shape is not None]
    if not shapes:
        return True
    rank = len(shapes[0])
    if any(len(s) != rank for s in shapes):
        return False
    return all(len({s[i] for s in shapes if s[i] is not None}) <= 1 for i in range(rank))


def same_operands_and_result_type(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``SameOperandsAndResultType``."""
    if not operands or not results:
        return None  # its count checks fail first (not modelled here)
    first = results[0]
    element = _element(first)
    for t in (*results[1:], *operands):
        if _element(t) != element or not _compatible(t, first):
            return Problem("BC1150")
    encoding = first.encoding if isinstance(first, ShapedType) and first.kind == "tensor" else None
    if encoding is not None:
        for t in (*results[1:], *operands):
            if isinstance(t, ShapedType) and t.kind == "tensor" and t.shape is not None and t.encoding != encoding:
                return Problem("BC1160")
    return None


def same_operands_and_result_shape(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``SameOperandsAndResultShape``: ``verifyCompatibleShapes`` over every operand and result."""
    if not operands or not results:
        return None
    return None if _compatible_all([*operands, *results]) else Problem("BC1151")


def same_operands_and_result_element_type(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``SameOperandsAndResultElementType``."""
    if not operands or not results:
        return None
    element = _element(results[0])
    for index, t in enumerate(results[1:], start=1):
        if _element(t) != element:
            return Problem("BC1152", subject=Subject("result", index))
    for index, t in enumerate(operands):
        if _element(t) != element:
            return Problem("BC1152", subject=Subject("operand", index))
    return None


def same_operands_shape(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``SameOperandsShape``: ``verifyCompatibleShapes`` over the operands."""
    if not operands:
        return None
    return None if _compatible_all(operands) else Problem("BC1153")


def same_operands_element_type(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``SameOperandsElementType``."""
    if not operands:
        return None
    element = _element(operands[0])
    for index, t in enumerate(operands[1:], start=1):
        if _element(t) != element:
            return Problem("BC1154", subject=Subject("operand", index))
    return None


def same_type_operands(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``SameTypeOperands``: every operand's type equals the first's."""
    for t in (*operands, *results):
        _shaped(t)
    for index, t in enumerate(operands[1:], start=1):
        if t != operands[0]:
            return Problem("BC1155", subject=Subject("operand", index))
    return None


def _base(t: Type) -> str:
    shaped = _shaped(t)
    assert shaped is not None
    return shaped.kind if shaped.kind == "vector" or shaped.shape is not None else "unranked"


def elementwise(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``Elementwise``: every vector or tensor operand and result has one shape and one kind."""
    mapped_results = [t for t in results if _shaped(t) is not None]
    mapped_operands = [t for t in operands if _shaped(t) is not None]
    if not mapped_results and not mapped_operands:
        return None
    if not mapped_operands:
        return Problem("BC1156")
    if not mapped_results:
        return Problem("BC1157")
    if len(mapped_results) != len(results):
        return Problem("BC1158")
    types = [*mapped_operands, *mapped_results]
    if len({_base(t) for t in types}) > 1 or not _compatible_all(types):
        return Problem("BC1159")
    return None


def _resolve_ref(t: Type) -> str | None:
    """TensorFlow's ``GetElementTypeOrSelfResolveRef``, as text; ``None`` for one of TF's own
    types (a ref, a resource), which broadcheck does not resolve."""
    element = _element(t)
    return None if element.startswith("!") else element


def tf_same_element_type(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """TensorFlow's ``SameOperandsAndResultElementTypeResolveRef``."""
    types = [*results, *operands]
    if not types:
        return None
    elements = [_resolve_ref(t) for t in types]
    if None in elements:
        return None
    if any(e != elements[0] for e in elements):
        return Problem("BC1161")
    return None


def tf_same_type(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """TensorFlow's ``SameOperandsAndResultTypeResolveRef``: the shapes, then the element types."""
    return same_operands_and_result_shape(operands, results) or tf_same_element_type(operands, results)


TRAITS: dict[str, Trait] = {
    "SameOperandsAndResultType": same_operands_and_result_type,
    "SameOperandsAndResultShape": same_operands_and_result_shape,
    "SameOperandsAndResultElementType": same_operands_and_result_element_type,
    "SameOperandsShape": same_operands_shape,
    "SameOperandsElementType": same_operands_element_type,
    "SameTypeOperands": same_type_operands,
    "Elementwise": elementwise,
    "TF::SameOperandsAndResultTypeResolveRef": tf_same_type,
    "TF::SameOperandsAndResultElementTypeResolveRef": tf_same_element_type,
}
"""The traits broadcheck checks, by the name the generated tables give them."""

CHECKED_TRAITS = frozenset(TRAITS)


def _count(kind: str, spec: str, found: int) -> Problem | None:
    """MLIR's operand and result count traits (``NOperands<2>``, ``AtLeastNOperands<1>``, ...)."""
    if spec == "*":
        return None
    if spec.endswith("+"):
        least = int(spec[:-1])
        return None if found >= least else Problem("BC1164", {"kind": kind, "expected": least, "count": found})
    expected = int(spec)
    if found == expected:
        return None
    if expected == 0:
        return Problem("BC1162", {"kind": kind})
    if expected == 1:
        return Problem("BC1165" if kind == "operands" else "BC1166")
    if kind == "results":  # OpTrait::impl::verifyNResults does not say how many it found
        return Problem("BC1360", {"expected": expected})
    return Problem("BC1163", {"kind": kind, "expected": expected, "count": found})


_FLOAT_SOURCE = r"(?:f\d+|bf16|tf32|f\d+E\w+)"
_SIGNLESS_SOURCE = r"i\d+"
_FLOAT = lazy(_FLOAT_SOURCE)
_SIGNLESS = lazy(_SIGNLESS_SOURCE)

# An ODS type constraint's summary -> (element accepted, index accepted); every one of them also
# takes a vector or tensor of such elements (``TypeOrValueSemanticsContainer``).
_LIKE = {
    "floating-point-like": (_FLOAT, False),
    "signless-integer-like": (_SIGNLESS, True),
    "signless-fixed-width-integer-like": (_SIGNLESS, False),
    "bool-like": (lazy("i1"), False),
    "signless-integer-like or memref of signless-integer": (_SIGNLESS, True),
    "signless-integer-or-float-like or memref of signless-integer or float": (
        lazy(f"{_SIGNLESS_SOURCE}|{_FLOAT_SOURCE}"),
        False,
    ),
}

ARITH_WORDS = {
    "signless-integer-like": "signless-non-zero-bitwidth-integer-like",
    "signless-integer-like or memref of signless-integer": (
        "signless-non-zero-bitwidth-integer-like or memref of signless-integer"
    ),
    "signless-integer-or-float-like or memref of signless-integer or float": (
        "non-zero-bitwidth-signless-integer-or-float-like or memref of non-zero-bitwidth signless integer or float"
    ),
}
"""arith's type constraints as the MLIR of iree 3.13 (the judge of the core dialects) words them: the
generated table comes from TensorFlow's older headers (math's keep the old words in both)."""


_TF_FLOAT = r"(?:f16|f32|f64|bf16|f8E4M3FN|f8E5M2)"
_TF_ELEMENT: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (lazy(r"(\d+)-bit float"), lambda m: f"f{m.group(1)}"),
    (lazy(r"(\d+)/(\d+)-bit float"), lambda m: f"f{m.group(1)}|f{m.group(2)}"),
    (lazy(r"bfloat16"), lambda m: "bf16"),
    (lazy(r"(\d+)-bit (?:signless )?integer"), lambda m: f"i{m.group(1)}"),
    (lazy(r"(\d+)/(\d+)-bit signed integer"), lambda m: f"i{m.group(1)}|i{m.group(2)}"),
    (lazy(r"(\d+)-bit unsigned integer"), lambda m: f"ui{m.group(1)}"),
    (lazy(r"(\d+)-bit complex"), lambda m: f"complex<f{int(m.group(1)) // 2}>"),
    (lazy(r"bool"), lambda m: "i1"),
    (lazy(r"string"), lambda m: "!tf_type\\.string"),
    (lazy(r"resource"), lambda m: "!tf_type\\.resource"),
    (lazy(r"variant"), lambda m: "!tf_type\\.variant"),
    (lazy(r"(\d+)-bit quantized integer"), lambda m: f"!tf_type\\.qint{m.group(1)}"),
    (lazy(r"(\d+)-bit quantized unsigned integer"), lambda m: f"!tf_type\\.quint{m.group(1)}"),
    (lazy(r"floating-point"), lambda m: _TF_FLOAT),
    (lazy(r"complex"), lambda m: r"complex<[^<>]*>"),
    (lazy(r"integer"), lambda m: r"u?i(?:4|8|16|32|64)"),
    (
        lazy(r"number"),
        lambda m: rf"u?i(?:4|8|16|32|64)|{_TF_FLOAT}|!tf_type\.q(?:u)?int(?:8|16|32)|complex<f(?:32|64)>",
    ),
    (lazy(r"tf\.dtype"), lambda m: r".*"),
]
"""The element types (a regex) of the alternatives of TensorFlow's constraint summaries (``tensor of
32-bit float or bool values``); an element is read as TensorFlow's constraints see it (by
:func:`~broadcheck.semantics.tf.tf_element`: a ref as its value type, ``!tf_type.resource<...>`` as
``!tf_type.resource``)."""

_TF_SUMMARY = lazy(r"(?:(\d)D )?tensor of (.*) values")


def _tf_alternatives(summary: str) -> tuple[int | None, list[str]] | None:
    """A TensorFlow summary as (the rank it requires, the element regex of each alternative), or
    ``None`` when one of its words is not modelled."""
    m = _TF_SUMMARY.fullmatch(summary)
    if m is None:
        return None
    out = []
    for alternative in m.group(2).split(" or "):
        for pattern, elements in _TF_ELEMENT:
            found = pattern.fullmatch(alternative)
            if found is not None:
                out.append(elements(found))
                break
        else:
            return None
    return (int(m.group(1)) if m.group(1) else None), out


def tf_exact(summary: str) -> bool:
    """Whether :func:`_satisfies` judges TensorFlow's constraint ``summary`` exactly (its every word
    is modelled); an op's constraints count as a check only then."""
    return _tf_alternatives(summary) is not None


def _tf_tensor_of(summary: str, t: Type) -> bool:
    """TensorFlow's ``[ND ]tensor of A or B values``; a summary broadcheck cannot read passes."""
    shaped = _shaped(t)
    if shaped is None or shaped.kind != "tensor":
        return False
    read = _tf_alternatives(summary)
    if read is None:
        return True
    from broadcheck.semantics.tf import REJECTED, tf_element  # (only a `tf` op's constraints: not at import)

    rank, alternatives = read
    element = tf_element(shaped.element)
    if element is None:
        raise _Unknown(shaped.element)
    if rank is not None and (shaped.shape is None or len(shaped.shape) != rank):
        return False
    return element != REJECTED and any(re.fullmatch(a, element) for a in alternatives)


def _group(steps: Sequence[str], value: str, number: int, spec: str, count: int) -> range:
    """The positions of the values ``value#number``'s constraint covers: its own, or, for a variadic
    group (``variadic of ...``), every value from it up to the fixed ones the declaration puts after
    it. MLIR's generated verifier numbers each value of a group by its position among all of them."""
    if not spec.startswith("variadic of "):
        return range(number, number + 1)
    later = sum(
        1 for step in steps if step.startswith(f"{value}#") and int(step.partition("=")[0].partition("#")[2]) > number
    )
    return range(number, count - later)


_SEGMENTS = lazy(r"array<i32(?::\s*(\d+(?:\s*,\s*\d+)*))?>")


def group_ranges(groups: Sequence[str], count: int, segments: str | None) -> list[range] | None:
    """The positions of each ODS group of an op's operands (or results) among its ``count`` values:
    ``groups`` as the table records them (``1`` one value, ``*`` variadic, ``?`` optional); several
    groups of more than one value split by ``segments`` (the ``operandSegmentSizes`` attribute, as
    written) when given, else evenly (as MLIR's generated ``getODSOperandIndexAndLength``). ``None``
    when the counts do not fit (the count checks speak first, or the verdict is not modelled)."""
    if segments is not None:
        m = _SEGMENTS.fullmatch(segments.strip())
        if m is None:
            return None
        sizes = [int(x) for x in m.group(1).split(",")] if m.group(1) else []
        if len(sizes) != len(groups) or sum(sizes) != count:
            return None
    else:
        fixed = sum(1 for g in groups if g == "1")
        spread = len(groups) - fixed
        if count < fixed or (spread and (count - fixed) % spread) or (not spread and count != fixed):
            return None
        each = (count - fixed) // spread if spread else 0
        sizes = [1 if g == "1" else each for g in groups]
    out, at = [], 0
    for size in sizes:
        out.append(range(at, at + size))
        at += size
    return out


def _satisfies(summary: str, t: Type) -> bool:
    """Whether ``t`` meets an ODS type constraint (one broadcheck cannot read passes)."""
    if summary == "any type":
        return True
    if _TF_SUMMARY.fullmatch(summary):
        return _tf_tensor_of(summary, t)
    if summary == "vector of floating-point values":
        shaped = _shaped(t)
        return shaped is not None and shaped.kind == "vector" and bool(_FLOAT.fullmatch(shaped.element))
    like = _LIKE.get(summary)
    if like is None:
        return True
    pattern, index = like
    element = _element(t)
    return bool(pattern.fullmatch(element)) or (index and element == "index")


def _i1_same_shape(t: Type) -> str:
    """Arith's ``getI1SameShape``, printed."""
    shaped = _shaped(t)
    if shaped is None:
        return "i1"
    return str(ShapedType(shaped.kind, shaped.shape, "i1", shaped.encoding, shaped.scalable))


def _value(tag: str, operands: Sequence[Type], results: Sequence[Type]) -> Type:
    return (operands if tag[0] == "o" else results)[int(tag[1:])]


def _tensor_dims(t: Type) -> tuple[int | None, ...] | None:
    """A tensor's shape as the predicate reads it (``()`` for anything else; ``None``, never equal,
    for an unranked tensor, whose shape the predicate reads though it has none: the tool rejects)."""
    shaped = _shaped(t)
    return shaped.shape if shaped is not None and shaped.kind == "tensor" else ()


def predicate(text: str, operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """An ODS ``PredOpTrait`` by its message (``all of {a, b} have same type@o0,r0``); one broadcheck
    does not model passes."""
    message, _, refs = text.rpartition("@")
    values = [_value(tag, operands, results) for tag in refs.split(",")] if refs else []
    if message.startswith("all of {") and message.endswith("} have same type"):
        ok = all(str(v) == str(values[0]) for v in values)
    elif message == "result type has i1 element type and same shape as operands":
        ok = _i1_same_shape(values[0]) == str(values[1])
    elif message == "condition is signless i1 or has matching shape":
        condition, result = values
        if str(condition) == "i1":
            ok = True
        elif _shaped(condition) is None or _shaped(result) is None:
            raise _Unknown(message)  # the predicate casts a scalar to a shaped type
        else:
            ok = _shaped(condition).shape == _shaped(result).shape  # type: ignore[union-attr]
    elif message.startswith("all of {") and message.endswith("} have dynamically equal types "):
        from broadcheck.dialects.tf.base import dynamically_equal

        ok = all(dynamically_equal(values[0], v) for v in values[1:])
    elif re.fullmatch(r"operand \d+ is \d-D", message):
        shaped = _shaped(values[0])
        ok = shaped is not None and (shaped.shape is None or len(shaped.shape) == int(message[-3]))
    elif message == "input and output have the same tensor dimensions":
        a, b = _tensor_dims(values[0]), _tensor_dims(values[1])
        ok = a is not None and b is not None and a == b
    else:
        return None
    return None if ok else Problem("BC1168", {"what": message})


def inferred_same_type(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``InferTypeOpInterface`` of an op with ``SameOperandsAndResultType``: the inferred result is
    the first operand's type, and MLIR's default ``isCompatibleReturnTypes`` wants it exactly."""
    if not operands or len(results) != 1 or str(results[0]) == str(operands[0]):
        return None
    return Problem("BC1169", {"inferred": str(operands[0]), "actual": str(results[0])})


def inferred(spec: str, operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
    """``InferTypeOpInterface`` of a ``tf`` op of one result: the type it infers (``spec``: a type, or
    ``operand#N``'s) must be the result's exactly."""
    if len(results) != 1:
        return None
    if spec.startswith("~"):  # its own ``isCompatibleReturnTypes``: cast compatible (a shape may be unknown)
        from broadcheck.syntax.parser import parse_type

        given = parse_type(spec[1:])
        if _element(results[0]) == _element(given) and _compatible(given, results[0]):
            return None
        return Problem("BC1169", {"inferred": spec[1:], "actual": str(results[0])})
    if not spec.startswith("operand#"):
        return None if spec == str(results[0]) else Problem("BC1169", {"inferred": spec, "actual": str(results[0])})
    if not operands:
        return None
    wanted = str(operands[int(spec.partition("#")[2])])
    if wanted == str(results[0]):
        return None
    if _resolve_ref(results[0]) is None or any(_resolve_ref(t) is None for t in operands):
        # TensorFlow's element trait, before it, was not judged on TensorFlow's own types: judge it here
        elements = {_exact_ref(t) for t in (*operands, *results)}
        if None in elements:
            raise _Unknown(wanted)
        if len(elements) > 1:
            return Problem("BC1161")
    return Problem("BC1169", {"inferred": wanted, "actual": str(results[0])})


def _exact_ref(t: Type) -> str | None:
    """``GetElementTypeOrSelfResolveRef`` as text: a ref's value type, any other element as written
    (a resource's or variant's subtypes included); ``None`` for a ref broadcheck does not know."""
    from broadcheck.semantics.tf import _REF, _REFS

    element = "".join(_element(t).split())
    ref = _REF.fullmatch(element)
    return element if ref is None else _REFS.get(ref.group(1))


def _bit_width(element: str) -> int | None:
    if element == "bf16":
        return 16
    if element == "tf32":
        return 19
    m = re.fullmatch(r"(?:[su]?i|f)(\d+)(?:E\w+)?", element)
    return int(m.group(1)) if m else None


def _cast_problem(operands: Sequence[Type], results: Sequence[Type]) -> Problem:
    types = ", ".join(f"'{t}'" for t in operands)
    what = f"operand type {types}" if len(operands) == 1 else f"operand types {types}"
    return Problem("BC1170", {"operands": what, "result": str(results[0])})


def _cast(compatible: Callable[[str, str], bool]) -> Trait:
    """A cast's ``areCastCompatible`` over its first operand's and its result's element types."""

    def check(operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
        if not operands or len(results) != 1:
            return None
        a, r = _shaped(operands[0]), _shaped(results[0])
        ranked = [t for t in (a, r) if t is not None and t.kind == "tensor" and t.shape is not None]
        if len(ranked) == 2 and ranked[0].encoding != ranked[1].encoding:  # areValidCastInputsAndOutputs
            return _cast_problem(operands, results)
        if compatible(_element(operands[0]), _element(results[0])):
            return None
        return _cast_problem(operands, results)

    return check


def _widths(kind: re.Pattern[str], wider: bool) -> Callable[[str, str], bool]:
    def compatible(a: str, b: str) -> bool:
        wa, wb = _bit_width(a), _bit_width(b)
        if not (kind.fullmatch(a) and kind.fullmatch(b)) or wa is None or wb is None:
            return False
        return wb > wa if wider else wb < wa

    return compatible


def _index_cast(a: str, b: str) -> bool:
    return (a == "index" and bool(_SIGNLESS.fullmatch(b))) or (b == "index" and bool(_SIGNLESS.fullmatch(a)))


def _same_width(a: str, b: str) -> bool:
    wa = _bit_width(a)
    return wa is not None and wa == _bit_width(b)


CASTS: dict[str, Trait] = {
    "arith.bitcast": _cast(_same_width),
    "arith.extf": _cast(_widths(_FLOAT, wider=True)),
    "arith.truncf": _cast(_widths(_FLOAT, wider=False)),
    "arith.extsi": _cast(_widths(_SIGNLESS, wider=True)),
    "arith.extui": _cast(_widths(_SIGNLESS, wider=True)),
    "arith.trunci": _cast(_widths(_SIGNLESS, wider=False)),
    "arith.index_cast": _cast(_index_cast),
    "arith.index_castui": _cast(_index_cast),
}
"""The ops whose CastOpInterface (``areCastCompatible``) broadcheck checks, by name."""


_INT = r"-?\d+"
_NUMBER = r"-?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|0x[0-9A-Fa-f]+)"
_STRING = r'"(?:[^"\\]|\\.)*"'
_SYMBOL = r'@(?:[\w$.-]+|"(?:[^"\\]|\\.)*")'
_SHAPE = r"#tf_type\.shape<[^<>]*>"


def _array(item: str) -> str:
    return rf"\[\s*(?:{item}(?:\s*,\s*{item})*)?\s*\]"


_ATTRIBUTE_FORMS = {
    "64-bit signless integer attribute": rf"{_INT}(?:\s*:\s*i64)?",
    "32-bit signless integer attribute": rf"{_INT}\s*:\s*i32",
    "string attribute": _STRING,
    "bool attribute": r"true|false",
    "32-bit float attribute": rf"{_NUMBER}\s*:\s*f32",
    "32-bit float array attribute": _array(rf"{_NUMBER}\s*:\s*f32"),
    "64-bit float attribute": rf"{_NUMBER}(?:\s*:\s*f64)?",
    "symbol reference attribute": rf"{_SYMBOL}(?:::{_SYMBOL})*",
    "flat symbol reference attribute": _SYMBOL,
    "64-bit integer array attribute": _array(rf"{_INT}(?:\s*:\s*i64)?"),
    "32-bit integer array attribute": _array(rf"{_INT}\s*:\s*i32"),
    "string array attribute": _array(_STRING),
    "symbol ref array attribute": _array(rf"{_SYMBOL}(?:::{_SYMBOL})*"),
    "tensorflow shape attribute array": _array(_SHAPE),
    "TensorFlow shape attribute array": _array(_SHAPE),
    "TensorFlow shape attribute": _SHAPE,
    "any type attribute": r"(?:[a-z]\w*|![\w.]+)(?:<.*>)?",
    "type array attribute": _array(r"[^\[\],]+"),
    "i1 dense array attribute": r"array<i1(?::\s*(?:true|false)(?:\s*,\s*(?:true|false))*)?>",
}
"""The written forms of the attribute kinds a ``tf`` op's generated check requires (its
``attribute:NAME=...`` steps, harvested from TensorFlow's own words), as regexes: a value of
another form (or of a kind not listed) leaves the op unjudged, as its constraint is not modelled."""


def _attributes(steps: Sequence[str], op: Operation) -> Problem | None:
    """ODS's required attributes (``attribute:NAME=KIND`` steps): the first missing by name is
    ``requires attribute 'NAME'``; a value broadcheck cannot confirm of its kind leaves the op
    unjudged (raises :class:`_Unknown`)."""
    wanted = sorted(
        (kind.removeprefix("attribute:"), spec)
        for kind, _, spec in (step.partition("=") for step in steps)
        if kind.startswith("attribute:")
    )
    for name, _ in wanted:
        if op.attribute(name) is None:
            return Problem("BC610", {"name": name})
    for name, spec in wanted:
        attr = op.attribute(name)
        assert attr is not None
        text = attr.text.strip()
        if spec != "any attribute" and not _attribute_fits(spec, text):
            if attr.property and _breaks(spec, text):  # (written in the dictionary, the parser says it first)
                return Problem("BC562", {"name": name, "constraint": spec})
            raise _Unknown(name)
    return None


def _breaks(spec: str, text: str) -> bool:
    """Whether ``text`` is a value of the kind ``spec`` refines that breaks its refinement: a string
    not among those listed, an integer below the minimum, a list of too few elements."""
    one_of = _ONE_OF.fullmatch(spec)
    if one_of is not None:
        return re.fullmatch(_STRING, text) is not None
    at_least = _AT_LEAST.fullmatch(spec)
    if at_least is not None:
        m = re.fullmatch(rf"({_INT})(?:\s*:\s*i64)?", text)
        return m is not None and int(m.group(1)) < int(at_least.group(1))
    elements = _ELEMENTS.fullmatch(spec)
    form = _ATTRIBUTE_FORMS.get(elements.group(1)) if elements is not None else None
    return form is not None and re.fullmatch(form, text) is not None


_ONE_OF = lazy(r"string attribute whose value is (.*)")
_AT_LEAST = lazy(r"64-bit signless integer attribute whose minimum value is (-?\d+)")
_ELEMENTS = lazy(r"(.*) with at least (\d+) elements")


def _attribute_fits(spec: str, text: str) -> bool:
    """Whether ``text`` is a value of the attribute kind ``spec`` (TensorFlow's words)."""
    one_of = _ONE_OF.fullmatch(spec)
    if one_of is not None:
        return text.startswith('"') and text[1:-1] in one_of.group(1).split(", or ")
    at_least = _AT_LEAST.fullmatch(spec)
    if at_least is not None:
        m = re.fullmatch(rf"({_INT})(?:\s*:\s*i64)?", text)
        return m is not None and int(m.group(1)) >= int(at_least.group(1))
    elements = _ELEMENTS.fullmatch(spec)
    if elements is not None:
        form = _ATTRIBUTE_FORMS.get(elements.group(1))
        items = text.strip("[] ")
        return (
            form is not None
            and bool(re.fullmatch(form, text))
            and len(items.split(",") if items else []) >= int(elements.group(2))
        )
    form = _ATTRIBUTE_FORMS.get(spec)
    return form is not None and bool(re.fullmatch(form, text))


def _joined(types: Sequence[Type]) -> ShapedType | None:
    """The most static of shaped types whose shapes are compatible (each size any of them gives),
    with the first's kind, element type and encoding; ``None`` when one is not shaped."""
    shaped = [_shaped(t) for t in types]
    if not shaped or any(s is None for s in shaped):
        return None
    first = shaped[0]
    assert first is not None
    ranked = [s.shape for s in shaped if s is not None and s.shape is not None]
    if not ranked:
        return first
    shape = tuple(next((d for d in dims if d is not None), None) for dims in zip(*ranked, strict=False))
    scalable = first.scalable if first.shape is not None else ()
    return ShapedType(first.kind, shape, first.element, first.encoding, scalable)


def _reshaped(t: ShapedType, like: ShapedType) -> ShapedType:
    """``t`` with ``like``'s shape (and scalable sizes), keeping its kind, element type and encoding."""
    return ShapedType(t.kind, like.shape, t.element, t.encoding, like.scalable)


def determined_result(steps: Sequence[str], operands: Sequence[Type], result: Type, infers: bool) -> ShapedType | None:
    """The one result's type as an op's traits determine it from its operands, in the order they
    are listed (``result`` where they leave it free: ``SameOperandsAndResultShape`` fixes the
    shape, not the element type); ``None`` when they determine no shaped type."""
    wanted = _shaped(result)
    if wanted is None:
        return None
    if infers:  # InferTypeOpInterface wants exactly the first operand's type: the traits agree or fail
        return _shaped(operands[0])
    for step in steps:
        kind, _, spec = step.partition("=")
        if step == "SameOperandsAndResultType":
            wanted = _joined(operands)
        elif step in ("SameOperandsAndResultShape", "Elementwise"):
            mapped = [t for t in operands if _shaped(t) is not None]
            like = _joined(mapped) if step == "SameOperandsAndResultShape" or mapped else None
            if like is None:
                return None
            if _compatible_all([*mapped, wanted]):  # keep what the result knows that they do not
                like = _joined([like, wanted])
                assert like is not None
            wanted = _reshaped(wanted, like)
            if step == "Elementwise" and like.kind != wanted.kind:
                wanted = ShapedType(like.kind, like.shape, wanted.element, None, like.scalable)
        elif step == "SameOperandsAndResultElementType":
            wanted = ShapedType(wanted.kind, wanted.shape, _element(operands[0]), wanted.encoding, wanted.scalable)
        elif kind == "pred" and spec.startswith("all of {") and "} have same type@" in spec:
            refs = spec.rpartition("@")[2].split(",")
            given = [r for r in refs if r[0] == "o" and int(r[1:]) < len(operands)]
            if "r0" in refs and given:
                wanted = _shaped(_value(given[0], operands, [result]))
        elif kind == "pred" and spec.startswith("result type has i1 element type and same shape as operands@"):
            wanted = _shaped(operands[0])
            wanted = (
                None
                if wanted is None
                else ShapedType(wanted.kind, wanted.shape, "i1", wanted.encoding, wanted.scalable)
            )
        if wanted is None:
            return None
    return wanted


def check_of(traits: Sequence[str], unjudged: Problem | None = None) -> Callable[[Operation, Profile], Problem | None]:
    """The check of an op with these generated traits (see the module's docstring); ``unjudged``
    (``NOT_JUDGED`` for a check that stands alone) is what it returns for an op it cannot judge."""
    steps = tuple(traits)
    groups = {
        step.partition("-")[0]: step.partition("=")[2].split(",")
        for step in steps
        if step.startswith(("operand-groups=", "result-groups="))
    }
    segmented = {"operand": "AttrSizedOperandSegments" in steps, "result": "AttrSizedResultSegments" in steps}
    infers = "SameOperandsAndResultType" in steps and not any(t.startswith("TF::") for t in steps)
    unnamed = any(t.startswith("results=") and t not in ("results=0", "results=*") for t in steps)

    def check(op: Operation, profile: Profile) -> Problem | None:
        operands = [u.type for u in op.operands]
        results = [u.type for u in op.results]
        if not results and not op.generic and unnamed:
            return unjudged  # a custom form that names no result (`vector.mask`'s op): its parser made them
        problem = judge(op, operands, results)
        if problem is None or problem is unjudged or len(results) != 1 or not operands:
            return problem
        # The traits may fix the result's type (a generic form writes it apart from its operands'):
        # if the op verifies with it, say so, so `refine` and `--fix` can write it.
        try:
            wanted = determined_result(steps, operands, results[0], infers)
        except _Unknown:
            return problem
        if wanted is None or str(wanted) == str(results[0]) or judge(op, operands, [wanted]) is not None:
            return problem
        return Problem(
            problem.code, problem.args, Subject("result", 0), problem.inferred, wanted, problem.notes, problem.span
        )

    def judge(op: Operation, operands: Sequence[Type], results: Sequence[Type]) -> Problem | None:
        attributes_done = False
        try:
            for step in steps:
                kind, _, spec = step.partition("=")
                if kind in ("operands", "results"):
                    problem = _count(kind, spec, len(operands if kind == "operands" else results))
                elif kind.startswith("attribute:"):
                    if attributes_done:
                        continue
                    attributes_done = True
                    problem = _attributes(steps, op)
                elif kind.startswith(("operand#", "result#")):
                    value, _, number = kind.partition("#")
                    values = operands if value == "operand" else results
                    if value in groups:
                        attribute = f"{value}SegmentSizes"
                        segments = next((a.text for a in op.attributes if a.name == attribute), None)
                        if segmented[value] and segments is None:
                            raise _Unknown(attribute)
                        ranges = group_ranges(groups[value], len(values), segments if segmented[value] else None)
                        if ranges is None:
                            raise _Unknown(value)
                        if int(number) >= len(ranges):  # a harvest's second value of one variadic group
                            continue
                        positions = ranges[int(number)]
                    elif int(number) >= len(values):  # a variadic group's value that is not there
                        continue
                    else:
                        positions = _group(steps, value, int(number), spec, len(values))
                    problem = None
                    for index in positions:
                        t = values[index]
                        if not _satisfies(spec.removeprefix("variadic of "), t):
                            words = ARITH_WORDS.get(spec, spec) if op.name.startswith("arith.") else spec
                            problem = Problem(
                                "BC1167", {"kind": value, "index": index, "constraint": words, "type": str(t)}
                            )
                            break
                elif kind == "pred":
                    problem = predicate(spec, operands, results)
                elif kind == "inferred":
                    problem = inferred(spec, operands, results)
                elif step == "InferTypeOpInterface" and infers:
                    problem = inferred_same_type(operands, results)
                elif step == "CastOpInterface" and op.name in CASTS:
                    problem = CASTS[op.name](operands, results)
                else:
                    trait = TRAITS.get(step)
                    problem = trait(operands, results) if trait is not None else None
                if problem is not None:
                    return problem
        except _Unknown:
            return unjudged
        return None

    return check
