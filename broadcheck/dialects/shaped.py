"""What the Tensor, Linalg and Vector declarations share: shaped types read from their text
(memrefs too), the readers of custom forms that derive types or write properties bare, and
the utilities of MLIR's ``ShapedType``, ``ReshapeOpsUtils`` and ``ViewLikeInterface`` that
several of their verifiers call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from broadcheck.dialects.op import Reading
from broadcheck.ops import Dim, OpaqueType, Operation, Shape, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Subject
from broadcheck.syntax.attributes import ints
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.named import NamedTuple
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Item, Statement, TypeText, Use

DYNAMIC = -9223372036854775808
"""``ShapedType::kDynamic``: how MLIR stores (and some messages print) a ``?`` size or offset."""

# ---------------------------------------------------------------- shaped types from their text


class View(NamedTuple):
    """A tensor, vector or memref type as the verifiers see it."""

    kind: str
    """``tensor``, ``vector`` or ``memref``."""
    shape: Shape | None
    """``None`` for an unranked tensor or memref."""
    element: str
    scalable: tuple[bool, ...] = ()
    extras: tuple[str, ...] = ()
    """A tensor's encoding; a memref's layout and memory space (as written, spaces collapsed)."""

    @property
    def rank(self) -> int:
        return len(self.shape) if self.shape is not None else -1

    def scalable_at(self, i: int) -> bool:
        return bool(self.scalable) and self.scalable[i]

    def __str__(self) -> str:
        if self.shape is None:
            return f"{self.kind}<*x{self.element}{''.join(', ' + e for e in self.extras)}>"
        dims = "".join(
            f"[{d}]x" if self.scalable_at(i) else f"{'?' if d is None else d}x" for i, d in enumerate(self.shape)
        )
        return f"{self.kind}<{dims}{self.element}{''.join(', ' + e for e in self.extras)}>"

    def with_shape(self, shape: Shape, scalable: tuple[bool, ...] = ()) -> View:
        return View(self.kind, shape, self.element, scalable, self.extras)

    @property
    def static(self) -> bool:
        return self.shape is not None and None not in self.shape


_DIMS = lazy(r"\s*((?:(?:\d+|\?|\[\s*\d+\s*\])\s*x\s*)*)(.*)", re.DOTALL)


def split_top(text: str, separator: str = ",") -> list[str]:
    """``text`` split at the separators that are not inside brackets or strings."""
    parts, depth, start, quoted = [], 0, 0, False
    i = 0
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}" and not (ch == ">" and i and text[i - 1] == "-"):
            depth -= 1
        elif ch == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _collapse(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=4096)
def view_text(text: str) -> View | None:
    """The view of a type written as ``text`` (``tensor<...>``, ``vector<...>``, ``memref<...>``),
    or ``None`` for any other type."""
    text = text.strip()
    for kind in ("tensor", "vector", "memref"):
        if text.startswith(kind + "<") and text.endswith(">"):
            break
    else:
        return None
    body = text[len(kind) + 1 : -1]
    parts = split_top(body)
    head, extras = parts[0], tuple(_collapse(p) for p in parts[1:])
    if head.startswith("*"):
        rest = head[1:].lstrip()
        if not rest.startswith("x"):
            return None
        return View(kind, None, _collapse(rest[1:]), (), extras)
    m = _DIMS.fullmatch(head)
    if m is None:
        return None
    shape: list[Dim] = []
    scalable: list[bool] = []
    for d in m.group(1).split("x")[:-1]:
        d = d.strip()
        scalable.append(d.startswith("["))
        d = d.strip("[] ")
        shape.append(None if d == "?" else int(d))
    element = _collapse(m.group(2))
    if not element:
        return None
    return View(kind, tuple(shape), element, tuple(scalable) if any(scalable) else (), extras)


def view(t: Type) -> View | None:
    """The view of a type read by the engine (a memref is an :class:`OpaqueType`)."""
    if isinstance(t, ShapedType):
        scalable = t.scalable if any(t.scalable) else ()
        return View(t.kind, t.shape, t.element, scalable, (t.encoding,) if t.encoding else ())
    return view_text(t.text)


def element_of(t: Type) -> str:
    """MLIR's ``getElementTypeOrSelf``, as text."""
    v = view(t)
    return v.element if v is not None else _collapse(str(t))


