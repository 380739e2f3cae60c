"""``stablehlo.convolution``, as StableHLO's verifier checks it (``inferConvolutionOp``,
``verifyConvolutionAttributes``, ``verifyWindowAttributesAndInferWindowDimensions`` in
TypeInference.cpp at iree-base-compiler 3.13).

The custom form prints ``dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window =
{stride = [2, 2], pad = [[2, 3], [2, 3]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse =
[false, false]}`` and the group counts in its attribute dictionary; the generic form has
``dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>``,
``window_strides``, ``padding`` (an elements attribute of shape Nx2), ``lhs_dilation``,
``rhs_dilation`` and ``window_reversal``. The verifier checks the ranks, the element types,
the dimension numbers, the group counts against the feature and batch sizes, the window
attributes, then compares the inferred shape with the result's (sizes only).

The dimension numbers and the custom form's window clause are read first, as the parser reads
them (:mod:`.conv_syntax`, whose errors are the parser's).

Not modelled (passed over): quantized types, attribute values broadcheck cannot read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.dialects.stablehlo import conv_syntax, quant  # hloquant
from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    TENSOR_AXIS,
    Unknown,
    checked,
    counts,
    dialect_of,
    dictionary_constraint,
    dilated,
    fail,
    i64_array,
    i64_elements_property,
    is_mhlo,
    ods_operands,
    ods_results,
    ranked,
    require,
    tensors,
    windows,
)
from broadcheck.dialects.stablehlo.contract import _check_precision, _precision, _result_shape
from broadcheck.ops import Operation
from broadcheck.semantics.stablehlo import compatible_elements
from broadcheck.syntax.attributes import Dense, DenseArray, ints, value

POSITIVE = "64-bit signless integer attribute whose value is positive"


Window = tuple[
    tuple[int, ...] | None, list[tuple[int, int]] | None, tuple[int, ...] | None, tuple[int, ...] | None, int | None
]


def _window(op: Operation, clause: dict[str, tuple[int, ...]] | None) -> Window:
    """Strides, padding pairs, base and window dilations, and how many reversal flags, as given
    (``clause``: the custom form's ``window = {...}``, as :func:`.conv_syntax.window_clause` read it;
    what it leaves out, the attribute dictionary may give: its parser adds both to the op's
    attributes, ``window = {stride = [1, 1]} {rhs_dilation = dense<2> : tensor<2xi64>}``)."""
    if clause is not None:
        pad = clause.get("pad")
        reverse = clause.get("reverse")
        given = (
            clause.get("stride"),
            None if pad is None else list(zip(pad[::2], pad[1::2], strict=True)),
            clause.get("lhs_dilate"),
            clause.get("rhs_dilate"),
            None if reverse is None else len(reverse),
        )
        if all(part is not None for part in given) or not _WINDOW_NAMES.intersection(a.name for a in op.attributes):
            return given
        written = _attribute_window(op)
        return tuple(a if a is not None else b for a, b in zip(given, written, strict=True))  # type: ignore[return-value]
    return _attribute_window(op)


_WINDOW_NAMES = frozenset(("window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal"))


def _attribute_window(op: Operation) -> Window:
    """:func:`_window` as the op's attributes give it."""
    out: list[tuple[int, ...] | None] = []
    for name in ("window_strides", "lhs_dilation", "rhs_dilation"):
        attr = op.attribute(name)
        if attr is None:
            out.append(None)
            continue
        if is_mhlo(op):  # MHLO's I64ElementsAttr
            out.append(i64_array(op, name))
            continue
        v = value(attr.text)
        if not isinstance(v, DenseArray) or v.element != "i64":
            if v is None:
                raise Unknown(attr.text)
            raise fail("BC562", name=name, constraint="i64 dense array attribute")
        numbers = ints(attr.text)
        if numbers is None:  # an entry that is no integer: the parser words it
            raise Unknown(attr.text)
        out.append(numbers)
    padding = op.attribute("padding")
    pairs = None
    if padding is not None:
        v = value(padding.text)
        i64_elements_property(op, "padding", v)
        one = re.fullmatch(r"tensor<(\d+)xi64>", v.type) if isinstance(v, Dense) else None
        if one is not None:
            raise fail("BC1043", shape=one.group(1))
        if not isinstance(v, Dense) or not re.fullmatch(r"tensor<(\d+)x(\d+)xi64>", v.type):
            raise Unknown(padding.text)
        rows, cols = map(int, re.fullmatch(r"tensor<(\d+)x(\d+)xi64>", v.type).groups())  # type: ignore[union-attr]
        if cols != 2:
            raise fail("BC1043", shape=f"{rows}, {cols}")
        if isinstance(v.values, int):
            pairs = [(v.values, v.values)] * rows
        elif rows == 0 and not v.values:  # `dense<> : tensor<0x2xi64>`: no spatial dimension
            pairs = []
        elif isinstance(v.values, list) and all(
            isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) for p in v.values
        ):
            pairs = [(int(a), int(b)) for a, b in v.values]
        else:
            raise Unknown(padding.text)
    reversal = op.attribute("window_reversal")
    flags = None
    if reversal is not None:
        v = value(reversal.text)
        if is_mhlo(op) and isinstance(v, Dense) and isinstance(v.values, list):
            m = re.fullmatch(r"tensor<(\d+)xi1>", v.type)
            if m is None or int(m.group(1)) != len(v.values):
                raise Unknown(reversal.text)
            flags = len(v.values)
        elif not isinstance(v, DenseArray) or v.element != "i1":
            raise Unknown(reversal.text)
        else:
            flags = len(v.values)
    return out[0], pairs, out[1], out[2], flags


