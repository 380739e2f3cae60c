"""StableHLO's contractions: ``dot_general`` and ``dot``, as StableHLO's verifier checks them
(``checkDotGeneralConstraints``, ``inferDotGeneralOp``, ``inferDotOp`` in TypeInference.cpp at
iree-base-compiler 3.13).

``dot_general``'s dimension numbers print as ``batching_dims = [0] x [0], contracting_dims =
[2] x [1]`` in the custom form and as ``#stablehlo.dot<lhs_batching_dimensions = [0], ...>``
in the generic form; ``precision = [DEFAULT, HIGH]`` or ``precision_config =
[#stablehlo<precision DEFAULT>, ...]``. Their verifiers infer the result's shape and compare
it with the result's (sizes only: ``inferred shape '[2, 3]' is incompatible with return type
of operation 'tensor<2x4xf32>'``); element types are not related, but ``dot_general``'s quantized
ones are (:mod:`.quant`; ``dot``'s verifier has no quantized rule; MHLO's quantized contractions
are passed over). An ``algorithm`` must be one StableHLO knows (else the op
is passed over) and asks for ``DEFAULT`` precisions.

PASS::

    %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
        : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>

FAIL::

    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1]
        : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
"""

from __future__ import annotations

from collections.abc import Sequence

from broadcheck.dialects.assembly import Found, Wrong, clause_name, is_comma
from broadcheck.dialects.stablehlo import quant  # hloquant
from broadcheck.dialects.stablehlo.common import (
    TENSOR,
    TENSOR_AXIS,
    Reject,
    Tensor,
    Unknown,
    checked,
    counts,
    dialect_of,
    dims,
    fail,
    is_mhlo,
    kind,
    ods_operands,
    ods_results,
    ranked,
    require,
    tensors,
)
from broadcheck.ops import Attribute, Operation, ShapedType, Span
from broadcheck.semantics import Problem, Subject
from broadcheck.syntax.attributes import Enum, Struct, value
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Statement

_PAIR = lazy(r"\s*\[([^\]]*)\]\s*x\s*\[([^\]]*)\]\s*")
_PRECISIONS = frozenset({"DEFAULT", "HIGH", "HIGHEST"})


def _int_list(text: str) -> tuple[int, ...]:
    items = [t.strip() for t in text.split(",") if t.strip()]
    try:
        return tuple(int(t) for t in items)
    except ValueError:
        raise Unknown(text) from None


def _pair(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    m = _PAIR.fullmatch(text)
    if m is None:
        raise Unknown(text)
    return _int_list(m.group(1)), _int_list(m.group(2))


Dims = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_FIELDS = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
           "rhs_contracting_dimensions")  # fmt: skip


def _dimension_numbers(op: Operation) -> Dims | None:
    """The four lists of ``dot_dimension_numbers`` (``None``: absent from the generic form)."""
    if op.generic or op.attribute("dot_dimension_numbers") is not None:
        attr = op.attribute("dot_dimension_numbers")
        if attr is None:
            return None
        v = value(attr.text)
        dot = f"#{dialect_of(op)}.dot"
        if isinstance(v, Enum) and v.name == dot and not v.words:
            return (), (), (), ()  # `#stablehlo.dot<>`
        if not isinstance(v, Struct) or v.name != dot or v.positional:
            raise Unknown(attr.text)
        if set(v.fields) - set(_FIELDS):
            raise Unknown(attr.text)
        out = []
        for name in _FIELDS:
            found = v.fields.get(name, [])
            if not isinstance(found, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in found):
                raise Unknown(attr.text)
            out.append(tuple(int(x) for x in found))
        return out[0], out[1], out[2], out[3]
    batching = op.attribute("batching_dims")
    contracting = op.attribute("contracting_dims")
    if contracting is None:
        raise Unknown("a custom form without contracting_dims")  # the parser's error, not modelled
    lb, rb = _pair(batching.text) if batching is not None else ((), ())
    lc, rc = _pair(contracting.text)
    return lb, rb, lc, rc


