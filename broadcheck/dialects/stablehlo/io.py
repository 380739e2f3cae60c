"""StableHLO's token and host ops and the small ops around them, as iree-base-compiler 3.13
verifies them (StablehloOps.td, ``verifyInfeedOp``, ``verifyRecvOp``, ``inferSendOp``,
``verifyRngBitGeneratorOp``, ``verifyUniformQuantizeOp``, ``inferUniformDequantizeOp``,
``verifyCompositeOp`` in TypeInference.cpp): ``create_token``, ``after_all``, ``replica_id``,
``partition_id``, ``outfeed``, ``send``, ``infeed``, ``recv``, ``optimization_barrier``,
``rng_bit_generator``, ``uniform_quantize``, ``uniform_dequantize``, ``einsum``,
``unary_einsum`` and ``composite``; each in MLIR's order: the counts, the required attributes,
the ODS types of the operands then the results, the traits, the inferred result types, then
the op's ``verify()``; ``composite``'s own rules (its name, its decomposition's types) when the
module's symbol uses are verified (:func:`symbol_uses`, through the engine's call-like ops).

These checks judge ``!stablehlo.token`` (their declarations say ``tokens=True``). Not modelled
(passed over): attribute values of a kind broadcheck does not read (a non-string config, an
``infeed`` layout that is no array), a ``composite`` whose decomposition is a nested symbol
reference, MHLO's twins but ``composite`` (jaxlib's ODS words their types apart).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from broadcheck.dialects.op import FUNCTIONAL, RESULT, SAME, Layout, Op, Reading, SymbolRule, Texts, custom
from broadcheck.dialects.shaped import reading, unplaced
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
    is_mhlo,
    kind,
    require,
)
from broadcheck.dialects.stablehlo.custom_call import tuple_elements
from broadcheck.ops import OpaqueType, Operation, ShapedType, Type, TypeUse
from broadcheck.semantics import Problem, Subject
from broadcheck.semantics.stablehlo import compatible_shapes, element, type_text
from broadcheck.syntax.attributes import Struct, value
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, symbol_name

if TYPE_CHECKING:
    from broadcheck.dialects.op import Check

__all__ = [
    "after_all",
    "composite",
    "create_token",
    "declare",
    "einsum",
    "infeed",
    "optimization_barrier",
    "outfeed",
    "recv",
    "replica_id",
    "rng_bit_generator",
    "send",
    "symbol_uses",
    "uniform_dequantize",
    "uniform_quantize",
]

_STATIC, _STATIC_AXIS = kind("F", "B", "I", "C", "QT", shape="static"), kind(*TENSOR_AXIS.atoms, shape="static")
_FEED = f"{_STATIC.words} or {_STATIC_AXIS.words} or token"
"""``HLO_StaticShapeTensorOrPerAxisQuantizedTensorOrToken``, as ODS words it."""
_INT_FLOAT = kind("I", "F")
_INT_FLOAT_STATIC = kind("I", "F", shape="static")
_UI32 = "ranked tensor of 32-bit unsigned integer values"
_QUANTIZED = kind("QT", "QA")
_FLOAT = kind("F")
_QUANTIZABLE = kind("F", "QT", "QA")
_MHLO_QUANTIZABLE = kind(
    "F",
    "QT",
    "QA",
    words="ranked tensor of 4/6/8/16/32/64-bit float or "
    + " or ".join(
        f"2/4/8/16/32-bit uniform quantized {k}"
        for k in ("signed integer", "per axis signed integer", "unsigned integer", "per axis unsigned integer")
    )
    + " values",
)
"""MHLO's ``uniform_quantize`` operand (``RankedTensorOf<[MHLO_Float, MHLO_QuantizedInt]>``), in
jaxlib 0.10.2's words."""
_COMPOSITE_NAME = "^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$"


def _token(t: Type, op: Operation) -> bool:
    """Whether ``t`` is the token of ``op``'s dialect (``!stablehlo.token``, ``!mhlo.token``)."""
    return isinstance(t, OpaqueType) and t.text.strip() == f"!{dialect_of(op)}.token"


