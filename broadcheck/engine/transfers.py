"""Stage *transfers*: a statement that hands values elsewhere in; :mod:`.control`'s questions out.

A branch passes values to its successor blocks, a call to its callee, a ``return`` to its
function's results, a region's terminator to the results of the op around it. These
functions tell :mod:`.control` (through the open :class:`~.regions.Regions`) what such a
statement wrote, where, so that it can hold one end against the other; a ``return`` is
held against its function's signature here.
"""

from __future__ import annotations

import re
from operator import attrgetter

from broadcheck.dialects.op import SymbolRule
from broadcheck.engine import diagnose
from broadcheck.engine.control import Where, generic_callee, generic_function, signature_of, written_types
from broadcheck.engine.findings import Findings
from broadcheck.engine.flow import distinct
from broadcheck.engine.forms import Form
from broadcheck.engine.regions import Regions
from broadcheck.engine.scan import Text
from broadcheck.ops import Span
from broadcheck.syntax.statement import Statement, symbol_name

_TF_CALLS = "broadcheck.dialects.tf.calls"
_COLLECTIVES = "broadcheck.dialects.stablehlo.collectives"  # (the mesh their replica groups name)
_VARIABLES = "broadcheck.dialects.tosa.variables"  # (the tosa.variable they read or write)
_DEFINES = frozenset({"tosa.variable", "sdy.mesh", "memref.global", "ml_program.global", "llvm.mlir.global"})
"""Custom-form ops whose first symbol (after a visibility or linkage word) is one they define, for the
module's symbol table; an op of another kind is held to define one only by its ``sym_name``
attribute (its leading symbol may be a use)."""
TYPED_SYMBOLS = {"tosa.variable": _VARIABLES}
"""Ops whose symbol carries a type a call-like rule reads, and the module whose ``symbol_texts`` tells it."""
CALL_LIKE = {
    "tf.If": _TF_CALLS, "tf.While": _TF_CALLS, "tf.PartitionedCall": _TF_CALLS, "tf.StatefulPartitionedCall": _TF_CALLS,
    "stablehlo.composite": "broadcheck.dialects.stablehlo.io", "mhlo.composite": "broadcheck.dialects.stablehlo.io",
    **{f"stablehlo.{name}": _COLLECTIVES for name in ("all_gather", "all_reduce", "reduce_scatter", "all_to_all")},
    "stablehlo.collective_broadcast": _COLLECTIVES, "stablehlo.collective_reduce": _COLLECTIVES,
    "func.constant": "broadcheck.dialects.func",
    "tosa.variable_read": _VARIABLES, "tosa.variable_write": _VARIABLES,
    "tf.Case": "broadcheck.dialects.tf.verified_a",
    **dict.fromkeys(("tf.XlaReduceWindow", "tf.XlaSelectAndScatter", "tf.XlaVariadicReduceV2", "tf.XlaVariadicSort"),
                    "broadcheck.dialects.tf.verified_b"),
    **dict.fromkeys(("tf.LegacyCall", "tf.TPUPartitionedCall", "tf.BatchFunction", "tf.XlaCallModule"),
                    "broadcheck.dialects.tf.verified_c"),
}  # fmt: skip
"""Ops that name functions their verifiers hold them to, and the module whose ``symbol_uses`` says
how (:func:`broadcheck.dialects.tf.calls.symbol_uses`)."""
CALLS = frozenset({"func.call", "call", *CALL_LIKE})

_KEY = attrgetter("key")

_TENSOR_SHAPE = re.compile(r"tensor<(\*x|(?:(?:\d+|\?)x)*)")


def _shapes_differ(a: str, b: str) -> bool:
    """Whether two type keys are tensors of different shapes: different types, whatever their element
    types name (a dialect's type, an alias), which the keys alone do not settle."""
    ma, mb = _TENSOR_SHAPE.match(a), _TENSOR_SHAPE.match(b)
    return ma is not None and mb is not None and ma.group(1) != mb.group(1)


def defines_symbol(statement: Statement) -> str | None:
    """The symbol an op other than a function defines (``sdy.mesh @mesh = <...>``, a generic
    ``sym_name``), or ``None``: a call-like op's rule may name any symbol (a mesh)."""
    if statement.name in CALLS or statement.name == "func.func":
        return None
    named = next((a.text.strip() for a in statement.attributes if a.name == "sym_name"), None)
    if named is not None:
        return named.strip('"') if named.startswith('"') else None
    if statement.name in _DEFINES:
        return next((symbol_name(i.text) for i in statement.items if i.kind == "symbol"), None)
    first = statement.items[0] if statement.items else None
    return symbol_name(first.text) if first is not None and first.kind == "symbol" else None


