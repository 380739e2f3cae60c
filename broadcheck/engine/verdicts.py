"""Stage *verdicts*: a read statement's form in, its op's verdict located and reported out.

A :class:`Verdicts` asks :mod:`.verify` for the verdict of a statement's form (once per key
and run, unless regions, constants or aliases make it depend on more) and, when it is a
problem, reads the statement again from its own text to locate it (:mod:`.diagnose` words
it). What it cannot verify it words as MLIR's parser would: an op name its dialect does
not define, a custom form its parser rejects, a statement the reader cannot take (the
grammar, :mod:`broadcheck.syntax.parser`, says what is wrong), or it passes the op over.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from broadcheck.diagnostics import UNKNOWN_OP, UNREADABLE
from broadcheck.dialects import Registry
from broadcheck.dialects.assembly import Wrong, custom_bind_problem, parse_problem
from broadcheck.dialects.op import Layout, Op
from broadcheck.engine import diagnose
from broadcheck.engine.control import Summary
from broadcheck.engine.findings import Findings
from broadcheck.engine.flow import Flow
from broadcheck.engine.forms import USE, Form, plain_operands, unasked
from broadcheck.engine.op_names import OpNames
from broadcheck.engine.scan import Text
from broadcheck.engine.verify import Checks, UnknownTypes, Unreadable
from broadcheck.ops import Span, Type
from broadcheck.semantics import NOT_JUDGED, NOT_JUDGED_REASON, Problem
from broadcheck.syntax.lexer import token_first
from broadcheck.syntax.parts import REGION, OpWords
from broadcheck.syntax.problem import NO_OP, QUOTED_NAME, SyntaxProblem
from broadcheck.syntax.statement import Statement


class Verdicts:
    """The verdicts on one file's ops, and how MLIR words what it cannot verify."""

    def __init__(
        self,
        checks: Checks,
        names: Registry,
        findings: Findings,
        flow: Flow,
        default_dialect: Callable[[], str | None],
        constants: dict[str, str],
    ) -> None:
        self.checks = checks
        self.names = names
        self.findings = findings
        self.flow = flow
        self.op_names = OpNames(names, findings, default_dialect)
        self.aliases: dict[str, Type | SyntaxProblem] = {}
        """The module's type aliases so far."""
        self.constants = constants
        """The literal of each value a constant op defines, in the current function (until it ends)."""
        self.extended: dict[object, Problem | None] = {}
        """Verdicts that depend on regions or constants too."""
        self.aliased: dict[object, Problem | None] = {}
        """Verdicts of keys that name aliases: they hold while the aliases do (every change
        goes through :meth:`alias` or :meth:`end_module`, which forget them)."""

    def alias(self, name: str, meaning: Type | SyntaxProblem) -> None:
        """``name`` means ``meaning`` from here on in the module (a type or attribute alias)."""
        self.aliases[name] = meaning
        self.aliased.clear()

    def end_module(self) -> None:
        """The module (the file, or a split chunk) ends: its aliases with it."""
        self.aliases = {}
        self.aliased.clear()

    def check(
        self,
        form: Form,
        line: int,
        text: Text | None,
        body: str,
        offset: int = 0,
        summaries: tuple[Summary, ...] | list[Summary] = (),
        names: list[str] | None = None,
    ) -> None:
        """The verdict on the statement of ``form`` at ``line`` (``text``: its text, if not one
        line), reported; ``form.route`` learns what any line of its key needs."""
        findings = self.findings
        if form.inner is not None:  # `tf_executor.island wraps "tf.AddV2"(...)`: the op inside
            start, inner = form.inner
            if inner.statement is not None:
                if text is not None:
                    at = len(body) - len(body[body.find("wraps") + 5 :].lstrip()) if "wraps" in body else start
                else:  # (the line not copied: a frozen graph's weights are one line)
                    after = findings.after_word(line, "wraps")
                    at = start if after is None else after
                self.check(inner, line, text, body, offset + at)
            return
        statement = form.statement
        assert statement is not None
        name = statement.name
        _, check = self.checks.check_of(name)
        if check is None:
            decl = form.decl
            if decl is not None and (  # an op known for its form only, which its parser rejects
                (decl.assembly is not None and not statement.generic and decl.assembly.problem(statement) is not None)
                or parse_problem(statement)
                or custom_bind_problem(statement) is not None
            ):
                self._located(form, line, text, body, syntax_only=True, offset=offset, parse_only=True)
                return
            if self.op_names.unknown(form, statement, line, text):
                return
            if decl is None and statement.generic and parse_problem(statement):  # (parsed all the same)
                return self._located(form, line, text, body, syntax_only=True, offset=offset, parse_only=True)
            form.route = 2 if self.checks.known_dialect(name) else 1
            if form.route == 2:
                findings.pass_over(name, UNKNOWN_OP)
            return
        uses_alias = ("!" in form.key or "#" in form.key) and bool(self.aliases)
        regions = tuple(summaries)
        constants: tuple[str | None, ...] = ()
        if form.decl is not None and form.decl.constants and names is not None:
            operands = [n for n, role in zip(names, form.roles, strict=False) if role == USE]
            constants = tuple(self.constants.get(n) for n in operands)
        try:
            if uses_alias or regions or any(constants):  # the verdict depends on more than the key
                summed = tuple((*r[:3], tuple(key for _, key, _ in r[4]), *r[5:]) for r in regions)  # (not where)
                memo = (form.key, summed, constants, check)
                known = self.aliased if uses_alias else self.extended
                if memo in known:
                    problem = known[memo]
                else:
                    problem = self.checks.verdict(form, self.aliases, regions, constants)
                    if len(known) < 50_000:
                        known[memo] = problem
            elif unasked(form) or form.check is not check:
                problem = self.checks.verdict(form, self.aliases)
                form.verdict, form.check = problem, check
            else:
                problem = form.verdict  # type: ignore[assignment]
        except UnknownTypes:  # (read whole: no syntax to say; the grammar knows fewer custom forms)
            return findings.pass_over(name, UNREADABLE)
        except Unreadable:
            if text is not None:
                self.grammar(name, body[offset:], *text.where(offset), text)
            else:
                raw = findings.line_text(line)
                column = len(raw) - len(raw.lstrip()) + 1 + offset
                self.grammar(name, raw.lstrip()[offset:], line, column, None)
            return
        except SyntaxProblem:
            self._located(form, line, text, body, syntax_only=True, offset=offset)
            return
        if problem is NOT_JUDGED:  # the check could not judge it: passed over, not counted as checked
            findings.pass_over(name, NOT_JUDGED_REASON)
            findings.mark_checked(line)  # (its expected-errors are held as before: no unmet one is hidden)
            return
        findings.ops += 1
        findings.mark_checked(line)
        if problem is not None:
            self._located(form, line, text, body, offset=offset, regions=regions, constants=constants, names=names)
        elif not (uses_alias or regions or constants or offset or (form.decl is not None and form.decl.constants)):
            form.route = 3  # clean, whatever line has this key

    def parse_only(self, form: Form, line: int, text: Text | None, body: str) -> None:
        """A checked op whose operands value flow rejected: MLIR's parser reads the op's form and types before
        it resolves them, so what it rejects there is its error (``--verify-diagnostics`` puts it first)."""
        if form.inner is not None or form.statement is None or form.statement.generic:
            return
        if self.checks.check_of(form.name)[1] is not None or (form.decl is not None and form.decl.assembly is not None):
            self._located(form, line, text, body, syntax_only=True, parse_only=True)

    def unread(self, source: str, line: int, text: Text | None) -> None:
        """A statement the reader cannot take (``source``: its text from its first token on):
        if its op is checked, the grammar says what is wrong."""
        from broadcheck.syntax.generic_form import statement_wrong  # (not on a clean file's run)

        findings = self.findings
        name_match = re.match(r'\s*(?:%[^=]*=\s*)?(?:"([\w$.\-]+)"|([A-Za-z_][\w$.]*))', source)
        start = text.where(0) if text is not None else (line, 1 + len(findings.line_text(line)) - len(source))
        if name_match is None:
            if (wrong := statement_wrong(source, False)) is not None:  # (`%0 == op`, `%0 = <op`)
                return self._syntax(wrong, *start, text)
            quoted = QUOTED_NAME.match(source)  # (`"func.ret{urn"(%0)`: a name no reader takes)
            if quoted is not None and self.op_names.unread(quoted.group(1), REGION in source, line, text):
                return
            stripped = source.lstrip()
            if stripped and (stripped[0] not in _STARTS or stripped[0] in NO_OP):
                at = (text.where(len(source) - len(stripped)) if text is not None
                      else (line, 1 + len(findings.line_text(line)) - len(stripped)))  # fmt: skip
                if stripped[0] in NO_OP:  # (`^bb0(%a: T)::`: a token no op starts with, after a block's label)
                    if findings.line_text(at[0])[: at[1] - 1].rstrip().endswith(":"):
                        findings.wrong_token(*at, 1, "expected operation name in quotes")
                    return
                span = Span(at[0], at[1], at[0], at[1] + 1)  # no token of MLIR starts so: its lexer stops here
                findings.add(diagnose.syntax(SyntaxProblem("unexpected character", span), findings.path), text)
            return
        name = name_match.group(1) or name_match.group(2)
        if name_match.group(2) and self.op_names.dialect_only(name, line, text):  # (`stablehlo. %a`)
            return findings.mark_checked(line)
        _, check = self.checks.check_of(name)
        said = self._wrong(name, source, line, text)
        if check is None and not said:
            if self.checks.known_dialect(name):
                findings.pass_over(name, UNKNOWN_OP)
            return
        self._worded(name, source, *start, text, said)

    def _wrong(self, name: str, source: str, line: int, text: Text | None) -> Wrong | None:
        """What MLIR says first of op ``name``'s ``source`` (on ``line``): its lexer, a walk, the op's parser."""
        from broadcheck.syntax.generic_form import statement_wrong

        decl = _decl_of(name)
        said = decl.assembly.unread(source) if decl is not None and decl.assembly is not None else None

        def body(at: int) -> str | None:  # (the first line of a function's elided body, its `{` at `at`)
            return self.findings.token_line(text.where(at)[0] if text is not None else line)

        parser = partial(_op_words, name, decl) if decl or self.checks.check_of(name)[1] is not None else None
        wrong = said or statement_wrong(source, decl is not None, body, parser)
        holes = plain_operands(decl, QUOTED_NAME.match(source) is not None)
        return token_first(source, wrong[1] if wrong else None, holes) or wrong  # (a token rejected first)

    def grammar(self, name: str, source: str, line: int, column: int, text: Text | None) -> None:
        """An op the reader cannot take: what is wrong with it, in MLIR's words, or passed over."""
        self._worded(name, source, line, column, text, self._wrong(name, source, line, text))

    def _worded(self, name: str, source: str, line: int, column: int, text: Text | None, wrong: Wrong | None) -> None:
        """:meth:`grammar`, ``wrong`` what a walk or the op's custom parser said (the grammar's words else)."""
        findings = self.findings
        if wrong is not None:  # its custom parser fails first, at a place the grammar does not know
            return self._syntax(wrong, line, column, text)
        from broadcheck.syntax.parser import Unreadable as LarkUnreadable  # (the grammar: only now)
        from broadcheck.syntax.parser import parse_operation

        try:
            parse_operation(source, self.aliases, line, column, _layout_of)
        except SyntaxProblem as problem:
            findings.mark_checked(line)
            worded = self.op_names.next_op(problem)
            if worded is not None:
                findings.add(diagnose.syntax(worded, findings.path), text)
            return
        except LarkUnreadable:
            pass
        custom = re.match(r'\s*(?:%[^=]*=\s*)?"', source) is None
        if custom and self.names.generic_only(name):  # a custom form its dialect does not give the op
            findings.mark_checked(line)
            if findings.at_op(line, text, "BC032", {"name": name, "tried": ""}):
                return
        findings.pass_over(name, UNREADABLE)

    def _syntax(self, wrong: Wrong, line: int, column: int, text: Text | None) -> None:
        """A syntax error ``wrong`` (its words, its offset in the statement at ``line``:``column``,
        ``text``), and what its parser says after it (``wrong.then``: BC033)."""
        findings = self.findings
        findings.mark_checked(line)

        def at(offset: int) -> Span:
            where = text.where(offset) if text is not None else (line, column + offset)
            return Span(where[0], where[1], where[0], where[1] + 1)

        worded = self.op_names.next_op(SyntaxProblem(wrong[0], at(wrong[1])))  # (a word starting the next op)
        if worded is not None:
            findings.add(diagnose.syntax(worded, findings.path), text)
        for message, offset in getattr(wrong, "then", ()):
            findings.add(diagnose.value("BC033", findings.path, at(offset), args={"detail": message}), text)

    def _located(
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

        findings = self.findings
        if text is None:
            raw = findings.line_text(line)
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
                findings.ops += 1
                findings.mark_checked(line)
            worded = self.op_names.next_op(problem)
            if worded is None:
                return
            findings.add(diagnose.syntax(worded, findings.path), text)
            for more in problem.also:  # what the same failure emits next (BC033)
                findings.add(diagnose.value("BC033", findings.path, more.span, args={"detail": more.message}), text)
            return
        if parse_only or check is None:
            return
        problem_found = self.checks.judge(op, check, source)
        if problem_found is not None and problem_found is not NOT_JUDGED:
            origin = (
                self._origins(statement) if names is not None and len(statement.operands) == len(op.operands) else None
            )
            findings.add(diagnose.diagnose(problem_found, op, findings.path, origin=origin), text)

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

        source = self.findings.fetch_line(line).strip()
        try:
            statement = read_statement(source)
        except ReaderProblem:
            return None
        if statement.regions or not any(r.name == name for r in statement.results):
            return None
        return ("result", source[: statement.end].rstrip())


_STARTS = frozenset('%"^}!#@()[]{}<>,:=-*+/.?_' + "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""The characters a token of MLIR may start with (its lexer rejects any other)."""


def _op_words(name: str, decl: Op | None, words: OpWords) -> tuple[str, int] | None:
    """What the parser of op ``name`` (a known op, ``decl`` if declared) says at the place of
    ``words``: an elements literal's words, the same for any op; after its operands (``words.taken``),
    before its types, a ``,`` where its form writes more first (its operands one by one, a ``keyword``
    clause), the ``:`` else, or, where its types are optional, that they are too few (at the first
    operand)."""
    if words.kind == "any":
        return words.message, words.start
    assembly = decl.assembly if decl is not None else None
    if name in _OPTIONAL_TYPES:
        message = (
            f"custom op '{name}' number of operands and types do not match: got {words.taken} operands and 0 types"
        )
        return message, words.first
    if assembly is not None and (
        assembly.keyword is not None or (assembly.operands is not None and words.taken < assembly.operands)
    ):
        return "expected ','", words.start
    return words.message, words.start


_OPTIONAL_TYPES = frozenset({"stablehlo.return", "mhlo.return"})
"""Ops whose operands' types are an optional group (``$results attr-dict (`:` type($results)^)?``)."""


def _layout_of(name: str) -> Layout | None:
    """The declared layout of op ``name`` (the grammar's reader places listed types by it)."""
    decl = _decl_of(name)
    return decl.layout if decl is not None else None


def _decl_of(name: str) -> Op | None:
    from broadcheck import dialects

    return dialects.lookup(name)
