"""Refine's folds: the integer contents of shape values, followed as the refinement passes fold
them (``get_dimension_size``, ``tensor.dim``, ``tf.Shape``, ``onnx.Shape``, the arithmetic on them),
the static result of an op whose shape operand is now known, and JAX's shape assertions."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from broadcheck.diagnostics import Diagnostic
from broadcheck.engine.fix import PlannedStatement, use_key
from broadcheck.engine.refine_values import (
    FOLDED,
    MAX_VALUES,
    PASSED,
    SHAPES,
    TF_FOLDED,
    Refining,
    Scope,
    Values,
    attribute_int,
    broadcast,
    dims_of,
    direction_of,
    fold,
    reshaped,
    shape_of,
    strided_slice,
    with_shape,
)
from broadcheck.ops import Span
from broadcheck.syntax.statement import Statement, TypeText, Use

SHAPE_OPS = frozenset(
    {"stablehlo.dynamic_broadcast_in_dim", "stablehlo.dynamic_reshape", "stablehlo.dynamic_iota"}
    | {"tf.Reshape", "onnx.Reshape", "tosa.reshape"}
)
"""The ops whose result shape a known shape operand gives."""


def dimension_size(
    refiner: Refining,
    s: PlannedStatement,
    st: Statement,
    scope: Scope,
) -> None:
    """``get_dimension_size`` of a value whose dimension is now static folds to its size."""
    dim = attribute_int(st, "dimension", "dim")
    operand_types, _ = refiner.placed(st)
    source = scope.types.get(use_key(st.operands[0]))
    if source is None and operand_types and operand_types[0] is not None:
        source = operand_types[0].text
    if source is not None and use_key(st.operands[0]) in scope.types:
        written = operand_types[0] if operand_types else None
        if written is not None:
            refiner.edit_at(s, written.start, written.end, source)
    dims = dims_of(source) if source is not None else None
    if dims is not None and dim is not None and dim < len(dims) and dims[dim] is not None:
        scope.values[st.results[0].name] = (dims[dim],)  # type: ignore[assignment]
        if use_key(st.operands[0]) in scope.origins:
            scope.origins[st.results[0].name] = scope.origins[use_key(st.operands[0])]


def tensor_dim(
    refiner: Refining,
    s: PlannedStatement,
    st: Statement,
    scope: Scope,
) -> None:
    """``tensor.dim`` of a value whose dimension is now static folds to its size (its written
    type, the source's, takes the source's new type)."""
    operand_types, _ = refiner.placed(st)
    written = operand_types[0] if operand_types else None
    source = scope.types.get(use_key(st.operands[0]))
    if source is not None and written is not None:
        refiner.edit_at(s, written.start, written.end, source)
    elif written is not None:
        source = written.text
    index = scope.values.get(use_key(st.operands[1]))
    dims = dims_of(source) if source is not None else None
    if dims is not None and index is not None and len(index) == 1 and 0 <= index[0] < len(dims):
        size = dims[index[0]]
        if size is not None:
            scope.values[st.results[0].name] = (size,)
            if use_key(st.operands[0]) in scope.origins:
                scope.origins[st.results[0].name] = scope.origins[use_key(st.operands[0])]


def _sized(text: str, dims: list[int | None], sizes: Sequence[Use], scope: Scope) -> str | None:
    """``text`` with each dynamic size the next of ``sizes``, when every one is a known constant."""
    given = iter(scope.values.get(use_key(u)) for u in sizes)
    new_dims: list[int | None] = []
    for d in dims:
        known = next(given) if d is None else (d,)
        if known is None or len(known) != 1 or known[0] < 0:
            return None
        new_dims.append(known[0])
    return with_shape(text, new_dims)


def tensor_empty(refiner: Refining, s: PlannedStatement, st: Statement, scope: Scope) -> None:
    """``tensor.empty(%d, ...)`` whose size operands are all known: the canonicalizer's form,
    ``tensor.empty() : tensor<8x32xf32>`` (the operands dropped, the sizes in the type)."""
    _, result_types = refiner.placed(st)
    result = result_types[0] if result_types else None
    dims = dims_of(result.text) if result is not None else None
    if result is None or dims is None or not st.operands or dims.count(None) != len(st.operands) or not st.results:
        return
    new = _sized(result.text, dims, st.operands, scope)
    if new is None:
        return  # (a size still unknown: the op and its type stay as written)
    refiner.edit_at(s, st.operands[0].start, st.operands[-1].end, "")
    refiner.edit_at(s, result.start, result.end, new)
    scope.types[st.results[0].name] = new
    origin = next((scope.origins[use_key(u)] for u in st.operands if use_key(u) in scope.origins), None)
    if origin is not None:
        scope.origins[st.results[0].name] = origin


def fold_values(refiner: Refining, s: PlannedStatement, st: Statement, scope: Scope) -> None:
    """The integer contents of ``st``'s result, where its operands' are known."""
    if not st.results or st.results[0].size != 1:
        return
    if st.name == "stablehlo.add" and len(st.operands) == 2:
        scope.sums[st.results[0].name] = (use_key(st.operands[0]), use_key(st.operands[1]))
    out: Values | None = None
    if st.name in SHAPES and st.operands:  # the shape of a value whose shape is now static
        operand_types, _ = refiner.placed(st)
        written = operand_types[0] if operand_types else None
        source = scope.types.get(use_key(st.operands[0])) or (written.text if written is not None else None)
        out = shape_of(st, source) if source is not None else None
        if out is not None:
            scope.values[st.results[0].name] = out
            if use_key(st.operands[0]) in scope.origins:
                scope.origins[st.results[0].name] = scope.origins[use_key(st.operands[0])]
        return
    if st.name in ("tf.Size", "tf.Rank") and st.operands:  # (their folders, on a now-static value)
        operand_types, _ = refiner.placed(st)
        written = operand_types[0] if operand_types else None
        source = scope.types.get(use_key(st.operands[0])) or (written.text if written is not None else None)
        dims = dims_of(source) if source is not None else None
        if dims is not None and (st.name == "tf.Rank" or None not in dims):
            scope.values[st.results[0].name] = (len(dims),) if st.name == "tf.Rank" else (_product(dims),)
        return
    known = [scope.values.get(use_key(u)) for u in st.operands]
    if any(k is None for k in known):
        return
    args = [k for k in known if k is not None]
    short = st.name.rpartition(".")[2]
    if st.name in TF_KERNELS:
        out = _tf_kernel(refiner, st, scope, args)
    elif st.name in TF_FOLDED:
        out = fold(TF_FOLDED[st.name], args, None)
    elif st.name == "tf.Reshape" and len(args) == 2:
        out = args[0]
    elif st.name == "tf.StridedSlice" and len(args) == 4:
        out = strided_slice(st, args)
    elif st.name in ("tf.Pack", "onnx.Concat") and args:
        axis = attribute_int(st, "axis")
        out = tuple(v for a in args for v in a) if not axis else None
    elif st.name in PASSED and len(args) == 1:
        out = args[0]
    elif st.name == "shape.broadcast" and args:
        out = broadcast(args)
    elif st.name in ("stablehlo.concatenate", "tensor.from_elements"):
        out = tuple(v for a in args for v in a)
    elif st.name.startswith(("stablehlo.", "arith.")) and (
        short in FOLDED or short in ("addi", "subi", "muli", "divsi", "cmpi", "maxsi", "minsi", "andi", "ori", "remsi")
    ):
        direction = direction_of(s.text, st)
        out = fold(st.name, args, direction)
    if out is not None and len(out) <= MAX_VALUES:
        scope.values[st.results[0].name] = out


def assertion(refiner: Refining, s: PlannedStatement, st: Statement, values: dict[str, Values]) -> None:
    """JAX's ``shape_assertion``: false with the new shapes is an error, in its own message."""
    known = [values.get(use_key(u)) for u in st.operands]
    if not known or known[0] is None or any(known[0]):
        return
    message = next((a.text for a in st.attributes if a.name == "error_message"), '""')
    try:
        import json

        text = json.loads(message) if message.startswith('"') else message
    except ValueError:
        text = message.strip('"')
    shown = [str(k[0]) if k is not None and len(k) == 1 else "?" for k in known[1:]]
    with contextlib.suppress(IndexError, KeyError, ValueError):
        text = text.format(*shown)
    from broadcheck.messages import RULES

    rule = RULES["BC1861"]
    line, column = refiner.where(s, st.name_start)
    span = Span(line, column, line, column + st.name_end - st.name_start)
    refiner.diagnostics.append(
        Diagnostic(rule.code, rule.severity, rule.format(st.name, message=text), refiner.path, span)
    )


