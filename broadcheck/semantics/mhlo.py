"""MHLO ops whose verifier relates operand and result shapes, as MHLO itself checks them.

MHLO is not StableHLO: its ops have their own ODS definitions and verifiers
(openxla/xla ``xla/mlir_hlo/mhlo/IR/hlo_ops.td``, ``hlo_ops.cc``), and this module
follows the MHLO that ``jaxlib`` 0.10.2 ships, checked against it: the
elementwise ops (``add``, ``abs``, ``acos``, ``mulhi``, ...), ``compare``,
``select``, ``clamp``, ``complex``, ``convert``, ``reduce_precision``,
``stochastic_convert``, ``broadcast``, ``broadcast_in_dim`` and
``dynamic_broadcast_in_dim``, in the verifier's order and words:

1. what the parser rejects while it builds the op: an op without a custom form
   written in one (``custom op 'mhlo.broadcast_in_dim' has no custom assembly
   form``), a property of the wrong kind in ``<{...}>`` (``invalid properties
   {...}``: ``broadcast_dimensions`` is an elements attribute,
   ``dense<[1]> : tensor<1xi64>``, not ``array<i64: 1>``), an inherent attribute
   of ``{...}`` that breaks its constraint;
2. the result and operand counts, required attributes, the constraints of
   properties, the ODS type constraint of each operand and result;
3. the op's traits and C++ verifier, then the type it infers against its result.

Where MHLO behaves as StableHLO does, the rules are StableHLO's own helpers
(:mod:`broadcheck.semantics.stablehlo`, :mod:`broadcheck.semantics.xla`);
MHLO's differ in the type constraints (``maximum``, ``select``, ``clamp`` take
per-axis quantized types; ``acos``, ``cosh``, ... take unranked tensors), in
``compare`` and ``clamp`` (the *same* element types, not compatible ones), in
the attribute forms, and in its bounds encoding
(``#mhlo.type_extensions<bounds = [?, 4]>``, printed as such in messages).

Quantized element types are checked as jaxlib 0.10.2's MHLO checks them with the
``quant`` dialect loaded (``tests/oracle/test_mhlo_quant.py``): per-tensor types are
compatible when storage type, storage range and expressed type agree (StableHLO's
``isCompatibleElementTypeForHloTypeInference``); ``MHLO_Tensor`` (``add``, ``select``,
the broadcasts, ...) holds a per-axis type's quantized dimension within the shape with
one scale per element, the narrower constraints (``negate``, ``abs``, ``sqrt``, ...) do
not (:class:`_AnyAxis`); the broadcasts check scales and the quantized dimension (C1, C6).

Not modelled (the op is then passed over, never reported): a broadcast to a per-axis
quantized result whose quantized dimensions lie outside the shapes or lack scales, or
whose operand is not per-axis quantized (MHLO's C++ reads past its data there; jaxlib
crashes on some), encodings other than bounds,
attribute texts broadcheck cannot read (an alias), the values of
``output_dimensions``, and an inherent attribute in a custom form's own
dictionary that breaks its constraint (the parser reports it at the dictionary).

What the custom forms' parsers reject (``mhlo.compare ... : T`` where MHLO wants
a functional type, an unknown comparison direction, a type list of the wrong
length, ...) is :class:`broadcheck.dialects.assembly.Assembly`'s, declared in
:mod:`broadcheck.dialects.mhlo`: no verifier runs on such an op. Known gaps: an
empty ``<{}>`` beside a dictionary is not seen (its
dictionary is read as the only one); and ``stochastic_convert``, which has no
custom form, written in one on a single line without attributes is taken for
the generic form by the engine's fast path (which keys lines by their types).

PASS::

    %0 = "mhlo.broadcast_in_dim"(%v) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<3xi8>) -> tensor<3xi8>
    %1 = mhlo.compare LT, %a, %b : (tensor<2x?xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>

FAIL::

    %0 = "mhlo.broadcast_in_dim"(%v) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xi8>) -> tensor<2x3xi8>
    %1 = mhlo.compare LT, %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from broadcheck.ops import Attribute, Dim, OpaqueType, Operation, Shape, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.semantics.stablehlo import (
    ATOM_WORDS,
    Constraint,
    Element,
    InferenceError,
    Tensor,
    Unknown,
    compatible_elements,
    compatible_shapes,
    element,
    hlo_compatible,
    most_specific,
    real_part,
    same_element,
    tensor,
    type_text,
)
from broadcheck.semantics.stablehlo import constraint as stablehlo_constraint
from broadcheck.semantics.tosa import _apfloat_string as apfloat_string
from broadcheck.semantics.tosa import mlir_float
from broadcheck.semantics.xla import STATIC_RESULT, XlaError, broadcast_in_dim, quantized_dimension
from broadcheck.semantics.xla import _dynamic_dims as dynamic_broadcast_dims

# ---------------------------------------------------------------- tensors

_MHLO_BOUNDS = re.compile(r"#mhlo\.type_extensions<\s*bounds\s*=\s*\[\s*(.*?)\s*\]\s*>")


@dataclass(init=False, repr=False, eq=False)  # (its fields for dataclasses.replace: the tensor's and mhlo)
class MTensor(Tensor):
    """A tensor as MHLO sees it: StableHLO's, plus how its bounds encoding is printed."""

    __slots__ = ("mhlo",)
    __match_args__ = ("shape", "element", "bounds", "sparse", "mhlo")
    mhlo: bool
    """Whether the bounds are MHLO's ``#mhlo.type_extensions<bounds = [...]>`` (else StableHLO's)."""

    def __init__(
        self,
        shape: Shape | None,
        element: Element,
        bounds: tuple[Dim, ...] | None = None,
        sparse: str | None = None,
        mhlo: bool = False,
    ) -> None:
        Tensor.__init__(self, shape, element, bounds, sparse)
        object.__setattr__(self, "mhlo", mhlo)

    def __str__(self) -> str:
        if self.bounds is None or not self.mhlo or self.shape is None:
            return Tensor.__str__(self)
        dims = "".join(f"{'?' if d is None else d}x" for d in self.shape)
        bounds = ", ".join("?" if b is None else str(b) for b in self.bounds)
        return f"tensor<{dims}{self.element.text}, #mhlo.type_extensions<bounds = [{bounds}]>>"


