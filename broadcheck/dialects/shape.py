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

import re
from collections.abc import Callable

from broadcheck.dialects.op import FUNCTIONAL, NONE, OPERAND_LIST, Layout, Op, Reading, custom, ops
from broadcheck.dialects.shaped import split_top
from broadcheck.dialects.terminators import by_parent
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile
from broadcheck.syntax.attributes import ints
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText

SHAPE, SIZE, WITNESS, VALUE_SHAPE = "!shape.shape", "!shape.size", "!shape.witness", "!shape.value_shape"
_INTEGER = re.compile(r"(?:[su]?i[1-9][0-9]*|index)")
_MEMREF_DIMS = re.compile(r"(?:(?:\d+|\?)\s*x\s*)*")


def _key(t: Type) -> str:
    return "".join(str(t).split())


def _opaque(t: Type, *texts: str) -> bool:
    return isinstance(t, OpaqueType) and "".join(t.text.split()) in texts


def _unknown(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.text in ("?", "")


def _extent_tensor(t: Type) -> bool:
    return (
        isinstance(t, ShapedType)
        and t.kind == "tensor"
        and t.element == "index"
        and t.shape is not None
        and (len(t.shape) == 1)
    )


def _shaped(t: Type) -> bool:
    """ODS's ``AnyShaped``: a tensor, a vector or a memref (ranked or not)."""
    return isinstance(t, ShapedType) or (isinstance(t, OpaqueType) and t.text.startswith("memref<"))


Constraint = tuple[str, Callable[[Type], bool]]
SOE: Constraint = ("shape or extent tensor", lambda t: _opaque(t, SHAPE) or _extent_tensor(t))
SOE_VARIADIC: Constraint = ("variadic of shape or extent tensor", SOE[1])
SOI: Constraint = ("size or index", lambda t: _opaque(t, SIZE, "index"))
SOI_VARIADIC: Constraint = ("variadic of size or index", SOI[1])
SOS: Constraint = ("shape or size", lambda t: _opaque(t, SHAPE, SIZE))
ANY_SOS: Constraint = ("any shape or size", lambda t: _opaque(t, SHAPE, SIZE, "index") or _extent_tensor(t))
INDEX: Constraint = ("index", lambda t: _opaque(t, "index"))
I1: Constraint = ("1-bit signless integer", lambda t: _opaque(t, "i1"))
# (the dialect's own types have an empty summary: MLIR prints "must be , but got ...")
SHAPE_TYPE: Constraint = ("", lambda t: _opaque(t, SHAPE))
SIZE_TYPE: Constraint = ("", lambda t: _opaque(t, SIZE))
WITNESS_TYPE: Constraint = ("", lambda t: _opaque(t, WITNESS))
WITNESS_VARIADIC: Constraint = ("variadic of ", WITNESS_TYPE[1])
VALUE_SHAPE_TYPE: Constraint = ("", lambda t: _opaque(t, VALUE_SHAPE))
INDEX_TENSOR: Constraint = (
    "tensor of index values",
    lambda t: isinstance(t, ShapedType) and t.kind == "tensor" and t.element == "index",
)
EXTENT_1D: Constraint = (
    "1D tensor of index values",
    lambda t: isinstance(t, ShapedType) and t.kind == "tensor" and t.element == "index" and t.shape is not None
    and len(t.shape) == 1,
)  # fmt: skip
VALUE_1D: Constraint = (
    "1D tensor of integer or index values or ",
    lambda t: (
        _opaque(t, VALUE_SHAPE)
        or (
            isinstance(t, ShapedType)
            and t.kind == "tensor"
            and t.shape is not None
            and len(t.shape) == 1
            and _INTEGER.fullmatch(t.element) is not None
        )
    ),
)
NON_TOKEN_SHAPED: Constraint = ("shaped of any non-token type values", _shaped)
SHAPED_OR_VALUE_SHAPE: Constraint = (
    "shaped of any non-token type values or ",
    lambda t: _shaped(t) or _opaque(t, VALUE_SHAPE),
)
ANY: Constraint = ("any type", lambda t: True)

Spec = tuple[tuple[Constraint, ...], tuple[Constraint, ...], str | None]
"""An op's operand constraints (the last repeats for a variadic group), result constraints, and
which ``verify()`` or type inference it runs after them (``size``, ``shape``, ``operands``,
``two``, ``maxmin``, ``meet``, ``reduce``, ``assuming``, or none)."""

SPECS: dict[str, Spec] = {
    "shape.add": ((SOI, SOI), (SOI,), "size"),
    "shape.mul": ((SOI, SOI), (SOI,), "size"),
    "shape.div": ((SOI, SOI), (SOI,), "size"),
    "shape.max": ((SOS, SOS), (SOS,), "maxmin"),
    "shape.min": ((SOS, SOS), (SOS,), "maxmin"),
    "shape.any": ((SOE_VARIADIC,), (SOE,), None),
    "shape.assuming": ((WITNESS_TYPE,), (), "assuming"),
    "shape.assuming_all": ((WITNESS_VARIADIC,), (WITNESS_TYPE,), "operands"),
    "shape.broadcast": ((SOE_VARIADIC,), (SOE,), "shape"),
    "shape.concat": ((SOE, SOE), (SOE,), None),
    "shape.const_shape": ((), (SOE,), None),
    "shape.const_size": ((), (SIZE_TYPE,), None),
    "shape.const_witness": ((), (WITNESS_TYPE,), None),
    "shape.cstr_broadcastable": ((SOE_VARIADIC,), (WITNESS_TYPE,), "two"),
    "shape.cstr_eq": ((SOE_VARIADIC,), (WITNESS_TYPE,), None),
    "shape.cstr_require": ((I1,), (WITNESS_TYPE,), None),
    "shape.debug_print": ((SOS,), (SOS,), None),
    "shape.dim": ((NON_TOKEN_SHAPED, SOI), (SOI,), None),
    "shape.get_extent": ((SOE, SOI), (SOI,), "size"),
    "shape.from_extent_tensor": ((EXTENT_1D,), (SHAPE_TYPE,), None),
    "shape.from_extents": ((SOI_VARIADIC,), (SHAPE_TYPE,), None),
    "shape.index_to_size": ((INDEX,), (SIZE_TYPE,), None),
    "shape.is_broadcastable": ((SOE_VARIADIC,), (I1,), None),
    "shape.meet": ((ANY_SOS, ANY_SOS), (ANY_SOS,), "meet"),
    "shape.num_elements": ((SOE,), (SOI,), "size"),
    "shape.rank": ((SOE,), (SOI,), "size"),
    "shape.reduce": ((SOE, ANY), (), "reduce"),
    "shape.shape_eq": ((SOE_VARIADIC,), (I1,), None),
    "shape.shape_of": ((SHAPED_OR_VALUE_SHAPE,), (SOE,), "shape"),
    "shape.size_to_index": ((SOI,), (INDEX,), None),
    "shape.split_at": ((SOE, SOI), (SOE, SOE), None),
    "shape.to_extent_tensor": ((SOE,), (INDEX_TENSOR,), None),
    "shape.value_as_shape": ((VALUE_1D,), (SOE,), None),
    "shape.value_of": ((VALUE_SHAPE_TYPE,), (NON_TOKEN_SHAPED,), None),
    "shape.with_shape": ((SHAPED_OR_VALUE_SHAPE, SOE), (VALUE_SHAPE_TYPE,), None),
}


def _constraint(kind: str, index: int, rule: Constraint, t: Type) -> Problem | None:
    if rule[1](t) or _unknown(t):
        return None
    return Problem("BC109", {"kind": kind, "index": index, "constraint": rule[0], "type": str(t)})


def _inferred(op: Operation) -> ShapedType | None:
    """The result type ``shape.shape_of`` and ``shape.const_shape`` infer (``None``: not known)."""
    if op.name == "shape.shape_of" and op.operands:
        t = op.operands[0].type
        if isinstance(t, ShapedType):
            return ShapedType("tensor", (len(t.shape) if t.shape is not None else None,), "index")
        if isinstance(t, OpaqueType) and t.text.startswith("memref<"):
            body = t.text[len("memref<") :]
            dims = _MEMREF_DIMS.match(body)
            rank = None if body.startswith("*") or dims is None else len(dims.group(0).split("x")) - 1
            return ShapedType("tensor", (rank,), "index")
    if op.name == "shape.const_shape":
        attr = op.attribute("shape")
        values = ints(attr.text) if attr is not None else None
        if values is not None:
            return ShapedType("tensor", (len(values),), "index")
    return None


def _meet(op: Operation) -> Problem | None:
    """``MeetOp::inferReturnTypes`` (its words carry no op prefix), then
    ``isCompatibleReturnTypes`` with the result."""
    types = [u.type for u in op.operands]
    if len(types) != 2 or len(op.results) != 1 or any(_unknown(t) for t in (*types, op.results[0].type)):
        return None
    left, right = types
    if not _opaque(left, SHAPE, SIZE):
        left, right = right, left
    if _opaque(left, SIZE):
        if not _opaque(right, SIZE, "index"):
            return Problem("BC1742")
        acc = left
    elif _opaque(left, "index"):
        if not _opaque(right, "index"):
            return Problem("BC1742")
        acc = right
    elif _opaque(left, SHAPE):
        if not (_opaque(right, SHAPE) or _extent_tensor(right)):
            return Problem("BC1742")
        acc = left
    else:  # an extent tensor
        if not (isinstance(left, ShapedType) and isinstance(right, ShapedType) and left.shape and right.shape):
            return None  # (met with an index, written first: the C++ reads the index as a tensor; no verdict)
        a, b = left.shape[0], right.shape[0]
        if a is not None and b is not None and a != b:
            return Problem("BC1743")
        acc = right if a is not None and b is None else left
    result = op.results[0].type
    if _meet_compatible(acc, result):
        return None
    return Problem("BC521", {"inferred": str(acc), "actual": str(result)})


def _meet_compatible(inferred: Type, result: Type) -> bool:
    """``MeetOp::isCompatibleReturnTypes``."""
    if _key(inferred) == _key(result):
        return True
    lhs, rhs = inferred, result
    if not _opaque(lhs, SHAPE, SIZE):
        lhs, rhs = rhs, lhs
    if _opaque(lhs, SIZE):
        return _opaque(rhs, SIZE, "index")
    if _opaque(lhs, SHAPE):
        return (isinstance(rhs, ShapedType) and rhs.kind == "tensor") or _opaque(rhs, SHAPE)
    if isinstance(lhs, ShapedType) and isinstance(rhs, ShapedType):
        if lhs.shape is None or rhs.shape is None:
            return True
        return len(lhs.shape) == len(rhs.shape) and all(
            a is None or b is None or a == b for a, b in zip(lhs.shape, rhs.shape, strict=True)
        )
    return False


def _reduce(op: Operation) -> Problem | None:
    """``ReduceOp::verify`` (its block's arguments), then its ``shape.yield`` against the
    results (``YieldOp::verify``, reported at the yield)."""
    if len(op.regions) != 1 or not op.operands:
        return None
    region = op.regions[0]
    if region.terminator and region.terminator != "shape.yield" and op.generic:
        return Problem("BC913", {"expected": "shape.yield", "found": region.terminator})
    initial = [u.type for u in op.operands[1:]]
    arguments = region.arguments
    if len(arguments) != len(initial) + 2:
        return Problem("BC1744", {"count": len(initial) + 2})
    if _unknown(arguments[0]) or _unknown(arguments[1]):
        return None
    if not _opaque(arguments[0], "index"):
        return Problem("BC1745")
    if _opaque(op.operands[0].type, SHAPE):
        if not _opaque(arguments[1], SIZE):
            return Problem("BC1746")
    elif not _opaque(arguments[1], "index"):
        return Problem("BC1747")
    for i, (argument, value) in enumerate(zip(arguments[2:], initial, strict=True)):
        if not _unknown(argument) and not _unknown(value) and _key(argument) != _key(value):
            return Problem("BC1748", {"argument": i + 2, "index": i})
    if region.terminator != "shape.yield":
        return None
    results = [u.type for u in op.results]
    if len(region.yields) != len(results):
        return Problem("BC1749", span=region.at)
    for yielded, result in zip(region.yields, results, strict=True):
        if not _unknown(yielded) and not _unknown(result) and _key(yielded) != _key(result):
            return Problem("BC1750", span=region.at)
    return None


def _not_terminator(name: str) -> bool:
    """Whether op ``name`` is known (from its ODS table) not to be a terminator."""
    from broadcheck.dialects import ods

    found = ods.traits(name) if name else None
    return found is not None and "IsTerminator" not in found


def _assuming(op: Operation) -> Problem | None:
    """``shape.assuming``: its block ends with ``shape.assuming_yield`` (the custom form's parser
    adds an empty one where it does not), whose operands pass to the results
    (``RegionBranchOpInterface``'s edge, reported at the op with a note at the yield)."""
    if len(op.regions) != 1:
        return None
    region = op.regions[0]
    yields: tuple[Type, ...] = region.yields
    notes: tuple[tuple[str, dict[str, object]], ...] = ()
    if region.terminator == "shape.assuming_yield":
        if region.at is not None:
            notes = (("mlir-region-branch-point", {"at": region.at}),)
    elif op.generic and region.terminator:
        return Problem("BC913", {"expected": "shape.assuming_yield", "found": region.terminator})
    elif op.generic or not _not_terminator(region.terminator):
        return NOT_JUDGED  # (not known whether its last op is a terminator: the parser adds a yield if not)
    else:
        yields = ()  # (the custom form's parser adds an empty shape.assuming_yield, located at the op)
        notes = (("mlir-region-branch-point", {"at": op.name_span}),)
    results = [u.type for u in op.results]
    head = "along control flow edge from Operation shape.assuming_yield to Operation shape.assuming: "
    if len(yields) != len(results):
        detail = f"region branch point has {len(yields)} operands, but region successor needs {len(results)} inputs"
        return Problem("BC028", {"detail": head + detail}, notes=notes)
    for i, (a, b) in enumerate(zip(yields, results, strict=True)):
        if not _unknown(a) and not _unknown(b) and _key(a) != _key(b):
            detail = f"successor operand type #{i} '{a}' should match successor input type #{i} '{b}'"
            return Problem("BC028", {"detail": head + detail}, notes=notes)
    return None


_CLASSES: dict[str, tuple[str, int, Callable[[Type], bool], bool]] = {
    "shape.dim": ("operand", 0, _shaped, False),
    "shape.from_extent_tensor": (
        "operand",
        0,
        lambda t: isinstance(t, ShapedType) and t.kind == "tensor" and t.shape is not None,
        True,
    ),
    "shape.to_extent_tensor": ("result", 0, lambda t: isinstance(t, ShapedType) and t.kind == "tensor", False),
    "shape.value_of": ("result", 0, _shaped, False),
}
"""The types a custom form's parser reads as one class of type (``type($x)`` of a constraint that
names a class: ``AnyShaped``, ``IndexTensor``, a ranked ``1DTensorOf``): which operand or result,
the class, and whether the message names it (``expected builtin.tensor``, a ranked tensor)."""


def _parsed_class(op: Operation) -> Problem | None:
    """The custom form's parser: a written type of another class than its position reads
    (``invalid kind of type specified``, at the type)."""
    found = _CLASSES.get(op.name)
    if found is None or op.generic:
        return None
    kind, index, accepts, named = found
    uses = op.operands if kind == "operand" else op.results
    if index >= len(uses) or _unknown(uses[index].type) or accepts(uses[index].type):
        return None
    detail = f": expected builtin.tensor, but found '{uses[index].type}'" if named else ""
    return Problem("BC1759", {"name": op.name, "detail": detail}, span=uses[index].span)


def check(op: Operation, profile: Profile) -> Problem | None:
    """An op of :data:`SPECS`: what its custom form's parser reads, its ODS constraints, its
    ``verify()``, its inferred type."""
    parsed = _parsed_class(op)
    if parsed is not None:
        return parsed
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
    if verifier == "operands" and not op.operands:
        return Problem("BC1740")
    if verifier == "two" and len(op.operands) < 2:
        return Problem("BC1741")
    if verifier == "meet":
        return _meet(op)
    if verifier == "maxmin" and len(op.operands) == 2 and len(op.results) == 1:
        # (inferReturnTypes: the operands' type if they agree, else a size; isCompatibleReturnTypes:
        # both shapes or both sizes)
        a, b = op.operands[0].type, op.operands[1].type
        agreed = a if _key(a) == _key(b) else OpaqueType(SIZE)
        got = op.results[0].type
        if not any(_opaque(agreed, t) and _opaque(got, t) for t in (SHAPE, SIZE)):
            return Problem("BC521", {"inferred": str(agreed), "actual": str(got)})
        return None
    if verifier == "reduce":
        return _reduce(op)
    if verifier == "assuming":
        return _assuming(op)
    if verifier in ("size", "shape") and op.results:
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


def _split(text: str) -> list[str]:
    """The top-level comma-separated parts of a type list (no parentheses)."""
    return split_top(text) if text.strip() else []


def _inputs(function_type: str) -> list[str] | None:
    """The input types of a function type's text (``(T, U) -> V``), or ``None``."""
    text = function_type.strip()
    if not text.startswith("("):
        return None
    depth = 0
    for i, c in enumerate(text):
        if c in "<([{":
            depth += 1
        elif c in ">)]}" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
            if depth == 0:
                return ["".join(t.split()) for t in _split(text[1:i])]
    return None


def function(op: Operation, profile: Profile) -> Problem | None:
    """``shape.func`` in the generic form: its entry block's arguments against its
    ``function_type`` (``FunctionOpInterface``; the custom form's parser makes them agree)."""
    attr = op.attribute("function_type")
    if not op.generic or attr is None or len(op.regions) != 1:
        return None
    inputs = _inputs(attr.text)
    region = op.regions[0]
    if inputs is None or (not region.arguments and not region.terminator):
        return None
    if len(region.arguments) != len(inputs):
        return Problem("BC1751", {"count": len(inputs)})
    for i, (argument, wanted) in enumerate(zip(region.arguments, inputs, strict=True)):
        if not _unknown(argument) and _key(argument) != wanted:
            return Problem("BC1752", {"index": i, "type": str(argument), "signature": wanted})
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


def value_of_form(statement: Statement) -> Reading:
    """``shape.value_of %v : tensor<?xf32>``: a ``!shape.value_shape`` in, the written type out."""
    sig = statement.signature
    result: list[TypeText | None] = [None] * statement.result_count
    if sig is not None and sig.kind == "list" and len(sig.inputs) == 1:
        result = [sig.inputs[0], None][: statement.result_count]
    return Reading([_implied(VALUE_SHAPE)] * len(statement.operands), result)


def assuming_form(statement: Statement) -> Reading:
    """``shape.assuming %w -> (T, U) {...}``: a witness in, the arrow's types out (its results, bound
    to names or not: the arrow says how many there are)."""
    sig = statement.signature
    outputs: list[TypeText | None] = list(sig.outputs) if sig is not None and sig.kind == "arrow" else []
    if statement.result_count and len(outputs) != statement.result_count:
        outputs = [None] * statement.result_count
    return Reading([_implied(WITNESS)] * len(statement.operands), outputs)


def reduce_form(statement: Statement) -> Reading:
    """``shape.reduce(%shape, %init) : S -> T {...}``: the shape is ``S``; the initial values and
    the results are the arrow's types (bound to names or not)."""
    sig = statement.signature
    if sig is None or sig.kind not in ("arrow", "list") or len(sig.inputs) != 1:
        return Reading([None] * len(statement.operands), [None] * statement.result_count)
    outputs: list[TypeText | None] = list(sig.outputs)
    if len(outputs) != len(statement.operands) - 1:
        return Reading([sig.inputs[0], *[None] * (len(statement.operands) - 1)], [None] * statement.result_count)
    count = statement.result_count
    results: list[TypeText | None] = outputs if len(outputs) == count or not count else [None] * len(outputs)
    if count and len(results) != count:
        results = [None] * statement.result_count
    return Reading([sig.inputs[0], *outputs], results)


def _implied(text: str) -> TypeText:
    return TypeText(text, 0, 0, text)


_FORMS: dict[str, Layout] = {
    "shape.assuming": custom(assuming_form),
    "shape.assuming_all": custom(_fixed((WITNESS,), (WITNESS,))),
    "shape.const_shape": custom(const_shape_form),
    "shape.const_size": custom(_fixed((), (SIZE,))),
    "shape.const_witness": custom(_fixed((), (WITNESS,))),
    "shape.cstr_broadcastable": custom(_fixed((), (WITNESS,))),
    "shape.cstr_eq": custom(_fixed((), (WITNESS,))),
    "shape.cstr_require": custom(_fixed(("i1",), (WITNESS,))),
    "shape.from_extent_tensor": custom(_fixed((), (SHAPE,))),
    "shape.from_extents": custom(_fixed((), (SHAPE,))),
    "shape.index_to_size": custom(_fixed(("index",), (SIZE,))),
    "shape.is_broadcastable": custom(_fixed((), ("i1",))),
    "shape.reduce": custom(reduce_form),
    "shape.shape_eq": custom(_fixed((), ("i1",))),
    "shape.size_to_index": custom(_fixed((), ("index",))),
    "shape.value_of": custom(value_of_form),
    "shape.with_shape": custom(_fixed((), (VALUE_SHAPE,))),
}
"""The custom forms that do not write a function type (the rest: ``: T, U -> V``)."""

OPS = ops(
    *(Op(name, _FORMS.get(name, FUNCTIONAL), check, "shape") for name in sorted(SPECS)),
    Op("shape.assuming_yield", OPERAND_LIST, by_parent, "shape"),
    Op("shape.yield", OPERAND_LIST, by_parent, "shape"),
    Op("shape.func", FUNCTIONAL, function, "shape", isolated=True),
    Op("shape.function_library", NONE, shapeless=True, summary="a symbol table of shape functions and a mapping"),
    Op("shape.return", OPERAND_LIST, shapeless=True, summary="returns from a shape.func: its types are not checked"),
)
