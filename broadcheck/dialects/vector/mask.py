"""``vector.mask`` (with its region and ``vector.yield``) and ``vector.scan``: their custom forms
and their verifiers (``MaskOp::verify``, ``ScanOp::verify`` in ``VectorOps.cpp`` of the MLIR that
iree-base-compiler 3.13 carries), in the verifier's order.

The op ``vector.mask`` masks is read from its region's summary: the maskable ops of the region
(:data:`MASKABLE`, which the engine hands over as ``Region.inner``) and its terminator. An op
broadcheck cannot see (neither maskable nor the terminator) is judged only where the region's
last op tells enough; otherwise the check says nothing."""

from __future__ import annotations

from broadcheck.dialects import ods
from broadcheck.dialects.assembly import Wrong
from broadcheck.dialects.inner import MASKABLE
from broadcheck.dialects.linalg.affine import parse
from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import (
    View,
    constraint,
    printed,
    reading,
    trailing_types,
    unplaced,
    view,
    view_text,
)
from broadcheck.dialects.vector import forms
from broadcheck.dialects.vector.checks import _kind, _supports
from broadcheck.ops import OpaqueType, Operation, Region, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, read_statement

_PASSTHRU = frozenset({"vector.transfer_read"})
"""Those whose ``supportsPassthru()`` is true."""

MASK = "vector of 1-bit signless integer values"


def _vector(t: Type | OpaqueType | None) -> View | None:
    v = view(t) if t is not None else None
    return v if v is not None and v.kind == "vector" and v.shape is not None else None


def _text(shape: list[int | None], scalable: list[bool], element: str) -> str:
    dims = "".join(f"[{d}]x" if s else f"{'?' if d is None else d}x" for d, s in zip(shape, scalable, strict=True))
    return f"vector<{dims}{element}>"


# ---------------------------------------------------------------- forms


def mask(statement: Statement) -> Reading:
    """``vector.mask %m[, %passthru] { ... } : M [-> R | -> (R, ...)]``: the pass-through has the
    first result's type."""
    sig = statement.signature
    if sig is None or len(sig.inputs) != 1 or not 1 <= len(statement.operands) <= 2:
        return unplaced(statement)
    results = list(sig.outputs)
    if statement.result_count and statement.result_count != len(results):
        return unplaced(statement)
    operands = [sig.inputs[0], *(results[:1] if len(statement.operands) == 2 else [])]
    if len(operands) != len(statement.operands):
        return unplaced(statement)
    return reading(operands, results[: statement.result_count] if statement.result_count else results)


def mask_parse(statement: Statement) -> Wrong | None:
    """``MaskOp::parse``: a pass-through needs a result type."""
    sig = statement.signature
    if len(statement.operands) == 2 and sig is not None and not sig.outputs:
        return f"custom op '{statement.name}' expects a result if passthru operand is provided", statement.name_start
    return None


def scan(statement: Statement) -> Reading:
    """``vector.scan <add>, %v, %init reduction_dim = 0, inclusive = true : V, I``: the results
    are the operands' types (``dest``, ``accumulated_value``)."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) != 2 or statement.result_count not in (0, 2):
        return unplaced(statement)
    kind = next((i for i in statement.items if i.kind == "group" and i.text.startswith("<")), None)
    properties = [Property("kind", f"#vector.kind{kind.text}", kind.start, kind.end)] if kind is not None else []
    return reading(types, types[: statement.result_count], properties)


# ---------------------------------------------------------------- the op inside


class _Masked:
    """The maskable op of a mask's region, as its own form reads."""

    def __init__(self, name: str, results: list[str], mask: str | None) -> None:
        self.name = name
        self.results = results
        """Its result types, printed."""
        self.mask = mask
        """``getExpectedMaskType()``, printed (``None``: not known)."""


def _i1(v: View, dims: list[int] | None = None) -> str:
    assert v.shape is not None
    keep = range(len(v.shape)) if dims is None else dims
    return _text([v.shape[k] for k in keep], [v.scalable_at(k) for k in keep], "i1")


