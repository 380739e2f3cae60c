"""Helpers the dialect checks share (``tfl``, ``tf``, ``onnx``): reading an op's types,
the constants that define its operands, and its attributes.

A check written as a sequence of steps runs them with :func:`first`, in the verifier's
order; each step returns the first problem it finds, or ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from broadcheck.ops import OpaqueType, Operation, Shape, ShapedType, Type
from broadcheck.semantics import Problem
from broadcheck.syntax.attributes import Dense, Str, value
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.types import read_type

Check = Callable[[], Problem | None]


def detail(code: str, name: str, **args: object) -> dict[str, object]:
    """:func:`broadcheck.messages.detail`: the catalogue (9,000 lines) is imported when a check words a
    message, not when the module that declares the check is imported."""
    from broadcheck.messages import detail as worded

    return worded(code, name, **args)


def first(*checks: Check) -> Problem | None:
    """The first problem of ``checks``, run in order until one finds one."""
    for check in checks:
        problem = check()
        if problem is not None:
            return problem
    return None


# ------------------------------------------------------------------------------------------- types


def tensors(types: Iterable[Type], none: bool = False) -> bool:
    """Whether every type is a tensor (or ``none``, where ``none`` may stand for an absent operand)."""
    for t in types:
        if isinstance(t, ShapedType):
            if t.kind != "tensor":
                return False
        elif not (none and t.text == "none"):
            return False
    return True


def shape(t: Type) -> Shape | None:
    """A ranked tensor's shape; ``None`` for an unranked tensor or anything else."""
    return t.shape if isinstance(t, ShapedType) else None


def rank(t: Type) -> int | None:
    s = shape(t)
    return None if s is None else len(s)


def static(t: Type) -> bool:
    """MLIR's ``hasStaticShape``: ranked, every size known."""
    s = shape(t)
    return s is not None and None not in s


def count(s: Shape) -> int:
    """The number of elements of a static shape."""
    n = 1
    for d in s:
        assert d is not None
        n *= d
    return n


def element(t: Type) -> str:
    """The element type's text, spaces removed (``getElementTypeOrSelf``)."""
    return "".join((t.element if isinstance(t, ShapedType) else t.text).split())


def compatible(a: Type | Shape | None, b: Type | Shape | None) -> bool:
    """``mlir::verifyCompatibleShape``: unranked fits anything; else equal ranks, sizes equal or ``?``."""
    sa = a if isinstance(a, tuple) or a is None else shape(a)
    sb = b if isinstance(b, tuple) or b is None else shape(b)
    if sa is None or sb is None:
        return True
    if len(sa) != len(sb):
        return False
    return all(x is None or y is None or x == y for x, y in zip(sa, sb, strict=True))


def with_shape(t: Type, s: Shape | None) -> str:
    """The type ``t`` with shape ``s`` (``None``: unranked), as MLIR prints it."""
    elem = t.element if isinstance(t, ShapedType) else t.text
    if s is None:
        return f"tensor<*x{elem}>"
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in s) + f"{elem}>"


def text(t: Type) -> str:
    """A type as MLIR prints it."""
    return str(t)


# --------------------------------------------------------------------------------------- constants


def constant_ints(op: Operation, index: int) -> list[int] | None:
    """The integers of the constant defining operand ``index`` (splats expanded to its static
    size), or ``None`` when it is not a constant of integers broadcheck can read."""
    literal = op.constant(index)
    if literal is None:
        return None
    v = value(literal)
    if not isinstance(v, Dense):
        return None
    flat = _flatten(v.values)
    if flat is None:
        return None
    if not isinstance(v.values, list):  # a splat: as many as its own type holds (a tf.Const's result may differ)
        t = _literal_type(v.type) or (op.operands[index].type if index < len(op.operands) else None)
        if t is None or not static(t):
            return None
        return flat * count(shape(t) or ())
    t = _literal_type(v.type)
    if t is not None and static(t) and count(shape(t) or ()) != len(flat):
        return None  # (`dense<[1, ]> : tensor<2xi64>`: not the literal its type says, the parser's error)
    return flat