def _normal(t: Type) -> tuple[Type, bool]:
    """``t`` with MHLO's bounds encoding written as StableHLO's (which the helpers read), and whether it was."""
    if isinstance(t, ShapedType) and t.encoding is not None:
        m = _MHLO_BOUNDS.fullmatch(t.encoding.strip())
        if m is not None:
            return replace(t, encoding=f"#stablehlo.bounds<{m.group(1)}>"), True
    return t, False


def mtensor(t: Type) -> MTensor:
    """``t`` as an :class:`MTensor`; raises :class:`Unknown` for what broadcheck cannot model."""
    normal, mhlo = _normal(t)
    read = tensor(normal)
    return MTensor(read.shape, read.element, read.bounds, mhlo=mhlo)


_COMPLEX = re.compile(r"complex<\s*(\w+)\s*>")


def _text(t: Type) -> str:
    """``t`` as MHLO prints it in a message."""
    if isinstance(t, ShapedType) and t.kind == "tensor":
        return str(mtensor(t))
    scalar = _COMPLEX.fullmatch(t.text.strip()) if isinstance(t, OpaqueType) else None
    return f"complex<{scalar.group(1)}>" if scalar is not None else type_text(t)


# ---------------------------------------------------------------- ODS type constraints (jaxlib 0.10.2's words)


class _AnyAxis(Constraint):
    """An MHLO ODS constraint: StableHLO's, but a per-axis quantized type's quantized dimension is
    not looked at (jaxlib 0.10.2 takes ``tensor<2x!quant.uniform<i8:f32:5, {0.5}>>``)."""

    __slots__ = ()

    def accepts(self, t: Type) -> bool:
        if not (isinstance(t, ShapedType) and "!quant." in t.element):
            return Constraint.accepts(self, t)
        quant = element(t.element)
        if quant.quant is None or quant.quant.axis is None:
            return Constraint.accepts(self, t)
        shape_rules = Constraint.accepts(replace(self, atoms=frozenset({"F"})), replace(t, element="f32"))
        return shape_rules and bool(quant.atoms & self.atoms)


def _any_axis(c: Constraint) -> Constraint:
    return _AnyAxis(c.words, c.atoms, c.ranked, c.shape)


def constraint(*atoms: str, ranked: bool = True) -> Constraint:
    """StableHLO's constraint of ``atoms``, as MHLO checks it (:class:`_AnyAxis`)."""
    return _any_axis(stablehlo_constraint(*atoms, ranked=ranked))


def _integers(c: Constraint) -> Constraint:
    # "2/4/8/16/32/64-bit integer" takes signless and unsigned integers.
    return replace(c, atoms=(c.atoms - {"I"}) | {"SI", "UI"}) if "I" in c.atoms else c


def _quant_words(kinds: str) -> str:
    return " or ".join(f"2/4/8/16/32-bit uniform quantized {k}" for k in kinds.split(","))


MHLO_TENSOR = _integers(stablehlo_constraint("F", "B", "I", "C", "QT", "QA"))  # (it checks the quantized dimension)
INT_FP_COMPLEX_QUANT = _integers(constraint("I", "F", "C", "QT", "QA"))
FP_COMPLEX_QT = constraint("F", "C", "QT")
FP_QT = constraint("F", "QT")
FP = constraint("F")
FP_COMPLEX = constraint("F", "C")
FP_COMPLEX_UNRANKED = constraint("F", "C", ranked=False)
INT = _integers(constraint("I"))
PRED_INT = _integers(constraint("B", "I"))
PRED = constraint("B")
SINT_FP_COMPLEX_QT = constraint("SI", "F", "C", "QT")
FP32_64 = constraint("F3264")
COMPLEX = constraint("C")
UINT = _any_axis(Constraint("ranked tensor of 2/4/8/16/32/64-bit unsigned integer values", frozenset({"UI"})))
_QUANTS = _quant_words("signed integer,per axis signed integer,unsigned integer,per axis unsigned integer")
ABS_OPERAND = _AnyAxis(
    f"ranked tensor of {ATOM_WORDS['SI']} or {ATOM_WORDS['F']} or {ATOM_WORDS['C']} or {_QUANTS} values",
    frozenset({"SI", "F", "C", "QT", "QA"}),
)
ABS_RESULT = _AnyAxis(
    f"ranked tensor of {ATOM_WORDS['SI']} or {ATOM_WORDS['F']} or {_QUANTS} values", frozenset({"SI", "F", "QT", "QA"})
)
STATIC_OR_BOUNDED = Constraint(STATIC_RESULT, MHLO_TENSOR.atoms, shape="static-or-single-bounded")


