"""Stage *aliases*: a statement's, a label's and an alias definition's aliases against the module's.

Takes the text of a statement (its key, then, only if one of its aliases is not defined, its own
text), a block label or an alias definition (``#enc = ...``, ``!t = ...``), and the aliases the
module has defined so far (:attr:`.verdicts.Verdicts.aliases`: an attribute alias under its
``#name``, a type alias under its name). Gives what MLIR's parser says where it stops (BC001, into
the :class:`.findings.Findings`): "undefined symbol alias id 'enc'" just after the first alias used
before its definition (:mod:`broadcheck.syntax.aliases`), "redefinition of attribute alias id
'enc'" (or "type alias") at a second definition; and the meaning of an attribute alias (its
value's text, or, for ``#a = #b``, what ``#b`` names).

Most statements pay nothing here: a key that uses no alias is not taken off the scanner's fast
path (:func:`.forms.read_form`), and one that does is asked once per distinct key. A text with no
``#`` and no ``!`` where a use would count is answered here, and so is an alias's definition that
names no other alias (``!t = tensor<4xf32>``): only a text with an alias's sigil loads the reader
of uses (:mod:`broadcheck.syntax.aliases`, its patterns and its scan), so a clean file that names
no alias never loads it (``tests/test_startup.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from broadcheck.engine import diagnose
from broadcheck.engine.findings import Findings
from broadcheck.engine.scan_text import Text
from broadcheck.ops import OpaqueType, Span, Type
from broadcheck.syntax.problem import SyntaxProblem

Aliases = Mapping[str, "Type | SyntaxProblem"]


def undefined(findings: Findings, aliases: Aliases, key: str, line: int, text: Text | None, after: int = 0) -> bool:
    """Whether the statement of ``key`` at ``line`` (``text``: its text, if not one line; else the
    line's) uses an alias ``aliases`` does not hold (from offset ``after`` of its text on), reported
    at the first such: MLIR's parser stops there."""
    start = max(after, 0)  # (-1: a definition without its `=`, every use counts)
    if key.find("#", start) < 0 and key.find("!", start) < 0:
        return False  # (most: no sigil where a use would count; a use holds no `=`, so none spans `after`)
    from broadcheck.syntax.aliases import alias_uses, defined

    uses = alias_uses(key)
    if not uses or all(defined(name, aliases) for _, _, name in uses):
        return False  # (most: none, or every one defined)
    source = text.text if text is not None else findings.line_text(line)
    for _, end, name in alias_uses(source):
        if end > after and not defined(name, aliases):
            at, column = text.where(end) if text is not None else (line, end + 1)
            problem = SyntaxProblem(f"undefined symbol alias id '{name[1:]}'", Span(at, column, at, column + 1))
            findings.add(diagnose.syntax(problem, findings.path), text)
            return True
    return False


def wrong_definition(
    findings: Findings, aliases: Aliases, define: Callable[[str, Type | SyntaxProblem], None], text: Text
) -> bool:
    """Whether the alias definition ``text`` defines an alias again or uses one not defined yet,
    reported (then one it uses undefined is defined, opaque: its uses are not errors of their own)."""
    body = text.text.strip()
    named, equals, _ = body.partition("=")
    named = named.strip()
    if not named or named[0] not in "#!":
        return False
    if not equals:  # `#map` alone on its line, and no `=` on the next: the parser wanted one after it
        from broadcheck.syntax.aliases import no_equals
        from broadcheck.text import comment_start

        first = text.text.split("\n", 1)[0]
        line, column = text.where(len((first[:k] if (k := comment_start(first)) >= 0 else first).rstrip()))
        findings.add(
            diagnose.syntax(SyntaxProblem(no_equals(named), Span(line, column, line, column + 1)), findings.path), text
        )
        return True
    if (named if named[0] == "#" else named[1:]) in aliases:  # (defined already: syntax.aliases.defined)
        from broadcheck.syntax.aliases import redefinition

        at, column = text.where(len(text.text) - len(text.text.lstrip()))
        findings.add(
            diagnose.syntax(SyntaxProblem(redefinition(named), Span(at, column, at, column + 1)), findings.path), text
        )
        return True
    if undefined(findings, aliases, text.text, text.line, text, text.text.find("=")):
        define(named if named[0] == "#" else named[1:], OpaqueType(named))
        return True
    return False


def attribute_alias(body: str, aliases: Aliases) -> tuple[str, OpaqueType]:
    """The attribute alias the definition ``body`` (``#name = value``, comments and all) defines:
    its ``#name`` and what it names, its value as text (comments left out), or, for ``#a = #b``,
    what ``#b`` names."""
    from broadcheck.text import comment_start

    lines = [line[:k] if (k := comment_start(line)) >= 0 else line for line in body.split("\n")]
    name, _, value = "\n".join(lines).partition("=")
    meaning = aliases.get(value.strip())
    return name.strip(), meaning if isinstance(meaning, OpaqueType) else OpaqueType(value.strip())


def affine_map_problem(text: Text) -> SyntaxProblem | None:
    """What MLIR's parser says of an attribute alias whose value is an affine map naming an
    identifier that is no dim or symbol of it (``#map = affine_map<(d0) -> (d1)>``): "use of
    undeclared identifier", just after the token before it (and "missing operand of negation" at it
    for each unary minus it is the operand of); ``None`` otherwise."""
    body = text.text
    if "affine_map<" not in body:
        return None
    from broadcheck.dialects.linalg.affine import undeclared
    from broadcheck.text import comment_start

    at = body.find("=") + 1
    value = "\n".join(
        line[:k] + " " * (len(line) - k) if (k := comment_start(line)) >= 0 else line for line in body[at:].split("\n")
    )
    found = undeclared(value)  # (comments blanked: offsets kept)
    if found is None:
        return None
    after, start, length, negations = found
    line, column = text.where(at + after)
    here, there = text.where(at + start)
    negation = SyntaxProblem("missing operand of negation", Span(here, there, here, there + length))
    return SyntaxProblem("use of undeclared identifier", Span(line, column, line, column + 1), (negation,) * negations)


def affine_map(findings: Findings, text: Text) -> None:
    """:func:`affine_map_problem`'s errors, into ``findings``."""
    problem = affine_map_problem(text)
    if problem is not None:
        findings.add(diagnose.syntax(problem, findings.path), text)
        for more in problem.also:  # what the same failure emits next (BC033)
            findings.add(diagnose.value("BC033", findings.path, more.span, args={"detail": more.message}), text)


__all__ = ["affine_map", "affine_map_problem", "attribute_alias", "undefined", "wrong_definition"]
