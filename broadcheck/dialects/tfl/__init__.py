"""TensorFlow Lite's ``tfl`` dialect as TensorFlow 2.21 has it.

* The ops with ResultsBroadcastableShape (``tfl.add``, ``tfl.less``, ``tfl.select_v2``,
  ...): :mod:`broadcheck.semantics.tf`.
* The shape ops (``broadcast_to``, ``reshape``, ``transpose``, ``split_v``, ``conv_2d``,
  ...): :mod:`broadcheck.dialects.tfl.data` and :mod:`broadcheck.dialects.tfl.nn`, with
  what only the TFLite kernels check as warnings (:mod:`broadcheck.dialects.tfl.kernels`).

Only the binary ops have a custom form (``tfl.add %a, %b {...} : T``); the shape ops
print in the generic form, their attributes as properties (``<{axis = 0 : i32}>``) in
TensorFlow 2.21, as a dictionary in older files. ``tfl.pseudo_const`` defines the
constants their checks read (``tfl.transpose``'s permutation, ``tfl.split``'s axis).

Declared in parts (:func:`broadcheck.dialects.parts`, ``make index``): a file builds the parts of
the ``tfl`` ops it uses, with the modules they import (a file of ``tfl.add``, ``tfl.conv_2d`` and
``tfl.pseudo_const`` never imports :mod:`.unary`, :mod:`.traits` nor :mod:`.regions`).
"""

from broadcheck.dialects import parts
from broadcheck.dialects.op import FUNCTIONAL, NONE, SAME, Op, custom, family

BROADCASTING = (
    "add sub mul div prelu maximum minimum less greater greater_equal less_equal equal not_equal pow logical_and "
    "logical_or floor_div floor_mod squared_difference select_v2 bitwise_xor"
).split()
# The ops whose custom form may give every operand and the result one type (`tfl.add %a, %b : T`).
_SAME = frozenset(
    "add sub mul div maximum minimum pow squared_difference floor_div floor_mod logical_and logical_or".split()
)


def _shape_ops() -> list[Op]:
    from broadcheck.dialects.tfl import data, nn

    def op(name: str, check: object, semantics: str, constants: bool = False) -> Op:
        return Op(f"tfl.{name}", FUNCTIONAL, check, semantics, constants=constants)  # type: ignore[arg-type]

    return [
        op("broadcast_to", data.broadcast_to, "tfl-data", constants=True),
        op("broadcast_args", data.broadcast_args, "tfl-data", constants=True),
        op("reshape", data.reshape, "tfl-data", constants=True),
        op("transpose", data.transpose, "tfl-data", constants=True),
        op("concatenation", data.concatenation, "tfl-data"),
        op("pack", data.pack, "tfl-data"),
        op("unpack", data.unpack, "tfl-data"),
        op("split", data.split, "tfl-data", constants=True),
        op("split_v", data.split_v, "tfl-data", constants=True),
        op("slice", data.slice_, "tfl-data", constants=True),
        op("strided_slice", data.strided_slice, "tfl-data", constants=True),
        op("squeeze", data.squeeze, "tfl-data"),
        op("expand_dims", data.expand_dims, "tfl-data", constants=True),
        op("tile", data.tile, "tfl-data", constants=True),
        op("pad", data.pad, "tfl-data", constants=True),
        op("padv2", data.padv2, "tfl-data", constants=True),
        op("gather", data.gather, "tfl-data"),
        op("gather_nd", data.gather_nd, "tfl-data"),
        op("fill", data.fill, "tfl-data", constants=True),
        op("one_hot", data.one_hot, "tfl-data", constants=True),
        op("cast", data.cast, "tfl-data"),
        op("batch_matmul", nn.batch_matmul, "tfl-nn"),
        op("fully_connected", nn.fully_connected, "tfl-nn"),
        op("conv_2d", nn.conv_2d, "tfl-nn"),
        op("depthwise_conv_2d", nn.depthwise_conv_2d, "tfl-nn"),
        op("transpose_conv", nn.transpose_conv, "tfl-nn", constants=True),
        op("max_pool_2d", nn.max_pool_2d, "tfl-nn"),
        op("average_pool_2d", nn.average_pool_2d, "tfl-nn"),
        *(
            op(name, nn.reduce, "tfl-nn", constants=True)
            for name in "mean sum reduce_max reduce_min reduce_prod".split()
        ),
        op("softmax", nn.softmax, "tfl-nn"),
    ]


def _unary() -> list[Op]:
    from broadcheck.dialects.tfl.unary import UNARY

    return [Op(f"tfl.{name}", SAME, spec.check, "tfl-unary") for name, spec in UNARY.items()]


def _declared() -> list[Op]:
    from broadcheck.dialects.tfl.traits import DECLARED

    return [
        Op(f"tfl.{name}", FUNCTIONAL, spec.check, "tfl-declared", constants=spec.constants)
        for name, spec in DECLARED.items()
    ]


def _broadcasting() -> list[Op]:
    """The ops of the ``tfl`` rule family (:mod:`broadcheck.semantics.tf`)."""
    return [Op(f"tfl.{name}", SAME if name in _SAME else FUNCTIONAL, family("tfl"), "tfl") for name in BROADCASTING]


def _loop() -> list[Op]:
    from broadcheck.dialects.terminators import by_parent
    from broadcheck.dialects.tfl import regions

    return [
        Op("tfl.while", FUNCTIONAL, regions.while_, "tfl-region"),
        Op("tfl.yield", FUNCTIONAL, by_parent, "tfl-region"),  # tfl.while's check judges what it yields
    ]


def _constants() -> list[Op]:
    from broadcheck.dialects.tfl import constants

    return [
        Op("tfl.pseudo_const", FUNCTIONAL, constants.pseudo_const, "tfl-constant", literal="value"),
        Op("tfl.pseudo_qconst", FUNCTIONAL, constants.pseudo_const, "tfl-constant", literal="value"),
        Op("tfl.no_value", FUNCTIONAL, constants.no_value, "tfl-constant"),
        # FirstAttrDerivedResultType, as tfl.pseudo_const and pseudo_qconst: the value's (the qtype's) type.
        Op("tfl.pseudo_sparse_const", FUNCTIONAL, constants.pseudo_const, "tfl-constant"),
        Op("tfl.pseudo_sparse_qconst", FUNCTIONAL, constants.pseudo_const, "tfl-constant"),
    ]


def _regions() -> list[Op]:
    """Region and custom ops: their ODS (the generated table) and verifiers (regions.py)."""
    from broadcheck.dialects.tfl import regions

    return [
        Op("tfl.if", NONE, regions.if_, "tfl-region"),
        Op("tfl.poly_call", FUNCTIONAL, regions.custom, "tfl-region"),
        Op(
            "tfl.control_node",
            custom(regions.control_node_form),
            regions.control_node,
            "tfl-region",
            terminated=regions.control_node_results,
        ),
        Op("tfl.custom", FUNCTIONAL, regions.custom, "tfl-region"),
        Op("tfl.custom_tf", FUNCTIONAL, regions.custom, "tfl-region"),
    ]


OPS = parts(_broadcasting, _unary, _declared, _shape_ops, _loop, _constants, _regions)