class _OneDimensional(Constraint):
    """``MHLO_DimensionTensor``: a 1-D tensor (of any size, ``?`` too) of index or integer values."""

    __slots__ = ()

    def accepts(self, t: Type) -> bool:
        if not isinstance(t, ShapedType) or t.shape is None or len(t.shape) != 1:
            return False
        return Constraint.accepts(self, t)


DIMENSION_TENSOR = _OneDimensional(
    "1D tensor of index or 2/4/8/16/32/64-bit integer values", frozenset({"IDX", "SI", "UI"})
)


def _check_types(operands: Sequence[Type], results: Sequence[Type], decl: OpDecl) -> Problem | None:
    """ODS's operand then result type constraints, in order (BC109), in MHLO's printing."""
    for index, (t, c) in enumerate(zip(operands, decl.operands, strict=True)):
        if not c.accepts(_normal(t)[0]):
            args = {"kind": "operand", "index": index, "constraint": c.words, "type": _text(t)}
            return Problem("BC109", args, Subject("operand", index))
    for index, t in enumerate(results):
        if not decl.result.accepts(_normal(t)[0]):
            args = {"kind": "result", "index": index, "constraint": decl.result.words, "type": _text(t)}
            return Problem("BC109", args, Subject("result", index))
    return None


def _check_counts(operands: int, results: int, expected: int) -> Problem | None:
    """``OneResult``, then ``NOperands`` (``OneOperand`` words it differently)."""
    if results != 1:
        return Problem("BC107")
    if operands != expected:
        return Problem("BC516") if expected == 1 else Problem("BC515", {"expected": expected, "count": operands})
    return None


# ---------------------------------------------------------------- attribute values


@dataclass(frozen=True, slots=True)
class Value:
    """An attribute value as MLIR reads it: its kind (the C++ class), how MLIR prints it, and its contents."""

    kind: str
    """``int`` (``IntegerAttr``, booleans too), ``float``, ``string``, ``unit``, ``elements-int``
    (``DenseIntElementsAttr``), ``elements-float``, ``dense-array``, ``array`` or ``enum``."""
    printed: str
    type: str = ""
    """The integer or float type; the element type of an elements attribute; an enum's ``dialect.name``."""
    ints: tuple[int, ...] = ()
    """The integers, flattened; an enum's word is in ``printed``."""
    shape: tuple[int, ...] = ()
    """An elements attribute's shape."""


_INT_TYPE = re.compile(r"(i|si|ui)([1-9][0-9]*)|index")
_FLOAT_TYPES = frozenset({"f16", "bf16", "f32", "f64"})
_INT = re.compile(r"(-?[0-9]+)(?:\s*:\s*(\w+))?")
_FLOAT = re.compile(r"(-?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)(?:\s*:\s*(\w+))?")
_STRING = re.compile(r'"[^"\\\n]*"')
_ENUM = re.compile(r"#(\w+)<\s*(\w+)\s+(\w+)\s*>")
_DENSE = re.compile(r"dense<(.*)>\s*:\s*(tensor|vector)<\s*((?:[0-9]+\s*x\s*)*)(\w+)\s*>", re.S)
_ARRAY = re.compile(r"array<\s*(i[0-9]+)\s*(?::(.*))?>", re.S)
_ENUM_WORDS = {
    "comparison_direction": frozenset("EQ NE GE GT LE LT".split()),
    "comparison_type": frozenset("NOTYPE FLOAT TOTALORDER SIGNED UNSIGNED".split()),
}


def _int_range(kind: str, value: int, type_: str) -> int:
    """``value`` as an integer of ``type_`` holds it (raises :class:`Unknown` where MLIR's parser would stop)."""
    m = _INT_TYPE.fullmatch(type_)
    if m is None:
        raise Unknown(type_)
    if type_ == "index":
        return value
    width = int(m.group(2))
    if m.group(1) == "ui":
        low, high = 0, 2**width - 1
    elif m.group(1) == "si":
        low, high = -(2 ** (width - 1)), 2 ** (width - 1) - 1
    else:  # signless: either reading
        low, high = -(2 ** (width - 1)), 2**width - 1
    if not low <= value <= high:
        raise Unknown(kind)
    return value


def _print_int(value: int, type_: str) -> str:
    if type_ == "i1":
        return "true" if value else "false"
    return str(value)


def _float_text(value: float, type_: str) -> str:
    """A float attribute's value as MLIR prints it (doubles; other widths only where the short form is exact)."""
    if type_ == "f64":
        return mlir_float(value)
    import struct

    if type_ == "f32":
        stored = struct.unpack(">f", struct.pack(">f", value))[0]
        short = apfloat_string(stored, 6, 0, truncate_zero=False)  # the same digits as the f32's own
        if struct.unpack(">f", struct.pack(">f", float(short)))[0] == stored:
            return short
    raise Unknown(type_)


def _split(text: str) -> list[str]:
    """``text`` cut at its top-level commas."""
    parts, depth, start, quoted = [], 0, 0, False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _literal(text: str, shape: tuple[int, ...]) -> list[str]:
    """The scalars of a ``dense<...>`` literal of ``shape``, flattened (a splat is repeated)."""
    text = text.strip()
    count = 1
    for d in shape:
        count *= d
    if not text:
        if count:
            raise Unknown("empty literal")
        return []
    if not text.startswith("["):
        return [text] * count

    def flat(part: str, dims: tuple[int, ...]) -> list[str]:
        part = part.strip()
        if not dims:
            if part.startswith("["):
                raise Unknown("nesting")
            return [part]
        if not (part.startswith("[") and part.endswith("]")):
            raise Unknown("nesting")
        items = _split(part[1:-1]) if part[1:-1].strip() else []
        if len(items) != dims[0]:
            raise Unknown("shape")
        return [x for item in items for x in flat(item, dims[1:])]

    return flat(text, shape)