def _text(t: Type) -> str:
    """``t`` as MLIR prints it (tuples with ``, `` between their elements)."""
    from broadcheck.dialects.stablehlo.tuple import printed

    return printed(t) if tuple_elements(t) is not None else type_text(t)


def _wrong(kind_: Literal["operand", "result"], index: int, constraint: str, t: Type) -> Reject:
    args = {"kind": kind_, "index": index, "constraint": constraint, "type": _text(t)}
    return Reject(Problem("BC109", args, Subject(kind_, index)))


def _accepts(k: Kind, t: Type) -> bool:
    return isinstance(t, ShapedType) and k.accepts(t)


def _feed_type(t: Type, op: Operation) -> bool:
    return _token(t, op) or _accepts(_STATIC, t) or _accepts(_STATIC_AXIS, t)


def _inputs_then_token(op: Operation) -> None:
    """``outfeed``'s and ``send``'s operands: tensors (variadic), then one token."""
    if not op.operands:
        raise fail("BC1071", expected=1, count=0)
    *inputs, last = op.operands
    for index, use in enumerate(inputs):
        if not _accepts(TENSOR_AXIS, use.type):
            raise _wrong("operand", index, f"variadic of {TENSOR_AXIS.words}", use.type)
    if not _token(last.type, op):
        raise _wrong("operand", len(inputs), "token", last.type)


def _token_result(op: Operation) -> None:
    counts(op, results=1)
    if not _token(op.results[0].type, op):
        raise _wrong("result", 0, "token", op.results[0].type)


def _string(op: Operation, name: str) -> None:
    """An optional ``StrAttr``: a string or not read."""
    attr = op.attribute(name)
    if attr is not None and not attr.text.strip().startswith('"'):
        raise Unknown(attr.text)


def _channel_type(op: Operation) -> int:
    """The ``type`` of the required ``#stablehlo.channel_handle`` (the custom form writes none)."""
    require(op, "channel_handle")
    attr = op.attribute("channel_handle")
    if attr is None:
        raise Unknown("channel_handle")
    found = value(attr.text)
    if not isinstance(found, Struct) or found.name != f"#{dialect_of(op)}.channel_handle":
        raise Unknown(attr.text)
    kind_ = found.fields.get("type")
    if type(kind_) is not int or type(found.fields.get("handle")) is not int:
        raise Unknown(attr.text)
    return int(kind_)


def _host_transfer(op: Operation) -> bool:
    attr = op.attribute("is_host_transfer")
    if attr is None:
        return False
    text = attr.text.strip()
    if text not in ("true", "false"):
        raise Unknown(text)
    return text == "true"


def _channel(op: Operation, host: str) -> None:
    """send_c1_i4, recv_c1_i3: DEVICE_TO_DEVICE (1) without host transfer, ``host`` with it."""
    channel, transfer = _channel_type(op), _host_transfer(op)
    if not transfer and channel != 1:
        raise fail("BC1130", expected="DEVICE_TO_DEVICE", flag="false")
    if transfer and channel != (2 if host == "DEVICE_TO_HOST" else 3):
        raise fail("BC1130", expected=host, flag="true")


def _feed_results(op: Operation, tensors: str) -> None:
    """infeed_c1-c3, recv_c2-c4: one result at least, tensors, then a token (``tensors``: the code
    of the verifier's words for a non-tensor before the last)."""
    if not op.results:
        raise fail("BC1131", count=0)
    for use in op.results[:-1]:
        if not (isinstance(use.type, ShapedType) and use.type.kind == "tensor"):
            raise fail(tensors, type=_text(use.type))
    if not _token(op.results[-1].type, op):
        raise fail("BC1134", type=_text(op.results[-1].type))


def _ods_feed_results(op: Operation) -> None:
    for index, use in enumerate(op.results):
        if not _feed_type(use.type, op):
            raise _wrong("result", index, f"variadic of {_FEED}", use.type)


@checked
def create_token(op: Operation) -> None:
    """``create_token``: no operand, one token result."""
    counts(op, operands=0)
    _token_result(op)


@checked
def after_all(op: Operation) -> None:
    """``after_all``: tokens in (variadic), one token out."""
    counts(op)
    for index, use in enumerate(op.operands):
        if not _token(use.type, op):
            raise _wrong("operand", index, "variadic of token", use.type)
    _token_result(op)


