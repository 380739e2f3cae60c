"""TOSA's variables: ``tosa.variable @v : tensor<2x3xf32>`` defines a symbol that ``tosa.variable_read @v :
T`` and ``tosa.variable_write @v, %x : T`` name, as the TOSA dialect of iree-base-compiler 3.13 verifies
them (read off the tool; held to it by ``tests/oracle/test_tosa_variables.py``).

Each read and write first meets its own definition (its value counts, then its ODS type: a tosa-conformant
tensor of number values); then its verifier finds the variable, the nearest ``tosa.variable`` of that name
(``'w' has not been declared by 'tosa.variable'``), and holds the value it reads or writes to the variable's
type: the element types equal, then the shapes compatible (``?`` and unranked match any size). The engine
looks the symbol up once the module is read (:func:`symbol_uses`, :func:`symbol_texts`).
"""

from __future__ import annotations

from typing import Literal

from broadcheck.dialects.op import SymbolRule, Texts
from broadcheck.dialects.shaped import view_text
from broadcheck.dialects.tosa.structural import ANY
from broadcheck.dialects.tosa.table import value_names
from broadcheck.ops import Operation, ShapedType, Type
from broadcheck.semantics import Problem, Profile, Subject
from broadcheck.semantics.tosa import element, type_text
from broadcheck.syntax.attributes import Dense, ints, value
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import Statement, symbol_name
from broadcheck.syntax.types import read_type

VARIABLE = "tosa.variable"
"""The mark a variable's entry carries among a module's symbols (its texts' inputs): a function of the same
name is no variable."""


def _count(op: Operation, operands: int, results: int) -> Problem | None:
    if len(op.results) != results:
        return Problem("BC107") if results == 1 else Problem("BC1162", {"kind": "results"})
    if len(op.operands) != operands:
        return Problem("BC208") if operands == 1 else Problem("BC1162", {"kind": "operands"})
    return None


def check_variable(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.variable``: its ``var_shape`` an index elements attribute (its generic form's); nothing relates
    its initial value to its type."""
    problem = _count(op, 0, 0)
    if problem:
        return problem
    attr = op.attribute("var_shape")
    found = None if attr is None else value(attr.text)
    if isinstance(found, Dense):
        written = view_text(found.type)
        if written is not None and "".join(written.element.split()) != "index":
            return Problem("BC562", {"name": "var_shape", "constraint": "index elements attribute"})
    return None


def _parsed(op: Operation, t: Type) -> bool:
    """Whether the verifier sees ``t``: the custom form's parser takes tensors only (``invalid kind of type
    specified``, at the type: not judged)."""
    return op.generic or (isinstance(t, ShapedType) and t.kind == "tensor")


def check_read(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.variable_read``: no operand, one result, a tosa-conformant tensor of number values."""
    return _one_value(op, "result", 0, 1)


def check_write(op: Operation, profile: Profile) -> Problem | None:
    """``tosa.variable_write``: one operand, a tosa-conformant tensor of number values, no result."""
    return _one_value(op, "operand", 1, 0)


def _one_value(op: Operation, kind: Literal["operand", "result"], operands: int, results: int) -> Problem | None:
    """The value counts, then the one value's type constraint (not judged where the parser rejects it)."""
    problem = _count(op, operands, results)
    if problem is not None:
        return problem
    t = (op.results if kind == "result" else op.operands)[0].type
    if not _parsed(op, t) or ANY(t):
        return None
    args = {"kind": kind, "index": 0, "constraint": ANY.summary, "type": type_text(t)}
    return Problem("BC204", args, Subject(kind, 0))


def _name(statement: Statement) -> str | None:
    attr = next((a.text.strip() for a in statement.attributes if a.name == "name"), None)
    if attr is not None:
        return attr[1:-1] if len(attr) > 1 and attr[0] == attr[-1] == '"' else None
    first = statement.items[0] if statement.items else None
    return symbol_name(first.text) if first is not None and first.kind == "symbol" else None


def symbol_texts(statement: Statement) -> Texts:
    """What a ``tosa.variable`` defines: the mark :data:`VARIABLE` and its type as its verifier prints it
    (``tensor<2x3xf32>``; none when broadcheck cannot tell it)."""
    attrs = {a.name: a.text.strip() for a in statement.attributes}
    if "var_shape" in attrs or "type" in attrs:  # the generic form: a shape and an element type
        sizes = ints(attrs.get("var_shape", ""))
        kind = attrs.get("type")
        if sizes is None or kind is None or kind.startswith(("tensor<", "vector<", "memref<")):
            return (VARIABLE,), ()
        dims = "".join(f"{'?' if s < 0 else s}x" for s in sizes)
        return (VARIABLE,), (f"tensor<{dims}{kind}>",)
    sig = statement.signature
    if sig is None or sig.kind != "list" or len(sig.inputs) != 1:
        return (VARIABLE,), ()
    return (VARIABLE,), (sig.inputs[0].text,)


def _shaped(text: str) -> ShapedType | None:
    try:
        found = read_type(text)
    except SyntaxProblem:  # (a type broadcheck cannot read is not judged)
        return None
    return found if isinstance(found, ShapedType) and found.kind == "tensor" else None


def symbol_uses(statement: Statement) -> tuple[tuple[str, ...], SymbolRule] | None:
    """The variable a read or write names, and the rule its verifier applies once it is found."""
    name = _name(statement)
    if name is None:
        return None
    read = statement.name == "tosa.variable_read"

    def rule(found: tuple[Texts | None, ...], texts: Texts) -> tuple[str, dict[str, object]] | None:
        own = texts[1] if read else texts[0]
        if len(own) != 1:
            return None  # (its value counts: its own check)
        mine = _shaped(own[0])
        if mine is None or not ANY(mine):
            return None  # (its ODS type: its own check)
        entry = found[0]
        if entry is None or entry[0] != (VARIABLE,):
            return "BC1800", {"name": name}
        if not entry[1]:
            return None
        variable = _shaped(entry[1][0])
        if variable is None:
            return None
        what = value_names(statement.name, "results" if read else "operands")[0]  # (its ODS's name)
        ours, theirs = element(mine.element), element(variable.element)
        if ours.known and theirs.known and ours.text != theirs.text:
            return "BC1801", {"what": what, "x": ours.text, "y": theirs.text}
        if (
            mine.shape is not None
            and variable.shape is not None
            and (
                len(mine.shape) != len(variable.shape)
                or any(
                    a is not None and b is not None and a != b for a, b in zip(mine.shape, variable.shape, strict=True)
                )
            )
        ):
            return "BC1802", {"what": what, "x": type_text(mine), "y": type_text(variable)}
        return None

    return (name,), rule