def printed(t: Type) -> str:
    """A type as MLIR prints it in a message (without the quotes)."""
    v = view(t)
    return str(v) if v is not None else _collapse(str(t))


def is_tensor(t: Type, ranked: bool | None = None) -> bool:
    v = view(t)
    return v is not None and v.kind == "tensor" and (ranked is None or (v.shape is not None) == ranked)


def is_memref(t: Type, ranked: bool | None = None) -> bool:
    v = view(t)
    return v is not None and v.kind == "memref" and (ranked is None or (v.shape is not None) == ranked)


def is_vector(t: Type) -> bool:
    return isinstance(t, ShapedType) and t.kind == "vector"


def shape_text(shape: Sequence[int | None]) -> str:
    return "x".join("?" if d is None else str(d) for d in shape)


def size(d: Dim) -> int:
    """A dim as MLIR stores it (``?`` is :data:`DYNAMIC`)."""
    return DYNAMIC if d is None else d


_FLOAT_WIDTHS = {
    "f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128, "tf32": 19,
    "f8E5M2": 8, "f8E4M3": 8, "f8E4M3FN": 8, "f8E5M2FNUZ": 8, "f8E4M3FNUZ": 8, "f8E4M3B11FNUZ": 8, "f8E3M4": 8,
    "f8E8M0FNU": 8, "f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4,
}  # fmt: skip
_INT = lazy(r"[su]?i([1-9][0-9]*)")


def bit_width(element: str) -> int | None:
    """An int or float element type's width (``index`` and others: ``None``)."""
    m = _INT.fullmatch(element)
    if m is not None:
        return int(m.group(1))
    return _FLOAT_WIDTHS.get(element)


def is_float(element: str) -> bool:
    return element in _FLOAT_WIDTHS


def is_int(element: str) -> bool:
    return _INT.fullmatch(element) is not None


def is_signless_int(element: str) -> bool:
    return _INT.fullmatch(element) is not None and element[0] == "i"


# ---------------------------------------------------------------- reading custom forms


def derived(text: str, at: TypeText | Use) -> TypeText:
    """A type the form implies rather than writes, located where ``at`` is."""
    return TypeText(text, at.start, at.end, "".join(text.split()))


def index_at(use: Use) -> TypeText:
    return derived("index", use)


def element_type_text(t: TypeText) -> TypeText:
    """The element type of the shaped type ``t`` (``t`` itself if it is not one)."""
    v = view_text(t.text)
    return derived(v.element, t) if v is not None else t


def trailing_types(statement: Statement) -> list[TypeText]:
    """The types after a statement's ``:``, with those after a keyword the reader keeps as
    words (``: T into U``, ``: f32 from vector<4xf32>``): in order."""
    sig = statement.signature
    if sig is None:
        return []
    types = [*sig.inputs, *sig.outputs]
    after = False
    for item in statement.items:
        if item.kind == "types":
            after = True
        elif after and item.kind == "word" and item.text not in ("into", "from", "to"):
            types.append(TypeText(item.text, item.start, item.end, "".join(item.text.split())))
    return types


def keyword_after_types(statement: Statement) -> str:
    """The keyword between the types of ``: T into U`` (``into``, ``from``), or ``""``."""
    after = False
    for item in statement.items:
        if item.kind == "types":
            after = True
            if statement.signature is not None and statement.signature.kind == "to":
                return "to"
        elif after and item.kind == "word" and item.text in ("into", "from", "to"):
            return item.text
    return ""


def uses_in(statement: Statement, item: Item) -> list[int]:
    """The indices of the operands used inside ``item`` (a bracket group)."""
    return [i for i, u in enumerate(statement.operands) if item.start <= u.start < item.end]


def group_entries(item: Item) -> list[str]:
    """The entries of a ``[...]`` group (``[0, %i, 4]`` -> ``0``, ``%i``, ``4``)."""
    inner = item.text.strip()[1:-1]
    return [] if not inner.strip() else split_top(inner)


