"""StableHLO ops whose verifier relates operand and result shapes.

The elementwise ops (``add``, ``abs``, ``compare``, ``convert``, ...), ``select``
and ``clamp``, checked as StableHLO's own verifier checks them (the StableHLO in
``iree-base-compiler`` 3.13): op and result counts, the ODS type constraint of
each operand and result, then the op's traits and type inference in their order,
with StableHLO's words. Shapes are *compatible*, not broadcast: ranks are equal
and static sizes equal, ``?`` matches any size, and a ``#stablehlo.bounds<...>``
bound must not be below a static size it meets. Only ``select``'s predicate and
``clamp``'s bounds may be scalars. Some messages have no ``'op' op`` prefix
(they come from StableHLO's type inference), e.g. ``Mismatched dimension size 4
and bound 3 in dimension 0``.

A ``#sparse_tensor.encoding`` changes no verdict (``isCompatibleForHloTypeInference``
leaves sparsity out), only how a type is printed: :mod:`broadcheck.semantics.sparse_encoding`.

Not modelled (the op is then passed over, never reported): encodings other
than bounds and the sparse encodings that module reads, element types broadcheck cannot name (a type alias such as
``!my.t``), attribute values (``compare``'s direction, ``reduce_precision``'s
bits, ``result_accuracy``), and a required attribute missing from the generic
form. MHLO has rules of its own: :mod:`broadcheck.semantics.mhlo`.

PASS::

    %0 = "stablehlo.add"(%a, %b) : (tensor<?x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>
    %1 = "stablehlo.select"(%p, %a, %b) : (tensor<i1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>

FAIL::

    %0 = "stablehlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "stablehlo.clamp"(%lo, %x, %hi) : (tensor<3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from broadcheck.ops import Dim, Frozen, OpaqueType, Operation, Shape, ShapedType, Span, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.semantics.sparse_encoding import NotRead, canonical, is_sparse
from broadcheck.syntax.lazyre import lazy

DYNAMIC = -9223372036854775808
"""How StableHLO prints a ``?`` size in some messages (``ShapedType::kDynamic``)."""


class Unknown(Exception):
    """Something broadcheck cannot model (an alias, an exotic encoding): the op is passed over."""


# ---------------------------------------------------------------- element types

_FLOATS = frozenset(
    "f4E2M1FN f6E2M3FN f6E3M2FN f8E3M4 f8E4M3 f8E4M3FN f8E4M3FNUZ f8E4M3B11FNUZ f8E5M2 f8E5M2FNUZ f8E8M0FNU "
    "f16 bf16 f32 f64".split()
)
_OTHER_FLOATS = frozenset({"tf32", "f80", "f128"})
_WIDTHS = frozenset({2, 4, 8, 16, 32, 64})

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import Literal

    Family = Literal["float", "bool", "sint", "uint", "complex", "quant", "other"]


class Quant(Frozen):
    """A ``!quant.uniform`` element type: what StableHLO compares, and its printed form."""

    __slots__ = __match_args__ = (
        "storage",
        "storage_min",
        "storage_max",
        "expressed",
        "axis",
        "params",
        "text",
        "signed",
    )
    storage: str
    """The storage type as MLIR holds it: ``i8`` for ``i8`` and ``u8`` (a signless integer; ``u``
    only clears the signed flag), ``ui8`` and ``si8`` as written."""
    storage_min: int
    storage_max: int
    expressed: str
    axis: int | None
    """The quantized dimension of a per-axis quantized type."""
    params: tuple[tuple[float, int], ...]
    """The (scale, zero point) pairs: one, or one per element of the quantized dimension."""
    text: str
    """MLIR's printed form."""
    signed: bool
    """The quantized type's signed flag (``u8``, ``ui8``: unsigned)."""

    def __init__(
        self,
        storage: str,
        storage_min: int,
        storage_max: int,
        expressed: str,
        axis: int | None,
        params: tuple[tuple[float, int], ...],
        text: str,
        signed: bool = True,
    ) -> None:
        put = object.__setattr__
        put(self, "storage", storage)
        put(self, "storage_min", storage_min)
        put(self, "storage_max", storage_max)
        put(self, "expressed", expressed)
        put(self, "axis", axis)
        put(self, "params", params)
        put(self, "text", text)
        put(self, "signed", signed)

    @property
    def per_axis(self) -> bool:
        return self.axis is not None

    @property
    def width(self) -> int:
        """The storage type's width in bits."""
        return int(self.storage.lstrip("su").lstrip("i"))

    @property
    def valid(self) -> bool:
        """StableHLO's quantized element constraints (``QI``/``QUI`` of ``Base.td``): a signless
        storage type when signed, a width of 2, 4, 8, 16 or 32, and every zero point within the
        storage range (``isValidStablehloQuantizedElementType``)."""
        if self.width not in (2, 4, 8, 16, 32) or (self.signed and not self.storage.startswith("i")):
            return False
        return all(self.storage_min <= zero <= self.storage_max for _, zero in self.params)


class Element(Frozen):
    """An element type as StableHLO's constraints see it."""

    __slots__ = __match_args__ = ("family", "text", "quant")
    family: Family
    text: str
    """MLIR's printed form (``complex<f32>``, ``!quant.uniform<i8:f32, 1.000000e+00>``)."""
    quant: Quant | None

    def __init__(self, family: Family, text: str, quant: Quant | None = None) -> None:
        put = object.__setattr__
        put(self, "family", family)
        put(self, "text", text)
        put(self, "quant", quant)

    @property
    def atoms(self) -> frozenset[str]:
        """The constraint atoms this element belongs to (see :data:`ATOM_WORDS`)."""
        if self.family == "float":
            return frozenset({"F", "F3264"}) if self.text in ("f32", "f64") else frozenset({"F"})
        if self.family == "quant":
            assert self.quant is not None
            if not self.quant.valid:
                return frozenset()
            return frozenset({"QA" if self.quant.per_axis else "QT"})
        atom = _FAMILY_ATOMS.get(self.family)
        return frozenset({atom}) if atom else frozenset()


