"""TensorFlow's ``tf`` dialect as tensorflow-cpu 2.21 registers it.

* Every op with ResultsBroadcastableShape in tf_generated_ops.td, ``tf.Equal``/``tf.NotEqual``
  and ``tf.Select``: :mod:`broadcheck.semantics.tf`.
* The shape ops (``tf.Reshape``, ``tf.Transpose``, ``tf.StridedSlice``, ``tf.Conv2D``, ...):
  declared here, one line each, with their ODS type constraints (:mod:`broadcheck.dialects.tf.types`),
  their verifier (:mod:`broadcheck.dialects.tf.checks`) and their shape function
  (:mod:`broadcheck.dialects.tf.infer`), whose verdict is a warning where the verifier is silent
  (:mod:`broadcheck.dialects.tf.shapes`).

Every ``tf`` op prints in the generic form. ``tf.Const`` defines the constants the shape
ops' checks read (a reshape's shape, a transpose's permutation).

Declared in parts (:func:`broadcheck.dialects.parts`, ``make index``): a file builds the parts of
the ``tf`` ops it uses, with the modules they import (a file of ``tf.AddV2``, ``tf.Conv2D`` and
``tf.Const`` never imports :mod:`.verified_a`, :mod:`.verified_b`, :mod:`.verified_c` nor
:mod:`.calls`), and an op only the generated table declares gets its check
alone (``merge_traits(..., only=name)``).
"""

from collections.abc import Callable, Sequence

from broadcheck.dialects import parts
from broadcheck.dialects.op import FUNCTIONAL, Op, family
from broadcheck.ops import Operation
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, then

BROADCASTING = (
    "Add AddV2 Atan2 BitwiseAnd BitwiseOr BitwiseXor Complex Div DivNoNan FloorDiv FloorMod Greater GreaterEqual "
    "Igamma IgammaGradA Igammac LeftShift Less LessEqual LogicalAnd LogicalOr Maximum Minimum Mod Mul MulNoNan "
    "NextAfter Polygamma Pow RandomGammaGrad RealDiv RightShift SelectV2 SquaredDifference Sub TruncateDiv "
    "TruncateMod Xdivy Xlogy Zeta"
).split()


def _broadcasting() -> list[Op]:
    """The ops of the ``tf`` rule families (:mod:`broadcheck.semantics.tf`)."""
    return [
        *(Op(f"tf.{name}", FUNCTIONAL, family("tf"), "tf") for name in BROADCASTING),
        Op("tf.Equal", FUNCTIONAL, family("tf-compare"), "tf-compare"),
        Op("tf.NotEqual", FUNCTIONAL, family("tf-compare"), "tf-compare"),
        Op("tf.Select", FUNCTIONAL, family("tf-select"), "tf-select"),
    ]