@checked
def replica_id(op: Operation) -> None:
    """``replica_id`` and ``partition_id``: a ranked ``ui32`` tensor (ODS), inferred ``tensor<ui32>``."""
    counts(op, operands=0)
    result = op.results[0].type
    if not (isinstance(result, ShapedType) and result.kind == "tensor" and result.shape is not None):
        raise _wrong("result", 0, _UI32, result)
    if result.element.strip() != "ui32":
        element(result.element)  # (a type broadcheck cannot read is passed over)
        raise _wrong("result", 0, _UI32, result)
    if result.shape or result.encoding:
        raise fail("BC521", Subject("result", 0), inferred="tensor<ui32>", actual=_text(result))


@checked
def outfeed(op: Operation) -> None:
    """``outfeed``: tensors and a token in, a token out."""
    counts(op)
    _string(op, "outfeed_config")
    _inputs_then_token(op)
    _token_result(op)


@checked
def send(op: Operation) -> None:
    """``send``: its channel handle, tensors and a token in, a token out, then its inferred type's
    channel rules (send_c1_i4)."""
    counts(op)
    require(op, "channel_handle")
    _inputs_then_token(op)
    _token_result(op)
    _channel(op, "DEVICE_TO_HOST")


@checked
def infeed(op: Operation) -> None:
    """``infeed``: a token in; static tensors then a token out (infeed_c1-c3); its layout."""
    if len(op.operands) != 1:
        raise fail("BC516")
    _string(op, "infeed_config")
    attr = op.attribute("layout")
    layout = None if attr is None else value(attr.text)
    if attr is not None and not isinstance(layout, list):
        raise Unknown(attr.text)
    if not _token(op.operands[0].type, op):
        raise _wrong("operand", 0, "token", op.operands[0].type)
    _ods_feed_results(op)
    _feed_results(op, "BC1132")
    if not isinstance(layout, list):
        return
    if len(layout) != len(op.results) - 1:
        raise fail("BC1135", size=len(op.results) - 1, count=len(layout))
    for child in layout:
        if not isinstance(child, list):
            if type(child) is not int:
                raise Unknown(str(child))
            raise fail("BC1136", element=f"{child} : i64")
        for leaf in child:
            if type(leaf) is int:
                continue
            if leaf == []:
                raise fail("BC1137", leaf="[]")
            raise Unknown(str(leaf))


@checked
def recv(op: Operation) -> None:
    """``recv``: its channel handle, a token in; then its verifier: the channel rules (recv_c1_i3),
    tensors then a token out (recv_c2-c4)."""
    if len(op.operands) != 1:
        raise fail("BC516")
    require(op, "channel_handle")
    if not _token(op.operands[0].type, op):
        raise _wrong("operand", 0, "token", op.operands[0].type)
    _ods_feed_results(op)
    _channel(op, "HOST_TO_DEVICE")
    _feed_results(op, "BC1133")


@checked
def optimization_barrier(op: Operation) -> None:
    """``optimization_barrier``: tensors or tokens, each result of its operand's type."""
    tensors_ = TENSOR_AXIS if is_mhlo(op) else TENSOR  # (MHLO_Tensor takes per-axis quantized types)
    words = f"variadic of {tensors_.words} or token"
    sides: tuple[tuple[Literal["operand", "result"], tuple[TypeUse, ...]], ...] = (
        ("operand", op.operands),
        ("result", op.results),
    )
    for kind_, uses in sides:
        for index, use in enumerate(uses):
            if not (_token(use.type, op) or _accepts(tensors_, use.type)):
                raise _wrong(kind_, index, words, use.type)
    if len(op.operands) != len(op.results):
        raise fail("BC1476")
    for index, (a, b) in enumerate(zip(op.operands, op.results, strict=True)):
        if _text(a.type) != _text(b.type):
            raise fail("BC1139", index=index)


