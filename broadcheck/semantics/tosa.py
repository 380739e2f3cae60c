"""TOSA: the shape rules of MLIR's TOSA dialect (TOSA 1.0), as its verifier applies them.

Followed: llvm/llvm-project ``mlir/include/mlir/Dialect/Tosa/IR/TosaOps.td``,
``TosaOpBase.td``, ``TosaTypesBase.td`` and ``mlir/lib/Dialect/Tosa/IR/TosaOps.cpp``
at commit 029c4da2eb44, checked against the TOSA dialect of iree-base-compiler 3.13
(``tests/oracle/test_tosa_ops.py``). The checks and constraints are here; which of them
each op runs (its :class:`Spec`) is generated from those ``.td`` files by the TOSA dialect
(``dialects/tosa/specs.py``, from ``td.py``), which registers it (:func:`provide_specs`).
For each op with a spec the checks run in the real verifier's order, with its words:

1. the op's structure: one result, the number of operands (ODS);
2. each operand's and the result's ODS type constraint: a tensor (no vectors),
   no size-0 dimension, an allowed element type (``tosa-conformant tensor of
   number values``, ``... of 1-bit signless integer values``, ...);
3. the op's traits and custom verifier, as far as they relate operand and
   result types: equal element types, the Broadcastable trait (MLIR's C++ rule,
   ``mlir.verify_llvm``), equal ranks (``SameOperandsAndResultRank``), equal
   shapes (``SameOperandsAndResultShape``), and the custom rules of ``tosa.mul``,
   ``tosa.negate`` and ``tosa.select``.

Left out, because they need attribute values or the values of constant
operands: ``tosa.clamp``'s ``min_val``/``max_val`` checks, ``tosa.reverse``'s
axis, ``tosa.mul``'s "shift must be 0 for float types", ``tosa.negate``'s zero
point values, required attributes. Element types broadcheck cannot read (a type
alias, ``!tosa.block_scaled<...>``, a dialect type) pass every element check.

Under ``Profile.SPEC`` the errors are the same; where the real tool accepts an op
that the Broadcastable document forbids, that comes back as a BC110 warning.

PASS::

    %0 = tosa.add %a, %b : (tensor<13x21x1xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
    %1 = tosa.mul %a, %b, %shift : (tensor<2x1xi16>, tensor<1x3xi16>, tensor<1xi8>) -> tensor<2x3xi32>

FAIL::

    %0 = tosa.add %a, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>   // ranks
    %1 = tosa.add %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>       // element types
    %2 = tosa.abs %a : (tensor<0xf32>) -> tensor<0xf32>                          // size-0 dimension
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from functools import cache

from broadcheck.ops import Operation, Shape, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject, mlir
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.named import NamedTuple

TYPE_CHECKING = False  # not typing's: a checking run builds its records without typing (syntax.named)
if TYPE_CHECKING:
    from typing import Literal

# ---------------------------------------------------------------- element types


class Element(NamedTuple):
    """What the TOSA checks need to know about an element type."""

    kind: Literal["int", "float", "quant", "mxint8", "other", "unknown"]
    text: str
    """The type as MLIR prints it (also its identity: equal texts, equal types)."""
    width: int = 0
    signedness: Literal["signless", "signed", "unsigned", ""] = ""
    storage: str = ""
    """For a quantized type, its storage type as TOSA reads it (``i8``, ``ui8``)."""
    uniform: bool = False
    """A per-tensor ``!quant.uniform`` (MLIR's ``UniformQuantizedType``)."""

    @property
    def known(self) -> bool:
        return self.kind != "unknown"


_FLOATS = frozenset(
    "f16 bf16 f32 f64 f80 f128 tf32 f8E5M2 f8E4M3 f8E4M3FN f8E5M2FNUZ f8E4M3FNUZ f8E4M3B11FNUZ f8E3M4 "
    "f4E2M1FN f6E2M3FN f6E3M2FN f8E8M0FNU".split()
)
_OTHER_BUILTINS = lazy(r"index|none|(complex|tuple)<.*>")
_INTEGER = lazy(r"(si|ui|i)([1-9]\d*)")
_SIGNEDNESS: dict[str, Literal["signless", "signed", "unsigned"]] = {"i": "signless", "si": "signed", "ui": "unsigned"}


# Quantized types are rare: their patterns are compiled when first used.
@cache
def _quant_uniform_pattern() -> re.Pattern[str]:
    return re.compile(
        r"!quant\.uniform<([iu])(\d+)(?:<(-?\d+):(-?\d+)>)?:(\w+)(?::(\d+))?,(.+)>",
    )


@cache
def _quant_any_pattern() -> re.Pattern[str]:
    return re.compile(r"!quant\.any<([iu])(\d+)(?:<(-?\d+):(-?\d+)>)?(?::(\w+))?>")


@cache
def _quant_param_pattern() -> re.Pattern[str]:
    return re.compile(r"(\d+\.\d*(?:[eE][-+]?\d+)?)(?::(-?\d+))?")


def element(text: str) -> Element:
    """Classify an element type written as ``text`` (``f32``, ``i1``, ``!quant.uniform<...>``)."""
    common = _COMMON.get(text)
    if common is not None:
        return common
    return _element(text)


def _element(text: str) -> Element:
    compact = "".join(text.split())
    m = _INTEGER.fullmatch(compact)
    if m:
        return Element("int", compact, int(m.group(2)), _SIGNEDNESS[m.group(1)])
    if compact in _FLOATS:
        return Element("float", compact)
    if _OTHER_BUILTINS.fullmatch(compact):
        return Element("other", compact)
    if compact == "!tosa.mxint8":
        return Element("mxint8", compact)
    if compact.startswith("!quant."):
        return _quantized(compact)
    return Element("unknown", text.strip())


_COMMON = {
    **{t: Element("float", t) for t in _FLOATS},
    "index": Element("other", "index"),
    **{
        f"{s}i{w}": Element("int", f"{s}i{w}", w, _SIGNEDNESS[f"{s}i"])
        for s in ("", "s", "u")
        for w in (1, 2, 4, 8, 16, 32, 48, 64)
    },
}
"""The builtin element types, classified once (a constant table: what :func:`_element` gives each, written
out so that a run's import compiles none of its patterns)."""


def _quantized(compact: str) -> Element:
    uniform = _quant_uniform_pattern().fullmatch(compact)
    if uniform:
        sign, width, low, high, expressed, axis, params = uniform.groups()
        storage = _storage_text(sign, int(width), low, high)
        if axis is None:
            param = _quant_param(params)
            if param is None:
                return Element("unknown", compact)
            text = f"!quant.uniform<{storage}:{expressed}, {param}>"
        else:
            if not (params.startswith("{") and params.endswith("}")) or params.startswith("{{"):
                return Element("unknown", compact)
            printed = []
            for written in params[1:-1].split(","):
                param = _quant_param(written)
                if param is None:
                    return Element("unknown", compact)
                printed.append(param)
            text = f"!quant.uniform<{storage}:{expressed}:{axis}, {{{','.join(printed)}}}>"
        return _quant_element(text, sign, int(width), uniform=axis is None)
    anyq = _quant_any_pattern().fullmatch(compact)
    if anyq:
        sign, width, low, high, expressed = anyq.groups()
        storage = _storage_text(sign, int(width), low, high)
        return _quant_element(f"!quant.any<{storage}{':' + expressed if expressed else ''}>", sign, int(width))
    return Element("unknown", compact)


def _quant_element(text: str, sign: str, width: int, uniform: bool = False) -> Element:
    storage = f"i{width}" if sign == "i" else f"ui{width}"
    return Element("quant", text, width, "signed" if sign == "i" else "unsigned", storage, uniform)


def _storage_text(sign: str, width: int, low: str | None, high: str | None) -> str:
    """``i8`` or ``u8``, with ``<min:max>`` only when not the storage type's full range (as MLIR prints it)."""
    default = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if sign == "i" else (0, (1 << width) - 1)
    if low is None or high is None or (int(low), int(high)) == default:
        return f"{sign}{width}"
    return f"{sign}{width}<{int(low)}:{int(high)}>"


def _quant_param(text: str) -> str | None:
    m = _quant_param_pattern().fullmatch(text)
    if m is None:
        return None
    zero_point = int(m.group(2) or 0)
    return mlir_float(float(m.group(1))) + (f":{zero_point}" if zero_point else "")


def mlir_float(value: float) -> str:
    """A double as MLIR's printer writes it (``printFloatValue``): ``1.000000e-01``, ``0.69999999999999996``.

    The short form (LLVM ``APFloat::toString`` with 6 digits) when it reads back
    exactly, else APFloat's default form, else the bits in hexadecimal.
    """
    if math.isfinite(value):
        short = _apfloat_string(value, 6, 0, truncate_zero=False)
        if float(short) == value:
            return short
        default = _apfloat_string(value, 0, 3, truncate_zero=True)
        if "." in default:
            return default
    import struct  # only for a float no decimal form prints: not at every start-up

    return "0x" + struct.pack(">d", value).hex().upper()


def _apfloat_string(value: float, precision: int, max_padding: int, truncate_zero: bool) -> str:
    """LLVM's ``APFloat::toString`` for a double, including its truncating precision cut."""
    if precision == 0:
        precision = 2 + 53 * 59 // 196
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0:
        return sign + ("0.0E+0" if truncate_zero else "0." + "0" * precision + "e+00")
    digits, exp = _apfloat_digits(abs(value), precision)
    count = len(digits)
    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or count + exp > precision
    else:
        msd = exp + count - 1
        scientific = msd < 0 and -msd > max_padding
    if scientific:
        exp += count - 1
        text = digits[0] + "." + ("0" if count == 1 and truncate_zero else digits[1:])
        if not truncate_zero and precision > count - 1:
            text += "0" * (precision - count + 1)
        exponent = str(abs(exp)) if truncate_zero else f"{abs(exp):02d}"
        return f"{sign}{text}{'E' if truncate_zero else 'e'}{'+' if exp >= 0 else '-'}{exponent}"
    if exp >= 0:
        return sign + digits + "0" * exp
    whole = exp + count
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"


def _apfloat_digits(value: float, precision: int) -> tuple[str, int]:
    """Decimal digits (most significant first) and exponent: ``value ~ int(digits) * 10**exp``."""
    mantissa, exp2 = math.frexp(value)
    significand, exp = int(mantissa * (1 << 53)), exp2 - 53
    trailing = (significand & -significand).bit_length() - 1
    significand, exp = significand >> trailing, exp + trailing
    if exp > 0:
        significand, exp = significand << exp, 0
    elif exp < 0:
        significand *= 5**-exp  # n * 2**-e == n * 5**e * 10**-e
    # APFloat first drops whole decimal digits by truncation, then rounds what is left.
    required = (precision * 196 + 58) // 59
    if significand.bit_length() > required:
        removable = (significand.bit_length() - required) * 59 // 196
        significand, exp = significand // 10**removable, exp + removable
    digits = str(significand)
    stripped = digits.rstrip("0")
    digits, exp = stripped, exp + len(digits) - len(stripped)
    if len(digits) <= precision:
        return digits, exp
    if digits[precision] < "5":
        kept = digits[:precision].rstrip("0")
    else:
        kept = digits[:precision].rstrip("9")
        if not kept:
            return "1", exp + len(digits)
        kept = kept[:-1] + str(int(kept[-1]) + 1)
    return kept, exp + len(digits) - len(kept)


def type_text(t: Type) -> str:
    """A type as MLIR prints it in a diagnostic (quantized element types in their canonical form)."""
    if isinstance(t, ShapedType):
        return str(ShapedType(t.kind, t.shape, element(t.element).text, t.encoding, t.scalable))
    e = element(t.text)
    return e.text if e.known else t.text


# ---------------------------------------------------------------- ODS type constraints


class Constraint(NamedTuple):
    """An ODS type constraint of a TOSA operand or result (``TosaTypesBase.td``)."""

    summary: str
    """How the tool words it: ``operand #0 must be <summary>, but got '...'``."""
    accepts: Callable[[Element], bool]
    shape: Literal["any", "scalar", "rank>=1", "1d", "3d", "like"] = "any"
    """``scalar``: rank 1 with size 1 (``TosaScalarTensorOf``); ``1d``/``3d``: that rank; unranked tensors pass
    every shape rule. ``like``: a scalar, a vector or a tensor (``Tosa_TypeLike``)."""


def _number(e: Element) -> bool:
    # Tosa_AnyNumber: signless or unsigned integers, quantized 4/8/16/32-bit integers, floats, mxint8.
    if e.kind == "int":
        return e.signedness != "signed"
    if e.kind == "quant":
        return e.width in (4, 8, 16, 32)
    return e.kind in ("float", "mxint8")


NUMBER = Constraint("tosa-conformant tensor of number values", _number)
BOOL = Constraint("tosa-conformant tensor of 1-bit signless integer values", lambda e: e.text == "i1")
FLOAT = Constraint("tosa-conformant tensor of floating-point values", lambda e: e.kind == "float")
INT32_OR_64 = Constraint(
    "tosa-conformant tensor of 32-bit signless integer or 64-bit signless integer values",
    lambda e: e.text in ("i32", "i64"),
)
SCALAR_INT8 = Constraint(
    "tosa-conformant scalar tensor of 8-bit signless integer values", lambda e: e.text == "i8", "scalar"
)
SCALAR_INT_OR_FLOAT = Constraint(
    "tosa-conformant scalar tensor of unsigned integer or signless integer or floating-point values",
    lambda e: e.kind == "float" or (e.kind == "int" and e.signedness != "signed"),
    "scalar",
)
AT_LEAST_1D = Constraint("tosa-conformant tensor of at least rank 1 of number values", _number, "rank>=1")
TENSOR_1D = Constraint("1D tosa-conformant tensor of number values", _number, "1d")
TENSOR_3D = Constraint("3D tosa-conformant tensor of number values", _number, "3d")
INT16_OR_32_1D = Constraint(
    "1D tosa-conformant tensor of 16-bit signless integer or 32-bit signless integer values",
    lambda e: e.text in ("i16", "i32"),
    "1d",
)
INT8_1D = Constraint("1D tosa-conformant tensor of 8-bit signless integer values", lambda e: e.text == "i8", "1d")
INT_LIKE = Constraint("signless-integer-like", lambda e: e.kind == "int" and e.signedness != "signed", "like")
INT8_LIKE = Constraint("signless-integer-8-bit-like", lambda e: e.text == "i8", "like")


def conforms(t: Type, constraint: Constraint) -> bool:
    """Whether ``t`` meets ``constraint`` (an element type broadcheck cannot read passes)."""
    if not isinstance(t, ShapedType):
        e = element(t.text)
        if constraint.shape == "like" and e.known:  # a scalar
            return constraint.accepts(e)
        # A builtin non-tensor type (`f32`, `memref<..>`), a quantized scalar or `!tosa.shape<..>` fails; other
        # dialect types are not ours to judge.
        return not (_builtin(t.text) or t.text.startswith("!tosa.") or e.known)
    if t.kind == "vector":
        return constraint.shape == "like" and _accepts(element(t.element), constraint)
    if not _accepts(element(t.element), constraint):
        return False
    if t.shape is None:
        return True
    rank = {"scalar": 1, "1d": 1, "3d": 3}.get(constraint.shape)
    if rank is not None and len(t.shape) != rank:
        return False
    if constraint.shape == "scalar":
        return t.shape == (1,)
    if constraint.shape == "rank>=1" and not t.shape:
        return False
    return 0 not in t.shape


def _builtin(text: str) -> bool:
    return text[:1].isalpha()


def _accepts(e: Element, constraint: Constraint) -> bool:
    return not e.known or constraint.accepts(e)


# ---------------------------------------------------------------- the checks, each as MLIR words it

Types = Sequence[Type]
Check = Callable[[Types, Types, Profile], Problem | None]


def _elements(types: Types) -> list[Element]:
    return [element(t.element) if isinstance(t, ShapedType) else Element("unknown", str(t)) for t in types]


def _differ(a: Element, b: Element) -> bool:
    return a.known and b.known and a.text != b.text


def same_element_types(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``SameOperandsAndResultElementType``: every operand and result has the first result's element type."""
    first, *others = _elements(results)
    for index, e in enumerate(others, start=1):
        if _differ(first, e):
            return Problem("BC205", subject=Subject("result", index))
    for index, e in enumerate(_elements(operands)):
        if _differ(first, e):
            return Problem("BC205", subject=Subject("operand", index))
    return None


def same_operand_element_types(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``SameOperandsElementType`` (the comparisons): every operand has the first operand's element type."""
    first, *others = _elements(operands)
    for index, e in enumerate(others, start=1):
        if _differ(first, e):
            return Problem("BC206", subject=Subject("operand", index))
    return None


def broadcastable(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``ResultsBroadcastableShape``: MLIR's C++ trait; the document's stricter rules as BC110 under spec."""
    return mlir.verify_dialect(operands, results, profile)


def same_operands_and_result_rank(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """MLIR's ``verifySameOperandsAndResultRank``; unranked types are exempt."""
    ranked_operands = [
        (i, t.shape) for i, t in enumerate(operands) if isinstance(t, ShapedType) and t.shape is not None
    ]
    ranked_results = [(i, t.shape) for i, t in enumerate(results) if isinstance(t, ShapedType) and t.shape is not None]
    if not ranked_operands and not ranked_results:
        return None
    rank = len((ranked_operands or ranked_results)[0][1])
    for index, shape in ranked_operands:
        if len(shape) != rank:
            return Problem("BC201", {"rank": len(shape), "expected": rank}, Subject("operand", index))
    for index, shape in ranked_results:
        if len(shape) != rank:
            return Problem("BC202", {"rank": len(shape), "expected": rank}, Subject("result", index))
    return None


def compatible_shapes(types: Types) -> bool:
    """MLIR's ``verifyCompatibleShapes``: equal ranks, and per dimension at most one static size."""
    shapes = [t.shape for t in types if isinstance(t, ShapedType) and t.shape is not None]
    if any(len(shape) != len(shapes[0]) for shape in shapes):
        return False
    return all(len({d for d in dims if d is not None}) <= 1 for dims in zip(*shapes, strict=True))


def same_operands_and_result_shape(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``SameOperandsAndResultShape``: ranks and static sizes agree; ``?`` and ``*`` match anything."""
    return None if compatible_shapes([*operands, *results]) else Problem("BC203")


def _same_element_type(a: Type, b: Type, names: tuple[str, str], subject: Subject) -> Problem | None:
    """TOSA's ``verifySameElementTypes``: only int, float and per-tensor quantized element types are compared."""
    if not (isinstance(a, ShapedType) and isinstance(b, ShapedType)):
        return None
    ea, eb = element(a.element), element(b.element)
    if ea.text == eb.text or not all(e.kind in ("int", "float") or e.uniform for e in (ea, eb)):
        return None
    return Problem("BC209", {"a": names[0], "b": names[1], "x": ea.text, "y": eb.text}, subject)


def select_element_types(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``SelectOp::verify``: both values have the result's element type."""
    for index in (1, 2):
        problem = _same_element_type(operands[index], results[0], ("input", "output"), Subject("operand", index))
        if problem:
            return problem
    return None


def _storage(t: Type) -> Element | None:
    """TOSA's ``getStorageElementTypeOrSelf``: a quantized type's storage type, else the element type."""
    if not isinstance(t, ShapedType):
        return None
    e = element(t.element)
    return element(e.storage) if e.kind == "quant" else e


def negate_checks(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``NegateOp::verify``: input1 and output agree in element type and shape; each zero point has its storage type."""
    problem = _same_element_type(operands[0], results[0], ("input", "output"), Subject("result", 0))
    if problem:
        return problem
    if not compatible_shapes([operands[0], results[0]]):
        return Problem("BC215", subject=Subject("result", 0))
    for name, value, zero_point, index in (
        ("input1", operands[0], operands[1], 1),
        ("output", results[0], operands[2], 2),
    ):
        ev, ez = _storage(value), _storage(zero_point)
        if ev is not None and ez is not None and _differ(ev, ez):
            return Problem("BC216", {"name": name, "x": ev.text, "y": ez.text}, Subject("operand", index))
    return None


def _dims(shape: Shape) -> str:
    return ", ".join("?" if d is None else str(d) for d in shape)


def mul_checks(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``MulOp::verify``: element types (integer results may be wider), then ranks and broadcasting of a and b."""
    a, b, result = operands[0], operands[1], results[0]
    ea, eb, er = _elements([a, b, result])
    if er.kind == "int":
        if ea.known and eb.known and (ea.kind != "int" or eb.kind != "int" or ea.text != eb.text):
            return Problem("BC206", subject=Subject("operand", 1))
        if ea.kind == "int" and ea.width > er.width:
            return Problem("BC210", subject=Subject("result", 0))
    else:
        for index, e in enumerate((ea, eb)):
            if _differ(e, er):
                return Problem("BC205", subject=Subject("operand", index))
    if not (isinstance(a, ShapedType) and isinstance(b, ShapedType) and isinstance(result, ShapedType)):
        return None  # a type broadcheck cannot read
    expected: Shape | None = None
    if a.shape is not None and b.shape is not None:
        if len(a.shape) != len(b.shape):
            return Problem("BC211", {"a": len(a.shape), "b": len(b.shape)}, Subject("operand", 1))
        try:
            expected = mlir.infer_shape(a.shape, b.shape, Profile.LLVM)
        except mlir.IncompatibleDims:
            return Problem("BC212", {"a": type_text(a), "b": type_text(b)}, Subject("operand", 1))
    if result.shape is None:
        return None
    for name, operand in (("a", a), ("b", b)):
        if operand.shape is not None and len(result.shape) != len(operand.shape):
            return Problem(
                "BC213", {"name": name, "rank": len(result.shape), "other": len(operand.shape)}, Subject("result", 0)
            )
    if expected is not None and not compatible_shapes([result, result.with_shape(expected)]):
        return Problem(
            "BC214",
            {"actual": _dims(result.shape), "inferred": _dims(expected)},
            Subject("result", 0),
            inferred=expected,
            expected=result.with_shape(expected),
        )
    return None


def elementwise_mappable(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """MLIR's ``Elementwise`` trait (``tosa.apply_scale``): the vectors and tensors among the operands and
    results have the same kind and shape; scalars may stand in for whole operands."""
    mapped_operands = [t for t in operands if isinstance(t, ShapedType)]
    mapped_results = [t for t in results if isinstance(t, ShapedType)]
    if not mapped_operands and not mapped_results:
        return None
    if not mapped_operands:
        return Problem("BC217", subject=Subject("result", 0))
    if not mapped_results:
        return Problem("BC218", subject=Subject("result", 0))
    mapped = [*mapped_operands, *mapped_results]
    kinds = {(t.kind, t.shape is None) for t in mapped}  # MLIR's TypeID: ranked and unranked tensors differ
    if len(kinds) > 1 or not compatible_shapes(mapped):
        return Problem("BC219")
    return None


def results_float(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``ResultsAreFloatLike``: every result has a floating-point element type."""
    for index, e in enumerate(_elements(results)):
        if e.known and e.kind != "float":
            return Problem("BC221", subject=Subject("result", index))
    return None


def fft_sizes(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``FFT2dOp::verify``: height and width are powers of two (read where MLIR reads them)."""
    real, imag = operands
    if not (isinstance(real, ShapedType) and isinstance(imag, ShapedType)):
        return None
    if real.shape is None or imag.shape is None:
        return None
    for name, dim in (("height", 1), ("width", 2)):
        # MLIR takes the real input's size when it is dynamic, else the imaginary one's.
        size = real.shape[dim] if real.shape[dim] is None else imag.shape[dim]
        if size is not None and (size <= 0 or size & (size - 1)):
            return Problem("BC222", {"name": name, "size": size}, Subject("operand", 0))
    return None


_DYNAMIC = -(1 << 63)
"""How MLIR prints a dynamic size where it prints the raw number (``ShapedType::kDynamic``)."""


def table_shape(operands: Types, results: Types, profile: Profile = Profile.LLVM) -> Problem | None:
    """``TableOp::verify``: the result has the input's rank and, where the result's size is static, its sizes."""
    value, result = operands[0], results[0]
    if not (isinstance(value, ShapedType) and isinstance(result, ShapedType)):
        return None
    if value.shape is None or result.shape is None:
        return None
    if len(value.shape) != len(result.shape):
        return Problem("BC223", {"input": len(value.shape), "result": len(result.shape)}, Subject("result", 0))
    for dim, (size, out) in enumerate(zip(value.shape, result.shape, strict=True)):
        # A dynamic input size does not match a static result size: MLIR compares the raw numbers.
        if out is not None and out != size:
            args = {"dim": dim, "result": out, "input": _DYNAMIC if size is None else size}
            return Problem("BC224", args, Subject("result", 0))
    return None


# ---------------------------------------------------------------- the ops


class Spec(NamedTuple):
    """One TOSA op: its operands' and result's type constraints, then its checks in the verifier's order."""

    operands: tuple[Constraint, ...]
    results: tuple[Constraint, ...]
    checks: tuple[Check, ...]


_SPECS: list[Callable[[str], Spec | None]] = []


def provide_specs(found: Callable[[str], Spec | None]) -> None:
    """Where :func:`verify_op` finds a TOSA op's :class:`Spec`: the TOSA dialect's table, generated from TOSA's
    ``.td`` (``dialects/tosa/specs.py``, which registers it when the dialect is loaded)."""
    _SPECS[:] = [found]


def spec_of(name: str) -> Spec | None:
    """Op ``name``'s :class:`Spec`, or ``None`` (no table registered, or an op it does not hold)."""
    return _SPECS[0](name) if _SPECS else None


def elementwise(name: str) -> bool:
    """Whether TOSA op ``name``'s result has the shape of its operands (their broadcast): its spec holds
    ``SameOperandsAndResultShape``, ``ResultsBroadcastableShape`` or ``mul``'s/``negate``'s rules."""
    spec = spec_of(name)
    shaped = (same_operands_and_result_shape, broadcastable, mul_checks, negate_checks)
    return spec is not None and any(check in shaped for check in spec.checks)


def verify_spec(spec: Spec, operands: Types, results: Types, profile: Profile) -> Problem | None:
    """Check an op against ``spec``: structure, type constraints, then the traits and custom rules."""
    if len(results) != len(spec.results):
        return Problem("BC107") if len(spec.results) == 1 else Problem("BC220", {"expected": len(spec.results)})
    if len(operands) != len(spec.operands):
        if len(spec.operands) == 1:
            return Problem("BC208")
        return Problem("BC207", {"expected": len(spec.operands), "count": len(operands)})
    for kind, types, constraints in (("operand", operands, spec.operands), ("result", results, spec.results)):
        for index, (t, constraint) in enumerate(zip(types, constraints, strict=True)):
            if not conforms(t, constraint):
                return _type_constraint(Subject("operand" if kind == "operand" else "result", index), t, constraint)
    return run_checks(spec.checks, operands, results, profile)


def _type_constraint(subject: Subject, t: Type, constraint: Constraint) -> Problem:
    args = {"kind": subject.kind, "index": subject.index, "constraint": constraint.summary, "type": type_text(t)}
    return Problem("BC204", args, subject)


def run_checks(checks: Sequence[Check], operands: Types, results: Types, profile: Profile) -> Problem | None:
    """The first error of ``checks``, in order; else the first BC110 warning.

    A warning (``Profile.SPEC`` only) never hides an error of a later check:
    the real tool reports that error.
    """
    warning = None
    for check in checks:
        problem = check(operands, results, profile)
        if problem is not None and problem.code == "BC110":
            warning = warning or problem
        elif problem is not None:
            return problem
    return warning


def _types(op: Operation) -> tuple[list[Type], list[Type]]:
    return [u.type for u in op.operands], [u.type for u in op.results]


def verify_op(op: Operation, profile: Profile) -> Problem | None:
    """A TOSA op with a :class:`Spec` (:func:`spec_of`); any other op as a TOSA binary op: the trait, then the
    equal-rank rule."""
    operands, results = _types(op)
    spec = spec_of(op.name)
    if spec is not None:
        return verify_spec(spec, operands, results, profile)
    return run_checks((broadcastable, same_operands_and_result_rank), operands, results, profile)


def verify_unary_op(op: Operation, profile: Profile) -> Problem | None:
    """A TOSA op with a :class:`Spec`; any other op as a TOSA unary op: same shape, then as :func:`verify_op`."""
    operands, results = _types(op)
    spec = spec_of(op.name)
    if spec is not None:
        return verify_spec(spec, operands, results, profile)
    checks = (same_operands_and_result_shape, broadcastable, same_operands_and_result_rank)
    return run_checks(checks, operands, results, profile)


def verify_rescale(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.rescale``: type constraints, then ``RescaleOp::verify`` (an attribute it cannot read skips its checks;
    it reads the ``scale32`` and ``per_channel`` attributes, so it has its own semantics)."""
    operands, results = _types(op)
    spec = spec_of("tosa.rescale")
    problem = None if spec is None else verify_spec(spec, operands, results, profile)
    return problem or rescale_checks(operands, results, _flag(op, "scale32"), _flag(op, "per_channel"))


def _flag(op: Operation, name: str) -> bool | None:
    attr = op.attribute(name)
    return None if attr is None else {"true": True, "false": False}.get(attr.text.strip())


def rescale_checks(operands: Types, results: Types, scale32: bool | None, per_channel: bool | None) -> Problem | None:
    """``RescaleOp::verify``: integer values, zero points of their width, the multiplier's width, then the
    output shape against the input's and the multiplier and shift sizes against the channel count."""
    value, multiplier, shift, input_zp, output_zp = operands
    result = results[0]
    if not all(isinstance(t, ShapedType) for t in (*operands, result)):
        return None
    assert isinstance(value, ShapedType) and isinstance(multiplier, ShapedType) and isinstance(shift, ShapedType)
    assert isinstance(result, ShapedType)
    for name, t in (("input", value), ("output", result)):
        e = _storage(t)
        if e is not None and e.known and e.kind != "int":
            return Problem(
                "BC225", {"name": name, "type": e.text}, Subject("result" if name == "output" else "operand", 0)
            )
    for name, t, zero_point, index in (("input", value, input_zp, 3), ("output", result, output_zp, 4)):
        ev, ez = _storage(t), _storage(zero_point)
        if ev is None or ez is None or not (ev.known and ez.known):
            continue
        if not (ev.kind == ez.kind == "int" and ev.width == ez.width):
            return Problem("BC226", {"name": name, "x": ev.text, "y": ez.text}, Subject("operand", index))
    e = element(multiplier.element)
    if scale32 is not None and e.known and e.text != ("i32" if scale32 else "i16"):
        args = {"width": "i32" if scale32 else "i16", "scale32": str(scale32).lower(), "type": e.text}
        return Problem("BC227", args, Subject("operand", 1))
    if value.shape is None:
        return None
    channels: int | None = 1
    if per_channel is None:
        channels = None
    elif per_channel:
        if not value.shape:
            return Problem("BC228", {"rank": 0}, Subject("operand", 0))
        channels = _DYNAMIC if value.shape[-1] is None else value.shape[-1]
    if result.shape is not None and not compatible_shapes([result, value]):
        return Problem("BC214", {"actual": _dims(result.shape), "inferred": _dims(value.shape)}, Subject("result", 0))
    for name, t, index in (("multiplier", multiplier, 1), ("shift", shift, 2)):
        size = None if t.shape is None else t.shape[0]
        if channels is not None and size is not None and size != channels:
            return Problem("BC229", {"channels": channels, "name": name, "size": size}, Subject("operand", index))
    return None


VERIFIERS = {"tosa": verify_op, "tosa-unary": verify_unary_op, "tosa-rescale": verify_rescale}