# ---------------------------------------------------------------- TensorFlow's kernels

TF_KERNELS = frozenset(
    {"tf.GatherV2", "tf.Prod", "tf.Sum", "tf.Max", "tf.Min", "tf.ConcatV2", "tf.Slice", "tf.FloorDiv", "tf.FloorMod"}
    | {"tf.ExpandDims", "tf.Squeeze"}
)
"""The ``tf`` ops on shape values ``tf-shape-inference`` folds by running TensorFlow's kernel on
their constant operands (``ConstantFoldFallbackHook``), on a vector (one dimension) of known
values; a kernel that would fail (an index out of range, a division by zero) folds nothing."""


def _product(values: Sequence[int | None]) -> int:
    out = 1
    for v in values:
        out *= v or 0
    return out


def _rank(refiner: Refining, st: Statement, scope: Scope, index: int) -> int | None:
    """The rank of ``st``'s operand ``index`` (its new type, or its written one)."""
    operand_types, _ = refiner.placed(st)
    written = operand_types[index] if index < len(operand_types) else None
    text = scope.types.get(use_key(st.operands[index])) or (written.text if written is not None else None)
    dims = dims_of(text) if text is not None else None
    return None if dims is None else len(dims)


def _tf_kernel(refiner: Refining, st: Statement, scope: Scope, args: list[Values]) -> Values | None:
    """What TensorFlow's kernel gives for ``st`` on known values (flattened, row-major), where
    its data operand is a vector or a scalar; ``None`` where it does not apply or would fail."""
    ranks = [_rank(refiner, st, scope, i) for i in range(len(st.operands))]
    name = st.name
    if name in ("tf.FloorDiv", "tf.FloorMod") and len(args) == 2:
        a, b = args
        if (len(a) != len(b) and 1 not in (len(a), len(b))) or 0 in b:
            return None
        size = max(len(a), len(b))
        wide_a, wide_b = (a * size if len(a) == 1 else a), (b * size if len(b) == 1 else b)
        pairs = zip(wide_a, wide_b, strict=True)
        return tuple(x // y if name == "tf.FloorDiv" else x % y for x, y in pairs)
    if not ranks or ranks[0] is None or ranks[0] > 1:
        return None
    data = args[0]
    if name == "tf.GatherV2" and len(args) == 3:
        axis, batch = args[2], attribute_int(st, "batch_dims") or 0
        if ranks[0] != 1 or len(axis) != 1 or axis[0] not in (0, -1) or batch != 0:
            return None
        if any(not 0 <= i < len(data) for i in args[1]):
            return None
        return tuple(data[i] for i in args[1])
    if name in ("tf.Prod", "tf.Sum", "tf.Max", "tf.Min") and len(args) == 2:
        axes = args[1]
        if not axes:
            return data
        if ranks[0] != 1 or any(a not in (0, -1) for a in axes) or (not data and name in ("tf.Max", "tf.Min")):
            return None
        if name == "tf.Prod":
            return (_product(data),)
        if name == "tf.Sum":
            return (sum(data),)
        return (max(data),) if name == "tf.Max" else (min(data),)
    if name == "tf.ConcatV2" and len(args) >= 2:
        axis = args[-1]
        if len(axis) != 1 or any(r != 1 for r in ranks[:-1]) or axis[0] not in (0, -1):
            return None
        return tuple(v for a in args[:-1] for v in a)
    if name == "tf.Slice" and len(args) == 3:
        if ranks[0] != 1 or len(args[1]) != 1 or len(args[2]) != 1 or not 0 <= args[1][0] <= len(data):
            return None
        begin, size = args[1][0], args[2][0]
        end = len(data) if size == -1 else begin + size
        return data[begin:end] if begin <= end <= len(data) else None
    if name in ("tf.ExpandDims", "tf.Squeeze"):
        return data  # (the same values, in one more or one fewer dimension of size 1)
    return None


# ---------------------------------------------------------------- helpers


def shape_result(
    refiner: Refining, st: Statement, scope: Scope, result_types: Sequence[TypeText | None]
) -> dict[int, str] | None:
    """The static result type of an op whose shape operand is now known (``dynamic_*``)."""
    if st.name == "stablehlo.real_dynamic_slice" and len(st.operands) == 4 and result_types:
        return _slice_result(st, scope, result_types[0])
    if st.name == "tensor.expand_shape" and result_types and result_types[0] is not None:
        # (its output_shape's known sizes are written as constants: refine.op)
        dims = dims_of(result_types[0].text)
        if dims is None or dims.count(None) != len(st.operands) - 1:
            return None
        new = _sized(result_types[0].text, dims, st.operands[1:], scope)
        return None if new is None else {0: new}
    if (
        st.name in ("tosa.tile", "tosa.slice")
        and len(st.operands) >= 2
        and result_types
        and result_types[0] is not None
    ):
        return _tosa_sized(refiner, st, scope, result_types[0])
    if st.name not in SHAPE_OPS or not result_types or result_types[0] is None:
        return None
    index = 0 if st.name == "stablehlo.dynamic_iota" else 1
    if index >= len(st.operands):
        return None
    shape = scope.values.get(use_key(st.operands[index]))
    if shape is not None and st.name in ("tf.Reshape", "onnx.Reshape", "tosa.reshape"):
        # (tosa-infer-shapes takes a -1 as the rest of the element count, as TF and ONNX do)
        operand_types, _ = refiner.placed(st)
        written = operand_types[0] if operand_types else None
        source = scope.types.get(use_key(st.operands[0])) or (written.text if written is not None else "")
        zero = st.name == "onnx.Reshape" and (attribute_int(st, "allowzero") or 0) == 0
        shape = reshaped(shape, dims_of(source), zero)
    if shape is None or any(d < 0 for d in shape):
        return None
    new = with_shape(result_types[0].text, list(shape))
    if new is None or "".join(new.split()) == result_types[0].key:
        return None
    return {0: new}


def _tosa_sized(refiner: Refining, st: Statement, scope: Scope, result: TypeText) -> dict[int, str] | None:
    """``tosa.tile``/``tosa.slice`` of constant multiples/starts and sizes (``tosa-infer-shapes``' rule;
    their verifiers do not infer it): a size the input leaves unknown stays as written."""
    operand_types, _ = refiner.placed(st)
    written = operand_types[0] if operand_types else None
    source = scope.types.get(use_key(st.operands[0])) or (written.text if written is not None else None)
    dims = dims_of(source) if source is not None else None
    values = [scope.values.get(use_key(u)) for u in st.operands[1:]]
    if dims is None or any(v is None or len(v) != len(dims) for v in values):
        return None
    new: list[int | None]
    if st.name == "tosa.tile":
        new = [None if d is None or m < 1 else d * m for d, m in zip(dims, values[0] or (), strict=True)]
    else:
        starts, sizes = values[0] or (), values[1] or ()
        new = [
            z if z != -1 else (None if d is None or s < 0 else d - s)
            for d, s, z in zip(dims, starts, sizes, strict=True)
        ]
    own = dims_of(result.text)
    if own is not None:
        if len(own) != len(new):
            return None
        new = [n if n is not None else o for n, o in zip(new, own, strict=True)]
    text = with_shape(result.text, new)
    if text is None or "".join(text.split()) == result.key:
        return None
    return {0: text}


def _slice_result(st: Statement, scope: Scope, result: TypeText | None) -> dict[int, str] | None:
    """``real_dynamic_slice`` with unit strides whose limits are its starts plus known sizes
    (``stablehlo-refine-shapes`` makes it a ``dynamic_slice`` of those sizes)."""
    start, limit, strides = (use_key(u) for u in st.operands[1:])
    if result is None or scope.values.get(strides) is None or any(v != 1 for v in scope.values[strides]):
        return None
    sizes: Values | None = None
    if scope.values.get(start) is not None and scope.values.get(limit) is not None:
        sizes = tuple(b - a for a, b in zip(scope.values[start], scope.values[limit], strict=False))
    else:
        pair = scope.sums.get(limit)
        if pair is not None and start in pair:
            other = pair[1] if pair[0] == start else pair[0]
            sizes = scope.values.get(other)
    if sizes is None or any(v < 0 for v in sizes):
        return None
    new = with_shape(result.text, list(sizes))
    if new is None or "".join(new.split()) == result.key:
        return None
    return {0: new}