def _literal_type(text: str) -> Type | None:
    """The type a dense literal writes after its ``:`` (``None``: one that does not parse)."""
    try:
        return read_type(text)
    except SyntaxProblem:
        return None


def _flatten(v: object) -> list[int] | None:
    if isinstance(v, bool):
        return [int(v)]
    if isinstance(v, int):
        return [v]
    if isinstance(v, list):
        out: list[int] = []
        for item in v:
            inner = _flatten(item)
            if inner is None:
                return None
            out.extend(inner)
        return out
    return None


# -------------------------------------------------------------------------------------- attributes


def attr_int(op: Operation, name: str, default: int | None = None) -> int | None:
    """An integer attribute's value (``axis = 1 : i32``), ``default`` when absent or unreadable."""
    attr = op.attribute(name)
    if attr is None:
        return default
    v = value(attr.text)
    if isinstance(v, bool) or not isinstance(v, int):
        return default
    return v


def attr_bool(op: Operation, name: str, default: bool = False) -> bool | None:
    """A boolean attribute's value; ``None`` when it is there but not a boolean."""
    attr = op.attribute(name)
    if attr is None:
        return default
    v = value(attr.text)
    return v if isinstance(v, bool) else None


def attr_str(op: Operation, name: str) -> str | None:
    attr = op.attribute(name)
    if attr is None:
        return None
    v = value(attr.text)
    return v.text if isinstance(v, Str) else None


def attr_ints(op: Operation, name: str) -> list[int] | None:
    """An integer array attribute (``[1, 2]``, ``array<i64: 1, 2>``)."""
    from broadcheck.syntax.attributes import ints

    attr = op.attribute(name)
    if attr is None:
        return None
    found = ints(attr.text)
    return None if found is None else list(found)


def required(op: Operation, *names: str) -> Problem | None:
    """ODS's ``requires attribute 'name'``, for the first required attribute that is missing."""
    for name in names:
        if op.attribute(name) is None:
            return Problem("BC610", {"name": name})
    return None


def is_none(t: Type) -> bool:
    """The ``none`` type of an absent optional operand."""
    return isinstance(t, OpaqueType) and t.text == "none"


def reshape_type(
    op: Operation, problem: Callable[[str, dict[str, int]], Problem]
) -> tuple[Shape | None, Problem | None]:
    """TensorFlow's ``GetReshapeOutputType``, which ``tf.Reshape`` and ``tfl.reshape`` share: the
    shape the ``shape`` operand gives (``None``: unranked), or its problem, made by
    ``problem(kind, args)`` in each dialect's words (kinds ``shape-rank``, ``two-dynamic``,
    ``negative``, ``multiple``)."""
    input_type, shape_type = op.operands[0].type, op.operands[1].type
    s = shape(shape_type)
    if s is None:
        return None, None
    if len(s) != 1:
        return None, problem("shape-rank", {"rank": len(s)})
    values = constant_ints(op, 1)
    if values is None:
        return ((None,) * s[0] if s[0] is not None else None), None
    unknown = -1
    zero = False
    size = 1
    out: list[int | None] = []
    for index, v in enumerate(values):
        if v in (-1, -(2**63)):
            if unknown != -1:
                return None, problem("two-dynamic", {"first": unknown, "second": index})
            unknown = index
            out.append(None)
            continue
        if v == 0:
            zero = True
        elif v > 0:
            size *= v
        else:
            return None, problem("negative", {"size": v, "index": index})
        out.append(v)
    if not static(input_type):
        return tuple(out), None
    if unknown != -1:
        total = 1
        total_zero = False
        for d in shape(input_type) or ():
            assert d is not None
            if d > 0 or not zero:
                total *= d
            else:
                total_zero = True
        missing = total // size
        if not total_zero and size * missing != total:
            return None, problem("multiple", {"size": size, "count": total})
        out[unknown] = missing
    return tuple(out), None
