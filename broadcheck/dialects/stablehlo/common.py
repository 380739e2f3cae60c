"""What the checks of StableHLO's structural ops share: counts, ODS constraints on types and
attributes, attribute values in either printed form, and the inferred-type check.

A check is written as the verifier's steps in order; a step that fails raises
:class:`Reject` with its problem, and :func:`checked` turns that into the check's answer.
A type or attribute broadcheck cannot read raises :class:`Unknown`: the op is passed over.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence

from broadcheck.dialects.properties import Storage, Unreadable, conversion
from broadcheck.dialects.terminators import unterminated
from broadcheck.ops import Frozen, Operation, Region, ShapedType, Span, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, Subject
from broadcheck.semantics.stablehlo import (
    ATOM_WORDS,
    DYNAMIC,
    InferenceError,
    Tensor,
    Unknown,
    element,
    hlo_compatible,
    most_specific,
    shaped,
    tensor,
    type_text,
)
from broadcheck.syntax.attributes import Dense, DenseArray, integer, ints, value
from broadcheck.syntax.lazyre import lazy

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from typing import Literal

    from broadcheck.dialects import Registry

__all__ = ["DYNAMIC", "InferenceError", "Tensor", "Unknown", "most_specific", "shaped", "tensor"]


class Reject(Exception):
    """A step of the verifier failed: :attr:`problem` is what the tool reports."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code)
        self.problem = problem


Step = Callable[[Operation], None]

MHLO_CUSTOM = frozenset(
    {
        "mhlo.constant",
        "mhlo.while",
        "mhlo.custom_call",
        "mhlo.convolution",
        "mhlo.reshape",
        "mhlo.topk",
        "mhlo.dynamic_pad",
    }
)
"""The MHLO ops whose custom form is StableHLO's (checked with jaxlib 0.10.2)."""
MHLO_WORDED_APART = frozenset({"BC109", "BC562", "BC564"})
"""What MHLO's own ODS words otherwise: its type and attribute constraints, its properties."""
MHLO_BOUNDS_LATE = frozenset({"mhlo.set_dimension_size", "mhlo.constant", "mhlo.reshape"})
"""The MHLO ops whose checks read no bounds (``#mhlo.type_extensions``) before what they report
without them (its attribute, its operands' constraints, the dimension's range): checked with
bounds too, up to where the bounds are read (they are not modelled: :class:`Unknown` there)."""
MHLO_WHILE_OPERANDS = (
    "variadic of ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type "
    "with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values or token or "
    "memref of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float "
    "elements or per-tensor integer quantized values"
)
"""MHLO's ``while`` operands (``Variadic<MHLO_TensorOrTokenOrBuffer>``, as jaxlib 0.10.2 words it): no tuples."""
MHLO_TYPE_WORDS = frozenset(
    {
        "mhlo.cholesky", "mhlo.batch_norm_grad", "mhlo.batch_norm_training", "mhlo.batch_norm_inference",
        "mhlo.constant", "mhlo.while", "mhlo.reshape",
    }
)  # fmt: skip
"""The MHLO ops whose operand and result constraints (BC109) are StableHLO's without quantized
elements (``HLO_FpOrComplexTensor``, ``HLO_FpTensor``; ``constant``'s are the same words), checked
with jaxlib 0.10.2: MHLO's words are StableHLO's without ``or per-tensor integer quantized``."""
MHLO_SAME_TYPE_WORDS = frozenset(
    {
        "mhlo.create_token", "mhlo.after_all", "mhlo.replica_id", "mhlo.partition_id", "mhlo.outfeed", "mhlo.send",
        "mhlo.infeed", "mhlo.recv", "mhlo.rng_bit_generator", "mhlo.uniform_quantize", "mhlo.uniform_dequantize",
        "mhlo.einsum", "mhlo.optimization_barrier", "mhlo.rng",
    }
)  # fmt: skip
"""The MHLO twins whose ODS types (BC109) jaxlib 0.10.2 words as StableHLO does (tests/oracle/test_hlo_legacy.py),
"""
MHLO_OWN_WORDS = frozenset(
    {
        "mhlo.cross-replica-sum", "mhlo.torch_index_select", "mhlo.bitcast", "mhlo.trace", "mhlo.copy", "mhlo.domain",
        "mhlo.add_dependency", "mhlo.xla.rng_get_and_update_state", "mhlo.topk", "mhlo.minimum_broadcast_shapes",
        "mhlo.dynamic_iota", "mhlo.ragged_dot", "mhlo.dynamic_conv", "mhlo.scan",
    }
)  # fmt: skip
"""The MHLO ops whose checks word their ODS types and attributes in MHLO's own words (:mod:`.legacy`)."""
_PER_TENSOR = " or per-tensor integer quantized values"
PRECISION_CONFIG = "Precision Config attribute"
NON_NEGATIVE = "whose value is non-negative"
"""But MHLO words its non-negative integer attributes as StableHLO does (``dimension``,
``iota_dimension``, ``index``; checked with jaxlib 0.10.2), whatever the value's type."""
MHLO_SAME_WORDS = (NON_NEGATIVE, PRECISION_CONFIG)
"""The attribute constraints MHLO words as StableHLO does (``precision_config``'s too)."""


