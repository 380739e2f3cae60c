"""``stablehlo.select_and_scatter`` as iree-base-compiler 3.13 verifies it (``verifySelectAndScatterOp``,
``inferSelectAndScatterOp`` in TypeInference.cpp), in its generic form: the select body (two 0-d
arguments of the operand's element type, one ``tensor<i1>`` returned), the scatter body
(``verifyReducerShape`` with the source's element type and the init value), the window against
the operand, the source against the window's output, then the inferred result type (the operand's
shape, the scatter body's element type). Messages without ``'op' op``, at the op.
"""

from __future__ import annotations

from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.collectives import (
    I64_ELEMENTS,
    attributes,
    collective_check,
    elements_i64,
    reducer,
    tuple_text,
)
from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    Tensor,
    Unknown,
    dilated,
    fail,
    ods_operands,
    ods_results,
    ranked,
    returned,
    tensors,
    windows,
)
from broadcheck.dialects.stablehlo.regions import array_attribute, inferred_types
from broadcheck.ops import Operation, Region, ShapedType, Type
from broadcheck.semantics.stablehlo import type_text

__all__ = ["select_and_scatter"]

_FLOATS = frozenset({"f16", "bf16", "f32", "f64", "tf32"})


def _is_float(elem: str) -> bool:
    return elem in _FLOATS or elem.startswith("f8")


def _same_element(a: str, b: str) -> bool:
    """``tensorsHaveSameElType`` with ``ignoreFpPrecision``."""
    return a == b or (_is_float(a) and _is_float(b))


def _compatible(want: Tensor, got: Type) -> bool:
    """``compatibleShapeAndElementType(want, got, ignoreFpPrecision=true)``."""
    if not isinstance(got, ShapedType) or got.kind != "tensor":
        raise Unknown(str(got))
    assert want.shape is not None
    if got.shape is not None:
        if len(got.shape) != len(want.shape):
            return False
        if any(x is not None and y is not None and x != y for x, y in zip(want.shape, got.shape, strict=True)):
            return False
    return _same_element(want.element.text, quant.printed(got.element))  # hloquant


def _padding(op: Operation, name: str) -> tuple[tuple[int, ...], list[int]] | None:
    return elements_i64(op, name, I64_ELEMENTS)


def _region(op: Operation, index: int) -> Region:
    region = op.regions[index]
    returned(region, op)  # (ending in no terminator, its last op's operands are what the select's verifier counts)
    if any(str(t).strip() == "?" for t in (*region.arguments, *region.yields)):
        raise Unknown("a type broadcheck did not read")
    return region


@collective_check
def select_and_scatter(op: Operation) -> None:
    """``stablehlo.select_and_scatter``: select_and_scatter_c1 to c12."""
    if not op.generic or len(op.regions) != 2 or len(op.operands) != 3 or len(op.results) != 1:
        raise Unknown("a form broadcheck does not read")
    readers = {"window_dimensions": array_attribute, "window_strides": array_attribute, "padding": _padding}
    values = attributes(op, readers, [])
    dims, strides, padding = (values.get(n) for n in ("window_dimensions", "window_strides", "padding"))
    assert dims is None or isinstance(dims, tuple)
    assert strides is None or isinstance(strides, tuple)
    assert padding is None or isinstance(padding, tuple)
    ods_operands(op, [TENSOR, TENSOR, TENSOR])
    ods_results(op, [TENSOR])
    (operand, source, init), (result,) = tensors(op)
    if any(
        t.shape is None or t.bounds is not None
        for t in (operand, source, init, result)  # hloquant
    ):
        raise Unknown("unranked, bounded or quantized types")
    select, scatter = _region(op, 0), _region(op, 1)
    if len(select.arguments) != 2:
        raise fail("BC1238", what=f"expects the select-region to take 2 parameters, but takes {len(select.arguments)}")
    want = Tensor((), operand.element)
    for i, arg in enumerate(select.arguments):
        if not _compatible(want, arg):
            raise fail(
                "BC1238",
                what=f"expects the type of select-region's parameter at index {i} to be '{want}', "
                f"but got '{type_text(arg)}'",
            )
    if len(select.yields) != 1:
        raise fail("BC1238", what=f"expects select-region to return single value, but got: {len(select.yields)}")
    returned = select.yields[0]
    if not (isinstance(returned, ShapedType) and returned.kind == "tensor" and returned.shape == ()
            and returned.element.strip() == "i1"):  # fmt: skip
        printed = tuple_text(returned)
        if printed is None and not isinstance(returned, ShapedType):
            raise Unknown(str(returned))
        printed = printed or type_text(returned)
        raise fail(
            "BC1238",
            what=f"expects the return-type of select-region to be tensor<i1>, but got: '{printed}'",
        )
    acc = reducer(scatter, Tensor((), source.element), init)
    shape = ranked(operand)
    window = list(dims or ())
    if len(shape) != len(window):
        raise fail(
            "BC1239",
            what=f"expects window-dimensions size == operand rank, but got window-dimensions size: {len(window)} "
            f"and operand-type: '{operand}' with rank = {len(shape)}.",
        )
    pads: list[tuple[int, int]] = []
    if padding is not None:
        pad_shape, values = padding
        if len(pad_shape) != 2 or pad_shape[1] != 2:
            raise fail("BC1043", shape=", ".join(map(str, pad_shape)))
        pads = [(values[2 * i], values[2 * i + 1]) for i in range(pad_shape[0])]
    for given, name in ((strides, "window-strides"), (pads, "padding-entries")):
        if given and len(given) != len(window):
            raise fail("BC1040", name=name, expected=len(window), count=len(given))
    stride_l = list(strides) if strides else [1] * len(window)
    for i, size in enumerate(window):
        if size <= 0:
            raise fail("BC1041", what="value", index=i, got=size)
        if stride_l[i] <= 0:
            raise fail("BC1041", what="stride", index=i, got=stride_l[i])
    pad_l = pads or [(0, 0)] * len(window)
    out: list[int | None] = []
    for i, dim in enumerate(shape):
        if dim is None:
            out.append(None)
            continue
        padded = pad_l[i][0] + dilated(dim, 1) + pad_l[i][1]
        out.append(windows(padded, window[i], stride_l[i]))
    expected = Tensor(tuple(out), operand.element)
    written = ShapedType("tensor", source.shape, source.element.text)
    if not _compatible(expected, written):
        raise fail("BC1239", what=f"expects source-type to be '{expected}', but got'{source}'")
    inferred_types([Tensor(operand.shape, acc.element)], [result])