def _dense(m: re.Match[str]) -> Value:
    body, kind, dims, elem = m.groups()
    shape = tuple(int(d) for d in re.findall(r"[0-9]+", dims))
    scalars = _literal(body, shape)
    shape_text = "".join(f"{d}x" for d in shape)
    if _INT_TYPE.fullmatch(elem):
        ints = []
        for s in scalars:
            if s in ("true", "false") and elem == "i1":
                ints.append(int(s == "true"))
            elif re.fullmatch(r"-?[0-9]+", s) and s != "-0":
                ints.append(_int_range("dense", int(s), elem))
            else:
                raise Unknown(s)
        items = [_print_int(v, elem) for v in ints]
        return Value("elements-int", _print_dense(items, shape, kind, shape_text, elem), elem, tuple(ints), shape)
    if elem in _FLOAT_TYPES:
        floats = []
        for s in scalars:
            if not re.fullmatch(r"-?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?", s):
                raise Unknown(s)
            floats.append(_float_text(float(s), elem))
        return Value("elements-float", _print_dense(floats, shape, kind, shape_text, elem), elem, (), shape)
    raise Unknown(elem)


def _print_dense(items: list[str], shape: tuple[int, ...], kind: str, dims: str, elem: str) -> str:
    if not items:
        body = ""
    elif len(set(items)) == 1:
        body = items[0]
    else:

        def nest(start: int, dims_: tuple[int, ...]) -> tuple[str, int]:
            if not dims_:
                return items[start], start + 1
            parts = []
            for _ in range(dims_[0]):
                part, start = nest(start, dims_[1:])
                parts.append(part)
            return "[" + ", ".join(parts) + "]", start

        body = nest(0, shape)[0]
    return f"dense<{body}> : {kind}<{dims}{elem}>"


def value(text: str, elide: bool = False) -> Value:
    """The attribute ``text``; raises :class:`Unknown` for what broadcheck cannot read or print.

    ``elide``: printed inside an array, where MLIR leaves out ``: i64`` and ``: f64``.
    """
    text = text.strip()
    if text in ("true", "false"):
        return Value("int", text, "i1", (int(text == "true"),))
    if text == "unit":
        return Value("unit", "unit")
    m = _INT.fullmatch(text)
    if m is not None:
        number, type_ = m.group(1), m.group(2) or "i64"
        if number == "-0":
            raise Unknown(text)
        n = _int_range("int", int(number), type_)
        shown = _print_int(n, type_)
        return Value("int", shown if type_ == "i1" or (elide and type_ == "i64") else f"{shown} : {type_}", type_, (n,))
    m = _FLOAT.fullmatch(text)
    if m is not None:
        type_ = m.group(2) or "f64"
        shown = _float_text(float(m.group(1)), type_)
        return Value("float", shown if elide and type_ == "f64" else f"{shown} : {type_}", type_)
    if _STRING.fullmatch(text):
        return Value("string", text)
    m = _ENUM.fullmatch(text)
    if m is not None:
        dialect, name, word = m.groups()
        if dialect not in ("mhlo", "stablehlo", "chlo") or word not in _ENUM_WORDS.get(name, ()):
            raise Unknown(text)
        return Value("enum", f"#{dialect}<{name} {word}>", f"{dialect}.{name}")
    m = _DENSE.fullmatch(text)
    if m is not None:
        return _dense(m)
    m = _ARRAY.fullmatch(text)
    if m is not None:
        elem, body = m.group(1), (m.group(2) or "").strip()
        items = _split(body) if body else []
        if not all(re.fullmatch(r"-?[0-9]+", i) and i != "-0" for i in items):
            raise Unknown(text)
        ints = tuple(_int_range("array", int(i), elem) for i in items)
        shown = ", ".join(_print_int(v, elem) for v in ints)
        return Value("dense-array", f"array<{elem}: {shown}>" if items else f"array<{elem}>", elem, ints)
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        parts = [value(p, elide=True) for p in _split(inner)] if inner else []
        ints = tuple(v.ints[0] for v in parts if v.kind == "int")
        return Value("array", "[" + ", ".join(p.printed for p in parts) + "]", "", ints)
    raise Unknown(text)


# ---------------------------------------------------------------- inherent attributes


@dataclass(frozen=True, slots=True)
class AttrSpec:
    """An inherent attribute: the class its property holds, its constraint and how MHLO words it."""

    name: str
    storage: str
    """The kind of :class:`Value` the property holds; ``enum:<name>`` for MHLO's enums."""
    words: str
    required: bool = True
    minimum: int | None = None
    """An ``I32Attr``'s least value."""

    def converts(self, v: Value) -> bool:
        """Whether the parser can store ``v`` in the property (else ``invalid properties``)."""
        if self.storage.startswith("enum:"):
            return v.kind == "enum" and v.type == "mhlo." + self.storage[5:]
        return v.kind == self.storage

    def satisfied(self, v: Value) -> bool:
        """The attribute's ODS constraint."""
        if not self.converts(v):
            return False
        if self.storage == "elements-int":
            return v.type == "i64"
        if self.storage == "int":
            return v.type == "i32" and self.minimum is not None and v.ints[0] >= self.minimum
        return True


