"""Stage *regions*: a region's head, its block labels and its ``}`` in; the scopes they open out.

The scanner says when a region opens (with its op's head read so far), when a block label
``^bb1(%a: T):`` starts a block, and when the region closes. A :class:`Regions` keeps what
is open: the functions (with their result types, for ``return``), the modules (each its
own symbol table of calls), each region's blocks (for branches) and what it ends with (its
terminator, summed up for the op's check). It opens and closes the names of each region in
value flow (:mod:`.values`), and judges a function's dominance when it closes.
"""

from __future__ import annotations

from broadcheck.dialects import Registry
from broadcheck.engine import diagnose
from broadcheck.engine.control import (
    Blocks,
    Calls,
    Sources,
    Summary,
    Where,
    entry_block,
    generic_function,
    signature_of,
)
from broadcheck.engine.findings import Findings, parse_failed
from broadcheck.engine.forms import ARGUMENT, USE, Form, later_arguments
from broadcheck.engine.generic_print import Unterminated, empty_body, holds_terminated
from broadcheck.engine.op_names import declared, generic_name, isolated_from_above
from broadcheck.engine.open_region import Function, OpenRegion
from broadcheck.engine.scan import Text
from broadcheck.engine.scan_labels import LabelArgument, label_arguments
from broadcheck.engine.values import Values
from broadcheck.ops import Span
from broadcheck.syntax.head import head_problem
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import SyntaxProblem
from broadcheck.syntax.statement import symbol_name
from broadcheck.syntax.types import type_problem
from broadcheck.syntax.written import argument_type, argument_type_problem

MODULES = frozenset({"builtin.module", "module"})
"""Ops whose region is a graph region for value flow (``tf_executor.graph`` is not: TensorFlow
2.21's verifier checks dominance there, and its ``wraps`` form puts the op in a region)."""
_GRAPH_REGIONS = frozenset({"builtin.module", "module", "tf_executor.graph"})
"""Registered ops whose regions are graph regions: no dominance there."""


