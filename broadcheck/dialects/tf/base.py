"""What the checks of the ``tf`` shape ops share: the ODS checks every op gets, in the order
the generated verifier runs them (operand and result counts, attributes, type constraints),
and the helpers of TensorFlow's own verifiers (``HasRankAtLeast``, ``IsOfRankOrUnranked``,
``GetRankedTensorTypeForOperand``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from broadcheck.dialects.common import Check, element, first, rank
from broadcheck.dialects.literal import value_type
from broadcheck.dialects.tf.infer import ShapeFunction
from broadcheck.dialects.tf.types import Constraint, Many, Slot
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.mlir import IncompatibleDims, infer_shape
from broadcheck.semantics.tf import tf_element
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.named import NamedTuple


class Spec(NamedTuple):
    """One ``tf`` shape op as its declaration gives it: each operand's and result's ODS type
    constraint, its verifier (which reads the rest of the declaration from here) and its shape
    function (``None``: none modelled)."""

    operands: tuple[Slot, ...]
    results: tuple[Slot, ...]
    verify: Callable[[Operation, Spec], Problem | None]
    shape: ShapeFunction | None = None

    def check(self, op: Operation, profile: Profile) -> Problem | None:
        """The op's check: its verifier, which ends with the shape function's lint."""
        found = self.verify(op, self)
        if found is None or found.expected is not None or self.shape is None:
            return found
        return _with_inferred(op, found, self.shape)


def _with_inferred(op: Operation, found: Problem, fn: ShapeFunction) -> Problem:
    """``found`` (a verifier's rejection) with the result type the shape function infers, where it
    infers one wholly that differs from the written one: what ``refine`` and ``--fix`` write."""
    from broadcheck.dialects.tf.infer import infer

    if not all(isinstance(u.type, ShapedType) for u in (*op.operands, *op.results)):
        return found
    inferred = infer(op, fn)
    if not isinstance(inferred, list):
        return found
    for index, (use, s) in enumerate(zip(op.results, inferred, strict=False)):
        t = use.type
        if s is not None and None not in s and isinstance(t, ShapedType) and t.kind == "tensor" and t.shape != s:
            expected = ShapedType("tensor", tuple(s), t.element, t.encoding)
            return Problem(
                found.code, found.args, Subject("result", index), found.inferred, expected, found.notes, found.span
            )
    return found


# Attribute kinds: the words of the constraint each one fails with.
ATTRIBUTE_CONSTRAINTS = {
    "i64": "64-bit signless integer attribute",
    "bool": "bool attribute",
    "str": "string attribute",
    "i64s": "64-bit integer array attribute",
    "i64s4": "64-bit integer array attribute with at least 4 elements",
    "padding3": "string attribute whose value is SAME, or VALID, or EXPLICIT",
    "padding2": "string attribute whose value is SAME, or VALID",
    "format2": "'NHWC' or 'NCHW' convnet data format",
    "format3": "string attribute whose value is NHWC, or NCHW, or NCHW_VECT_C",
    "symbol": "flat symbol reference attribute",
    "symref": "symbol reference attribute",
    "i64min1": "64-bit signless integer attribute whose minimum value is 1",
    "unit": "unit attribute",
}
_ENUMS = {
    "padding3": ("SAME", "VALID", "EXPLICIT"),
    "padding2": ("SAME", "VALID"),
    "format2": ("NHWC", "NCHW"),
    "format3": ("NHWC", "NCHW", "NCHW_VECT_C"),
}
_INT = lazy(r"-?\d+(?:\s*:\s*i64)?")
_STRING = lazy(r'"(?:[^"\\]|\\.)*"')
_SYMBOL_SOURCE = r'@(?:[\w$.\-]+|"(?:[^"\\]|\\.)*")'
_SYMBOL = lazy(_SYMBOL_SOURCE)
_NESTED = lazy(rf"{_SYMBOL_SOURCE}(?:\s*::\s*{_SYMBOL_SOURCE})*")

Attr = tuple[str, str, bool]
"""An attribute: its name, its kind (a key of :data:`ATTRIBUTE_CONSTRAINTS`), whether it is required."""


def holds(kind: str, text: str) -> bool:
    """Whether ``text`` is an attribute of ``kind`` (a key of :data:`ATTRIBUTE_CONSTRAINTS`)."""
    text = text.strip()
    if kind == "i64":
        return _INT.fullmatch(text) is not None
    if kind == "bool":
        return text in ("true", "false")
    if kind == "str":
        return _STRING.fullmatch(text) is not None
    if kind == "symbol":
        return _SYMBOL.fullmatch(text) is not None
    if kind == "symref":
        return _NESTED.fullmatch(text) is not None
    if kind == "i64min1":
        return _INT.fullmatch(text) is not None and int(text.split(":")[0]) >= 1
    if kind == "unit":
        return text in ("", "unit")
    if kind in ("i64s", "i64s4"):
        if not (text.startswith("[") and text.endswith("]")):
            return False
        inner = text[1:-1].strip()
        items = [i.strip() for i in inner.split(",")] if inner else []
        if any(_INT.fullmatch(i) is None for i in items):
            return False
        return kind == "i64s" or len(items) >= 4
    enum = _ENUMS[kind]
    return _STRING.fullmatch(text) is not None and text[1:-1] in enum


_TYPED_INT = lazy(r"(-?\d+)\s*(?::\s*([iu]i?\d+|si\d+))?")
_LIST = lazy(r"\[(.*)\]", re.S)


def _printed(text: str, top: bool = True) -> str | None:
    """An attribute as MLIR prints it in a message (``1 : i64`` alone, ``1`` in a list), or
    ``None`` for text not read here."""
    text = text.strip()
    m = _TYPED_INT.fullmatch(text)
    if m:
        kind = m.group(2) or "i64"
        return m.group(1) if kind == "i64" and not top else f"{m.group(1)} : {kind}"
    if text in ("true", "false") or _STRING.fullmatch(text):
        return text
    if _NESTED.fullmatch(text):
        return "".join(text.split())
    m = _LIST.fullmatch(text)
    if m:
        inner = m.group(1).strip()
        items = [_printed(i, False) for i in inner.split(",")] if inner else []
        return None if None in items else "[" + ", ".join(i for i in items if i is not None) + "]"
    return None


def _converts(kind: str, text: str) -> bool:
    """Whether the parser can store ``text`` in a property of ``kind`` (the attribute class only)."""
    text = text.strip()
    if kind in ("i64", "i64min1"):
        return _TYPED_INT.fullmatch(text) is not None
    if kind == "bool":
        return text in ("true", "false")
    if kind in ("i64s", "i64s4"):
        return text.startswith("[")
    if kind in ("symbol", "symref", "unit"):
        return holds(kind, text)
    return _STRING.fullmatch(text) is not None


def properties(op: Operation, attrs: Sequence[Attr]) -> Problem | bool | None:
    """A property the parser cannot store (``invalid properties {...}``, the whole dictionary as
    MLIR prints it); ``False`` when one is written in a form not read here."""
    kinds = {name: kind for name, kind, _ in attrs}
    props = sorted((a for a in op.attributes if a.property), key=lambda a: a.name)
    for a in props:
        kind = kinds.get(a.name)
        if kind is None or _converts(kind, a.text):
            continue
        printed = [(p.name, "" if p.text.strip() in ("", "unit") else _printed(p.text)) for p in props]
        bad = _printed(a.text)
        if bad is None or any(v is None for _, v in printed):
            return False
        text = "{" + ", ".join(f"{name} = {v}" if v else name for name, v in printed) + "}"
        return Problem("BC564", {"properties": text, "op_name": op.name, "name": a.name, "value": bad})
    return None


def _constraint(op: Operation, name: str, kind: str) -> Problem | None:
    attr = op.attribute(name)
    if attr is not None and not holds(kind, attr.text):
        return Problem("BC562", {"name": name, "constraint": ATTRIBUTE_CONSTRAINTS[kind]})
    return None


def parsed(op: Operation, attrs: Sequence[Attr]) -> Problem | bool | None:
    """What the parser checks: a property it cannot store (``<{...}>``), or, when the attributes
    are written in the dictionary, each one's constraint in the order of the names (MLIR's
    ``verifyInherentAttrs``, run as the op is parsed)."""
    if any(a.property for a in op.attributes):
        return properties(op, attrs)
    for name, kind, _ in sorted(attrs):
        problem = _constraint(op, name, kind)
        if problem is not None:
            return problem
    return None


def attributes(op: Operation, attrs: Sequence[Attr]) -> Problem | None:
    """The generated verifier's attribute checks: the required ones present, in the order of the
    names, then each one's constraint in the order the op declares them."""
    for name, _, needed in sorted(attrs):
        if needed and op.attribute(name) is None:
            return Problem("BC610", {"name": name})
    for name, kind, _ in attrs:
        problem = _constraint(op, name, kind)
        if problem is not None:
            return problem
    return None


