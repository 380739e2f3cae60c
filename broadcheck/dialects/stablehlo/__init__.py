"""StableHLO as in iree-base-compiler 3.13 (openxla/stablehlo StablehloOps.td,
TypeInference.cpp). The rules are in :mod:`broadcheck.semantics.stablehlo` and, for
``broadcast_in_dim``, :mod:`broadcheck.semantics.xla`."""

from __future__ import annotations

from broadcheck.dialects import parts
from broadcheck.dialects.assembly import exponent_mantissa
from broadcheck.dialects.op import (
    COMPLEX,
    FUNCTIONAL,
    OPERAND_LIST,
    PAIRED,
    PAIRS,
    RESULT,
    SAME,
    Assembly,
    Layout,
    Op,
    custom,
    family,
)

TYPE_CHECKING = False  # not typing's: a checking run imports no typing (syntax.named)
if TYPE_CHECKING:
    from collections.abc import Callable

    from broadcheck.dialects.op import Check

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


def _assembly(prefix: str, name: str) -> Assembly | None:
    """StableHLO's elementwise ops list their operands one by one (``$lhs, $rhs``) and take
    their types by ``custom<SameOperandsAndResultType>`` (checked with iree 3.13), but
    ``is_finite`` (``functional-type``), ``complex`` (``custom<ComplexOpType>``) and
    ``reduce_precision`` (``, format = e5m10``) and ``compare`` (its direction first); and
    MHLO's forms are its own."""
    if prefix != "stablehlo":
        return None
    if name == "compare":  # `$comparison_direction, $lhs, $rhs (, $compare_type)? : functional-type`
        return Assembly("functional", at_name=True, compare="stablehlo")
    count = 3 if name == "clamp" else 2 if name in BINARY else 1
    if name == "is_finite":
        return Assembly("functional", count)
    if name == "complex":
        return Assembly("complex", count)
    if name == "reduce_precision":
        return Assembly("same", count, keyword="format", value=exponent_mantissa)
    return Assembly("same", count)


def declare(prefix: str, semantics: str) -> list[Op]:
    """The elementwise family, ``select``, ``clamp`` and the broadcasts under ``prefix``
    (``stablehlo`` or ``mhlo``), checked by ``semantics``."""
    return [*elementwise(prefix, semantics), *broadcasts(prefix)]


def elementwise(prefix: str, semantics: str) -> list[Op]:
    """The elementwise family, ``select`` and ``clamp`` (a part of their own: ``OPS``)."""
    shaped = [
        Op(
            f"{prefix}.{name}",
            COMPLEX if name == "complex" else SAME,
            family(rules),
            rules,
            assembly=_assembly(prefix, name),
        )
        for name in (*UNARY, *BINARY, "clamp")
        for rules in [f"{semantics}-form" if name in FORM else semantics]
    ]
    return [
        *shaped,
        Op(
            f"{prefix}.select",
            SELECT,
            family(semantics),
            semantics,
            assembly=Assembly("select") if prefix == "stablehlo" else None,
        ),
    ]


def broadcasts(prefix: str) -> list[Op]:
    """``broadcast_in_dim`` and ``dynamic_broadcast_in_dim`` under ``prefix`` (XLA's rules)."""
    from broadcheck.dialects.stablehlo import dynamic

    return [
        Op(
            f"{prefix}.broadcast_in_dim",
            FUNCTIONAL,
            family("stablehlo-broadcast-in-dim"),
            "stablehlo-broadcast-in-dim",
            # `$operand, dims = [..] : functional-type(operands, results)`
            assembly=Assembly("functional", 1, keyword="dims", at_name=True) if prefix == "stablehlo" else None,
        ),
        Op(
            f"{prefix}.dynamic_broadcast_in_dim",
            FUNCTIONAL,
            dynamic.dynamic_broadcast_in_dim if prefix == "stablehlo" else family("stablehlo-dynamic-broadcast-in-dim"),
            "stablehlo-dynamic-broadcast-in-dim",
            constants=prefix == "stablehlo",  # (its output_dimensions' values: .dynamic)
            # `$operand, $output_dimensions, dims = [..] : functional-type(operands, results)`
            assembly=Assembly("functional", 2, keyword="dims", at_name=True) if prefix == "stablehlo" else None,
        ),
    ]


def structural(prefix: str) -> list[Op]:
    """The structural ops under ``prefix``, each with its check (the family modules). MHLO's
    mirrors (``mhlo``) are checked in their generic form with MHLO's attribute forms, where
    jaxlib's MHLO verifier words them as StableHLO does (``MHLO`` below); ``mhlo.broadcast``
    is the elementwise rules' (semantics/mhlo.py). StableHLO declares them in parts
    (:data:`STRUCTURAL`, in this order), each importing only its own family's modules."""
    return [op for part in STRUCTURAL for op in part(prefix)]


