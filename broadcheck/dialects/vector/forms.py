"""Vector's custom forms: the types each operand and result has, and the properties the form
writes bare (positions, permutations, reduction dims), as the generic form holds them."""

from __future__ import annotations

from collections.abc import Callable

from broadcheck.dialects.assembly import Assembly, Found, Wrong
from broadcheck.dialects.linalg.affine import parse
from broadcheck.dialects.op import Reading
from broadcheck.dialects.shaped import (
    array_property,
    derived,
    element_type_text,
    groups,
    index_at,
    reading,
    static_values,
    trailing_types,
    unplaced,
    uses_in,
    view_text,
)
from broadcheck.syntax.statement import Attribute as Property
from broadcheck.syntax.statement import Statement, TypeText


def _position(statement: Statement, first: int) -> tuple[list[Property], int] | None:
    """The ``[0, %i]`` group after operand ``first - 1``: ``static_position`` and its dynamic count."""
    found = [g for g in groups(statement) if g.start >= statement.operands[first - 1].end]
    if not found:
        return None
    values = static_values(found[0])
    if values is None:
        return None
    return [array_property("static_position", values, found[0])], len(uses_in(statement, found[0]))


def extract(statement: Statement) -> Reading:
    """``vector.extract %v[0, %i] : R from V``."""
    types = trailing_types(statement)
    read = _position(statement, 1) if statement.operands else None
    if len(types) != 2 or read is None:
        return unplaced(statement)
    properties, dynamic = read
    indices = [index_at(u) for u in statement.operands[1 : 1 + dynamic]]
    return reading([types[1], *indices], [types[0]], properties)


def insert(statement: Statement) -> Reading:
    """``vector.insert %s, %v[0, %i] : S into V``."""
    types = trailing_types(statement)
    read = _position(statement, 2) if len(statement.operands) >= 2 else None
    if len(types) != 2 or read is None:
        return unplaced(statement)
    properties, dynamic = read
    indices = [index_at(u) for u in statement.operands[2 : 2 + dynamic]]
    return reading([types[0], types[1], *indices], [types[1]], properties)


def transpose(statement: Statement) -> Reading:
    """``vector.transpose %v, [1, 0] : A to B``."""
    types = trailing_types(statement)
    found = groups(statement)
    values = static_values(found[0]) if found else None
    if len(types) != 2 or len(statement.operands) != 1 or values is None:
        return unplaced(statement)
    return reading([types[0]], [types[1]], [array_property("permutation", values, found[0])])


def reduction(statement: Statement) -> Reading:
    """``vector.reduction <add>, %v, %acc : V into R`` (its kind as the generic form holds it)."""
    types = trailing_types(statement)
    if len(types) != 2 or not 1 <= len(statement.operands) <= 2:
        return unplaced(statement)
    kind = next((i for i in statement.items if i.kind == "group" and i.text.startswith("<")), None)
    properties = [Property("kind", f"#vector.kind{kind.text}", kind.start, kind.end)] if kind is not None else []
    return reading([types[0], types[1]][: len(statement.operands)], [types[1]], properties)


def multi_reduction(statement: Statement) -> Reading:
    """``vector.multi_reduction <add>, %v, %acc [0, 1] : V to R``."""
    types = trailing_types(statement)
    found = groups(statement)
    values = static_values(found[-1]) if found else None
    if len(types) != 2 or len(statement.operands) != 2 or values is None:
        return unplaced(statement)
    return reading([types[0], types[1]], [types[1]], [array_property("reduction_dims", values, found[-1])])


def mask_type(vector: TypeText, permutation: str | None, source_rank: int) -> TypeText | None:
    """``inferTransferOpMaskType``: i1 elements, the vector's dims placed back through the map."""
    v = view_text(vector.text)
    if v is None or v.shape is None:
        return None
    rank = len(v.shape)
    if permutation is None:
        dims = list(range(source_rank - rank, source_rank))
    else:
        m = parse(permutation)
        if m is None or len(m.results) != rank:
            return None
        dims = [m.pure_dim(k) if m.pure_dim(k) is not None else -1 for k in range(rank)]  # type: ignore[misc]
    placed = sorted((d, k) for k, d in enumerate(dims) if d >= 0)
    shape = [v.shape[k] for _, k in placed]
    scalable = [v.scalable_at(k) for _, k in placed]
    text = "x".join(f"[{s}]" if sc else str(s) for s, sc in zip(shape, scalable, strict=True))
    return derived(f"vector<{text + 'x' if text else ''}i1>", vector)


def _transfer(statement: Statement, source_at: int, vector: TypeText, source: TypeText) -> list[TypeText | None] | None:
    """The types of a transfer's operands: source, indices, then padding (read) and mask."""
    found = [g for g in groups(statement) if g.start >= statement.operands[source_at].end]
    if not found:
        return None
    indices = uses_in(statement, found[0])
    sv = view_text(source.text)
    if sv is None or sv.shape is None:
        return None
    types: list[TypeText | None] = []
    for k, use in enumerate(statement.operands):
        if k in indices:
            types.append(index_at(use))
        else:
            types.append(None)
    return types


