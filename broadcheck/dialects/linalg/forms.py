"""Linalg's custom forms: ``linalg.matmul ins(%a, %b : A, B) outs(%c : C) -> R`` and the ones
without result types (``linalg.transpose ins(..) outs(..) permutation = [1, 0]``: its result
is its tensor init's type). Each operand's type is written beside it; the form writes the
``operandSegmentSizes`` property as its two groups."""

from __future__ import annotations

from broadcheck.dialects.assembly import Found, Wrong
from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import index_at, reading, segments_property, unplaced, view_text
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import UNKNOWN_CUSTOM_OP
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Item, Statement, TypeText


def _keyword(item: Item) -> str | None:
    """``ins`` or ``outs`` before a group: a word, or the last word of a clause the reader ran on
    into it (``indexing_maps = [...] ins``)."""
    if item.kind == "word":
        return item.text
    if item.kind == "clause":
        return item.text.rsplit(None, 1)[-1]
    return None


def ins_outs(statement: Statement) -> Reading:
    """Operands from ``ins(...)``/``outs(...)``; results from ``-> T`` or the tensor inits."""
    counts = {"ins": 0, "outs": 0}
    items = statement.items
    outs: list[TypeText | None] = []
    for i, item in enumerate(items[1:], start=1):
        word = _keyword(items[i - 1])
        if item.kind == "typed" and word in counts:
            inside = [u for u in statement.operands if item.start <= u.start < item.end]
            counts[word] += len(inside)
            if word == "outs":
                outs = [u.type for u in inside]
    operands = [u.type for u in statement.operands]
    sig = statement.signature
    results: list[TypeText | None]
    if sig is not None and sig.outputs:
        results = list(sig.outputs)
    else:
        tensors = [t for t in outs if t is not None and (v := view_text(t.text)) is not None and v.kind == "tensor"]
        results = list(tensors) if len(tensors) == statement.result_count else [None] * statement.result_count
    if counts["ins"] + counts["outs"] != len(operands):
        return reading(operands, results)
    at = statement.name_end
    return reading(operands, results, [segments_property([counts["ins"], counts["outs"]], at)])


def pack(statement: Statement) -> Reading:
    """``linalg.pack %s [padding_value(%p : T)] [outer_dims_perm = [..]] inner_dims_pos = [..]
    inner_tiles = [..] into %d : A -> B`` (``linalg.unpack`` has no padding value): the source,
    the padding value, the dynamic tiles (``index``), the destination, in the order written."""
    sig = statement.signature
    uses = statement.operands
    if sig is None or len(sig.inputs) != 1 or len(sig.outputs) != 1 or len(uses) < 2:
        return unplaced(statement)
    inner = [u.type if u.type is not None else index_at(u) for u in uses[1:-1]]
    return reading([sig.inputs[0], *inner, sig.outputs[0]], [sig.outputs[0]] * statement.result_count)


def keyword_group(statement: Statement) -> Reading:
    """:func:`ins_outs`, with each ``word(value)`` before the groups kept as a property of that
    name (``fmr(F_4_3)``, ``dimension(2)``)."""
    found = ins_outs(statement)
    items = statement.items
    extra = [
        Property(items[i - 1].text, item.text[1:-1].strip(), item.start, item.end)
        for i, item in enumerate(items)
        if i and item.kind == "group" and items[i - 1].kind == "word" and items[i - 1].text not in ("ins", "outs")
    ]
    return found._replace(properties=(*found.properties, *extra))


# ---------------------------------------------------------------- what the C++ parsers check


_FLOAT_ELEMENT = lazy(r"(?:f\d+|bf16|tf32|f8\w*)")
_INT_ELEMENT = lazy(r"(?:i\d+|si\d+|ui\d+|index)")


def _category(t: str) -> str | None:
    """What ``buildBinaryFn`` sees of a block argument's type: float, integer, complex, or none."""
    if _FLOAT_ELEMENT.fullmatch(t):
        return "float"
    if _INT_ELEMENT.fullmatch(t):
        return "int"
    return "complex" if t.startswith("complex<") else None


def _block_type(t: TypeText | None) -> str | None:
    """A named op's block argument for an operand: a tensor's or memref's element, else the type."""
    if t is None:
        return None
    v = view_text(t.text)
    if v is not None and v.kind in ("tensor", "memref"):
        return v.element
    return "".join(t.text.split())


