"""CHLO as in iree-base-compiler 3.13 (openxla/stablehlo ChloOps.td, ChloOps.cpp): the
broadcasting binary ops, checked with XLA's rules (:mod:`broadcheck.semantics.xla`), and
the elementwise ops without broadcasting (:mod:`.elementwise`), ``chlo.top_k`` (:mod:`.top_k`),
``chlo.constant`` and ``constant_like`` (:mod:`.constant`), ``chlo.ragged_dot``
(:func:`broadcheck.dialects.stablehlo.contract.ragged_dot`, MHLO's too)."""

from broadcheck.dialects import parts
from broadcheck.dialects.op import FUNCTIONAL, RESULT, Assembly, Op, custom, family

BINARY = (
    "add and atan2 compare complex divide maximum minimum multiply next_after or polygamma power remainder "
    "shift_left shift_right_arithmetic shift_right_logical subtract xor zeta"
).split()


def _broadcasting() -> list[Op]:
    """The broadcasting binary ops and ``broadcast_select`` (XLA's rules)."""
    return [
        *(
            Op(f"chlo.broadcast_{name}", FUNCTIONAL, family("xla"), "xla", assembly=Assembly("parens", 2))
            for name in BINARY
        ),
        Op("chlo.broadcast_select", FUNCTIONAL, family("chlo-select"), "chlo-select", assembly=Assembly("parens", 3)),
    ]


def _elementwise() -> list[Op]:
    """The elementwise ops without broadcasting (:mod:`.elementwise`)."""
    from broadcheck.dialects.chlo import elementwise

    return [
        Op(f"chlo.{name}", FUNCTIONAL, elementwise.check, "chlo-elementwise")
        for name in (*elementwise.UNARY, *elementwise.BINARY)
    ]


def _top_k() -> Op:
    from broadcheck.dialects.chlo import top_k

    return Op("chlo.top_k", custom(top_k.read), top_k.top_k, "chlo-top-k")


def _constants() -> list[Op]:
    """``chlo.constant`` (StableHLO's check) and ``constant_like`` (:mod:`.constant`)."""
    from broadcheck.dialects.chlo import constant
    from broadcheck.dialects.stablehlo.constant import constant as literal

    return [
        Op("chlo.constant", RESULT, literal, "chlo-constant", literal="value"),
        Op("chlo.constant_like", FUNCTIONAL, constant.constant_like, "chlo-constant"),
    ]


def _ragged_dot() -> Op:
    from broadcheck.dialects.stablehlo import contract

    return Op("chlo.ragged_dot", FUNCTIONAL, contract.ragged_dot, "chlo-ragged-dot")


def _scan() -> Op:
    from broadcheck.dialects.chlo import scan

    return Op("chlo.scan", custom(scan.read), scan.scan, "chlo-scan", isolated=True)


OPS = parts(_broadcasting, _elementwise, _top_k, _constants, _ragged_dot, _scan)  # (make index)
