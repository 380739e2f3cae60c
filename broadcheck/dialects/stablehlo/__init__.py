"""StableHLO as in iree-base-compiler 3.13 (openxla/stablehlo StablehloOps.td,
TypeInference.cpp). The rules are in :mod:`broadcheck.semantics.stablehlo` and, for
``broadcast_in_dim``, :mod:`broadcheck.semantics.xla`."""

from broadcheck.dialects.op import (
    COMPLEX,
    FUNCTIONAL,
    OPERAND_LIST,
    PAIRED,
    PAIRS,
    RESULT,
    SAME,
    Layout,
    Op,
    family,
    ops,
)

UNARY = (
    "abs cbrt ceil convert count_leading_zeros cosine exponential exponential_minus_one floor imag is_finite log "
    "log_plus_one logistic negate not popcnt real reduce_precision round_nearest_afz round_nearest_even rsqrt sign "
    "sine sqrt tan tanh"
).split()
BINARY = (
    "add and atan2 compare complex divide maximum minimum multiply or power remainder shift_left "
    "shift_right_arithmetic shift_right_logical subtract xor"
).split()
# Their verdict depends on their form or attributes too.
FORM = frozenset({"compare", "complex", "reduce_precision"})
# `stablehlo.select %p, %a, %b : T, U`: the predicate's type, then the others'.
SELECT = Layout("list", operands=(0, 1, 1), results=(1,))


def declare(prefix: str, semantics: str) -> list[Op]:
    """The elementwise family, ``select``, ``clamp`` and the broadcasts under ``prefix``
    (``stablehlo`` or ``mhlo``), checked by ``semantics``."""
    shaped = [
        Op(
            f"{prefix}.{name}",
            COMPLEX if name == "complex" else SAME,
            family(f"{semantics}-form" if name in FORM else semantics),
            semantics,
        )
        for name in (*UNARY, *BINARY, "clamp")
    ]
    return [
        *shaped,
        Op(f"{prefix}.select", SELECT, family(semantics), semantics),
        Op(
            f"{prefix}.broadcast_in_dim", FUNCTIONAL, family("stablehlo-broadcast-in-dim"), "stablehlo-broadcast-in-dim"
        ),
        Op(
            f"{prefix}.dynamic_broadcast_in_dim",
            FUNCTIONAL,
            family("stablehlo-dynamic-broadcast-in-dim"),
            "stablehlo-dynamic-broadcast-in-dim",
        ),
    ]


def forms(prefix: str) -> list[Op]:
    """The structural ops whose printed form value flow must know, not checked (MHLO's, until
    its verifier is followed)."""
    return [
        Op(f"{prefix}.constant", RESULT, literal="value"),
        Op(f"{prefix}.iota", RESULT),
        Op(f"{prefix}.return", OPERAND_LIST),
        Op(f"{prefix}.while", PAIRED, region_arguments="all"),
        Op(f"{prefix}.reduce", PAIRS),
        Op(f"{prefix}.optimization_barrier", PAIRED),
    ]


def _structural() -> list[Op]:
    """StableHLO's structural ops, each with its check (the family modules)."""
    from broadcheck.dialects.stablehlo import constant, contract, convolution, data, gather, reduce, scatter

    return [
        Op("stablehlo.constant", RESULT, constant.constant, "stablehlo-constant", literal="value"),
        Op("stablehlo.iota", RESULT, data.iota, "stablehlo-data"),
        Op("stablehlo.transpose", FUNCTIONAL, data.transpose, "stablehlo-data"),
        Op("stablehlo.reshape", FUNCTIONAL, data.reshape, "stablehlo-data"),
        # `stablehlo.reverse %a, dims = [0] : T` when operand and result types are equal
        Op("stablehlo.reverse", SAME, data.reverse, "stablehlo-data"),
        Op("stablehlo.slice", FUNCTIONAL, data.slice_, "stablehlo-data"),
        Op("stablehlo.concatenate", FUNCTIONAL, data.concatenate, "stablehlo-data"),
        Op("stablehlo.dynamic_slice", FUNCTIONAL, data.dynamic_slice, "stablehlo-data"),
        Op("stablehlo.dynamic_update_slice", FUNCTIONAL, data.dynamic_update_slice, "stablehlo-data"),
        Op("stablehlo.pad", FUNCTIONAL, data.pad, "stablehlo-data"),
        Op("stablehlo.broadcast", FUNCTIONAL, data.broadcast, "stablehlo-data"),
        Op("stablehlo.get_dimension_size", FUNCTIONAL, data.get_dimension_size, "stablehlo-data"),
        Op("stablehlo.dot_general", FUNCTIONAL, contract.dot_general, "stablehlo-contract"),
        Op("stablehlo.dot", FUNCTIONAL, contract.dot, "stablehlo-contract"),
        Op("stablehlo.convolution", FUNCTIONAL, convolution.convolution, "stablehlo-convolution"),
        Op("stablehlo.gather", FUNCTIONAL, gather.gather, "stablehlo-gather"),
        Op("stablehlo.scatter", FUNCTIONAL, scatter.scatter, "stablehlo-gather"),
        Op("stablehlo.return", OPERAND_LIST),
        Op("stablehlo.while", PAIRED, region_arguments="all"),
        Op("stablehlo.reduce", PAIRS, reduce.reduce, "stablehlo-reduce"),
        Op("stablehlo.optimization_barrier", PAIRED),
    ]


OPS = ops(declare("stablehlo", "stablehlo"), _structural())
