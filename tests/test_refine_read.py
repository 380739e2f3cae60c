"""Refine's reading, counted (issue 32: refine no slower than check by more than 1.5x): the reader's
indent of each one-line statement, a header's key cut into its names, the Python steps of a long
statement's reading. Counted, never timed.
"""

from __future__ import annotations

import re
from random import Random
from types import CodeType
from typing import Any

import pytest

from broadcheck.engine import refine_header, refine_read
from broadcheck.engine.options import Options
from broadcheck.engine.refine import Request
from broadcheck.engine.refine_run import refine_text
from broadcheck.engine.refine_values import read_as_named
from tests.steps import traced_lines
from tests.test_refine_work import _jax_module, layers

ACT = "tensor<?x3xf32>"


def _module(n: int, attributes: str = "") -> str:
    """``@main`` of ``n`` arguments (each with ``attributes``), an op of two results on each, a call
    of ``n`` operands ``%vK#0`` and a return of ``n`` operands ``%vK#1``."""
    args = ", ".join(f"%arg{i}: {ACT}{attributes}" for i in range(n))
    ops = [f'    %v{i}:2 = "t.two"(%arg{i}) : ({ACT}) -> ({ACT}, {ACT})' for i in range(n)]
    types = ", ".join([ACT] * n)
    call = f"    %c:{n} = call @g(" + ", ".join(f"%v{i}#0" for i in range(n)) + f") : ({types}) -> ({types})"
    ret = "    return " + ", ".join(f"%v{i}#1" for i in range(n)) + f" : {types}"
    return "\n".join([f"func.func @main({args}) -> ({types}) {{", *ops, call, ret, "}"]) + "\n"


def _long(n: int, name: str) -> refine_read.Lazy:
    """The statement ``name`` (``call`` or ``return``) of :func:`_module` of ``n``, as refine's reader read it."""
    functions, _ = refine_read.read_functions(_module(n), {})
    found = [
        s for s in refine_read.made(functions[0].statements) if type(s) is refine_read.Lazy and s.form.name == name
    ]
    assert len(found) == 1
    return found[0]


def _in_header_module(code: CodeType) -> bool:
    return code.co_filename == refine_header.__file__


@pytest.mark.parametrize("name", ["call", "return"])
def test_a_long_statement_is_moved_in_c(name: str) -> None:
    """A call or a return of 2,000 operands named ``%vK#N`` is read from its form
    (:func:`.refine_header.from_key`) in as many Python steps as one of 100 (on ``ea872ef`` a
    return's operands and each item of either were moved one by one: 10,000 steps more and over)."""

    def steps(n: int) -> tuple[int, Any]:
        s = _long(n, name)
        form, st = s.form, s.form.statement
        assert st is not None
        found, count = traced_lines(lambda: refine_header.from_key(st, form.key, s.text, s.names), _in_header_module)
        assert found is not None and found == read_as_named(s.text)
        return count, found

    steps(100)  # (what a first run does once)
    small, _ = steps(100)
    large, statement = steps(2_000)
    assert large - small < 50
    assert statement.operands[-1].name == "%v1999" and statement.operands[-1].number == (1 if name == "return" else 0)


@pytest.mark.parametrize("attributes", ["", ' {mhlo.sharding = "{replicated}"}', ' {x.s = "%_ b"}', " {x.n = %_}"])
def test_a_statement_from_its_key_is_its_reading(attributes: str) -> None:
    """The header, the call and the return of :func:`_module`, made from the scanner's forms, are
    what reading their text gives (a ``%`` in a string, or a name the key does not write ``%_``:
    the names are looked for as before, :func:`.refine_header.key_starts`)."""
    functions, _ = refine_read.read_functions(_module(40, attributes), {})
    fn = functions[0]
    header = fn.header
    assert type(header) is refine_read.Header
    assert header.statement == read_as_named(header.text)
    longs = [
        s for s in refine_read.made(fn.statements) if type(s) is refine_read.Lazy and s.form.name in ("call", "return")
    ]
    assert len(longs) == 2
    for s in longs:
        form = s.form
        assert form.statement is not None
        assert refine_header.from_key(form.statement, form.key, s.text, s.names) == read_as_named(s.text)