def _i64_elements(name: str, required: bool = True) -> AttrSpec:
    return AttrSpec(name, "elements-int", "64-bit signless integer elements attribute", required)


_DIRECTION = AttrSpec("comparison_direction", "enum:comparison_direction", "Which comparison operation to perform.")
_COMPARE_TYPE = AttrSpec("compare_type", "enum:comparison_type", "Which comparison type to use.", required=False)
_EXPONENT = AttrSpec("exponent_bits", "int", "32-bit signless integer attribute whose value is positive", minimum=1)
_MANTISSA = AttrSpec("mantissa_bits", "int", "32-bit signless integer attribute whose value is non-negative", minimum=0)
_FORMAT = re.compile(r"e([0-9]+)m([0-9]+)")

Attrs = Mapping[str, Value]


class _Stop(Exception):
    """The op's verdict is known before the verifier runs: ``problem`` (``None``: passed over)."""

    def __init__(self, problem: Problem | None):
        super().__init__("stop")
        self.problem = problem


def _props_message(op: Operation, props: Sequence[Attribute], name: str, bad: Value) -> Problem:
    """``invalid properties {...}``: the whole property dictionary, as MLIR prints it (sorted by name)."""
    entries = []
    for attr in sorted(props, key=lambda a: a.name):
        v = value(attr.text)
        entries.append(attr.name if v.kind == "unit" else f"{attr.name} = {v.printed}")
    args = {"properties": "{" + ", ".join(entries) + "}", "op_name": op.name, "name": name, "value": bad.printed}
    return Problem("BC564", args)


def _read_attributes(op: Operation, decl: OpDecl) -> dict[str, Value]:
    """The op's inherent attributes as the parser leaves them; raises :class:`_Stop` where the parser stops."""
    specs = {s.name: s for s in decl.attributes}
    if not op.generic:
        return _custom_attributes(op, decl, specs)
    props = [a for a in op.attributes if a.property]
    plain = [a for a in op.attributes if not a.property and a.name in specs]
    found: dict[str, Value] = {}
    if props:
        # `<{...}>`: each inherent property must convert to its class; the dictionary's
        # inherent entries fill the ones missing, or are dropped if they do not convert.
        for attr in sorted((a for a in props if a.name in specs), key=lambda a: a.name):
            v = value(attr.text)
            if not specs[attr.name].converts(v):
                raise _Stop(_props_message(op, props, attr.name, v))
            found[attr.name] = v
        for attr in plain:
            if attr.name not in found:
                v = value(attr.text)
                if specs[attr.name].converts(v):
                    found[attr.name] = v
        return found
    # `{...}` alone: the parser checks each inherent attribute's constraint as it builds the op.
    for attr in sorted(plain, key=lambda a: a.name):
        v = value(attr.text)
        if not specs[attr.name].satisfied(v):
            raise _Stop(Problem("BC562", {"name": attr.name, "constraint": specs[attr.name].words}))
        found[attr.name] = v
    return found


def _custom_attributes(op: Operation, decl: OpDecl, specs: Mapping[str, AttrSpec]) -> dict[str, Value]:
    """The inherent attributes a custom form gives: its clauses, and its dictionary's entries."""
    found: dict[str, Value] = {}
    for attr in op.attributes:
        if attr.name in specs:
            v = value(attr.text)
            if not specs[attr.name].satisfied(v):
                raise _Stop(None)  # reported at the dictionary, in the parser's words: not modelled
            found[attr.name] = v
    if decl.clauses is not None:
        for name, v in decl.clauses(op).items():
            found.setdefault(name, v)
    return found


def _direction_keyword(op: Operation) -> dict[str, Value]:
    """``mhlo.compare LT, %a, %b[, FLOAT]``: the parser reads a direction (broadcheck does not keep the word)."""
    return {_DIRECTION.name: Value("enum", "#mhlo<comparison_direction LT>", "mhlo.comparison_direction")}


def _format_clause(op: Operation) -> dict[str, Value]:
    """``mhlo.reduce_precision %x, format = e5m2``: ``exponent_bits`` 5 and ``mantissa_bits`` 2."""
    clause = op.attribute("format")
    m = _FORMAT.fullmatch(clause.text.strip()) if clause is not None else None
    if m is None or max(int(m.group(1)), int(m.group(2))) >= 2**31:
        raise _Stop(None)  # the parser's own error, at the clause
    exponent, mantissa = int(m.group(1)), int(m.group(2))
    return {
        _EXPONENT.name: Value("int", f"{exponent} : i32", "i32", (exponent,)),
        _MANTISSA.name: Value("int", f"{mantissa} : i32", "i32", (mantissa,)),
    }


def _late_attributes(decl: OpDecl, found: Attrs) -> Problem | None:
    """``verifyInvariants``' attribute checks: the required ones present, then each one's constraint."""
    for spec in decl.attributes:
        if spec.required and spec.name not in found:
            return Problem("BC610", {"name": spec.name})
    for spec in decl.attributes:
        if spec.name in found and not spec.satisfied(found[spec.name]):
            return Problem("BC562", {"name": spec.name, "constraint": spec.words})
    return None


# ---------------------------------------------------------------- shape rules

Check = Callable[[Sequence[MTensor], Sequence[MTensor], Attrs], Problem | None]
"""An op's checks after its ODS constraints: its traits and verifier, on its operands and result."""


