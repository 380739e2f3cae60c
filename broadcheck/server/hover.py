"""Hover on an op: what broadcheck reads of it, the result type its operands broadcast to, the
picture ``broadcheck explain`` draws of that broadcast, and the problems found on it.

The statement under the cursor is found by its lines (back to the line that starts it,
on while brackets are open), read with the grammar (:func:`broadcheck.syntax.parser.parse_operation`,
with the document's type aliases), and its op looked up in the op table. For an op whose
semantics broadcasts (MLIR's trait, NumPy's and ONNX's rules as TensorFlow, TFLite, TOSA
and ONNX use them, XLA's with ``broadcast_dimensions``), the operands are drawn as
``broadcheck explain`` draws them and the inferred shape is given the result's element
type; other checked ops show their types and verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from broadcheck.server.documents import Lines

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic
    from broadcheck.engine.options import Options
    from broadcheck.ops import Operation
    from broadcheck.server.navigate import Index, Token

_MAX_LINES = 200
# The semantics whose rule is a broadcast `explain` draws, and as which family.
_FAMILY = {
    "mlir": "mlir",
    "mlir-tensor": "mlir",
    "broadcastable": "mlir",
    "numpy": "numpy",
    "tf": "numpy",
    "tf-compare": "numpy",
    "tfl": "numpy",
    "tosa": "numpy",
    "onnx": "onnx",
    "onnx-broadcast": "onnx",
    "xla": "xla",
}


def statement_at(lines: Lines, line: int) -> tuple[int, str] | None:
    """The first line (1-based) and text of the statement on 0-based ``line``, if any."""
    from broadcheck.syntax.lexer import depth, strip_comments
    from broadcheck.syntax.lines import blank, starts_statement

    if not 0 <= line < len(lines.lines) or blank(lines.lines[line]):
        return None
    first = line
    while first > 0 and not starts_statement(lines.lines[first]) and line - first < _MAX_LINES:
        first -= 1
    parts: list[str] = []
    stack = ""
    number = first
    while number < len(lines.lines) and number - first < _MAX_LINES:
        text = strip_comments(lines.lines[number])
        parts.append(text)
        stack = depth(text, stack).stack
        number += 1
        if not stack:
            break
    if number <= line:
        return None  # the cursor is past the statement (in a region it opened, say)
    return first + 1, "\n".join(parts).strip()


def _read(lines: Lines, line: int, aliases: Mapping[str, Any]) -> tuple[int, Operation] | None:
    from broadcheck.syntax.parser import parse_operation

    found = statement_at(lines, line)
    if found is None:
        return None
    first, text = found
    body = text.rstrip()
    if body.endswith("{"):
        return None  # an op with regions: its head alone is not a statement
    try:
        return first, parse_operation(body, aliases, first, 1)
    except Exception:
        return None


def hover(
    lines: Lines,
    line: int,
    character: int,
    options: Options,
    diagnostics: Sequence[Diagnostic],
    aliases: Mapping[str, Any] | None = None,
) -> str | None:
    """Markdown for a hover at 0-based ``line``/``character``; None where there is no op.
    ``aliases`` are the document's type aliases (as the last check read them)."""
    read = _read(lines, line, aliases or {})
    if read is None:
        return _problems_only(line, diagnostics)
    first, op = read
    semantics = options.ops.semantics(op.name)
    parts = [f"**`{op.name}`**" + (f" · checked as `{semantics}`" if semantics else " · not checked")]
    rows = [f"| operand #{i} | `{u.type}` |" for i, u in enumerate(op.operands)]
    rows += [f"| result #{i} | `{u.type}` |" for i, u in enumerate(op.results)]
    if rows:
        parts.append("| | type |\n|---|---|\n" + "\n".join(rows))
    family = _FAMILY.get(semantics or "")
    if family is not None:
        drawn = _explain(op, family, options)
        if drawn is not None:
            parts.append(drawn)
    end = first + max(0, op.span.end_line - op.span.line)
    mine = [d for d in diagnostics if first <= d.line <= end]
    if mine:
        parts.append("\n".join(_problem(d) for d in mine))
    elif semantics:
        parts.append("No problem found on this op.")
    return "\n\n".join(parts)