def is_mhlo(op: Operation) -> bool:
    """Whether ``op`` is MHLO's mirror of a StableHLO op (checked by the same steps, with MHLO's
    attribute forms: ``dense<[1, 0]> : tensor<2xi64>`` for a list of dimensions)."""
    return op.name.startswith("mhlo.")


def dialect_of(op: Operation) -> str:
    """``stablehlo`` or ``mhlo``: the prefix of the op's attributes (``#mhlo.dot<...>``)."""
    return op.name.partition(".")[0]


def checked(steps: Callable[[Operation], None]) -> Callable[[Operation, Profile], Problem | None]:
    """A check from a function that raises :class:`Reject` (a problem) or :class:`Unknown` (pass over)."""

    def check(op: Operation, profile: Profile) -> Problem | None:
        mhlo = is_mhlo(op)
        if mhlo and not op.generic and op.name not in MHLO_CUSTOM:
            if _generic_only(op.name):  # MHLO's parser: the op has no custom form at all
                return Problem("BC032", {"name": op.name})
            return NOT_JUDGED  # MHLO's custom forms are not StableHLO's: not modelled
        if (
            mhlo
            and op.name not in MHLO_BOUNDS_LATE
            and any(isinstance(u.type, ShapedType) and u.type.encoding for u in (*op.operands, *op.results))
        ):
            return NOT_JUDGED  # MHLO's bounds (#mhlo.type_extensions) are not modelled
        try:
            steps(op)
        except Reject as reject:
            constraint = str(reject.problem.args.get("constraint", ""))
            if mhlo and op.name in MHLO_OWN_WORDS:
                return reject.problem
            if mhlo and reject.problem.code == "BC109" and op.name in MHLO_SAME_TYPE_WORDS:
                return reject.problem
            if mhlo and reject.problem.code == "BC109" and op.name in MHLO_TYPE_WORDS:
                return _mhlo_words(op, reject.problem, constraint)
            if mhlo and reject.problem.code in MHLO_WORDED_APART and not constraint.endswith(MHLO_SAME_WORDS):
                return NOT_JUDGED  # MHLO words these apart from StableHLO (its own ODS): not modelled
            return reject.problem
        except Unknown:
            return NOT_JUDGED
        return None

    check.__doc__ = steps.__doc__
    check.__name__ = steps.__name__
    return check


def _mhlo_words(op: Operation, problem: Problem, constraint: str) -> Problem | None:
    """StableHLO's BC109 in MHLO's words (:data:`MHLO_TYPE_WORDS`); :data:`NOT_JUDGED` where MHLO's differ otherwise."""
    name = op.name
    if name == "mhlo.constant" or constraint == MHLO_WHILE_OPERANDS:
        return problem
    if name == "mhlo.reshape":  # its result's constraint (static or one bounded size) is StableHLO's words
        if problem.subject != Subject("result", 0):
            return NOT_JUDGED
        written = {**problem.args, "type": str(op.results[0].type)}  # (its bounds as MHLO prints them)
        return Problem(problem.code, written, problem.subject, problem.inferred, problem.expected, problem.notes)
    if name == "mhlo.while":
        return NOT_JUDGED
    if not constraint.endswith(_PER_TENSOR) or "per-axis" in constraint:
        return NOT_JUDGED
    words = constraint.removesuffix(_PER_TENSOR) + " values"
    args = {**problem.args, "constraint": words}
    return Problem(problem.code, args, problem.subject, problem.inferred, problem.expected, problem.notes, problem.span)


@functools.cache
def _registry() -> Registry:
    from broadcheck.dialects import Registry

    return Registry()


def _generic_only(name: str) -> bool:
    """Whether op ``name`` has the generic form only (the op-name lists of ``dialects/opnames``)."""
    return _registry().generic_only(name)