def _inferred(inferred: MTensor, actual: MTensor) -> Problem | None:
    """InferTypeOpInterface's check, with HLO's ``isCompatibleForHloTypeInference``."""
    if hlo_compatible(inferred, actual):
        return None
    return Problem("BC521", {"inferred": str(inferred), "actual": str(actual)}, Subject("result", 0))


def _most_specific(types: Sequence[MTensor], elem: Element | None = None) -> MTensor | Problem:
    try:
        merged = most_specific(types, elem)
    except InferenceError as err:
        if err.code == "BC523-rank":
            raise Unknown("ranks") from err  # unreachable after the shape traits
        return Problem(err.code, err.args_)
    return MTensor(merged.shape, merged.element, merged.bounds, mhlo=types[0].mhlo)


def _same_shape(types: Sequence[MTensor]) -> Problem | None:
    """``SameOperandsAndResultShape``."""
    return None if compatible_shapes([t.shape for t in types]) else Problem("BC518")


def _elementwise(types: Sequence[MTensor]) -> Problem | None:
    """MLIR's ``Elementwise`` trait: all ranked (with compatible shapes) or all unranked."""
    ranked = {t.shape is not None for t in types}
    if len(ranked) == 1 and compatible_shapes([t.shape for t in types]):
        return None
    return Problem("BC520")


