"""The shape dialect (``ShapeOps.td``, ``Shape.cpp``): each op declared with its ODS operand and
result constraints, checked in the order iree-base-compiler 3.13 verifies them (the ODS types,
then ``verify()``: ``verifySizeOrIndexOp`` / ``verifyShapeOrExtentTensorOp``, an operand that can
hold an error value needs a result that can too; then the inferred type of ``shape.shape_of`` and
``shape.const_shape``).

A value of the dialect's own types is written ``!shape.shape``, ``!shape.size``,
``!shape.witness``, ``!shape.value_shape``; an extent tensor is a 1-D tensor of ``index``.

PASS::

    %0 = shape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>

FAIL (``if at least one of the operands can hold error values then the result must be of type
`size` to propagate them``)::

    %0 = shape.rank %s : !shape.shape -> index
"""

from __future__ import annotations

from collections.abc import Callable

from broadcheck.dialects.op import FUNCTIONAL, OPERAND_LIST, RESULT, Op, Reading, custom, ops
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile
from broadcheck.syntax.attributes import ints
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText

SHAPE, SIZE, WITNESS, VALUE_SHAPE = "!shape.shape", "!shape.size", "!shape.witness", "!shape.value_shape"


def _opaque(t: Type, *texts: str) -> bool:
    return isinstance(t, OpaqueType) and "".join(t.text.split()) in texts


def _extent_tensor(t: Type) -> bool:
    return (
        isinstance(t, ShapedType)
        and t.kind == "tensor"
        and t.element == "index"
        and t.shape is not None
        and (len(t.shape) == 1)
    )


Constraint = tuple[str, Callable[[Type], bool]]
SOE: Constraint = ("shape or extent tensor", lambda t: _opaque(t, SHAPE) or _extent_tensor(t))
SOE_VARIADIC: Constraint = ("variadic of shape or extent tensor", SOE[1])
SOI: Constraint = ("size or index", lambda t: _opaque(t, SIZE, "index"))
SOS: Constraint = ("shape or size", lambda t: _opaque(t, SHAPE, SIZE))
INDEX: Constraint = ("index", lambda t: _opaque(t, "index"))
I1: Constraint = ("1-bit signless integer", lambda t: _opaque(t, "i1"))
INDEX_TENSOR: Constraint = (
    "tensor of index values",
    lambda t: isinstance(t, ShapedType) and t.kind == "tensor" and t.element == "index",
)
EXTENT_1D: Constraint = (
    "1D tensor of index values",
    lambda t: isinstance(t, ShapedType) and t.kind == "tensor" and t.element == "index" and t.shape is not None
    and len(t.shape) == 1,
)  # fmt: skip
SHAPED: Constraint = ("shaped of any type values", lambda t: isinstance(t, ShapedType))

Spec = tuple[tuple[Constraint, ...], tuple[Constraint, ...], str | None]
"""An op's operand constraints (the last repeats for a variadic group), result constraints, and
which ``verify()`` it runs (``size``, ``shape`` or none)."""

SPECS: dict[str, Spec] = {
    "shape.add": ((SOI, SOI), (SOI,), "size"),
    "shape.mul": ((SOI, SOI), (SOI,), "size"),
    "shape.div": ((SOI, SOI), (SOI,), "size"),
    "shape.max": ((SOS, SOS), (SOS,), None),
    "shape.min": ((SOS, SOS), (SOS,), None),
    "shape.any": ((SOE_VARIADIC,), (SOE,), None),
    "shape.broadcast": ((SOE_VARIADIC,), (SOE,), "shape"),
    "shape.concat": ((SOE, SOE), (SOE,), None),
    "shape.const_shape": ((), (SOE,), None),
    "shape.cstr_require": ((I1,), (), None),
    "shape.dim": ((SHAPED, SOI), (SOI,), None),
    "shape.get_extent": ((SOE, SOI), (SOI,), "size"),
    "shape.from_extent_tensor": ((EXTENT_1D,), (), None),
    "shape.index_to_size": ((INDEX,), (), None),
    "shape.num_elements": ((SOE,), (SOI,), "size"),
    "shape.rank": ((SOE,), (SOI,), "size"),
    "shape.shape_of": ((), (SOE,), "shape"),
    "shape.size_to_index": ((SOI,), (INDEX,), None),
    "shape.split_at": ((SOE, SOI), (SOE, SOE), None),
    "shape.to_extent_tensor": ((SOE,), (INDEX_TENSOR,), None),
}


def _constraint(kind: str, index: int, rule: Constraint, t: Type) -> Problem | None:
    if rule[1](t):
        return None
    return Problem("BC109", {"kind": kind, "index": index, "constraint": rule[0], "type": str(t)})