def _precision(op: Operation) -> tuple[str, ...] | None:
    """The precisions ``precision_config`` (``precision = [...]``) lists; ``None``: none given."""
    attr = op.attribute("precision_config")
    if attr is None and not op.generic:
        attr = op.attribute("precision")
        if attr is None:
            return None
        inner = attr.text.strip()
        if not (inner.startswith("[") and inner.endswith("]")):
            raise Unknown(attr.text)
        words = [w.strip().removeprefix('"').removesuffix('"') for w in inner[1:-1].split(",") if w.strip()]
        if not all(w in _PRECISIONS for w in words):
            raise Unknown(attr.text)
        return tuple(words)
    if attr is None:
        return None
    v = value(attr.text)
    if v is not None and (not isinstance(v, list) or any(not isinstance(x, Enum) for x in v)):
        # an array of something else: its ODS constraint, before the counts (checked with iree 3.13)
        raise fail("BC562", name="precision_config", constraint="Precision Config attribute")
    if not isinstance(v, list) or not all(
        isinstance(x, Enum) and x.name == f"#{dialect_of(op)}" and len(x.words) == 2 and x.words[0] == "precision"
        and x.words[1] in _PRECISIONS for x in v
    ):  # fmt: skip
        raise Unknown(attr.text)
    return tuple(x.words[1] for x in v if isinstance(x, Enum))


