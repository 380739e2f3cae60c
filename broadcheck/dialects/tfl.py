"""TensorFlow Lite's ``tfl`` dialect as TensorFlow 2.21 has it: every op with
ResultsBroadcastableShape in tfl_ops.td (rules: :mod:`broadcheck.semantics.tf`)."""

from broadcheck.dialects.op import FUNCTIONAL, SAME, Op, family, ops

BROADCASTING = (
    "add sub mul div prelu maximum minimum less greater greater_equal less_equal equal not_equal pow logical_and "
    "logical_or floor_div floor_mod squared_difference select_v2 bitwise_xor"
).split()
# The ops whose custom form may give every operand and the result one type (`tfl.add %a, %b : T`).
_SAME = frozenset("add sub mul div maximum minimum pow squared_difference floor_div floor_mod".split())
_UNARY = (
    "abs exp log neg sqrt rsqrt tanh logistic sin cos floor ceil round sign square relu relu6 relu_n1_to_1 "
    "leaky_relu hard_swish elu"
).split()

OPS = ops(
    [Op(f"tfl.{name}", SAME if name in _SAME else FUNCTIONAL, family("tfl"), "tfl") for name in BROADCASTING],
    [Op(f"tfl.{name}", SAME) for name in _UNARY],
    Op("tfl.pseudo_const", FUNCTIONAL, literal="value"),
)
