"""The ``tf`` ops that name functions through ``SymbolUserOpInterface`` and were left over:
``tf.LegacyCall``, ``tf.TPUPartitionedCall``, ``tf.BatchFunction`` and ``tf.XlaCallModule``, as
tensorflow-cpu 2.21 checks them: their generated verifier (the counts, the required attributes, the
type constraints: ``ods.generated``), then, once every op of the module verified, the functions
they name (``verifySymbolUses``), in TensorFlow's words. The oracle is the tool
(``tests/oracle/test_tf_verify_c.py``).

* ``tf.LegacyCall``: ``f`` (a flat reference) names a function taking as many arguments as the op
  passes ("argument count mismatch: 'args' has 2 argument(s), but 'g' expects 1"); results unchecked.
* ``tf.TPUPartitionedCall``: ``VerifyPartitionedCall`` on its ``args`` (every operand but the last,
  the device ordinal); a nested reference names nothing ("... undefined function: @g::@h").
* ``tf.BatchFunction``: ``f``'s root reference names something; no count.
* ``tf.XlaCallModule``: each entry of ``function_list`` names something, in order.

Also the two ops that infer their result types by their own rules (``InferTensorType``, after their
generated checks): ``tf.XlaSetDynamicDimensionSize`` (:func:`set_dynamic_dimension_size`) and
``tf.XlaBroadcastHelper`` (:func:`broadcast_helper`).

PASS::

    func.func private @g(%a: tensor<f32>) -> tensor<f32>
    %0 = "tf.LegacyCall"(%x) {f = @g} : (tensor<f32>) -> tensor<i32>

FAIL::

    %0 = "tf.LegacyCall"(%x, %x) {f = @g} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    // argument count mismatch: 'args' has 2 argument(s), but 'g' expects 1
"""

from __future__ import annotations

import re
from collections.abc import Callable

from broadcheck.dialects.common import shape
from broadcheck.dialects.op import FUNCTIONAL, Op, SymbolRule, Texts
from broadcheck.dialects.tf.base import fits
from broadcheck.dialects.tf.regions import cast_compatible
from broadcheck.dialects.tf.types import DTYPE
from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics import NOT_JUDGED, Problem, Profile, then
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, symbol_name
from broadcheck.syntax.types import read_type

CALLS = ("tf.LegacyCall", "tf.TPUPartitionedCall", "tf.BatchFunction", "tf.XlaCallModule")
_FLAT = re.compile(r'@(?:[A-Za-z_][\w$.]*|"(?:[^"\\]|\\.)*")')
_REF = re.compile(rf"{_FLAT.pattern}(?:::{_FLAT.pattern})*")
_BARE = re.compile(r"[A-Za-z_][\w$.]*")


_SHAPE = r"#tf_type\.shape<[^<>]*>"
_KINDS = {
    "i64": (r"-?\d+(?:\s*:\s*i64)?", "64-bit signless integer attribute"),
    "bool": (r"true|false", "bool attribute"),
    "str": (r'"(?:[^"\\]|\\.)*"', "string attribute"),
    "symbol": (_FLAT.pattern, "flat symbol reference attribute"),
    "symref": (_REF.pattern, "symbol reference attribute"),
    "shapes": (rf"\[(?:{_SHAPE}(?:,{_SHAPE})*)?\]", "tensorflow shape attribute array"),
    "symrefs": (rf"\[(?:{_REF.pattern}(?:,{_REF.pattern})*)?\]", "tensorflow symbol ref array attribute"),
}
"""The attribute kinds these ops take: the written form (spaces removed) and TensorFlow's words."""
ATTRS: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "tf.LegacyCall": (("f", "symbol", True), ("_disable_call_shape_inference", "bool", False)),
    "tf.TPUPartitionedCall": (("f", "symref", True), ("autotuner_thresh", "i64", False)),
    "tf.BatchFunction": (
        ("f", "symref", True), ("num_batch_threads", "i64", True), ("max_batch_size", "i64", True),
        ("batch_timeout_micros", "i64", True), ("max_enqueued_batches", "i64", False),
        ("container", "str", False), ("shared_name", "str", False), ("batching_queue", "str", False),
        ("enable_large_batch_splitting", "bool", False),
    ),
    "tf.XlaCallModule": (
        ("version", "i64", True), ("module", "str", True), ("Sout", "shapes", True),
        ("function_list", "symrefs", False), ("has_token_input_output", "bool", False),
    ),
}  # fmt: skip
"""Each op's attributes as its ODS declares them (name, kind, required; asked of the tool)."""