def _declared(prefix: str, checks: dict[str, tuple[Layout, Check, str]], forms: dict[str, Assembly]) -> list[Op]:
    """The ops of ``checks`` under ``prefix`` (MHLO's: those of :data:`MHLO`), with their custom
    forms' checks (MHLO's: ``reduce``'s alone, parsed by the same code)."""
    return [
        Op(
            f"{prefix}.{name}",
            layout,
            check,
            f"{prefix}-{family_}",
            literal="value" if name == "constant" else None,
            assembly=forms.get(name) if prefix == "stablehlo" or name == "reduce" else None,
            tokens=name == "custom_call",  # (its check judges tokens: .custom_call)
        )
        for name, (layout, check, family_) in checks.items()
        if prefix == "stablehlo" or name in MHLO
    ]


def data_ops(prefix: str) -> list[Op]:
    """``constant`` (:mod:`.constant`) and the data movement ops (:mod:`.data`)."""
    from broadcheck.dialects.stablehlo import constant, data

    checks = {
        "constant": (RESULT, constant.constant, "constant"),
        "iota": (RESULT, data.iota, "data"),
        "transpose": (FUNCTIONAL, data.transpose, "data"),
        "reshape": (FUNCTIONAL, data.reshape, "data"),
        # `stablehlo.reverse %a, dims = [0] : T` when operand and result types are equal
        "reverse": (SAME, data.reverse, "data"),
        "slice": (FUNCTIONAL, data.slice_, "data"),
        "concatenate": (FUNCTIONAL, data.concatenate, "data"),
        "dynamic_slice": (FUNCTIONAL, data.dynamic_slice, "data"),
        "dynamic_update_slice": (FUNCTIONAL, data.dynamic_update_slice, "data"),
        "pad": (FUNCTIONAL, data.pad, "data"),
        "broadcast": (FUNCTIONAL, data.broadcast, "data"),
        "get_dimension_size": (FUNCTIONAL, data.get_dimension_size, "data"),
    }
    # `$operand, dims = [..] : functional-type(operands, results)` and `... : custom<SameOperandsAndResultType>`;
    # `custom<VariadicOperandWithAttribute>($inputs) dim = N`
    forms = {
        "transpose": Assembly("functional", 1, keyword="dims", at_name=True),
        "reverse": Assembly("same", 1, keyword="dims"),
        # `$operand, $padding_value, low = [..], high = [..], interior = [..] : functional-type(...)`: its first keyword
        "pad": Assembly("functional", 2, keyword="low", at_name=True),
        "concatenate": Assembly("functional", form=data.concatenate_form),
    }
    return _declared(prefix, checks, forms)


def contract_ops(prefix: str) -> list[Op]:
    """``dot_general`` and ``dot`` (:mod:`.contract`)."""
    from broadcheck.dialects.stablehlo import contract

    checks = {
        "dot_general": (FUNCTIONAL, contract.dot_general, "contract"),
        "dot": (FUNCTIONAL, contract.dot, "contract"),
    }
    # `$lhs, $rhs custom<PrecisionConfig>(..)`; dot_general's with its dimension numbers between
    forms = {
        "dot": Assembly("functional", 2, form=contract.dot_form),
        "dot_general": Assembly("functional", 2, form=contract.dot_general_form),
    }
    return _declared(prefix, checks, forms)


def convolution_ops(prefix: str) -> list[Op]:
    """``convolution`` (:mod:`.convolution`)."""
    from broadcheck.dialects.stablehlo import convolution

    return _declared(prefix, {"convolution": (FUNCTIONAL, convolution.convolution, "convolution")}, {})


def gather_ops(prefix: str) -> list[Op]:
    """``gather`` (:mod:`.gather`)."""
    from broadcheck.dialects.stablehlo import gather

    return _declared(prefix, {"gather": (FUNCTIONAL, gather.gather, "gather")}, {})


def scatter_ops(prefix: str) -> list[Op]:
    """``scatter`` (:mod:`.scatter`)."""
    from broadcheck.dialects.stablehlo import scatter

    return _declared(prefix, {"scatter": (FUNCTIONAL, scatter.scatter, "gather")}, {})


def reduce_ops(prefix: str) -> list[Op]:
    """``reduce`` (:mod:`.reduce`)."""
    from broadcheck.dialects.stablehlo import reduce

    checks = {"reduce": (PAIRS, reduce.reduce, "reduce")}
    return _declared(prefix, checks, {"reduce": Assembly("form", form=reduce.reduce_form)})


