"""TensorFlow's shape functions (``REGISTER_OP(...).SetShapeFn``) for the ``tf`` shape ops, and
the ``InferenceContext`` primitives they are written with, with TensorFlow's messages.

A shape is a tuple of sizes (``None``: unknown) or ``None`` (unknown rank). A function returns
each output's shape or raises :class:`ShapeError` with the message the shape function fails
with (its first line: the context TensorFlow appends after a newline is left out).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from broadcheck.dialects.common import attr_bool, attr_int, attr_ints, attr_str, constant_ints, element, shape
from broadcheck.ops import Dim, Operation, Shape
from broadcheck.syntax.attributes import Dense, value

S = Shape | None
MAX = 2**63 - 1
NEW_AXIS, SHRINK_AXIS = -1, -2


class ShapeError(Exception):
    """A shape function's failure; ``str()`` is TensorFlow's message."""


# ---------------------------------------------------------------- InferenceContext's primitives


def debug(s: S) -> str:
    """``DebugString`` of a shape: ``[2,?]``, ``<unknown>``."""
    return "<unknown>" if s is None else "[" + ",".join("?" if d is None else str(d) for d in s) + "]"


def with_rank(s: S, r: int) -> Shape:
    if s is None:
        return (None,) * r
    if len(s) != r:
        raise ShapeError(f"Shape must be rank {r} but is rank {len(s)}")
    return s


def with_rank_at_least(s: S, r: int) -> S:
    if s is not None and len(s) < r:
        raise ShapeError(f"Shape must be at least rank {r} but is rank {len(s)}")
    return s


def with_rank_at_most(s: S, r: int) -> S:
    if s is not None and len(s) > r:
        raise ShapeError(f"Shape must be at most rank {r} but is rank {len(s)}")
    return s


def with_value(d: Dim, v: int) -> int:
    if d is not None and d != v:
        raise ShapeError(f"Dimension must be {v} but is {d}")
    return v


def merge_dim(a: Dim, b: Dim) -> Dim:
    if a is None:
        return b
    if b is not None and a != b:
        raise ShapeError(f"Dimensions must be equal, but are {a} and {b}")
    return a


def merge(s0: S, s1: S) -> S:
    if s1 is None:
        return s0
    if s0 is None:
        return s1
    if len(s0) != len(s1):
        raise ShapeError(f"Shapes must be equal rank, but are {len(s0)} and {len(s1)}")
    out: list[Dim] = []
    for i, (a, b) in enumerate(zip(s0, s1, strict=True)):
        if a is not None and b is not None and a != b:
            raise ShapeError(
                f"Dimension {i} in both shapes must be equal, but are {a} and {b}. "
                f"Shapes are {debug(s0)} and {debug(s1)}."
            )
        out.append(a if a is not None else b)
    return tuple(out)


def add(a: Dim, b: Dim) -> Dim:
    if a == 0:
        return b
    if b == 0:
        return a
    return None if a is None or b is None else a + b


def subtract(a: Dim, b: Dim) -> Dim:
    if b == 0:
        return a
    if a is None or b is None:
        return None
    if a < b:
        raise ShapeError(f"Negative dimension size caused by subtracting {b} from {a}")
    return a - b


def multiply(a: Dim, b: Dim) -> Dim:
    if a == 0 or b == 0:
        return 0
    if a == 1:
        return b
    if b == 1:
        return a
    return None if a is None or b is None else a * b


def divide(a: Dim, d: int, evenly: bool) -> Dim:
    if d == 1:
        return a
    if a is None:
        return None
    if d <= 0:
        raise ShapeError(f"Divisor must be positive but is {d}")
    if evenly and a % d:
        raise ShapeError(f"Dimension size must be evenly divisible by {d} but is {a}")
    return a // d


def subshape(s: S, start: int, end: int = MAX) -> S:
    """``Subshape(s, start, end)`` (stride 1)."""
    start_in, end_in = start, end
    if s is None:
        return None
    rank = len(s)
    if start == 0 and end >= rank:
        return s
    start, end = min(start, rank), min(end, rank)
    if start < 0:
        start += rank
        if start < 0:
            raise ShapeError(f"Subshape start out of bounds: {start_in}, for shape with rank {rank}")
    if end < 0:
        end += rank
        if end < 0:
            raise ShapeError(f"Subshape end out of bounds: {end_in}, for shape with rank {rank}")
    if start > end:
        raise ShapeError(
            f"Subshape must have computed start <= end, but is {start} and {end} (computed from start "
            f"{start_in} and end {end_in} over shape with rank {rank})"
        )
    return s[start:end]


def concatenate(a: S, b: S) -> S:
    return None if a is None or b is None else a + b


def replace_dim(s: S, index: int, d: Dim) -> S:
    if s is None:
        return None
    i = index + len(s) if index < 0 else index
    if not 0 <= i < len(s):
        raise ShapeError(f"Out of range dim_index {index} for shape with {len(s)} dimensions")
    return (*s[:i], d, *s[i + 1 :])


def num_elements(s: S) -> Dim:
    """``NumElements``: a 0 size makes 0 whatever the others."""
    if s is None:
        return None
    if 0 in s:
        return 0
    if None in s:
        return None
    return math.prod(d for d in s if d is not None)


# ------------------------------------------------------------------------------ the context


class Context:
    """What a shape function sees of one op: its inputs' shapes, the values of its constant
    inputs, its attributes, its number of outputs. (A plain class with the methods ``@dataclass``
    gave it, whose code the dataclass generated at each run's import.)"""

    op: Operation
    known: bool
    """Whether the constants' values are seen: TensorFlow's shape refiner runs a shape function
    first without them, then again with those it asked for."""
    requested: set[int]
    """The inputs read as shapes (``MakeShapeFromShapeTensor``) by the first run."""
    __match_args__ = ("op", "known", "requested")

    def __init__(self, op: Operation, known: bool = True, requested: set[int] | None = None) -> None:
        self.op = op
        self.known = known
        self.requested = set() if requested is None else requested

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(op={self.op!r}, known={self.known!r}, requested={self.requested!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Context)
            return (self.op, self.known, self.requested) == (other.op, other.known, other.requested)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (mutable, as the dataclass was)

    @property
    def num_inputs(self) -> int:
        return len(self.op.operands)

    @property
    def num_outputs(self) -> int:
        return len(self.op.results)

    def input(self, i: int) -> S:
        return shape(self.op.operands[i].type)

    def tensor(self, i: int, kinds: tuple[str, ...] = ("i32", "i64")) -> list[int] | None:
        """``input_tensor(i)``: an integer constant's values (``None`` when not known). A shape
        function reads them as 32 or 64-bit integers: other types abort TensorFlow, and are not
        modelled."""
        if not self.known:
            return None
        values = constant_ints(self.op, i)
        if values is not None and self.dtype(i) not in kinds:
            raise _Unmodelled
        return values

    def known_tensor(self, i: int) -> list[int] | None:
        """The values of constant input ``i``, whether or not this run sees them."""
        return Context(self.op).tensor(i)

    def dtype(self, i: int) -> str:
        return element(self.op.operands[i].type)

    def shape_tensor(self, i: int) -> S:
        """``MakeShapeFromShapeTensor(i)``."""
        s = with_rank(self.input(i), 1)
        self.requested.add(i)
        values = self.tensor(i)
        if values is None:
            return None if s[0] is None else (None,) * s[0]
        for v in values:
            if v < -1:
                raise ShapeError(f"Invalid value in tensor used for shape: {v}")
        return tuple(None if v == -1 else v for v in values)

    def scalar_dim(self, i: int, rank: int | None) -> Dim:
        """``MakeDimForScalarInputWithNegativeIndexing(i, rank)``."""
        values = self.tensor(i)
        s = self.input(i)
        if values is None:
            return None
        if s is None or len(s) != 0:
            raise ShapeError(f"Input must be scalar but has rank {len(s or (0,))}")
        v = values[0]
        if v < 0:
            if rank is None:
                return None
            if v + rank < 0:
                raise ShapeError(f"Dimension size, given by scalar input {v} must be in range [-{rank}, {rank})")
            return v + rank
        if rank is not None and rank > 0 and v >= rank:
            raise ShapeError(f"Dimension size, given by scalar input {v} must be in range [-{rank}, {rank})")
        return v


ShapeFunction = Callable[[Context], list[S]]
"""A shape function: each output's shape, given what the op shows it."""


# ------------------------------------------------------------------------------- array ops


def broadcast_to(c: Context) -> list[S]:
    with_rank(c.input(1), 1)
    out = c.shape_tensor(1)
    inp = c.input(0)
    if out is None or inp is None:
        return [out]
    with_rank_at_most(inp, len(out))
    result = list(out)
    for i in range(len(inp)):
        d = inp[len(inp) - i - 1]
        if d is not None and d > 1:
            k = len(out) - i - 1
            result[k] = merge_dim(d, result[k])
    return [tuple(result)]


def broadcast_args(c: Context) -> list[S]:
    x, y = with_rank(c.input(0), 1), with_rank(c.input(1), 1)
    if x[0] is None or y[0] is None:
        return [(None,)]
    return [(max(x[0], y[0]),)]


def broadcast_shapes(x: S, y: S) -> S:
    """``BroadcastBinaryOpOutputShapeFnHelper`` (incompatible shapes an error)."""
    if x is None or y is None:
        return None
    rank = max(len(x), len(y))
    dims: list[Dim] = []
    for i in range(rank):
        dx = 1 if i < rank - len(x) else x[i - (rank - len(x))]
        y_one = i < rank - len(y)
        dy = 1 if y_one else y[i - (rank - len(y))]
        if dx is None or dy is None:
            if dx is not None and dx > 1:
                dims.append(dx)
            elif (dy is not None and dy > 1) or dx == 1:
                dims.append(dy)
            elif dy == 1:
                dims.append(dx)
            else:
                dims.append(None)
        elif dx == 1 or dy == 1:
            dims.append(dy if dx == 1 and not y_one else dx)
        else:
            dims.append(merge_dim(dx, dy))
    return tuple(dims)


def reshape(c: Context) -> list[S]:
    inp, out = c.input(0), c.shape_tensor(1)
    if out is None or inp is None:
        return [out]
    too_many = False
    out_unknown = -1
    known_out = num_elements(out)
    if known_out is None:
        known_out = 1
        for i, d in enumerate(out):
            if d is None:
                if out_unknown >= 0:
                    too_many = True
                    break
                out_unknown = i
            else:
                known_out = multiply(known_out, d) or 0
    in_unknown = -1
    known_in = num_elements(inp)
    if known_in is None:
        known_in = 1
        for i, d in enumerate(inp):
            if d is None:
                if in_unknown >= 0:
                    too_many = True
                    break
                in_unknown = i
            else:
                known_in = multiply(known_in, d) or 0
    if not too_many:
        if in_unknown < 0 and out_unknown < 0:
            if known_in != known_out:
                raise ShapeError(
                    f"Cannot reshape a tensor with {known_in} elements to shape {debug(out)} ({known_out} elements)"
                )
        elif in_unknown < 0 and out_unknown >= 0 and known_out > 0:
            out = replace_dim(out, out_unknown, divide(known_in, known_out, True))
        elif in_unknown >= 0 and out_unknown < 0 and known_in != 0:
            merge_dim(inp[in_unknown], divide(known_out, known_in, True))
        elif in_unknown >= 0 and out_unknown >= 0 and known_in == known_out:
            out = replace_dim(out, out_unknown, inp[in_unknown])
    return [out]


def transpose(c: Context) -> list[S]:
    inp, perm_shape = c.input(0), c.input(1)
    perm = c.tensor(1)
    perm_elems = num_elements(perm_shape)
    if inp is None and perm_elems is None and perm is None:
        return [None]
    if inp is not None:
        rank = len(inp)
    elif perm_elems is not None:
        rank = perm_elems
    else:
        assert perm is not None
        rank = len(perm)
    if inp is None and rank < 2:
        return [inp]
    inp = with_rank(inp, rank)
    perm_shape = with_rank(perm_shape, 1)
    with_value(perm_elems, rank)
    if perm is None:
        return [(None,) * rank]
    dims: list[Dim] = []
    for v in perm[:rank]:
        if v >= rank:
            raise ShapeError(f"perm dim {v} is out of range of input rank {rank}")
        if v < -rank:  # TensorFlow reads outside the shape
            raise _Unmodelled
        dims.append(inp[v])
    return [tuple(dims)]


def concat_v2(c: Context) -> list[S]:
    n = c.num_inputs - 1
    if n < 2:  # the op's definition wants two values or more
        raise _Unmodelled
    with_rank(c.input(n), 0)
    axis = c.tensor(n)
    if axis is None:
        rank = next((len(s) for s in (c.input(i) for i in range(n)) if s is not None), None)
        if rank is None:
            return [None]
        if rank == 0:
            raise ShapeError("Can't concatenate scalars (use tf.stack instead)")
        for i in range(n):
            with_rank(c.input(i), rank)
        return [(None,) * rank]
    dim = axis[0]
    min_rank = -dim if dim < 0 else dim + 1
    last = with_rank_at_least(c.input(n - 1), min_rank)
    before = subshape(last, 0, dim)
    middle = _dim(last, dim)
    after: S = () if dim == -1 else subshape(last, dim + 1)
    for i in range(n - 2, -1, -1):
        s = with_rank_at_least(c.input(i), min_rank)
        b = subshape(s, 0, dim)
        m = _dim(s, dim)
        a: S = () if dim == -1 else subshape(s, dim + 1)
        before = merge(b, before)
        middle = add(middle, m)
        after = merge(a, after)
    return [concatenate(concatenate(before, (middle,)), after)]


def _dim(s: S, i: int) -> Dim:
    if s is None:
        return None
    return s[i]


def _axis(c: Context, rank: int) -> int:
    axis = attr_int(c.op, "axis", 0) or 0
    if axis < -rank or axis >= rank:
        raise ShapeError(f"Invalid axis: {axis}; must be in [{-rank},{rank})")
    return axis + rank if axis < 0 else axis


def pack(c: Context) -> list[S]:
    cur = c.input(c.num_inputs - 1)
    for i in range(c.num_inputs - 2, -1, -1):
        cur = merge(c.input(i), cur)
    if cur is None:
        return [None]
    axis = _axis(c, len(cur) + 1)
    return [(*cur[:axis], c.num_inputs, *cur[axis:])]


def unpack(c: Context) -> list[S]:
    s = c.input(0)
    if s is None:
        return [None] * c.num_outputs
    axis = _axis(c, len(s))
    with_value(s[axis], c.num_outputs)
    out = tuple(d for i, d in enumerate(s) if i != axis)
    return [out] * c.num_outputs


def split(c: Context) -> list[S]:
    inp = c.input(1)
    dim = c.scalar_dim(0, None if inp is None else len(inp))
    n = c.num_outputs
    if dim is None:
        out: S = None if inp is None else (None,) * len(inp)
    else:
        inp = with_rank_at_least(inp, dim + 1)
        out = replace_dim(inp, dim, divide(_dim(inp, dim), n, True)) if inp is not None else None
    return [out] * n


def split_v(c: Context) -> list[S]:
    inp = c.input(0)
    rank = None if inp is None else len(inp)
    dim = c.scalar_dim(2, rank)
    n = c.num_outputs
    sizes = c.tensor(1)
    if inp is None:
        return [None] * n
    if rank == 0:
        raise ShapeError("Can't split scalars")
    if sizes is None:
        if dim is not None:
            return [replace_dim(inp, dim, None)] * n
        return [(None,) * len(inp)] * n
    if dim is None:  # the unknown value, -1: the last dimension
        dim = -1
    inp = with_rank_at_least(inp, dim + 1)
    assert inp is not None
    if n != len(sizes):
        raise ShapeError("Length of size_splits should be equal to num_outputs")
    total, minus_one = 0, False
    for size in sizes:
        if size == -1:
            if minus_one:
                raise ShapeError("size_splits can only have one -1")
            minus_one = True
        else:
            total += size
    whole = inp[dim]
    outs: list[S] = []
    for i, size in enumerate(sizes):
        if size == -1 and whole is not None:
            size = whole - total
        if size < -1 or (size == -1 and whole is not None):
            raise ShapeError(f"Split size at index {i} must be >= 0. Got: {size}")
        outs.append(replace_dim(inp, dim, None if size == -1 else size))
    if whole is not None and (total > whole if minus_one else total != whole):
        raise ShapeError(f"can't split axis of size {whole} into pieces of size [{','.join(map(str, sizes))}]")
    return outs


def slice_(c: Context) -> list[S]:
    inp = c.input(0)
    begin_shape = merge(with_rank(c.input(1), 1), with_rank(c.input(2), 1))
    assert begin_shape is not None
    if begin_shape[0] is not None:
        inp = with_rank(inp, begin_shape[0])
    begin = c.shape_tensor(1)
    sizes = c.tensor(2)
    if sizes is not None:
        begin = with_rank(begin, len(sizes))
        dims: list[Dim] = []
        for i, size in enumerate(sizes):
            d = _dim(inp, i)
            if size != -1:
                if size < 0:
                    raise ShapeError(
                        f"Out of bounds slicing on dimension {i} of length {'-1' if d is None else d}: sizes vector "
                        f"cannot be < -1, but was {size}"
                    )
                dims.append(size)
            else:
                dims.append(subtract(d, begin[i]))
        return [tuple(dims)]
    size_shape = c.shape_tensor(2)
    if size_shape is not None:
        with_rank(begin, len(size_shape))
        return [size_shape]
    return [None if inp is None else (None,) * len(inp)]


def strided_slice(c: Context) -> list[S]:
    inp = c.input(0)
    begin_shape = merge(with_rank(c.input(1), 1), with_rank(c.input(2), 1))
    begin_shape = merge(begin_shape, with_rank(c.input(3), 1))
    assert begin_shape is not None
    wide = ("i16", "i32", "i64")
    strides = c.tensor(3, wide)
    if inp is None or begin_shape[0] is None or strides is None:
        return [None]
    masks = [attr_int(c.op, f"{m}_mask", 0) or 0 for m in ("begin", "end", "ellipsis", "new_axis", "shrink_axis")]
    return [validate_strided_slice(c.tensor(1, wide), c.tensor(2, wide), strides, inp, *masks)]


def validate_strided_slice(
    begin: list[int] | None,
    end: list[int] | None,
    strides: list[int],
    shape_in: Shape,
    begin_mask: int,
    end_mask: int,
    ellipsis_mask: int,
    new_axis_mask: int,
    shrink_axis_mask: int,
) -> Shape:
    """``ValidateStridedSliceOp``'s final shape (``None`` sizes unknown)."""
    if ellipsis_mask & (ellipsis_mask - 1):
        raise ShapeError("Multiple ellipses in slice spec not allowed")
    sparse_dims = len(strides)
    after_ellipsis = 0
    seen = False
    for i in range(sparse_dims):
        if seen and (1 << i) & new_axis_mask:
            after_ellipsis += 1
        if (1 << i) & ellipsis_mask:
            seen = True
    if not seen:
        ellipsis_mask |= 1 << sparse_dims
        sparse_dims += 1
    dims = len(shape_in)
    dense_begin, dense_end, dense_strides = [0] * dims, [0] * dims, [0] * dims
    dense_begin_mask = dense_end_mask = dense_shrink = 0
    gather: list[int] = []
    full = 0
    for i in range(sparse_dims):
        if (1 << i) & ellipsis_mask:
            nxt = min(dims - (sparse_dims - i) + 1 + after_ellipsis, dims)
            while full < nxt:
                dense_strides[full] = 1
                dense_begin_mask |= 1 << full
                dense_end_mask |= 1 << full
                gather.append(full)
                full += 1
        elif (1 << i) & new_axis_mask:
            gather.append(NEW_AXIS)
        else:
            if full == dims:
                if dims == 0:
                    raise ShapeError("Attempting to slice scalar input.")
                raise ShapeError(f"Index out of range using input dim {full}; input has only {dims} dims")
            if begin is not None:
                dense_begin[full] = begin[i]
            if end is not None:
                dense_end[full] = end[i]
            dense_strides[full] = strides[i]
            if begin_mask & (1 << i):
                dense_begin_mask |= 1 << full
            if end_mask & (1 << i):
                dense_end_mask |= 1 << full
            if shrink_axis_mask & (1 << i):
                gather.append(SHRINK_AXIS)
                dense_shrink |= 1 << full
            else:
                gather.append(full)
            full += 1
    processing: list[Dim] = []
    for i in range(dims):
        b, e, stride, dim = dense_begin[i], dense_end[i], dense_strides[i], shape_in[i]
        if stride == 0:
            raise ShapeError(f"strides[{i}] must be non-zero")
        shrink = bool(dense_shrink & (1 << i))
        if dim is None:
            processing.append(1 if shrink else None)
            continue
        masked = (dense_begin_mask & (1 << i), dense_end_mask & (1 << i))
        valid = (0 if stride > 0 else -1, dim if stride > 0 else dim - 1)

        def canonical(
            x: int,
            k: int,
            stride: int = stride,
            dim: int = dim,
            masked: tuple[int, int] = masked,
            valid: tuple[int, int] = valid,
        ) -> int:
            if masked[k]:
                return valid[k] if stride > 0 else valid[(k + 1) & 1]
            fwd = dim + x if x < 0 else x
            return valid[0] if fwd < valid[0] else valid[1] if fwd > valid[1] else fwd

        if shrink and stride <= 0:
            raise ShapeError("only stride 1 allowed on non-range indexing.")
        both_masked = bool(masked[0]) and bool(masked[1])
        known = True
        length = 0
        if begin is not None and end is not None:
            if shrink:
                fwd = dim + b if b < 0 else b
                if fwd < 0 or fwd >= dim:
                    raise ShapeError(f"slice index {fwd} of dimension {i} out of bounds.")
                b, e = fwd, fwd + 1
            else:
                b, e = canonical(b, 0), canonical(e, 1)
            length = e - b
        elif shrink:
            length = 1
        elif both_masked:
            length = -dim if stride < 0 else dim
        else:
            known = False
        if not known:
            processing.append(None)
        elif length == 0 or (length < 0) != (stride < 0):
            processing.append(0)
        else:
            processing.append(_cdiv(length, stride))
    out: list[Dim] = []
    for g in gather:
        if g >= 0:
            out.append(processing[g])
        elif g == NEW_AXIS:
            out.append(1)
    return tuple(out)


def _cdiv(a: int, b: int) -> int:
    """C++'s ``a / b + (a % b != 0 ? 1 : 0)`` (truncating division)."""
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    r = a - q * b
    return q + (1 if r != 0 else 0)


def squeeze(c: Context) -> list[S]:
    inp = c.input(0)
    if inp is None:
        return [None]
    rank = len(inp)
    dims = attr_ints(c.op, "squeeze_dims") or []
    wrapped = []
    for i, d in enumerate(dims):
        if d < -rank or d >= rank:
            raise ShapeError(f"squeeze_dims[{i}] not in [{-rank},{rank}).")
        wrapped.append(d + rank if d < 0 else d)
    out: list[Dim] = []
    for i, size in enumerate(inp):
        explicit = i in wrapped
        if size is None:
            if explicit:
                continue
            if not wrapped:
                return [None]
        elif size == 1:
            if explicit or not wrapped:
                continue
        elif explicit:
            raise ShapeError(f"Can not squeeze dim[{i}], expected a dimension of 1, got {size}")
        out.append(size)
    return [tuple(out)]


def expand_dims(c: Context) -> list[S]:
    inp, dim_t = c.input(0), c.tensor(1)
    if dim_t is not None and len(dim_t) != 1:
        raise ShapeError("'dim' input must be a tensor with a single value")
    if dim_t is None or inp is None:
        return [None]
    dim, rank = dim_t[0], len(inp)
    if dim < -rank - 1 or dim > rank:
        raise ShapeError(f"dim {dim} not in the interval [{-rank - 1}, {rank}].")
    if dim < 0:
        dim += rank + 1
    return [(*inp[:dim], 1, *inp[dim:])]


def tile(c: Context) -> list[S]:
    inp = c.input(0)
    multiples = c.shape_tensor(1)
    if inp is not None:
        multiples = with_rank(multiples, len(inp))
        merge(c.input(1), (len(inp),))
    if multiples is None:
        return [None]
    inp = with_rank(inp, len(multiples))
    return [tuple(multiply(a, b) for a, b in zip(inp, multiples, strict=True))]


def pad(c: Context) -> list[S]:
    paddings = with_rank(c.input(1), 2)
    with_value(paddings[1], 2)
    inp = c.input(0)
    n = paddings[0]
    if n is not None:
        inp = with_rank(inp, n)
    elif inp is not None:
        n = with_value(n, len(inp))
    values = c.tensor(1)
    if values is None:
        return [None if n is None else (None,) * n]
    count = len(values) // 2
    inp = with_rank(inp, count)
    with_value(n, count)
    out: list[Dim] = []
    for i in range(count):
        lo, hi = values[2 * i], values[2 * i + 1]
        if lo < 0 or hi < 0:
            raise ShapeError("Paddings must be non-negative")
        out.append(add(inp[i], lo + hi))
    return [tuple(out)]


def fill(c: Context) -> list[S]:
    with_rank(c.input(0), 1)
    with_rank(c.input(1), 0)
    values = c.tensor(0)
    if values is not None and any(v < 0 for v in values):
        raise ShapeError("Fill dimensions must be >= 0")
    return [c.shape_tensor(0)]


def gather_v2(c: Context) -> list[S]:
    params = with_rank_at_least(c.input(0), 1)
    indices = c.input(1)
    with_rank(c.input(2), 0)
    axis_t = c.tensor(2)
    batch_dims = attr_int(c.op, "batch_dims", 0) or 0
    if axis_t is None:
        if params is not None and indices is not None:  # batch_dims as written, even negative
            return [(None,) * (len(params) + len(indices) - 1 - batch_dims)]
        return [None]
    axis = axis_t[0]
    with_rank_at_least(params, -axis if axis < 0 else axis + 1)
    with_rank_at_least(indices, abs(batch_dims))
    if batch_dims < 0:
        if indices is None:
            return [None]
        batch_dims += len(indices)
    with_rank_at_least(params, batch_dims + 1)
    out = concatenate(subshape(params, 0, axis), subshape(indices, batch_dims))
    if axis != -1:
        out = concatenate(out, subshape(params, axis + 1))
    return [out]


def one_hot(c: Context) -> list[S]:
    axis = attr_int(c.op, "axis", -1)
    axis = -1 if axis is None else axis
    if axis < -1:
        raise ShapeError("axis must be >= -1")
    depth_t = c.tensor(1)
    depth: Dim = None
    if depth_t is not None:
        if (c.input(1) or ()) != ():
            raise ShapeError(f"Input must be scalar but has rank {len(c.input(1) or ())}")
        if depth_t[0] < 0:
            raise ShapeError(f"Dimension size, given by scalar input 1, must be non-negative but is {depth_t[0]}")
        depth = depth_t[0]
    indices = c.input(0)
    if indices is None:
        return [None]
    new_rank = len(indices) + 1
    index = (axis + new_rank) % new_rank
    return [(*indices[:index], depth, *indices[index:])]


def where(c: Context) -> list[S]:
    s = c.input(0)
    return [(None, None if s is None else len(s))]


def range_(c: Context) -> list[S]:
    for i in range(3):
        with_rank(c.input(i), 0)
    if not c.known:
        return [(None,)]
    kind = c.dtype(0)
    values = [_scalar(c.op, i, kind) for i in range(3)]
    if None in values:
        return [(None,)]
    a, b, d = (v for v in values if v is not None)
    if a > b and d > 0:
        raise ShapeError(f"Requires start <= limit when delta > 0: {_num(a)}/{_num(b)}")
    if a < b and d < 0:
        raise ShapeError(f"Requires start >= limit when delta < 0: {_num(a)}/{_num(b)}")
    if d == 0:
        raise ShapeError("Requires delta != 0")
    if isinstance(a, int) and isinstance(b, int) and isinstance(d, int):
        return [((abs(b - a) + abs(d) - 1) // abs(d),)]
    return [(math.ceil(abs((b - a) / d)),)]


def _scalar(op: Operation, i: int, kind: str) -> int | float | None:
    """A constant scalar of Range: 32/64-bit integers and floats (others not modelled)."""
    literal = op.constant(i)
    if literal is None:
        return None
    v = value(literal)
    if not isinstance(v, Dense) or isinstance(v.values, list | bool):
        return None
    if kind in ("i32", "i64") and isinstance(v.values, int):
        return v.values
    if kind in ("f32", "f64") and isinstance(v.values, int | float):
        x = float(v.values)
        return x if x.is_integer() and abs(x) < 2**24 else None  # exact in both widths
    return None


def _num(v: int | float) -> str:
    """A number as ``StrCat`` writes it (``4`` for 4.0)."""
    return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)


# -------------------------------------------------------------------------------- math ops


def matmul(c: Context) -> list[S]:
    a, b = with_rank(c.input(0), 2), with_rank(c.input(1), 2)
    ta, tb = bool(attr_bool(c.op, "transpose_a")), bool(attr_bool(c.op, "transpose_b"))
    rows, cols = a[1] if ta else a[0], b[0] if tb else b[1]
    merge_dim(a[0] if ta else a[1], b[1] if tb else b[0])
    return [(rows, cols)]


def _matmul_dims(c: Context) -> tuple[S, S, Dim, Dim]:
    a, b = with_rank_at_least(c.input(0), 2), with_rank_at_least(c.input(1), 2)
    adj_x, adj_y = bool(attr_bool(c.op, "adj_x")), bool(attr_bool(c.op, "adj_y"))
    rows = _dim(a, -1 if adj_x else -2)
    cols = _dim(b, -2 if adj_y else -1)
    return a, b, rows, cols


def batch_matmul(c: Context) -> list[S]:
    a, b, rows, cols = _matmul_dims(c)
    adj_x, adj_y = bool(attr_bool(c.op, "adj_x")), bool(attr_bool(c.op, "adj_y"))
    batch = merge(subshape(a, 0, -2), subshape(b, 0, -2))
    merge_dim(_dim(a, -2 if adj_x else -1), _dim(b, -1 if adj_y else -2))
    return [concatenate(batch, (rows, cols))]


def batch_matmul_v2(c: Context) -> list[S]:
    a, b, rows, cols = _matmul_dims(c)
    adj_x, adj_y = bool(attr_bool(c.op, "adj_x")), bool(attr_bool(c.op, "adj_y"))
    merge_dim(_dim(a, -2 if adj_x else -1), _dim(b, -1 if adj_y else -2))
    batch = broadcast_shapes(subshape(a, 0, -2), subshape(b, 0, -2))
    return [concatenate(batch, (rows, cols))]


def reduction(c: Context) -> list[S]:
    inp = c.input(0)
    with_rank_at_most(c.input(1), 1)
    keep = bool(attr_bool(c.op, "keep_dims"))
    indices = c.tensor(1)
    if indices is None or inp is None:
        return [(None,) * len(inp) if keep and inp is not None else None]
    rank = len(inp)
    true: set[int] = set()
    for i in indices:
        if i < -rank or i >= rank:
            raise ShapeError(f"Invalid reduction dimension {i} for input with {rank} dimensions.")
        true.add(i + rank if i < 0 else i)
    out: list[Dim] = []
    for i, d in enumerate(inp):
        if i in true:
            if keep:
                out.append(1)
        else:
            out.append(d)
    return [tuple(out)]


def einsum(c: Context) -> list[S]:
    equation = attr_str(c.op, "equation")
    if equation is None or "->" not in equation:
        raise _Unmodelled
    lhs, output = equation.split("->", 1)
    inputs = lhs.split(",")
    if any(not _einsum_labels(s) for s in (*inputs, output)):
        raise _Unmodelled
    if c.num_inputs == 0 or c.num_inputs > 2:
        raise ShapeError(f"Expected either 1 or 2 inputs but got: {c.num_inputs}")
    if c.num_inputs != len(inputs):
        raise ShapeError(f"Expected {len(inputs)} inputs for equation {equation} but got: {c.num_inputs}")
    labels: dict[str, Dim] = {}
    bcast: list[S] = []
    for i, subscript in enumerate(inputs):
        s = c.input(i)
        ellipsis = "..." in subscript
        if s is not None:
            if ellipsis:
                with_rank_at_least(s, len(subscript) - 3)
            else:
                with_rank(s, len(subscript))
        bcast.append(())
        seen = False
        k = 0
        while k < len(subscript):
            label = subscript[k]
            before = k
            after = k + len(s) - len(subscript) if s is not None else -1
            if label == ".":
                bcast[i] = None if s is None else subshape(s, before, after + 3)
                k += 3
                seen = True
                continue
            d = None if s is None else s[after if seen else before]
            labels[label] = merge_dim(labels[label], d) if label in labels else d
            k += 1
    out_bcast = bcast[0] if len(bcast) == 1 else broadcast_shapes(bcast[0], bcast[1])
    if "..." in output:
        if out_bcast is None:
            return [None]
    else:
        with_rank_at_most(out_bcast, 0)
        out_bcast = ()
    dims: list[Dim] = []
    k = 0
    while k < len(output):
        label = output[k]
        if label == ".":
            dims.extend(out_bcast or ())
            k += 3
            continue
        if label not in labels:
            raise ShapeError(
                f"Einsum output subscripts for equation '{equation}' has label '{label}' which is not present in "
                "the input subscripts"
            )
        dims.append(labels[label])
        k += 1
    return [tuple(dims)]


def _einsum_labels(subscript: str) -> bool:
    """Letters and at most one ``...`` (other equations: not modelled)."""
    rest = subscript.replace("...", "", 1)
    return all(ch.isalpha() for ch in rest)


class _Unmodelled(Exception):
    """An input this module does not model: say nothing."""


# ---------------------------------------------------------------------------------- nn ops


def bias_add(c: Context) -> list[S]:
    nchw = attr_str(c.op, "data_format") == "NCHW"
    inp = with_rank_at_least(c.input(0), 3 if nchw else 2)
    bias = with_rank(c.input(1), 1)
    if inp is None:
        return [None]
    if nchw:
        return [(inp[0], merge_dim(inp[1], bias[0]), *inp[2:])]
    return [(*inp[:-1], merge_dim(inp[-1], bias[0]))]


def _padding_check(padding: str, explicit: Sequence[int], nchw: bool) -> None:
    """``CheckValidPadding`` for 4-D tensors."""
    if padding == "EXPLICIT":
        if len(explicit) != 8:
            raise ShapeError(f"explicit_paddings attribute must contain 8 values, but got: {len(explicit)}")
        if any(v < 0 for v in explicit):
            raise ShapeError("All elements of explicit_paddings must be nonnegative")
        batch, depth = 0, (1 if nchw else 3)
        if explicit[2 * batch] or explicit[2 * batch + 1] or explicit[2 * depth] or explicit[2 * depth + 1]:
            raise ShapeError("Nonzero explicit padding in the batch or depth dimensions is not supported")
    elif explicit:
        raise ShapeError("explicit_paddings attribute must be empty if the padding type is not EXPLICIT.")


def windowed(size: Dim, window: Dim, dilation: int, stride: int, padding: str, before: int, after: int) -> Dim:
    """``GetWindowedOutputSizeFromDimsV2``."""
    if stride <= 0:
        raise ShapeError(f"Stride must be > 0, but got {stride}")
    if dilation < 1:
        raise ShapeError(f"Dilation rate must be >= 1, but got {dilation}")
    if padding == "SAME":
        return divide(add(size, stride - 1), stride, False)
    if padding == "VALID":
        before = after = 0
    size = add(size, before + after)
    if dilation > 1:
        effective = add(multiply(subtract(window, 1), dilation), 1)
        out = subtract(size, effective)
    else:
        out = subtract(size, window)
    return divide(add(out, stride), stride, False)


def _explicit(explicit: Sequence[int], index: int) -> tuple[int, int]:
    return (explicit[2 * index], explicit[2 * index + 1]) if len(explicit) == 8 else (-1, -1)


def conv_2d(c: Context) -> list[S]:
    fmt = attr_str(c.op, "data_format") or "NHWC"
    nchw = fmt == "NCHW"
    x, w = with_rank(c.input(0), 4), with_rank(c.input(1), 4)
    dilations = attr_ints(c.op, "dilations") or [1, 1, 1, 1]
    if len(dilations) != 4:
        raise ShapeError(f"Conv2D requires the dilation attribute to contain 4 values, but got: {len(dilations)}")
    strides = attr_ints(c.op, "strides") or []
    if len(strides) != 4:
        raise ShapeError(
            f"Conv2D on data format {fmt} requires the stride attribute to contain 4 values, but got: {len(strides)}"
        )
    h, wi = (2, 3) if nchw else (1, 2)
    channels = x[1] if nchw else x[3]
    filter_channels, out_channels = w[2], w[3]
    if channels is not None and filter_channels is not None:
        if filter_channels == 0:
            raise _Unmodelled  # TensorFlow 2.21 divides by it
        if channels % filter_channels:
            raise ShapeError(
                f"Depth of input ({channels}) is not a multiple of input depth of filter ({filter_channels})"
            )
        if channels != filter_channels and out_channels is not None:
            groups = channels // filter_channels
            if groups == 0:  # TensorFlow 2.21 divides by it
                raise _Unmodelled
            if out_channels % groups:
                raise ShapeError(
                    f"Depth of output ({out_channels}) is not a multiple of the number of groups ({groups})"
                )
    padding = attr_str(c.op, "padding") or ""
    explicit = attr_ints(c.op, "explicit_paddings") or []
    _padding_check(padding, explicit, nchw)
    rows = windowed(x[h], w[0], dilations[h], strides[h], padding, *_explicit(explicit, h))
    cols = windowed(x[wi], w[1], dilations[wi], strides[wi], padding, *_explicit(explicit, wi))
    return [(x[0], out_channels, rows, cols) if nchw else (x[0], rows, cols, out_channels)]


def depthwise_conv(c: Context) -> list[S]:
    x, w = with_rank(c.input(0), 4), with_rank(c.input(1), 4)
    strides = attr_ints(c.op, "strides") or []
    if len(strides) != 4:
        raise ShapeError(f"DepthwiseConv2D requires the stride attribute to contain 4 values, but got: {len(strides)}")
    dilations = attr_ints(c.op, "dilations") or [1, 1, 1, 1]
    if len(dilations) != 4:
        raise ShapeError(
            f"DepthwiseConv2D requires the dilations attribute to contain 4 values, but got: {len(dilations)}"
        )
    nchw = attr_str(c.op, "data_format") == "NCHW"
    if nchw:
        x = (x[0], x[2], x[3], x[1])
    h, wi = (2, 3) if nchw else (1, 2)
    depth = merge_dim(x[3], w[2])
    out_depth = multiply(depth, w[3])
    padding = attr_str(c.op, "padding") or ""
    explicit = attr_ints(c.op, "explicit_paddings") or []
    _padding_check(padding, explicit, nchw)
    rows = windowed(x[1], w[0], dilations[h], strides[h], padding, *_explicit(explicit, h))
    cols = windowed(x[2], w[1], dilations[wi], strides[wi], padding, *_explicit(explicit, wi))
    return [(x[0], out_depth, rows, cols) if nchw else (x[0], rows, cols, out_depth)]


def pool(c: Context) -> list[S]:
    name = c.op.name.split(".", 1)[1]
    fmt = attr_str(c.op, "data_format") or "NHWC"
    if fmt == "NCHW_VECT_C":
        raise _Unmodelled
    nchw = fmt == "NCHW"
    x = with_rank(c.input(0), 4)
    strides = attr_ints(c.op, "strides") or []
    if len(strides) != 4:
        raise ShapeError(f"{name} requires the stride attribute to contain 4 values, but got: {len(strides)}")
    ksize = attr_ints(c.op, "ksize") or []
    if len(ksize) != 4:
        raise ShapeError(f"{name} requires the ksize attribute to contain 4 values, but got: {len(ksize)}")
    h, wi, ch = (2, 3, 1) if nchw else (1, 2, 3)
    padding = attr_str(c.op, "padding") or ""
    explicit: list[int] = []
    if name == "MaxPool":
        explicit = attr_ints(c.op, "explicit_paddings") or []
        _padding_check(padding, explicit, nchw)
    rows = windowed(x[h], ksize[h], 1, strides[h], padding, *_explicit(explicit, h))
    cols = windowed(x[wi], ksize[wi], 1, strides[wi], padding, *_explicit(explicit, wi))
    depth = x[ch]
    if name == "MaxPool":
        depth = windowed(x[ch], ksize[ch], 1, strides[ch], padding, *_explicit(explicit, ch))
    return [(x[0], depth, rows, cols) if nchw else (x[0], rows, cols, depth)]


def infer(op: Operation, fn: ShapeFunction) -> list[S] | str | None:
    """The op's shape function ``fn`` run as TensorFlow's shape refiner runs it: each output's
    shape, its message when it fails, or ``None`` when broadcheck does not model these operands."""
    try:
        first = Context(op, known=False)
        fn(first)
        for i in sorted(first.requested):  # the refiner reads each as a partial shape
            for v in first.known_tensor(i) or ():
                if v < -1:
                    raise ShapeError(f"Invalid value in tensor used for shape: {v}")
        return fn(Context(op))
    except ShapeError as exc:
        return str(exc)
    except _Unmodelled:
        return None