def dilated(size: int, dilation: int) -> int:
    """A dimension of ``size`` with ``dilation`` - 1 holes between its elements."""
    return 0 if size == 0 else (size - 1) * dilation + 1


def windows(size: int, window: int, stride: int) -> int:
    """How many windows of ``window`` elements fit in ``size``, ``stride`` apart."""
    return 0 if size == 0 or window > size else (size - window) // stride + 1


def fail(code: str, subject: Subject | None = None, span: Span | None = None, **args: object) -> Reject:
    """A :class:`Reject` of ``code`` worded with ``args``."""
    return Reject(Problem(code, args, subject, span=span))


# ---------------------------------------------------------------- counts


def counts(op: Operation, operands: int | None = None, at_least: int | None = None, results: int = 1) -> None:
    """The count traits, in MLIR's order: ``OneResult`` (or ``NResults``), then ``OneOperand``,
    ``NOperands`` or ``AtLeastNOperands``."""
    n = len(op.results)
    if results == 1 and n != 1:
        raise fail("BC107")
    if results != 1 and n != results:
        raise fail("BC1074", expected=results, count=n)
    m = len(op.operands)
    if operands == 0 and m:
        raise fail("BC1005")
    if operands is not None and m != operands:
        raise fail("BC516") if operands == 1 else fail("BC515", expected=operands, count=m)
    if at_least is not None and m < at_least:
        raise fail("BC1071", expected=at_least, count=m)


# ---------------------------------------------------------------- ODS type constraints

if TYPE_CHECKING:
    Shape = Literal["any", "ranked", "static", "0d", "1d", "bounded"]
_ANY_INT = lazy(r"[su]?i[1-9][0-9]*")
_PREFIX = {
    "any": "",
    "ranked": "ranked ",
    "static": "statically shaped ",
    "0d": "0D ",
    "1d": "1D ",
    "bounded": "",
}


class Kind(Frozen):
    """An ODS tensor type constraint: element atoms (see ``ATOM_WORDS``; ``IDX`` for index) and shape."""

    __slots__ = __match_args__ = ("atoms", "shape", "words_")
    atoms: tuple[str, ...]
    shape: Shape
    words_: str

    def __init__(self, atoms: tuple[str, ...], shape: Shape = "ranked", words_: str = "") -> None:
        put = object.__setattr__
        put(self, "atoms", atoms)
        put(self, "shape", shape)
        put(self, "words_", words_)

    @property
    def words(self) -> str:
        if self.words_:
            return self.words_
        names = " or ".join("index" if a == "IDX" else ATOM_WORDS[a] for a in self.atoms)
        return f"{_PREFIX[self.shape]}tensor of {names} values"

    def accepts(self, t: Type) -> bool:
        if not isinstance(t, ShapedType) or t.kind != "tensor":
            return False
        shape = t.shape
        if shape is None:
            if self.shape != "any":
                return False
        elif (
            (self.shape == "static" and None in shape)
            or (self.shape == "0d" and shape)
            or (self.shape == "1d" and len(shape) != 1)
        ):
            return False
        elif self.shape == "bounded" and None in shape:
            bounds = tensor(t).bounds
            dynamic = [i for i, d in enumerate(shape) if d is None]
            if len(dynamic) != 1 or bounds is None or bounds[dynamic[0]] is None:
                return False
        if t.element.strip() == "index":
            return "IDX" in self.atoms
        if "I32" in self.atoms:
            return t.element.strip() == "i32"
        if "ANYINT" in self.atoms and _ANY_INT.fullmatch(t.element.strip()):
            return True
        elem = element(t.element)
        quant = elem.quant
        # IsValidQuantizedDimension: a per-axis dimension exists and has one scale per element.
        if (
            quant is not None
            and quant.axis is not None
            and shape is not None
            and (quant.axis >= len(shape) or shape[quant.axis] not in (None, len(quant.params)))
        ):
            return False
        found = set(elem.atoms)
        if "SI" in found or "UI" in found:
            found.add("I")
        return bool(found & set(self.atoms))


def kind(*atoms: str, shape: Shape = "ranked", words: str = "") -> Kind:
    return Kind(atoms, shape, words)


TENSOR = kind("F", "B", "I", "C", "QT")
"""``HLO_Tensor``."""
TENSOR_AXIS = kind("F", "B", "I", "C", "QT", "QA")
"""``HLO_TensorOrPerAxisQuantizedTensor``."""
INT_0D = kind("I", shape="0d")
"""``HLO_ScalarIntTensor``."""
SCALAR = kind("F", "B", "I", "C", "QT", shape="0d")
"""``HLO_ScalarTensor``."""