def custom_call_ops(prefix: str) -> list[Op]:
    """``custom_call`` (:mod:`.custom_call`)."""
    from broadcheck.dialects.stablehlo import custom_call

    # `"stablehlo.custom_call"(..) {call_target_name = "f"}` or `stablehlo.custom_call @f(..)`
    checks = {"custom_call": (FUNCTIONAL, custom_call.custom_call, "custom-call")}
    return _declared(prefix, checks, {"custom_call": Assembly("form", form=custom_call.custom_call_form)})


def fft_ops(prefix: str) -> list[Op]:
    """``fft`` (:mod:`.fft`)."""
    from broadcheck.dialects.stablehlo import fft

    return _declared(prefix, {"fft": (FUNCTIONAL, fft.fft, "fft")}, {})


def bitcast_ops(prefix: str) -> list[Op]:
    """``bitcast_convert`` (:mod:`.bitcast`)."""
    from broadcheck.dialects.stablehlo import bitcast

    return _declared(prefix, {"bitcast_convert": (FUNCTIONAL, bitcast.bitcast_convert, "bitcast")}, {})


def io_ops(prefix: str) -> list[Op]:
    """The I/O ops (:mod:`.io`): known for their custom form, ``operands : custom<PairwiseOpType>``
    (a type list, each operand's and each result's)."""
    from broadcheck.dialects.stablehlo import io

    return [
        *io.declare(prefix),
        Op(
            f"{prefix}.optimization_barrier",
            PAIRED,
            io.optimization_barrier,
            f"{prefix}-io",
            assembly=Assembly("pairwise"),
            tokens=True,
        ),
    ]


def tuple_ops(prefix: str) -> list[Op]:
    """``tuple``'s ``$val : custom<TupleOpType>`` (one tuple type) and ``get_tuple_element``, checked
    by their type inference (:mod:`.tuple`)."""
    from broadcheck.dialects.stablehlo import tuple as tuple_

    return [
        Op(
            f"{prefix}.tuple",
            custom(tuple_.tuple_form) if prefix == "stablehlo" else FUNCTIONAL,
            tuple_.tuple_,
            f"{prefix}-tuple",
            assembly=Assembly("tuple"),
            tokens=True,
        ),
        Op(f"{prefix}.get_tuple_element", FUNCTIONAL, tuple_.get_tuple_element, f"{prefix}-tuple", tokens=True),
    ]


def collective_ops(prefix: str) -> list[Op]:
    """coll: all_reduce, reduce_scatter, all_gather, all_to_all, collective_permute/broadcast,
    select_and_scatter (:mod:`.collective_ops`)."""
    from broadcheck.dialects.stablehlo.collective_ops import declare

    return declare(prefix)


def legacy_ops(prefix: str) -> list[Op]:
    """hlo: the ops on their way out of StableHLO, and MHLO's own small ops (:mod:`.legacy`)."""
    from broadcheck.dialects.stablehlo import legacy

    return legacy.declare(prefix)


def control(prefix: str) -> list[Op]:
    """``while``, ``case``, ``if``, ``reduce_window``, ``sort``, ``map`` and the ``return`` of their regions
    (:mod:`.regions`) under ``prefix``: jaxlib 0.10.2's MHLO verifies them with the shared
    ``hlo::verify*`` and ``hlo::infer*`` functions, in StableHLO's words (tests/oracle/test_hlo_mhlo.py).
    ``return`` is judged by the op whose region it ends."""
    from broadcheck.dialects.stablehlo import regions
    from broadcheck.dialects.terminators import by_parent

    family_ = f"{prefix}-regions"
    return [
        Op(f"{prefix}.return", OPERAND_LIST, by_parent, family_),
        Op(
            f"{prefix}.while",
            PAIRED,
            regions.while_,
            family_,
            region_arguments="all",
            assembly=Assembly("form", form=regions.while_form),
        ),
        Op(f"{prefix}.case", FUNCTIONAL, regions.case, family_),
        Op(f"{prefix}.if", FUNCTIONAL, regions.case, family_),
        Op(f"{prefix}.reduce_window", FUNCTIONAL, regions.reduce_window, family_),
        Op(f"{prefix}.sort", FUNCTIONAL, regions.sort, family_),
        Op(f"{prefix}.map", FUNCTIONAL, regions.map_, family_),
    ]


# dyn:
def shape_ops(prefix: str) -> list[Op]:
    """The dynamic-shape ops under ``prefix``, whose checks read their constant shape operands
    (``constants=True``): ``dynamic_iota``, ``dynamic_reshape``, ``set_dimension_size``,
    ``dynamic_pad``, ``real_dynamic_slice`` (:mod:`.dynamic`), ``dynamic_gather`` (:mod:`.gather`) and
    ``dynamic_conv`` (:mod:`.convolution`); their custom forms write ``functional-type``. MHLO's
    generic forms share their verifiers (``hlo::verify*``, checked with jaxlib 0.10.2), but for
    ``dynamic_conv``; and MHLO's ``convolution`` is declared here (StableHLO's check, MHLO's steps).
    With them the batch norm ops (:mod:`.norm`), ``triangular_solve`` and ``cholesky`` (:mod:`.solve`),
    whose type inference MHLO shares too (:func:`norm_ops`, a part of its own)."""
    return [*dynamic_ops(prefix), *norm_ops(prefix)]