def _count(op: Operation, name: str) -> int | None:
    attr = op.attribute(name)
    if attr is None:
        return None
    number, colon, typ = attr.text.partition(":")
    try:
        got = int(number.strip())
    except ValueError:
        raise Unknown(attr.text) from None
    if (colon and typ.strip() != "i64") or got <= 0:
        if not op.generic:
            raise dictionary_constraint(op, name, POSITIVE, clauses=("dim_numbers", "window"))
        raise fail("BC562", name=name, constraint=POSITIVE)
    return got


def _group_counts(op: Operation) -> tuple[int | None, int | None]:
    """``feature_group_count`` and ``batch_group_count``, checked in the order the parser meets
    them: ODS's in the generic form's properties, by name in an attribute dictionary (both forms;
    iree-opt 3.13)."""
    names = ("feature_group_count", "batch_group_count")
    in_properties = any(a.property for a in op.attributes if a.name in names)
    got = {name: _count(op, name) for name in (names if in_properties else names[::-1])}
    return got[names[0]], got[names[1]]


def _unique(values: Sequence[int]) -> bool:
    return len(set(values)) == len(values)


_PROPERTY_HEADS = {
    "padding": "dense<",
    "window_reversal": "array<i1",
    "precision_config": "[",
}
"""The properties of the generic form's ``<{...}>`` (JAX's generic print) read only by their kind's head."""


def _plain_properties(op: Operation) -> None:
    """The generic form's ``<{...}>`` is converted into the op's properties while parsing, whose errors
    are not modelled: each property must be of its declared kind (else the op is passed over), and is
    then read as its attribute would be."""
    for attr in op.attributes:
        if not attr.property:
            continue
        text = attr.text.strip()
        if attr.name in ("window_strides", "lhs_dilation", "rhs_dilation"):
            v = value(text)
            if isinstance(v, DenseArray) and v.element == "i64":
                continue
        elif attr.name in ("feature_group_count", "batch_group_count"):
            if re.fullmatch(r"-?\d+\s*:\s*i64", text):
                continue
        else:
            head = f"#{dialect_of(op)}.conv<" if attr.name == "dimension_numbers" else _PROPERTY_HEADS.get(attr.name)
            if head is not None and text.startswith(head):
                continue
        raise Unknown("properties")  # a value of another kind: the conversion's error


