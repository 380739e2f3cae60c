"""One file's run: the stages in the order data flows through them.

read (blocks of whole lines) -> split (``--split-input-file`` chunks, each a module) ->
scan (statements, :mod:`.scan`) -> value flow (:mod:`.flow`) and verify per distinct key
(:mod:`.verify`) -> locate and diagnose (:mod:`.diagnose`) -> suppress -> expect ->
the :class:`Result`. Fixes and reports come after, from the result.

A :class:`FileRun` holds all the state of checking one file; a :class:`Memory` what a
run over many files shares (the forms read so far). Nothing here is global.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from broadcheck.diagnostics import NO_RULE, UNKNOWN_OP, UNREADABLE, Diagnostic, Label, Note, Result
from broadcheck.dialects import Registry
from broadcheck.dialects.op import Layout, Op
from broadcheck.engine import diagnose
from broadcheck.engine.control import (
    INNER,
    REGION_BRANCH,
    Blocks,
    Calls,
    Found,
    Signature,
    Summary,
    Where,
    Yielded,
    yields,
)
from broadcheck.engine.dominance import Broken, Dominance
from broadcheck.engine.flow import Flow
from broadcheck.engine.forms import ARGUMENT, RESULT, SUCCESSOR, USE, Form, read_form, unasked
from broadcheck.engine.options import Options
from broadcheck.engine.scan import Scanner, Sink, Text, _name_offsets
from broadcheck.engine.verify import Checks, Unreadable
from broadcheck.messages import RULES, note
from broadcheck.ops import Span, Type
from broadcheck.syntax.problem import UNKNOWN_CUSTOM_OP, SyntaxProblem
from broadcheck.syntax.statement import Statement, symbol_name
from broadcheck.text import split_marker, split_probe

_STARTS = frozenset('%"^}!#@()[]{}<>,:=-*+/.?_' + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""The characters a token of MLIR may start with (its lexer rejects any other)."""

Lines = Callable[[Iterable[int]], Mapping[int, str]]

_ARGUMENT = re.compile(r"(%[\w$.\-]+)[ \t]*:[ \t]*")
"""A block argument: its name, then its type."""
_OP_NAME = re.compile(
    r'[ \t]*(?:%[^=\n]*?=[ \t]*)?(?:"(?P<generic>[\w$.\-]+)"|(?P<custom>[A-Za-z_][\w$]*(?:\.[\w$.]+)?))'
)
"""A statement's op name on its line."""
"""Fetches the text of some lines of the file (for notes that point at earlier lines)."""


class Memory:
    """What a run has read, shared by its files: forms by key, bounded."""

    LIMIT = 200_000

    def __init__(self) -> None:
        self.forms: dict[object, Form] = {}
        self.names = Registry()
        """Which op names each dialect defines."""

    def trim(self) -> None:
        if len(self.forms) > self.LIMIT:
            self.forms.clear()


class _Function:
    __slots__ = ("depth", "line", "name", "results")

    def __init__(self, name: str, results: tuple[str, ...] | None, texts: tuple[str, ...], depth: int, line: int):
        self.name, self.results, self.depth, self.line = name, (results, texts), depth, line