def _contract_mask(statement: Statement, lhs: View, rhs: View) -> str | None:
    """``ContractionOp::getExpectedMaskType``: the iteration space, each dim sized by lhs or rhs."""
    attr = next((a for a in statement.attributes if a.name == "indexing_maps"), None)
    if attr is None:
        return None
    from broadcheck.dialects.shaped import split_top
    from broadcheck.dialects.vector.checks import read_map

    text = attr.text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        return None
    maps = [read_map(t) if t.strip().startswith("affine_map<") else None for t in split_top(text[1:-1])]
    if len(maps) < 2 or maps[0] is None or maps[1] is None:
        return None
    loops = maps[0].dims
    shape: list[int | None] = [None] * loops
    scalable = [False] * loops
    for m, v in ((maps[0], lhs), (maps[1], rhs)):
        assert v.shape is not None
        for k, size in enumerate(v.shape):
            d = m.pure_dim(k) if k < len(m.results) else None
            if d is None or d >= loops:
                return None
            shape[d], scalable[d] = size, v.scalable_at(k)
    return _text(shape, scalable, "i1")


def masked(name: str, key: str) -> _Masked | None:
    """The op ``key`` (value names written ``%_``) of a mask's region: its results and its mask type."""
    try:
        statement = read_statement(key)
    except SyntaxProblem:
        return None
    types = trailing_types(statement)
    if name in ("vector.transfer_read", "vector.transfer_write"):
        if len(types) != 2:
            return None
        vector, source = (types[1], types[0]) if name == "vector.transfer_read" else (types[0], types[1])
        sv = view_text(source.text)
        if sv is None or sv.shape is None:
            return None
        permutation = next((a.text for a in statement.attributes if a.name == "permutation_map"), None)
        if permutation is not None and parse(permutation) is None:
            return None
        expected = forms.mask_type(vector, permutation, len(sv.shape))
        tensor = name == "vector.transfer_read" or sv.kind == "tensor"  # (a write to a memref has no result)
        results = [(vector if name == "vector.transfer_read" else source).key] if tensor else []
        return _Masked(name, results, expected.key if expected is not None else None)
    if name in ("vector.reduction", "vector.multi_reduction"):
        v = _vector(OpaqueType(types[0].text)) if len(types) == 2 else None
        return _Masked(name, [types[1].key], _i1(v)) if v is not None else None
    if name == "vector.contract":
        lhs = _vector(OpaqueType(types[0].text)) if len(types) == 3 else None
        rhs = _vector(OpaqueType(types[1].text)) if len(types) == 3 else None
        if lhs is None or rhs is None:
            return None
        return _Masked(name, [types[2].key], _contract_mask(statement, lhs, rhs))
    if name == "vector.gather":
        gathered = _vector(OpaqueType(types[-1].text)) if types else None
        return _Masked(name, [types[-1].key], _i1(gathered)) if gathered is not None else None
    if name == "vector.outerproduct":
        found = forms.outerproduct(statement if statement.result_count else read_statement("%_ = " + key))
        product = found.results[0] if found.results else None
        v = _vector(OpaqueType(product.text)) if product is not None else None
        return _Masked(name, [product.key], _i1(v)) if v is not None and product is not None else None
    return None


def _result_count(name: str) -> int | None:
    """How many results an op has by its ODS (``OneResult``, ...), ``None`` when it varies."""
    found = ods.traits(name)
    spec = next((t.partition("=")[2] for t in found or () if t.startswith("results=")), None)
    return int(spec) if spec is not None and spec.isdigit() else None


# ---------------------------------------------------------------- checks