_FAMILY_ATOMS = {"bool": "B", "sint": "SI", "uint": "UI", "complex": "C"}


_INT = lazy(r"(i|si|ui)(\d+)")
_QUANT = lazy(
    r"!quant\.uniform<\s*(i|u|ui|si)(\d+)\s*(?:<\s*(-?\d+)\s*:\s*(-?\d+)\s*>)?\s*:\s*([\w]+)\s*(?::\s*(\d+)\s*)?,\s*(.*)>"
)
_QPARAM = lazy(r"\s*([-+0-9.eE]+)\s*(?::\s*(-?\d+))?\s*")


def _quant(text: str) -> Element:
    try:
        return _read_quant(text)
    except (ValueError, OverflowError):  # numbers that are not numbers: a type broadcheck cannot read
        raise Unknown(text) from None


def _read_quant(text: str) -> Element:
    from broadcheck.semantics.tosa import mlir_float  # (here: TOSA's rules load for a quantized type only)

    match = _QUANT.fullmatch(text.strip())
    if not match:
        raise Unknown(text)
    sign, width, lo, hi, expressed, axis, params = match.groups()
    bits = int(width)
    if not 1 <= bits <= 32:
        raise Unknown(text)  # "illegal storage type size": the parser rejects it
    signed = sign in ("i", "si")
    low, high = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2**bits - 1)
    storage_min = low if lo is None else int(lo)
    storage_max = high if hi is None else int(hi)
    if expressed not in _FLOATS or not low <= storage_min <= storage_max <= high:
        raise Unknown(text)
    per_axis = axis is not None
    if per_axis:
        listed = re.fullmatch(r"\{(.*)\}", params.strip())
        if not listed:
            raise Unknown(text)
        params = listed.group(1)
    printed_params, values = [], []
    for item in params.split(",") if per_axis else [params]:
        param = _QPARAM.fullmatch(item)
        if not param:
            raise Unknown(text)
        scale, zero = float(param.group(1)), int(param.group(2) or 0)
        if not scale > 0 or scale == float("inf"):
            raise Unknown(text)  # "scale ... out of expressed type range": the parser rejects it
        printed_params.append(f"{mlir_float(scale)}{f':{zero}' if zero else ''}")
        values.append((scale, zero))
    limits = f"<{storage_min}:{storage_max}>" if (storage_min, storage_max) != (low, high) else ""
    shown = "{" + ",".join(printed_params) + "}" if per_axis else printed_params[0]
    printed = f"!quant.uniform<{sign}{bits}{limits}:{expressed}{f':{axis}' if per_axis else ''}, {shown}>"
    axis_ = int(axis) if per_axis else None
    storage = f"i{bits}" if sign in ("i", "u") else f"{sign}{bits}"
    quant = Quant(storage, storage_min, storage_max, expressed, axis_, tuple(values), printed, signed)
    return Element("quant", printed, quant)


def element(text: str) -> Element:
    """The element type ``text`` (as written in a tensor type); raises :class:`Unknown` for an alias."""
    text = text.strip()
    if text in _FLOATS:
        return Element("float", text)
    if text in _OTHER_FLOATS or text == "index":
        return Element("other", text)
    integer = _INT.fullmatch(text)
    if integer:
        kind, width = integer.group(1), int(integer.group(2))
        if kind == "i" and width == 1:
            return Element("bool", text)
        if kind == "i" and width in _WIDTHS:
            return Element("sint", text)
        if kind == "ui" and width in _WIDTHS:
            return Element("uint", text)
        return Element("other", text)
    complex_ = re.fullmatch(r"complex<\s*(.+?)\s*>", text)
    if complex_:
        inner = element(complex_.group(1))
        family: Family = "complex" if inner.text in ("f32", "f64") else "other"
        return Element(family, f"complex<{inner.text}>")
    if text.startswith("!quant.uniform<"):
        return _quant(text)
    raise Unknown(text)


def real_part(e: Element) -> Element:
    """The element of ``real``/``imag``/``abs`` of ``e``: ``complex<f32>`` -> ``f32``, others unchanged."""
    if e.family == "complex":
        return element(e.text[len("complex<") : -1])
    return e


def compatible_elements(a: Element, b: Element) -> bool:
    """StableHLO's ``isCompatibleElementTypeForHloTypeInference``: equal, or quantized alike."""
    if a.quant and b.quant:
        # The storage type (`u8` stores in i8); its range is compared apart.
        qa, qb = a.quant, b.quant
        key_a = (qa.storage, qa.storage_min, qa.storage_max, qa.expressed, qa.per_axis)
        return key_a == (qb.storage, qb.storage_min, qb.storage_max, qb.expressed, qb.per_axis)
    if a.quant or b.quant:
        return False
    return a.text == b.text


def same_element(a: Element, b: Element) -> bool:
    """Exactly the same element type (quantized scales included)."""
    if a.quant and b.quant:
        return a.quant.text == b.quant.text
    return a.text == b.text


# ---------------------------------------------------------------- tensors

_BOUNDS = (
    lazy(r"#stablehlo\.bounds<\s*(.*?)\s*>"),
    lazy(r"#stablehlo\.type_extensions<\s*bounds\s*=\s*\[\s*(.*?)\s*\]\s*>"),
    # (MHLO's: read only where an MHLO check reads bounds at all: common.MHLO_BOUNDS_LATE)
    lazy(r"#mhlo\.type_extensions<\s*bounds\s*=\s*\[\s*(.*?)\s*\]\s*>"),
)