def ods_operands(
    op: Operation, kinds: Sequence[Kind], variadic: int | None = None, order: Sequence[int] | None = None
) -> None:
    """Each operand's ODS constraint, in order; ``variadic``: the index from which every further
    operand takes the last kind (worded ``variadic of ...``); ``order``: the written operands in
    the op's own order (a custom form that writes them in another)."""
    uses = op.operands if order is None else [op.operands[i] for i in order]
    for index, use in enumerate(uses):
        at = min(index, len(kinds) - 1) if variadic is not None else index
        if at >= len(kinds):
            return
        k = kinds[at]
        if not k.accepts(use.type):
            words = f"variadic of {k.words}" if variadic is not None and at >= variadic else k.words
            args = {"kind": "operand", "index": index, "constraint": words, "type": type_text(use.type)}
            at = index if order is None else order[index]
            raise Reject(Problem("BC109", args, Subject("operand", at)))


def ods_results(op: Operation, kinds: Sequence[Kind], variadic: bool = False) -> None:
    """Each result's ODS constraint, in order (``variadic``: every result takes the one kind)."""
    for index, use in enumerate(op.results):
        k = kinds[min(index, len(kinds) - 1)]
        if not k.accepts(use.type):
            words = f"variadic of {k.words}" if variadic else k.words
            args = {"kind": "result", "index": index, "constraint": words, "type": type_text(use.type)}
            raise Reject(Problem("BC109", args, Subject("result", index)))


# ---------------------------------------------------------------- attributes


def attribute_text(op: Operation, name: str, custom: str | None = None) -> str | None:
    """The text of attribute ``name`` (the custom form's clause ``custom``), or ``None``."""
    attr = op.attribute(name)
    if attr is None and custom is not None and not op.generic:
        attr = op.attribute(custom)
    return None if attr is None else attr.text


def require(op: Operation, *names: str) -> None:
    """The generic form must give each required attribute (``requires attribute 'x'``)."""
    if op.generic:
        for name in names:
            if op.attribute(name) is None:
                raise fail("BC1070", name=name)


def dictionary_constraint(op: Operation, name: str, constraint: str, clauses: Sequence[str]) -> Reject:
    """A custom form's attribute dictionary entry ``name`` against its ODS ``constraint``: the
    parser checks it as it reads the dictionary (``verifyInherentAttrs``), at the dictionary's ``{``
    (where the reader found it; else just before its first entry, the attributes but the form's ``clauses``)."""
    brace = op.dictionary
    if brace is None:
        at = min((a.span for a in op.attributes if a.name not in clauses), key=lambda s: (s.line, s.column))
        brace = Span(at.line, at.column - 1, at.line, at.column)
    return fail("BC1872", span=brace, name=op.name, attribute=name, constraint=constraint)


I64_ARRAY = "i64 dense array attribute"
I64_NON_NEGATIVE = "64-bit signless integer attribute whose value is non-negative"
I64 = "64-bit signless integer attribute"
I32_NON_NEGATIVE = "32-bit signless integer attribute whose value is non-negative"


def i64_array(op: Operation, name: str, custom: str | None = None) -> tuple[int, ...] | None:
    """A ``DenseI64ArrayAttr``: ``array<i64: ...>`` in the generic form, ``[...]`` in the custom
    form; ``None`` if absent. Raises the constraint's failure, or :class:`Unknown`."""
    text = attribute_text(op, name, custom)
    if text is None:
        return None
    if is_mhlo(op):  # MHLO's I64ElementsAttr: `dense<[1, 0]> : tensor<2xi64>`
        v = value(text)
        other = re.fullmatch(r"tensor<((?:\d+x)*)i64>", v.type) if isinstance(v, Dense) else None
        if other is not None and other.group(1).count("x") != 1:  # (its type inference's words)
            if op.name == "mhlo.slice" and len({_dense_type(op, n) for n in _SLICE_LISTS}) != 1:
                if len(op.operands) != 1 or None in {_dense_type(op, n) for n in _SLICE_LISTS}:
                    raise Unknown(text)  # (the counts and the attribute constraints speak first)
                raise fail("BC1068", names=", ".join(_SLICE_LISTS))  # (its AllTypesMatch trait before inference)
            raise fail("BC911", name=name, rank=other.group(1).count("x"))
        if not isinstance(v, Dense) or not re.fullmatch(r"tensor<\d+xi64>", v.type):
            raise Unknown(text)
        if v.values is None and v.type == "tensor<0xi64>":
            return ()  # `dense<> : tensor<0xi64>`
        found = ints(text)
        if isinstance(v.values, int) and not isinstance(v.values, bool):  # a splat: as many as its type holds
            size = re.fullmatch(r"tensor<(\d+)xi64>", v.type)
            assert size is not None
            return (v.values,) * int(size.group(1))
        if found is None:
            raise Unknown(text)
        return found
    if op.generic or not text.lstrip().startswith("["):
        v = value(text)
        if not isinstance(v, DenseArray) or v.element != "i64":
            if v is None or not op.generic:
                raise Unknown(text)  # (a custom form's dictionary: the custom parser words it)
            raise fail("BC562", name=name, constraint=I64_ARRAY)
        found = ints(text)
    else:  # a custom form's clause: `dims = [1, 0]`
        found = ints(text)
    if found is None:
        raise Unknown(text)
    return found


