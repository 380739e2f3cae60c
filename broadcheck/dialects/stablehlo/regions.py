"""StableHLO's ops with regions: ``while``, ``case``, ``if``, ``reduce_window``, ``sort`` and ``map``, as
iree-base-compiler 3.13 verifies them (``verifyWhileOp``, ``inferConditionalOp`` in
TypeInference.cpp; the inferred result types last: iree-opt compares them after the op's
``verify()``).

``while``'s custom form (``stablehlo.while(%x = %a) : T cond {...} do {...}``) gives both
regions the operands' types as arguments; its generic form writes each region's block.
A ranked ``memref`` (``HLO_Buffer``) operand of ``stablehlo.while`` is compared as a shaped type.
Messages of these verifiers have no ``'op' op`` prefix and are reported at the op.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.dialects.assembly import Wrong, bind_problem
from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.common import (
    MHLO_WHILE_OPERANDS,
    TENSOR,
    Reject,
    Tensor,
    Unknown,
    checked,
    dilated,
    fail,
    i64_array,
    i64_elements_property,
    is_mhlo,
    ods_operands,
    ods_results,
    ranked,
    require,
    returned,
    shaped,
    tensor,
    tensors,
    windows,
)
from broadcheck.dialects.stablehlo.reduce import reducer_shape
from broadcheck.ops import OpaqueType, Operation, Region, ShapedType, Type
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import compatible_shapes, element, hlo_compatible, tensor_or_buffer, type_text
from broadcheck.syntax.attributes import Dense, DenseArray, ints, value
from broadcheck.syntax.parts import Statement

__all__ = ["array_attribute", "case", "inferred_types", "map_", "reduce_window", "sort", "while_"]


def _types(types: Sequence[Tensor]) -> str:
    """A type list as StableHLO's messages print it: ``'tensor<4xf32>', 'tensor<i32>'``."""
    return ", ".join(f"'{t}'" for t in types)


def _read(types: Sequence[Type], buffers: bool = False) -> list[Tensor]:
    if any(str(t).strip() == "?" for t in types):
        raise Unknown("a type broadcheck did not read")
    return [tensor_or_buffer(t) if buffers else tensor(t) for t in types]


def _compatible(a: Sequence[Tensor], b: Sequence[Tensor]) -> bool:
    """``isCompatibleForHloTypeInference`` of two type lists."""
    return len(a) == len(b) and all(hlo_compatible(x, y) for x, y in zip(a, b, strict=True))


def _terminated(region: Region, op: Operation) -> Region:
    if region.terminator != f"{op.name.partition('.')[0]}.return":
        raise Unknown("a region broadcheck cannot read")
    return region


def _inferred(inferred: Sequence[Tensor], results: Sequence[Tensor]) -> None:
    """The ``InferTypeOpInterface`` trait: the inferred types against the written results."""
    if _compatible(inferred, results):
        return
    expected = shaped(inferred[0]) if len(inferred) == 1 == len(results) else None
    subject = Subject("result", 0) if expected is not None else None
    inferred_, actual = "', '".join(map(str, inferred)), "', '".join(map(str, results))
    raise Reject(Problem("BC521", {"inferred": inferred_, "actual": actual}, subject, expected=expected))


@checked
def while_(op: Operation) -> None:
    """``stablehlo.while``: while_c1 and while_c2, then its results against its operands' types."""
    if len(op.regions) != 2:
        raise Unknown("regions")
    buffers = not is_mhlo(op)  # (StableHLO's HLO_Buffer operands; MHLO's are not modelled)
    if not buffers:
        _mhlo_while_operands(op)
    operands = _read([u.type for u in op.operands], buffers)
    results = _read([u.type for u in op.results], buffers)
    cond, body = op.regions
    if op.generic:
        cond_args, body_args = _read(cond.arguments, buffers), _read(body.arguments, buffers)
    else:  # the custom form's parser gives both blocks the operands' types
        cond_args = body_args = operands
    if not _compatible(operands, cond_args):
        raise fail("BC1105", operands=_types(operands), arguments=_types(cond_args))
    if not _compatible(operands, body_args):
        raise fail("BC1106", operands=_types(operands), arguments=_types(body_args))
    if not returned(body, op):
        raise fail("BC1863")
    returns = _read(body.yields, buffers)
    if not _compatible(operands, returns):
        raise fail("BC1107", operands=_types(operands), returns=_types(returns))
    returned(cond, op)  # (ending in no terminator, its last op's operands are what its verifier counts)
    condition = cond.yields
    if len(condition) != 1:
        raise fail("BC1108", count=len(condition))
    t = condition[0]
    if not isinstance(t, ShapedType) or t.shape is None:
        raise Unknown(str(t))
    if t.shape != () or t.element != "i1":
        raise fail("BC1109", type=f"'{tensor(t)}'")
    _inferred(operands, results)  # (the inferred types are compared after the op's verify())


