"""``tf.If`` and ``tf.While`` in function form, and ``tf.PartitionedCall`` (``tf.StatefulPartitionedCall``),
as TensorFlow 2.21 verifies them: the op's own ODS checks (counts, the symbol attributes
``then_branch``/``else_branch``, ``cond``/``body``, ``f``, the others, tensor operands and results),
then, once every op of the module verified, the functions they name (``IfOp::verifySymbolUses``:
``VerifyCaseOrIfOpBranchFunctions``; ``WhileOp::verifySymbolUses``: ``VerifyWhileTypes``;
``VerifyPartitionedCall``: a defined ``f`` taking as many arguments as the op passes, types
unchecked), in their order and words. The symbol check is :mod:`broadcheck.engine.control`'s, the
one that holds ``func.call`` to its callee: this module gives it the rule (:func:`symbol_uses`).

PASS::

    func.func private @then(tensor<?xf32>) -> tensor<2xf32>
    func.func private @else(tensor<2xf32>) -> tensor<2xf32>
    %0 = "tf.If"(%c, %x) {then_branch = @then, else_branch = @else, is_stateless = false}
        : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>

FAIL::

    func.func private @then(tensor<3xf32>) -> tensor<2xf32>
    ... "tf.If"(%c, %x) {...} : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
    // 'then_branch' input type tensor<3xf32> is incompatible with input type tensor<2xf32> at index 0
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.dialects.op import SymbolRule, Texts
from broadcheck.dialects.tf.base import Attr, Spec, begin, fits, holds
from broadcheck.dialects.tf.regions import Range, cast_compatible, ranges, while_types
from broadcheck.dialects.tf.types import DTYPE
from broadcheck.ops import Operation, Type
from broadcheck.semantics import Problem
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, symbol_name
from broadcheck.syntax.types import read_type

IF_ATTRS: tuple[Attr, ...] = (
    ("then_branch", "symbol", True),
    ("else_branch", "symbol", True),
    ("is_stateless", "bool", True),
)
WHILE_ATTRS: tuple[Attr, ...] = (
    ("cond", "symbol", True),
    ("body", "symbol", True),
    ("parallel_iterations", "i64min1", False),
    ("is_stateless", "bool", True),
    ("shape_invariant", "unit", False),
)
PARTITIONED_ATTRS: tuple[Attr, ...] = (
    ("f", "symref", True),
    ("config", "str", False),
    ("config_proto", "str", False),
    ("executor_type", "str", False),
)
STATEFUL_ATTRS: tuple[Attr, ...] = (
    ("f", "symbol", True),
    ("config", "str", True),
    ("config_proto", "str", True),
    ("executor_type", "str", True),
)
_ATTRS = {
    "tf.If": IF_ATTRS,
    "tf.While": WHILE_ATTRS,
    "tf.PartitionedCall": PARTITIONED_ATTRS,
    "tf.StatefulPartitionedCall": STATEFUL_ATTRS,
}
_CODES = ("BC1308", "BC1309")
_BARE = re.compile(r"[A-Za-z_][\w$.]*")
"""MLIR's bare identifier: a symbol name of other characters prints quoted."""


def if_op(op: Operation, spec: Spec) -> Problem | None:
    """``tf.If``'s ODS checks: a condition and any inputs, the three attributes, tensor types."""
    found = begin(op, spec, None, None, IF_ATTRS, at_least=1)
    return found if isinstance(found, Problem) else None


def while_op(op: Operation, spec: Spec) -> Problem | None:
    """``tf.While``'s ODS checks: its attributes, tensor types."""
    found = begin(op, spec, None, None, WHILE_ATTRS)
    return found if isinstance(found, Problem) else None


def partitioned_call(op: Operation, spec: Spec) -> Problem | None:
    """``tf.PartitionedCall``'s (``tf.StatefulPartitionedCall``'s) ODS checks: ``f`` (nested references
    allowed, flat only for the stateful op), the string attributes (required by the stateful op),
    tensor operands and results."""
    attrs = PARTITIONED_ATTRS if op.name == "tf.PartitionedCall" else STATEFUL_ATTRS
    found = begin(op, spec, None, None, attrs)
    return found if isinstance(found, Problem) else None


def _printed(name: str) -> str:
    """A symbol reference as MLIR prints it."""
    if _BARE.fullmatch(name):
        return "@" + name
    return '@"' + name.replace("\\", "\\\\").replace('"', "\\22") + '"'


def _types(texts: Sequence[str]) -> list[Type] | None:
    try:
        return [read_type(t) for t in texts]
    except SyntaxProblem:
        return None