def transfer(regions: Regions, form: Form, line: int, text: Text | None, body: str, symbol: str | None) -> None:
    """Branches, calls, function declarations and the other symbols ops define (``symbol``, from
    :func:`defines_symbol`) (:mod:`.control`)."""
    findings, values = regions.findings, regions.values
    statement = form.statement
    assert statement is not None
    source = findings.line_text(line) if text is None else body
    op = findings.op_where(line, source if text is None else None, text)
    if symbol is not None:
        typed = TYPED_SYMBOLS.get(statement.name)
        if typed:
            import importlib  # (here and for a call-like op only: a clean run loads no `warnings` for it)

        regions.calls.symbol(symbol, importlib.import_module(typed).symbol_texts(statement) if typed else ((), ()))
        if op is not None and (statement.name in _DEFINES or any(a.name == "sym_name" for a in statement.attributes)):
            regions.calls.define(symbol, op, regions.depth)
        return
    if op is None:
        return
    for successor in statement.successors:
        values.dom.edge(successor.label)
    for j, (successor, types) in enumerate(zip(statement.successors, form.successor_types, strict=False)):
        at = source.find(successor.label + "(") if successor.operands else -1
        if at < 0:
            m = re.search(re.escape(successor.label) + r"(?![\w$.\-])", source)
            at = m.start() if m else -1
        if text is None:
            label_at = Where(line, at + 1, at + 1 + len(successor.label)) if at >= 0 else op
        else:
            spot = text.where(max(at, 0))
            label_at = Where(spot[0], spot[1], spot[1] + len(successor.label))
        known = form.decl is not None or (successor.operands and not statement.generic)  # (else: written its own way)
        regions.blocks[-1].branch(successor.label, j, types if known else None, op, label_at)
    if statement.name in CALL_LIKE:
        import importlib

        uses: tuple[tuple[str, ...], SymbolRule] | None = importlib.import_module(
            CALL_LIKE[statement.name]
        ).symbol_uses(statement)
        if uses is not None:
            serials = tuple(values.flow.serials)
            regions.calls.call_like(statement.name, *uses, written_types(statement, form), op, serials)
    elif statement.name in CALLS:
        callee = next((i.text for i in statement.items if i.kind == "symbol"), None)
        if callee is None and statement.generic:
            callee = generic_callee(statement)
        if callee is not None:
            operand_texts, result_texts = written_types(statement, form)
            regions.calls.call(
                symbol_name(callee), form.operand_types, form.result_types, (operand_texts, result_texts), op,
                tuple(values.flow.serials),
            )  # fmt: skip
        elif statement.generic and statement.name == "func.call":  # (its ODS requires one)
            _requires(findings, op, line, "func.call", "callee")
    if statement.name == "func.func" and statement.generic:  # its ODS's, checked by name (function_type first)
        written = {a.name for a in statement.attributes}
        missing = next((name for name in ("function_type", "sym_name") if name not in written), None)
        if missing is not None:
            _requires(findings, op, line, "func.func", missing)
    if statement.name == "func.func":  # a declaration (a function with a body is read at its region)
        named = statement.generic and any(a.name == "sym_name" and not a.property for a in statement.attributes)
        if named and statement.regions:  # (`"func.func"() ({...}) {sym_name = "f", ...}`: named after its region)
            generic = generic_function(source)
            if generic is not None:
                regions.calls.function(symbol_name(generic[0]), generic[1])
                regions.calls.define(symbol_name(generic[0]), op, regions.depth)
        symbol = next((i.text for i in statement.items if i.kind == "symbol"), None)
        signature = signature_of(statement)
        if symbol is not None and signature is not None:
            regions.calls.function(symbol_name(symbol), signature)
        if symbol is not None:
            regions.calls.define(symbol_name(symbol), op, regions.depth)


def _requires(findings: Findings, op: Where | None, line: int, name: str, attribute: str) -> None:
    """The op ``name`` at ``op`` (on ``line``) lacks the attribute its ODS requires (BC610)."""
    if op is None:
        return
    span = Span(op.line, op.column, op.line, op.end)
    findings.keep(span, findings.fetch_line(op.line))
    findings.mark_checked(line)
    findings.diagnostics.append(diagnose.value("BC610", findings.path, span, op=name, args={"name": attribute}))