def while_form(statement: Statement, custom: str) -> Wrong | None:
    """``while(%x = %a, ...) : T, ...``: the op has a result per pair, and the results named must be
    as many (the parser's ``operation defines N results but was provided M to bind``, at the first
    name; iree-opt 3.13)."""
    bindings = next((i for i in statement.items if i.kind == "bindings"), None)
    if bindings is None or not statement.results:
        return None
    return bind_problem(statement, len(statement.definitions))


def _mhlo_while_operands(op: Operation) -> None:
    """MHLO's ``while`` takes no tuple (StableHLO's does): the first one, where every operand
    before it is a ranked tensor (whatever else fails there is not modelled)."""
    for i, use in enumerate(op.operands):
        t = use.type
        if isinstance(t, OpaqueType) and t.text.startswith("tuple<"):
            args = {"kind": "operand", "index": i, "constraint": MHLO_WHILE_OPERANDS, "type": t.text}
            raise Reject(Problem("BC109", args, Subject("operand", i)))
        if not isinstance(t, ShapedType) or t.kind != "tensor" or t.shape is None:
            return


_RESULTS = f"variadic of {TENSOR.words} or ranked tensor of per-axis integer quantized values or token"
"""``Variadic<HLO_TensorOrPerAxisQuantizedTensorOrToken>``, as ODS words it."""


@checked
def case(op: Operation) -> None:
    """``stablehlo.case`` and ``stablehlo.if``: each branch takes no argument and returns branch
    0's types (case_c2, c3; if_c1, c2); the results are the least specific of them."""
    is_if = op.name.endswith(".if")
    if len(op.operands) != 1:
        raise Unknown("operands")
    if is_if and len(op.regions) != 2:
        raise fail("BC1118", count=2)
    pred = op.operands[0].type
    element_ = "i1" if is_if else "i32"
    if not (
        isinstance(pred, ShapedType) and pred.kind == "tensor" and pred.shape is not None and pred.element == element_
    ):
        words = "ranked tensor of bool values" if is_if else "ranked tensor of 32-bit signless integer values"
        raise Reject(Problem("BC109", {"kind": "operand", "index": 0, "constraint": words, "type": type_text(pred)}))
    for i, use in enumerate(op.results):
        r = use.type
        if (
            not (isinstance(r, ShapedType) and r.kind == "tensor" and r.shape is not None)
            and str(r) != "!stablehlo.token"
        ):
            args = {"kind": "result", "index": i, "constraint": _RESULTS, "type": type_text(r)}
            raise Reject(Problem("BC109", args, Subject("result", i)))
    if len(pred.shape) != 0:
        raise fail("BC1117", rank=len(pred.shape))
    if not op.regions:
        raise fail("BC1119")
    branches = [_terminated(r, op) for r in op.regions]
    first = _read(branches[0].yields)
    for i, region in enumerate(branches):
        if region.arguments:
            raise fail("BC1111", index=i, count=len(region.arguments))
        returned = _read(region.yields)
        if not _compatible(first, returned):
            raise fail("BC1110", index=i, first=_types(first), other=_types(returned))
    _, results = tensors(op)
    if any(t.bounds is not None or t.element.quant is not None for t in (*first, *results)):
        raise Unknown("bounds or quantized types")
    least = []
    for k, returned_k in enumerate(first):
        shapes = [_read(r.yields)[k].shape for r in branches]
        if returned_k.shape is None or any(s is None for s in shapes):
            raise Unknown("unranked")
        dims = tuple(
            d if all(s is not None and s[j] == d for s in shapes) else None for j, d in enumerate(returned_k.shape)
        )
        least.append(Tensor(dims, returned_k.element))
    _inferred(least, results)


# ---------------------------------------------------------------- reduce_window


