"""Value flow: a value's type follows it from its definition to every use.

MLIR writes an operand's type twice: where the value is defined (a function or
block argument, an op's result) and at every use. The parser rejects a file
where the two differ, and the function verifier a ``return`` that does not
match its function's result types. This pass reads every line
(:mod:`broadcheck.syntax.ssa`), keeps the values of each region in scope as
MLIR does (a region sees the values of the regions around it; a function sees
none from outside; a region's values are gone when it closes), and reports,
with MLIR's words and where mlir-opt puts them:

* ``use of value '%a' expects different type than prior uses: 'T' vs 'U'`` (BC011),
* ``type of return operand 0 ('T') doesn't match function result type ('U') in function @f`` (BC012),
* ``'func.return' op has 1 operands, but enclosing function (@f) returns 2`` (BC013),
* ``use of undeclared SSA value name`` (BC014),
* ``redefinition of SSA value '%0'`` (BC015).

Values are followed inside functions; ops outside any function are taken as
independent snippets (as in documentation). A value whose type the reader
could not read stays unknown and is never an error; so is a type that holds a
dialect type, an attribute or a type alias, whose spellings may differ for one
type.

PASS::

    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }

FAIL::

    func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = tosa.add %a, %a : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }
"""

from __future__ import annotations

import re

from broadcheck.diagnostics import Diagnostic, Label, Note
from broadcheck.messages import RULES
from broadcheck.ops import Span
from broadcheck.syntax.ssa import SIMPLE_LINES, Keys, Line, TypeText, read, signature_keys, single_keys


class Value(tuple[tuple[str | None, ...], str, int, str]):
    """A defined value: the types of its results (their spacing-free text, ``None`` where
    unknown), its name, and the line that defines it (its number and text, kept while the
    value is in scope, so that a diagnostic can point at the definition; spans are read
    again only then). A tuple, built in C: most lines of a file define one."""

    __slots__ = ()

    @property
    def keys(self) -> tuple[str | None, ...]:
        return self[0]

    @property
    def name(self) -> str:
        return self[1]

    @property
    def number(self) -> int:
        return self[2]

    @property
    def source(self) -> str:
        return self[3]

    def where(self, index: int) -> tuple[Span, str]:
        """Where the value is defined, and result ``index``'s type as written there."""
        facts = read(self.source)
        k = 0
        for definition in facts.definitions:
            if definition.name == self.name:
                span = Span(self.number, definition.start + 1, self.number, definition.end + 1)
                types = facts.result_types or []
                at = k + index if facts.kind not in ("block", "func") else k
                return span, types[at].text if at < len(types) else ""
            k += definition.count if facts.kind not in ("block", "func") else 1
        return Span(self.number, 1, self.number, 2), ""


class _Function:
    __slots__ = ("defined", "depth", "line", "name", "pending", "results")

    def __init__(self, name: str, results: list[TypeText] | None, depth: int, line: int) -> None:
        self.name, self.results = name, results
        self.depth = depth
        """The scope depth of its body: the function ends when that scope closes."""
        self.line = line
        """The line of its header."""
        self.defined: set[str] = set()
        """Every name the function defines or may define (for forward references)."""
        self.pending: list[tuple[str, int, str]] = []
        """Uses of names not defined yet: (name, line number, line)."""