@checked
def convolution(op: Operation) -> None:
    """``stablehlo.convolution``: convolution_c1 to c27, then the inferred shape."""
    numbers = conv_syntax.numbers(op)  # the parser's errors first
    clause = conv_syntax.window_clause(op)
    _plain_properties(op)
    feature_groups, batch_groups = _group_counts(op)
    window = _window(op, clause)
    precision = _precision(op)
    counts(op, operands=2)
    require(op, "dimension_numbers", "feature_group_count", "batch_group_count")
    for name in ("feature_group_count", "batch_group_count"):  # the custom form's dictionary holds these
        if op.attribute(name) is None:
            raise fail("BC1070", name=name)
    ods_operands(op, [TENSOR, TENSOR_AXIS])
    ods_results(op, [TENSOR_AXIS])
    (lhs, rhs), (result,) = tensors(op)
    if any((t.element.quant is not None and is_mhlo(op)) or t.bounds is not None for t in (lhs, rhs, result)):
        raise Unknown("quantized (MHLO) or bounded")  # hloquant: StableHLO's quantized rules are quant.py's
    if numbers is None or feature_groups is None or batch_groups is None:
        raise Unknown("dimension numbers")
    if is_mhlo(op) and (lhs.shape is None or rhs.shape is None):
        return  # (MHLO verifies an unranked convolution no further)
    ls, rs = ranked(lhs), ranked(rhs)
    if is_mhlo(op):  # MHLO compares the ranks first, with its op prefix, and has no element type rule
        if len(ls) != len(rs):
            raise fail("BC1250", lhs=f"'{lhs}'", rhs=f"'{rhs}'")
        if len(ls) < 2:
            raise fail("BC1251", lhs=f"'{lhs}'", rhs=f"'{rhs}'")
    if len(ls) < 2:
        raise fail("BC1027", lhs=f"'{lhs}'", rhs=f"'{rhs}'")
    if len(ls) != len(rs):
        raise fail("BC1028", lhs=f"'{lhs}'", rhs=f"'{rhs}'")
    if not is_mhlo(op) and not quant.quantized(lhs, rhs) and not compatible_elements(lhs.element, rhs.element):
        raise fail("BC1029", lhs=f"'{lhs.element.text}'", rhs=f"'{rhs.element.text}'")
    ib, if_, ispatial = numbers.input
    ki, ko, kspatial = numbers.kernel
    ob, of, ospatial = numbers.output
    if not len(ispatial) == len(kspatial) == len(ospatial):
        raise fail("BC1030", input=len(ispatial), kernel=len(kspatial), output=len(ospatial))
    n = len(ls)
    sides = ((ib, if_, *ispatial), (ki, ko, *kspatial), (ob, of, *ospatial))
    if not all(0 <= d < n for side in sides for d in side):
        raise fail("BC1031", rank=n)
    for side, name in zip(sides, ("input", "kernel", "output"), strict=True):
        if not _unique(side):
            raise fail("BC1032", side=name, dims=", ".join(map(str, side)))
    if batch_groups > 1 and feature_groups > 1:
        raise fail("BC1033", batch=batch_groups, feature=feature_groups)
    batch, features = ls[ib], ls[if_]
    kernel_in, kernel_out = rs[ki], rs[ko]
    if batch is not None and batch % batch_groups:
        raise fail("BC1034", size=batch, count=batch_groups)
    if features is not None:
        if features % feature_groups:
            raise fail("BC1035", size=features, count=feature_groups)
        if kernel_in is not None and features // feature_groups != kernel_in:
            raise fail("BC1036", size=features, kernel=kernel_in, count=feature_groups)
    if kernel_out is not None:
        if kernel_out % batch_groups:
            raise fail("BC1037", size=kernel_out, count=batch_groups)
        if kernel_out % feature_groups:
            raise fail("BC1038", size=kernel_out, count=feature_groups)
    _check_precision(precision)
    if n != len(ispatial) + 2 and not is_mhlo(op):
        raise fail("BC1039", expected=len(ispatial) + 2, rank=n)
    sizes = [rs[d] for d in kspatial]
    strides, pads, base, dilation, flags = window
    k = len(sizes)
    for given, name in ((strides, "window-strides"), (base, "base-dilation factors"),
                        (dilation, "window-dilation factors"), (pads, "padding-entries"),
                        (flags, "window-reversal")):  # fmt: skip
        size = given if isinstance(given, int) else (None if given is None else len(given))
        if size is not None and size != 0 and size != k:
            raise fail("BC1040", name=name, expected=k, count=size)
    stride_l = list(strides) if strides else [1] * k
    base_l = list(base) if base else [1] * k
    dil_l = list(dilation) if dilation else [1] * k
    pad_l = list(pads) if pads else [(0, 0)] * k
    for i in range(k):
        if sizes[i] is not None and sizes[i] <= 0:  # type: ignore[operator]
            raise fail("BC1041", what="value", index=i, got=sizes[i])
        if stride_l[i] <= 0:
            raise fail("BC1041", what="stride", index=i, got=stride_l[i])
        if base_l[i] <= 0:
            raise fail("BC1041", what="base dilation factor", index=i, got=base_l[i])
        if dil_l[i] <= 0:
            raise fail("BC1041", what="window dilation factor", index=i, got=dil_l[i])
    out: list[int | None] = [None] * n
    for i in range(k):
        base_size, size = ls[ispatial[i]], sizes[i]
        if base_size is None or size is None:
            out[ospatial[i]] = None
            continue
        padded = pad_l[i][0] + dilated(base_size, base_l[i]) + pad_l[i][1]
        if padded < 0:
            raise Unknown("a negative padded size")  # the C++ asserts on it
        out[ospatial[i]] = windows(padded, dilated(size, dil_l[i]), stride_l[i])
    out[ob] = None if batch is None else batch // batch_groups
    out[of] = kernel_out
    if is_mhlo(op):
        return _mhlo_result(out, {*ospatial[:k], ob, of}, result)
    _result_shape(out, result, op.results[0].type)
    quant.reject(quant.convolution(lhs, rhs, result, ko, of))  # hloquant