def _bounds(encoding: str | None, shape: Shape) -> tuple[Dim, ...] | None:
    if encoding is None:
        return None
    for form in _BOUNDS:
        match = form.fullmatch(encoding.strip())
        if match:
            items = [b.strip() for b in match.group(1).split(",")] if match.group(1) else []
            # (a negative bound is a number to StableHLO, not `?`: `bounds = [3, -1]` prints as `-1`)
            if not all(b == "?" or b.removeprefix("-").isdigit() for b in items):
                raise Unknown(encoding)  # not a bounds list broadcheck can read: the op is passed over
            bounds = tuple(None if b == "?" else int(b) for b in items)
            # The tool rejects these types when it reads them, before any op is verified.
            if len(bounds) != len(shape) or any(
                b is not None and d is not None for b, d in zip(bounds, shape, strict=False)
            ):
                raise Unknown(encoding)
            return bounds
    raise Unknown(encoding)


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class Tensor(Frozen):
    """A tensor type as StableHLO sees it: shape, bounds (``None``: no encoding) and element;
    ``sparse``: its ``#sparse_tensor.encoding`` as MLIR prints it (only the elementwise ops read one).
    (A :class:`~broadcheck.ops.Frozen`, as ``@dataclass(frozen=True, slots=True)`` made it: that
    dataclass's code was generated at each run's import, about 0.8 ms for each class.)"""

    __slots__ = __match_args__ = ("shape", "element", "bounds", "sparse")
    shape: Shape | None
    element: Element
    bounds: tuple[Dim, ...] | None
    sparse: str | None

    def __init__(
        self, shape: Shape | None, element: Element, bounds: tuple[Dim, ...] | None = None, sparse: str | None = None
    ) -> None:
        put = object.__setattr__
        put(self, "shape", shape)
        put(self, "element", element)
        put(self, "bounds", bounds)
        put(self, "sparse", sparse)

    def __getstate__(self) -> list[object]:  # (every field, a subclass's too: Frozen's reads its own slots)
        return [getattr(self, name) for name in self.__match_args__]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(self.__match_args__, state, strict=True):
            object.__setattr__(self, name, value)

    def __str__(self) -> str:
        if self.shape is None:
            return f"tensor<*x{self.element.text}>"
        dims = "".join(f"{'?' if d is None else d}x" for d in self.shape)
        encoding = ""
        if self.bounds is not None:
            encoding = ", #stablehlo.bounds<" + ", ".join("?" if b is None else str(b) for b in self.bounds) + ">"
        elif self.sparse is not None:
            encoding = f", {self.sparse}"
        return f"tensor<{dims}{self.element.text}{encoding}>"

    def bound(self, dim: int) -> Dim:
        """The bound of ``dim``, if it has one."""
        return None if self.bounds is None else self.bounds[dim]


def tensor(t: Type, sparse: bool = False) -> Tensor:
    """``t`` as a :class:`Tensor`; raises :class:`Unknown` if it is not a tensor broadcheck can read
    (a sparse encoding is read only where ``sparse`` says the op's checks know what it changes)."""
    if not isinstance(t, ShapedType) or t.kind != "tensor":
        raise Unknown(str(t))
    shape = t.shape
    if sparse and shape is not None and is_sparse(t.encoding):
        assert t.encoding is not None
        try:
            return Tensor(shape, element(t.element), None, canonical(t.encoding, len(shape)))
        except NotRead:
            raise Unknown(t.encoding) from None
    return Tensor(shape, element(t.element), None if shape is None else _bounds(t.encoding, shape))


@dataclass(init=False, repr=False, eq=False)  # (its fields for dataclasses.replace: the tensor's and its text)
class Buffer(Tensor):
    """A ranked ``memref`` (StableHLO's ``HLO_Buffer``), compared as a tensor of its shape and
    element (``isCompatibleForHloTypeInference`` takes any two shaped types); prints as written."""

    __slots__ = ("text",)
    __match_args__ = ("shape", "element", "bounds", "sparse", "text")
    text: str

    def __init__(
        self,
        shape: Shape | None,
        element: Element,
        bounds: tuple[Dim, ...] | None = None,
        sparse: str | None = None,
        text: str = "",
    ) -> None:
        Tensor.__init__(self, shape, element, bounds, sparse)
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text


_MEMREF = lazy(
    r"memref<((?:(?:\d+|\?)x)*)([a-z]\w*)"
    r"(?:,\s*strided<\[([\d?,\s]*)\](?:,\s*offset:\s*(\d+|\?))?>)?(?:,\s*(\d+))?>"
)
"""A ranked memref broadcheck reads: sizes, a plain element type, a ``strided`` layout, a memory
space (an integer)."""


_BUFFER_ELEMENT = lazy(r"[su]?i(?:1|2|4|8|16|32|64)|b?f16|f32|f64|f8E\w+|f6E\w+|f4E2M1FN")


