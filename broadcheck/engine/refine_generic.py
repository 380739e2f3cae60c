"""Refine's reading of a function in MLIR's generic form (``jax.export``, ``--mlir-print-op-generic``).

In: the head of a ``func.func`` printed generically, on one line, its properties before its region,

    "func.func"() <{arg_attrs = [{jax.global_constant = "b"}, {}], function_type = (tensor<i32>,
    tensor<?x4xf32>) -> tensor<?x4xf32>, sym_name = "f", sym_visibility = "private"}> ({
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<?x4xf32>):

and its entry block's label. Out: a :class:`GenericFunction` (the fix stage's
:class:`.fix.PlannedFunction`, its header that head, :attr:`GenericFunction.entry` that label), and
what refine asks of a header, read from the properties: the name (``sym_name``), whether it is
private (``sym_visibility``), its argument types (the label's, beside ``function_type``'s inputs:
refine writes both), its result types (``function_type``'s outputs), each argument's attributes
(``arg_attrs``: ``jax.global_constant`` names a dimension variable) and the head renamed (a clone).
Offsets are in the head's text (``function_type``) or the label's (its arguments)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from broadcheck.dialects.shaped import split_top
from broadcheck.engine.fix import PlannedFunction, PlannedStatement
from broadcheck.engine.scan_text import Piece, Text
from broadcheck.syntax.brackets import scan
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.statement import Signature, Statement, SyntaxProblem, TypeText, _Reader, read_statement

GENERIC_HEAD = '"func.func"('
"""How a ``func.func`` head in the generic form starts (its indent aside)."""

_SYMBOL = r'\bsym_name\s*=\s*"((?:[^"\\]|\\.)*)"'
_TYPE = r"\bfunction_type\s*=\s*"


class GenericHead(PlannedStatement):
    """A generic function's head (its text up to its region's ``{``): not a statement refine
    reads, only a place where it writes (the ``function_type``'s types)."""

    __slots__ = ()

    @property
    def statement(self) -> Statement:
        if self._statement is None:
            self._statement = read_statement('"func.func"() : () -> ()')
        return self._statement


class GenericFunction(PlannedFunction):
    """A ``func.func`` in the generic form: :attr:`header` is its head (a :class:`GenericHead`)."""

    __slots__ = ("_type", "entry")

    def __init__(self, name: str, header: PlannedStatement, first: int) -> None:
        super().__init__(name, header, first)
        self.entry: PlannedStatement | None = None
        """Its entry block's label, ``^bb0(%arg0: T, ...):`` (``None``: no label, no arguments)."""
        self._type: Signature | bool | None = False  # (read when first asked for)

    @property
    def type(self) -> Signature | None:
        """Its ``function_type``, offsets in its head's text; ``None`` if it does not read."""
        if self._type is False:
            self._type = function_type(self.header.text if self.header is not None else "")
        return self._type  # type: ignore[return-value]

    def arguments(self) -> list[tuple[str, TypeText]]:
        """Its entry block's arguments (name, type: offsets in the label's text)."""
        if self.entry is None:
            return []
        text = self.entry.text
        return [(name, _typed(text, start, end)) for name, start, end in label_arguments(text)]

    def readable(self) -> str | None:
        """Why refine cannot read it (``None``: it can): its ``function_type`` does not read, or
        its entry block's arguments are not its inputs."""
        signature = self.type
        if signature is None:
            return "its function_type does not read"
        arguments = self.arguments()
        if len(arguments) != len(signature.inputs) or any(
            t.key != i.key for (_, t), i in zip(arguments, signature.inputs, strict=False)
        ):
            return "its entry block's arguments are not its function_type's inputs"
        return None

    @property
    def private(self) -> bool:
        head = self.header.text if self.header is not None else ""
        return re.search(r'\bsym_visibility\s*=\s*"private"', head) is not None

    def argument_attributes(self) -> list[str]:
        """Each argument's attribute dictionary as written in ``arg_attrs`` (``[]``: none)."""
        head = self.header.text if self.header is not None else ""
        found = re.search(r"\barg_attrs\s*=\s*\[", head)
        if found is None:
            return []
        close, what = scan(head, found.end(), len(head))  # (the `]` of `[`, brackets and strings passed)
        return [part.strip() for part in split_top(head[found.end() : close])] if what == "]" else []


_AFTER_REGION = lazy(r"[ \t]*\)[ \t]*\{")
"""What follows the region of a generic ``func.func`` whose properties come after it: ``) {``."""
_NO_TYPE = lazy(r"[ \t]*:[ \t]*\([ \t]*\)[ \t]*->[ \t]*\([ \t]*\)")
"""The generic form's ``: () -> ()`` after them."""


def properties_after(source: str, line_starts: Sequence[int], head: Text) -> tuple[str, list[Piece], list[int]] | None:
    """A generic ``func.func`` whose properties follow its region, as an attribute dictionary
    (``"func.func"() ({`` ... ``}) {function_type = (T) -> U, sym_name = "f"} : () -> ()``: MLIR
    before properties printed so, and iree-opt reads it as the ``<{...}>`` before the region): its
    head (``head``, up to the region) and that dictionary as one text, its pieces and where each
    starts in it (a :class:`~.scan_text.Text`'s), when the dictionary is on the line of the region's
    ``}`` (the function's text, for a clone, ends with that line); ``None`` otherwise. Walks the
    function's text once (:func:`~broadcheck.syntax.brackets.scan`, mark to mark): asked only of a
    generic head that holds no ``sym_name``."""
    last = head.parts[-1]
    end = line_starts[last.line - 1] + last.column - 1 + len(last.text)
    brace = source.find("{", end)
    if brace < 0 or source[end:brace].strip():
        return None
    close, mark = scan(source, brace + 1, len(source))
    after = _AFTER_REGION.match(source, close + 1) if mark == "}" else None
    if after is None:
        return None
    opened = after.end() - 1
    shut, mark = scan(source, opened + 1, len(source))
    if mark != "}" or _NO_TYPE.match(source, shut + 1) is None or "\n" in source[close:shut]:
        return None
    line = last.line + source.count("\n", end, opened)
    piece = Piece(line, opened - line_starts[line - 1] + 1, source, opened, shut + 1)
    text = head.text
    return f"{text}\n{piece.text}", [*head.parts, piece], [*head.starts, len(text) + 1]


def symbol_of(head: str) -> str | None:
    """The ``sym_name`` of a generic function's head (unquoted), ``None`` if it has none."""
    found = re.search(_SYMBOL, head)
    return found.group(1) if found is not None else None


def renamed(text: str, name: str) -> str | None:
    """``text`` (a generic function, from its head) with its ``sym_name`` ``name``."""
    found = re.search(_SYMBOL, text)
    return None if found is None else text[: found.start(1)] + name + text[found.end(1) :]


def function_type(head: str) -> Signature | None:
    """The ``function_type`` property of a generic function's head, offsets in ``head``."""
    found = re.search(_TYPE, head)
    if found is None:
        return None
    try:
        signature = _Reader(head[found.end() :]).signature()
    except SyntaxProblem:
        return None
    if signature.kind != "function":
        return None
    at = found.end()
    return Signature(
        signature.kind,
        tuple(_typed(head, t.start + at, t.end + at) for t in signature.inputs),
        tuple(_typed(head, t.start + at, t.end + at) for t in signature.outputs),
        signature.start + at,
        signature.end + at,
        signature.after + at if signature.after >= 0 else signature.after,
    )


def _typed(text: str, start: int, end: int) -> TypeText:
    written = text[start:end]
    return TypeText(written, start, end, "".join(written.split()))


def label_arguments(text: str) -> list[tuple[str, int, int]]:
    """The block arguments of a label ``^bb0(%a: T, %b: U):``: (name, start, end of its type)."""
    open_ = text.find("(")
    close = text.rfind(")")
    if open_ < 0 or close < open_:
        return []
    found: list[tuple[str, int, int]] = []
    at = open_ + 1
    for part in split_top(text[open_ + 1 : close]):
        begin = text.index(part, at) if part else at
        at = begin + len(part)
        match = re.match(r"\s*(%[\w$.\-]+)\s*:\s*", part)
        if match is None:
            return []
        rest = part[match.end() :]
        type_text = re.sub(r"\s+loc\(.*\)\s*$", "", rest).rstrip()
        start = begin + match.end()
        found.append((match.group(1), start, start + len(type_text)))
    return found


__all__ = [
    "GENERIC_HEAD",
    "GenericFunction",
    "GenericHead",
    "function_type",
    "label_arguments",
    "properties_after",
    "renamed",
    "symbol_of",
]


def is_private(fn: PlannedFunction) -> bool:
    """Whether ``fn`` is private (``func.func private @f``, ``sym_visibility = "private"``)."""
    if type(fn) is GenericFunction:
        return fn.private
    return fn.header is not None and "private" in fn.header.text.split("(")[0]


def unread_hint(unread: int) -> str:
    """What a usage error adds when ``unread`` generic ``func.func`` heads were not read as
    functions (the reader's ``unread_generic``)."""
    if not unread:
        return ""
    return (
        f"; {unread} func.func in the generic form not read: refine reads one whose head holds its "
        "sym_name and function_type before its region, or whose properties follow its region's "
        "closing line"
    )