# StableHLO's known dot algorithms (``getKnownDotAlgorithm``, checked with iree 3.13): lhs, rhs and
# accumulation types and the number of primitive operations, one component each, precise.
_ALGORITHMS = frozenset(
    {
        ("f16", "f16", "f16", 1), ("f16", "f16", "f32", 1), ("bf16", "bf16", "bf16", 1), ("bf16", "bf16", "f32", 1),
        ("bf16", "bf16", "f32", 3), ("bf16", "bf16", "f32", 6), ("bf16", "bf16", "f32", 9), ("tf32", "tf32", "f32", 1),
        ("tf32", "tf32", "f32", 3), ("f32", "f32", "f32", 1), ("f64", "f64", "f64", 1),
    }
)  # fmt: skip
_F8 = frozenset({"f8E3M4", "f8E4M3", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2FNUZ"})
"""Any two of these with ``f32`` accumulation in one operation is known too, precise or not."""
_ALGORITHM_FIELDS = ("lhs_precision_type", "rhs_precision_type", "accumulation_type", "num_primitive_operations")


def _algorithm(op: Operation) -> bool:
    """Whether ``algorithm`` is given; its own verifier (``verifyDotAlgorithmAttr``, run by the
    parser as it builds the attribute: an error at its ``<``, before any op verifies) first. A form
    broadcheck does not read is passed over."""
    attr = op.attribute("algorithm")
    if attr is None:
        return False
    if is_mhlo(op):
        raise Unknown("an MHLO dot algorithm")  # (not compared with jaxlib)
    text = attr.text.strip()
    custom = text.startswith("<") and not op.generic  # the custom form's `algorithm = <...>`
    if custom:
        text = "#stablehlo.dot_algorithm" + text
    v = value(text)
    if not isinstance(v, Struct) or v.name != "#stablehlo.dot_algorithm" or v.positional:
        raise Unknown(attr.text)
    fields = v.fields
    if len(fields) != len(_ALGORITHM_FIELDS) + 3:
        raise Unknown(attr.text)
    types = [getattr(fields.get(name), "text", None) for name in _ALGORITHM_FIELDS[:3]]
    numbers = [fields.get(name) for name in (*_COUNTS, _ALGORITHM_FIELDS[3])]
    imprecise = fields.get("allow_imprecise_accumulation")
    if not all(isinstance(t, str) and _TYPE_NAME.fullmatch(t) for t in types):
        raise Unknown(attr.text)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers) or not isinstance(imprecise, bool):
        raise Unknown(attr.text)
    lhs_count, rhs_count, operations = (int(n) for n in numbers)  # type: ignore[call-overload]
    prefix = "" if op.generic else f"custom op '{op.name}' "
    for code, n in (("BC1840", lhs_count), ("BC1841", rhs_count), ("BC1842", operations)):
        if n < 1:  # dot_general_c22 to c24
            raise Reject(Problem(code, {"prefix": prefix}, span=_opening(attr)))
    key = (types[0], types[1], types[2], operations)
    f8 = key[0] in _F8 and key[1] in _F8 and key[2:] == ("f32", 1)
    if (lhs_count, rhs_count) != (1, 1) or not (f8 or (key in _ALGORITHMS and not imprecise)):
        args = {
            "prefix": prefix,
            "lhs": types[0],
            "rhs": types[1],
            "accum": types[2],
            "lhs_count": lhs_count,
            "rhs_count": rhs_count,
            "operations": operations,
            "imprecise": int(imprecise),
        }
        raise Reject(Problem("BC1843", args, span=_opening(attr)))  # dot_general_i8 to i10
    return True


_COUNTS = ("lhs_component_count", "rhs_component_count")
_TYPE_NAME = lazy(r"[a-z][a-zA-Z0-9]*")
"""A precision type broadcheck prints as MLIR does (a builtin type's keyword)."""


def _opening(attr: Attribute) -> Span:
    """Where the dot algorithm's ``<`` is: the parser's place when the attribute's verifier fails."""
    span = attr.span
    if span.line != span.end_line or "\n" in attr.text:
        raise Unknown("a dot algorithm over several lines")
    column = span.end_column - len(attr.text) + attr.text.index("<")
    return Span(span.line, column, span.line, column + 1)


def _sizes(shape: Sequence[int | None]) -> str:
    return "[" + ", ".join("?" if d is None else str(d) for d in shape) + "]"


def _result_shape(inferred: Sequence[int | None], result: Tensor, result_type: object) -> None:
    """``verifyCompatibleShape`` of the inferred sizes with the result's."""
    shape = ranked(result)
    if len(shape) == len(inferred) and all(
        a is None or b is None or a == b for a, b in zip(inferred, shape, strict=True)
    ):
        return
    expected = ShapedType("tensor", tuple(inferred), result.element.text) if result.bounds is None else None
    text = str(result)
    raise Reject(
        Problem("BC1013", {"shape": _sizes(inferred)[1:-1], "type": text}, Subject("result", 0), expected=expected)
    )


def _check_precision(precision: tuple[str, ...] | None) -> None:
    if precision is not None and len(precision) > 2:
        raise fail("BC1006", count=len(precision))


@checked
def dot_general(op: Operation) -> None:
    """``stablehlo.dot_general``: dot_general_c1 to c11, then the inferred shape."""
    algorithm = _algorithm(op)
    numbers = _dimension_numbers(op)
    precision = _precision(op)
    counts(op, operands=2)
    require(op, "dot_dimension_numbers")
    ods_operands(op, [TENSOR, TENSOR_AXIS])
    ods_results(op, [TENSOR_AXIS])
    (lhs, rhs), (result,) = tensors(op)
    if is_mhlo(op) and quant.quantized(lhs, rhs, result):  # hloquant: StableHLO's rules are quant.py's
        raise Unknown("quantized")
    assert numbers is not None
    lb, rb, lc, rc = numbers
    _check_precision(precision)
    ls, rs = ranked(lhs), ranked(rhs)
    dot_constraints(ls, rs, numbers)
    if lhs.bounds is not None or rhs.bounds is not None:
        raise Unknown("bounded dot_general")  # the bounds' inference is not modelled
    out: list[int | None] = [ls[x] if ls[x] is not None else rs[y] for x, y in zip(lb, rb, strict=True)]
    out += [ls[i] for i in range(len(ls)) if i not in lb and i not in lc]
    out += [rs[i] for i in range(len(rs)) if i not in rb and i not in rc]
    _result_shape(out, result, op.results[0].type)
    if algorithm and any(p != "DEFAULT" for p in precision or ()):  # dot_general_c21
        raise fail("BC1471")
    quant.reject(quant.dot_general(lhs, rhs, result, rc))  # hloquant: after c21, as verifyDotGeneralOp


def dot_constraints(ls: Sequence[int | None], rs: Sequence[int | None], numbers: Dims) -> None:
    """``checkDotGeneralConstraints`` after the precision config: dot_general_c1 to c4 (c5 to c8: the
    sizes) on the operands' shapes ``ls`` and ``rs``."""
    lb, rb, lc, rc = numbers
    if len(lb) != len(rb):
        raise fail("BC1007")
    if len(lc) != len(rc):
        raise fail("BC1008")
    pairs = (
        (lb, lc, "lhs_batching_dimensions", "lhs_contracting_dimensions"),
        (rb, rc, "rhs_batching_dimensions", "rhs_contracting_dimensions"),
    )
    for first, second, first_name, second_name in pairs:
        seen: set[int] = set()
        for d in (*first, *second):
            if d in seen:
                raise fail("BC1009", lhs=first_name, rhs=second_name, dim=d)
            seen.add(d)
    ranges = (
        (lb, len(ls), "lhs_batching_dimensions"),
        (lc, len(ls), "lhs_contracting_dimensions"),
        (rb, len(rs), "rhs_batching_dimensions"),
        (rc, len(rs), "rhs_contracting_dimensions"),
    )
    for listed, rank, name in ranges:
        for d in listed:
            if not 0 <= d < rank:
                raise fail("BC1010", name=name, dim=d, rank=rank)
    for x, y in zip(lb, rb, strict=True):
        if ls[x] is not None and rs[y] is not None and ls[x] != rs[y]:
            raise fail("BC1011")
    for x, y in zip(lc, rc, strict=True):
        if ls[x] is not None and rs[y] is not None and ls[x] != rs[y]:
            raise fail("BC1012")


@checked
def dot(op: Operation) -> None:
    """``stablehlo.dot``: vector or matrix operands, then the inferred shape."""
    precision = _precision(op)
    counts(op, operands=2)
    ods_operands(op, [TENSOR, TENSOR_AXIS])
    ods_results(op, [TENSOR_AXIS])
    (lhs, rhs), (result,) = tensors(op)
    if is_mhlo(op) and quant.quantized(lhs, rhs, result):  # (StableHLO's verifyDotOp has no quantized rule)
        raise Unknown("quantized")
    _check_precision(precision)
    ls, rs = ranked(lhs), ranked(rhs)
    if lhs.bounds is not None or rhs.bounds is not None:
        raise Unknown("bounded dot")

    def fits(a: int | None, b: int | None) -> bool:
        return a is None or b is None or a == b

    if len(ls) == 1 and len(rs) == 1 and fits(ls[0], rs[0]):
        out: list[int | None] = []
    elif len(ls) == 2 and len(rs) == 1 and fits(ls[1], rs[0]):
        out = [ls[0]]
    elif len(ls) == 1 and len(rs) == 2 and fits(ls[0], rs[0]):
        out = [rs[1]]
    elif len(ls) == 2 and len(rs) == 2 and fits(ls[1], rs[0]):
        out = [ls[0], rs[1]]
    else:
        raise fail("BC1014")
    _result_shape(out, result, op.results[0].type)


# ---------------------------------------------------------------- dot's custom form

_KEYWORD = lazy(r"[A-Za-z_][\w$.]*")
_STRING = lazy(r'"(?:[^"\\]|\\.)*"')


def dot_form(statement: Statement, custom: str) -> Wrong | None:
    """``$lhs , $rhs custom<PrecisionConfig>($precision_config)``: after the operands, an optional
    ``, precision = [...]`` (``parsePrecisionConfigImpl``: the keyword, ``=``, a square list of
    ``Precision`` enums, each a keyword or a string; checked with iree 3.13)."""
    items = statement.items
    if len(items) < 4 or [i.kind for i in items[:3]] != ["value", "punct", "value"] or items[1].text != ",":
        return None
    if items[3].kind in ("types", "dict"):
        return None
    if not is_comma(items, 3):
        return "expected ':'", items[2].end  # (no `,`: the attribute dictionary or the types follow)
    if len(items) < 5:
        return None
    item = items[4]
    if item.kind == "clause":
        name, _, rest = item.text.partition("=")
        if name.strip() != "precision":
            return f"{custom}expected 'precision'", item.start
        equals = item.start + len(name) + 1
        return _precision_list(rest, equals + len(rest) - len(rest.lstrip()), equals, custom)
    if item.kind == "word" and item.text == "precision":
        return "expected '='", item.end
    if item.kind == "types":
        signature = statement.signature
        return (f"{custom}expected 'precision'", signature.after - 1) if signature is not None else None
    return f"{custom}expected 'precision'", item.start


def dot_general_form(statement: Statement, custom: str) -> Wrong | None:
    """``$lhs , $rhs , custom<DotDimensionNumbers>(...) custom<PrecisionConfigAndAlgorithm>(...)``:
    an optional ``batching_dims = [..] x [..] ,``, then ``contracting_dims = [..] x [..]``, then an
    optional ``, precision = [...]`` (``, algorithm = ...`` is not read here). Words and places
    checked with iree-opt 3.13."""
    items = statement.items
    if len(items) < 3 or [i.kind for i in items[:3]] != ["value", "punct", "value"] or items[1].text != ",":
        return None
    signature = statement.signature
    colon = signature.after - 1 if signature is not None else -1

    def start_of(k: int) -> int:  # (where the token at item ``k`` starts: the types' `:`)
        if k >= len(items):
            return -1
        return colon if items[k].kind == "types" else items[k].start

    if not is_comma(items, 3):
        return "expected ','", items[2].end
    at = 4
    if at < len(items) and items[at].kind == "clause" and clause_name(items[at]) == "batching_dims":
        wrong = _dims_pair(items[at].text, items[at].start, start_of(at + 1), custom)
        if wrong is not None:
            return wrong
        if not is_comma(items, at + 1):
            return "expected ','", items[at].end
        at += 2
    if at >= len(items):
        return None
    item = items[at]
    if item.kind == "word" and item.text == "contracting_dims":
        return "expected '='", item.end
    if item.kind != "clause" or clause_name(item) != "contracting_dims":
        where = start_of(at)
        return (f"{custom}expected 'contracting_dims'", where) if where >= 0 else None
    wrong = _dims_pair(item.text, item.start, start_of(at + 1), custom)
    if wrong is not None or at + 1 >= len(items):
        return wrong
    after = items[at + 1]
    if after.kind in ("clause", "word"):
        return "expected ':'", item.end
    if not is_comma(items, at + 1) or at + 2 >= len(items):
        return None
    item = items[at + 2]
    if item.kind == "clause" and clause_name(item) == "precision":
        name, _, rest = item.text.partition("=")
        equals = item.start + len(name) + 1
        return _precision_list(rest, equals + len(rest) - len(rest.lstrip()), equals, custom)
    if item.kind == "clause" and clause_name(item) == "algorithm":
        return None  # (its attribute's own parser: not modelled)
    where = start_of(at + 2)
    return (f"{custom}expected 'precision'", where) if where >= 0 else None


def _dims_pair(text: str, start: int, next_token: int, custom: str) -> Wrong | None:
    """A clause ``name = [..] x [..]`` at ``start`` (``next_token``: where the token after it
    starts): ``parseDims`` twice with the keyword ``x`` between (a missing ``[`` is said where the
    token before it ends, a missing ``x`` at the token in its place)."""
    at = text.index("=") + 1
    for side in (0, 1):
        before = at  # (where the token before this side's `[` ends)
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text) or text[at] != "[":
            return "expected '['", start + before
        close = text.find("]", at)
        if close < 0:
            return None
        at = close + 1
        if side:
            return None
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return (f"{custom}expected 'x'", next_token) if next_token >= 0 else None
        if text[at] != "x" or (at + 1 < len(text) and (text[at + 1].isalnum() or text[at + 1] == "_")):
            return f"{custom}expected 'x'", start + at
        at += 1
    return None


