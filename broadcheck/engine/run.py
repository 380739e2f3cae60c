"""One file's run: the stages wired in the order data flows through them.

read and split (:mod:`.read`: blocks of whole lines, ``--split-input-file`` chunks, each a module)
-> scan (:mod:`.scan`: statements, region heads, labels, ``}``) -> for each statement, here: its
names through value flow (:mod:`.values`, over :mod:`.flow` and :mod:`.dominance`), what it hands
elsewhere (:mod:`.transfers`), its op's verdict (:mod:`.verdicts`, over :mod:`.verify` per
distinct key); regions, labels and ``}`` go to :mod:`.regions` -> every problem, located, to
:mod:`.findings` -> suppress, select and expect (:mod:`.outcome`) -> the :class:`Result`. Fixes
and reports come after, from the result.

A :class:`FileRun` holds the stages of checking one file, each with its own state; a :class:`Memory`
what a run over many files shares (the forms read so far). Nothing here is global.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from broadcheck.diagnostics import UNKNOWN_OP, Result
from broadcheck.dialects import Registry
from broadcheck.dialects.inner import DESTINATIONS, INNER
from broadcheck.engine import aliased, diagnose
from broadcheck.engine.findings import PARSE, Findings, Lines, parse_failed
from broadcheck.engine.follow import destination, follow
from broadcheck.engine.forms import RESULT, SUCCESSOR, USE, Form, read_form
from broadcheck.engine.open_region import Function
from broadcheck.engine.options import Options
from broadcheck.engine.outcome import outcome
from broadcheck.engine.read import Reader
from broadcheck.engine.regions import Regions
from broadcheck.engine.scan import Scanner, Text
from broadcheck.engine.structure import ROUTED, Structure
from broadcheck.engine.transfers import CALLS, defines_symbol, onnx_returned, returned, transfer, transfer_wrapped
from broadcheck.engine.values import Values
from broadcheck.engine.verdicts import Verdicts
from broadcheck.engine.verify import Checks
from broadcheck.ops import OpaqueType, Type
from broadcheck.syntax.problem import NO_STATEMENT, SyntaxProblem


class Memory:
    """What a run has read, shared by its files: forms by key, bounded."""

    LIMIT = 200_000

    def __init__(self) -> None:
        self.forms: dict[object, Form] = {}
        self.names = Registry()
        """Which op names each dialect defines."""

    def trim(self) -> None:
        """Forget the forms read once there are too many."""
        if len(self.forms) > self.LIMIT:
            self.forms.clear()


class FileRun:
    """Checks one file fed to it in blocks of whole lines (see the module docstring)."""

    def __init__(self, path: str, options: Options, memory: Memory | None = None, lines: Lines | None = None) -> None:
        self.path, self.options = path, options
        self.memory = memory if memory is not None else Memory()
        names = self.memory.names
        self.findings = Findings(path, lines, options.verify_diagnostics)
        functions: list[Function] = []
        self.values = Values(self.findings, functions)
        self.regions = Regions(self.findings, self.values, names, functions)
        checks = Checks(options.profile, options.ops)
        self.structure = Structure(self.findings, self.regions.open_regions, chunks := [1])
        dialect = self.structure.default_dialect
        self.verdicts = Verdicts(checks, names, self.findings, self.values.flow, dialect, self.regions.constants)
        self.scanner = Scanner(self, self.memory.forms, read_form)
        self.reader = Reader(options, self.scanner, self.findings, self._end_module, chunks)

    @property
    def aliases(self) -> dict[str, Type | SyntaxProblem]:
        """The type aliases of the module being read (a new dict for each module)."""
        return self.verdicts.aliases

    @property
    def block_line(self) -> int:
        """The number of the first line of the next block fed."""
        return self.reader.block_line

    def feed(self, block: str | list[str], final: bool) -> None:
        """Check one more block of the file (blocks end at line ends, but the last); a block in a
        list is the reader's to let go (:meth:`.read.Reader.feed`)."""
        self.reader.feed(block, final)

    def _end_module(self) -> None:
        """The end of a module (the file, or a split chunk): what is still open, and the
        forward references never resolved."""
        self.scanner.end()
        self.values.end_module()
        self.regions.end_module(self.reader.next_line)
        self.verdicts.end_module()

    # ---------------------------------------------------------------- the scanner's

    def statements(self, batch: list[tuple[Form, list[str], int]]) -> None:
        """One-line statements in a row, the scanner's fast rows (form, names, line), each as
        :meth:`statement` takes it; in a function, the fast path reads once what a row of them
        cannot change (only a region, a label or a module's end does)."""
        scopes, values, findings = self.regions, self.values, self.findings
        if not scopes.functions:
            for form, names, line in batch:
                self.statement(form, names, [line], None, "")
            return
        diagnostics, flow, constants = findings.diagnostics, values.flow, scopes.constants
        types, outside, nested = flow.types, flow.outside, flow.nested[-1]
        region = scopes.open_regions[-1] if scopes.open_regions else None
        defs = region.scope.defs if region is not None else []
        entry = values.dom.entry  # in a function's entry block, every visible value dominates its uses
        if entry:
            start = -1
            unwritten_names, unwritten_lines = flow.unwritten
        else:
            start = values.dom.start
            where = flow.lines  # (what the entry block left unwritten is written when a use asks for it)
            unwritten = flow.unwritten[0]
        checked, checked_lines = 0, findings.checked_lines  # (the ops checked: counted once per row)
        for form, names, line in batch:
            split = form.split
            if split < 0 or len(names) != len(form.roles):
                self.statement(form, names, [line], None, "")
                continue
            if region is not None:
                region.texts, region.where = form, line
                region.ops += 1
                if split == 1:  # (most ops define one name: Scope.define's entry for it, without the call)
                    defs.append(names[0])
                elif split:
                    region.scope.define(names[:split])
                if region.values is not None:
                    follow(region, form, names)
            if form.name in _SPECIAL:
                if form.name in INNER and region is not None:
                    region.inner.append((form, line))
                if form.name in ROUTED:
                    self.structure.op(form, line, None)
                if form.name in DESTINATIONS:
                    destination(findings, scopes.open_regions, form, names, line, None)
            expected, mark = form.operand_types, len(diagnostics)
            for k in range(split, len(names)):
                name = names[k]
                want = expected[k - split]
                found = types.get(name, _MISSING)
                if (
                    found is _MISSING
                    or (want is not None and found is not None and found != want)
                    or (outside and name in outside)
                ):
                    values.slow_use(name, want, line, k, names, k - split)
                elif start >= 0:
                    defined = where.get(name)
                    if defined is None and unwritten:
                        defined = flow.where.get(name)
                    if defined is not None and defined < start:
                        values.far(name, line, k - split, line)
            result_types = form.result_types
            if split == 1 and (name := names[0]) not in types:  # (most ops: one new name)
                types[name] = result_types[0] if result_types else None
                if entry:
                    unwritten_names.append(name)
                    unwritten_lines.append(line)
                else:
                    where[name] = line
                nested.append(name)
            else:
                for k in range(split):
                    name = names[k]
                    if name in types:
                        escapes = len(flow.escapes)
                        flow.define(name, 1, result_types[k : k + 1], line, k)
                        if flow.findings or flow.fresh:
                            values.locate(0, names, line, None, "")
                        if flow.resolved or flow.unreached:
                            values.forward()
                        if len(flow.escapes) > escapes:  # a forward reference from another function
                            values.escapes(escapes)
                        continue
                    types[name] = result_types[k] if k < len(result_types) else None
                    if entry:
                        unwritten_names.append(name)
                        unwritten_lines.append(line)
                    else:
                        where[name] = line
                    nested.append(name)
            if form.literal is not None and split:
                constants[names[0]] = form.literal
            if len(diagnostics) > mark and parse_failed(diagnostics, mark):
                self.verdicts.parse_only(form, line, None, "")
                continue  # the parser stops at this statement: no verifier sees the op
            route = form.route
            if route == 3:
                checked += 1
                if checked_lines is not None:
                    checked_lines.add(line)
            elif route == 2:
                findings.pass_over(form.name, UNKNOWN_OP)
            elif route != 1:
                self.verdicts.check(form, line, None, "", names=names)
                form.release()  # (read again if its key comes back and needs it: Form.release)
        findings.ops += checked

    def statement(
        self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str, regions: int = 0
    ) -> None:
        """A whole statement: its names through value flow, then its op's verdict."""
        scopes, values, diagnostics = self.regions, self.values, self.findings.diagnostics
        if form.split >= 0 and text is None and scopes.functions and len(names) == len(form.roles):
            self.statements([(form, names, lines[0])])  # the fast path: results then operands, on one line
            return
        statement = form.statement
        line = lines[0]
        summaries = scopes.summaries.pop() if regions and scopes.summaries else ()
        skip = scopes.head_uses.pop() if regions and scopes.head_uses else 0
        opened = scopes.region_marks.pop() if regions and scopes.region_marks else len(diagnostics)
        region_failed = any(d.code in PARSE for d in diagnostics[opened:])  # (the parser stopped in them)
        head_failed = skip < 0  # (:meth:`region`: its head's uses failed to parse)
        skip = max(skip, 0) if not head_failed else sum(1 for role in form.roles if role == USE)
        if scopes.open_regions and form.key[:1] not in NO_STATEMENT:  # (`9`, `)`: no op, said as the token it is)
            scopes.open_regions[-1].ops += 1
        if statement is None or len(form.roles) != len(names):
            if scopes.open_regions:  # an op not read: `Region.inner` names it ('' if not even its name)
                scopes.open_regions[-1].inner.append((form, line))
                scopes.open_regions[-1].values = None  # (what it defines is not known)
                scopes.open_regions[-1].scope.unread = True
            self._unread(form, names, lines, text, body)
            return
        failed = form.split < 0 and aliased.undefined(self.findings, self.verdicts.aliases, form.key, line, text)
        if scopes.open_regions:  # the last statement of a region so far: its terminator, if nothing follows
            region = scopes.open_regions[-1]
            region.texts, region.where = form, line
            if form.name in INNER:
                region.inner.append((form, line))
            if region.values is not None:
                follow(region, form, names)
        if form.name in ROUTED:
            self.structure.op(form, line, text)
        if form.name in DESTINATIONS:
            destination(self.findings, scopes.open_regions, form, names, line, text)
        symbol = defines_symbol(statement)
        if (
            statement.successors
            or statement.name in CALLS
            or symbol is not None
            or (statement.name == "func.func" and (not regions or statement.generic))
        ):
            transfer(scopes, form, line, text, body, symbol)
        elif form.inner is not None:  # `tf_executor.island wraps "tf.If"(...)`: the op's symbol uses
            transfer_wrapped(scopes, form, line, text, body)
        flow = values.flow
        found, escapes = len(flow.findings), len(flow.escapes)
        roles, operand_types = form.roles, form.operand_types
        uses, successor, one_line, mark = 0, 0, len(lines) == 1, len(diagnostics)
        result_names: list[tuple[str, int]] = []
        flat: list[str | None] | None = None
        types, outside, entry = flow.types, flow.outside, values.dom.entry
        for ordinal, (name, role) in enumerate(zip(names, roles, strict=True)):
            if role == USE:
                if uses >= skip:  # (an op's operands before its regions were resolved there)
                    written = operand_types[uses] if uses < len(operand_types) else None
                    at = line if one_line else lines[ordinal]
                    seen = types.get(name, _MISSING)  # (of most uses value flow has nothing to say: Flow.use)
                    if seen is _MISSING or (seen != written and None not in (seen, written)) or name in outside:
                        flow.use(name, written, at, ordinal, (line, uses + successor))
                    if not entry:  # (in a function's entry block every visible value dominates its uses)
                        values.far(name, line, uses + successor, at)
                uses += 1
            elif role == RESULT:
                result_names.append((name, ordinal))
            elif role == SUCCESSOR:
                if flat is None:
                    flat = [t for group in form.successor_types for t in group]
                passed = flat[successor] if successor < len(flat) else None
                at = line if one_line else lines[ordinal]
                flow.use(name, passed, at, ordinal, (line, uses + successor))
                values.far(name, line, uses + successor, at)
                successor += 1
        if statement.name == "func.return" or (statement.name == "return" and not statement.generic):
            returned(scopes, form, names, line, text, body)
        elif statement.name == "onnx.Return":
            onnx_returned(scopes, form, line, text, body)
        typed = form.result_types
        if summaries and form.decl is not None and form.decl.terminated is not None and not region_failed:
            typed = form.decl.terminated(summaries[0][1], summaries[0][2]) or typed  # (`tf_executor.graph`)
        k = 0
        for (name, ordinal), result in zip(result_names, statement.results, strict=False):
            result_types = typed[k : k + result.size]
            k += result.size
            flow.define(name, result.size, result_types, line if one_line else lines[ordinal], ordinal)
        if result_names and scopes.open_regions:
            scopes.open_regions[-1].scope.define([n for n, _ in result_names], [r.size for r in statement.results])
        if flow.resolved or flow.unreached:
            values.forward()
        if len(flow.findings) > found or flow.fresh:
            values.locate(found, names, line, text, body)
        if len(flow.escapes) > escapes:
            values.escapes(escapes)
        if form.literal is not None and result_names:
            scopes.constants[result_names[0][0]] = form.literal
        if head_failed or failed or (len(diagnostics) > mark and parse_failed(diagnostics, mark)):
            if not (head_failed or failed):  # (an undefined alias: the parser stops there)
                self.verdicts.parse_only(form, line, text, body)
            return  # the parser stops at this statement: no verifier sees the op
        if region_failed:
            return  # the parser stopped in one of its regions: no verifier sees the op
        self.verdicts.check(form, line, text, body, summaries=summaries, names=names)
        if not form.regions or form.name == "func.func":  # (a region's head is read again as it opens)
            form.release()

    def _unread(self, form: Form, names: list[str], lines: list[int], text: Text | None, body: str) -> None:
        """A statement the reader cannot take: its results are defined with unknown types,
        and, if its op is checked, the grammar says what is wrong."""
        source = body if text is not None else self.findings.line_text(lines[0]).lstrip()
        m = re.match(r"\s*((?:%[\w$.\-]+(?::\d+)?\s*,?\s*)+)=", source) or re.match(r"\s*(%[\w$.\-]+)[^=]*=", source)
        if m is not None:
            flow = self.values.flow
            found = len(flow.findings)
            for ordinal, r in enumerate(re.finditer(r"(%[\w$.\-]+)(?::(\d+))?", m.group(1))):
                flow.define(r.group(1), int(r.group(2) or 1), (), lines[0], ordinal)
            if len(flow.findings) > found or flow.fresh:  # `%0 = <broken>` after another `%0`
                self.values.locate(found, names, lines[0], text, body)
        self.verdicts.unread(source, lines[0], text)

    def region(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        """A region opens (``head``: its op's text so far); whether it is isolated."""
        self.structure.opened(form, head)
        return self.regions.opened(form, names, lines, first, head)

    def closed(self, line: int) -> None:
        """The innermost region closes at ``line`` (-1: the text ended first)."""
        self.structure.closed()
        self.regions.closed(line, self.reader.next_line)

    def label(self, text: Text) -> None:
        """A block label: the block's arguments are defined where it is."""
        aliased.undefined(self.findings, self.verdicts.aliases, text.text, text.line, text)
        self.structure.block_ends()
        self.regions.label(text)

    def alias(self, text: Text) -> None:
        """``!name = type``: a type alias, from here on (``#name = ...`` aliases an attribute)."""
        from broadcheck.syntax.types import read_alias

        body = text.text.strip()
        if aliased.wrong_definition(self.findings, self.verdicts.aliases, self.verdicts.alias, text):
            return  # (defined again, or using one not defined yet: the parser stops there)
        if body.startswith("#"):  # kept as text, under its `#` name (a type alias's name has none)
            aliased.affine_map(self.findings, text)  # (an undeclared dim or symbol: the parser stops there)
            self.verdicts.alias(*aliased.attribute_alias(body, self.verdicts.aliases))
            return
        if not body.startswith("!"):
            return
        found = read_alias(body, self.verdicts.aliases, *text.where(len(text.text) - len(text.text.lstrip())))
        if found is not None and isinstance(found[1], SyntaxProblem):  # the parser stops there: no use repeats it
            self.findings.add(diagnose.syntax(found[1], self.path), text)
            found = found[0], OpaqueType(f"!{found[0]}")
        if found is not None:
            self.verdicts.alias(*found)

    def unbalanced(self, line: int, column: int, what: str, statement: Text | None = None) -> None:
        """Brackets that do not match (``what``: the ``}``, region, statement or label; ``statement``: its text)."""
        if what == "statement" and self.regions.open_regions:
            self.regions.open_regions[-1].ops += 1  # (an op the parser read, however broken: no empty body)
        if what == "statement" and statement is not None and self.verdicts.op_names.unfinished(statement):
            return  # (an op's name the parser does not know: said first)
        if what == "region":
            if self.regions.unclosed:
                return  # once per module: the parser stops there
            self.regions.unclosed = True
        self.findings.unbalanced(line, column, what, self.reader.module_end(), self.reader.chunks[-1], statement)

    # ---------------------------------------------------------------- the end

    def finish(self) -> Result:
        """Suppressions, selection and ``--verify-diagnostics``, then the result."""
        return outcome(self.findings, self.reader, self.regions.function_spans, self.options)


_MISSING = object()
_SPECIAL = frozenset(INNER) | ROUTED | frozenset(DESTINATIONS)
"""Ops the fast path does more for (one look-up for the others)."""


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
