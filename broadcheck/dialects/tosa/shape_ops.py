"""``tosa.identity``, and TOSA's shape arithmetic (``tosa.add_shape``, ``sub_shape``, ``mul_shape``,
``div_floor_shape``, ``div_ceil_shape``, ``mod_shape``, ``min_shape``, ``max_shape``; the unary ``exp2_shape``,
``log2_floor_shape``, ``log2_ceil_shape``) on ``!tosa.shape<N>`` values, as iree-base-compiler 3.13
verifies them: the operand and result counts, the ODS types (``Shape with static rank and Index element
type``), the operands' ranks, then the result's rank against theirs.

Its last check, that each operand is "compile time resolvable" (made by ``tosa.const_shape`` or by
shape ops on such), is not judged: broadcheck does not follow a value back through the ops that made it.
"""

from __future__ import annotations

from broadcheck.dialects.tosa.structural import ANY, SHAPE, _count, _shape_rank, _types
from broadcheck.ops import Operation
from broadcheck.semantics import Problem, Profile, Subject

BINARY = "add sub mul div_floor div_ceil mod min max".split()
UNARY = "exp2 log2_floor log2_ceil".split()


def check_shape_arithmetic(op: Operation, profile: Profile) -> Problem | None:
    """A shape op's counts, types, then ``operands don't have matching ranks`` (BC201) and ``result
    shape has different rank than operands`` (BC1511)."""
    binary = op.name[5:].removesuffix("_shape") in BINARY
    problem = _count(op, 2 if binary else 1) or _types(op, [SHAPE] * len(op.operands), [SHAPE])
    if problem:
        return problem
    ranks = [_shape_rank(u.type) for u in op.operands]
    out = _shape_rank(op.results[0].type)
    if None in ranks or out is None:
        return None
    if len(set(ranks)) > 1:
        return Problem("BC201", subject=Subject("operand", 1))
    if out != ranks[0]:
        return Problem("BC1511", subject=Subject("result", 0))
    return None


def check_identity(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.identity``: one operand and one result, each a tosa-conformant tensor of number values (its
    ODS); iree 3.13 relates their types no further (``(tensor<2x3xf32>) -> tensor<2x4xf16>`` verifies)."""
    return _count(op, 1) or _types(op, [ANY], [ANY])