def _precision_list(text: str, start: int, equals: int, custom: str) -> Wrong | None:
    """``[DEFAULT, "HIGH"]`` at ``start`` (``text`` starts with spaces); the ``=`` ends at ``equals``."""
    body = text.lstrip()
    if not body.startswith("["):
        return "expected '['", equals
    space = "::mlir::stablehlo::Precision"
    failed = f"{custom}failed to parse StableHLO_PrecisionAttr parameter 'value' which is to be a `{space}`"
    at = 1
    while True:
        while at < len(body) and body[at].isspace():
            at += 1
        if at >= len(body) or body[at] == "]":
            return None
        word = _KEYWORD.match(body, at) or _STRING.match(body, at)
        if word is None:
            return Found(f"{custom}expected valid keyword or string", start + at, ((failed, start + at),))
        name = word.group(0).strip('"') if word.group(0).startswith('"') else word.group(0)
        after = word.end()
        while after < len(body) and body[after].isspace():
            after += 1
        if name not in _PRECISIONS:
            message = f"{custom}expected {space} to be one of: DEFAULT, HIGH, HIGHEST"
            return Found(message, start + at, ((failed, start + after),))
        if after >= len(body) or body[after] != ",":
            return None  # `]`, or what the list's own parser says (not modelled)
        at = after + 1


