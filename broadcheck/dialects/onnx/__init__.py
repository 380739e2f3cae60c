"""ONNX-MLIR's ``onnx`` dialect.

* Broadcasting and matmul ops, with ONNX's shape inference rules (onnx 1.23; rules:
  :mod:`broadcheck.semantics.onnx`).
* Mod, PRelu and MatMulInteger: onnx-mlir's verifier (fmod, the slope's rank, the zero points) first.
* The shape ops (Reshape, Transpose, Concat, Conv, the pools, the reductions, Scatter*, TopK, ...): onnx-mlir's
  verifiers (errors, :mod:`broadcheck.dialects.onnx.verify`), then ONNX's shape inference as
  warnings (:mod:`broadcheck.dialects.onnx.infer`), reading the values of ``onnx.Constant``
  operands (a Reshape's shape, a Squeeze's axes, a reduction's axes).
* ``onnx.Constant``, ``onnx.NoValue`` and the unary elementwise ops (:mod:`broadcheck.dialects.onnx.tail`);
  ``onnx.Return``'s verifier is there too, for value flow (it needs the enclosing function's types).
"""

from broadcheck.dialects import parts
from broadcheck.dialects.op import FUNCTIONAL, OPERAND_LIST, RESULT, Op, family
from broadcheck.dialects.terminators import by_parent

MULTIDIRECTIONAL = (
    "Add Sub Mul Div Pow Mod And Or Xor BitShift BitwiseAnd BitwiseOr BitwiseXor Equal Greater GreaterOrEqual "
    "Less LessOrEqual Where Max Min Mean Sum"
).split()


def _shape_ops() -> list[Op]:
    from broadcheck.dialects.onnx import verify as v
    from broadcheck.dialects.onnx.checks import checked

    table: dict[str, v.Verifier | None] = {
        "Reshape": v.reshape,
        "Transpose": v.transpose,
        "Concat": v.concat,
        "Split": v.split,
        "Squeeze": None,
        "Unsqueeze": None,
        "SqueezeV11": None,
        "SplitV11": None,
        "UnsqueezeV11": None,
        "Flatten": v.flatten,
        "Gather": v.axis_first,
        "GatherElements": v.gather_elements,
        "GatherND": v.gather_nd,
        "Tile": None,
        "Pad": v.pad,
        "Softmax": v.axis_last,
        "Conv": v.conv,
        "ConvTranspose": v.conv_transpose,
        "AveragePool": v.pool,
        "MaxPoolSingleOut": v.pool,
        "GlobalAveragePool": None,
        "InstanceNormalization": v.instance_norm,
        "Resize": v.resize,
        "Cast": v.cast,
        "CastLike": v.cast_like,
        "ScatterElements": v.scatter_elements,
        "ScatterND": v.scatter_nd,
        "TopK": v.topk,
        "ArgMax": v.axis_first,
        "ArgMin": v.axis_first,
        "Hardmax": v.axis_last,
        "LogSoftmax": v.axis_last,
        "Compress": v.compress,
        "Unique": v.unique,
        "DepthToSpace": v.depth_to_space,
        "Shape": v.shape_op,
        "Dim": v.dim,
        "GridSample": v.grid_sample,
        "DequantizeLinear": v.dequantize_linear,
        "RandomNormal": v.dtype_result,
        "RandomNormalLike": v.dtype_result,
        "RandomUniform": v.dtype_result,
        "RandomUniformLike": v.dtype_result,
        "Bernoulli": v.dtype_result,
        "EyeLike": v.dtype_result,
        "If": v.if_,
        "Identity": None,
        "Range": v.range_,
        "ConstantOfShape": v.constant_of_shape,
        "Slice": None,
        "Einsum": v.einsum,
        "BatchNormalization": None,
        "BatchNormalizationInferenceMode": None,
        # no verifier in onnx-mlir: ONNX's inference only (RNNShapeInference, convPoolShapeInference, ...)
        "RNN": None,
        "GRU": None,
        "LSTM": None,
        "ConvInteger": None,
        "SpaceToDepth": v.space_to_depth,
        "GlobalMaxPool": None,
        "GlobalLpPool": None,
        "Size": None,
        "CumSum": None,
        "Dropout": None,
        "QuantizeLinear": None,
        "DynamicQuantizeLinear": None,
        # a sequence result: onnx-mlir's verifier only (ONNX's inference of sequence types is not modelled)
        "SplitToSequence": v.split_to_sequence,
        "SequenceInsert": v.sequence_insert,
        "SequenceEmpty": v.sequence_empty,
        "OneHot": v.one_hot,
        "LayoutTransform": v.layout_transform,
    }
    for name in ("Sum", "Mean", "Max", "Min", "Prod"):
        table[f"Reduce{name}"] = None
        table[f"Reduce{name}{'V11' if name == 'Sum' else 'V13'}"] = None
    from broadcheck.dialects.onnx.checks import constrained

    # Identity also takes sequences and optionals: its ODS constraints judge those (BC1650)
    return [
        Op(
            f"onnx.{name}",
            FUNCTIONAL,
            constrained(checked(f)) if name == "Identity" else checked(f),
            "onnx-shape",
            constants=True,
        )
        for name, f in table.items()
    ]