def known(t: Type) -> bool:
    """Whether broadcheck can judge ``t`` against a constraint (a tensor of a known element type,
    or a builtin non-tensor type); another dialect's type leaves the op unchecked."""
    if isinstance(t, ShapedType):
        return t.kind != "tensor" or tf_element(t.element) is not None
    return not t.text.startswith("!") or t.text.startswith("!tf_type.")


def fits(t: Type, constraint: Constraint) -> bool:
    """Whether ``t`` is a tensor ``constraint`` takes."""
    if not isinstance(t, ShapedType) or t.kind != "tensor":
        return False
    return tf_element(t.element) in constraint[1]


def type_constraints(op: Operation, spec: Spec) -> Problem | None:
    """Each operand's, then each result's, ODS type constraint."""
    for kind, uses, slots in (("operand", op.operands, spec.operands), ("result", op.results, spec.results)):
        for index, use in enumerate(uses):
            constraint, variadic = _slot(slots, index, len(uses))
            if not fits(use.type, constraint):
                words = ("variadic of " if variadic else "") + constraint[0]
                return Problem(
                    "BC701",
                    {"kind": kind, "index": index, "constraint": words, "type": use.type},
                    Subject(kind, index),  # type: ignore[arg-type]
                )
    return None


def _slot(slots: Sequence[Slot], index: int, total: int) -> tuple[Constraint, bool]:
    """The constraint of operand (result) ``index`` of ``total``, one variadic group absorbing the
    rest, and whether it is the group's."""
    spec = [(s.constraint, True) if isinstance(s, Many) else (s, False) for s in slots]
    group = next((i for i, (_, v) in enumerate(spec) if v), None)
    if group is None:
        return spec[min(index, len(spec) - 1)]
    extra = total - (len(spec) - 1)  # how many the variadic group holds
    if index < group:
        return spec[index]
    if index < group + extra:
        return spec[group]
    return spec[index - extra + 1]