_SLICE_LISTS = ("start_indices", "limit_indices", "strides")


def _dense_type(op: Operation, name: str) -> str | None:
    """The type of an elements attribute ``name`` of ``op`` (``None``: absent or of another kind)."""
    attr = op.attribute(name)
    v = value(attr.text) if attr is not None else None
    return v.type if isinstance(v, Dense) else None


def i64(op: Operation, name: str, custom: str | None = None, non_negative: bool = False) -> int | None:
    """An ``I64Attr`` (``1 : i64`` or ``1``; the custom form's clause is a bare integer); ``None``
    if absent. Raises the constraint's failure (another kind or type, a negative value where it
    must not be), or :class:`Unknown`."""
    text = attribute_text(op, name, custom)
    if text is None:
        return None
    words = I64_NON_NEGATIVE if non_negative else I64
    if not op.generic and op.attribute(name) is None:
        got = _integer(text.strip())
        if got is None:
            raise Unknown(text)  # the custom form's own parser decides
    else:
        v = value(text)
        if v is None:
            raise Unknown(text)
        _, colon, typ = text.partition(":")
        if isinstance(v, bool) or not isinstance(v, int) or (colon and typ.strip() != "i64"):
            if not op.generic:
                raise Unknown(text)  # a custom form's dictionary: the custom parser words it
            written = op.attribute(name)
            if is_mhlo(op) and written is not None and written.property and not isinstance(v, int):
                raise Unknown(text)  # MHLO's conversion of a property of another kind, in its own words
            raise fail("BC562", name=name, constraint=words)
        got = v
    if non_negative and got < 0:
        if not op.generic and op.attribute(name) is not None:
            raise Unknown(text)  # a custom form's dictionary: the custom parser words it
        raise fail("BC562", name=name, constraint=words)
    return got


def i64_elements_property(op: Operation, name: str, found: object) -> None:
    """A StableHLO generic form's ``I64ElementsAttr`` property ``name`` read as ``found``: dense
    elements of another element type break its ODS constraint (iree-opt 3.13: ``attribute 'padding'
    failed to satisfy constraint: 64-bit signless integer elements attribute``)."""
    if not op.generic or is_mhlo(op) or not isinstance(found, Dense):
        return
    m = _ELEMENT_TYPE.fullmatch(found.type)
    if m is not None and m.group(1) != "i64":
        raise fail("BC562", name=name, constraint="64-bit signless integer elements attribute")


_ELEMENT_TYPE = lazy(r"tensor<(?:[\d?]+x)*(\w+)>")


def _integer(text: str) -> int | None:
    try:
        return integer(text)
    except ValueError:
        return None


# ---------------------------------------------------------------- types and inference


def tensors(op: Operation) -> tuple[list[Tensor], list[Tensor]]:
    """The operand and result tensors (raises :class:`Unknown` for any other type)."""
    return [tensor(u.type) for u in op.operands], [tensor(u.type) for u in op.results]


def inferred(inferred_: Tensor, actual: Tensor, index: int = 0) -> None:
    """InferTypeOpInterface's check with StableHLO's compatibility; the problem carries the
    inferred type for ``--fix``."""
    if hlo_compatible(inferred_, actual):
        return
    args = {"inferred": str(inferred_), "actual": str(actual)}
    raise Reject(Problem("BC521", args, Subject("result", index), expected=shaped(inferred_)))


