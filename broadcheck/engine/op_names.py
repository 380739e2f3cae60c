"""Stage *verdicts*, its op names: what MLIR's parser says of an op name no dialect it knows defines.

An op name its dialect does not define is the parser's error in the custom form (``custom op
'tosa.ad' is unknown``) and the verifier's in the generic form of a dialect that allows no
unknown operations; a name without a dialect (``abs``), or with a dialect only (``stablehlo.``), is
tried in the default dialect of the region it stands in too (``func`` in a function's body,
``builtin`` at a module's level: :meth:`.structure.Structure.default_dialect`); a bare word after
a complete op starts the next op. :class:`OpNames` words each for
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

    def __init__(self, names: Registry, findings: Findings, default_dialect: Callable[[], str | None]) -> None:
        self.names = names
        self.findings = findings
        self.default_dialect = default_dialect
        """The default dialect of the region a statement read now stands in (``None``: not known here)."""

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

    def _tried(self, name: str) -> str | None:
        """What the parser adds when it reads op name ``name`` here, tries it in the default dialect
        of the region and finds nothing there (``" (tried 'func.abs' as well)"``); ``None`` where
        that dialect is not known here, or defines the op."""
        dialect = self.default_dialect()
        known = self.names.names(dialect) if dialect is not None else None
        if known is None or f"{dialect}.{name}" in known.names:
            return None
        return f" (tried '{dialect}.{name}' as well)"

    def dialect_only(self, name: str, line: int, text: Text | None) -> bool:
        """An op name that is a dialect's name and its dot only (``stablehlo.``, ``xyz.``: the op's
        name not written yet): the parser tries it in the region's default dialect too, whatever
        the dialect (it never looks the dialect up). Whether it was reported."""
        if not name.endswith(".") or name.count(".") != 1 or (tried := self._tried(name)) is None:
            return False
        return self.findings.at_op(line, text, "BC030", {"name": name, "tried": tried})

    def next_op(self, problem: SyntaxProblem) -> SyntaxProblem | None:
        """``problem`` as the parser words it here: a bare word after a complete op starts the
        next op, which the parser tries in the region's default dialect too (``None`` where that
        is not known here: not reported)."""
        m = _UNKNOWN_BARE.fullmatch(problem.message)
        if m is None:
            return problem
        tried = self._tried(m.group(1))
        if tried is None:
            return None
        return SyntaxProblem(f"{problem.message}{tried}", problem.span, problem.also)

    def unfinished(self, text: Text) -> bool:
        """A statement left unfinished (its brackets open to its region's end) whose op's name is a
        bare word the parser does not know (``ret<urn``, ``r:eturn``): the parser reads the name
        first and stops there, before the brackets. Whether it was reported."""
        m = _BARE_HEAD.match(text.text)
        if m is None or m.group(1) in _DEFAULT_DIALECT or (tried := self._tried(m.group(1))) is None:
            return False
        return self.findings.at_op(text.line, text, "BC030", {"name": m.group(1), "tried": tried})

    def _no_dialect(self, statement: Statement, line: int, text: Text | None) -> bool:
        """An op name without a dialect: the parser tries it in the region's default dialect too,
        and says so. Whether it was reported."""
        if statement.generic or (tried := self._tried(statement.name)) is None:
            return False
        return self.findings.at_op(line, text, "BC030", {"name": statement.name, "tried": tried})


def generic_name(head: str) -> str:
    """The op name of a generic form's head (``"builtin.module"() ({``), or ``""``."""
    m = OP_NAME.match(head)
    return (m.group("generic") or "") if m is not None else ""


def declared(head: str) -> bool:
    """Whether broadcheck declares the op whose head is ``head`` (read or not: a function's head its
    parser rejects is still a function's, isolated from above)."""
    from broadcheck import dialects

    m = OP_NAME.match(head)
    return m is not None and dialects.lookup(m.group("generic") or m.group("custom") or "") is not None


def isolated_from_above(name: str) -> bool:
    """Whether op ``name`` is IsolatedFromAbove (by its declaration)."""
    from broadcheck import dialects

    decl = dialects.lookup(name)
    return decl is not None and decl.isolated


__all__ = ["OpNames", "generic_name", "isolated_from_above"]