def _fits(kind: str, text: str) -> bool:
    return re.fullmatch(_KINDS[kind][0], "".join(text.split())) is not None


def _total(text: str) -> int | None:
    """The sum of a dense ``array<i32: ...>``, or ``None`` when written otherwise."""
    m = re.fullmatch(r"array<i32(?::((?:-?\d+,)*-?\d+))?>", "".join(text.split()))
    return None if m is None else sum(int(v) for v in (m.group(1) or "0").split(","))


def _check(name: str) -> Callable[[Operation, Profile], Problem | None]:
    """The op's check in TensorFlow's order: the parser's conversion of its attributes (each
    constraint, by name), the counts, the required attributes (by name), the type constraints."""
    from broadcheck.dialects import ods
    from broadcheck.dialects.ods.traits import check_of

    steps = tuple(ods.generated(name))
    cut = steps.index("OpInvariants")
    layout = tuple(
        s for s in steps if s.startswith(("operand-groups=", "result-groups=")) or s == "AttrSizedOperandSegments"
    )
    before, after = check_of((*steps[:cut], *layout), NOT_JUDGED), check_of((*steps[cut:], *layout), NOT_JUDGED)
    unsized = check_of((*steps[cut:], *(s for s in layout if s != "AttrSizedOperandSegments")), NOT_JUDGED)
    """(no operands and no ``operandSegmentSizes``: every group is empty)"""
    attrs = sorted(ATTRS[name])
    segmented = "AttrSizedOperandSegments" in steps

    def check(op: Operation, profile: Profile) -> Problem | None:
        for attr, kind, _ in attrs:
            written = op.attribute(attr)
            if written is not None and not _fits(kind, written.text):
                return Problem("BC562", {"name": attr, "constraint": _KINDS[kind][1]})
        if segmented:
            sizes = op.attribute("operandSegmentSizes")
            total = 0 if sizes is None else _total(sizes.text)
            if total is None:
                return NOT_JUDGED
            if total != len(op.operands):
                return Problem("BC1734", {"count": len(op.operands), "total": total})
        counted = before(op, profile)
        if counted is not None and counted is not NOT_JUDGED:
            return counted

        def rest() -> Problem | None:
            for attr, _, needed in attrs:
                if needed and op.attribute(attr) is None:
                    return Problem("BC610", {"name": attr})
            if segmented and not op.operands and op.attribute("operandSegmentSizes") is None:
                return unsized(op, profile)
            return after(op, profile)

        return then(counted, rest)

    return check


def _printed(name: str) -> str:
    """A flat symbol reference as MLIR prints it."""
    if _BARE.fullmatch(name):
        return "@" + name
    return '@"' + name.replace("\\", "\\\\").replace('"', "\\22") + '"'


def _types(texts: tuple[str, ...] | list[str]) -> list[Type] | None:
    try:
        return [read_type(t) for t in texts]
    except SyntaxProblem:
        return None


def _verified(texts: Texts) -> bool:
    """Whether the op's own type constraints pass (tensors of ``tf.dtype``): its symbol uses are
    verified only once every op is."""
    operands, results = _types(texts[0]), _types(texts[1])
    return operands is not None and results is not None and all(fits(t, DTYPE) for t in (*operands, *results))


def _legacy_rule(function: str) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        if not _verified(texts):
            return None
        callee = callees[0]
        if callee is None:
            return "BC1830", {"symbol": function}
        if len(callee[0]) != len(texts[0]):
            return "BC1831", {"count": len(texts[0]), "symbol": function, "expected": len(callee[0])}
        return None

    return rule


def _tpu_rule(function: str, written: str) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        if not _verified(texts):
            return None
        callee = callees[0]
        if "::" in written or callee is None:  # a function is no symbol table: a nested reference names nothing
            return "BC1830", {"symbol": written}
        args = len(texts[0]) - 1
        if len(callee[0]) != args:
            return "BC1832", {"count": args, "symbol": _printed(function), "expected": len(callee[0])}
        return None

    return rule