def counts(op: Operation, operands: int | None, results: int | None = 1, at_least: int = 0) -> Problem | None:
    """``OneResult``, then ``NOperands<n>`` (``None``: variadic, ``at_least`` of them)."""
    if results == 1 and len(op.results) != 1:
        return Problem("BC107")
    if operands is not None and len(op.operands) != operands:
        return Problem("BC702", {"expected": operands, "count": len(op.operands)})
    if operands is None and len(op.operands) < at_least:
        return Problem("BC106", {"count": len(op.operands)})
    return None


def begin(
    op: Operation,
    spec: Spec,
    operands: int | None,
    results: int | None = 1,
    attrs: Sequence[Attr] = (),
    at_least: int = 0,
) -> Problem | bool | None:
    """The checks every ``tf`` op starts with; ``False`` when a type is not one broadcheck can judge
    (the op is then left alone)."""
    stored = parsed(op, attrs)
    if stored is not None:
        return stored
    if not all(known(u.type) for u in (*op.operands, *op.results)):
        return False
    return first(
        lambda: counts(op, operands, results, at_least),
        lambda: attributes(op, attrs),
        lambda: type_constraints(op, spec),
    )


def compatible_elements(op: Operation) -> Problem | None:
    """``TF_SameOperandsAndResultElementTypeResolveRef``: one element type (refs resolved)."""
    elements = {tf_element(element(u.type)) for u in (*op.operands, *op.results) if isinstance(u.type, ShapedType)}
    return Problem("BC704") if len(elements) > 1 else None


def same_element(a: Type, b: Type) -> bool:
    """One element type, exactly (a reference type is not its value type)."""
    return "".join(element(a).split()) == "".join(element(b).split())