# ---------------------------------------------------------------- ragged_dot (CHLO and MHLO)

_RAGGED_FIELDS = ("lhs_ragged_dimensions", "rhs_group_dimensions")
_ANY_TENSOR = kind(*TENSOR_AXIS.atoms, shape="any")
"""``HLO_AnyTensor`` (CHLO's lhs, rhs and result)."""
_GROUP_SIZES = kind("I")
"""``HLO_IntTensor`` as CHLO's ``group_sizes`` (``ranked tensor of 2/4/8/16/32/64-bit integer values``)."""


def _dims_list(found: object, text: str) -> tuple[int, ...]:
    if not isinstance(found, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in found):
        raise Unknown(text)
    return tuple(int(x) for x in found)


def _ragged_numbers(op: Operation) -> tuple[Dims, tuple[int, ...], tuple[int, ...]]:
    """``ragged_dot_dimension_numbers``: CHLO's ``#chlo.ragged_dot<lhs_batching_dimensions = [..], ...>``
    (six lists, any omitted is empty), MHLO's ``#mhlo.ragged_dot<dot_dimension_numbers = #mhlo.dot<..>,
    lhs_ragged_dimensions = [..], rhs_group_dimensions = [..]>``."""
    attr = op.attribute("ragged_dot_dimension_numbers")
    if attr is None:
        raise fail("BC1070", name="ragged_dot_dimension_numbers")
    prefix = dialect_of(op)
    v = value(attr.text)
    if not isinstance(v, Struct) or v.name != f"#{prefix}.ragged_dot" or v.positional:
        raise Unknown(attr.text)  # (the attribute parser's errors are not modelled)
    fields = v.fields
    if prefix == "chlo":
        if set(fields) - {*_FIELDS, *_RAGGED_FIELDS}:
            raise Unknown(attr.text)
        lists = [_dims_list(fields.get(name, []), attr.text) for name in _FIELDS]
        numbers: Dims = (lists[0], lists[1], lists[2], lists[3])
    else:
        if set(fields) - {"dot_dimension_numbers", *_RAGGED_FIELDS}:
            raise Unknown(attr.text)
        dot = fields.get("dot_dimension_numbers")
        if isinstance(dot, Enum) and dot.name == "#mhlo.dot" and not dot.words:
            numbers = (), (), (), ()
        elif isinstance(dot, Struct) and dot.name == "#mhlo.dot" and not dot.positional:
            if set(dot.fields) - set(_FIELDS):
                raise Unknown(attr.text)
            lists = [_dims_list(dot.fields.get(name, []), attr.text) for name in _FIELDS]
            numbers = (lists[0], lists[1], lists[2], lists[3])
        else:
            raise Unknown(attr.text)
    ragged = _dims_list(fields.get("lhs_ragged_dimensions", []), attr.text)
    group = _dims_list(fields.get("rhs_group_dimensions", []), attr.text)
    return numbers, ragged, group