def dynamic_ops(prefix: str) -> list[Op]:
    """:func:`shape_ops`' dynamic-shape ops."""
    from broadcheck.dialects.stablehlo import convolution, dynamic, gather

    checks = {
        "dynamic_iota": dynamic.dynamic_iota,
        "dynamic_reshape": dynamic.dynamic_reshape,
        "set_dimension_size": dynamic.set_dimension_size,
        "dynamic_pad": dynamic.dynamic_pad,
        "real_dynamic_slice": dynamic.real_dynamic_slice,
        "rng": dynamic.rng,
        "dynamic_gather": gather.dynamic_gather,
        "dynamic_conv": convolution.dynamic_conv,
    }
    if prefix != "stablehlo":
        # (MHLO: dynamic_conv has a verifier of its own, dynamic_iota none)
        del checks["dynamic_conv"], checks["dynamic_iota"]
    # `$output_shape, dim = $iota_dimension : functional-type(operands, results)`
    # `$a, $b, $shape, distribution = $rng_distribution : functional-type(operands, results)`
    forms = (
        {
            "dynamic_iota": Assembly("functional", 1, keyword="dim", at_name=True),
            "rng": Assembly("functional", 3, keyword="distribution", at_name=True),
        }
        if prefix == "stablehlo"
        else {}
    )
    return [
        Op(f"{prefix}.{name}", FUNCTIONAL, check, f"{prefix}-dynamic", constants=True, assembly=forms.get(name))
        for name, check in checks.items()
    ]


def norm_ops(prefix: str) -> list[Op]:
    """:func:`shape_ops`' batch norm ops, ``triangular_solve`` and ``cholesky`` (and MHLO's ``convolution``)."""
    from broadcheck.dialects.stablehlo import norm, solve

    out = [Op(f"{prefix}.{name}", FUNCTIONAL, norm.batch_norm, f"{prefix}-norm") for name in norm.FORMS]
    # (`cholesky %a, lower = true : T`: one type for both)
    out.append(Op(f"{prefix}.triangular_solve", FUNCTIONAL, solve.triangular_solve, f"{prefix}-solve"))
    out.append(Op(f"{prefix}.cholesky", SAME, solve.cholesky, f"{prefix}-solve"))
    if prefix != "stablehlo":  # MHLO's convolution: StableHLO's check, with MHLO's own steps (P1, P4)
        from broadcheck.dialects.stablehlo import convolution

        out.append(Op(f"{prefix}.convolution", FUNCTIONAL, convolution.convolution, f"{prefix}-convolution"))
    return out


MHLO = frozenset(
    "constant iota transpose reshape reverse slice concatenate dynamic_slice dynamic_update_slice pad "
    "get_dimension_size dot_general dot gather scatter reduce custom_call fft bitcast_convert".split()
)
"""The structural ops whose MHLO mirror follows StableHLO's checks, with MHLO's own rules where
jaxlib 0.10.2 differs (reverse's compatible types, slice's attribute types, pad's lengths,
transpose's permutation, get_dimension_size's unranked result, gather's element types: MHLO has
no ``AllElementTypesMatch``; checked with tests/oracle/test_hlo_mhlo.py). MHLO's ``dot`` is
StableHLO's ``hlo::verifyDotOp`` in its generic form (its custom form is passed over); MHLO's
``convolution`` differs in more and is declared apart (``shape_ops``)."""


STRUCTURAL: tuple[Callable[[str], list[Op]], ...] = (
    data_ops,
    contract_ops,
    convolution_ops,
    gather_ops,
    scatter_ops,
    reduce_ops,
    custom_call_ops,
    fft_ops,
    bitcast_ops,
    control,
    io_ops,
    tuple_ops,
    collective_ops,
    dynamic_ops,
    norm_ops,
    legacy_ops,
)
"""The structural ops' parts, in :func:`structural`'s order: a JAX export of ``constant``, ``reshape``,
``dot_general`` and ``reduce`` does not import the modules of the collectives, the I/O ops, the dynamic
shapes, ``fft`` or the legacy ops."""


def _part(builder: Callable[[str], list[Op]]) -> Callable[[], list[Op]]:
    return lambda: builder("stablehlo")


OPS = parts(  # (make index)
    lambda: elementwise("stablehlo", "stablehlo"),
    lambda: broadcasts("stablehlo"),
    *map(_part, STRUCTURAL),
)