def transfer_read(statement: Statement) -> Reading:
    """``vector.transfer_read %m[%i, %j], %pad, %mask {...} : S, V``."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) < 2:
        return unplaced(statement)
    source, vector = types
    placed = _transfer(statement, 0, vector, source)
    if placed is None:
        return unplaced(statement)
    rest = [k for k, t in enumerate(placed) if t is None and k > 0]
    placed[0] = source
    sv = view_text(source.text)
    if not rest or sv is None or sv.shape is None:
        return unplaced(statement)
    placed[rest[0]] = element_type_text(source)
    if len(rest) == 2:
        permutation = next((a.text for a in statement.attributes if a.name == "permutation_map"), None)
        placed[rest[1]] = mask_type(vector, permutation, len(sv.shape))
    elif len(rest) > 2:
        return unplaced(statement)
    segments = [1, len(placed) - 1 - len(rest), 1, len(rest) - 1]
    from broadcheck.dialects.shaped import segments_property

    return reading(placed, [vector], [segments_property(segments, statement.name_end)])


def transfer_write(statement: Statement) -> Reading:
    """``vector.transfer_write %v, %m[%i, %j], %mask {...} : V, S``."""
    types = trailing_types(statement)
    if len(types) != 2 or len(statement.operands) < 2:
        return unplaced(statement)
    vector, source = types
    placed = _transfer(statement, 1, vector, source)
    if placed is None:
        return unplaced(statement)
    placed[0], placed[1] = vector, source
    rest = [k for k, t in enumerate(placed) if t is None]
    sv = view_text(source.text)
    if sv is None or sv.shape is None or len(rest) > 1:
        return unplaced(statement)
    if rest:
        permutation = next((a.text for a in statement.attributes if a.name == "permutation_map"), None)
        placed[rest[0]] = mask_type(vector, permutation, len(sv.shape))
    from broadcheck.dialects.shaped import segments_property

    segments = [1, 1, len(placed) - 2 - len(rest), len(rest)]
    # (a memref's transfer has no result: a name bound to one is the parser's problem, not a type)
    results = [source if sv.kind == "tensor" else None] * statement.result_count
    return reading(placed, results, [segments_property(segments, statement.name_end)])


def outerproduct(statement: Statement) -> Reading:
    """``vector.outerproduct %lhs, %rhs[, %acc] : L, R``: the parser derives the result (and the
    accumulator's type): ``vector<l0 x r0 x E>`` of L's element type for a vector R (each dim
    scalable as its operand's first), ``vector<l0 x E>`` for a scalar R (an AXPY)."""
    types = trailing_types(statement)
    if len(types) != 2 or not 2 <= len(statement.operands) <= 3:
        return unplaced(statement)
    lhs, rhs = view_text(types[0].text), view_text(types[1].text)
    if lhs is None or lhs.kind != "vector" or not lhs.shape:
        return unplaced(statement)  # (the parser's "expected vector type for operand #1")
    sides = [lhs, rhs] if rhs is not None and rhs.kind == "vector" and rhs.shape else [lhs]
    dims = "".join(f"[{v.shape[0]}]x" if v.scalable_at(0) else f"{v.shape[0]}x" for v in sides if v.shape)
    result = derived(f"vector<{dims}{lhs.element}>", types[0])
    return reading([types[0], types[1], result][: len(statement.operands)], [result])


def contract(statement: Statement) -> Reading:
    """``vector.contract {...} %lhs, %rhs, %acc[, %masks] : L, R into A``: the result is A. Its parser
    reads the types before ``into`` as a list and takes the first two (more are the masks', and
    unused without them: ``: L, R, A into A`` verifies)."""
    types = trailing_types(statement)
    if len(types) < 3 or len(statement.operands) != 3:
        return unplaced(statement)
    return reading([types[0], types[1], types[-1]], [types[-1]])


# ---------------------------------------------------------------- what the C++ parsers check


class Parser(Assembly):
    """What a Vector op's own C++ parser (``VectorOps.cpp``) checks of its custom form before any
    verifier, beyond :class:`Assembly`'s rules: ``parse`` gives its message and offset."""

    __slots__ = ("parse",)
    parse: Callable[[Statement], Wrong | None]

    def __init__(self, parse: Callable[[Statement], Wrong | None]) -> None:
        super().__init__("same")
        object.__setattr__(self, "parse", parse)

    def problem(self, statement: Statement) -> Wrong | None:
        return self.parse(statement)

    def unread(self, source: str) -> Wrong | None:
        return None


def _colon(statement: Statement) -> int | None:
    """Where the ``:`` before the types is (the parsers' ``typesLoc``)."""
    sig = statement.signature
    return None if sig is None or sig.after < 0 else sig.after - 1


def _shaped_source(text: str) -> bool:
    v = view_text(text)
    return v is not None and (v.kind == "memref" or (v.kind == "tensor" and v.shape is not None))


def _is_vector(text: str) -> bool:
    v = view_text(text)
    return v is not None and v.kind == "vector"


def _transfer_parse(statement: Statement, read: bool) -> Wrong | None:
    """``TransferReadOp::parse`` / ``TransferWriteOp::parse``: two types, a memref or ranked tensor
    and a vector, and a mask only where the source's elements are not vectors."""
    custom = f"custom op '{statement.name}' "
    colon = _colon(statement)
    if colon is None or statement.signature is None or statement.signature.kind != "list":
        return None
    types = [t.text for t in statement.signature.inputs]
    if len(types) != 2:
        return custom + "requires two types", colon
    source, vector = (types[0], types[1]) if read else (types[1], types[0])
    checks = [
        (_shaped_source(source), "requires memref or ranked tensor type"),
        (_is_vector(vector), "requires vector type"),
    ]
    for ok, message in checks if read else checks[::-1]:
        if not ok:
            return custom + message, colon
    permutation = next((a.text for a in statement.attributes if a.name == "permutation_map"), None)
    sv, vv = view_text(source), view_text(vector)
    if permutation is None and sv is not None and sv.shape is not None and vv is not None and vv.shape is not None:
        inner = view_text(sv.element) if sv.element.startswith("vector<") else None
        rank = len(vv.shape) - (len(inner.shape) if inner is not None and inner.shape is not None else 0)
        if len(sv.shape) < rank:
            return custom + "expected a custom permutation_map when rank(source) != rank(destination)", colon
    found = groups(statement)
    if not found:
        return None
    inside = set(uses_in(statement, found[0]))
    rest = [u for k, u in enumerate(statement.operands) if k not in inside]
    if len(rest) != 3:  # source and padding (read) or vector and source (write), then the mask
        return None
    if sv is not None and sv.element.startswith("vector<"):
        return custom + "does not support masks with vector element type", rest[-1].start
    m = parse(permutation) if permutation is not None else None
    if m is not None and vv is not None and vv.shape is not None and len(m.results) != len(vv.shape):
        return custom + "expected the same rank for the vector and the results of the permutation map", colon
    return None


def transfer_read_parse(statement: Statement) -> Wrong | None:
    """``vector.transfer_read``'s parser."""
    return _transfer_parse(statement, True)


def transfer_write_parse(statement: Statement) -> Wrong | None:
    """``vector.transfer_write``'s parser."""
    return _transfer_parse(statement, False)


KINDS = (
    "add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf, maximumnumf, minimumnumf"
)


def reduction_parse(statement: Statement) -> Wrong | None:
    """``vector.reduction``'s form: ``<kind>``, then one or two operands before the ``:``."""
    custom = f"custom op '{statement.name}' "
    after = [i for i in statement.items if i.start >= statement.name_end]
    if not after:
        return None
    first = after[0]
    if not (first.kind == "group" and first.text.startswith("<")):
        return "expected '<'", first.start
    kind = first.text[1:-1].strip()
    if kind not in KINDS.split(", "):
        at = first.start + first.text.index(kind) if kind else first.start + 1
        then = ((f"{custom}failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a "
                 "`::mlir::vector::CombiningKind`", at),)  # fmt: skip
        return Found(f"{custom}expected ::mlir::vector::CombiningKind to be one of: {KINDS}", at, then)
    uses = [u for u in statement.operands if statement.signature is None or u.start < statement.signature.start]
    if len(uses) > 2:
        return "expected ':'", uses[1].end
    return None


def contract_parse(statement: Statement) -> Wrong | None:
    """``ContractionOp::parse``: none or two masks, then ``iterator_types`` in the trait (when the
    trait is written out)."""
    custom = f"custom op '{statement.name}' "
    uses = [u for u in statement.operands if statement.signature is None or u.start < statement.signature.start]
    if len(uses) not in (3, 5):
        return custom + "expected zero or exactly 2 vector mask operands", statement.name_start
    after = [i for i in statement.items if i.start >= statement.name_end]
    if after and after[0].kind == "dict" and not any(a.name == "iterator_types" for a in statement.attributes):
        return custom + 'expected "iterator_types" array attribute', after[0].start
    return None


def extract_parse(statement: Statement) -> Wrong | None:
    """``vector.extract``'s source type (after ``from``) must be a vector."""
    after = False
    for item in statement.items:
        if item.kind == "word" and item.text == "from":
            after = True
        elif after and item.kind == "word":
            if _is_vector(item.text):
                return None
            return (
                f"custom op '{statement.name}' invalid kind of type specified: expected builtin.vector, but found "
                f"'{item.text}'",
                item.start,
            )
    return None