def _compatible(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """``HLO_CompatibleOperandsAndResultType`` (each type against operand #0), the shape traits, then
    the type inferred from the operands (``add``, ``cbrt``, ``shift_left``, ``acos``, ``mulhi``, ...)."""
    first = operands[0]
    if not all(hlo_compatible(t, first) for t in (*operands, *results)):
        return Problem("BC517")
    problem = _same_shape([*operands, *results]) or _elementwise([*operands, *results])
    if problem:
        return problem
    inferred = _most_specific(operands)
    return inferred if isinstance(inferred, Problem) else _inferred(inferred, results[0])


def _unary_inferred(transform: Callable[[Element], Element]) -> Check:
    """``abs``, ``real``, ``imag``, ``is_finite``: the shape traits, then the element type they infer."""

    def check(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
        problem = _elementwise([*operands, *results]) or _same_shape([*operands, *results])
        if problem:
            return problem
        operand = operands[0]
        return _inferred(replace(operand, element=transform(operand.element)), results[0])

    return check


_abs = _unary_inferred(real_part)
_is_finite = _unary_inferred(lambda e: element("i1"))


def _convert(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """``SameOperandsAndResultShape`` alone: any element types."""
    return _same_shape([*operands, *results])


def _compare(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """``SameOperandsElementType`` (exactly the same element type, unlike StableHLO), the shape traits,
    then an ``i1`` result of operand #0's shape."""
    if not same_element(operands[0].element, operands[1].element):
        return Problem("BC524", subject=Subject("operand", 1))
    problem = _same_shape([*operands, *results]) or _elementwise([*operands, *results])
    if problem:
        return problem
    return _inferred(replace(operands[0], element=element("i1")), results[0])


def _complex(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    lhs = operands[0]
    if not same_element(lhs.element, operands[1].element):
        return Problem("BC524", subject=Subject("operand", 1))
    problem = _same_shape([*operands, *results]) or _elementwise([*operands, *results])
    if problem:
        return problem
    return _inferred(replace(lhs, element=element(f"complex<{lhs.element.text}>")), results[0])


def _select(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """HLO's ``inferSelectOp``: on_true and on_false alike, a scalar predicate or one of their shape."""
    pred, on_true, on_false = operands
    if not (compatible_shapes([on_true.shape, on_false.shape]) and same_element(on_true.element, on_false.element)):
        return Problem("BC527", subject=Subject("operand", 2))
    if pred.shape and not compatible_shapes([pred.shape, on_true.shape]):
        return Problem("BC528", subject=Subject("operand", 0))
    inferred = _most_specific([on_true, on_false])
    return inferred if isinstance(inferred, Problem) else _inferred(inferred, results[0])


def _shape_text(t: MTensor) -> str:
    assert t.shape is not None
    return ", ".join(str(-9223372036854775808 if d is None else d) for d in t.shape)


def _clamp(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """``SameOperandsAndResultElementType`` (StableHLO's ``clamp`` asks for compatible ones), then the
    bounds: scalars or the operand's shape."""
    types = [*operands, *results]
    if not all(same_element(t.element, types[0].element) for t in types):
        return Problem("BC535")
    low, operand, high = operands
    for which, index, bound in (("min", 0, low), ("max", 2, high)):
        if bound.shape and not compatible_shapes([bound.shape, operand.shape]):
            args = {"which": which, "shape": _shape_text(bound), "operand": _shape_text(operand)}
            return Problem("BC529", args, Subject("operand", index))
    return _inferred(MTensor(operand.shape, operand.element), results[0])


def _bit_width(e: Element) -> int:
    """The width of a float (``f8E4M3FN``: 8, ``bf16``: 16) or integer element type."""
    m = re.match(r"b?f([0-9]+)|[su]?i([0-9]+)$", e.text)
    if m is None:
        raise Unknown(e.text)
    return int(m.group(1) or m.group(2))


def _stochastic_convert(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """``AllShapesMatch`` (the same shapes, ``?`` only against ``?``), then the random bits' width."""
    operand, random = operands
    if len({operand.shape, random.shape, results[0].shape}) != 1:
        return Problem("BC565", {"names": "operand, random, result"})
    random_bits, operand_bits = _bit_width(random.element), _bit_width(operand.element)
    if random_bits != operand_bits:
        return Problem("BC566", {"random": random_bits, "operand": operand_bits}, Subject("operand", 1))
    return None


def _xla_problem(err: XlaError) -> Problem:
    return Problem(err.code, err.params, Subject("operand", err.operand) if err.operand is not None else None)


def _broadcast_in_dim(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """HLO's ``verifyBroadcastInDimOp``: element types, then the dimensions (StableHLO's C2-C5)."""
    operand, result = operands[0], results[0]
    if not compatible_elements(operand.element, result.element):
        return Problem("BC526")
    q1, q2 = operand.element.quant, result.element.quant
    if q1 and q2 and not q1.per_axis and not q2.per_axis and q1.text != q2.text:
        return Problem("BC545", {"operand": str(operand), "result": str(result)})  # C1
    assert operand.shape is not None and result.shape is not None
    dims = attrs["broadcast_dimensions"].ints
    try:
        broadcast_in_dim(operand.shape, dims, result.shape)
    except XlaError as err:
        return _xla_problem(err)
    return _quantized_dimension(operand, dims, result)


def _quantized_dimension(operand: MTensor, dims: Sequence[int], result: MTensor) -> Problem | None:
    """C6 of both broadcasts: a per-axis quantized result quantizes the dimension the operand's maps to,
    and takes an operand's quantized dimension of size 1's one scale and zero point throughout. MHLO's
    types do not hold their quantized dimensions within the shape: where they are not, or a scale is
    missing, or the operand is not per-axis quantized, the C++ reads past its data (or crashes): not judged."""
    q1, q2 = operand.element.quant, result.element.quant
    if q2 is None or q2.axis is None:
        return None
    if q1 is None or q1.axis is None or operand.shape is None or result.shape is None:
        raise Unknown("a per-axis result of another operand")  # (jaxlib 0.10.2 crashes)
    if q1.axis >= len(dims) or q2.axis >= len(result.shape):
        raise Unknown("a quantized dimension out of range")
    size = result.shape[q2.axis]
    if q2.axis == dims[q1.axis] and operand.shape[q1.axis] == 1 and (size is None or len(q2.params) < size):
        raise Unknown("fewer scales than the quantized dimension")
    return quantized_dimension(operand, dims, result)


def _dynamic_broadcast_in_dim(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """HLO's ``verifyDynamicBroadcastInDimOp``: element types, dimensions, expansion hints."""
    operand, result = operands[0], results[0]
    quantized = operand.element.quant or result.element.quant  # (c1 leaves quantized types to c6)
    if not quantized and not compatible_elements(operand.element, result.element):
        return Problem("BC530", {"operand": str(operand), "result": str(result)})
    assert operand.shape is not None and result.shape is not None
    hints = (*_ints(attrs, "known_expanding_dimensions"), *_ints(attrs, "known_nonexpanding_dimensions"))
    dims = attrs["broadcast_dimensions"].ints
    return dynamic_broadcast_dims(operand.shape, dims, result.shape, hints) or _quantized_dimension(
        operand, dims, result
    )


def _ints(attrs: Attrs, name: str) -> tuple[int, ...]:
    found = attrs.get(name)
    return () if found is None else found.ints


def _broadcast(operands: Sequence[MTensor], results: Sequence[MTensor], attrs: Attrs) -> Problem | None:
    """``mhlo.broadcast``: the same element type, ``broadcast_sizes`` 1-D and not negative, then the
    inferred type: the sizes, then the operand's dims."""
    operand, result = operands[0], results[0]
    if not same_element(operand.element, result.element):
        return Problem("BC535")
    sizes = attrs["broadcast_sizes"]
    if len(sizes.shape) != 1:
        return Problem("BC567", {"rank": len(sizes.shape)})
    for size in sizes.ints:
        if size < 0:
            return Problem("BC568", {"size": size})
    assert operand.shape is not None
    return _inferred(MTensor((*sizes.ints, *operand.shape), operand.element), result)  # (without bounds)


# ---------------------------------------------------------------- the op table


@dataclass(frozen=True, slots=True)
class OpDecl:
    """One MHLO op: its operands' and result's ODS constraints, inherent attributes and checks."""

    operands: tuple[Constraint, ...]
    result: Constraint
    check: Check
    attributes: tuple[AttrSpec, ...] = ()
    custom: bool = True
    """Whether MHLO has a custom assembly form for it (else only the generic form parses)."""
    clauses: Callable[[Operation], dict[str, Value]] | None = None
    """The inherent attributes the words of its custom form give."""
    complex_form: bool = False
    """Whether its custom form may name only the (complex) result: ``mhlo.complex %a, %b : C``."""
    fast: bool = True
    """Whether its verdict depends on its types alone: its semantics is ``mhlo``, else
    ``mhlo-form`` (its verdict then depends on its attributes or form too)."""


def _unary(check: Check, operand: Constraint, result: Constraint | None = None) -> OpDecl:
    return OpDecl((operand,), result or operand, check)


def _binary(check: Check, operand: Constraint, result: Constraint | None = None) -> OpDecl:
    return OpDecl((operand, operand), result or operand, check)


def _names(text: str) -> list[str]:
    return text.split()


_TRANSCENDENTAL = "cbrt cosine exponential exponential_minus_one log log_plus_one logistic rsqrt sine sqrt tan tanh"

# Which rule each op has (ops on one line share it), from hlo_ops.td and jaxlib 0.10.2's words.
OPS: dict[str, OpDecl] = {
    **{n: _unary(_compatible, FP_COMPLEX_QT) for n in _names(_TRANSCENDENTAL)},
    **{n: _unary(_compatible, FP_COMPLEX_UNRANKED) for n in _names("acos acosh asin asinh atanh cosh sinh")},
    **{n: _unary(_compatible, FP_QT) for n in _names("ceil floor")},
    **{n: _unary(_compatible, FP) for n in _names("round_nearest_afz round_nearest_even erf")},
    **{n: _unary(_compatible, INT) for n in _names("count_leading_zeros popcnt")},
    "not": _unary(_compatible, PRED_INT),
    "negate": _unary(_compatible, INT_FP_COMPLEX_QUANT),
    "sign": _unary(_compatible, SINT_FP_COMPLEX_QT),
    "abs": _unary(_abs, ABS_OPERAND, ABS_RESULT),
    **{n: _unary(_abs, FP_COMPLEX, FP) for n in _names("real imag")},
    "is_finite": _unary(_is_finite, FP, PRED),
    "convert": _unary(_convert, MHLO_TENSOR),
    "reduce_precision": OpDecl((FP,), FP, _compatible, (_EXPONENT, _MANTISSA), clauses=_format_clause, fast=False),
    **{n: _binary(_compatible, MHLO_TENSOR) for n in _names("add maximum minimum multiply")},
    "atan2": _binary(_compatible, FP_COMPLEX_QT),
    **{n: _binary(_compatible, INT_FP_COMPLEX_QUANT) for n in _names("divide power remainder subtract")},
    **{n: _binary(_compatible, INT) for n in _names("shift_left shift_right_arithmetic shift_right_logical mulhi")},
    **{n: _binary(_compatible, PRED_INT, MHLO_TENSOR) for n in _names("and or xor")},
    "complex": OpDecl((FP32_64, FP32_64), COMPLEX, _complex, complex_form=True, fast=False),
    "compare": OpDecl(
        (MHLO_TENSOR, MHLO_TENSOR), PRED, _compare, (_DIRECTION, _COMPARE_TYPE), clauses=_direction_keyword, fast=False
    ),
    "select": OpDecl((PRED, MHLO_TENSOR, MHLO_TENSOR), MHLO_TENSOR, _select),
    "clamp": OpDecl((MHLO_TENSOR,) * 3, MHLO_TENSOR, _clamp),
    "stochastic_convert": OpDecl((FP, UINT), MHLO_TENSOR, _stochastic_convert, custom=False, fast=False),
    "broadcast": OpDecl(
        (MHLO_TENSOR,), MHLO_TENSOR, _broadcast, (_i64_elements("broadcast_sizes"),), custom=False, fast=False
    ),
    "broadcast_in_dim": OpDecl(
        (MHLO_TENSOR,),
        STATIC_OR_BOUNDED,
        _broadcast_in_dim,
        (_i64_elements("broadcast_dimensions"),),
        custom=False,
        fast=False,
    ),
    "dynamic_broadcast_in_dim": OpDecl(
        (MHLO_TENSOR, DIMENSION_TENSOR),
        MHLO_TENSOR,
        _dynamic_broadcast_in_dim,
        (
            _i64_elements("broadcast_dimensions"),
            _i64_elements("known_expanding_dimensions", required=False),
            _i64_elements("known_nonexpanding_dimensions", required=False),
        ),
        custom=False,
        fast=False,
    ),
}


# ---------------------------------------------------------------- verification, in the tool's order


def mnemonic(op: Operation) -> str:
    """The op's name without its dialect: ``mhlo.add`` -> ``add``."""
    return op.name.partition(".")[2]


def _custom_types(op: Operation, decl: OpDecl) -> tuple[list[Type], list[Type]]:
    """The operand and result types a custom form stands for."""
    operands = [u.type for u in op.operands]
    results = [u.type for u in op.results]
    if op.generic:
        return operands, results
    if not results and operands and all(t == operands[0] for t in operands):
        results = [operands[0]]  # `mhlo.add %a, %b : T` binds no name, yet has its one result
    result = results[0] if len(results) == 1 else None
    if decl.complex_form and isinstance(result, ShapedType) and all(t == result for t in operands):
        # `mhlo.complex %a, %b : tensor<4xcomplex<f32>>`: the operands are the result's real parts.
        inner = re.fullmatch(r"complex<\s*(.+?)\s*>", result.element.strip())
        if inner is not None:
            operands = [replace(result, element=inner.group(1)) for _ in operands]
    return operands, results


def verify_op(op: Operation, profile: Profile) -> Problem | None:
    """An MHLO op of :data:`OPS`, as jaxlib 0.10.2's MHLO parser and verifier check it."""
    decl = OPS.get(mnemonic(op))
    if decl is None:
        return None
    if not op.generic and not decl.custom:
        return Problem("BC563", {"op_name": op.name})  # (the parser stops at the name, before any type)
    operands, results = _custom_types(op, decl)
    try:
        attrs = _read_attributes(op, decl)
        problem = _check_counts(len(operands), len(results), len(decl.operands))
        problem = problem or _late_attributes(decl, attrs) or _check_types(operands, results, decl)
        if problem:
            return problem
        return decl.check([mtensor(t) for t in operands], [mtensor(t) for t in results], attrs)
    except _Stop as stop:
        return stop.problem
    except Unknown:
        return NOT_JUDGED


VERIFIERS = {"mhlo": verify_op, "mhlo-form": verify_op}
# `mhlo-form`: the ops whose verdict depends on their attributes or form too (compare, complex,
# reduce_precision, the broadcasts, stochastic_convert).