def _batch_rule(function: str) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        if not _verified(texts):
            return None
        return ("BC1830", {"symbol": function}) if callees[0] is None else None

    return rule


def _module_rule(written: tuple[str, ...]) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        if not _verified(texts):
            return None
        for ref, callee in zip(written, callees, strict=True):
            if "::" in ref or callee is None:
                return "BC1833", {"symbol": ref}
        return None

    return rule


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The functions the op names and the rule its ``verifySymbolUses`` holds it to, or ``None``
    when its attribute does not name them in the form its constraint takes (its own check reports
    that first)."""
    texts = {a.name: "".join(a.text.split()) for a in statement.attributes}
    for attr, kind, needed in ATTRS[statement.name]:
        if (needed and attr not in texts) or (attr in texts and not _fits(kind, texts[attr])):
            return None  # the op's own check fails first
    if statement.name == "tf.BatchFunction":
        sizes = texts.get("operandSegmentSizes")
        if (0 if sizes is None else _total(sizes)) != len(statement.operands):
            return None
    if statement.name == "tf.XlaCallModule":
        listed = texts.get("function_list")
        if listed is None:
            return None
        if not (listed.startswith("[") and listed.endswith("]")):
            return None
        inner = listed[1:-1]
        refs = [m.group(0) for m in _REF.finditer(inner)]
        if not refs or ",".join(refs) != inner:
            return None
        return tuple(symbol_name(r.split("::")[0]) for r in refs), _module_rule(tuple(refs))
    f = texts.get("f")
    if f is None or not _REF.fullmatch(f):
        return None
    root = symbol_name(f.split("::")[0])
    if statement.name == "tf.LegacyCall":
        return None if "::" in f else ((root,), _legacy_rule(root))
    if statement.name == "tf.BatchFunction":  # (a nested reference: its root is looked up)
        return (root,), _batch_rule(root)
    return (root,), _tpu_rule(root, f)


# ---- the ops that infer their result types by their own rules


_FIRST_INT = re.compile(r"dense<\s*\[*\s*(-?\d+)")


def _dim_index(op: Operation) -> int | None:
    """The first value of the constant that defines operand 1 (``m_Constant``), or ``None``."""
    literal = op.constant(1)
    m = _FIRST_INT.match(literal.strip()) if literal is not None else None
    return int(m.group(1)) if m else None


def set_dynamic_dimension_size(op: Operation) -> Problem | None:
    """``tf.XlaSetDynamicDimensionSize``'s inferred result: its input's type with the dimension a constant
    ``dim_index`` names made dynamic (every dimension when it is not a constant), which must be in range;
    the result must be cast compatible with it (TensorFlow's ``InferTensorType``)."""
    if len(op.operands) != 3 or len(op.results) != 1:
        return None
    t = op.operands[0].type
    dims = shape(t)
    if not isinstance(t, ShapedType):
        return None
    if dims is None:
        inferred: Type = ShapedType("tensor", None, t.element)
    else:
        index = _dim_index(op)
        new: list[int | None] = [None] * len(dims)
        if index is not None:
            if not 0 <= index < len(dims):
                return Problem("BC1835", {"index": index, "rank": len(dims)})
            new = list(dims)
            new[index] = None
        inferred = ShapedType("tensor", tuple(new), t.element)
    result = op.results[0].type
    if not cast_compatible(inferred, result):
        return Problem("BC1834", {"inferred": f"'{inferred}'", "actual": f"'{result}'"})
    return None


_DENSE = re.compile(r"dense<(.*)>\s*:\s*(.+)", re.S)


def _dims_constant(op: Operation) -> list[int] | None:
    """The values of the constant that defines operand 2 (``m_Constant``), flattened, or ``None``."""
    literal = op.constant(2)
    m = _DENSE.fullmatch(literal.strip()) if literal is not None else None
    if m is None:
        return None
    try:
        t = read_type(m.group(2).strip())
    except SyntaxProblem:
        return None
    dims = shape(t)
    if dims is None or None in dims:
        return None
    body = m.group(1).strip()
    if body.startswith('"'):
        return None  # (a hex literal: not read here)
    values = [int(v) for v in re.findall(r"-?\d+", body)]
    size = 1
    for d in dims:
        size *= d or 0
    if "[" not in body and len(values) == 1:
        return values * size  # a splat
    return values if len(values) == size else None


_EMPTY = "if broadcast_dims is empty, both arguments must have equal rank or at least one argument must be a scalar"


def broadcast_helper(op: Operation) -> Problem | None:
    """``tf.XlaBroadcastHelper``'s inferred results: unranked (of the operands' element types) unless
    both operands are ranked and ``broadcast_dims`` is a constant; an empty one needs operands of one
    rank or a scalar (the types pass through); otherwise as many entries as the smaller rank (the
    right operand when the ranks are equal), each in ``[0, rank)`` and none twice, which place its
    sizes in a shape of 1s of the larger rank (an entry equal to the rank passes TensorFlow's range
    check and is then read past the end of its vectors: left unjudged). Each result must be cast
    compatible with its inferred type."""
    if len(op.operands) != 3 or len(op.results) != 2:
        return None
    lhs, rhs = op.operands[0].type, op.operands[1].type
    if not isinstance(lhs, ShapedType) or not isinstance(rhs, ShapedType):
        return None
    inferred: tuple[Type, Type] = (ShapedType("tensor", None, lhs.element), ShapedType("tensor", None, rhs.element))
    dims = _dims_constant(op)
    if lhs.shape is not None and rhs.shape is not None and dims is not None:
        lr, rr = len(lhs.shape), len(rhs.shape)
        plain = (ShapedType("tensor", lhs.shape, lhs.element), ShapedType("tensor", rhs.shape, rhs.element))
        if not dims:
            if not (lr == rr or lr == 0 or rr == 0):
                return Problem("BC1836", {"what": _EMPTY})
            inferred = plain
        else:
            small, large = (lhs, rhs) if lr < rr else (rhs, lhs)
            assert small.shape is not None and large.shape is not None
            if len(dims) != len(small.shape):
                return Problem("BC1836", {"what": "broadcast_dims must have size equal to the smaller argument rank"})
            out: list[int | None] = [1] * len(large.shape)
            seen: set[int] = set()
            for i, d in enumerate(dims):
                if d < 0 or d > len(out):
                    return Problem("BC1836", {"what": "out of range broadcast dim"})
                if d == len(out):
                    return None  # let through, and TensorFlow reads past its vectors: no verdict
                if d in seen:
                    return Problem("BC1836", {"what": "broadcast_dims has duplicates"})
                seen.add(d)
                out[d] = small.shape[i]
            broadcast = ShapedType("tensor", tuple(out), small.element)
            inferred = (broadcast, plain[1]) if lr < rr else (plain[0], broadcast)
    results = (op.results[0].type, op.results[1].type)
    if not all(cast_compatible(a, b) for a, b in zip(inferred, results, strict=True)):
        return Problem(
            "BC1834",
            {"inferred": ", ".join(f"'{t}'" for t in inferred), "actual": ", ".join(f"'{t}'" for t in results)},
        )
    return None


def _after_traits(
    name: str, verify: Callable[[Operation], Problem | None]
) -> Callable[[Operation, Profile], Problem | None]:
    """The op's generated traits, then its own rule."""
    from broadcheck.dialects import ods
    from broadcheck.dialects.ods.traits import check_of

    traits = check_of(ods.generated(name), NOT_JUDGED)

    def check(op: Operation, profile: Profile) -> Problem | None:
        return then(traits(op, profile), lambda: verify(op))

    return check


OPS: tuple[Op, ...] = (
    *(Op(name, FUNCTIONAL, _check(name), "tf-call") for name in CALLS),
    Op(
        "tf.XlaBroadcastHelper",
        FUNCTIONAL,
        _after_traits("tf.XlaBroadcastHelper", broadcast_helper),
        "tf-shape",
        constants=True,
    ),
    Op(
        "tf.XlaSetDynamicDimensionSize",
        FUNCTIONAL,
        _after_traits("tf.XlaSetDynamicDimensionSize", set_dynamic_dimension_size),
        "tf-shape",
        constants=True,
    ),
)
"""The declarations (``broadcheck/dialects/tf/__init__.py`` lists them with the other ``tf`` ops)."""