class FileRun(Sink):
    """Checks one file fed to it in blocks of whole lines (see the module docstring)."""

    def __init__(self, path: str, options: Options, memory: Memory | None = None, lines: Lines | None = None) -> None:
        self.path, self.options = path, options
        self.memory = memory if memory is not None else Memory()
        self.checks = Checks(options.profile, options.ops)
        self.names = self.memory.names
        self.flow = Flow()
        self.dom = Dominance()
        self.scanner = Scanner(self, self.memory.forms, read_form)
        self.fetch = lines
        self.diagnostics: list[Diagnostic] = []
        self.lines: dict[int, str] = {}
        self.marked: list[tuple[int, str]] = []
        self.ops = 0
        self.passed_over: dict[tuple[str, str], int] = {}
        self.checked_lines: set[int] | None = set() if options.verify_diagnostics else None
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        self.next_line = 1
        self.chunks: list[int] = [1]
        """The first line of each ``--split-input-file`` chunk."""
        self.carry = ""
        self.block_text = ""
        self.block_first = 1
        self.block_lines: list[str] | None = None
        self.segment_end = 0
        """The last line of the segment being read."""
        self.unclosed = False
        """The module ended with a region open (reported once)."""
        self.functions: list[_Function] = []
        self.function_spans: list[tuple[int, int]] = []
        self.depth = 0
        self.placeholder_spans: dict[tuple[int, int], Span] = {}
        self.parse_stop: tuple[int, int] | None = None
        """Where value flow's first parse error in the module is (mlir-opt's parser stops
        there): a finding made after it and placed before it is not reported."""
        self.dropped: set[tuple[int, int]] = set()
        """Held findings (line, ordinal) made after :attr:`parse_stop` and placed before it."""
        self.blocks: list[Blocks] = [Blocks()]
        """The blocks of each open region (the module's first)."""
        self.calls = Calls()
        self.outer_calls: list[tuple[int, Calls]] = []
        """For each open nested module (its depth): the calls of the module around it (each
        module is its own symbol table, as MLIR's ``SymbolTable``)."""
        self.yielded: list[list[Yielded]] = []
        """For each op whose regions are open: what each closed region's terminator yields."""
        self.summaries: list[list[Summary]] = []
        """For each op whose regions are open: what its closed regions were."""
        self.region_marks: list[int] = []
        """For each op whose regions are open: how many diagnostics there were when they opened."""
        self.head_uses: list[int] = []
        """For each op whose regions are open: how many of its operands were resolved before them."""
        self.open_regions: list[_OpenRegion] = []
        self.constants: dict[str, str] = {}
        """The literal of each value a constant op defines, in the current function."""
        self.extended: dict[object, object] = {}
        """Verdicts that depend on regions or constants too."""
        self.isolated_ops: list[tuple[int, int]] = []
        """The heads of the open IsolatedFromAbove ops (functions): (line, column)."""
        self.isolated_heads: dict[int, int] = {}
        """The line of each isolated region's op, by the region's number (value flow's)."""

    # ---------------------------------------------------------------- read and split

    @property
    def block_line(self) -> int:
        """The number of the first line of the next block fed."""
        return self.next_line + self.carry.count("\n")

    def feed(self, block: str, final: bool) -> None:
        """Check one more block of the file (blocks end at line ends, but the last)."""
        text = self.carry + block
        if not final:  # the last line waits for the next block: it may go on there
            cut = text.rfind("\n", 0, len(text) - 1) + 1 if not text.endswith("\n") else text.rfind("\n", 0, -1) + 1
            text, self.carry = text[:cut], text[cut:]
        else:
            self.carry = ""
        if not text:
            if final:
                self._end_module()
            return
        self._mark(text)
        marker = self.options.split_marker
        start, first = 0, self.next_line
        if marker is not None and split_probe(marker) in text:
            for number, offset, after in self._markers(text, marker):
                self._segment(text[start:offset], first)
                self._end_module()
                start, first = after, number + 1
                self.chunks.append(first)
        self._segment(text[start:], first)
        self.next_line += text.count("\n") + (0 if text.endswith("\n") else 1)
        if final:
            self._end_module()

    def _mark(self, text: str) -> None:
        """Keep the lines suppressions (and ``--verify-diagnostics``' annotations) need."""
        needles = ("broadcheck:", "expected-") if self.options.verify_diagnostics else ("broadcheck:",)
        for number, line in _lines_with(text, needles, self.next_line):
            self.marked.append((number, line))

    def _markers(self, text: str, marker: str) -> list[tuple[int, int, int]]:
        """The split markers of ``text``: (line, offset of the line, offset after it); and
        mlir-opt's near misses (BC905), located where it puts them."""
        found = []
        for number, offset, line in _lines_at(text, (split_probe(marker),), self.next_line):
            kind = split_marker(line, marker)
            if kind is None:
                continue
            if kind[0]:
                end = text.find("\n", offset)
                found.append((number, offset, end + 1 if end >= 0 else len(text)))
            else:
                rule = RULES["BC905"]
                span = Span(number, kind[1], number, kind[1] + 1)
                self.diagnostics.append(Diagnostic(rule.code, rule.severity, rule.format(), self.path, span))
                self.lines[number] = line
        return found

    def _segment(self, text: str, first: int) -> None:
        self.segment_end = first + text.count("\n") - (1 if text.endswith("\n") else 0)
        if not text:
            return
        self.block_text, self.block_first, self.block_lines = text, first, None
        self.scanner.block(text, first)

    def _end_module(self) -> None:
        """The end of a module (the file, or a split chunk): what is still open, and the
        forward references never resolved."""
        self.scanner.end()
        self.flow.finish()
        self._findings()
        self.parse_stop = None
        self.dropped.clear()
        while self.functions:
            self._end_function(-1)
        self.unclosed = False
        self._found(self.blocks[0].close())
        while self.outer_calls:  # modules left open
            self._found(self.calls.close())
            self.calls = self.outer_calls.pop()[1]
        self._found(self.calls.close())
        self.blocks, self.calls, self.yielded = [Blocks()], Calls(), []
        self.aliases = {}

    # ---------------------------------------------------------------- lines

    def line_text(self, number: int) -> str:
        """The text of line ``number`` of the current segment."""
        if self.block_lines is None:
            self.block_lines = self.block_text.split("\n")
        i = number - self.block_first
        return self.block_lines[i].removesuffix("\r") if 0 <= i < len(self.block_lines) else ""

    def _keep(self, span: Span, text: str | None = None) -> None:
        if span.line not in self.lines:
            self.lines[span.line] = text if text is not None else self.line_text(span.line)

    # ---------------------------------------------------------------- statements

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str, regions: int = 0
    ) -> None:
        split = form.split
        if split >= 0 and text is None and self.functions and len(names) == len(form.roles):
            # The fast path (most lines): results then operands, on one line, in a function.
            line = lines[0]
            flow = self.flow
            types = flow.types
            if self.open_regions:
                region = self.open_regions[-1]
                region.texts, region.where = form, line
                if form.name in INNER:
                    region.inner.append((form, line))
            expected = form.operand_types
            outside = flow.outside
            mark = len(self.diagnostics)
            entry = self.dom.entry  # in a function's entry block, every visible value dominates its uses
            if entry:
                start = -1
                unwritten_names, unwritten_lines = flow.unwritten
                flow.unwritten_depth = len(flow.nested)
            else:
                start = self.dom.start
                where = flow.where
                defined_at = where.get
            for k in range(split, len(names)):
                name = names[k]
                want = expected[k - split]
                found = types.get(name, _MISSING)
                if (
                    found is _MISSING
                    or (want is not None and found is not None and found != want)
                    or (outside and name in outside)
                ):
                    self._slow_use(name, want, line, k, names, k - split)
                elif start >= 0 and defined_at(name, start) < start:
                    self._far(name, line, k - split, line)
            result_types = form.result_types
            nested = flow.nested[-1]
            for k in range(split):
                name = names[k]
                if name in types:
                    escapes = len(flow.escapes)
                    flow.define(name, 1, result_types[k : k + 1], line, k)
                    if flow.findings or flow.fresh:
                        self._locate_flow(0, names, line, None, "")
                    if flow.resolved or flow.unreached:
                        self._forward()
                    if len(flow.escapes) > escapes:  # a forward reference from another function
                        self._escapes(escapes)
                else:
                    types[name] = result_types[k] if k < len(result_types) else None
                    if entry:
                        unwritten_names.append(name)
                        unwritten_lines.append(line)
                    else:
                        where[name] = line
                    nested.append(name)
            if form.literal is not None and split:
                self.constants[names[0]] = form.literal
            if len(self.diagnostics) > mark and _parse_failed(self.diagnostics, mark):
                self._parse_only(form, line, None, "")
                return  # the parser stops at this statement: no verifier sees the op
            route = form.route
            if route == 3:
                self.ops += 1
                if self.checked_lines is not None:
                    self.checked_lines.add(line)
            elif route == 2:
                self._pass_over(form.name, UNKNOWN_OP)
            elif route != 1:
                self._check(form, line, None, "", names=names)
            return
        statement = form.statement
        line = lines[0]
        summaries = self.summaries.pop() if regions and self.summaries else ()
        yielded = self.yielded.pop() if regions and self.yielded else []
        skip = self.head_uses.pop() if regions and self.head_uses else 0
        opened = self.region_marks.pop() if regions and self.region_marks else len(self.diagnostics)
        region_failed = any(d.code in _PARSE for d in self.diagnostics[opened:])  # (the parser stopped in them)
        head_failed = skip < 0  # (:meth:`region`: its head's uses failed to parse)
        skip = max(skip, 0) if not head_failed else sum(1 for role in form.roles if role == USE)
        if statement is None or len(form.roles) != len(names):
            self._unread(form, names, lines, text, body)
            return
        if self.open_regions:  # the last statement of a region so far: its terminator, if nothing follows
            region = self.open_regions[-1]
            region.texts, region.where = form, line
            if form.name in INNER:
                region.inner.append((form, line))
        if (
            statement.successors
            or statement.name in _CALLS
            or (yielded and not region_failed)
            or (statement.name == "func.func" and not regions)
        ):
            self._control(form, names, line, text, body, yielded)
        flow = self.flow
        found = len(flow.findings)
        escapes = len(flow.escapes)
        roles = form.roles
        operand_types = form.operand_types
        uses = successor = 0
        one_line = len(lines) == 1
        mark = len(self.diagnostics)
        result_names: list[tuple[str, int]] = []
        flat: list[str | None] | None = None
        for ordinal, (name, role) in enumerate(zip(names, roles, strict=True)):
            if role == USE:
                if uses >= skip:  # (an op's operands before its regions were resolved there)
                    written = operand_types[uses] if uses < len(operand_types) else None
                    at = line if one_line else lines[ordinal]
                    flow.use(name, written, at, ordinal, (line, uses + successor))
                    self._far(name, line, uses + successor, at)
                uses += 1
            elif role == RESULT:
                result_names.append((name, ordinal))
            elif role == SUCCESSOR:
                if flat is None:
                    flat = [t for group in form.successor_types for t in group]
                passed = flat[successor] if successor < len(flat) else None
                at = line if one_line else lines[ordinal]
                flow.use(name, passed, at, ordinal, (line, uses + successor))
                self._far(name, line, uses + successor, at)
                successor += 1
        if statement.name == "func.return" or (statement.name == "return" and not statement.generic):
            self._return(form, names, line, text, body)
        k = 0
        for (name, ordinal), result in zip(result_names, statement.results, strict=False):
            result_types = form.result_types[k : k + result.size]
            k += result.size
            flow.define(name, result.size, result_types, line if one_line else lines[ordinal], ordinal)
        if flow.resolved or flow.unreached:
            self._forward()
        if len(flow.findings) > found or flow.fresh:
            self._locate_flow(found, names, line, text, body)
        if len(flow.escapes) > escapes:
            self._escapes(escapes)
        if form.literal is not None and result_names:
            self.constants[result_names[0][0]] = form.literal
        if head_failed or (len(self.diagnostics) > mark and _parse_failed(self.diagnostics, mark)):
            if not head_failed:
                self._parse_only(form, line, text, body)
            return  # the parser stops at this statement: no verifier sees the op
        if region_failed:
            return  # the parser stopped in one of its regions: no verifier sees the op
        self._check(form, line, text, body, summaries=summaries, names=names)

    def _control(
        self,
        form: Form,
        names: list[str],
        line: int,
        text: Text | None,
        body: str,
        yielded: list[Yielded],
    ) -> None:
        """Branches, calls, function declarations and region yields (:mod:`.control`)."""
        statement = form.statement
        assert statement is not None
        source = self.line_text(line) if text is None else body
        op = self._op_where(line, source if text is None else None, text)
        if op is None:
            return
        for successor in statement.successors:
            self.dom.edge(successor.label)
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
            self.blocks[-1].branch(successor.label, j, types, op, label_at)
        if statement.name in _CALLS:
            callee = next((i.text for i in statement.items if i.kind == "symbol"), None)
            if callee is not None:
                _, result_texts = _written(statement, form)
                operand_texts, _ = _written(statement, form)
                self.calls.call(
                    symbol_name(callee), form.operand_types, form.result_types, (operand_texts, result_texts), op,
                    tuple(self.flow.serials),
                )  # fmt: skip
        if statement.name == "func.func":  # a declaration (a function with a body is read at its region)
            symbol = next((i.text for i in statement.items if i.kind == "symbol"), None)
            signature = _signature(statement)
            if symbol is not None and signature is not None:
                self.calls.function(symbol_name(symbol), signature)
        if yielded and statement.name in REGION_BRANCH and not (statement.generic and statement.name != "scf.if"):
            operand_texts, result_texts = _written(statement, form)
            found = yields(statement.name, form.result_types, result_texts, yielded, op, form.operand_types,
                           operand_texts)  # fmt: skip
            if found is not None:
                self._found([found], op_name=statement.name)

    def _op_where(self, line: int, raw: str | None = None, text: Text | None = None) -> Where | None:
        """Where the op name of the statement at ``line`` is."""
        if text is not None:
            m = _OP_NAME.match(text.text)
            if m is None:
                return None
            at = m.start("generic") - 1 if m.group("generic") else m.start("custom")
            width = len(m.group("generic")) + 2 if m.group("generic") else len(m.group("custom"))
            spot = text.where(at)
            return Where(spot[0], spot[1], spot[1] + width)
        raw = raw if raw is not None else self._fetch_line(line)
        m = _OP_NAME.match(raw)
        if m is None:
            return None
        at = m.start("generic") - 1 if m.group("generic") else m.start("custom")
        width = len(m.group("generic")) + 2 if m.group("generic") else len(m.group("custom"))
        return Where(line, at + 1, at + 1 + width)

    def _found(self, found: list[Found], op_name: str | None = None) -> None:
        """Problems :mod:`.control` found, as diagnostics."""
        for problem in found:
            where = problem.where
            span = Span(where.line, where.column, where.line, where.end)
            self._keep(span, self._fetch_line(where.line))
            labels = []
            for note_text, at in problem.notes:
                note_span = Span(at.line, at.column, at.line, at.end)
                self._keep(note_span, self._fetch_line(at.line))
                labels.append(Label(note_span, note_text, mlir_note=True))
            name = op_name
            if problem.code in _CALL_CODES:
                name = "func.call"
            self.diagnostics.append(
                diagnose.value(problem.code, self.path, span, tuple(labels), op=name, args=problem.args)
            )

    def _slow_use(self, name: str, want: str | None, line: int, ordinal: int, names: list[str], operand: int) -> None:
        """A use the fast path leaves to value flow: not defined yet, of another type, or from
        outside the function."""
        flow = self.flow
        escapes = len(flow.escapes)
        flow.use(name, want, line, ordinal, (line, operand))
        self._far(name, line, operand, line)
        if flow.findings or flow.fresh:
            self._locate_flow(0, names, line, None, "")
        if len(flow.escapes) > escapes:
            self._escapes(escapes)

    def _far(self, name: str, line: int, operand: int, at: int, start: int = -1) -> None:
        """A use of a value defined before the current block (``start``: another block's first
        line): judged by the dominance rule when the function ends."""
        if start < 0:
            if self.dom.entry:
                return  # (in a function's entry block every visible value dominates its uses)
            start = self.dom.start
        flow = self.flow
        key = name[:-2] if name.endswith("#0") else name
        defined = flow.where.get(key)
        if defined is not None and defined < start and key not in flow.placeholders and self.functions:
            self.dom.use(key, line, operand, at, defined, False)

    def _forward(self) -> None:
        """Forward references resolved: their first uses are judged when the function ends;
        those from a graph region resolved in a region nested in it, now."""
        for key, (line, operand), at, defined in self.flow.resolved:
            if self.functions:
                self.dom.use(key, line, operand, at, defined, True)
        self.flow.resolved.clear()
        if self.flow.unreached:
            unreached = [Broken(line, operand, f"operand defined here ({where})", defined)
                         for (line, operand), defined, where in self.flow.unreached]  # fmt: skip
            self.flow.unreached.clear()
            self._dominance(unreached)

    def _unread(self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str) -> None:
        """A statement the reader cannot take: its results are defined with unknown types,
        and, if its op is checked, the grammar says what is wrong."""
        source = body if text is not None else self.line_text(lines[0]).lstrip()
        m = re.match(r"\s*((?:%[\w$.\-]+(?::\d+)?\s*,?\s*)+)=", source)
        if m is not None:
            found = len(self.flow.findings)
            for ordinal, r in enumerate(re.finditer(r"(%[\w$.\-]+)(?::(\d+))?", m.group(1))):
                self.flow.define(r.group(1), int(r.group(2) or 1), (), lines[0], ordinal)
            if len(self.flow.findings) > found or self.flow.fresh:  # `%0 = <broken>` after another `%0`
                self._locate_flow(found, names, lines[0], text, body)
        name_match = re.match(r'\s*(?:%[^=]*=\s*)?(?:"([\w$.\-]+)"|([A-Za-z_][\w$.]*))', source)
        if name_match is None:
            stripped = source.lstrip()
            if stripped and stripped[0] not in _STARTS:  # no token of MLIR starts so: its lexer stops here
                at = (text.where(len(source) - len(stripped)) if text is not None
                      else (lines[0], 1 + len(self.line_text(lines[0])) - len(stripped)))  # fmt: skip
                span = Span(at[0], at[1], at[0], at[1] + 1)
                self._report(diagnose.syntax(SyntaxProblem("unexpected character", span), self.path), text)
            return
        name = name_match.group(1) or name_match.group(2)
        _, check = self.checks.check_of(name)
        if check is None:
            if self.checks.known_dialect(name):
                self._pass_over(name, UNKNOWN_OP)
            return
        line, column = (
            text.where(0) if text is not None else (lines[0], 1 + len(self.line_text(lines[0])) - len(source))
        )
        self._grammar_verdict(name, source, line, column, text)

    def _grammar_verdict(self, name: str, source: str, line: int, column: int, text: Text | None) -> None:
        """A checked op the reader cannot take: the grammar says what is wrong with it (a
        syntax error, in MLIR's words), or it is passed over as unreadable."""
        from broadcheck.syntax.parser import Unreadable as LarkUnreadable
        from broadcheck.syntax.parser import parse_operation

        decl = _decl_of(name)
        wrong = decl.assembly.unread(source) if decl is not None and decl.assembly is not None else None
        if wrong is not None:  # its custom parser fails first, at a place the grammar does not know
            self._mark_checked(line)

            def at(offset: int) -> Span:
                where = text.where(offset) if text is not None else (line, column + offset)
                return Span(where[0], where[1], where[0], where[1] + 1)

            self._report(diagnose.syntax(SyntaxProblem(wrong[0], at(wrong[1])), self.path), text)
            for message, offset in getattr(wrong, "then", ()):
                self._report(diagnose.value("BC033", self.path, at(offset), args={"detail": message}), text)
            return
        try:
            parse_operation(source, self.aliases, line, column, _layout_of)
        except SyntaxProblem as problem:
            self._mark_checked(line)
            worded = self._next_op(problem)
            if worded is not None:
                self._report(diagnose.syntax(worded, self.path), text)
            return
        except LarkUnreadable:
            pass
        self._pass_over(name, UNREADABLE)

    def _check(
        self,
        form: Form,
        line: int,
        text: Text | None,
        body: str,
        offset: int = 0,
        summaries: tuple[Summary, ...] | list[Summary] = (),
        names: list[str] | None = None,
    ) -> None:
        if form.inner is not None:  # `tf_executor.island wraps "tf.AddV2"(...)`: the op inside
            start, inner = form.inner
            if inner.statement is not None:
                source = body if text is not None else self.line_text(line).lstrip()
                at = len(source) - len(source[source.find("wraps") + 5 :].lstrip()) if "wraps" in source else start
                self._check(inner, line, text, body, offset + at)
            return
        statement = form.statement
        assert statement is not None
        name = statement.name
        _, check = self.checks.check_of(name)
        if check is None:
            decl = form.decl
            if (  # an op known for its custom form only, which its parser rejects
                decl is not None
                and decl.assembly is not None
                and not statement.generic
                and decl.assembly.problem(statement) is not None
            ):
                self._located_check(form, line, text, body, syntax_only=True, offset=offset, parse_only=True)
                return
            if self._unknown_op(form, statement, line, text, body, offset):
                return
            if self.checks.known_dialect(name):
                self._pass_over(name, UNKNOWN_OP)
                form.route = 2
            else:
                form.route = 1
            return
        uses_alias = "!" in form.key and bool(self.aliases)
        regions = tuple(summaries)
        constants: tuple[str | None, ...] = ()
        if form.decl is not None and form.decl.constants and names is not None:
            operands = [n for n, role in zip(names, form.roles, strict=False) if role == USE]
            constants = tuple(self.constants.get(n) for n in operands)
        try:
            if uses_alias:
                problem = self.checks.verdict(form, self.aliases, regions, constants)
            elif regions or any(constants):  # the verdict depends on more than the key
                summed = tuple((*r[:3], tuple(key for _, key, _ in r[4])) for r in regions)  # (not where)
                memo = (form.key, summed, constants, check)
                if memo in self.extended:
                    problem = self.extended[memo]  # type: ignore[assignment]
                else:
                    problem = self.checks.verdict(form, self.aliases, regions, constants)
                    if len(self.extended) < 50_000:
                        self.extended[memo] = problem
            elif unasked(form) or form.check is not check:
                problem = self.checks.verdict(form, self.aliases)
                form.verdict, form.check = problem, check
            else:
                problem = form.verdict  # type: ignore[assignment]
        except Unreadable:
            if text is not None:
                self._grammar_verdict(name, body[offset:], *text.where(offset), text)
            else:
                raw = self.line_text(line)
                column = len(raw) - len(raw.lstrip()) + 1 + offset
                self._grammar_verdict(name, raw.lstrip()[offset:], line, column, None)
            return
        except SyntaxProblem:
            problem = None
            self._located_check(form, line, text, body, syntax_only=True, offset=offset)
            return
        self.ops += 1
        self._mark_checked(line)
        if problem is not None:
            self._located_check(
                form, line, text, body, offset=offset, regions=regions, constants=constants, names=names
            )
        elif not (uses_alias or regions or constants or offset or (form.decl is not None and form.decl.constants)):
            form.route = 3  # clean, whatever line has this key

    def _parse_only(self, form: Form, line: int, text: Text | None, body: str) -> None:
        """A checked op whose operands value flow rejected: MLIR's parser reads the op's form
        and types before it resolves them, so what it rejects there is its error (the
        projection of ``--verify-diagnostics`` puts it first); no verifier runs."""
        if form.inner is not None or form.statement is None or form.statement.generic:
            return
        if self.checks.check_of(form.name)[1] is not None or (form.decl is not None and form.decl.assembly is not None):
            self._located_check(form, line, text, body, syntax_only=True, parse_only=True)

    def _unknown_op(
        self, form: Form, statement: Statement, line: int, text: Text | None, body: str, offset: int
    ) -> bool:
        """An op name its dialect does not define, or a custom form of an op that has none: what
        the parser (or, for the generic form, the verifier) says. Whether there was one."""
        name = statement.name
        if name in _DEFAULT_DIALECT or (
            form.decl is not None and not statement.generic and not self.names.generic_only(name)
        ):
            return False
        dialect, dot, _ = name.partition(".")
        if not dot:
            return self._no_dialect(statement, line, text)
        known = self.names.names(dialect)
        if not statement.generic and self.names.generic_only(name):
            code, args = "BC032", {"name": name}
        elif known is None or name in known.names:
            return False
        elif not statement.generic:
            code, args = "BC030", {"name": name}
        elif known.generic_unknown:
            code, args = "BC031", {"name": name, "dialect": dialect}
        else:
            return False
        return self._at_op(line, text, code, {**args, "tried": ""})

    def _at_op(self, line: int, text: Text | None, code: str, args: dict[str, object]) -> bool:
        """Report ``code`` at the name of the op on ``line``; whether it could be placed."""
        where = self._op_where(line, None, text)
        if where is None:
            return False
        span = Span(where.line, where.column, where.line, where.end)
        self._keep(span, self._fetch_line(where.line))
        self.diagnostics.append(diagnose.value(code, self.path, span, args=args))
        return True

    def _tries_func(self, name: str) -> bool:
        """Whether the parser, reading op name ``name`` here, tries it in ``func`` (the default
        dialect of a function's body, not of a region nested in it) and finds nothing there."""
        known = self.names.names("func")
        return (
            bool(self.functions)
            and self.depth == self.functions[-1].depth
            and known is not None
            and f"func.{name}" not in known.names
        )

    def _next_op(self, problem: SyntaxProblem) -> SyntaxProblem | None:
        """``problem`` as the parser words it here: a bare word after a complete op starts the
        next op, which a function's body tries in ``func`` (``None`` elsewhere, where the
        default dialect is another op's, or none: not reported)."""
        m = _UNKNOWN_BARE.fullmatch(problem.message)
        if m is None:
            return problem
        name = m.group(1)
        if not self._tries_func(name):
            return None
        return SyntaxProblem(f"{problem.message} (tried 'func.{name}' as well)", problem.span, problem.also)

    def _no_dialect(self, statement: Statement, line: int, text: Text | None) -> bool:
        """An op name without a dialect in a function's body (not in a nested region, whose
        op may name another default dialect, or none): the parser tries it in ``func``, the
        function's default dialect, and says so. Whether it was reported."""
        name = statement.name
        if statement.generic or not self._tries_func(name):
            return False
        return self._at_op(line, text, "BC030", {"name": name, "tried": f" (tried 'func.{name}' as well)"})

    def _located_check(
        self,
        form: Form,
        line: int,
        text: Text | None,
        body: str,
        syntax_only: bool = False,
        offset: int = 0,
        regions: tuple[Summary, ...] = (),
        constants: tuple[str | None, ...] = (),
        names: list[str] | None = None,
        parse_only: bool = False,
    ) -> None:
        """Read the statement again from its own text, to locate its problem (``names``: its
        value names, to say where its operands come from; ``parse_only``: only what the parser
        rejects, no verifier)."""
        from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
        from broadcheck.syntax.statement import read_statement

        if text is None:
            raw = self.line_text(line)
            source = raw.lstrip()[offset:]
            column = len(raw) - len(raw.lstrip()) + 1 + offset

            def locate(start: int, end: int) -> Span:
                return Span(line, column + start, line, column + end)

        else:
            source = body[offset:]

            def locate(start: int, end: int) -> Span:
                a, b = text.where(offset + start), text.where(offset + max(end - 1, start))
                return Span(a[0], a[1], b[0], b[1] + (1 if end > start else 0))

        try:
            statement = read_statement(source)
        except ReaderProblem:
            return
        _, check = self.checks.check_of(statement.name)
        assert check is not None or parse_only
        try:
            op = self.checks.operation(statement, form.decl, locate, self.aliases, regions, constants)
        except Unreadable:
            return
        except SyntaxProblem as problem:
            if syntax_only:
                self.ops += 1
                self._mark_checked(line)
            worded = self._next_op(problem)
            if worded is None:
                return
            self._report(diagnose.syntax(worded, self.path), text)
            for more in problem.also:  # what the same failure emits next (BC033)
                self._report(diagnose.value("BC033", self.path, more.span, args={"detail": more.message}), text)
            return
        if parse_only or check is None:
            return
        problem_found = check(op, self.options.profile)
        if problem_found is not None:
            origin = (
                self._origins(statement) if names is not None and len(statement.operands) == len(op.operands) else None
            )
            self._report(diagnose.diagnose(problem_found, op, self.path, origin=origin), text)

    def _origins(self, statement: Statement) -> diagnose.Origin:
        """Where each operand of ``statement`` (a checked op's, its operands all values) comes
        from, for a message that names the value (``broadcheck.messages.VALUES``)."""

        def origin(index: int) -> tuple[str, int | str] | None:
            use = statement.operands[index]
            found = self.flow.origin(use.name if not use.number else f"{use.name}#{use.number}")
            if found is None or found[0] == "argument":
                return found
            return self._printed(found[1], use.name)

        return origin

    def _printed(self, line: int, name: str) -> tuple[str, str] | None:
        """The op defining ``name`` on ``line``, as the file writes it (no location), if it
        stands on that line alone, without regions."""
        from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
        from broadcheck.syntax.statement import read_statement

        source = self._fetch_line(line).strip()
        try:
            statement = read_statement(source)
        except ReaderProblem:
            return None
        if statement.regions or not any(r.name == name for r in statement.results):
            return None
        return ("result", source[: statement.end].rstrip())

    def _report(self, d: Diagnostic, text: Text | None) -> None:
        self.diagnostics.append(d)
        for number in d.line_numbers():
            if number not in self.lines:
                if text is not None:
                    for piece in text.parts:
                        if piece.line == number:
                            self.lines[number] = self.line_text(number) or piece.text
                            break
                    else:
                        self.lines[number] = self.line_text(number)
                else:
                    self.lines[number] = self.line_text(number)

    def _mark_checked(self, line: int) -> None:
        if self.checked_lines is not None:
            self.checked_lines.add(line)

    def _pass_over(self, name: str, reason: str) -> None:
        if reason == UNKNOWN_OP and name.startswith("tf.") and _shapeless(name):
            reason = NO_RULE
        self.passed_over[name, reason] = self.passed_over.get((name, reason), 0) + 1

    # ---------------------------------------------------------------- value flow

    def _locate_flow(self, found: int, names: list[str], line: int, text: Text | None, body: str) -> None:
        """Give the flow's new findings (and forward references) their spans, now that the
        statement's text is at hand."""
        if text is None:
            raw = self.line_text(line)
            offsets = _name_offsets(raw)

            def span_of(ordinal: int) -> Span:
                a, b = offsets[ordinal] if ordinal < len(offsets) else (0, 1)
                return Span(line, a + 1, line, b + 1)

        else:
            offsets = _name_offsets(body)

            def span_of(ordinal: int) -> Span:
                a, b = offsets[ordinal] if ordinal < len(offsets) else (0, 1)
                start, end = text.where(a), text.where(b - 1)
                return Span(start[0], start[1], end[0], end[1] + 1)

        self._place(span_of)
        self._findings(found, span_of)

    def _place(self, span_of: Callable[[int], Span]) -> None:
        """The spans of the flow's new forward references and held findings."""
        flow = self.flow
        for fresh in flow.fresh:
            self.placeholder_spans[fresh] = span_of(fresh[1])
        flow.fresh.clear()

    def _hold(self, hold: tuple[int, int]) -> None:
        """A held finding counts as found now (see :attr:`parse_stop`)."""
        span = self.placeholder_spans.get(hold)
        at = (span.line, span.column) if span is not None else (hold[0], 1)
        if self.parse_stop is None:
            self.parse_stop = at
        elif at < self.parse_stop:
            self.dropped.add(hold)

    def _findings(self, start: int = 0, span_of: Callable[[int], Span] | None = None) -> None:
        """Turn the flow's findings from ``start`` on into diagnostics."""
        flow = self.flow
        holds = sorted(flow.holds)  # (found with the findings of their statements, in its order)
        flow.holds.clear()
        for finding in flow.findings[start:]:
            while (
                holds and not finding.held and (finding.code in _DEFINING or holds[0] < (finding.line, finding.ordinal))
            ):
                self._hold(holds.pop(0))  # (a statement's uses are read before what it defines)
            if finding.code == "BC014" or finding.held:  # found at its statement, reported now
                span = self.placeholder_spans.get((finding.line, finding.ordinal))
                if span is None:
                    span = Span(finding.line, 1, finding.line, 2)
            else:
                assert span_of is not None
                span = span_of(finding.ordinal)
            at = (span.line, span.column)
            if finding.held:
                if (finding.line, finding.ordinal) in self.dropped:
                    continue  # (its place was judged when it was found)
            elif self.parse_stop is None:
                self.parse_stop = at
            elif at < self.parse_stop:
                continue  # found after the parser stopped, placed before where it did: not reported
            if finding.code == "BC014":
                self._keep(span, self._fetch_line(span.line))
                self.diagnostics.append(diagnose.value("BC014", self.path, span))
                continue
            self._keep(span, self._fetch_line(span.line))
            labels: tuple[Label, ...] = ()
            notes: tuple[Note, ...] = ()
            other = self.placeholder_spans.get((finding.other_line, finding.other_ordinal))
            if other is None and finding.other_line:
                other = self._definition_span(finding.other_line, finding.other_name)
            elif other is not None:
                self._keep(other, self._fetch_line(other.line))
            args = dict(finding.args)
            if finding.code == "BC011":
                prior_text = self._written_type(finding.other_line, finding.other_name) or str(args["prior"])
                used_text = str(args["used"])
                if "->" in used_text:  # a function type's key, printed as MLIR prints it
                    used_text = used_text.replace("->", " -> ").replace(",", ", ")
                args["prior"], args["used"] = prior_text, used_text
                if other is not None:
                    labels = (Label(other, "prior use here", mlir_note=True),)
                notes = (Note("note", f"'{finding.name}' is defined here as {prior_text}"),)
            elif finding.code == "BC015" and other is not None:
                labels = (Label(other, "previously defined here", mlir_note=True),)
            elif finding.code == "BC018" and other is not None:
                labels = (Label(other, "previously referenced here", mlir_note=True),)
            elif finding.code == "BC016" and other is not None:
                labels = (Label(other, f"previously used here with type '{args['used']}'", mlir_note=True),)
            self.diagnostics.append(diagnose.value(finding.code, self.path, span, labels, notes, args=args))
        for hold in holds:
            self._hold(hold)
        del flow.findings[start:]

    def _fetch_line(self, number: int) -> str:
        if number in self.lines:
            return self.lines[number]
        text = self.line_text(number)
        if not text and self.fetch is not None:
            text = self.fetch((number,)).get(number, "")
        return text

    def _definition_span(self, number: int, name: str) -> Span | None:
        text = self._fetch_line(number)
        if not text:
            return None
        self.lines.setdefault(number, text)
        base = name.partition("#")[0]
        m = re.search(re.escape(base) + r"(?![\w$.\-])", text)
        if m is None:
            return None
        return Span(number, m.start() + 1, number, m.end() + 1)

    def _written_type(self, number: int, name: str) -> str | None:
        """The type text written for ``name`` where it is defined on line ``number``."""
        from broadcheck import dialects
        from broadcheck.engine.forms import place_types
        from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
        from broadcheck.syntax.statement import read_statement

        text = self._fetch_line(number).strip()
        base, _, index = name.partition("#")
        if text.startswith("^") or text.startswith("func.func"):
            m = re.search(re.escape(base) + r"\s*:\s*", text)
            if m is None:
                return None
            from broadcheck.syntax.statement import _Reader

            r = _Reader(text[m.end() :])
            try:
                return r.type().text
            except ReaderProblem:
                return None
        try:
            statement = read_statement(text)
        except ReaderProblem:
            return None
        decl = dialects.lookup(statement.name)
        _, results = place_types(statement, decl.layout if decl is not None else None)
        k = 0
        for result in statement.results:
            if result.name == base:
                at = k + (int(index) if index else 0)
                t = results[at] if at < len(results) else None
                return t.text if t is not None else None
            k += result.size
        for d in statement.definitions:
            if d.name == base and d.type is not None:
                return d.type.text
        return None

    # ---------------------------------------------------------------- regions

    def region(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        decl = form.decl if form is not None else None
        isolated = decl.isolated if decl is not None else False
        name = form.name if form is not None else _generic_name(head.text)
        if form is None and name:  # a generic form's head (`"builtin.module"() ({`): its op is known by name
            isolated = _isolated(name)
        flow = self.flow
        self.depth += 1
        if first:
            self.summaries.append([])
            self.yielded.append([])
            self.region_marks.append(len(self.diagnostics))
            if name in _MODULES:
                self.outer_calls.append((self.depth, self.calls))
                self.calls = Calls()
        self.blocks.append(Blocks())
        statement = form.statement if form is not None else None
        arguments = form.arguments if form is not None and (first or (decl and decl.region_arguments == "all")) else ()
        self.open_regions.append(_OpenRegion(tuple(arguments)))
        if first and statement is not None and statement.name == "func.func":
            self.dom.reset()
        outer = self.dom.start
        opened = head.parts[-1].line if head.parts else head.line
        self.dom.region(head.line, opened, not self._registered(name))
        if statement is None:
            if first:
                self.head_uses.append(0)
            self._push(isolated, name, lines[0] if lines else head.line)
            return isolated
        assert form is not None
        if first and statement.name == "func.func":
            sig = statement.signature
            outputs = sig.outputs if sig is not None else ()
            symbol = next((i.text for i in statement.items if i.kind == "symbol"), "@?")
            keys = tuple(t.key for t in outputs)
            texts = tuple(t.text for t in outputs)
            line = lines[0] if lines else head.line
            self.functions.append(_Function(symbol_name(symbol), keys, texts, self.depth, line))
            self.isolated_ops.append((line, statement.name_start))
            signature = _signature(statement)
            if signature is not None:
                self.calls.function(symbol_name(symbol), signature)
        elif isolated:
            self.isolated_ops.append((lines[0] if lines else 0, -1))
        if first:
            resolved = 0
            mark = len(self.diagnostics)
            if not statement.generic:
                # a custom form's parser resolves the operands it has read before its regions
                types = form.operand_types
                for ordinal, (name, role) in enumerate(zip(names, form.roles, strict=False)):
                    if role == USE:
                        at = lines[ordinal] if ordinal < len(lines) else 0
                        written = types[resolved] if resolved < len(types) else None
                        flow.use(name, written, at, ordinal, (head.line, resolved))
                        self._far(name, head.line, resolved, at, outer)
                        resolved += 1
                if flow.findings or flow.fresh:
                    self._locate_flow(0, names, lines[0] if lines else 0, head, head.text)
                if flow.escapes:
                    self._escapes(0)
            # the parser stops at a use of the wrong type in the head: no verifier sees the op
            self.head_uses.append(-1 if _parse_failed(self.diagnostics, mark) else resolved)
        self._push(isolated, name, lines[0] if lines else head.line)  # (its head's operands are outside it)
        if first or (decl is not None and decl.region_arguments == "all"):
            found = len(flow.findings)
            argument_types = iter(form.arguments)
            index = 0  # among the entry block's arguments
            for ordinal, (name, role) in enumerate(zip(names, form.roles, strict=False)):
                if role == ARGUMENT:
                    at = lines[ordinal] if ordinal < len(lines) else 0
                    self.dom.argument(name, at)
                    flow.argument(name, next(argument_types, None), at, ordinal, index)
                    index += 1
                    if flow.resolved or flow.unreached:
                        self._forward()
            if len(flow.findings) > found or flow.fresh:
                self._locate_flow(found, names, lines[0] if lines else 0, head, head.text)
            if flow.escapes:
                self._escapes(0)
        return isolated

    def _push(self, isolated: bool, name: str, line: int) -> None:
        """The region's names open in value flow."""
        self.flow.push(isolated, name in _MODULES)
        if isolated:
            self.isolated_heads[self.flow.regions] = line

    def _registered(self, name: str) -> bool:
        """Whether ``name`` is an op its dialect registers (MLIR checks dominance only in the
        regions of those, and not in graph regions)."""
        if name in _GRAPH_REGIONS:
            return False
        known = self.names.names(name.partition(".")[0])
        return known is not None and name in known.names

    def _escapes(self, start: int) -> None:
        """Uses of values from outside their function: the verifier's isolation check."""
        for line, _ordinal, _name, region in self.flow.escapes[start:]:
            text = self._fetch_line(line)
            m = _OP_NAME.match(text)
            if m is None:
                continue
            name = m.group("generic") or m.group("custom")
            at = m.start("generic") - 1 if m.group("generic") else m.start("custom")
            span = Span(line, at + 1, line, at + 1 + len(name) + (2 if m.group("generic") else 0))
            last = self.diagnostics[-1] if self.diagnostics else None
            if last is not None and last.code == "BC019" and last.span == span:
                continue  # one error for the op, at its first operand from outside
            self._keep(span, text)
            labels: tuple[Label, ...] = ()
            header_line = self.isolated_heads.get(region, 0)
            if header_line:
                header = self._fetch_line(header_line)
                hm = _OP_NAME.match(header)
                if hm is not None:
                    generic = hm.group("generic")
                    at = hm.start("generic") - 1 if generic else hm.start("custom")
                    end = hm.end("generic") + 2 if generic else hm.end("custom") + 1
                    hspan = Span(header_line, at + 1, header_line, end)
                    self._keep(hspan, header)
                    labels = (Label(hspan, "required by region isolation constraints", mlir_note=True),)
            op = f"func.{name}" if name in ("return", "call") else name  # (the default dialect's)
            self.diagnostics.append(diagnose.value("BC019", self.path, span, labels, op=op))
        del self.flow.escapes[start:]

    def closed(self, line: int) -> None:
        self.flow.pop()
        self.dom.close(line)
        if len(self.blocks) > 1:
            self._found(self.blocks.pop().close())
        if self.open_regions:
            done = self.open_regions.pop()
            last = done.texts
            terminator, yielded = (last.name, last.operand_types) if last is not None else ("", ())
            where = self._op_where(done.where) if done.where and last is not None else None
            if self.summaries:  # (a terminator the parser stopped at is no verifier's: not summed up)
                stopped = self.parse_stop is not None and self.parse_stop[0] == done.where
                inner = tuple((f.name, f.key, self._op_where(at)) for f, at in done.inner)
                self.summaries[-1].append((done.arguments, "" if stopped else terminator, yielded, where, inner))
            if self.yielded and last is not None:
                texts = _yield_texts(last)
                self.yielded[-1].append((terminator, yielded, texts, where, done.arguments))
        if self.functions and self.functions[-1].depth == self.depth:
            self._dominance()
            self._end_function(line)
            self.isolated_ops.pop()
        if self.outer_calls and self.outer_calls[-1][0] == self.depth:
            self._found(self.calls.close())
            self.calls = self.outer_calls.pop()[1]
        self.depth -= 1

    def _dominance(self, found: list[Broken] | None = None) -> None:
        """The function's uses that their definitions do not dominate (:mod:`.dominance`), or
        those ``found``."""
        for broken in self.dom.judge() if found is None else found:
            raw = self._fetch_line(broken.line)
            m = _OP_NAME.match(raw)
            op = self._op_where(broken.line, raw)
            if op is None or m is None:
                continue
            span = Span(op.line, op.column, op.line, op.end)
            self._keep(span, self._fetch_line(op.line))
            labels: tuple[Label, ...] = ()
            note = self._op_where(broken.note_line)
            if note is not None:
                note_span = Span(note.line, note.column, note.line, note.end)
                self._keep(note_span, self._fetch_line(note.line))
                labels = (Label(note_span, broken.note, mlir_note=True),)
            name = m.group("generic") or m.group("custom")
            self.diagnostics.append(
                diagnose.value("BC029", self.path, span, labels, op=name, args={"index": broken.operand})
            )

    def _end_function(self, line: int) -> None:
        """The function's ``}`` is on ``line`` (-1: the file ends with it open)."""
        function = self.functions.pop()
        self.constants.clear()
        self.function_spans.append((function.line, line if line > 0 else self.next_line))

    def _return(self, form: Form, names: list[str], line: int, text: Text | None, body: str) -> None:
        if not self.functions or self.functions[-1].depth != self.depth:
            return
        function = self.functions[-1]
        expected, expected_texts = function.results
        if expected is None:
            return
        statement = form.statement
        assert statement is not None
        raw = self.line_text(line) if text is None else body
        word = raw.lstrip().split()[0] if raw.strip() else "return"
        if text is None:
            start = len(raw) - len(raw.lstrip()) + 1
        else:
            line, start = text.where(len(raw) - len(raw.lstrip()))
        span = Span(line, start, line, start + len(word))
        if len(statement.operands) != len(expected):
            self._keep(span)
            self.diagnostics.append(
                diagnose.value(
                    "BC013",
                    self.path,
                    span,
                    op="func.return",
                    args={"count": len(statement.operands), "name": function.name, "expected": len(expected)},
                )
            )
            return
        sig = statement.signature
        written = sig.inputs if sig is not None and sig.kind == "list" else ()
        if len(written) != len(expected):
            return
        for i, (w, e, e_text) in enumerate(zip(written, expected, expected_texts, strict=True)):
            actual = self.flow.types.get(names[i]) if i < len(names) else None
            if actual is not None and actual != w.key:
                continue  # a use-def mismatch, reported as such (mlir-opt stops there)
            if w.key != e and "!" not in w.key + e and "#" not in w.key + e:
                self._keep(span)
                self.diagnostics.append(
                    diagnose.value(
                        "BC012",
                        self.path,
                        span,
                        args={"index": i, "actual": w.text, "expected": e_text, "name": function.name},
                    )
                )

    def label(self, text: Text) -> None:
        """``^bb1(%a: T, %b: U):``: the block's arguments are defined where the label is."""

        body = text.text
        open_at = body.find("(")
        region = self.open_regions[-1] if self.open_regions else None
        entry = region is not None and region.texts is None and not region.labelled
        self.dom.label((body[:open_at] if open_at >= 0 else body).strip(), text.line, entry)
        if open_at < 0:
            if region is not None:
                region.labelled = True
            where = text.where(0)
            name = body.strip()
            problem = self.blocks[-1].label(name, (), Where(where[0], where[1], where[1] + len(name)))
            if problem is not None:
                self._found([problem])
            return
        flow = self.flow
        found = len(flow.findings)
        offsets: list[tuple[int, int]] = []
        keys: list[str | None] = []
        for m, key in _label_arguments(body, open_at):
            offsets.append((m.start(1), m.end(1)))
            keys.append(key)
            line = text.where(m.start(1))[0]
            self.dom.argument(m.group(1), line)
            flow.block_argument(m.group(1), key, line, len(offsets) - 1)
            if flow.resolved or flow.unreached:
                self._forward()
        name = body[:open_at].strip() if open_at >= 0 else body.strip()
        where = text.where(0)
        problem = self.blocks[-1].label(name, tuple(keys), Where(where[0], where[1], where[1] + len(name)))
        if problem is not None:
            self._found([problem])
        if region is not None and not region.labelled:  # the entry block's label: the region's arguments
            region.labelled = True
            if not region.arguments:
                region.arguments = tuple(keys)
        if len(flow.findings) > found or flow.fresh:

            def span_of(ordinal: int) -> Span:
                a, b = offsets[ordinal]
                (line, column), end = text.where(a), text.where(b - 1)
                return Span(line, column, end[0], end[1] + 1)

            self._place(span_of)
            self._findings(found, span_of)
        if flow.escapes:  # a forward reference from another function, resolved here
            self._escapes(0)

    def alias(self, text: Text) -> None:
        """``!name = type``: a type alias, from here on (``#name = ...`` aliases an attribute)."""
        from broadcheck.syntax.types import read_alias

        body = text.text.strip()
        if not body.startswith("!"):
            return
        line, column = text.where(len(text.text) - len(text.text.lstrip()))
        found = read_alias(body, self.aliases, line, column)
        if found is not None:
            self.aliases[found[0]] = found[1]

    def unbalanced(self, line: int, column: int, what: str) -> None:
        notes: tuple[Note, ...] = ()
        if what in ("}", "region"):
            # A `}` with no region open, or the end with one still open: the parser wanted an op
            # there, and says so just after the last token before (mlir-opt's rule for a token
            # that starts a line).
            if what == "region":
                if self.unclosed:
                    return  # once per module: the parser stops there
                self.unclosed = True
                # MLIR names nothing more; the `{` left open (line:column) is our note.
                notes = (Note("note", note("unclosed-brace", line=line, column=column)),)
            at = self._code_before(line if what == "}" else self.segment_end + 1)
            if at is not None:
                line, column = at
            detail = "expected operation name in quotes"
        else:
            detail = {
                "statement": "statement is not finished before the end of its region or file",
                "label": "expected ':' after the block's arguments",
            }[what]
        span = Span(line, column, line, column + 1)
        self._keep(span, self._fetch_line(line))
        self.diagnostics.append(diagnose.value("BC005", self.path, span, notes=notes, args={"detail": detail}))

    def _code_before(self, line: int) -> tuple[int, int] | None:
        """Just after the last token before line ``line``: (line, column)."""
        from broadcheck.syntax.lexer import comment_start

        for number in range(line - 1, max(0, line - 200), -1):
            text = self._fetch_line(number)
            at = comment_start(text)
            code = (text if at < 0 else text[:at]).rstrip()
            if code:
                return number, len(code) + 1
        return None

    # ---------------------------------------------------------------- the end

    def finish(self) -> Result:
        """Suppressions, selection and ``--verify-diagnostics``, then the result."""
        options = self.options
        diagnostics = _without_cascades(self.diagnostics, self.chunks)
        if self.marked:
            from broadcheck import suppressions

            diagnostics = suppressions.apply(self.path, self.marked, diagnostics)
        if options.select or options.ignore:
            from broadcheck.config import selected

            diagnostics = [d for d in diagnostics if selected(d.code, options.select, options.ignore)]
        not_held = 0
        if self.checked_lines is not None:
            from broadcheck import expectations

            line_count = self.next_line - 1
            # An annotated error on an op broadcheck does not check still stops mlir-opt there.
            annotated, _ = expectations.parse_annotations(self.path, self.marked, line_count)
            expected = [e.line for e in annotated if e.kind == "error" and e.line is not None]
            diagnostics = _as_mlir_opt(
                diagnostics,
                self.chunks,
                self.function_spans,
                expected,
            )
            diagnostics, not_held = expectations.verify(
                self.path, self.marked, line_count, diagnostics, self.checked_lines
            )
        diagnostics.sort(key=Diagnostic.sort_key)
        known = {**dict(self.marked), **self.lines}
        wanted = {n for d in diagnostics for n in d.line_numbers()}
        lines = {n: known[n] for n in sorted(wanted) if n in known}
        return Result(self.path, diagnostics, self.ops, lines, dict(sorted(self.passed_over.items())), not_held)


_MISSING = object()
_DEFINING = frozenset({"BC015", "BC016", "BC018"})
"""Value flow's findings on what a statement defines (found after its uses)."""
_UNKNOWN_BARE = re.compile(re.escape(UNKNOWN_CUSTOM_OP).replace(re.escape("{name}"), r"([A-Za-z_][\w$]*)"))
"""A bare word after a complete op (:data:`~broadcheck.syntax.problem.UNKNOWN_CUSTOM_OP`)."""
_GRAPH_REGIONS = frozenset({"builtin.module", "module", "tf_executor.graph"})
"""Registered ops whose regions are graph regions: no dominance there."""
_MODULES = frozenset({"builtin.module", "module"})
"""Ops whose region is a graph region for value flow (``tf_executor.graph`` is not: TensorFlow
2.21's verifier checks dominance there, and its ``wraps`` form puts the op in a region)."""
_DEFAULT_DIALECT = frozenset({"return", "call", "call_indirect", "constant", "module"})
_CALLS = frozenset({"func.call", "call"})
_CALL_CODES = frozenset({"BC024", "BC025", "BC026", "BC027"})


def _label_arguments(body: str, open_at: int) -> list[tuple[re.Match[str], str | None]]:
    """A block label's arguments (``%a: T``) and their types' keys, ``None`` where one cannot
    be read. The label is read into tokens once (a label of a thousand arguments is common in
    exported ``while`` loops)."""
    from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
    from broadcheck.syntax.statement import _Reader

    try:
        r = _Reader(body)
    except ReaderProblem:
        return [(m, None) for m in _ARGUMENT.finditer(body, open_at + 1)]
    index = {tok.start: i for i, tok in enumerate(r.toks)}
    found: list[tuple[re.Match[str], str | None]] = []
    for m in _ARGUMENT.finditer(body, open_at + 1):
        at = index.get(m.end())
        key: str | None = None
        if at is not None:
            r.pos = at
            try:
                key = r.type().key
            except ReaderProblem:
                key = None
        found.append((m, key))
    return found


def _argument_keys(body: str, open_at: int) -> list[str | None]:
    """The types (keys) of a block label's arguments, ``None`` where one cannot be read."""
    return [key for _, key in _label_arguments(body, open_at)]


def _generic_name(head: str) -> str:
    """The op name of a generic form's head (``"builtin.module"() ({``), or ``""``."""
    m = _OP_NAME.match(head)
    return (m.group("generic") or "") if m is not None else ""


def _isolated(name: str) -> bool:
    """Whether op ``name`` is IsolatedFromAbove (by its declaration)."""
    from broadcheck import dialects

    decl = dialects.lookup(name)
    return decl is not None and decl.isolated


def _layout_of(name: str) -> Layout | None:
    """The declared layout of op ``name`` (the grammar's reader places listed types by it)."""
    decl = _decl_of(name)
    return decl.layout if decl is not None else None


def _decl_of(name: str) -> Op | None:
    from broadcheck import dialects

    return dialects.lookup(name)


def _written(statement: Statement, form: Form) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The operand and result types as written (for messages)."""
    from broadcheck.engine.forms import place_types

    operands, results = place_types(statement, form.decl.layout if form.decl is not None else None)
    return tuple(t.text if t else "?" for t in operands), tuple(t.text if t else "?" for t in results)


def _yield_texts(form: Form | None) -> tuple[str, ...]:
    if form is None or form.statement is None:
        return ()
    return _written(form.statement, form)[0]


def _signature(statement: Statement) -> Signature | None:
    """A ``func.func``'s type: its arguments' (or declared inputs') and its results'."""
    from broadcheck.syntax.statement import SyntaxProblem as ReaderProblem
    from broadcheck.syntax.statement import _Reader

    if statement.definitions:
        inputs = [d.type for d in statement.definitions]
        if any(t is None for t in inputs):
            return None
        input_texts = tuple(t.text for t in inputs if t is not None)
        input_keys = tuple(t.key for t in inputs if t is not None)
    else:
        group = next((i for i in statement.items if i.kind in ("group", "values")), None)
        if group is None:
            return None
        try:
            types = _Reader(group.text).paren_types()
        except ReaderProblem:
            return None
        input_texts, input_keys = tuple(t.text for t in types), tuple(t.key for t in types)
    outputs = statement.signature.outputs if statement.signature is not None else ()
    return Signature(input_keys, tuple(t.key for t in outputs), (input_texts, tuple(t.text for t in outputs)))


class _OpenRegion:
    """What is known so far of a region being read."""

    __slots__ = ("arguments", "inner", "labelled", "texts", "where")

    def __init__(self, arguments: tuple[str | None, ...]) -> None:
        self.arguments = arguments
        self.inner: list[tuple[Form, int]] = []
        """Its ops named in ``control.INNER``, with their lines."""
        self.labelled = False
        self.where = 0
        """The line of the last statement."""
        self.texts: Form | None = None
        """The last statement's form (its terminator, if nothing follows)."""


_PARSE = frozenset(
    {
        "BC001", "BC005", "BC011", "BC014", "BC015", "BC016", "BC017", "BC018", "BC020", "BC021", "BC030",
        "BC032", "BC033",
    }
)  # fmt: skip
"""What MLIR's parser reports: the first stops it."""
_SYMBOLS = frozenset({"BC024", "BC025", "BC026", "BC027"})
"""What its symbol table reports, once every op verified: only the first."""
_LATE = _PARSE | _SYMBOLS | {"BC029"}
"""Not the ops' own verifiers: the parser, the symbol table, the dominance rule."""
_OUTSIDE = frozenset({"BC002", "BC003", "BC905"})
"""broadcheck's own: not MLIR's."""


_FLOW_VERIFIER = frozenset({"BC012", "BC013", "BC019", "BC022", "BC023", "BC028"})
"""The verifiers' checks of values across ops: after a parse error they would only repeat it."""


def _without_cascades(diagnostics: list[Diagnostic], chunks: list[int]) -> list[Diagnostic]:
    """Less what only repeats an earlier error, as MLIR never reports it: a verifier's check
    of values on a statement the parser rejected (a branch, yield or return of a value used
    with the wrong type), a use's type on a line whose statement the parser rejects before it
    resolves its operands (the types it read are not the op's), and the symbol checks of calls
    in a module with such errors."""
    from bisect import bisect_right

    parse_lines = {d.line for d in diagnostics if d.code in _PARSE}
    # a forward reference's definition of another type: the use (its note's line) took the wrong type
    parse_lines.update(label.span.line for d in diagnostics if d.code == "BC016" for label in d.labels)
    if not parse_lines and not any(d.code in _FLOW_VERIFIER for d in diagnostics):
        return list(diagnostics)
    syntax_lines = {d.line for d in diagnostics if d.code in _PARSE and d.code not in _PARSE_FLOW}
    kept = [
        d for d in diagnostics
        if not (d.code in _FLOW_VERIFIER and d.line_numbers() & parse_lines)
        and not (d.code == "BC011" and d.line in syntax_lines)
    ]  # fmt: skip
    troubled = {bisect_right(chunks, d.line) for d in kept if d.code in _PARSE or d.code in _FLOW_VERIFIER}
    return [d for d in kept if d.code not in _SYMBOLS or bisect_right(chunks, d.line) not in troubled]


def _first_per_function(
    errors: list[Diagnostic], functions: Sequence[tuple[int, int]], expected: Sequence[int] = ()
) -> list[Diagnostic]:
    """The verifier's errors as mlir-opt reports them: it verifies each function on its own
    and stops at the first op that fails (an op before the ops in its regions), so a
    function has one error at most, its first by position; an error annotated on an earlier
    line (on an op broadcheck does not check) stops it there too. Warnings are broadcheck's."""
    from bisect import bisect_right

    starts = [first for first, _ in functions]

    def function_of(line: int) -> int:
        i = bisect_right(starts, line) - 1
        return i if i >= 0 and functions[i][0] <= line <= functions[i][1] else -1

    stops: dict[int, int] = {}
    for line in expected:
        i = function_of(line)
        if i >= 0:
            stops[i] = min(stops.get(i, line), line)
    kept: list[Diagnostic] = []
    seen: set[int] = set()
    for d in sorted(errors, key=Diagnostic.sort_key):
        i = function_of(d.line)
        if d.severity == "error" and i >= 0:
            if i in seen or stops.get(i, d.line) < d.line:
                continue
            seen.add(i)
        kept.append(d)
    return kept


def _as_mlir_opt(
    diagnostics: list[Diagnostic],
    chunks: list[int],
    functions: Sequence[tuple[int, int]] = (),
    expected: Sequence[int] = (),
) -> list[Diagnostic]:
    """What mlir-opt reports of each chunk (``--verify-diagnostics``): its parser stops at the
    first parse error (an undeclared name is reported at the chunk's end, so any other parse
    error comes first); the verifiers run only on IR that parsed, and the symbol table only on
    IR that verified, reporting its first problem."""
    from bisect import bisect_right

    by_chunk: dict[int, list[Diagnostic]] = {}
    for d in diagnostics:
        by_chunk.setdefault(bisect_right(chunks, d.line), []).append(d)
    kept: list[Diagnostic] = []
    for group in by_chunk.values():
        ours = [d for d in group if d.code in _OUTSIDE]
        parse = sorted((d for d in group if d.code in _PARSE), key=_parse_order)
        symbols = [d for d in group if d.code in _SYMBOLS]  # as found: a nested module's before its parent's
        dominance = [d for d in group if d.code == "BC029"]  # in the order of the walk: the ops'
        verifier = [d for d in group if d.code not in _LATE and d.code not in _OUTSIDE]
        if parse:
            early = [d for d in parse if d.code not in ("BC014", "BC033")]
            first = early[:1] if early else [d for d in parse if d.code != "BC033"]
            if early and early[0].code == "BC001":  # and what the same failure emits next
                first += [d for d in parse if d.code == "BC033" and d.line == early[0].line]
            kept += ours + first
        elif any(d.severity == "error" for d in verifier):
            kept += ours + _first_per_function(verifier, sorted(functions), expected)
        else:
            kept += ours + verifier + (symbols[:1] or dominance[:1])
    return kept


_PARSE_FLOW = frozenset({"BC011", "BC015", "BC016", "BC017", "BC018"})
"""Value flow's parse errors: the statement that has one never reaches a verifier."""


def _parse_order(d: Diagnostic) -> tuple[str, int, int, int, str]:
    """The order MLIR's parser meets the parse errors of a chunk in: by line, and on one line
    (one statement) what the op's own parser rejects first, then value flow's errors, which
    come when it resolves the operands and binds the results, once their types are read."""
    return (d.path, d.span.line, d.code in _PARSE_FLOW, d.span.column, d.code)


def _parse_failed(diagnostics: list[Diagnostic], since: int) -> bool:
    return any(d.code in _PARSE_FLOW for d in diagnostics[since:])


def _lines_at(text: str, needles: tuple[str, ...], first: int) -> list[tuple[int, int, str]]:
    """(number, offset, line) of the lines of ``text`` holding any of ``needles``."""
    hits = sorted({m for needle in needles for m in _find_all(text, needle)})
    out: list[tuple[int, int, str]] = []
    last = -1
    number, counted = first, 0
    for pos in hits:
        start = text.rfind("\n", 0, pos) + 1
        if start == last:
            continue
        last = start
        number += text.count("\n", counted, start)
        counted = start
        end = text.find("\n", pos)
        out.append((number, start, text[start : end if end >= 0 else len(text)].removesuffix("\r")))
    return out


def _lines_with(text: str, needles: tuple[str, ...], first: int) -> list[tuple[int, str]]:
    return [(number, line) for number, _, line in _lines_at(text, needles, first)]


def _find_all(text: str, needle: str) -> Iterable[int]:
    if not needle:
        raise ValueError("no text to look for")
    pos = text.find(needle)
    while pos >= 0:
        yield pos
        pos = text.find(needle, pos + len(needle))


def check_text(path: str, text: str, options: Options, memory: Memory | None = None) -> Result:
    """Check one source held in memory."""
    lines_cache: list[str] = []

    def fetch(numbers: Iterable[int]) -> Mapping[int, str]:
        if not lines_cache:
            lines_cache.extend(line.removesuffix("\r") for line in text.split("\n"))
        return {n: lines_cache[n - 1] for n in numbers if 0 < n <= len(lines_cache)}

    run = FileRun(path, options, memory, fetch)
    run.feed(text, final=True)
    return run.finish()


def _shapeless(name: str) -> bool:
    """:func:`broadcheck.dialects.ods.shapeless`, imported when an op is first passed over (the
    generated tables are read then, not at start-up)."""
    from broadcheck.dialects.ods import shapeless

    return shapeless(name)