def _verified() -> list[Op]:
    """The ops of :mod:`.verified`: their traits' check then their verifier, or (``NO_ODS``) their
    traits' check alone."""
    from broadcheck.dialects.ods.traits import check_of
    from broadcheck.dialects.tf import verified

    after_traits = {
        "VarHandleOp": verified.var_handle,
        "TopKV2": verified.top_k_v2,
        "RandomUniform": verified.random_uniform,
        "EmptyTensorList": verified.empty_tensor_list,
        "TensorScatterUpdate": verified.tensor_scatter_update,
        "FakeQuantWithMinMaxArgs": verified.fake_quant_args,
        **dict.fromkeys(
            ("UnsortedSegmentSum", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd"),
            verified.unsorted_segment,
        ),
    }
    return [
        *(
            Op(f"tf.{name}", FUNCTIONAL, _after_traits(f"tf.{name}", verify), "tf-shape", constants=True)
            for name, verify in after_traits.items()
        ),
        *(Op(name, FUNCTIONAL, check_of(traits, NOT_JUDGED), "tf-shape") for name, traits in verified.NO_ODS.items()),
    ]


def _verified_a() -> Sequence[Op]:
    from broadcheck.dialects.tf import verified_a

    return verified_a.OPS


def _verified_b() -> Sequence[Op]:
    from broadcheck.dialects.tf import verified_b

    return verified_b.OPS


def _verified_c() -> Sequence[Op]:
    from broadcheck.dialects.tf import verified_c

    return verified_c.OPS


def _shape_ops() -> list[Op]:
    """The shape ops, one declaration each: its operands' and results' ODS type constraints
    (``Many``: a variadic group), its verifier and its shape function (``None``: none)."""
    from broadcheck.dialects.tf import checks as v
    from broadcheck.dialects.tf import infer as s
    from broadcheck.dialects.tf import tail
    from broadcheck.dialects.tf.base import Spec
    from broadcheck.dialects.tf.types import (
        ADD_N,
        BATCH_MATMUL,
        BATCH_MATMUL_V2,
        BATCH_MATMUL_V3_IN,
        BATCH_MATMUL_V3_OUT,
        BOOL,
        CONV,
        DTYPE,
        F32,
        FLOAT,
        I8_32_64,
        I16_32_64,
        I32,
        I64,
        MATMUL,
        MAX_POOL,
        MIN_MAX,
        NUMBER,
        ONE_HOT_INDICES,
        RANGE,
        RESOURCE,
        SIGNED_32_64,
        VARIANT,
        WHERE,
        Many,
    )

    declared = {
        "BroadcastTo": Spec((DTYPE, SIGNED_32_64), (DTYPE,), v.broadcast_to, s.broadcast_to),
        "BroadcastArgs": Spec((SIGNED_32_64, SIGNED_32_64), (SIGNED_32_64,), v.broadcast_args, s.broadcast_args),
        "BatchMatMul": Spec((BATCH_MATMUL, BATCH_MATMUL), (BATCH_MATMUL,), v.batch_matmul, s.batch_matmul),
        "BatchMatMulV2": Spec(
            (BATCH_MATMUL_V2, BATCH_MATMUL_V2), (BATCH_MATMUL_V2,), v.batch_matmul, s.batch_matmul_v2
        ),
        "BatchMatMulV3": Spec(
            (BATCH_MATMUL_V3_IN, BATCH_MATMUL_V3_IN), (BATCH_MATMUL_V3_OUT,), v.batch_matmul_v3, s.batch_matmul_v2
        ),
        "MatMul": Spec((MATMUL, MATMUL), (MATMUL,), v.matmul, s.matmul),
        "Einsum": Spec((Many(DTYPE),), (DTYPE,), v.einsum, s.einsum),
        "Reshape": Spec((DTYPE, SIGNED_32_64), (DTYPE,), v.reshape, s.reshape),
        "Transpose": Spec((DTYPE, SIGNED_32_64), (DTYPE,), v.transpose, s.transpose),
        "ConcatV2": Spec((Many(DTYPE), SIGNED_32_64), (DTYPE,), v.concat_v2, s.concat_v2),
        "Pack": Spec((Many(DTYPE),), (DTYPE,), v.pack, s.pack),
        "Unpack": Spec((DTYPE,), (Many(DTYPE),), v.unpack, s.unpack),
        "Split": Spec((I32, DTYPE), (Many(DTYPE),), v.split, s.split),
        "SplitV": Spec((DTYPE, I8_32_64, I32), (Many(DTYPE),), v.split_v, s.split_v),
        "Slice": Spec((DTYPE, SIGNED_32_64, SIGNED_32_64), (DTYPE,), v.slice_, s.slice_),
        "StridedSlice": Spec((DTYPE, I16_32_64, I16_32_64, I16_32_64), (DTYPE,), v.strided_slice, s.strided_slice),
        "Squeeze": Spec((DTYPE,), (DTYPE,), v.squeeze, s.squeeze),
        "ExpandDims": Spec((DTYPE, SIGNED_32_64), (DTYPE,), v.expand_dims, s.expand_dims),
        "Tile": Spec((DTYPE, SIGNED_32_64), (DTYPE,), v.tile, s.tile),
        "Pad": Spec((DTYPE, SIGNED_32_64), (DTYPE,), v.pad, s.pad),
        "PadV2": Spec((DTYPE, SIGNED_32_64, DTYPE), (DTYPE,), v.pad, s.pad),
        "GatherV2": Spec((DTYPE, I16_32_64, SIGNED_32_64), (DTYPE,), v.gather_v2, s.gather_v2),
        "Conv2D": Spec((CONV, CONV), (CONV,), v.conv_2d, s.conv_2d),
        "DepthwiseConv2dNative": Spec((FLOAT, FLOAT), (FLOAT,), v.depthwise_conv, s.depthwise_conv),
        "MaxPool": Spec((MAX_POOL,), (MAX_POOL,), v.max_pool, s.pool),
        "AvgPool": Spec((FLOAT,), (FLOAT,), v.avg_pool, s.pool),
        "BiasAdd": Spec((NUMBER, NUMBER), (NUMBER,), v.bias_add, s.bias_add),
        "Sum": Spec((NUMBER, SIGNED_32_64), (NUMBER,), v.reduce, s.reduction),
        "Mean": Spec((NUMBER, SIGNED_32_64), (NUMBER,), v.reduce, s.reduction),
        "Max": Spec((MIN_MAX, SIGNED_32_64), (MIN_MAX,), v.reduce, s.reduction),
        "Min": Spec((MIN_MAX, SIGNED_32_64), (MIN_MAX,), v.reduce, s.reduction),
        "Prod": Spec((NUMBER, SIGNED_32_64), (NUMBER,), v.reduce, s.reduction),
        "Softmax": Spec((FLOAT,), (FLOAT,), v.softmax),
        "Cast": Spec((DTYPE,), (DTYPE,), v.cast),
        "Identity": Spec((DTYPE,), (DTYPE,), v.identity),
        "Range": Spec((RANGE, RANGE, RANGE), (RANGE,), v.range_, s.range_),
        "Fill": Spec((SIGNED_32_64, DTYPE), (DTYPE,), v.fill, s.fill),
        "OneHot": Spec((ONE_HOT_INDICES, I32, DTYPE, DTYPE), (DTYPE,), v.one_hot, s.one_hot),
        "Where": Spec((WHERE,), (I64,), v.where, s.where),
        "ReadVariableOp": Spec((RESOURCE,), (DTYPE,), v.read_variable),
        "Shape": Spec((DTYPE,), (SIGNED_32_64,), tail.shape_op),
        "SpaceToBatchND": Spec((DTYPE, SIGNED_32_64, SIGNED_32_64), (DTYPE,), tail.space_to_batch_nd),
        "BatchToSpaceND": Spec((DTYPE, SIGNED_32_64, SIGNED_32_64), (DTYPE,), tail.batch_to_space_nd),
        "All": Spec((BOOL, SIGNED_32_64), (BOOL,), tail.reduction),
        "Any": Spec((BOOL, SIGNED_32_64), (BOOL,), tail.reduction),
        "TensorListFromTensor": Spec((DTYPE, SIGNED_32_64), (VARIANT,), tail.tensor_list),
        "TensorListGetItem": Spec((VARIANT, I32, SIGNED_32_64), (DTYPE,), tail.tensor_list),
        "TensorListSetItem": Spec((VARIANT, I32, DTYPE), (VARIANT,), tail.tensor_list),
        "TensorListLength": Spec((VARIANT,), (I32,), tail.tensor_list),
        "TensorListReserve": Spec((SIGNED_32_64, I32), (VARIANT,), tail.tensor_list_reserve),
        "TensorListStack": Spec((VARIANT, I32), (DTYPE,), tail.tensor_list_stack),
        "FakeQuantWithMinMaxVars": Spec((F32, F32, F32), (F32,), tail.fake_quant),
        "StopGradient": Spec((DTYPE,), (DTYPE,), tail.same_type),
        "AddN": Spec((Many(ADD_N),), (ADD_N,), tail.add_n),
        "FakeQuantWithMinMaxVarsPerChannel": Spec((F32, F32, F32), (F32,), tail.fake_quant_per_channel),
        "Concat": Spec((I32, Many(DTYPE)), (DTYPE,), v.concat),
        "Cumsum": Spec((NUMBER, SIGNED_32_64), (NUMBER,), v.cumulative),
        "Cumprod": Spec((NUMBER, SIGNED_32_64), (NUMBER,), v.cumulative),
        "CumulativeLogsumexp": Spec((FLOAT, SIGNED_32_64), (FLOAT,), v.cumulative),
    }
    return [
        Op(
            "tf.DataFormatVecPermute",
            FUNCTIONAL,
            _after_traits("tf.DataFormatVecPermute", v.data_format_vec_permute),
            "tf-shape",
        ),
        *(Op(f"tf.{name}", FUNCTIONAL, spec.check, "tf-shape", constants=True) for name, spec in declared.items()),
    ]


def _const() -> Op:
    """``tf.Const``, which defines the constants the shape ops' checks read."""
    from broadcheck.dialects.tf import checks as v
    from broadcheck.dialects.tf.base import Spec
    from broadcheck.dialects.tf.types import DTYPE

    return Op("tf.Const", FUNCTIONAL, Spec((), (DTYPE,), v.const).check, "tf-constant", literal="value")


def _regions() -> list[Op]:
    """The region ops (:mod:`.regions`)."""
    from broadcheck.dialects.tf import regions

    return [
        Op("tf.WhileRegion", FUNCTIONAL, regions.while_region, "tf-region"),
        Op("tf.IfRegion", FUNCTIONAL, regions.if_region, "tf-region"),
        Op("tf.GeneratorDatasetRegion", FUNCTIONAL, regions.generator_dataset_region, "tf-region"),
        Op("tf.Yield", FUNCTIONAL, regions.by_parent, "tf-region"),
    ]


def _calls() -> list[Op]:
    """The call ops (:mod:`.calls`)."""
    from broadcheck.dialects.tf import calls
    from broadcheck.dialects.tf.base import Spec
    from broadcheck.dialects.tf.types import DTYPE, Many

    return [
        Op("tf.If", FUNCTIONAL, Spec((DTYPE, Many(DTYPE)), (Many(DTYPE),), calls.if_op).check, "tf-call"),
        Op("tf.While", FUNCTIONAL, Spec((Many(DTYPE),), (Many(DTYPE),), calls.while_op).check, "tf-call"),
        Op(
            "tf.PartitionedCall",
            FUNCTIONAL,
            Spec((Many(DTYPE),), (Many(DTYPE),), calls.partitioned_call).check,
            "tf-call",
        ),
        Op(
            "tf.StatefulPartitionedCall",
            FUNCTIONAL,
            Spec((Many(DTYPE),), (Many(DTYPE),), calls.partitioned_call).check,
            "tf-call",
        ),
    ]


def _after_traits(
    name: str, verify: Callable[[Operation], Problem | None]
) -> Callable[[Operation, Profile], Problem | None]:
    """The check of an op whose ODS traits (``broadcheck/dialects/ods``) TensorFlow runs before its
    ``verify()``: the traits' check (made when the op is first checked: declaring the shape ops
    reads no generated table), then the verifier."""
    made: list[Callable[[Operation, Profile], Problem | None]] = []

    def check(op: Operation, profile: Profile) -> Problem | None:
        if not made:
            from broadcheck.dialects import ods
            from broadcheck.dialects.ods.traits import check_of

            made.append(check_of(ods.generated(name), NOT_JUDGED))
        return then(made[0](op, profile), lambda: verify(op))

    return check


OPS = parts(_broadcasting, _verified, _verified_a, _shape_ops, _verified_b, _verified_c, _const, _regions, _calls)