def buffer(t: Type | str) -> Buffer:
    """A ranked ``memref`` as a :class:`Buffer` (its text as MLIR prints it: a memory space 0 is
    dropped, a strided layout kept); raises :class:`Unknown` for any other type or form."""
    text = " ".join(str(t).split()) if isinstance(t, (str, OpaqueType)) else None
    m = None if text is None else _MEMREF.fullmatch(text)
    if m is None:
        raise Unknown(str(t))
    dims, elem, strides, offset, space = m.groups()
    if not _BUFFER_ELEMENT.fullmatch(elem):
        raise Unknown(str(t))  # (not an HLO_Buffer: its ODS words it)
    shape = tuple(None if d == "?" else int(d) for d in dims.split("x")[:-1])
    printed = "memref<" + dims + elem
    if strides is not None:
        items = [x.strip() for x in strides.split(",")] if strides.strip() else []
        if len(items) != len(shape) or not all(x == "?" or x.isdigit() for x in items):
            raise Unknown(str(t))  # (the parser's to reject)
        printed += ", strided<[" + ", ".join(str(int(x)) if x != "?" else x for x in items) + "]"
        if offset is not None and offset != "0" and not (offset.isdigit() and int(offset) == 0):
            printed += f", offset: {offset if offset == '?' else int(offset)}"
        printed += ">"
    if space is not None and int(space) != 0:
        printed += f", {int(space)}"
    return Buffer(shape, element(elem), None, text=printed + ">")


def tensor_or_buffer(t: Type) -> Tensor:
    """``t`` as a :class:`Tensor`, or a ranked ``memref`` as a :class:`Buffer` (``while``'s operands)."""
    if isinstance(t, OpaqueType) and t.text.strip().startswith("memref<"):
        return buffer(t)
    return tensor(t)


def type_text(t: Type, sparse: bool = False) -> str:
    """``t`` as MLIR prints it in a message; raises :class:`Unknown` where broadcheck cannot tell
    (``sparse``: as :func:`tensor`)."""
    if isinstance(t, OpaqueType):
        text = t.text.strip()
        if re.fullmatch(r"[\w.!]+|memref<[\w?]+>", text):
            return text
        raise Unknown(text)
    if t.kind == "tensor":
        return str(tensor(t, sparse))
    assert t.shape is not None
    scalable = t.scalable or (False,) * len(t.shape)
    dims = "".join(f"[{d}]x" if s else f"{'?' if d is None else d}x" for d, s in zip(t.shape, scalable, strict=True))
    return f"vector<{dims}{element(t.element).text}>"


def _double(value: float) -> str:
    # A double streamed into an MLIR diagnostic: raw_ostream's "%e".
    return f"{value:e}"


def broadcast_scales(operand: Tensor, result: Tensor) -> Problem | None:
    """broadcast_in_dim_c6's scales: an operand quantized dimension of size 1 gives its one scale and
    zero point to every element of the result's (after the dimensions themselves were checked)."""
    q1, q2 = operand.element.quant, result.element.quant
    if q1 is None or q2 is None or q1.axis is None or q2.axis is None:
        return None
    assert operand.shape is not None and result.shape is not None
    size = result.shape[q2.axis]
    if operand.shape[q1.axis] != 1 or size is None:
        return None
    (scale, zero) = q1.params[0]
    for i, (s, z) in enumerate(q2.params[:size]):
        if s != scale:
            return Problem("BC1445", {"index": i, "result": _double(s), "operand": _double(scale)})
        if z != zero:
            return Problem("BC1446", {"index": i, "result": z, "operand": zero})
    return None


# ---------------------------------------------------------------- shape rules


def compatible_shapes(shapes: Sequence[Shape | None]) -> bool:
    """MLIR's ``verifyCompatibleShapes``: equal ranks, static sizes equal; unranked shapes match anything."""
    ranked = [s for s in shapes if s is not None]
    if not ranked:
        return True
    rank = len(ranked[0])
    if any(len(s) != rank for s in ranked):
        return False
    return all(len({s[i] for s in ranked if s[i] is not None}) <= 1 for i in range(rank))


def _within_bounds(shape: Shape, bounds: tuple[Dim, ...] | None) -> bool:
    if not shape or bounds is None:
        return True
    return all(b is None or d is None or b >= d for d, b in zip(shape, bounds, strict=True))


def compatible_shapes_with_bounds(a: Tensor, b: Tensor) -> bool:
    """StableHLO's ``verifyCompatibleShapeWithBounds``: compatible shapes, and no static size above a bound."""
    if not compatible_shapes([a.shape, b.shape]):
        return False
    if a.shape is None or b.shape is None:
        return True
    return _within_bounds(a.shape, b.bounds) and _within_bounds(b.shape, a.bounds)


def hlo_compatible(a: Tensor, b: Tensor) -> bool:
    """StableHLO's ``isCompatibleForHloTypeInference`` for two tensors."""
    return compatible_shapes_with_bounds(a, b) and compatible_elements(a.element, b.element)


class InferenceError(ValueError):
    """StableHLO's type inference failed: ``code`` and ``args`` are the message."""

    def __init__(self, code: str, **args: object):
        super().__init__(code)
        self.code, self.args_ = code, args


def most_specific(types: Sequence[Tensor], element_: Element | None = None) -> Tensor:
    """StableHLO's ``inferMostSpecificType``: merge sizes and bounds; raises :class:`InferenceError`.

    The result carries bounds only when the first type has them (as StableHLO does).
    """
    ranked = [t for t in types if t.shape is not None]
    first = types[0]
    elem = element_ or first.element
    if not ranked:
        return Tensor(None, elem)
    rank = len(ranked[0].shape or ())
    for t in ranked:
        if len(t.shape or ()) != rank:
            raise InferenceError("BC523-rank")
    sizes: list[Dim] = list(ranked[0].shape or ())
    bounds: list[Dim] = list(ranked[0].bounds or (None,) * rank)
    for t in ranked[1:]:
        for dim in range(rank):
            left, right = sizes[dim], (t.shape or ())[dim]
            left_bound, right_bound = bounds[dim], t.bound(dim)
            if left is not None or right is not None:
                if left is not None and right is not None and left != right:
                    raise InferenceError("BC523", a=left, b=right, dim=dim)
                size = left if left is not None else right
                check = left_bound if left_bound is not None else right_bound
                if check is not None and size is not None and size > check:
                    raise InferenceError("BC522", size=size, bound=check, dim=dim)
                sizes[dim], bounds[dim] = size, None
            else:
                known = [b for b in (left_bound, right_bound) if b is not None]
                bounds[dim] = min(known) if known else None
    keep = ranked[0].bounds is not None and any(b is not None for b in bounds)
    # (with no bounds anywhere the first type's encoding, a sparse one, is kept: boundsToEncoding)
    sparse = ranked[0].sparse if not any(t.bounds for t in ranked) else None
    return Tensor(tuple(sizes), elem, tuple(bounds) if keep else None, sparse)