def inferred_many(types: Sequence[Tensor], actual: Sequence[Tensor]) -> None:
    """InferTypeOpInterface's check of several results: the lists are printed ``a, b``."""
    if len(types) == len(actual) and all(hlo_compatible(a, b) for a, b in zip(types, actual, strict=True)):
        return
    args = {"inferred": "', '".join(str(t) for t in types), "actual": "', '".join(str(t) for t in actual)}
    raise Reject(Problem("BC521", args))


def same_elements(types: Sequence[Tensor]) -> bool:
    """``SameOperandsAndResultElementType`` (quantized types compared whole)."""
    first = types[0].element.text
    return all(t.element.text == first for t in types)


def compatible_elements(types: Sequence[Tensor]) -> bool:
    """``HLO_CompatibleOperandsAndResultElementType``."""
    from broadcheck.semantics.stablehlo import compatible_elements as pair

    return all(pair(t.element, types[0].element) for t in types)


def dims(values: Sequence[int | None]) -> str:
    """Sizes as StableHLO prints them in messages: ``2, -9223372036854775808``."""
    return ", ".join(str(DYNAMIC if d is None else d) for d in values)


def ranked(t: Tensor) -> tuple[int | None, ...]:
    assert t.shape is not None
    return t.shape


def returned(region: Region, op: Operation) -> bool:
    """Whether ``region`` ends with the op's dialect's ``return`` (``True``) or its block with no terminator
    at all (``False``: what the reducers' and ``while``'s verifiers say in their own words); raises
    :class:`Unknown` where it ends in another op."""
    if region.terminator == f"{op.name.partition('.')[0]}.return":
        return True
    if unterminated(region):
        return False
    raise Unknown("a region broadcheck cannot read")


# ---------------------------------------------------------------- properties


def properties(op: Operation, declared: Mapping[str, Storage]) -> None:
    """The parser's conversion of the generic form's ``<{...}>`` into the op's properties
    (:func:`broadcheck.dialects.properties.conversion`); MHLO's words it otherwise."""
    if is_mhlo(op):
        return
    try:
        problem = conversion(op, declared)
    except Unreadable as unreadable:
        raise Unknown(str(unreadable)) from None
    if problem is not None:
        raise Reject(problem)


# ---------------------------------------------------------------- an op's attributes, in MLIR's two stages

if TYPE_CHECKING:
    AttrKind = Literal["i64-array", "i64", "i64-non-negative"]


class Spec(Frozen):
    """One attribute the op declares: its name, its custom form's clause, its kind, and whether it
    is required."""

    __slots__ = __match_args__ = ("name", "kind", "custom", "required")
    name: str
    kind: AttrKind
    custom: str | None
    required: bool

    def __init__(self, name: str, kind: AttrKind, custom: str | None = None, required: bool = True) -> None:
        put = object.__setattr__
        put(self, "name", name)
        put(self, "kind", kind)
        put(self, "custom", custom)
        put(self, "required", required)


class Attrs:
    """An op's declared attributes, read in MLIR's order: :meth:`parse` before the counts (the
    generic parser converts ``<{...}>`` properties and checks the attribute dictionary's values
    against their constraints), :meth:`verify` after them (required attributes, and the
    constraints of values written as properties)."""

    def __init__(self, op: Operation, *specs: Spec) -> None:
        self.op = op
        self.specs = specs
        self.values: dict[str, object] = {}

    def _read(self, spec: Spec) -> None:
        op = self.op
        if spec.kind == "i64-array":
            self.values[spec.name] = i64_array(op, spec.name, spec.custom)
        else:
            self.values[spec.name] = i64(op, spec.name, spec.custom, non_negative=spec.kind == "i64-non-negative")

    def parse(self) -> Attrs:
        op = self.op
        properties(op, {s.name: "DenseI64ArrayAttr" if s.kind == "i64-array" else "IntegerAttr" for s in self.specs})
        for spec in self.specs:
            attr = op.attribute(spec.name)
            if attr is None and spec.custom is not None and not op.generic:
                attr = op.attribute(spec.custom)
            if attr is not None and not attr.property:
                self._read(spec)
        return self

    def verify(self) -> dict[str, object]:
        op = self.op
        require(op, *(s.name for s in self.specs if s.required))
        for spec in self.specs:
            attr = op.attribute(spec.name)
            if attr is not None and attr.property:
                self._read(spec)
            if spec.required and spec.name not in self.values:
                raise Unknown(f"a custom form without {spec.name}")  # the custom parser's error
        return self.values