def static_values(item: Item) -> list[int] | None:
    """A ``[0, %i, 4]`` group as MLIR's static list: a value's place is :data:`DYNAMIC`."""
    out = []
    for entry in group_entries(item):
        if entry.startswith("%"):
            out.append(DYNAMIC)
            continue
        try:
            out.append(int(entry))
        except ValueError:
            return None
    return out


def array_property(name: str, values: Sequence[int], item: Item, element: str = "i64") -> Property:
    text = f"array<{element}: {', '.join(map(str, values))}>" if values else f"array<{element}>"
    return Property(name, text, item.start, item.end)


def segments_property(sizes: Sequence[int], at: int) -> Property:
    return Property("operandSegmentSizes", f"array<i32: {', '.join(map(str, sizes))}>", at, at)


def groups(statement: Statement) -> list[Item]:
    """The ``[...]`` groups of a custom form, in order."""
    return [item for item in statement.items if item.kind == "group" and item.text.startswith("[")]


def word_index(statement: Statement, word: str) -> int:
    """The index of the item ``word`` in the statement's items, or -1."""
    for i, item in enumerate(statement.items):
        if item.kind == "word" and item.text == word:
            return i
    return -1


def reading(
    operands: Sequence[TypeText | None], results: Sequence[TypeText | None], properties: Sequence[Property] = ()
) -> Reading:
    return Reading(list(operands), list(results), tuple(properties))


def unplaced(statement: Statement) -> Reading:
    """What a form the reader does not recognise reads as: no type placed."""
    return Reading([None] * len(statement.operands), [None] * statement.result_count)


# ---------------------------------------------------------------- attributes of an op


def int_list(op: Operation, name: str) -> tuple[int, ...] | None:
    attr = op.attribute(name)
    return None if attr is None else ints(attr.text)


def segments(op: Operation, count: int) -> list[range] | None:
    """The operand groups of an ``AttrSizedOperandSegments`` op (``count`` groups), or ``None``
    when its ``operandSegmentSizes`` cannot be read or does not add up."""
    sizes = int_list(op, "operandSegmentSizes")
    if sizes is None or len(sizes) != count or sum(sizes) != len(op.operands) or min(sizes, default=0) < 0:
        return None
    out, start = [], 0
    for n in sizes:
        out.append(range(start, start + n))
        start += n
    return out


def segment_sizes(op: Operation, groups: int) -> Problem | None:
    """``AttrSizedOperandSegments`` in the generic form, the first of the op's invariants
    (``verifyValueSizeAttr``): ``operandSegmentSizes`` (all zeros when not written) has no negative
    size and adds up to the operands. Sizes for other than ``groups`` groups fail their conversion
    in the parser (not judged here)."""
    attr = op.attribute("operandSegmentSizes")
    sizes = () if attr is None else ints(attr.text)
    if not op.generic or sizes is None:
        return None
    if attr is not None and len(sizes) != groups:
        return NOT_JUDGED
    if min(sizes, default=0) < 0:
        return Problem("BC1886")
    if sum(sizes) != len(op.operands):
        return Problem("BC1734", {"count": len(op.operands), "total": sum(sizes)})
    return None


# ---------------------------------------------------------------- problems shared by the dialects


def constraint(kind: str, index: int, summary: str, t: Type) -> Problem:
    """An ODS type constraint's failure: ``operand #0 must be <summary>, but got '<type>'``."""
    subject = Subject("operand" if kind == "operand" else "result", index)
    return Problem("BC612", {"kind": kind, "index": index, "constraint": summary, "type": printed(t)}, subject)


def predicate(description: str, subject: Subject | None = None) -> Problem:
    """An ODS predicate's failure: ``failed to verify that <description>``."""
    return Problem("BC613", {"description": description}, subject)


TENSOR = "tensor of any type values"
RANKED_TENSOR = "ranked tensor of any type values"


Rule = tuple[str, Callable[[Type], bool]]
"""An ODS type constraint: how the tool words it, and what it accepts."""


def check_types(op: Operation, operands: Sequence[Rule | None], results: Sequence[Rule | None]) -> Problem | None:
    """Each operand's and result's ODS constraint (``None``: anything), in ODS's order."""
    for index, (use, rule) in enumerate(zip(op.operands, operands, strict=False)):
        if rule is not None and not rule[1](use.type):
            return constraint("operand", index, rule[0], use.type)
    for index, (use, rule) in enumerate(zip(op.results, results, strict=False)):
        if rule is not None and not rule[1](use.type):
            return constraint("result", index, rule[0], use.type)
    return None