# ---------------------------------------------------------------- ODS type constraints

ATOM_WORDS = {
    "F": "4/6/8/16/32/64-bit float",
    "F3264": "32/64-bit float",
    "B": "bool",
    "SI": "2/4/8/16/32/64-bit signless integer",
    "I": "2/4/8/16/32/64-bit integer",
    "C": "complex type with 32/64-bit float elements",
    "QT": "per-tensor integer quantized",
    "QA": "per-axis integer quantized",
}


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class Constraint(Frozen):
    """An ODS type constraint: which element atoms it takes, and how the tool words it. (A
    :class:`~broadcheck.ops.Frozen`, as :class:`Tensor`; semantics/mhlo.py's extend it.)"""

    __slots__ = __match_args__ = ("words", "atoms", "ranked", "shape")
    words: str
    atoms: frozenset[str]
    ranked: bool
    shape: Literal["any", "static-or-single-bounded", "static-1d"]

    def __init__(
        self,
        words: str,
        atoms: frozenset[str],
        ranked: bool = True,
        shape: Literal["any", "static-or-single-bounded", "static-1d"] = "any",
    ) -> None:
        put = object.__setattr__
        put(self, "words", words)
        put(self, "atoms", atoms)
        put(self, "ranked", ranked)
        put(self, "shape", shape)

    def __getstate__(self) -> list[object]:  # (as :class:`Tensor`'s: a subclass's instance too)
        return [getattr(self, name) for name in self.__match_args__]

    def __setstate__(self, state: list[object]) -> None:
        for name, value in zip(self.__match_args__, state, strict=True):
            object.__setattr__(self, name, value)

    def accepts(self, t: Type) -> bool:
        """Whether ``t`` satisfies the constraint (raises :class:`Unknown` for an unreadable element)."""
        if not isinstance(t, ShapedType) or t.kind != "tensor":
            return False
        if t.shape is None and (self.ranked or self.shape != "any"):
            return False
        if self.shape == "static-1d" and (t.shape is None or len(t.shape) != 1 or None in t.shape):
            return False
        if self.shape == "static-or-single-bounded" and t.shape is not None and None in t.shape:
            bounds = _bounds(t.encoding, t.shape) if t.encoding else None
            dynamic = [i for i, d in enumerate(t.shape) if d is None]
            if len(dynamic) != 1 or bounds is None or bounds[dynamic[0]] is None:
                return False
        if t.element.strip() == "index":
            return "IDX" in self.atoms
        elem = element(t.element)
        found = elem.atoms
        if elem.quant and elem.quant.axis is not None:
            # A per-axis quantized tensor: its quantized dimension exists and has one scale per element.
            axis, shape = elem.quant.axis, t.shape
            if shape is not None and (axis >= len(shape) or shape[axis] not in (None, len(elem.quant.params))):
                return False
        return bool(found & self.atoms)


def constraint(*atoms: str, ranked: bool = True) -> Constraint:
    """A ``[ranked ]tensor of A or B ... values`` constraint."""
    words = " or ".join(ATOM_WORDS[a] for a in atoms)
    return Constraint(f"{'ranked ' if ranked else ''}tensor of {words} values", frozenset(atoms), ranked)


def _integers(c: Constraint) -> Constraint:
    # "2/4/8/16/32/64-bit integer" takes signless and unsigned integers.
    return replace(c, atoms=(c.atoms - {"I"}) | {"SI", "UI"}) if "I" in c.atoms else c


HLO_TENSOR = _integers(constraint("F", "B", "I", "C", "QT", "QA"))
HLO_TENSOR_NO_AXIS = _integers(constraint("F", "B", "I", "C", "QT"))
INT_FP_COMPLEX_QT = _integers(constraint("I", "F", "C", "QT"))
SINT_FP_COMPLEX_QT = constraint("SI", "F", "C", "QT")
SINT_FP_QT = constraint("SI", "F", "QT")
INT = _integers(constraint("I"))
FP32_64 = constraint("F3264")
FP_BOOL_INT_COMPLEX = _integers(constraint("F", "B", "I", "C"))
FP_COMPLEX_QT = constraint("F", "C", "QT")
FP_COMPLEX = constraint("F", "C")
FP_QT = constraint("F", "QT")
FP = constraint("F")
PRED_INT = _integers(constraint("B", "I"))
PRED = constraint("B")
COMPLEX = constraint("C")


def check_types(
    operands: Sequence[Type],
    results: Sequence[Type],
    constraints: Sequence[Constraint],
    result: Constraint,
    sparse: bool = False,
) -> Problem | None:
    """ODS's operand then result type constraints, in order (BC109; ``sparse``: as :func:`tensor`)."""
    for index, (t, c) in enumerate(zip(operands, constraints, strict=True)):
        if not c.accepts(t):
            args = {"kind": "operand", "index": index, "constraint": c.words, "type": type_text(t, sparse)}
            return Problem("BC109", args, Subject("operand", index))
    for index, t in enumerate(results):
        if not result.accepts(t):
            args = {"kind": "result", "index": index, "constraint": result.words, "type": type_text(t, sparse)}
            return Problem("BC109", args, Subject("result", index))
    return None