def test_key_starts_is_where_name_spans_finds_names() -> None:
    """:func:`.refine_header.key_starts` is where :func:`.lines.name_spans` finds each name (all
    ``%_``), or ``[-1]`` where one is longer, on keys that take its ``str.split`` and keys that do
    not, and on 5,000 random ones (quotes, backslashes, ``%``, ``%_``, ``#1``, name characters)."""
    from broadcheck.syntax.lines import name_spans

    keys = [
        "%_ = a.b %_, %_ : t",
        'f(%_) {s = "x%y", t = "%_"} : (%_) -> ()',
        'f(%_) {s = "a\\"%_"} %_',
        "%_#1 = x %_",
        "%_x %_",
        "%%_ %_",
        "%_#a %_.",
        'g "unterminated %_',
        "",
        "no names",
    ]
    pieces = ['"', "%", "%_", "a", " ", ",", "(", ")", "\\", "#1", ".", "{", "}", "=", "\n"]
    chosen = Random(5)
    keys += ["".join(chosen.choice(pieces) for _ in range(chosen.randint(0, 14))) for _ in range(5_000)]
    for key in keys:
        spans = name_spans(key)
        expected = [a for a, _ in spans] if all(b - a == 2 for a, b in spans) else [-1]
        assert refine_header.key_starts(key) == expected, key


def test_a_headers_key_is_cut_into_its_names_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refine reads a header's statement from its head form and re-types that form for the check
    of the refined text: its key (2 MB at 480 layers) is cut into its names once for both
    (:attr:`.refine_read.Header.starts`), by ``str.split`` (on ``ea872ef``: by
    :func:`.lines.name_spans`, twice a re-typed header, its strings looked for on the way)."""
    from broadcheck.syntax import lines

    spans: list[str] = []
    starts: list[str] = []
    name_spans, key_starts = lines.name_spans, refine_header.key_starts

    def counted_spans(text: str) -> list[tuple[int, int]]:
        if text.startswith("func.func"):
            spans.append(text)
        return name_spans(text)

    def counted_starts(key: str) -> list[int]:
        if key.startswith("func.func"):
            starts.append(key)
        return key_starts(key)

    monkeypatch.setattr(refine_header, "name_spans", counted_spans)
    monkeypatch.setattr(refine_read, "key_starts", counted_starts)
    after, diagnostics, _ = refine_text("jax.mlir", _jax_module(5), Request(dims={"b": 16}), Options())
    assert not diagnostics and "?" not in after
    assert spans == []
    # @main's header and @_wrapped's (its `jax.global_constant = "b"` a string), each once
    assert len(starts) == 2 and len(set(starts)) == 2


class _Counted:
    """A pattern whose ``match`` is counted."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.calls = pattern, 0

    def match(self, *args: Any) -> re.Match[str] | None:
        self.calls += 1
        return self.pattern.match(*args)


def test_the_reader_takes_each_indent_from_the_statement_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader's statements of one line start where the statement before's indent ends if
    the line has that indent (its text's start: :attr:`.refine_read.Lazy.at`), not where a pattern
    finds it on each line (on ``ea872ef``: a match for each of 377,737 statements at 480 layers)."""
    counted = _Counted(re.compile(r"\s*"))
    monkeypatch.setattr(refine_read, "INDENT", counted)
    text = layers(40)
    functions, _ = refine_read.read_functions(text, {})
    lazies = [s for fn in functions for s in refine_read.made(fn.statements) if type(s) is refine_read.Lazy]
    assert len(lazies) >= 200
    assert counted.calls <= 5
    source_lines = text.split("\n")
    for s in lazies:  # each where its line's text starts, its column, its text and size
        line = source_lines[s.line - 1]
        indent = len(line) - len(line.lstrip())
        assert (s.column, s.text, s.size) == (indent + 1, line.strip(), len(line.strip()))
        assert text[s.at : s.at + s.size] == s.text


@pytest.mark.parametrize("edited", [[7], [0, 99], [3, 50, 51, 98]])
def test_a_long_statement_retyped_reads_as_its_text(edited: list[int]) -> None:
    """:func:`.refine_header.retyped` of a call of 100 operands, a few of its types re-typed (each
    looked for among the types it writes, its offsets moved a run at a time), is the statement its
    new key reads as; an edit that is not a type's span is refused."""
    from broadcheck.syntax.statement import read_statement

    s = _long(100, "call")
    form = s.form
    st = form.statement
    assert st is not None and st.signature is not None
    inputs = st.signature.inputs
    edits = [(inputs[i].start, inputs[i].end, f"tensor<{i + 1}x3xf32>") for i in edited]
    found = refine_header.retyped(st, form.key, edits)
    assert found is not None
    key, statement = found
    assert statement == read_statement(key)
    assert [t.text for t in statement.signature.inputs if t.text != ACT] == [e[2] for e in edits]  # type: ignore[union-attr]
    start, end, new = edits[0]
    assert refine_header.retyped(st, form.key, [(start, end + 1, new)]) is None
    assert refine_header.retyped(st, form.key, [(start + 1, end, new)]) is None