class Regions:
    """The regions, blocks, functions and modules open in one file."""

    def __init__(self, findings: Findings, values: Values, names: Registry, functions: list[Function]) -> None:
        self.findings = findings
        self.values = values
        self.names = names
        self.constants: dict[str, str] = {}
        """The literal of each value a constant op defines, in the current function."""
        self.depth = 0
        self.functions = functions
        """The open functions (value flow reads whether there is one)."""
        self.function_spans: list[tuple[int, int]] = []
        """(first line, last line) of each function read."""
        self.unclosed = False
        """The module ended with a region open (reported once)."""
        self.blocks: list[Blocks] = [Blocks()]
        """The blocks of each open region (the module's first)."""
        self.calls = Calls()
        self.outer_calls: list[tuple[int, Calls]] = []
        """For each open nested module (its depth): the calls of the module around it (each
        module is its own symbol table, as MLIR's ``SymbolTable``)."""
        self.summaries: list[list[Summary]] = []
        """For each op whose regions are open: what its closed regions were."""
        self.region_marks: list[int] = []
        """For each op whose regions are open: how many diagnostics there were when they opened."""
        self.head_uses: list[int] = []
        """For each op whose regions are open: how many of its operands were resolved before them."""
        self.open_regions: list[OpenRegion] = []
        self.isolated_ops: list[tuple[int, int]] = []
        """The heads of the open IsolatedFromAbove ops (functions): (line, column)."""
        self.unterminated = Unterminated()
        self.labels: dict[str, list[LabelArgument]] = {}
        """Each block label's arguments by its text, read once (``linalg.generic`` bodies
        repeat a few labels thousands of times)."""
        self.label_syntax: dict[str, tuple[str, int]] = {}
        """What MLIR's parser says first of each such label text that it rejects."""

    def opened(self, form: Form | None, names: list[str], lines: list[int], first: bool, head: Text) -> bool:
        """A region of the op ``head`` opens (``first``: its first); whether it is isolated."""
        decl = form.decl if form is not None else None
        isolated = decl.isolated if decl is not None else False
        name = form.name if form is not None else generic_name(head.text)
        if form is None and name:  # a generic form's head (`"builtin.module"() ({`): its op is known by name
            isolated = isolated_from_above(name)
        if form is None and head.parts and not head.text.strip():  # (`({{`: a `{` where an op starts)
            self.findings.wrong_token(head.parts[0].line, head.parts[0].column, 1, "expected operation name in quotes")
        values = self.values
        flow, dom = values.flow, values.dom
        self.depth += 1
        if first:
            self.summaries.append([])
            self.region_marks.append(len(self.findings.diagnostics))
            if name in MODULES:
                self.outer_calls.append((self.depth, self.calls))
                self.calls = Calls(self.depth)
        self.blocks.append(Blocks())
        statement = form.statement if form is not None else None
        own = first and not (decl and decl.region_arguments == "none")  # (tosa.cond_if's head only names them)
        arguments = form.arguments if form is not None and (own or (decl and decl.region_arguments == "all")) else ()
        argument_names: tuple[str, ...] = ()
        results = -1  # (a generic form writes its types after its regions)
        if form is not None and statement is not None:
            if arguments:
                argument_names = tuple(n for n, r in zip(names, form.roles, strict=False) if r == ARGUMENT)
            results = len(form.result_types) if not statement.generic else -1
        outside = self.open_regions[-1].scope if self.open_regions and not isolated else None
        self.open_regions.append(OpenRegion(tuple(arguments), name, argument_names, results))
        if statement is not None:
            self.open_regions[-1].generic = statement.generic
        else:  # (a head not read: generic if it names its op so, `"scf.if"(%c) ({`, or writes nothing, `({{`)
            self.open_regions[-1].generic = form is None and (bool(name) or not head.text.strip())
        self.open_regions[-1].scope.nest(outside, argument_names)
        if first and name == "func.func":
            dom.reset()
        outer = dom.start
        opened = head.parts[-1].line if head.parts else head.line
        dom.region(head.line, opened, not self._registered(name))
        if statement is None:
            if first:
                self.head_uses.append(0)
                if name == "func.func":
                    self._generic_function(head, lines[0] if lines else head.line)
            values.push(isolated, name, lines[0] if lines else head.line, name in MODULES, not declared(head.text))
            if first and names and _FUNCTION_HEAD.match(head.text) and head_problem(head.text) is not None:
                # a function's head its parser rejects (a syntax error, reported): its names are
                # its arguments, of types not known (no use of them is a finding of its own)
                seen: set[str] = set()
                for ordinal, value in enumerate(names):
                    if value not in seen:
                        seen.add(value)
                        at = lines[ordinal] if ordinal < len(lines) else head.line
                        dom.argument(value, at)
                        flow.argument(value, None, at, ordinal)
            return isolated
        assert form is not None
        if first and statement.name == "func.func":
            sig = statement.signature
            outputs = sig.outputs if sig is not None else ()
            symbol = next((i.text for i in statement.items if i.kind == "symbol"), "@?")
            signature = signature_of(statement)
            keys = tuple(t.key for t in outputs)
            texts = tuple(t.text for t in outputs)
            line = lines[0] if lines else head.line
            # a head left open (`@f(%a: T {`) is a syntax error, reported: its results are not known
            broken = head.text.count("(") != head.text.count(")") and head_problem(head.text) is not None
            self.functions.append(Function(symbol_name(symbol), None if broken else keys, texts, self.depth, line))
            self.isolated_ops.append((line, statement.name_start))
            if signature is not None and not broken:
                self.calls.function(symbol_name(symbol), signature)
            self.calls.define(symbol_name(symbol), self.findings.op_where(line, None, head), self.depth - 1)
        elif isolated:
            self.isolated_ops.append((lines[0] if lines else 0, -1))
        if first:
            resolved = 0
            mark = len(self.findings.diagnostics)
            if not statement.generic and not (decl is not None and decl.late_uses):
                # a custom form's parser resolves the operands it has read before its regions
                types = form.operand_types
                for ordinal, (name, role) in enumerate(zip(names, form.roles, strict=False)):
                    if role == USE:
                        at = lines[ordinal] if ordinal < len(lines) else 0
                        written = types[resolved] if resolved < len(types) else None
                        flow.use(name, written, at, ordinal, (head.line, resolved))
                        values.far(name, head.line, resolved, at, outer)
                        resolved += 1
                if flow.findings or flow.fresh:
                    values.locate(0, names, lines[0] if lines else 0, head, head.text)
                if flow.escapes:
                    values.escapes(0)
            # the parser stops at a use of the wrong type in the head: no verifier sees the op
            self.head_uses.append(-1 if parse_failed(self.findings.diagnostics, mark) else resolved)
        # (its head's operands are outside it)
        values.push(isolated, name, lines[0] if lines else head.line, name in MODULES, decl is None)
        defines = own or (decl is not None and decl.region_arguments == "all")
        roles, types = (form.roles, form.arguments) if defines else ((), ())
        if not first and decl is None:  # (`} count(%w: index) -> (index) {`: a later region's own, in its head)
            roles, types = later_arguments(form, head.text, len(names))
            defines = bool(roles)
        if defines:
            found = len(flow.findings)
            argument_types = iter(types)
            index = 0  # among the entry block's arguments
            at_once = roles == (ARGUMENT,) * len(names) == (ARGUMENT,) * len(lines)  # (a function's head)
            at_once = at_once and values.fresh_arguments(names, types, lines)
            for ordinal, (name, role) in enumerate(zip(names, roles, strict=False)) if not at_once else ():
                if role == ARGUMENT:
                    at = lines[ordinal] if ordinal < len(lines) else 0
                    dom.argument(name, at)
                    flow.argument(name, next(argument_types, None), at, ordinal, index)
                    index += 1
                    if flow.resolved or flow.unreached:
                        values.forward()
            if at_once and (flow.resolved or flow.unreached):
                values.forward()
            if len(flow.findings) > found or flow.fresh:
                values.locate(found, names, lines[0] if lines else 0, head, head.text)
            if flow.escapes:
                values.escapes(0)
        return isolated

    def _generic_function(self, head: Text, line: int) -> None:
        """A generic function's head (``"func.func"() <{function_type = ...}> ({``): its results and type."""
        if (generic := generic_function(head.text)) is None:  # (its properties do not read: what MLIR says)
            from broadcheck.syntax.generic_form import before_regions_problem

            self.findings.said(before_regions_problem(head.text), head)
            return
        symbol, signature, outputs = generic
        keys: tuple[str, ...] | None = tuple(t.key for t in outputs)
        if any(map(type_problem, (*signature.texts[0], *(t.text for t in outputs)))):
            from broadcheck.syntax.generic_form import before_regions_problem

            if self.findings.said(before_regions_problem(head.text), head):
                keys = None  # (its parser stops in its head: its returns are held against nothing)
        self.functions.append(Function(symbol_name(symbol), keys, tuple(t.text for t in outputs), self.depth, line))
        self.isolated_ops.append((line, -1))
        self.calls.function(symbol_name(symbol), signature)
        where = self.findings.op_where(line, None, head)
        self.calls.define(symbol_name(symbol), where, self.depth - 1)
        if where is not None:
            self.open_regions[-1].signature = signature.inputs, signature.texts[0], where

    def _entry_block(self, region: OpenRegion, keys: tuple[str | None, ...], written: list[str]) -> None:
        """A generic-form function's entry block takes ``keys`` (``written`` so)."""
        assert region.signature is not None
        problem = entry_block(*region.signature, keys, written)
        region.signature = None
        if problem is not None:
            self.findings.control([problem])

    def _registered(self, name: str) -> bool:
        """Whether ``name`` is an op its dialect registers (MLIR checks dominance only in the
        regions of those, and not in graph regions)."""
        if name in _GRAPH_REGIONS:
            return False
        known = self.names.names(name.partition(".")[0])
        return known is not None and name in known.names

    def closed(self, line: int, next_line: int) -> None:
        """The innermost region closes at ``line`` (-1: the text ended first, before
        ``next_line``): its blocks, its summary, its function."""
        values, findings = self.values, self.findings
        if line > 0 and self.open_regions and self.open_regions[-1].generic:  # (`}})`: `,` or `)` wanted)
            from broadcheck.syntax.region_list import REGION_LIST, closed_wrongly

            if (at := closed_wrongly(findings.fetch_line(line))) is not None:
                findings.wrong_token(line, at, 1, REGION_LIST)
        values.flow.pop()
        values.dom.close(line)
        if len(self.blocks) > 1:
            findings.control(self.blocks.pop().close())
        if self.open_regions:
            done = self.open_regions.pop()
            if done.signature is not None and done.ops:  # (an entry block with no label: no arguments)
                self._entry_block(done, (), [])
            last = done.texts
            terminator, yielded = (last.name, last.operand_types) if last is not None and not done.several else ("", ())
            where = findings.op_where(done.where) if done.where and last is not None else None
            if self.summaries:  # (a terminator the parser stopped at is no verifier's: not summed up)
                stopped = values.parse_stop is not None and values.parse_stop[0] == done.where
                inner = findings.places(done.inner, done.op != "func.func")  # (no function's check places them)
                blocks = 2 if done.several else 1 if last is not None or done.labelled else 0
                sources: Sources = None
                if done.values is not None and last is not None and not done.several:
                    sources = tuple(done.values.get(n) for n in done.uses)
                summary = (
                    done.arguments,
                    "" if stopped else terminator,
                    yielded,
                    where,
                    inner,
                    blocks,
                    done.ops,
                    sources,
                )
                self.summaries[-1].append(summary)
            if done.op == "func.func" and self.functions and self.functions[-1].depth == self.depth:
                self.unterminated.add(done.scope, last, done.several, done.where)
                if not done.ops and not done.several:
                    generic = done.signature is not None  # (a generic form's body with nothing: a declaration)
                    empty_body(findings, bool(done.arguments or done.labelled), generic, self.functions[-1].line)
            elif self.functions and (ends := holds_terminated(done.op, done.generic)) is not None:
                self.unterminated.add(done.scope, last, done.several, done.where, ends)
        if self.functions and self.functions[-1].depth == self.depth:
            values.dominance()
            self.unterminated.report(findings)
            self._end_function(line if line > 0 else next_line)
            self.isolated_ops.pop()
        if self.outer_calls and self.outer_calls[-1][0] == self.depth:
            findings.control(self.calls.close())
            self.calls = self.outer_calls.pop()[1]
        self.depth -= 1

    def _end_function(self, line: int) -> None:
        """The function's ``}`` is on ``line``."""
        function = self.functions.pop()
        self.constants.clear()
        self.function_spans.append((function.line, line))

    def end_module(self, next_line: int) -> None:
        """The module ends (``next_line``: the line after it): what is still open closes."""
        while self.functions:
            self._end_function(next_line)
        self.unterminated.clear()
        self.unclosed = False
        findings = self.findings
        findings.control(self.blocks[0].close())
        while self.outer_calls:  # modules left open
            findings.control(self.calls.close())
            self.calls = self.outer_calls.pop()[1]
        findings.control(self.calls.close())
        self.blocks, self.calls = [Blocks()], Calls()

    def label(self, text: Text) -> None:
        """``^bb1(%a: T, %b: U):``: the block's arguments are defined where the label is."""
        values, findings = self.values, self.findings
        body = text.text
        open_at = body.find("(")
        region = self.open_regions[-1] if self.open_regions else None
        entry = region is not None and region.texts is None and not region.labelled
        if region is not None and not entry:
            region.several = True
        values.dom.label((body[:open_at] if open_at >= 0 else body).strip(), text.line, entry)
        if open_at < 0:
            if region is not None:
                if entry and region.signature is not None:
                    self._entry_block(region, (), [])
                region.labelled = True
            where = text.where(0)
            name = body.strip()
            problem = self.blocks[-1].label(name, (), Where(where[0], where[1], where[1] + len(name)))
            if problem is not None:
                findings.control([problem])
            return
        flow = values.flow
        found = len(flow.findings)
        offsets: list[tuple[int, int]] = []
        keys: list[str | None] = []
        arguments = self.labels.get(body)
        if arguments is None:
            if len(self.labels) > 10_000:
                self.labels.clear()
                self.label_syntax.clear()
            arguments = self.labels[body] = label_arguments(body, open_at)
            from broadcheck.syntax.generic_form import label_problem  # (once per distinct label)

            if (said := label_problem(body + ":")) is not None:
                self.label_syntax[body] = said
        wrong = self.label_syntax.get(body) if self.label_syntax else None
        for start, end, argument, key in arguments:
            if key is not None and (typed := argument_type_problem(body, end, key)) is not None:
                wrong, key = wrong or typed, None  # (the parser stops at the first: no type known)
            offsets.append((start, end))
            keys.append(key)
            line = text.where(start)[0]
            values.dom.argument(argument, line)
            flow.block_argument(argument, key, line, len(offsets) - 1)
            if flow.resolved or flow.unreached:
                values.forward()
        if wrong is not None:
            (at, column), path = text.where(wrong[1]), findings.path
            findings.add(diagnose.syntax(SyntaxProblem(wrong[0], Span(at, column, at, column + 1)), path), text)
        name = body[:open_at].strip() if open_at >= 0 else body.strip()
        where = text.where(0)
        problem = self.blocks[-1].label(name, tuple(keys), Where(where[0], where[1], where[1] + len(name)))
        if problem is not None:
            findings.control([problem])
        if region is not None:
            region.scope.label(entry, tuple(a[2] for a in arguments))
        if region is not None and not region.labelled:  # the entry block's label: the region's arguments
            if region.signature is not None:
                written = [argument_type(body, a[1], a[3])[1] if a[3] else "" for a in arguments]
                self._entry_block(region, tuple(keys), written)
            region.labelled = True
            if not region.arguments:
                region.arguments = tuple(keys)
                region.names = tuple(a[2] for a in arguments)
        if len(flow.findings) > found or flow.fresh:

            def span_of(ordinal: int) -> Span:
                a, b = offsets[ordinal]
                (line, column), end = text.where(a), text.where(b - 1)
                return Span(line, column, end[0], end[1] + 1)

            values.place(span_of)
            values.report(found, span_of)
        if flow.escapes:  # a forward reference from another function, resolved here
            values.escapes(0)


_FUNCTION_HEAD = lazy(r"\s*func\.func\s")
"""A function's head in its custom form."""
