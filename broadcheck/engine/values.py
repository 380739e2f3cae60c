"""Stage *values*: a statement's value names in, value flow's and dominance's findings located out.

:mod:`.flow` keeps what each name is (its type, where it was defined) and finds what the
parser rejects (an undefined name, a use of the wrong type, a name defined twice);
:mod:`.dominance` finds the uses their definitions do not dominate, and the flow the uses
of values from outside their function. Neither knows the text: a :class:`Values` feeds
them a statement's names and, while the statement's text is at hand, turns their findings
into located diagnostics (:mod:`.findings`). It also holds where MLIR's parser stops (its
first parse error in a module): a finding made after it and placed before it is not
reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sized

from broadcheck.diagnostics import Label, Note
from broadcheck.engine import diagnose
from broadcheck.engine.dominance import Broken, Dominance
from broadcheck.engine.findings import OP_NAME, Findings
from broadcheck.engine.flow import Finding, Flow
from broadcheck.engine.scan import Text, _name_offsets
from broadcheck.ops import Span

_DEFINING = frozenset({"BC015", "BC016", "BC018"})
"""Value flow's findings on what a statement defines (found after its uses)."""


class Values:
    """Value flow and dominance of one file, and their findings placed on its text."""

    def __init__(self, findings: Findings, functions: Sized) -> None:
        self.findings = findings
        self.functions = functions
        """The open functions (the regions stage's): dominance is judged only in one."""
        self.flow = Flow()
        self.dom = Dominance()
        self.placeholder_spans: dict[tuple[int, int], Span] = {}
        self.parse_stop: tuple[int, int] | None = None
        """Where value flow's first parse error in the module is (mlir-opt's parser stops
        there): a finding made after it and placed before it is not reported."""
        self.dropped: set[tuple[int, int]] = set()
        """Held findings (line, ordinal) made after :attr:`parse_stop` and placed before it."""
        self.isolated_heads: dict[int, int] = {}
        """The line of each isolated region's op, by the region's number (value flow's)."""

    def end_module(self) -> None:
        """The module ends: what it left unresolved is reported, its parse stop forgotten."""
        self.flow.finish()
        self.report()
        self.parse_stop = None
        self.dropped.clear()

    def push(self, isolated: bool, name: str, line: int, module: bool, unknown: bool = False) -> None:
        """A region of op ``name`` (on ``line``; ``unknown``: an op broadcheck does not know) opens its names."""
        self.flow.push(isolated, module, unknown)
        if isolated:
            self.isolated_heads[self.flow.regions] = line

    def fresh_arguments(self, names: list[str], types: tuple[str | None, ...], lines: list[int]) -> bool:
        """A region's entry block arguments ``names`` (the ``k``-th of type ``types[k]``, at
        ``lines[k]``) all at once, when none is visible yet and no two are the same (a function's
        head of 17k arguments: :meth:`.flow.Flow.argument`'s work in a few dict updates); ``False``
        (nothing done) otherwise."""
        flow = self.flow
        if len(set(names)) != len(names) or not flow.types.keys().isdisjoint(names):
            return False
        self.dom.arguments_at(names, lines)
        flow.fresh_arguments(names, types, lines)
        return True

    def slow_use(self, name: str, want: str | None, line: int, ordinal: int, names: list[str], operand: int) -> None:
        """A use the fast path leaves to value flow: not defined yet, of another type, or from
        outside the function."""
        flow = self.flow
        escapes = len(flow.escapes)
        flow.use(name, want, line, ordinal, (line, operand))
        self.far(name, line, operand, line)
        if flow.findings or flow.fresh:
            self.locate(0, names, line, None, "")
        if len(flow.escapes) > escapes:
            self.escapes(escapes)

    def far(self, name: str, line: int, operand: int, at: int, start: int = -1) -> None:
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

    def forward(self) -> None:
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
            self.dominance(unreached)

    def locate(self, found: int, names: list[str], line: int, text: Text | None, body: str) -> None:
        """Give the flow's new findings (and forward references) their spans, now that the
        statement's text is at hand."""
        if text is None:
            raw = self.findings.line_text(line)
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

        self.place(span_of)
        self.report(found, span_of)

    def place(self, span_of: Callable[[int], Span]) -> None:
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

    def _on_its_line(self, finding: Finding) -> Span:
        """Where ``finding``'s name first stands on its line (else the line's start)."""
        at = self.findings.fetch_line(finding.line).find(finding.name) if finding.name else -1
        column = at + 1 if at >= 0 else 1
        return Span(finding.line, column, finding.line, column + max(len(finding.name), 1) if at >= 0 else 2)

    def report(self, start: int = 0, span_of: Callable[[int], Span] | None = None) -> None:
        """Turn the flow's findings from ``start`` on into diagnostics."""
        flow, findings = self.flow, self.findings
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
            elif span_of is not None:
                span = span_of(finding.ordinal)
            else:  # (the module ends with its region still open: placed by its name on its line)
                span = self._on_its_line(finding)
            at = (span.line, span.column)
            if finding.held:
                if (finding.line, finding.ordinal) in self.dropped:
                    continue  # (its place was judged when it was found)
            elif self.parse_stop is None:
                self.parse_stop = at
            elif at < self.parse_stop:
                continue  # found after the parser stopped, placed before where it did: not reported
            if finding.code == "BC014":
                findings.keep(span, findings.fetch_line(span.line))
                findings.diagnostics.append(diagnose.value("BC014", findings.path, span))
                continue
            findings.keep(span, findings.fetch_line(span.line))
            labels: tuple[Label, ...] = ()
            notes: tuple[Note, ...] = ()
            other = self.placeholder_spans.get((finding.other_line, finding.other_ordinal))
            if other is None and finding.other_line:
                other = self._definition_span(finding.other_line, finding.other_name)
            elif other is not None:
                findings.keep(other, findings.fetch_line(other.line))
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
            findings.diagnostics.append(diagnose.value(finding.code, findings.path, span, labels, notes, args=args))
        for hold in holds:
            self._hold(hold)
        del flow.findings[start:]

    def _definition_span(self, number: int, name: str) -> Span | None:
        text = self.findings.fetch_line(number)
        if not text:
            return None
        self.findings.lines.setdefault(number, text)
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

        text = self.findings.fetch_line(number).strip()
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

    def escapes(self, start: int) -> None:
        """Uses of values from outside their function: the verifier's isolation check."""
        findings = self.findings
        for line, _ordinal, _name, region in self.flow.escapes[start:]:
            text = findings.fetch_line(line)
            m = OP_NAME.match(text)
            if m is None:
                continue
            name = m.group("generic") or m.group("custom")
            at = m.start("generic") - 1 if m.group("generic") else m.start("custom")
            span = Span(line, at + 1, line, at + 1 + len(name) + (2 if m.group("generic") else 0))
            last = findings.diagnostics[-1] if findings.diagnostics else None
            if last is not None and last.code == "BC019" and last.span == span:
                continue  # one error for the op, at its first operand from outside
            findings.keep(span, text)
            labels: tuple[Label, ...] = ()
            header_line = self.isolated_heads.get(region, 0)
            if header_line:
                header = findings.fetch_line(header_line)
                hm = OP_NAME.match(header)
                if hm is not None:
                    generic = hm.group("generic")
                    at = hm.start("generic") - 1 if generic else hm.start("custom")
                    end = hm.end("generic") + 2 if generic else hm.end("custom") + 1
                    hspan = Span(header_line, at + 1, header_line, end)
                    findings.keep(hspan, header)
                    labels = (Label(hspan, "required by region isolation constraints", mlir_note=True),)
            op = f"func.{name}" if name in ("return", "call") else name  # (the default dialect's)
            findings.diagnostics.append(diagnose.value("BC019", findings.path, span, labels, op=op))
        del self.flow.escapes[start:]

    def dominance(self, found: list[Broken] | None = None) -> None:
        """The function's uses that their definitions do not dominate (:mod:`.dominance`), or
        those ``found``."""
        findings = self.findings
        for broken in self.dom.judge() if found is None else found:
            raw = findings.fetch_line(broken.line)
            m = OP_NAME.match(raw)
            op = findings.op_where(broken.line, raw)
            if op is None or m is None:
                continue
            span = Span(op.line, op.column, op.line, op.end)
            findings.keep(span, findings.fetch_line(op.line))
            labels: tuple[Label, ...] = ()
            note = findings.op_where(broken.note_line)
            if note is not None:
                note_span = Span(note.line, note.column, note.line, note.end)
                findings.keep(note_span, findings.fetch_line(note.line))
                labels = (Label(note_span, broken.note, mlir_note=True),)
            name = m.group("generic") or m.group("custom")
            findings.diagnostics.append(
                diagnose.value("BC029", findings.path, span, labels, op=name, args={"index": broken.operand})
            )
