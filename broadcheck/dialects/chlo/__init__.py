"""CHLO as in iree-base-compiler 3.13 (openxla/stablehlo ChloOps.td, ChloOps.cpp): the
broadcasting binary ops, checked with XLA's rules (:mod:`broadcheck.semantics.xla`), and
the elementwise ops without broadcasting (:mod:`.elementwise`), ``chlo.top_k`` (:mod:`.top_k`),
``chlo.constant`` and ``constant_like`` (:mod:`.constant`), ``chlo.ragged_dot``
(:func:`broadcheck.dialects.stablehlo.contract.ragged_dot`, MHLO's too)."""

from broadcheck.dialects.chlo import constant, elementwise, scan, top_k
from broadcheck.dialects.op import FUNCTIONAL, RESULT, Assembly, Op, custom, family, ops
from broadcheck.dialects.stablehlo import contract
from broadcheck.dialects.stablehlo.constant import constant as literal

BINARY = (
    "add and atan2 compare complex divide maximum minimum multiply next_after or polygamma power remainder "
    "shift_left shift_right_arithmetic shift_right_logical subtract xor zeta"
).split()

OPS = ops(
    # `$lhs, $rhs attr-dict : ( type($lhs) , type($rhs) ) -> type(results)`
    [Op(f"chlo.broadcast_{name}", FUNCTIONAL, family("xla"), "xla", assembly=Assembly("parens", 2)) for name in BINARY],
    Op("chlo.broadcast_select", FUNCTIONAL, family("chlo-select"), "chlo-select", assembly=Assembly("parens", 3)),
    # `chlo.square %x : T -> U`, `chlo.zeta %x, %q : T, U -> V`: the types map to the operands in order
    [
        Op(f"chlo.{name}", FUNCTIONAL, elementwise.check, "chlo-elementwise")
        for name in (*elementwise.UNARY, *elementwise.BINARY)
    ],
    # `chlo.top_k(%x, k = 4) : T -> (V, I)`
    Op("chlo.top_k", custom(top_k.read), top_k.top_k, "chlo-top-k"),
    # `chlo.constant dense<...> : T`: stablehlo.constant's form and steps
    Op("chlo.constant", RESULT, literal, "chlo-constant", literal="value"),
    Op("chlo.constant_like", FUNCTIONAL, constant.constant_like, "chlo-constant"),
    # generic form only: `"chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {ragged_dot_dimension_numbers = ...}`
    Op("chlo.ragged_dot", FUNCTIONAL, contract.ragged_dot, "chlo-ragged-dot"),
    # `"chlo.scan"(%x, %c) <{...}> ({...}) : (T, U) -> (V, W)` and its custom form (.scan)
    Op("chlo.scan", custom(scan.read), scan.scan, "chlo-scan", isolated=True),
)