# ---------------------------------------------------------------- ReshapeOpsUtils, IndexingUtils


def rank_reduction_mask(original: Shape, reduced: Shape, match_dynamic: bool = False) -> set[int] | None:
    """MLIR's ``computeRankReductionMask``: the dims of ``original`` dropped to give ``reduced``
    (each must be 1), matched greedily; ``None`` when no such set exists."""
    unused: set[int] = set()
    j = 0
    for i, d in enumerate(original):
        if match_dynamic and j < len(reduced) and d != 1 and (reduced[j] is None or d is None):
            j += 1
            continue
        if j < len(reduced) and d == reduced[j]:
            j += 1
            continue
        unused.add(i)
        if d != 1:
            return None
    return unused if j == len(reduced) else None


def rank_reduced(expected: View, actual: View) -> str:
    """MLIR's ``isRankReducedType``: ``ok``, ``rank``, ``size`` or ``element``."""
    if expected.shape == actual.shape and expected.element == actual.element:
        return "ok"
    assert expected.shape is not None and actual.shape is not None
    if len(actual.shape) > len(expected.shape):
        return "rank"
    if rank_reduction_mask(expected.shape, actual.shape) is None:
        return "size"
    if expected.element != actual.element:
        return "element"
    return "ok"


def slice_problem(result: str, expected: View, subject: Subject | None = None) -> Problem | None:
    """``produceSliceErrorMsg``: a slice's type against the type its sizes give."""
    if result == "rank":
        return Problem("BC614", subject=subject)
    if result == "size":
        return Problem("BC615", {"expected": str(expected)}, subject)
    if result == "element":
        return Problem("BC616", {"element": expected.element}, subject)
    return None


def in_bounds(shape: Shape, offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]) -> Problem | None:
    """MLIR's ``verifyInBoundsSlice``: a static slice stays inside the static dims it reads."""
    for i, dim in enumerate(shape):
        if dim is None or i >= len(offsets) or offsets[i] == DYNAMIC:
            continue
        if offsets[i] >= dim:
            return Problem("BC617", {"dim": i, "offset": offsets[i], "size": dim})
        if sizes[i] == DYNAMIC or strides[i] == DYNAMIC:
            continue
        last = offsets[i] + (sizes[i] - 1) * strides[i]
        if last >= dim:
            return Problem("BC618", {"dim": i, "last": last, "size": dim})
    return None


def offsets_sizes_strides(
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
    ranks: tuple[int, int, int],
) -> Problem | None:
    """``verifyOffsetSizeAndStrideOp`` (ViewLikeInterface): the three lists agree in length,
    each has its maximum rank; no static offset or size is negative."""
    if not (len(offsets) == 1 and ranks[0] == 1) and len(offsets) != len(sizes):
        return Problem("BC619", {"a": "offsets", "b": "sizes", "x": len(offsets), "y": len(sizes)})
    if len(sizes) != len(strides):
        return Problem("BC619", {"a": "sizes", "b": "strides", "x": len(sizes), "y": len(strides)})
    for name, values, rank in zip(("offset", "size", "stride"), (offsets, sizes, strides), ranks, strict=True):
        if len(values) != rank:
            return Problem("BC620", {"count": rank, "name": name, "got": len(values)})
    for name, values in (("offsets", offsets), ("sizes", sizes)):
        for v in values:
            if v < 0 and v != DYNAMIC:
                return Problem("BC621", {"name": name, "value": v})
    return None


def dynamic_count(shape: Shape, count: int) -> Problem | None:
    """``verifyDynamicDimensionCount``: one value per ``?`` of the type."""
    wanted = sum(1 for d in shape if d is None)
    if wanted != count:
        return Problem("BC622", {"has": count, "expected": wanted})
    return None


def quoted(t: Type | View) -> str:
    return f"'{t if isinstance(t, View) else printed(t)}'"


__all__ = ["DYNAMIC", "OpaqueType", "View"]