@checked
def rng_bit_generator(op: Operation) -> None:
    """``rng_bit_generator``: its algorithm, the ODS types, then the state shapes."""
    counts(op, operands=1, results=2)
    require(op, "rng_algorithm")
    state, out_state, out = op.operands[0].type, op.results[0].type, op.results[1].type
    if not _accepts(_INT_FLOAT, state):
        raise _wrong("operand", 0, _INT_FLOAT.words, state)
    if not _accepts(_INT_FLOAT, out_state):
        raise _wrong("result", 0, _INT_FLOAT.words, out_state)
    if not _accepts(_INT_FLOAT_STATIC, out):
        raise _wrong("result", 1, _INT_FLOAT_STATIC.words, out)
    assert isinstance(state, ShapedType) and isinstance(out_state, ShapedType)
    a, b = state.shape, out_state.shape
    if a is None or b is None:
        raise Unknown("unranked")
    if not compatible_shapes([tuple(a), tuple(b)]):
        raise fail("BC1138", initial=_text(state), output=_text(out_state))


def _unary(op: Operation, operand: Kind, result: Kind) -> tuple[ShapedType, ShapedType]:
    counts(op, operands=1)
    a, r = op.operands[0].type, op.results[0].type
    if not _accepts(operand, a):
        raise _wrong("operand", 0, operand.words, a)
    if not _accepts(result, r):
        raise _wrong("result", 0, result.words, r)
    assert isinstance(a, ShapedType) and isinstance(r, ShapedType)
    if a.encoding or r.encoding:
        raise Unknown("bounds")
    return a, r


def _same_shape(a: ShapedType, r: ShapedType, code: str) -> None:
    if a.shape is None or r.shape is None:
        raise Unknown("unranked")
    if not compatible_shapes([tuple(a.shape), tuple(r.shape)]):
        raise fail(code)


@checked
def uniform_dequantize(op: Operation) -> None:
    """``uniform_dequantize``: a quantized tensor in, a tensor of its shape (``Elementwise``) and
    expressed type (inferred) out."""
    a, r = _unary(op, _QUANTIZED, _FLOAT)
    _same_shape(a, r, "BC520")  # (Elementwise runs before the inferred type's check)
    quant = element(a.element).quant
    assert quant is not None and a.shape is not None and r.shape is not None
    inferred = ShapedType("tensor", a.shape, quant.expressed)
    same = compatible_shapes([tuple(a.shape), tuple(r.shape)])
    if len(a.shape) != len(r.shape) or element(r.element).text != quant.expressed or not same:
        raise fail("BC521", Subject("result", 0), inferred=type_text(inferred), actual=_text(r))


@checked
def uniform_quantize(op: Operation) -> None:
    """``uniform_quantize``: a float or quantized tensor in, a quantized one out of the same shape
    (``SameOperandsAndResultShape``), whose expressed type is the operand's (uniform_quantize_c2)."""
    a, r = _unary(op, _MHLO_QUANTIZABLE if is_mhlo(op) else _QUANTIZABLE, _QUANTIZED)
    _same_shape(a, r, "BC520")  # (Elementwise comes first)
    given, made = element(a.element), element(r.element)
    assert made.quant is not None
    expected = given.quant.expressed if given.quant is not None else given.text
    if made.quant.expressed != expected:
        raise fail("BC1140", expected=expected, actual=made.quant.expressed)


@checked
def einsum(op: Operation) -> None:
    """``einsum`` and ``unary_einsum``: their config, then tensors in and out (no verifier)."""
    counts(op, operands=2 if op.name.endswith(".einsum") else 1)
    require(op, "einsum_config")
    _string(op, "einsum_config")
    sides: tuple[tuple[Literal["operand", "result"], tuple[TypeUse, ...]], ...] = (
        ("operand", op.operands),
        ("result", op.results),
    )
    tensors_ = TENSOR_AXIS if is_mhlo(op) else TENSOR  # (MHLO_Tensor takes per-axis quantized types)
    for kind_, uses in sides:
        for index, use in enumerate(uses):
            if not _accepts(tensors_, use.type):
                raise _wrong(kind_, index, tensors_.words, use.type)