def _problem(d: Diagnostic) -> str:
    notes = "".join(f"\n  {n.kind}: {n.message}" for n in d.notes)
    return f"```text\n{d.severity}[{d.code}]: {d.message}{notes}\n```"


def _problems_only(line: int, diagnostics: Sequence[Diagnostic]) -> str | None:
    mine = [d for d in diagnostics if d.line <= line + 1 <= d.end_line]
    return "\n\n".join(_problem(d) for d in mine) if mine else None


def _explain(op: Operation, family: str, options: Options) -> str | None:
    """The inferred result type and the ``explain`` picture of ``op``'s operands, if they broadcast
    as ``family`` does (a failing broadcast is drawn too, with its column)."""
    from broadcheck import shell
    from broadcheck.ops import ShapedType
    from broadcheck.report.explain import picture
    from broadcheck.syntax.attributes import ints

    shaped = [u.type for u in op.operands if isinstance(u.type, ShapedType)]
    if len(shaped) < 2 or len(shaped) != len(op.operands):
        return None
    dims: tuple[int, ...] | None = None
    if family == "xla":
        given = next((a for a in op.attributes if a.name == "broadcast_dimensions"), None)
        if given is not None:
            dims = ints(given.text)
            if dims is None:
                return None
    operands = [shell.Operand(str(t), t, False) for t in shaped]
    try:
        pic = shell.explain(operands, family, options.profile, dims)
    except (shell.BadOperand, ValueError, TypeError):
        return None
    text = picture(pic).plain.rstrip("\n")
    out = []
    result = op.results[0].type if op.results else None
    if pic.result is not None and isinstance(result, ShapedType):
        inferred = result.with_shape(pic.result)
        written = "" if str(inferred) == str(result) else f" (written: `{result}`)"
        out.append(f"inferred result type: `{inferred}`{written}")
    out.append(f"```text\n{text}\n```")
    return "\n\n".join(out)


def value_hover(lines: Lines, index: Index, token: Token, aliases: Mapping[str, Any]) -> str | None:
    """Markdown for a hover on a value: its type (as its definition writes it, or the result type
    of the op that defines it) and the line that defines it; None if it is defined nowhere."""
    target = index.definition(token)
    if target is None:
        return None
    number = token.number or 0
    name = f"%{token.name}" + (f"#{token.number}" if token.number is not None else "")
    text = lines.lines[target.line] if target.line < len(lines.lines) else ""
    argument = text[target.end : target.end + 1] == ":" and not text[target.end + 1 : target.end + 2].isdigit()
    written = _argument_type(text, target.end) if argument else None
    if written is None:
        read = _read(lines, target.line, aliases)
        if read is not None and target.result + number < len(read[1].results):
            written = str(read[1].results[target.result + number].type)
    head = f"**`{name}`**" + (f": `{written}`" if written else "")
    shown = text.strip()
    shown = shown if len(shown) <= 160 else shown[:157] + "..."
    return f"{head}\n\ndefined on line {target.line + 1}:\n```mlir\n{shown}\n```"


def _argument_type(text: str, colon: int) -> str | None:
    """The type after an argument's ``:`` (at ``colon``), up to the ``,`` or ``)`` that ends it."""
    depth = 0
    for i in range(colon + 1, len(text)):
        char = text[i]
        if char in "<([":
            depth += 1
        elif char in ">)]" and not (char == ">" and text[i - 1] == "-"):
            if depth == 0:
                return text[colon + 1 : i].strip() or None
            depth -= 1
        elif char in ",{" and depth == 0:
            return text[colon + 1 : i].strip() or None
    return text[colon + 1 :].strip() or None
