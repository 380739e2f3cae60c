"""The type rules of TOSA's elementwise ops, ``tosa.rescale`` and ``tosa.apply_scale``, generated: each op's
operand and result constraints and its traits come from ``td.py`` (TOSA's ``.td`` files and the delta for
iree 3.13, :mod:`.generate`), turned into :mod:`broadcheck.semantics.tosa`'s constraints and checks in the
order MLIR verifies them (the ODS constraints, then the traits in the op's order, then its C++ ``verify()``).

Hand-written here: what each constraint prints and accepts at iree 3.13 (:data:`CONSTRAINTS`; its words are
iree 3.13's, which the ``.td`` at 029c4da2eb44 does not always share), which check each trait is
(:data:`TRAITS`), and the type rules of each op's C++ ``verify()`` (:data:`VERIFY`). A trait the table
gives that is neither checked nor known to relate no types stops the table from being built (a test holds it).
"""

from __future__ import annotations

from functools import cache

from broadcheck.dialects.tosa.table import td_ops
from broadcheck.semantics import tosa as t

CONSTRAINTS: dict[str, t.Constraint] = {
    "Tosa_Tensor": t.NUMBER,
    "Tosa_I1Tensor": t.BOOL,
    "Tosa_FloatTensor": t.FLOAT,
    "Tosa_Int32Or64Tensor": t.INT32_OR_64,
    "Tosa_ScalarInt8Tensor": t.SCALAR_INT8,
    "Tosa_ScalarIntOrFloatTensor": t.SCALAR_INT_OR_FLOAT,
    "Tosa_TensorAtLeast1D": t.AT_LEAST_1D,
    "Tosa_Tensor1D": t.TENSOR_1D,
    "Tosa_Tensor3D": t.TENSOR_3D,
    "Tosa_1DInt16Or32Tensor": t.INT16_OR_32_1D,
    "Tosa_1DInt8Tensor": t.INT8_1D,
    "Tosa_IntLike": t.INT_LIKE,
    "Tosa_Int8Like": t.INT8_LIKE,
}
"""Each ODS type constraint (``TosaTypesBase.td``) of these ops: its words and rule at iree 3.13."""

TRAITS: dict[str, t.Check] = {
    "SameOperandsAndResultElementType": t.same_element_types,
    "SameOperandsElementType": t.same_operand_element_types,
    "ResultsBroadcastableShape": t.broadcastable,
    "SameOperandsAndResultRank": t.same_operands_and_result_rank,
    "SameOperandsAndResultShape": t.same_operands_and_result_shape,
    "ResultsAreFloatLike": t.results_float,
    "ElementwiseMappable.traits": t.elementwise_mappable,
}
"""Each trait that relates operand and result types, and its check."""

UNTYPED = frozenset(
    {
        "Commutative",
        "Pure",
        "NoMemoryEffect",
        "TosaOpInterface",
        "TosaResolvableShapeOperands",
        # (a TOSA-level marker: its broadcasting is ResultsBroadcastableShape's and the ops' own verify())
        "TosaElementwiseOperator",
        # the inferred-type checks: iree 3.13 speaks first with the checks above in every case the
        # campaigns drew (tests/oracle/test_tosa_ops.py); negate's, table's and fft2d's are in VERIFY
        "InferTensorType",
        "InferShapedTypeOpAdaptor",
    }
)
"""The traits that relate no operand or result types (besides ``DeclareOpInterfaceMethods<...>``)."""

VERIFY: dict[str, tuple[t.Check, ...]] = {
    "tosa.mul": (t.mul_checks,),
    "tosa.negate": (t.negate_checks,),
    "tosa.select": (t.select_element_types,),
    "tosa.table": (t.table_shape,),
    "tosa.fft2d": (t.fft_sizes,),
}
"""The type rules of an op's C++ ``verify()``, after its traits (``tosa.rescale``'s read its attributes:
:func:`broadcheck.semantics.tosa.rescale_checks`; ``tosa.cast``'s and ``tosa.clamp``'s relate no types)."""

NAMES = frozenset(
    f"tosa.{name}"
    for name in (
        "add sub maximum minimum pow intdiv arithmetic_right_shift bitwise_and bitwise_or bitwise_xor "
        "logical_and logical_or logical_xor logical_left_shift logical_right_shift equal greater greater_equal "
        "select abs bitwise_not ceil clz cos sin erf exp floor log logical_not reciprocal rsqrt sigmoid tanh clamp "
        "mul negate cast table fft2d reverse apply_scale rescale"
    ).split()
)
"""The ops whose rules this module builds (the others' are in ``structural.py``, ``block_scaled.py``, ...)."""


def checks_of(traits: list[str]) -> tuple[t.Check, ...]:
    """The checks of an op's traits, in its order; a trait not known here is an error."""
    found = []
    for trait in traits:
        if trait in TRAITS:
            found.append(TRAITS[trait])
        elif trait not in UNTYPED and not trait.startswith("DeclareOpInterfaceMethods<"):
            raise ValueError(f"a TOSA trait broadcheck does not know: {trait}")
    return tuple(found)


@cache
def specs() -> dict[str, t.Spec]:
    """Each op of :data:`NAMES` and its rules, from ``td.py``."""
    return {name: _built(name) for name in sorted(NAMES)}


@cache
def _built(name: str) -> t.Spec:
    """The rules of op ``name`` of :data:`NAMES`, built when first asked (a clean one-op file builds one
    op's, not the 40: 1% of its run)."""
    op = td_ops()[name]
    operands = tuple(CONSTRAINTS[constraint] for _, constraint, _ in op["operands"])
    results = tuple(CONSTRAINTS[constraint] for _, constraint, _ in op["results"])
    return t.Spec(operands, results, checks_of(op["traits"]) + VERIFY.get(name, ()))


def spec(name: str) -> t.Spec | None:
    """Op ``name``'s rules, or ``None`` for an op this module does not build (``td.py`` is read only then)."""
    return _built(name) if name in NAMES else None


t.provide_specs(spec)