def cast_elements(a: Type, b: Type) -> bool:
    """``GetCastCompatibleType``'s element rule: equal, or both resources (variants) whatever
    their subtypes."""
    ea, eb = tf_element(element(a)), tf_element(element(b))
    if ea == eb and ea in ("!tf_type.resource", "!tf_type.variant"):
        return True
    return same_element(a, b)


def resolve_ref(op: Operation) -> bool:
    """``TF_SameOperandsAndResultTypeResolveRef``'s element rule: every operand of the first
    result's element type, or a reference to it."""
    if not op.results or not op.operands:
        return True
    result = op.results[0].type
    for use in op.operands:
        if cast_elements(use.type, result):
            continue
        ref = tf_element(element(use.type))
        if ref is None or ref != "".join(element(result).split()):
            return False
    return True


def dynamically_equal(a: Type, b: Type) -> bool:
    """TensorFlow's ``AreCastCompatible`` of two tensors (``TF_AllTypesMatch``'s "have dynamically
    equal types"): one element type, and shapes that agree where both are known."""
    if not (isinstance(a, ShapedType) and isinstance(b, ShapedType)):
        return str(a) == str(b)
    if "".join(a.element.split()) != "".join(b.element.split()):
        return False
    if a.shape is None or b.shape is None:
        return True
    if len(a.shape) != len(b.shape):
        return False
    return all(x is None or y is None or x == y for x, y in zip(a.shape, b.shape, strict=True))


def broadcast_compatible(a: Type, b: Type) -> bool | None:
    """``tf_type::BroadcastCompatible`` of two types: refs dropped, one element type (a resource or
    variant with subtypes on one side only fits any), shapes that broadcast (unranked: any);
    ``None`` when not judged here (subtypes on both sides)."""
    if not isinstance(a, ShapedType) or not isinstance(b, ShapedType) or "tensor" not in (a.kind, b.kind):
        return a == b
    if a.kind != b.kind:
        return False
    ea, eb = tf_element(a.element), tf_element(b.element)
    if ea is None or eb is None:
        return None
    if ea != eb:
        return False
    if ea in ("!tf_type.resource", "!tf_type.variant"):
        sa, sb = ("".join(t.element.split()) for t in (a, b))
        if sa != ea and sb != ea and sa != sb:
            return None
    elif not any(t.element.endswith("ref") for t in (a, b)) and "".join(a.element.split()) != "".join(
        b.element.split()
    ):
        return None  # two types tf_element does not tell apart: not judged
    if a.shape is None or b.shape is None:
        return True
    try:
        infer_shape(a.shape, b.shape, Profile.LLVM)
    except IncompatibleDims:
        return False
    return True


def rank_at_least(t: Type, n: int) -> bool:
    """TensorFlow's ``HasRankAtLeast``: unranked, or rank ``n`` or more."""
    r = rank(t)
    return r is None or r >= n


def rank_at_most(t: Type, n: int) -> bool:
    r = rank(t)
    return r is None or r <= n


def rank_is(t: Type, n: int) -> bool:
    """``IsOfRankOrUnranked``."""
    r = rank(t)
    return r is None or r == n


def operand_type(op: Operation, index: int) -> Type:
    """TensorFlow's ``GetRankedTensorTypeForOperand``, which ``IsOfRankOrUnranked``, ``HasRankAtLeast``
    and ``HasRankAtMost`` read: the type of the literal of the constant that defines operand ``index``
    (``m_Constant``) wins over the type written for it (a ``tf.Const`` may give ``dense<1> :
    tensor<i32>`` the type ``tensor<1xi32>``: its verifier takes a compatible shape)."""
    literal = op.constant(index)
    written = None if literal is None else value_type(literal)
    if written is not None and isinstance(written.type, ShapedType):
        return written.type
    return op.operands[index].type


def tf(code: str, name: str, **args: object) -> Problem:
    """A problem whose message is one of ``code``'s sentences (a "{detail}" rule)."""
    from broadcheck.messages import detail  # (the catalogue: only when a message is worded)

    return Problem(code, detail(code, name, **args))


def i64(v: int) -> int:
    """A value as the ``int64_t`` it is read into."""
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >= 1 << 63 else v


def is_tensor(t: Type) -> bool:
    return isinstance(t, ShapedType) and t.kind == "tensor"


def opaque(t: Type) -> bool:
    return isinstance(t, OpaqueType)


__all__ = ["Check", "first"]