def check_mask(op: Operation, profile: Profile) -> Problem | None:
    """``vector.mask``: its mask's ODS type, then ``MaskOp::verify`` in order: one op to mask, a
    terminator (in the generic form: the custom form's parser adds it), the yielded values'
    count, a maskable op, its results against the mask's, the mask's type, the pass-through."""
    if not 1 <= len(op.operands) <= 2 or (op.generic and not op.regions):
        return None
    mask_type = op.operands[0].type
    mv = _vector(mask_type)
    if mv is None or not mv.shape or mv.element != "i1":
        return constraint("operand", 0, MASK, mask_type)
    region = op.regions[0] if op.regions else Region()  # (`{ }` on one line reads as no region)
    inner = [(name, key) for name, key, _ in region.inner if name in MASKABLE]
    terminator = region.terminator
    results = [printed(u.type) for u in op.results]
    if op.generic and terminator != "vector.yield" and region.ops:  # (no parser adds the yield)
        return Problem("BC1327" if region.ops > 2 else "BC1779")
    if terminator == "vector.yield":
        if len(inner) > 1 or region.ops > 2:
            return Problem("BC1327")
        if len(region.yields) != len(results):
            return Problem("BC1328")
        if not inner:
            return NOT_JUDGED  # an empty mask, or an op broadcheck does not see (it cannot tell which)
        name, key = inner[0]
    elif terminator in MASKABLE:
        if len(inner) > 1 or region.ops > 1:  # (and the yield its parser adds)
            return Problem("BC1327")
        name, key = inner[0] if inner else (terminator, "")
        if not key:
            return None
        found = masked(name, key)
        if found is None:
            return None
        if len(found.results) != len(results):  # the parser's yield yields the op's results
            return Problem("BC1328")
    elif terminator == "":
        return Problem("BC1328") if results and not inner else None
    else:  # the region's last op is not maskable: the parser's yield yields its results
        if inner or region.ops > 1:
            return Problem("BC1327")
        count = _result_count(terminator)
        if count is None:
            return None
        return Problem("BC1328") if count != len(results) else Problem("BC1335")
    found = masked(name, key)
    if found is None:
        return None
    if len(found.results) != len(results):
        return Problem("BC1329")
    mine = tuple((0, k) for k in range(len(results)))  # (by value: the masked op's results, in order)
    if terminator == "vector.yield" and region.ops == 2 and region.sources is not None and region.sources != mine:
        return Problem("BC1812")
    if found.results != results:
        return Problem("BC1330")
    if found.mask is None:
        return None
    if found.mask != printed(mask_type):
        return Problem("BC1331", {"mask": found.mask})
    if len(op.operands) == 2:
        if name not in _PASSTHRU:
            return Problem("BC1332")
        if len(found.results) != 1:
            return Problem("BC1333")
        if printed(op.operands[1].type) != found.results[0]:
            return Problem("BC1334")
    return None


def check_scan(op: Operation, profile: Profile) -> Problem | None:
    """``vector.scan``: its ODS types (vectors; dest as the source, the accumulated value as the
    initial value), then ``ScanOp::verify``: the reduction dim, the initial value's rank and
    shape, the combining kind against the element type."""
    if len(op.operands) != 2 or len(op.results) != 2:
        return None
    for kind, values in (("operand", op.operands), ("result", op.results)):
        for k, u in enumerate(values):
            v = view(u.type)
            if v is None or v.kind != "vector":
                return constraint(kind, k, "vector of any type values", u.type)
    source, initial = _vector(op.operands[0].type), _vector(op.operands[1].type)
    if source is None or initial is None:
        return None
    assert source.shape is not None and initial.shape is not None
    if printed(op.operands[0].type) != printed(op.results[0].type):
        return Problem("BC613", {"description": "all of {source, dest} have same type"})
    if printed(op.operands[1].type) != printed(op.results[1].type):
        return Problem("BC613", {"description": "all of {initial_value, accumulated_value} have same type"})
    attr = op.attribute("reduction_dim")
    text = attr.text.strip().removesuffix(": i64").strip() if attr is not None else ""
    if not text.lstrip("-").isdigit():
        return None
    dim, rank = int(text), len(source.shape)
    if dim >= rank:
        return Problem("BC1336", {"dim": dim, "rank": rank})
    if len(initial.shape) != rank - 1:
        return Problem("BC1337", {"rank": len(initial.shape), "expected": rank - 1})
    if list(initial.shape) != [d for k, d in enumerate(source.shape) if k != dim]:
        return Problem("BC1338")
    combining = _kind(op)
    if combining is not None and not _supports(combining, OpaqueType(source.element)):
        return Problem("BC1339", {"type": source.element, "kind": combining})
    return None