def _in_bounds(dim: int, rank: int, name: str, bound_name: str) -> None:
    """``hlo::checkDimInBounds`` (exclusive)."""
    if not 0 <= dim < rank:
        raise fail("BC1761", name=name, bound_name=bound_name, bound=rank, dim=dim)


def _ragged_constraints(
    ls: Sequence[int | None], rs: Sequence[int | None], gs: Sequence[int | None], numbers: Dims,
    ragged: Sequence[int], group: Sequence[int],
) -> None:  # fmt: skip
    """``checkRaggedDotConstraints`` (ChloOps.cpp, hlo_ops.cc): one ragged dimension, its mode, the
    shape of ``group_sizes``, then the rhs group dimension."""
    lb, rb, lc, rc = numbers
    if len(ragged) != 1:
        raise fail("BC1760")
    dim = ragged[0]
    _in_bounds(dim, len(ls), "lhs_ragged_dim", "lhs_rank")
    mode = "batch" if dim in lb else "contracting" if dim in lc else "non-contracting"
    if mode == "batch":
        prefix = list(lb[: lb.index(dim)])
    elif mode == "contracting":
        prefix = [*lb, *lc[: lc.index(dim)]]
    else:
        prefix = [*lb, *(i for i in range(dim) if i not in lb and i not in lc)]
    expected = [ls[i] for i in prefix]
    if len(gs) != 1:
        if len(gs) != len(expected) + 1:
            raise fail("BC1762", expected=len(expected) + 1, rank=len(gs))
        if list(gs[: len(expected)]) != expected:
            raise fail("BC1763", expected=dims(expected), groups=dims(gs[-1:]), actual=dims(gs))
    groups = gs[-1]
    for d in group:
        _in_bounds(d, len(rs), "rhs_group_dim", "rhs_rank")
    for other, other_name in ((rb, "rhs_batching_dimensions"), (rc, "rhs_contracting_dimensions")):
        seen: set[int] = set()
        for d in (*group, *other):
            if d in seen:
                raise fail("BC1009", lhs="rhs_group_dimensions", rhs=other_name, dim=d)
            seen.add(d)
    if mode != "non-contracting":
        if group:
            raise fail("BC1764")
        return
    if len(group) != 1:
        raise fail("BC1765")
    size = rs[group[0]]
    if groups is not None and size is not None and groups != size:
        raise fail("BC1766", expected=groups, size=size)