def _array(op: Operation, name: str) -> tuple[int, ...] | None:
    """A ``DenseI64ArrayAttr`` property or attribute (``array<i64: 1, 2>``; MHLO's ``dense<[1, 2]> :
    tensor<2xi64>``), if written."""
    if is_mhlo(op):
        return i64_array(op, name)
    attr = op.attribute(name)
    if attr is None:
        return None
    found = value(attr.text)
    numbers = ints(attr.text) if isinstance(found, DenseArray) and found.element == "i64" else None
    if numbers is None:  # (another attribute, or an entry that is no integer: the parser words it)
        raise Unknown(attr.text)
    return numbers


def _padding(op: Operation) -> list[tuple[int, int]] | None:
    """``padding = dense<...> : tensor<Nx2xi64>`` as pairs (convertPaddingAttribute)."""
    attr = op.attribute("padding")
    if attr is None:
        return None
    found = value(attr.text)
    i64_elements_property(op, "padding", found)
    m = re.fullmatch(r"tensor<((?:\d+x)*)i64>", found.type) if isinstance(found, Dense) else None
    if m is None or not isinstance(found, Dense):
        raise Unknown(attr.text)
    shape = [int(d) for d in m.group(1).split("x") if d]
    if len(shape) != 2 or shape[1] != 2:
        raise fail("BC1043", shape=", ".join(map(str, shape)))
    if isinstance(found.values, int):
        return [(found.values, found.values)] * shape[0]
    if isinstance(found.values, list) and all(
        isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) for p in found.values
    ):
        return [(int(p[0]), int(p[1])) for p in found.values]
    raise Unknown(attr.text)


@checked
def reduce_window(op: Operation) -> None:
    """``stablehlo.reduce_window`` (generic form): reduce_window_c1 to c12 (the inputs and the
    window attributes), its body (verifyReducerShape: c3, c13), then the inferred result types."""
    if not op.generic or not op.regions or (len(op.operands) % 2 and len(op.operands) > 1):
        raise Unknown("a form broadcheck does not read")
    require(op, "window_dimensions")  # (ODS: the required attributes before their constraints)
    dims = _array(op, "window_dimensions")
    if dims is None:
        raise Unknown("window_dimensions")
    strides, base, dilations = (_array(op, n) for n in ("window_strides", "base_dilations", "window_dilations"))
    n = len(op.operands) // 2
    ods_operands(op, [TENSOR], variadic=0)
    ods_results(op, [TENSOR], variadic=True)
    operands, results = tensors(op)
    inputs, inits = operands[:n], operands[n:]
    if not inputs:  # (one operand is no input: SameVariadicOperandSize halves the count)
        raise fail("BC1200")
    if any(t.bounds is not None for t in (*operands, *results)):  # hloquant: quantized types checked
        raise Unknown("bounds")
    witness = ranked(inputs[0])
    for i, t in enumerate(inputs[1:], 1):
        if not compatible_shapes([witness, ranked(t)]):
            raise fail("BC1115", index=i)
    pads = _padding(op)
    for t in inputs:
        if len(ranked(t)) != len(dims):
            raise fail("BC1116", size=len(dims), input=f"'{t}'", rank=len(ranked(t)))
    for given, name in ((strides, "window-strides"), (base, "base-dilation factors"),
                        (dilations, "window-dilation factors"), (pads, "padding-entries")):  # fmt: skip
        if given and len(given) != len(dims):
            raise fail("BC1040", name=name, expected=len(dims), count=len(given))
    stride_l, base_l, dil_l = (list(x) if x else [1] * len(dims) for x in (strides, base, dilations))
    pad_l = pads or [(0, 0)] * len(dims)
    for i, size in enumerate(dims):
        for got, what in ((size, "value"), (stride_l[i], "stride"), (base_l[i], "base dilation factor"),
                          (dil_l[i], "window dilation factor")):  # fmt: skip
            if got <= 0:
                raise fail("BC1041", what=what, index=i, got=got)
    region = op.regions[0]
    terminated = returned(region, op)
    accumulators = reducer_shape(region.arguments, region.yields, inputs, inits, dims, None, terminated)
    inferred = []
    for t, acc in zip(inputs, accumulators, strict=True):
        shape: list[int | None] = []
        for i, dim in enumerate(ranked(t)):
            if dim is None:
                shape.append(None)
                continue
            padded = pad_l[i][0] + dilated(dim, base_l[i]) + pad_l[i][1]
            shape.append(windows(padded, dilated(dims[i], dil_l[i]), stride_l[i]))
        inferred.append(Tensor(tuple(shape), element(acc.element)))
    _inferred(inferred, results)