def check_counts(operands: int, results: int, expected: int) -> Problem | None:
    """``OneResult`` then ``NOperands`` (``OneOperand`` words it differently)."""
    if results != 1:
        return Problem("BC107")
    if operands != expected:
        if expected == 1:
            return Problem("BC516")
        return Problem("BC515", {"expected": expected, "count": operands})
    return None


# ---------------------------------------------------------------- op kinds

Check = Callable[[Sequence[Tensor], Sequence[Tensor]], Problem | None]
"""An op kind's checks after the ODS constraints, on its operand and result tensors."""


def _inferred(inferred: Tensor, actual: Tensor) -> Problem | None:
    # InferTypeOpInterface's check, with StableHLO's isCompatibleForHloTypeInference.
    if hlo_compatible(inferred, actual):
        return None
    args = {"inferred": str(inferred), "actual": str(actual)}
    # (the type to write keeps the result's own sparsity, which no verdict depends on)
    return Problem("BC521", args, Subject("result", 0), expected=shaped(replace(inferred, sparse=actual.sparse)))


def shaped(t: Tensor) -> ShapedType | None:
    """``t`` as a type to write (``None`` for an unranked one or a memref): the result type a fix writes."""
    if t.shape is None or isinstance(t, Buffer):
        return None
    text = str(t)
    encoding = text[text.index(", #") + 2 : -1] if t.bounds is not None or t.sparse is not None else None
    return ShapedType("tensor", t.shape, t.element.text, encoding)


def _at_result(code: str, results: Sequence[Tensor], fits: Tensor | None) -> Problem:
    """``code`` at the first result that ``fits`` (the type the operands give) does not fit,
    with ``fits`` as the type to write (``--fix``); at the op when the operands disagree."""
    if fits is None:
        return Problem(code)
    index = next((i for i, t in enumerate(results) if not hlo_compatible(t, fits)), None)
    if index is None:
        return Problem(code)
    expected = shaped(replace(fits, sparse=results[index].sparse))  # (the result's own sparsity kept)
    return Problem(code, subject=Subject("result", index), expected=expected)


def _agreed(operands: Sequence[Tensor]) -> Tensor | None:
    """The most specific of the operands' types, if they agree."""
    if not all(hlo_compatible(t, operands[0]) for t in operands):
        return None
    try:
        return most_specific(operands)
    except InferenceError:
        return None


def _most_specific(types: Sequence[Tensor], elem: Element | None = None) -> Tensor | Problem:
    try:
        return most_specific(types, elem)
    except InferenceError as err:
        if err.code == "BC523-rank":
            raise Unknown("ranks") from err  # unreachable after the shape traits
        return Problem(err.code, err.args_)


def _elementwise(types: Sequence[Tensor]) -> Problem | None:
    # MLIR's Elementwise trait; every type here is a ranked tensor, so only the shapes can differ.
    if compatible_shapes([t.shape for t in types]):
        return None
    return Problem("BC520")


def _same_shape(types: Sequence[Tensor]) -> Problem | None:
    return None if compatible_shapes([t.shape for t in types]) else Problem("BC518")