# dyn: MHLO's convolution, and ``stablehlo.dynamic_conv``: a convolution whose padding is an operand
from broadcheck.dialects.stablehlo.common import Reject, Tensor, kind  # noqa: E402
from broadcheck.ops import Attribute, ShapedType, TypeUse  # noqa: E402
from broadcheck.semantics import Problem, Profile, Subject  # noqa: E402


def _mhlo_result(inferred: list[int | None], covered: set[int], result: Tensor) -> None:
    """MHLO's P4 (``ConvolutionOp::verify``): an unranked result passes; a ranked one has the
    operands' rank, and its sizes are compatible with the inferred ones, which keep the result's
    own sizes where the dimension numbers name no output dimension."""
    if result.shape is None:
        return
    if len(result.shape) != len(inferred):
        raise fail("BC1252", rank=len(inferred), got=len(result.shape))
    full = [d if i in covered else result.shape[i] for i, d in enumerate(inferred)]
    if all(a is None or b is None or a == b for a, b in zip(full, result.shape, strict=True)):
        return
    shape = ", ".join("?" if d is None else str(d) for d in full)
    raise fail("BC1253", subject=Subject("result", 0), shape=f"[{shape}]", type=result)


PADDING = kind("I", shape="static", words="statically shaped 2-dimensional integer tensor of 2/4/8/16/32/64-bit "
               "integer values")  # fmt: skip
"""``HLO_Static2DIntTensor``."""
WINDOW_ONLY = frozenset({"BC1040", "BC1041"})


def _as_convolution(op: Operation, padding: list[tuple[int, int]] | None) -> Operation:
    """``op`` as the ``stablehlo.convolution`` it describes: its lhs and rhs, its attributes with
    ``padding`` (when given) as the attribute, and a result of the lhs's rank with every size
    ``?`` (dynamic_conv's verifier infers a type but never compares it with the result's)."""
    lhs = op.operands[0].type
    assert isinstance(lhs, ShapedType) and lhs.shape is not None
    result = op.results[0]
    free = ShapedType("tensor", (None,) * len(lhs.shape), lhs.element)
    attributes = tuple(a for a in op.attributes if a.name != "padding")
    if padding:
        rows = ", ".join(f"[{a}, {b}]" for a, b in padding)
        text = f"dense<[{rows}]> : tensor<{len(padding)}x2xi64>"
        attributes = (*attributes, Attribute("padding", text, op.name_span))
    return Operation(
        op.name,
        op.name_span,
        op.span,
        op.operands[:2],
        (TypeUse(free, result.span),),
        attributes,
        op.generic,
        op.regions,
        op.constants[:2],
    )


@checked
def dynamic_conv(op: Operation) -> None:
    """``stablehlo.dynamic_conv`` (generic form only, its properties ``<{...}>`` as JAX prints them):
    ``inferDynamicConvOp``, which is convolution's verifier with the padding's shape checked after the
    ranks, the window checked only where a constant gives the padding, and no comparison with the
    result type."""
    from broadcheck.dialects.stablehlo.dynamic import matched_ints

    if not op.generic:
        raise Unknown("no custom form")  # the parser's error
    if any(a.property and a.name == "padding" for a in op.attributes):
        raise Unknown("a padding property")  # (an operand here: not one of its properties)
    _plain_properties(op)
    _group_counts(op)
    conv_syntax.numbers(op)
    _window(op, None)
    _precision(op)
    counts(op, operands=3)
    require(op, "dimension_numbers", "feature_group_count", "batch_group_count")
    ods_operands(op, [TENSOR, TENSOR])
    static_2d = op.operands[2].type
    if not (PADDING.accepts(static_2d) and isinstance(static_2d, ShapedType) and len(static_2d.shape or ()) == 2):
        args = {"kind": "operand", "index": 2, "constraint": PADDING.words, "type": str(static_2d)}
        raise Reject(Problem("BC109", args, Subject("operand", 2)))
    ods_results(op, [TENSOR])
    (lhs, _, padding), _ = tensors(op)
    if any(t.element.quant is not None for t in tensors(op)[0]):
        raise Unknown("quantized")
    # (convolution's check reads no profile)
    problem = convolution(_as_convolution(op, None), Profile.SPEC)
    if problem is not None and problem.code not in WINDOW_ONLY:
        raise Reject(problem)
    rows, cols = ranked(padding)
    n = len(ranked(lhs))
    if rows != n - 2 or cols != 2:
        raise fail("BC1249", rows=n - 2, cols=2, got_rows=rows, got_cols=cols)
    values = matched_ints(op, 2)
    if values is None:
        return
    pairs = [(values[2 * i], values[2 * i + 1]) for i in range(len(values) // 2)]
    problem = convolution(_as_convolution(op, pairs), Profile.SPEC)
    if problem is not None:
        raise Reject(problem)