@checked
def ragged_dot(op: Operation) -> None:
    """``chlo.ragged_dot``, ``mhlo.ragged_dot``: the ODS constraints, then ``RaggedDotOp::verify``: the
    precision config, dot_general's constraints, the ragged ones, the inferred shape against the result's."""
    counts(op, operands=3)
    if is_mhlo(op):  # (MHLO_Tensor operands, an HLO_Tensor result: ranked, any element type)
        ods_operands(op, [TENSOR_AXIS, TENSOR_AXIS, TENSOR_AXIS])
        ods_results(op, [TENSOR])
    else:
        ods_operands(op, [_ANY_TENSOR, _ANY_TENSOR, _GROUP_SIZES])
        ods_results(op, [_ANY_TENSOR])
    numbers, ragged, group = _ragged_numbers(op)
    precision = _precision(op)
    (lhs, rhs, sizes), (result,) = tensors(op)
    if lhs.shape is None or rhs.shape is None:
        raise Unknown("unranked operands")  # (the verifier casts them to ranked types)
    if any(t.element.quant is not None for t in (lhs, rhs, sizes, result)):
        raise Unknown("quantized")
    _check_precision(precision)
    ls, rs, gs = ranked(lhs), ranked(rhs), ranked(sizes)
    dot_constraints(ls, rs, numbers)
    _ragged_constraints(ls, rs, gs, numbers, ragged, group)
    lb, rb, lc, rc = numbers
    out: list[int | None] = [gs[-1]] if ragged[0] in lc else []
    out += [ls[i] for i in lb]
    out += [ls[i] for i in range(len(ls)) if i not in lb and i not in lc]
    out += [rs[i] for i in range(len(rs)) if i not in rb and i not in rc and i not in group]
    if result.shape is None:
        raise fail("BC1013", subject=Subject("result", 0), shape=_sizes(out)[1:-1], type=str(result))
    _result_shape(out, result, op.results[0].type)