@checked
def composite(op: Operation) -> None:
    """``composite``: its required attributes; the rest is checked with the symbol uses, once the
    module verified (:func:`symbol_uses`). The custom form writes ``decomposition`` in its attribute
    dictionary, where the parser does not ask for it: the verifier does (iree-opt 3.13)."""
    require(op, "name", "decomposition")
    if op.attribute("decomposition") is None:
        raise fail("BC1070", name="decomposition")


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The function a ``composite`` names as its decomposition and the rule that holds it to it
    (``verifyCompositeOp``: composite_c1-c4), or ``None`` where its form is not read."""
    texts = {a.name: a.text.strip() for a in statement.attributes}
    name = texts.get("name")
    if name is None and not statement.generic:
        name = next((i.text for i in statement.items if i.kind == "string"), None)
    m = None if name is None else re.fullmatch(r'"([^"\\]*)"', name.strip())
    decomposition = texts.get("decomposition", "")
    if m is None or not re.fullmatch(r"@[\w$.\-]+|@\"[^\"]*\"", decomposition):
        return None
    symbol = symbol_name(decomposition)
    return (symbol,), _composite_rule(m.group(1), symbol)


def _composite_rule(name: str, symbol: str) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        if not re.fullmatch(_COMPOSITE_NAME.strip("^$"), name):
            return "BC1141", {"pattern": _COMPOSITE_NAME}
        callee = callees[0]
        if callee is None:
            return "BC1142", {"symbol": symbol}
        if any(t == "?" for t in (*texts[0], *texts[1], *callee[0], *callee[1])):
            return None
        for what, ours, theirs in (("operand", texts[0], callee[0]), ("result", texts[1], callee[1])):
            if len(ours) != len(theirs):
                return "BC1143", {"count": len(ours), "what": what, "expected": len(theirs)}
            for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
                if _key(a) != _key(b):
                    return "BC1144", {"what": what, "index": index, "type": _shown(a), "expected": _shown(b)}
        return None

    return rule


def _key(text: str) -> str:
    return "".join(text.split())


def _shown(text: str) -> str:
    """A type as written, as MLIR prints it (where broadcheck can tell)."""
    from broadcheck.dialects.stablehlo.tuple import printed

    try:
        return printed(text)
    except Unknown:
        return " ".join(text.split())


def _composite_form(statement: Statement) -> Reading:
    """``stablehlo.composite "name" %a {decomposition = @f} : (T) -> U``: the function type's
    operands and results, and the name as the generic form's ``name`` property."""
    sig = statement.signature
    named = next((i for i in statement.items if i.kind == "string"), None)
    if sig is None or sig.kind != "function" or named is None:
        return unplaced(statement)
    return reading(list(sig.inputs), list(sig.outputs), [Property("name", named.text, named.start, named.end)])


def declare(prefix: str) -> list[Op]:
    """These ops under ``prefix``. MHLO's twins share their checks: jaxlib 0.10.2's MHLO words
    their ODS types as StableHLO does, with its own token and channel handle
    (``!mhlo.token``, ``#mhlo.channel_handle``; :data:`.common.MHLO_SAME_TYPE_WORDS`;
    tests/oracle/test_hlo_legacy.py), but ``unary_einsum``, which MHLO does not define."""
    checks: dict[str, tuple[Layout, Check]] = {
        "create_token": (RESULT, create_token),
        "after_all": (SAME, after_all),
        "replica_id": (RESULT, replica_id),
        "partition_id": (RESULT, replica_id),
        "outfeed": (FUNCTIONAL, outfeed),
        "send": (FUNCTIONAL, send),
        "infeed": (FUNCTIONAL, infeed),
        "recv": (FUNCTIONAL, recv),
        "rng_bit_generator": (FUNCTIONAL, rng_bit_generator),
        "uniform_quantize": (SAME, uniform_quantize),
        "uniform_dequantize": (SAME, uniform_dequantize),
        "einsum": (FUNCTIONAL, einsum),
        "unary_einsum": (FUNCTIONAL, einsum),
        "composite": (custom(_composite_form), composite),
    }
    if prefix != "stablehlo":
        del checks["unary_einsum"]
    return [
        Op(f"{prefix}.{name}", layout, check, f"{prefix}-io", tokens=True) for name, (layout, check) in checks.items()
    ]