class ValueFlow:
    """Follows values through one file, fed line by line; its diagnostics are in ``diagnostics``."""

    def __init__(self, path: str, fast: bool = True):
        self.path, self.fast = path, fast
        self.diagnostics: list[Diagnostic] = []
        self.lines: dict[int, str] = {}
        """The source lines the diagnostics point at."""
        self.functions: list[tuple[int, int]] = []
        """The first and last lines of each function followed."""
        self._number, self._text = 0, ""
        self._signatures: dict[str, Keys | None] = {}
        self._singles: dict[tuple[str, str, int, int], Keys | None] = {}
        self.reset()

    def reset(self) -> None:
        """Start a new module (a new ``--split-input-file`` chunk)."""
        self.scopes: list[list[str]] = [[]]
        """The names each open region defines (innermost last): they go when it closes."""
        self.visible: dict[str, Value] = {}
        """Every value in scope, by name (MLIR forbids shadowing, so one dict is enough)."""
        self.function: _Function | None = None

    # ---------------------------------------------------------------- lines

    def feed(self, text: str, first_line: int) -> None:
        """Follow the values of ``text`` (whole lines), whose first line is ``first_line``.

        One regex pass finds the simple lines (one op, canonical spacing, a functional
        type: most of real IR); the lines between them are read one by one.
        """
        if not self.fast:  # every line through the general reader (the tests compare the two)
            self._lines(text, first_line)
            return
        number, pos = first_line, 0
        signature, cache = signature_keys, self._signatures
        for m in SIMPLE_LINES.finditer(text):
            start = m.start()
            if start > pos:
                number = self._lines(text[pos:start], number)
            raw, gops, cops, results, sig = m.group(0, "gops", "cops", "results", "sig")
            if self.function is None or "//" in raw:
                self._other(number, raw)
            else:
                if sig is not None:
                    keys = signature(sig, cache)
                else:  # one trailing type
                    keys = self._single(m, cops, results)
                    if keys is not None and not keys[0]:
                        cops = None  # the type is the result's: the operands are not read
                if keys is None or not self._simple(number, raw, gops or cops, results, keys):
                    self._other(number, raw)
            number += 1
            pos = m.end() + 1  # past the line's "\n"
        if pos < len(text):
            self._lines(text[pos:], number)

    def _single(self, m: re.Match[str], operands: str | None, results: str | None) -> Keys | None:
        """The keys of a simple line with one trailing type, as the general reader takes them."""
        if results is None or ":" in results or "%" in m.string[m.end("cops") : m.start("single")]:
            return None
        known = (m.group("custom"), m.group("single"), operands.count("%") if operands else 0, results.count("%"))
        try:
            return self._singles[known]
        except KeyError:
            keys = single_keys(*known)
            if len(self._singles) < 50_000:  # a run's memory, bounded
                self._singles[known] = keys
            return keys

    def _lines(self, text: str, number: int) -> int:
        """Follow lines that are not simple; the number of the line after them."""
        lines = text.split("\n")
        if lines[-1] == "":  # ``text`` ends at a line end
            lines.pop()
        for raw in lines:
            self._other(number, raw)
            number += 1
        return number

    def _other(self, number: int, raw: str) -> None:
        if "%" not in raw and "{" not in raw and "}" not in raw and "return" not in raw and "func" not in raw:
            return
        if raw.strip() == "}":  # the end of a region, most often: nothing to read
            self._pop()
            return
        self.line(number, raw.removesuffix("\r"))

    def _simple(
        self,
        number: int,
        raw: str,
        operands: str | None,
        results: str | None,
        keys: tuple[tuple[str, ...], tuple[str, ...]],
    ) -> bool:
        """Follow a simple line; ``False`` if it is not one after all (the slow path reads it)."""
        inputs, outputs = keys
        names = operands.lstrip().split(", ") if operands else ()
        if len(names) != len(inputs):
            return False
        if results is None:
            if outputs:
                return False
        elif ":" in results or results.count(",") + 1 != len(outputs):  # `%0:2 = ...`: the slow path
            return False
        visible, function = self.visible, self.function
        assert function is not None
        for name, written in zip(names, inputs):  # noqa: B905 - the lengths are equal (checked)
            value = visible.get(name)
            if value is None:
                if "#" in name:
                    return False
                function.pending.append((name, number, raw))
                continue
            defined = value[0][0]
            if defined is not None and defined != written and _comparable(defined, written):
                self.line(number, raw.removesuffix("\r"), define=False)  # read again, to report
                break
        if results is None:
            return True
        if len(outputs) == 1:  # one result: most lines
            if results in visible:
                self._define(number, raw, results, outputs)
            else:
                visible[results] = Value((outputs, results, number, raw))
                self.scopes[-1].append(results)
                function.defined.add(results)
            return True
        scope, defined_names = self.scopes[-1], function.defined
        for name, key in zip(results.split(", "), outputs):  # noqa: B905 - the lengths are equal (checked)
            if name in visible:
                self._define(number, raw, name, (key,))
                continue
            visible[name] = Value(((key,), name, number, raw))
            scope.append(name)
            defined_names.add(name)
        return True

    def line(self, number: int, text: str, define: bool = True) -> None:
        """Follow one line (``define=False``: only check its uses)."""
        self._number, self._text = number, text
        facts = read(text)
        if not define:
            facts.definitions, facts.opens, facts.closes, facts.kind = [], 0, 0, "op"
        stripped = text.lstrip()
        leading = len(stripped) - len(stripped.lstrip("}), \t")) if stripped.startswith("}") else 0
        first_pops = stripped[:leading].count("}")
        for _ in range(first_pops):
            self._pop()
        if facts.kind == "func":
            self._start_function(number, facts)
        else:
            self._statement(number, text, facts)
        for _ in range(facts.opens):
            self.scopes.append([])
        for _ in range(facts.closes - first_pops):
            self._pop()

    def after_first_error(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """``diagnostics`` less the ``func.return`` checks (BC012, BC013) that come after another
        error in their function: mlir-opt stops verifying at the first failing op, so an
        upstream test file annotates only that one (used under ``--verify-diagnostics``)."""
        errors = sorted(d.line for d in diagnostics if d.severity == "error" and d.code not in ("BC012", "BC013"))

        def shadowed(d: Diagnostic) -> bool:
            for first, last in self.functions:
                if first <= d.line <= last:
                    return any(first <= line < d.line for line in errors)
            return False

        return [d for d in diagnostics if d.code not in ("BC012", "BC013") or not shadowed(d)]

    def finish(self) -> None:
        """The end of the text: close what is still open."""
        while len(self.scopes) > 1:
            self._pop()
        self._end_function()

    # ---------------------------------------------------------------- scopes

    def _pop(self) -> None:
        if len(self.scopes) > 1:
            for name in self.scopes.pop():
                self.visible.pop(name, None)
        if self.function is not None and len(self.scopes) < self.function.depth:
            self._end_function()

    def _lookup(self, name: str) -> Value | None:
        return self.visible.get(name)

    def _start_function(self, number: int, facts: Line) -> None:
        self._end_function()
        if facts.opens <= facts.closes:  # a declaration: no body
            return
        self.function = _Function(facts.function, facts.function_results, len(self.scopes) + 1, number)
        self.scopes.append([])
        facts.opens -= 1  # that `{` is the body's scope, opened here
        for definition, written in zip(facts.definitions, facts.result_types or [], strict=False):
            self._define(number, self._text, definition.name, (written.key,))

    def _end_function(self) -> None:
        function, self.function = self.function, None
        if function is None:
            return
        self.functions.append((function.line, self._number))
        reported = set()
        current = self._number, self._text
        for name, number, text in function.pending:
            if name not in function.defined and name not in reported:  # mlir-opt stops at the first
                reported.add(name)
                self._number, self._text = number, text
                use = next((u for u in read(text).uses if u.name == name), None)
                start = use.start if use is not None else max(text.find(name), 0)
                self._report("BC014", Span(number, start + 1, number, start + len(name) + 1))
        self._number, self._text = current

    # ---------------------------------------------------------------- statements

    def _define(self, number: int, text: str, name: str, keys: tuple[str | None, ...]) -> None:
        if self.function is None:  # a snippet outside any function: each line stands alone
            return
        earlier = self._lookup(name)
        if earlier is not None:
            self.lines[earlier.number] = earlier.source
            self._number, self._text = number, text
            here = next((d for d in read(text).definitions if d.name == name), None)
            start = here.start if here is not None else max(text.find(name), 0)
            span = Span(number, start + 1, number, start + len(name) + 1)
            self._report(
                "BC015", span, (Label(earlier.where(0)[0], "previously defined here", mlir_note=True),), name=name
            )
        self.visible[name] = Value((keys, name, number, text))
        self.scopes[-1].append(name)
        if self.function is not None:
            self.function.defined.add(name)

    def _statement(self, number: int, text: str, facts: Line) -> None:
        if self.function is not None:
            self.function.defined.update(facts.maybe_defined)
        types = facts.operand_types
        for i, use in enumerate(facts.uses):
            value = self._lookup(use.name)
            if value is None:
                if self.function is not None:
                    self.function.pending.append((use.name, number, text))
                continue
            if types is None or use.index >= len(value.keys):
                continue
            written, defined = types[i], value.keys[use.index]
            if defined is not None and _comparable(written.key, defined) and written.key != defined:
                span = Span(number, use.start + 1, number, use.end + 1)
                where, prior = value.where(use.index)
                self.lines[value.number] = value.source
                note = Note("note", f"'{use.name}' is defined here as {prior}")
                labels = (Label(where, "prior use here", mlir_note=True),)
                self._report("BC011", span, labels, (note,), name=use.name, used=written.text, prior=prior)
        if facts.kind == "return":
            self._return(number, text, facts)
        results = facts.result_types
        k = 0
        for definition in facts.definitions:
            if results is not None and facts.kind != "block":
                keys: tuple[str | None, ...] = tuple(t.key for t in results[k : k + definition.count])
            elif results is not None:
                keys = (results[k].key,)
            else:
                keys = (None,) * definition.count
            k += definition.count
            self._define(number, text, definition.name, keys)

    def _return(self, number: int, text: str, facts: Line) -> None:
        function = self.function
        if function is None or function.results is None or len(self.scopes) != function.depth:
            return
        span = Span(number, facts.op_start + 1, number, facts.op_start + len(text[facts.op_start :].split()[0]) + 1)
        if len(facts.uses) != len(function.results):
            self._report(
                "BC013", span, op="func.return", count=len(facts.uses), name=function.name,
                expected=len(function.results),
            )  # fmt: skip
            return
        if facts.operand_types is None:
            return
        for i, (use, written, expected) in enumerate(
            zip(facts.uses, facts.operand_types, function.results, strict=True)
        ):
            value = self._lookup(use.name)
            actual = value.keys[use.index] if value is not None and use.index < len(value.keys) else None
            if actual is not None and actual != written.key:
                continue  # a use-def mismatch, reported as such (mlir-opt stops there)
            if _comparable(written.key, expected.key) and written.key != expected.key:
                self._report("BC012", span, index=i, actual=written.text, expected=expected.text, name=function.name)

    def _report(
        self,
        code: str,
        span: Span,
        labels: tuple[Label, ...] = (),
        notes: tuple[Note, ...] = (),
        op: str | None = None,
        **args: object,
    ) -> None:
        rule = RULES[code]
        self.lines[self._number] = self._text
        message = rule.format(op, **args)
        self.diagnostics.append(Diagnostic(code, rule.severity, message, self.path, span, notes, labels))


def _comparable(a: str, b: str) -> bool:
    """Whether two type texts that differ are surely different types: not when either
    holds a dialect type or attribute (`!quant.uniform<i8:f32, 1.0>` and
    `!quant.uniform<i8:f32, 1.000000e+00>` are one type) or a type alias."""
    return not ("!" in a or "!" in b or "#" in a or "#" in b)