def returned(regions: Regions, form: Form, names: list[str], line: int, text: Text | None, body: str) -> None:
    """A ``return`` directly in a function's body, against the function's result types."""
    if not regions.functions or regions.functions[-1].depth != regions.depth:
        return
    findings = regions.findings
    function = regions.functions[-1]
    expected, expected_texts = function.results
    if expected is None:
        return
    statement = form.statement
    assert statement is not None
    if len(statement.operands) != len(expected):
        span = _op_span(regions, line, text, body, "return")
        findings.keep(span)
        findings.diagnostics.append(
            diagnose.value(
                "BC013",
                findings.path,
                span,
                op="func.return",
                args={"count": len(statement.operands), "name": function.name, "expected": len(expected)},
            )
        )
        return
    sig = statement.signature
    listed = sig is not None and (sig.kind == "list" or (statement.generic and sig.kind == "function"))
    written = sig.inputs if sig is not None and listed else ()
    if len(written) != len(expected):
        return
    if list(map(_KEY, written)) == list(expected):
        return  # every type as its result's (a return of 17k values: no Python step a value)
    span = _op_span(regions, line, text, body, "return")
    types = regions.values.flow.types
    for i, (w, e, e_text) in enumerate(zip(written, expected, expected_texts, strict=True)):
        actual = types.get(names[i]) if i < len(names) else None
        if actual is not None and actual != w.key:
            continue  # a use-def mismatch, reported as such (mlir-opt stops there)
        if w.key != e and (distinct(w.key, e) or _shapes_differ(w.key, e)):
            findings.keep(span)
            findings.diagnostics.append(
                diagnose.value(
                    "BC012",
                    findings.path,
                    span,
                    args={"index": i, "actual": w.text, "expected": e_text, "name": function.name},
                )
            )


def transfer_wrapped(regions: Regions, form: Form, line: int, text: Text | None, body: str) -> None:
    """The call-like op a ``tf_executor.island wraps``: its symbol uses, as :func:`transfer` holds
    them of the op written alone, placed at the wrapped op's name (TensorFlow's location)."""
    assert form.inner is not None
    inner = form.inner[1]
    statement = inner.statement
    if statement is None or statement.name not in CALL_LIKE:
        return
    quoted = f'"{statement.name}"'
    source = regions.findings.fetch_line(line) if text is None else body
    at = source.find(quoted, source.find("wraps"))
    if at < 0:
        return
    spot = (line, at + 1) if text is None else text.where(at)
    op = Where(spot[0], spot[1], spot[1] + len(quoted))
    import importlib

    uses: tuple[tuple[str, ...], SymbolRule] | None = importlib.import_module(CALL_LIKE[statement.name]).symbol_uses(
        statement
    )
    if uses is not None:
        serials = tuple(regions.values.flow.serials)
        regions.calls.call_like(statement.name, *uses, written_types(statement, inner), op, serials)


def onnx_returned(regions: Regions, form: Form, line: int, text: Text | None, body: str) -> None:
    """An ``onnx.Return`` in a function's body: ``ONNXReturnOp::verify`` against the function's
    result types (the same count; each returned type the same as its result's or more specific)."""
    from broadcheck.dialects.onnx.tail import return_problem
    from broadcheck.syntax.problem import SyntaxProblem
    from broadcheck.syntax.types import read_type

    if not regions.functions or regions.functions[-1].depth != regions.depth:
        return
    function = regions.functions[-1]
    expected, expected_texts = function.results
    if expected is None or any(t is None for t in form.operand_types):
        return
    try:
        declared = [read_type(t) for t in expected_texts]
        returned = [read_type(t) for t in form.operand_types if t is not None]
    except SyntaxProblem:
        return
    problem = return_problem(returned, declared, function.name)
    if problem is not None:
        span = _op_span(regions, line, text, body, "onnx.Return")
        regions.findings.keep(span)
        regions.findings.diagnostics.append(
            diagnose.value(problem.code, regions.findings.path, span, op="onnx.Return", args=problem.args)
        )


def _op_span(regions: Regions, line: int, text: Text | None, body: str, default: str) -> Span:
    """Where a statement's op name is: its first word (quoted in the generic form)."""
    raw = regions.findings.line_text(line) if text is None else body
    word = raw.split(None, 1)[0] if raw and not raw.isspace() else default  # (a return of 480 KB: one word cut)
    word = word.split("(")[0]
    if text is None:
        start = len(raw) - len(raw.lstrip()) + 1
    else:
        line, start = text.where(len(raw) - len(raw.lstrip()))
    return Span(line, start, line, start + len(word))