def _verified(name: str, semantics: str) -> Op:
    """A broadcasting op whose onnx-mlir verifier checks more than its family (Mod's fmod, PRelu's
    slope, MatMulInteger's zero points): that verifier first."""
    from broadcheck.dialects.onnx import verify as v
    from broadcheck.dialects.onnx.checks import before

    verifiers = {"Mod": v.mod, "PRelu": v.prelu, "MatMulInteger": v.matmul_integer}
    return Op(f"onnx.{name}", FUNCTIONAL, before(verifiers[name], family(semantics)), semantics)


def _tail() -> list[Op]:
    """``onnx.Constant`` (``onnx.Constant dense<...> : T`` or ``onnx.Constant {value = ...} : T``: the
    one type is the result's), ``onnx.NoValue`` and the unary elementwise ops."""
    from broadcheck.dialects.onnx import tail as t

    return [
        Op("onnx.Constant", RESULT, t.constant, "onnx-constant", literal="value"),
        Op("onnx.NoValue", FUNCTIONAL, t.no_value, "onnx-constant"),
        *(Op(f"onnx.{name}", FUNCTIONAL, t.unary, "onnx-unary") for name in (*t.UNARY, *t.BOOL_RESULT, *t.FIRST_INPUT)),
    ]


def _declared_last(declared: set[str]) -> list[Op]:
    """Every other op ONNX-MLIR's ODS defines (``constraints.json``): its operand and result type
    constraints (BC1650), then its onnx-mlir verifier (:mod:`broadcheck.dialects.onnx.more`), then, where
    broadcheck models it, ONNX's shape inference as warnings; RMSLayerNormalization, LayerNormalization's
    twin, checks as it does."""
    from broadcheck.dialects.onnx import constraints as c
    from broadcheck.dialects.onnx.checks import checked, constrained
    from broadcheck.dialects.onnx.infer import INFER
    from broadcheck.dialects.onnx.more import VERIFIERS

    out = []
    for name in c.names():
        short = name.removeprefix("onnx.")
        if name in declared:
            continue
        if short == "EntryPoint":
            # no operand, no result, no verifier: only its ``func`` symbol, which relates no types
            out.append(Op(name, FUNCTIONAL, shapeless=True, summary="names the entry function; no types"))
            continue
        if short == "RMSLayerNormalization":
            check = constrained(family("onnx-unidirectional"))
            semantics = "onnx-unidirectional"
        else:
            check = constrained(checked(VERIFIERS.get(short)))
            semantics = "onnx-shape" if short in INFER or short in VERIFIERS else "onnx-ods"
        out.append(Op(name, FUNCTIONAL, check, semantics, constants=True))
    return out


def _multidirectional() -> list[Op]:
    """The multidirectional (NumPy) broadcasting ops but ``Mod`` (ONNX's rules)."""
    return [Op(f"onnx.{name}", FUNCTIONAL, family("onnx"), "onnx") for name in MULTIDIRECTIONAL if name != "Mod"]


def _unidirectional() -> list[Op]:
    """``Gemm`` and ``LayerNormalization`` (unidirectional broadcasting)."""
    return [
        Op(f"onnx.{name}", FUNCTIONAL, family("onnx-unidirectional"), "onnx-unidirectional")
        for name in ("Gemm", "LayerNormalization")
    ]


def _expand_and_matmul() -> list[Op]:
    """``Expand``, ``Broadcast``, ``MatMul`` and ``QLinearMatMul``."""
    return [
        Op("onnx.Expand", FUNCTIONAL, family("onnx-expand"), "onnx-expand"),
        Op("onnx.Broadcast", FUNCTIONAL, family("onnx-broadcast"), "onnx-broadcast"),
        *(Op(f"onnx.{name}", FUNCTIONAL, family("onnx-matmul"), "onnx-matmul") for name in ("MatMul", "QLinearMatMul")),
    ]


def _terminators() -> list[Op]:
    """``onnx.Yield`` and ``onnx.Return``."""
    return [
        # ``onnx.Yield %a, %b : T, U``: its definition (AdditionalONNXOps.td) relates nothing; If's verifier
        # judges what its branches yield (``verify.if_``)
        Op("onnx.Yield", OPERAND_LIST, by_parent, "onnx-terminator"),
        # ``onnx.Return %a : T``: its verifier needs the enclosing function (engine.transfers.onnx_returned)
        Op("onnx.Return", OPERAND_LIST, by_parent, "onnx-terminator"),
    ]


def _last() -> list[Op]:
    """:func:`_declared_last`: every op ONNX-MLIR's ODS defines that no earlier part declares (each earlier
    part built first, once: a file that meets such an op builds the whole table, as before the parts)."""
    return _declared_last({name for number in range(OPS.count - 1) for name in OPS.part(number)})


OPS = parts(  # (make index: a file of `onnx.Add`, `onnx.Relu` imports neither the verifiers nor ODS's constraints)
    _multidirectional,
    lambda: _verified("Mod", "onnx"),
    _unidirectional,
    lambda: _verified("PRelu", "onnx-unidirectional"),
    _expand_and_matmul,
    lambda: _verified("MatMulInteger", "onnx-matmul"),
    _shape_ops,
    _tail,
    _terminators,
    _last,
)