def _verified(texts: Texts) -> tuple[list[Type], list[Type]] | None:
    """The op's operand and result types, when its own check passes them (tensors of
    ``tf.dtype``): the symbol table is verified only once every op is."""
    operands, results = _types(texts[0]), _types(texts[1])
    if operands is None or results is None or not all(fits(t, DTYPE) for t in (*operands, *results)):
        return None
    return operands, results


def _signature(sig: Texts) -> tuple[list[Type], list[Type]] | None:
    inputs, outputs = _types(sig[0]), _types(sig[1])
    return None if inputs is None or outputs is None else (inputs, outputs)


def _found(problem: Problem | None) -> tuple[str, dict[str, object]] | None:
    return None if problem is None else (problem.code, dict(problem.args))


def _if_rule(branches: tuple[str, str]) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        verified = _verified(texts)
        if verified is None or not verified[0]:
            return None
        operands, results = verified
        inputs: Range = (operands[1:], "input")
        outputs: Range = (results, "result")
        seen: list[list[Type]] = []
        for word, symbol, callee in zip(("'then_branch'", "'else_branch'"), branches, callees, strict=True):
            if callee is None:
                from broadcheck.messages import detail  # (the catalogue: only when a message is worded)

                return "BC1307", detail("BC1307", "branch", branch=word, symbol=_printed(symbol))
            sig = _signature(callee)
            if sig is None:
                return None
            problem = ranges((sig[0], f"{word} input"), inputs, _CODES) or ranges(
                (sig[1], f"{word} result"), outputs, _CODES
            )
            if problem is not None:
                return _found(problem)
            seen.append(sig[0])
        for index in range(len(operands) - 1):
            a, b = seen[0][index], seen[1][index]
            if not cast_compatible(a, b):
                return "BC1310", {"types": f"{a}, {b}", "index": index}
        return None

    return rule


def _while_rule(functions: tuple[str, str], invariant: bool) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        verified = _verified(texts)
        if verified is None:
            return None
        operands, results = verified
        for word, symbol, callee in zip(("cond", "body"), functions, callees, strict=True):
            if callee is None:
                from broadcheck.messages import detail

                return "BC1307", detail("BC1307", "loop", function=word, symbol=symbol)
        cond, body = callees
        assert cond is not None and body is not None
        if len(cond[1]) != 1:
            return "BC1311", {}
        cond_sig, body_sig = _signature(cond), _signature(body)
        if cond_sig is None or body_sig is None:
            return None
        around: tuple[Range, Range, Range] = (
            (body_sig[1], "body result"),
            (cond_sig[0], "condition input"),
            (body_sig[0], "body input"),
        )
        return _found(while_types((operands, "input"), (results, "result"), around, invariant, _CODES))

    return rule


def _call_rule(function: str, written: str) -> SymbolRule:
    def rule(callees: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        if _verified(texts) is None:
            return None
        callee = callees[0]
        if "::" in written:  # a nested reference into a function, no symbol table: nothing found
            return None if callee is None else ("BC1313", {"symbol": written})
        if callee is None:
            return "BC1313", {"symbol": _printed(function)}
        if len(callee[0]) != len(texts[0]):
            return "BC1314", {"count": len(texts[0]), "symbol": _printed(function), "expected": len(callee[0])}
        return None

    return rule


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The functions a ``tf.If`` (``tf.While``) names and the rule that holds it to them, or
    ``None`` when its attributes do not name them or fail their own check (reported there)."""
    attributes = {a.name: "".join(a.text.split()) for a in statement.attributes}
    texts = {a.name: a.text for a in statement.attributes}
    for name, kind, needed in _ATTRS[statement.name]:
        if (needed and name not in texts) or (name in texts and not holds(kind, texts[name])):
            return None
    if statement.name in ("tf.PartitionedCall", "tf.StatefulPartitionedCall"):
        f = attributes["f"]
        root = symbol_name(f.split("::")[0])  # (a nested reference into another module is not followed)
        return (root,), _call_rule(root, f)
    keys = ("then_branch", "else_branch") if statement.name == "tf.If" else ("cond", "body")
    written = [attributes.get(k, "") for k in keys]
    if not all(w.startswith("@") and "::" not in w for w in written):
        return None
    names = (symbol_name(written[0]), symbol_name(written[1]))
    if statement.name == "tf.If":
        return names, _if_rule(names)
    invariant = attributes.get("shape_invariant")
    return names, _while_rule(names, invariant is not None and invariant != "false")