def _compatible(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    # CompatibleOperandsAndResultType, against operand #0; then the inferred type against the result.
    expected = operands[0]
    if not all(hlo_compatible(t, expected) for t in (*operands, *results)):
        return _at_result("BC517", results, _agreed(operands))
    # Only each type against operand #0 so far: a binary op's rhs and result may still differ.
    problem = _same_shape([*operands, *results])
    if problem:
        return _at_result(problem.code, results, _agreed(operands))
    inferred = _most_specific(operands)
    return inferred if isinstance(inferred, Problem) else _inferred(inferred, results[0])


def _add(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    problem = _same_shape([*operands, *results])
    if problem:
        return _at_result(problem.code, results, _agreed(operands))
    problem = _add_elements([*operands, *results])
    if problem:
        return problem
    inferred = _most_specific(operands)
    return inferred if isinstance(inferred, Problem) else _inferred(inferred, results[0])


def _add_elements(types: Sequence[Tensor]) -> Problem | None:
    """StableHLO's ``verifyAddOp``: equal element types, or the quantization constraints add_c2 to add_c7."""
    quants = [t.element.quant for t in types]
    if not any(quants):
        return None if len({t.element.text for t in types}) == 1 else Problem("BC519")
    lhs, rhs, result = quants
    if lhs is None or rhs is None or result is None:
        return Problem("BC538")
    # The storage type: `u8` and `i8` both store in i8.
    if len({q.storage for q in (lhs, rhs, result)}) != 1:
        return Problem("BC539")
    if len({q.expressed for q in (lhs, rhs, result)}) != 1:
        return Problem("BC540")
    if lhs.per_axis or rhs.per_axis:
        if not result.per_axis:
            return Problem("BC541")
        for side, q in (("lhs", lhs), ("rhs", rhs)):
            if q.per_axis and q.axis != result.axis:
                return Problem("BC543", {"side": side, "operand": q.text, "result": result.text})
        return None
    if result.per_axis:
        return Problem("BC542")
    return None


def _complex(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    if not same_element(operands[0].element, operands[1].element):
        return Problem("BC524")
    lhs = operands[0]
    fits = replace(lhs, element=element(f"complex<{lhs.element.text}>"))
    problem = _same_shape([*operands, *results])
    if problem:
        agreed = _agreed(operands)
        return _at_result(problem.code, results, agreed and replace(fits, shape=agreed.shape))
    return _inferred(fits, results[0])


def _compare(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    problem = _elementwise([*operands, *results])
    if problem:
        return problem
    if not compatible_elements(operands[0].element, operands[1].element):
        return Problem("BC525")
    return _inferred(replace(operands[0], element=element("i1")), results[0])


def _unary_inferred(transform: Callable[[Element], Element]) -> Check:
    def check(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
        problem = _elementwise([*operands, *results])
        if problem:
            return problem
        operand = operands[0]
        return _inferred(replace(operand, element=transform(operand.element)), results[0])

    return check


def _convert(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    problem = _same_shape([*operands, *results])
    if problem:  # the result keeps its element type: only its shape is the operand's
        return _at_result(problem.code, results, replace(operands[0], element=results[0].element))
    return None


def _reduce_precision(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    return _elementwise([*operands, *results]) or _compatible(operands, results)


def _select(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    pred, on_true, on_false = operands
    if not (compatible_shapes([on_true.shape, on_false.shape]) and same_element(on_true.element, on_false.element)):
        return Problem("BC527", subject=Subject("operand", 2))
    if pred.shape is not None and len(pred.shape) != 0 and not compatible_shapes([pred.shape, on_true.shape]):
        return Problem("BC528", subject=Subject("operand", 0))
    inferred = _most_specific([on_true, on_false])
    return inferred if isinstance(inferred, Problem) else _inferred(inferred, results[0])


def _dims_text(shape: Shape) -> str:
    return ", ".join(str(DYNAMIC if d is None else d) for d in shape)


def _clamp(operands: Sequence[Tensor], results: Sequence[Tensor]) -> Problem | None:
    types = [*operands, *results]
    if not all(compatible_elements(t.element, types[0].element) for t in types):
        return Problem("BC526")
    low, operand, high = operands
    assert operand.shape is not None
    for which, index, bound in (("min", 0, low), ("max", 2, high)):
        assert bound.shape is not None
        if bound.shape and not compatible_shapes([bound.shape, operand.shape]):
            args = {"which": which, "shape": _dims_text(bound.shape), "operand": _dims_text(operand.shape)}
            return Problem("BC529", args, Subject("operand", index))
    return _inferred(Tensor(operand.shape, operand.element), results[0])


class OpRule(Frozen):
    """One op's shape rule: its operands' and result's ODS constraints, and its checks after them."""

    __slots__ = __match_args__ = ("check", "operands", "result")
    check: Check
    operands: tuple[Constraint, ...]
    result: Constraint

    def __init__(self, check: Check, operands: tuple[Constraint, ...], result: Constraint) -> None:
        put = object.__setattr__
        put(self, "check", check)
        put(self, "operands", operands)
        put(self, "result", result)


def _unary(check: Check, operand: Constraint, result: Constraint | None = None) -> OpRule:
    return OpRule(check, (operand,), result or operand)


def _binary(check: Check, operand: Constraint, result: Constraint | None = None) -> OpRule:
    return OpRule(check, (operand, operand), result or operand)


_abs_like = _unary_inferred(real_part)
_is_finite = _unary_inferred(lambda e: element("i1"))

# Every StableHLO op whose verifier relates operand and result shapes, from StablehloOps.td and the
# verifier in iree-base-compiler 3.13 (ODS constraints probed from the tool's own messages).
OPS: dict[str, OpRule] = {
    **{
        name: _unary(_compatible, FP_COMPLEX_QT)
        for name in "cbrt cosine exponential exponential_minus_one log log_plus_one logistic rsqrt sine sqrt tan "
        "tanh".split()
    },
    **{name: _unary(_compatible, FP_QT) for name in "ceil floor round_nearest_afz round_nearest_even".split()},
    "count_leading_zeros": _unary(_compatible, INT),
    "popcnt": _unary(_compatible, INT),
    "not": _unary(_compatible, PRED_INT),
    "negate": _unary(_compatible, INT_FP_COMPLEX_QT),
    "sign": _unary(_compatible, SINT_FP_COMPLEX_QT),
    "abs": _unary(_abs_like, SINT_FP_COMPLEX_QT, SINT_FP_QT),
    "real": _unary(_abs_like, FP_COMPLEX, FP),
    "imag": _unary(_abs_like, FP_COMPLEX, FP),
    "is_finite": _unary(_is_finite, FP_QT, PRED),
    "convert": _unary(_convert, FP_BOOL_INT_COMPLEX),
    "reduce_precision": _unary(_reduce_precision, FP_QT),
    "add": _binary(_add, HLO_TENSOR),
    "atan2": _binary(_compatible, FP_COMPLEX_QT),
    **{name: _binary(_compatible, INT_FP_COMPLEX_QT) for name in "divide power remainder subtract".split()},
    **{name: _binary(_compatible, HLO_TENSOR_NO_AXIS) for name in "maximum minimum multiply".split()},
    **{name: _binary(_compatible, INT) for name in "shift_left shift_right_arithmetic shift_right_logical".split()},
    **{name: _binary(_compatible, PRED_INT, HLO_TENSOR_NO_AXIS) for name in "and or xor".split()},
    "complex": _binary(_complex, FP32_64, COMPLEX),
    "compare": _binary(_compare, HLO_TENSOR_NO_AXIS, PRED),
    "select": OpRule(_select, (PRED, HLO_TENSOR_NO_AXIS, HLO_TENSOR_NO_AXIS), HLO_TENSOR_NO_AXIS),
    "clamp": OpRule(_clamp, (HLO_TENSOR_NO_AXIS,) * 3, HLO_TENSOR_NO_AXIS),
}


def _complex_operands(operands: list[Type], results: list[Type]) -> list[Type]:
    """``stablehlo.complex %a, %b : tensor<4xcomplex<f32>>``: the one type is the result's; the operands
    are its real parts (StableHLO's ``ComplexOpType`` assembly)."""
    result = results[0] if len(results) == 1 else None
    if not isinstance(result, ShapedType) or any(t != result for t in operands):
        return operands
    inner = re.fullmatch(r"complex<\s*(.+?)\s*>", result.element.strip())
    return operands if inner is None else [replace(result, element=inner.group(1)) for _ in operands]


def mnemonic(op: Operation) -> str:
    """The op's name without its dialect: ``stablehlo.add`` -> ``add``."""
    return op.name.partition(".")[2]


def verify_rule(op: Operation, rule: OpRule, ods: bool = True, sparse: bool = False) -> Problem | None:
    """Counts, ODS constraints (unless ``ods`` is false), then the rule's own checks (``sparse``:
    sparse encodings read, which StableHLO's type comparisons leave out)."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    try:
        if rule.check is _complex and not op.generic:
            operands = _complex_operands(operands, results)
        problem = check_counts(len(operands), len(results), len(rule.operands))
        if problem or (ods and (problem := check_types(operands, results, rule.operands, rule.result, sparse))):
            return problem
        tensors = [tensor(t, sparse) for t in operands], [tensor(t, sparse) for t in results]
        if any(t.shape is None for t in (*tensors[0], *tensors[1])):
            return NOT_JUDGED  # only MHLO gets here with an unranked tensor: its rules for them are not modelled
        every = (*tensors[0], *tensors[1])
        if any(t.sparse for t in every) and any(t.bounds for t in every):
            return NOT_JUDGED  # (bounds and sparsity in one op: what StableHLO's inference keeps is not modelled)
        return rule.check(*tensors)
    except Unknown:
        return NOT_JUDGED


# Attributes these ops require: the generic form without one is "requires attribute 'x'" (BC1070).
_REQUIRED = {"compare": ("comparison_direction",), "reduce_precision": ("exponent_bits", "mantissa_bits")}


_RESULT_ACCURACY = lazy(
    r"#stablehlo\.result_accuracy<\s*atol\s*=\s*([^,>\s]+)\s*,\s*rtol\s*=\s*([^,>\s]+)\s*,"
    r"\s*ulps\s*=\s*(-?\d+)\s*,\s*mode\s*=\s*#stablehlo\.result_accuracy_mode<(\w+)>\s*>"
)


def result_accuracy(op: Operation) -> Problem | None:
    """``ResultAccuracyAttr::verify``, which runs as the parser builds the attribute: tolerances
    all zero unless the mode is TOLERANCE, and none negative; located at the attribute's last
    ``>``. A form it does not know is passed over."""
    attr = op.attribute("result_accuracy")
    if attr is None:
        return None
    m = _RESULT_ACCURACY.fullmatch(attr.text.strip())
    if m is None:
        return None
    try:
        atol, rtol = float(m.group(1)), float(m.group(2))
    except ValueError:
        return None
    ulps, mode = int(m.group(3)), m.group(4)
    span = attr.span
    if span.line != span.end_line:
        return None
    at = Span(span.end_line, span.end_column, span.end_line, span.end_column + 1)
    if mode != "TOLERANCE" and (atol != 0 or rtol != 0 or ulps != 0):
        return Problem("BC1076", {"mode": mode}, span=at)
    if atol < 0 or rtol < 0 or ulps < 0:
        return Problem("BC1077", span=at)
    return None


_BITS = (
    ("exponent_bits", 1, "32-bit signless integer attribute whose value is positive"),
    ("mantissa_bits", 0, "32-bit signless integer attribute whose value is non-negative"),
)
_I32 = lazy(r"\s*(-?\d+)\s*:\s*(i\d+)\s*")
_FORMAT = lazy(r"\s*e(\d+)m(\d+)\s*")


def precision_bits(op: Operation) -> Problem | None:
    """``reduce_precision``'s ODS attribute constraints, in its order: ``exponent_bits`` a positive
    i32, ``mantissa_bits`` a non-negative one (the custom form's ``format = e0m2`` too; checked
    with iree 3.13). A value broadcheck cannot read is left to the rest."""
    if len(op.operands) != 1 or len(op.results) != 1:
        return None  # (the counts come first)
    written = op.attribute("format") if not op.generic else None
    m = _FORMAT.fullmatch(written.text) if written is not None else None
    for index, (name, minimum, words) in enumerate(_BITS):
        if m is not None:
            got, typ = int(m.group(index + 1)), "i32"
        else:
            attr = op.attribute(name)
            read = _I32.fullmatch(attr.text) if attr is not None else None
            if read is None:
                continue
            got, typ = int(read.group(1)), read.group(2)
        if typ != "i32" or got < minimum:
            return Problem("BC562", {"name": name, "constraint": words})
    return None


def verify_op(op: Operation, profile: Profile) -> Problem | None:
    """A StableHLO op of :data:`OPS`, as StableHLO's verifier checks it (after its
    ``result_accuracy``, which the parser checks)."""
    name = mnemonic(op)
    rule = OPS.get(name)
    if rule is None:
        return None
    if op.generic and (missing := next((a for a in _REQUIRED.get(name, ()) if op.attribute(a) is None), None)):
        return Problem("BC1070", {"name": missing})  # (the first in ODS's order: iree-opt 3.13)
    if name == "reduce_precision" and (problem := precision_bits(op)):
        return problem
    return (result_accuracy(op) if op.attributes else None) or verify_rule(op, rule, sparse=True)


VERIFIERS = {
    "stablehlo": verify_op,
    "stablehlo-form": verify_op,
}
# The `-form` names are for the ops whose verdict also depends on the op's form or attributes:
# compare and reduce_precision (a generic form without their attributes is passed over) and
# complex (its custom form names only the result type).