# ---------------------------------------------------------------- sort


@checked
def sort(op: Operation) -> None:
    """``stablehlo.sort``: SameOperandsAndResultShape, then verifySortOp (sort_c4, c5: the dimension,
    the comparator's arguments and its single ``tensor<i1>``), then the inferred result types."""
    if not op.generic or len(op.regions) != 1 or not op.operands:
        raise Unknown("a form broadcheck does not read")
    attr = op.attribute("dimension")
    m = re.fullmatch(r"\s*(-?\d+)\s*:\s*i64\s*", attr.text) if attr is not None else None
    if attr is not None and m is None:
        raise Unknown(attr.text)
    dimension = int(m.group(1)) if m is not None else -1
    quant.ods_tensors(op)  # hloquant
    operands, results = tensors(op)
    if any(t.shape is None or t.bounds is not None or t.element.quant is not None for t in (*operands, *results)):
        raise Unknown("unranked, bounded or quantized types")
    if not compatible_shapes([t.shape for t in (*operands, *results)]):
        raise fail("BC518")
    rank = len(ranked(operands[0]))
    if not -rank <= dimension < rank:
        raise fail("BC1120", rank=rank, dim=dimension)
    region = op.regions[0]
    returned(region, op)  # (ending in no terminator, its last op's operands are what its verifier counts)
    if len(region.arguments) != 2 * len(operands):
        raise fail("BC1121", count=2 * len(operands))
    for index, t in enumerate(operands):
        want = f"tensor<{t.element.text}>"
        for i in (2 * index, 2 * index + 1):
            got = region.arguments[i]
            if str(got).strip() == "?":
                raise Unknown("an argument's type")
            if " ".join(str(got).split()) != want:
                raise fail("BC1122", index=i, want=f"'{want}'", got=f"'{type_text(got)}'")
    if len(region.yields) != 1:
        raise fail("BC1123", count=len(region.yields))
    given = region.yields[0]
    if not isinstance(given, ShapedType) or given.shape != () or given.element != "i1":
        raise fail("BC1124", got=f"'{type_text(given)}'")
    _inferred(operands, results)


# ---------------------------------------------------------------- map


@checked
def map_(op: Operation) -> None:
    """``stablehlo.map``: SameOperandsAndResultShape, then inferMapOp (map_c3, c4: the
    computation's arity, 0-d arguments of the inputs' element types, one 0-d result, the
    dimensions), then the inferred result type."""
    if not op.generic or len(op.regions) != 1 or not op.operands:
        raise Unknown("a form broadcheck does not read")
    dimensions = _array(op, "dimensions")
    if dimensions is None:
        raise Unknown("dimensions")
    quant.ods_tensors(op)  # hloquant
    inputs, results = tensors(op)
    if any(t.shape is None or t.bounds is not None or t.element.quant is not None for t in (*inputs, *results)):
        raise Unknown("unranked, bounded or quantized types")
    if not compatible_shapes([t.shape for t in (*inputs, *results)]):
        raise fail("BC518")
    region = _terminated(op.regions[0], op)
    if len(region.arguments) != len(inputs):  # (counted before any is read: an argument may be no tensor)
        raise fail("BC1125", inputs=len(inputs), count=len(region.arguments))
    arguments = _read(region.arguments)
    for i, (arg, t) in enumerate(zip(arguments, inputs, strict=True)):
        if arg.shape != ():
            raise fail("BC1126", index=i, type=f"'{arg}'")
        if arg.element.text != t.element.text:
            raise fail("BC1127", element=f"'{t.element.text}'", arg=f"'{arg.element.text}'")
    returned = _read(region.yields)
    if len(returned) != 1:
        raise fail("BC1128", count=len(returned))
    if returned[0].shape != ():
        raise fail("BC1129", type=f"'{returned[0]}'")
    if any(d != i for i, d in enumerate(dimensions)):
        raise fail("BC547", dims=", ".join(map(str, dimensions)))
    for t in inputs:
        assert t.shape is not None
        if len(dimensions) != len(t.shape):
            raise fail("BC548", rank=len(t.shape), count=len(dimensions))
    _inferred([Tensor(inputs[-1].shape, returned[0].element)], results)


inferred_types = _inferred
"""The ``InferTypeOpInterface`` check of several results (for the collectives and ``select_and_scatter``)."""
array_attribute = _array
"""A ``DenseI64ArrayAttr`` in either dialect's form (for ``select_and_scatter``'s window)."""
