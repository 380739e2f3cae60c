"""The ops on their way out of StableHLO and MHLO's own small ops, as their verifiers check them:
StableHLO's ``cross-replica-sum``, ``torch_index_select``, ``async_start`` and ``async_done``
(iree-base-compiler 3.13: StablehloOps.td, ``AsyncStartOp``/``AsyncDoneOp::inferReturnTypes``; 3.13 has no
``async_update``);
their MHLO twins and MHLO's ``bitcast``, ``trace``, ``copy``, ``domain``, ``add_dependency``,
``xla.rng_get_and_update_state``, ``async_start``/``update``/``done`` (jaxlib 0.10.2: mlir-hlo's
``hlo_ops.td``, ``hlo_ops.cc``). Each in MLIR's order: the count traits, the required attributes
and their constraints, the ODS types of the operands then the results, the traits, the inferred
types, then the op's ``verify()``.

MHLO words these in its own words (``MHLO_Tensor`` takes per-axis quantized types; its tokens
are ``!mhlo.token``); the checks word them so (:data:`.common.MHLO_OWN_WORDS`). Not modelled
(passed over): tuples where a compatibility rule reads them, the async ops' verifiers (the
region's one op, MHLO's callee, the op that defines the bundle), attribute texts broadcheck does
not read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from broadcheck.dialects.inner import ASYNC_WRAPPED
from broadcheck.dialects.op import FUNCTIONAL, Op, Reading, custom
from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    TENSOR_AXIS,
    Kind,
    Reject,
    Unknown,
    checked,
    counts,
    dialect_of,
    fail,
    inferred,
    is_mhlo,
    kind,
    ods_operands,
    ods_results,
    require,
    tensors,
)
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import compatible_shapes, hlo_compatible, tensor, type_text
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, TypeText

if TYPE_CHECKING:
    from broadcheck.dialects.op import Check

_I64 = "64-bit signless integer attribute"
_I64_ELEMENTS = "64-bit signless integer elements attribute"
_STRING = "string attribute"
_UI64_STATIC = "statically shaped tensor of 64-bit unsigned integer values"
_INTEGER = re.compile(r"\s*-?\d+\s*(?::\s*(\w+)\s*)?")
_DENSE = re.compile(r"\s*dense<.*>\s*:\s*tensor<(?:[0-9?]+x)*(\w+)>\s*", re.S)


def _raw(t: Type) -> str:
    """``t`` as written (a dialect's type) or as MLIR prints it (a tensor)."""
    return " ".join(t.text.split()) if isinstance(t, OpaqueType) else type_text(t)


def _tensor_kind(op: Operation) -> Kind:
    """``HLO_Tensor`` (StableHLO) or ``MHLO_Tensor`` (MHLO's takes per-axis quantized types)."""
    return TENSOR_AXIS if is_mhlo(op) else TENSOR


def _attribute(op: Operation, name: str, constraint: str) -> None:
    """An inherent attribute's ODS constraint, which the conversion to properties checks before any
    trait (so before the counts; in the order of the names): an ``I64Attr``, ``I64ElementsAttr`` or
    ``StrAttr`` of another kind is rejected (BC562); a text broadcheck does not read (or a property
    written ``<{...}>``, which the parser converts first) is passed over."""
    attr = op.attribute(name)
    if attr is None:
        return
    text = attr.text
    if constraint == _I64:
        m = _INTEGER.fullmatch(text)
        ok = m is not None and m.group(1) in (None, "i64")
        wrong = (m is not None and not ok) or text.strip().startswith('"')
    elif constraint == _I64_ELEMENTS:
        m = _DENSE.fullmatch(text)
        ok = m is not None and m.group(1) == "i64"
        wrong = (m is not None and not ok) or _INTEGER.fullmatch(text) is not None
    elif constraint == "bool":
        ok = text.strip() in ("true", "false")
        if not ok:
            raise Unknown(text)  # (its words are not modelled)
    else:
        ok = text.strip().startswith('"') and text.strip().endswith('"')
        wrong = _INTEGER.fullmatch(text) is not None
    if ok:
        return
    if not wrong or attr.property:
        raise Unknown(text)
    raise fail("BC562", name=name, constraint=constraint)


def _token(t: Type, op: Operation, any_token: bool = False) -> bool:
    """``op``'s dialect's token (``MHLO_AnyToken``: StableHLO's too)."""
    if not isinstance(t, OpaqueType):
        return False
    text = t.text.strip()
    return text == f"!{dialect_of(op)}.token" or (any_token and text == "!stablehlo.token")


def _wrong(side: Literal["operand", "result"], index: int, constraint: str, t: Type) -> Reject:
    args = {"kind": side, "index": index, "constraint": constraint, "type": type_text(t)}
    return Reject(Problem("BC109", args, Subject(side, index)))


def _compatible(a: Type, b: Type) -> bool:
    """``isCompatibleForHloTypeInference`` of two tensors or tokens (a tuple is not modelled)."""
    if isinstance(a, ShapedType) and isinstance(b, ShapedType):
        return hlo_compatible(tensor(a), tensor(b))
    if isinstance(a, OpaqueType) and isinstance(b, OpaqueType) and "token" in a.text and "token" in b.text:
        return a.text.strip() == b.text.strip()
    if "tuple" in _raw(a) or "tuple" in _raw(b):
        raise Unknown("tuple")
    if isinstance(a, OpaqueType) or isinstance(b, OpaqueType):
        return _raw(a) == _raw(b)
    return False


@checked
def cross_replica_sum(op: Operation) -> None:
    """``cross-replica-sum``: its ``replica_groups``, a tensor in and out, ``HLO_CompatibleOperandsAndResultType``."""
    _attribute(op, "replica_groups", _I64_ELEMENTS)
    counts(op, operands=1)
    require(op, "replica_groups")
    k = _tensor_kind(op)
    ods_operands(op, [k])
    ods_results(op, [k])
    (operand,), (result,) = tensors(op)
    if not hlo_compatible(operand, result):
        raise fail("BC517")


@checked
def torch_index_select(op: Operation) -> None:
    """``torch_index_select``: its ``dim`` and ``batch_dims``, tensors in and out (no verifier)."""
    _attribute(op, "batch_dims", _I64)
    _attribute(op, "dim", _I64)
    counts(op, operands=2)
    require(op, "batch_dims", "dim")
    k = _tensor_kind(op)
    ods_operands(op, [k, k])
    ods_results(op, [k])


@checked
def bitcast(op: Operation) -> None:
    """MHLO's ``bitcast``: a tensor in and out (no verifier)."""
    counts(op, operands=1)
    ods_operands(op, [TENSOR_AXIS])
    ods_results(op, [TENSOR_AXIS])


@checked
def trace(op: Operation) -> None:
    """MHLO's ``trace``: a tensor and its ``tag``, no result."""
    _attribute(op, "tag", _STRING)
    if op.results:
        raise fail("BC1472")
    if len(op.operands) != 1:
        raise fail("BC516")
    require(op, "tag")
    ods_operands(op, [TENSOR_AXIS])


_OR_TOKEN = f"{TENSOR_AXIS.words.removesuffix(' values')} values or token"


def _tensor_or_token(t: Type, op: Operation, any_token: bool = False) -> bool:
    return _token(t, op, any_token) or TENSOR_AXIS.accepts(t)


@checked
def domain(op: Operation) -> None:
    """MHLO's ``domain``: its kind and metadata, a tensor or token in and out, compatible types."""
    kind_ = op.attribute("kind")
    if kind_ is not None and not kind_.text.strip().startswith("#mhlo<kind "):
        raise Unknown(kind_.text)
    _attribute(op, "entry_metadata", _STRING)
    _attribute(op, "exit_metadata", _STRING)
    counts(op, operands=1)
    require(op, "entry_metadata", "exit_metadata", "kind")
    a, r = op.operands[0].type, op.results[0].type
    if not _tensor_or_token(a, op):
        raise _wrong("operand", 0, _OR_TOKEN, a)
    if not _tensor_or_token(r, op):
        raise _wrong("result", 0, _OR_TOKEN, r)
    if not _compatible(a, r):
        raise fail("BC517")


@checked
def copy(op: Operation) -> None:
    """MHLO's ``copy``: a tensor or token in and out (a tuple is passed over), ``Elementwise``, then
    compatible types."""
    counts(op, operands=1)
    a, r = op.operands[0].type, op.results[0].type
    if any("tuple" in _raw(t) for t in (a, r)):
        raise Unknown("tuple")
    memref = "memref of " + TENSOR.words.removeprefix("ranked tensor of ")
    words = f"{_OR_TOKEN} or nested tuple with any combination of {TENSOR_AXIS.words} or {memref} or token values"
    if not _tensor_or_token(a, op):
        raise _wrong("operand", 0, words, a)
    if not _tensor_or_token(r, op):
        raise _wrong("result", 0, words, r)
    # Elementwise: a tensor and a token, or two tensors of one shape
    if isinstance(a, ShapedType) != isinstance(r, ShapedType):
        raise fail("BC1157" if isinstance(a, ShapedType) else "BC1156")
    if isinstance(a, ShapedType) and isinstance(r, ShapedType):
        if a.shape is None or r.shape is None:
            raise Unknown("unranked")
        if not compatible_shapes([tuple(a.shape), tuple(r.shape)]):
            raise fail("BC1159")
    if not _compatible(a, r):
        raise fail("BC517")


@checked
def add_dependency(op: Operation) -> None:
    """MHLO's ``add_dependency``: a tensor or token and a token in; the first operand's type out (inferred)."""
    counts(op, operands=2)
    words = f"{_OR_TOKEN} or token"
    a, token, r = op.operands[0].type, op.operands[1].type, op.results[0].type
    if not _tensor_or_token(a, op, any_token=True):
        raise _wrong("operand", 0, words, a)
    if not _token(token, op, any_token=True):
        raise _wrong("operand", 1, "token or token", token)
    if not _tensor_or_token(r, op, any_token=True):
        raise _wrong("result", 0, words, r)
    if not _compatible(a, r):
        raise fail("BC521", Subject("result", 0), inferred=type_text(a), actual=type_text(r))


@checked
def rng_get_and_update_state(op: Operation) -> None:
    """MHLO's ``xla.rng_get_and_update_state``: its ``delta``; a static ``ui64`` tensor out; then its
    verifier (rank 1, size 2)."""
    counts(op, operands=0)
    require(op, "delta")
    _attribute(op, "delta", _I64)
    ods_results(op, [kind("I", shape="static", words=_UI64_STATIC)])
    r = op.results[0].type
    if not isinstance(r, ShapedType) or r.shape is None or r.element.strip() != "ui64":
        raise _wrong("result", 0, _UI64_STATIC, r)
    if r.encoding:
        raise Unknown("encoding")
    if len(r.shape) != 1:
        raise fail("BC1473", what=f"Output is of rank {len(r.shape)} instead of 1")
    if r.shape[0] != 2:
        raise fail("BC1473", what=f"Output size is {r.shape[0]} instead of 2")


_FUTURE = re.compile(r"!stablehlo\.future<(.*)>", re.S)


@checked
def async_done(op: Operation) -> None:
    """StableHLO's ``async_done``: a future in, a tensor out; the future's one type is the result's (inferred)."""
    counts(op, operands=1)
    a = op.operands[0].type
    m = _FUTURE.fullmatch(_raw(a))
    if m is None:
        raise _wrong("operand", 0, "future", a) if "future" not in _raw(a) else Unknown(_raw(a))
    ods_results(op, [TENSOR])
    from broadcheck.syntax.types import read_type

    parts = [p for p in re.split(r",(?![^<>]*>)", m.group(1)) if p.strip()]
    if len(parts) != 1:
        raise fail("BC1475", count=len(parts))
    try:
        inner = read_type(parts[0].strip())
    except SyntaxProblem:  # (`!stablehlo.future<(i32) -> i32>`: the parser's error, at the type)
        raise Unknown(parts[0]) from None
    if not isinstance(inner, ShapedType):
        raise Unknown(parts[0])
    inferred(tensor(inner), tensor(op.results[0].type))


def _printed(t: Type) -> str:
    """A region's type as MLIR prints it in a message (a tensor, or a future of tensors)."""
    m = _FUTURE.fullmatch(_raw(t)) if isinstance(t, OpaqueType) else None
    if m is None:
        return type_text(t)
    from broadcheck.syntax.types import read_type

    parts = [p.strip() for p in re.split(r",(?![^<>]*>)", m.group(1)) if p.strip()]
    try:
        return "!stablehlo.future<" + ", ".join(type_text(read_type(p)) for p in parts) + ">"
    except SyntaxProblem:  # (a future of what is no type: as written)
        return type_text(t)


@checked
def async_start(op: Operation) -> None:
    """StableHLO's ``async_start``: tensors in, a future out (ODS); its region's return (the implicit
    terminator trait), then ``AsyncStartOp::inferReturnTypes``: one wrapped op and the return, the
    region's arguments equal to the operands, one value returned, whose future is the result (equal
    types). Which op the region wraps: ``Region.inner`` names it when it is one of those it may wrap
    or one broadcheck could not read (then passed over); otherwise it is another, read."""
    if len(op.regions) != 1:
        raise fail("BC912")  # (OneRegion, the first of its traits)
    counts(op)
    ods_operands(op, [TENSOR], variadic=0)
    r = op.results[0].type
    if "future" not in _raw(r):
        raise _wrong("result", 0, "future", r)
    if op.regions[0].terminator != "stablehlo.return" or op.generic is False:
        raise Unknown("its region's form")  # (an empty region, other blocks, the parser's errors)
    region = op.regions[0]
    if region.ops != 2:
        raise fail("BC1767")
    wrapped = [name for name, _, _ in region.inner]
    if "" in wrapped:
        raise Unknown("the op its region wraps")  # (not read: which op it is, unknown)
    if len(wrapped) != 1 or wrapped[0] not in ASYNC_WRAPPED:
        raise fail("BC1778")
    if len(op.operands) != len(region.arguments):
        raise fail("BC1768", operands=len(op.operands), arguments=len(region.arguments))
    for index, (use, argument) in enumerate(zip(op.operands, region.arguments, strict=True)):
        if _printed(use.type) != _printed(argument):
            raise fail("BC1769", operand=_printed(use.type), index=index, argument=_printed(argument))
    if len(region.yields) != 1:
        raise fail("BC1770", count=len(region.yields))
    future = f"!stablehlo.future<{_printed(region.yields[0])}>"
    actual = _printed(r)
    if future != actual:
        raise fail("BC521", Subject("result", 0), inferred=future, actual=actual)


@checked
def async_bundle(op: Operation) -> None:
    """MHLO's ``async_start``, ``async_update``, ``async_done``: passed over past their counts (the
    verifiers read the callee and the op that defines the bundle)."""
    if op.name.endswith(("async_update", "async_done")) and len(op.operands) != 1:
        raise fail("BC516")
    raise Unknown("the async chain")


@checked
def topk(op: Operation) -> None:
    """MHLO's ``topk``: its ``k``, a tensor in; then ``chlo.top_k``'s inference (``inferTopKOp``)."""
    from broadcheck.dialects.chlo.top_k import top_k

    _attribute(op, "k", _I64)
    _attribute(op, "largest", "bool")
    if len(op.operands) != 1 or len(op.results) != 2:
        raise Unknown("counts")
    require(op, "k")
    ods_operands(op, [TENSOR_AXIS])
    ods_results(op, [TENSOR_AXIS, TENSOR_AXIS])
    problem = top_k(op, None)  # type: ignore[arg-type]
    if problem is not None:
        raise Reject(problem)


_SHAPES = kind("IDX", shape="1d", words="1D tensor of index values")


@checked
def minimum_broadcast_shapes(op: Operation) -> None:
    """MHLO's ``minimum_broadcast_shapes``: 1-D index tensors in and out, then its verifier's counts."""
    ods_operands(op, [_SHAPES], variadic=0)
    ods_results(op, [_SHAPES], variadic=True)
    n, m = len(op.operands), len(op.results)
    if n != m:
        raise fail("BC1478", what=f"number of operand shapes ({n}) does not match number of result shapes ({m})")
    if n < 2:
        raise fail("BC1478", what=f"number of operand shapes ({n}) should be >= 2")


_DIMENSIONS = kind("IDX", "I", shape="1d", words="1D tensor of index or 2/4/8/16/32/64-bit integer values")


@checked
def dynamic_iota(op: Operation) -> None:
    """MHLO's ``dynamic_iota``: its ``iota_dimension``, a 1-D shape in, a tensor out (no verifier)."""
    attr = op.attribute("iota_dimension")
    if attr is not None and not re.fullmatch(r"\s*\d+\s*:\s*i64\s*", attr.text):
        raise Unknown(attr.text)
    counts(op, operands=1)
    require(op, "iota_dimension")
    ods_operands(op, [_DIMENSIONS])
    ods_results(op, [TENSOR_AXIS])


def _rng_state_form(statement: Statement) -> Reading:
    """``mhlo.xla.rng_get_and_update_state {delta = 1 : i64}`` (``attr-dict``): its result is the
    type it infers, ``tensor<2xui64>``, which the form does not write."""
    return Reading([], [TypeText("tensor<2xui64>", statement.name_start, statement.name_end, "tensor<2xui64>")])


def declare(prefix: str) -> list[Op]:
    """These ops under ``prefix`` (``stablehlo`` or ``mhlo``)."""
    checks: dict[str, Check] = {
        "cross-replica-sum": cross_replica_sum,
        "torch_index_select": torch_index_select,
    }
    if prefix == "stablehlo":
        checks |= {"async_start": async_start, "async_done": async_done}
    else:
        checks |= {
            "bitcast": bitcast,
            "trace": trace,
            "copy": copy,
            "domain": domain,
            "add_dependency": add_dependency,
            "xla.rng_get_and_update_state": rng_get_and_update_state,
            "async_start": async_bundle,
            "async_update": async_bundle,
            "async_done": async_bundle,
            "topk": topk,
            "minimum_broadcast_shapes": minimum_broadcast_shapes,
            "dynamic_iota": dynamic_iota,
        }
    layouts = {"xla.rng_get_and_update_state": custom(_rng_state_form)}
    if prefix == "mhlo":  # (a StableHLO file loads no CHLO)
        from broadcheck.dialects.chlo import top_k as chlo_top_k

        # `mhlo.topk(%x, k = 4, largest = true) : T -> (V, I)`: chlo.top_k's form
        layouts["topk"] = custom(chlo_top_k.read)
    return [
        Op(
            f"{prefix}.{name}",
            layouts.get(name, FUNCTIONAL),
            check,
            f"{prefix}-legacy",
            tokens=True,
            isolated=name == "async_start" and prefix == "stablehlo",  # (its IsolatedFromAbove)
        )
        for name, check in checks.items()
    ]