def _inferred(op: Operation) -> ShapedType | None:
    """The result type ``shape.shape_of`` and ``shape.const_shape`` infer (``None``: not known)."""
    if op.name == "shape.shape_of" and op.operands:
        t = op.operands[0].type
        if isinstance(t, ShapedType):
            return ShapedType("tensor", (len(t.shape) if t.shape is not None else None,), "index")
    if op.name == "shape.const_shape":
        attr = op.attribute("shape")
        values = ints(attr.text) if attr is not None else None
        if values is not None:
            return ShapedType("tensor", (len(values),), "index")
    return None


def check(op: Operation, profile: Profile) -> Problem | None:
    """An op of :data:`SPECS`: its ODS constraints, its ``verify()``, its inferred type."""
    operands_rule, results_rule, verifier = SPECS[op.name]
    for i, use in enumerate(op.operands):
        if operands_rule:
            rule = operands_rule[min(i, len(operands_rule) - 1)]
            problem = _constraint("operand", i, rule, use.type)
            if problem is not None:
                return problem
    for i, (use, rule) in enumerate(zip(op.results, results_rule, strict=False)):
        problem = _constraint("result", i, rule, use.type)
        if problem is not None:
            return problem
    if verifier is not None and op.results:
        error = SHAPE if verifier == "shape" else SIZE
        # (isErrorPropagationPossible: an operand of the dialect's size, shape or value shape type)
        if any(_opaque(u.type, SIZE, SHAPE, VALUE_SHAPE) for u in op.operands) and not _opaque(
            op.results[0].type, error
        ):
            return Problem("BC1623", {"kind": verifier})
    inferred = _inferred(op)
    result = op.results[0].type if op.results else None
    if (  # (isCompatibleReturnTypes: a !shape.shape result is always compatible)
        isinstance(inferred, ShapedType)
        and isinstance(result, ShapedType)
        and result.shape is not None
        and inferred.shape is not None
        and any(a is not None and b is not None and a != b for a, b in zip(result.shape, inferred.shape, strict=False))
    ):
        return Problem("BC521", {"inferred": str(inferred), "actual": str(result)})
    return None


def _fixed(operands: tuple[str, ...], results: tuple[str, ...]) -> Callable[[Statement], Reading]:
    """A custom form whose types are implied (``shape.index_to_size %i``)."""

    def read(statement: Statement) -> Reading:
        sig = statement.signature
        written = list(sig.inputs) if sig is not None and sig.kind == "list" else []
        types: list[TypeText | None] = []
        for i in range(len(statement.operands)):
            if operands:
                types.append(TypeText(operands[min(i, len(operands) - 1)], 0, 0, operands[min(i, len(operands) - 1)]))
            else:
                types.append(written[i] if i < len(written) else None)
        typed: list[TypeText | None] = [TypeText(r, 0, 0, r) for r in results]
        return Reading(types, typed[: statement.result_count])

    return read


def const_shape_form(statement: Statement) -> Reading:
    """``shape.const_shape [1, 2] : tensor<2xindex>``: the result's type; the extents are ``shape``."""
    sig = statement.signature
    result: list[TypeText | None] = [None]
    if sig is not None and sig.kind == "list" and len(sig.inputs) == 1:
        result = [sig.inputs[0]]
    group = next((i for i in statement.items if i.kind == "group" and i.text.startswith("[")), None)
    properties = (Property("shape", group.text, group.start, group.end, True),) if group is not None else ()
    return Reading([], result[: statement.result_count], properties)


OPS = ops(
    *(
        Op(name, FUNCTIONAL, check, "shape")
        for name in sorted(SPECS)
        if name
        not in (
            "shape.const_shape",
            "shape.index_to_size",
            "shape.size_to_index",
            "shape.from_extent_tensor",
            "shape.cstr_require",
        )
    ),
    Op("shape.const_shape", custom(const_shape_form), check, "shape"),
    Op("shape.index_to_size", custom(_fixed(("index",), (SIZE,))), check, "shape"),
    Op("shape.size_to_index", custom(_fixed((), ("index",))), check, "shape"),
    Op("shape.from_extent_tensor", custom(_fixed((), (SHAPE,))), check, "shape"),
    Op("shape.cstr_require", custom(_fixed(("i1",), (WITNESS,))), check, "shape"),
    Op("shape.assuming", FUNCTIONAL),
    Op("shape.assuming_yield", OPERAND_LIST),
    Op("shape.assuming_all", FUNCTIONAL),
    Op("shape.cstr_broadcastable", custom(_fixed((), (WITNESS,)))),
    Op("shape.cstr_eq", custom(_fixed((), (WITNESS,)))),
    Op("shape.from_extents", custom(_fixed((), (SHAPE,)))),
    Op("shape.const_size", RESULT),
    Op("shape.const_witness", RESULT),
)