def named_form(statement: Statement, dialect: str) -> Wrong | None:
    """``parseNamedStructuredOpRegion`` of a ``matmul``-like op (``add(init, mul(lhs, rhs))``): a
    vector init is its own block argument's type, which no binary op of the body takes. Before
    it, ``indexing_maps = [...]`` written after the operands: the op ends before it, and the
    parser reads its word as the next op's name."""
    if statement.generic:
        return None
    first = statement.operands[0].start if statement.operands else None
    late = next((a for a in statement.attributes if a.name == "indexing_maps" and not a.property), None)
    if late is not None and first is not None and late.start > first:
        return UNKNOWN_CUSTOM_OP.format(name="indexing_maps"), late.start
    if len(statement.operands) != 3:
        return None
    lhs, rhs, init = (_block_type(u.type) for u in statement.operands)
    if lhs is None or rhs is None or init is None or _category(init) is not None:
        return None
    if _category(lhs) is None or lhs != rhs or not init.startswith("vector<"):
        return None
    after = next((i.start for i in statement.items if i.start >= statement.name_end), statement.name_end)
    return (
        f"custom op '{statement.name}' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, "
        f"or allInteger, got '{init}' and '{lhs}'",
        after,
    )


def built_form(statement: Statement, dialect: str) -> Wrong | None:
    """The region builder of the named ops :mod:`.bodies` follows: ``buildBinaryFn`` over two
    kinds of types fails the parse, just after the op's name."""
    from broadcheck.dialects.linalg.bodies import build

    if statement.generic:
        return None
    types = [_block_type(u.type) for u in statement.operands]
    if any(t is None for t in types):
        return None
    body = build(statement.name.partition(".")[2], types)  # type: ignore[arg-type]
    if body is None or body.parse_error is None:
        return None
    after = next((i.start for i in statement.items if i.start >= statement.name_end), statement.name_end)
    return f"custom op '{statement.name}' {body.parse_error}", after


_ITERATOR = lazy(r'"[^"]*"|(?<=#linalg\.iterator_type<)\w+')


def contract_form(statement: Statement, dialect: str) -> Wrong | None:
    """``ContractOp::parse``: ``indexing_maps = [...]`` first, before ``ins``/``outs``."""
    after = [i for i in statement.items if i.start >= statement.name_end]
    if statement.generic or not after or after[0].text.startswith("indexing_maps"):
        return None
    return f"custom op '{statement.name}' expected 'indexing_maps' attribute", after[0].start


def generic_form(statement: Statement, dialect: str) -> Wrong | None:
    """``GenericOp::parse``: the trait's ``iterator_types``, then after the operands (and the
    results) a region."""
    if statement.generic:
        return None
    after = [i for i in statement.items if i.start >= statement.name_end]
    if after and after[0].kind == "dict" and not any(a.name == "iterator_types" for a in statement.attributes):
        return f"custom op '{statement.name}' expected \"iterator_types\" array attribute", after[0].start
    iterators = next((a.text for a in statement.attributes if a.name == "iterator_types"), "")
    for entry in _ITERATOR.findall(iterators):
        kind = entry.strip('"')
        if kind not in ("parallel", "reduction") and after and len(after) > 1 and after[0].kind == "dict":
            return f"custom op '{statement.name}' unexpected iterator_type ({kind})", after[1].start
    if statement.regions:
        return None
    return "expected '{' to begin a region", statement.end


def reduce_form(statement: Statement, dialect: str) -> Wrong | None:
    """``ReduceOp::parse``'s short form ``{ arith.addf }``: an op name inside the braces."""
    after = [i for i in statement.items if i.start >= statement.name_end]
    if not after or not after[0].text.startswith("{"):
        return None
    inner = after[0].text[1:]
    stripped = inner.lstrip()
    if stripped[:1].isalpha() or stripped[:1] == "_":
        return None
    return "expected bare identifier or keyword", after[0].start + 1 + len(inner) - len(stripped)


ELEMENTWISE_KINDS = (
    "exp, log, abs, ceil, floor, negf, reciprocal, round, sqrt, rsqrt, square, tanh, erf, sin, cos, tan, acos, "
    "acosh, asin, asinh, atan, atanh, log10, log1p, log2, add, sub, mul, div, div_unsigned, max_signed, min_signed, "
    "max_unsigned, min_unsigned, powf, select"
)
"""``ElementwiseKind``'s cases, as iree-opt 3.13's parser lists them."""


def elementwise_form(statement: Statement, dialect: str) -> Wrong | None:
    """``linalg.elementwise <kind> ...``: the kind is one of :data:`ELEMENTWISE_KINDS`."""
    after = [i for i in statement.items if i.start >= statement.name_end]
    if statement.generic or not after or not (after[0].kind == "group" and after[0].text.startswith("<")):
        return None
    kind = after[0].text[1:-1].strip()
    if kind in ELEMENTWISE_KINDS.split(", "):
        return None
    custom = f"custom op '{statement.name}' "
    at = after[0].start + after[0].text.index(kind) if kind else after[0].start + 1
    then = ((f"{custom}failed to parse ElementwiseKindAttr parameter 'value' which is to be a "
             "`::mlir::linalg::ElementwiseKind`", at),)  # fmt: skip
    return Found(f"{custom}expected ::mlir::linalg::ElementwiseKind to be one of: {ELEMENTWISE_KINDS}", at, then)
