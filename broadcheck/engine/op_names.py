"""Stage *verdicts*, its op names: what MLIR's parser says of an op name no dialect it knows defines.

An op name its dialect does not define is the parser's error in the custom form (``custom op
'tosa.ad' is unknown``) and the verifier's in the generic form of a dialect that allows no
unknown operations; a name without a dialect in a function's body is tried in ``func`` too; a
bare word after a complete op starts the next op. :class:`OpNames` words each for
:class:`.verdicts.Verdicts`, which asks it before it judges an op no check reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from broadcheck.dialects import Registry
from broadcheck.engine.findings import OP_NAME, Findings
from broadcheck.engine.forms import Form
from broadcheck.engine.scan import Text
from broadcheck.syntax.lazyre import lazy
from broadcheck.syntax.problem import UNKNOWN_CUSTOM_OP, SyntaxProblem
from broadcheck.syntax.statement import Statement

_UNKNOWN_BARE = lazy(re.escape(UNKNOWN_CUSTOM_OP).replace(re.escape("{name}"), r"([A-Za-z_][\w$]*)"))
"""A bare word after a complete op (:data:`~broadcheck.syntax.problem.UNKNOWN_CUSTOM_OP`)."""
_RESULT = r"%[\w$.\-]++(?::\d++)?+"
_BARE_HEAD = lazy(rf"[ \t]*+(?:{_RESULT}(?:[ \t]*+,[ \t]*+{_RESULT})*+[ \t]*+=[ \t]*+)?+([A-Za-z_][\w$]*+)(?![\w$.])")
"""A statement's results, if written, and its op's name, a bare word (no dialect, not quoted)."""
_DEFAULT_DIALECT = frozenset({"return", "call", "call_indirect", "constant", "module"})


class OpNames:
    """What the parser says of the op names of one file's statements."""

    def __init__(self, names: Registry, findings: Findings, in_function_body: Callable[[], bool]) -> None:
        self.names = names
        self.findings = findings
        self.in_function_body = in_function_body
        """Whether a statement read now stands directly in a function's body (dialect ``func``)."""

    def unknown(self, form: Form, statement: Statement, line: int, text: Text | None) -> bool:
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
        if known is None and not statement.generic and (near := self.names.near(dialect)) is not None:
            # a dialect broadcheck does not know, whose name is a slip of one it does: a warning
            return self.findings.at_op(line, text, "BC1736", {"name": name, "dialect": dialect, "near": near})
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
        return self.findings.at_op(line, text, code, {**args, "tried": ""})

    def unread(self, name: str, regions: bool, line: int, text: Text | None) -> bool:
        """A generic op's name that no reader takes (``"stablehlo.re=duce"``: a character no op's
        name holds) in a dialect that allows no unknown operations: the verifier's words, as for
        any name it does not define. Not a ``func`` op's with ``regions``: the ops in them that
        want it as their parent (``func.return``) are verified first. Whether it was reported."""
        dialect, dot, _ = name.partition(".")
        if regions and dialect == "func":
            return False
        known = self.names.names(dialect) if dot else None
        if known is None or name in known.names or not known.generic_unknown:
            return False
        return self.findings.at_op(line, text, "BC031", {"name": name, "dialect": dialect, "tried": ""})

    def _tries_func(self, name: str) -> bool:
        """Whether the parser, reading op name ``name`` here, tries it in ``func`` (the default
        dialect of a function's body, not of a region nested in it) and finds nothing there."""
        known = self.names.names("func")
        return self.in_function_body() and known is not None and f"func.{name}" not in known.names

    def next_op(self, problem: SyntaxProblem) -> SyntaxProblem | None:
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

    def unfinished(self, text: Text) -> bool:
        """A statement left unfinished (its brackets open to its region's end) whose op's name is a
        bare word the parser does not know (``ret<urn``, ``r:eturn``): the parser reads the name
        first and stops there, before the brackets. Whether it was reported."""
        m = _BARE_HEAD.match(text.text)
        if m is None or m.group(1) in _DEFAULT_DIALECT or not self._tries_func(m.group(1)):
            return False
        name = m.group(1)
        return self.findings.at_op(text.line, text, "BC030", {"name": name, "tried": f" (tried 'func.{name}' as well)"})

    def _no_dialect(self, statement: Statement, line: int, text: Text | None) -> bool:
        """An op name without a dialect in a function's body (not in a nested region, whose
        op may name another default dialect, or none): the parser tries it in ``func``, the
        function's default dialect, and says so. Whether it was reported."""
        name = statement.name
        if statement.generic or not self._tries_func(name):
            return False
        return self.findings.at_op(line, text, "BC030", {"name": name, "tried": f" (tried 'func.{name}' as well)"})


def generic_name(head: str) -> str:
    """The op name of a generic form's head (``"builtin.module"() ({``), or ``""``."""
    m = OP_NAME.match(head)
    return (m.group("generic") or "") if m is not None else ""


def isolated_from_above(name: str) -> bool:
    """Whether op ``name`` is IsolatedFromAbove (by its declaration)."""
    from broadcheck import dialects

    decl = dialects.lookup(name)
    return decl is not None and decl.isolated


__all__ = ["OpNames", "generic_name", "isolated_from_above"]
