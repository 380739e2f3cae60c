"""Issue 31's peak RSS on one long line (task ``bigline``): a literal of a million elements and a
frozen graph's weights are read with a bounded number of copies, and the passes that now read
them without copies give what the copying passes gave. Copies and objects are counted
(``tracemalloc``), never timed."""

from __future__ import annotations

import random
import re
import tracemalloc
from collections.abc import Iterable
from pathlib import Path

import pytest

from broadcheck.dialects import literal
from broadcheck.engine.options import Options
from broadcheck.runner import check_one
from broadcheck.syntax import lexer

# ---------------------------------------------------------------- the literal's reading (dialects/literal.py)

_OLD_TOKEN = re.compile(r'\s*(?:(?P<punct>[\[\](),])|(?P<string>"[^"]*")|(?P<atom>[^\s\[\](),"]+))')


def _old_read_dense(body: str, base: int) -> tuple[tuple[int, ...] | None, list[tuple[str, int]] | int] | None:
    """830c51f's ``_read_dense``, which made a tuple of every token and a list of every element."""
    tokens = [
        (m.group(m.lastgroup or ""), m.lastgroup, base + m.start(m.lastgroup or "")) for m in _OLD_TOKEN.finditer(body)
    ]
    if not tokens or "".join(t for t, _, _ in tokens) != "".join(body.split()):
        return None
    if any(kind == "string" or text in ("(", ")", "-") for text, kind, _ in tokens):
        return None
    if tokens[0][0] != "[":
        return (None, [(tokens[0][0], tokens[0][2])]) if len(tokens) == 1 and tokens[0][1] == "atom" else None
    elements: list[tuple[str, int]] = []
    stack: list[list[object]] = []
    i = 0
    while i < len(tokens):
        text, kind, offset = tokens[i]
        if text == "[":
            stack.append([0, None])
            i += 1
            continue
        if text == "]":
            if not stack:
                return None
            count, first = stack.pop()
            dims = (int(count), *first) if isinstance(first, tuple) else (int(count),)  # type: ignore[call-overload]
            i += 1
            if not stack:
                return (dims, elements) if i == len(tokens) else None
        elif kind == "atom" and stack:
            dims = ()
            elements.append((text, offset))
            i += 1
        elif text == "," and stack:  # (an element wanted: `[1,, 2]`)
            return (None, offset)
        else:
            return None
        frame = stack[-1]
        if frame[1] is None:
            frame[1] = dims
        elif frame[1] != dims:
            return (None, tokens[i][2] if i < len(tokens) else offset + len(text))
        frame[0] = int(frame[0]) + 1  # type: ignore[call-overload]
        if i < len(tokens) and tokens[i][0] == ",":
            i += 1
            if i < len(tokens) and tokens[i][0] == "]":  # (an element wanted: `[1, ]`)
                return (None, tokens[i][2])
    return None


def _old_close(text: str, start: int) -> int:
    depth, j = 1, start
    while j < len(text):
        c = text[j]
        if c == '"':
            j = text.find('"', j + 1)
            if j < 0:
                return -1
        elif c == "<":
            depth += 1
        elif c == ">" and text[j - 1] != "-":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return -1


def _materialized(found: object) -> object:
    if isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], Iterable):
        return (found[0], list(found[1]))
    return found


_PIECES = [
    "[",
    "]",
    ", ",
    ",",
    " ",
    "1",
    "-2",
    "2.5e-3",
    "0x7F",
    "true",
    "(",
    ")",
    "-",
    '"s"',
    '"a b"',
    '"',
    "x",
    "\t",
    "\u00a0",
    "\n",
]

TABLE = [
    "",
    "  ",
    "1",
    " 1 ",
    "[1, 2]",
    "[[1, 2], [3, 4]]",
    "[[1, 2], [3]]",
    "[[1, 2], 3]",
    "[1, [2]]",
    "[[1], [2], [3, 4]]",
    "[]",
    "[[]]",
    "[[], []]",
    "[1, 2]]",
    "[1, 2] 3",
    "[1 2]",
    "[1,, 2]",
    "[1, 2,]",
    '"0x00"',
    '["a"]',
    "[(1, 2)]",
    "[-, 1]",
    '[1, 2] "',
    '[1, "2]',
    "[1,\u00a02]",
    "[[1, 2], [3, 4]\n]",
    "1 2",
    "]",
]


@pytest.mark.parametrize("body", TABLE)
def test_a_dense_literal_reads_as_the_token_list_read_it(body: str) -> None:
    for base in (0, 7):
        assert _materialized(literal._read_dense(body, base)) == _old_read_dense(body, base)


def test_random_dense_literals_read_as_the_token_list_read_them() -> None:
    rng = random.Random(31)
    for _ in range(3000):
        body = "".join(rng.choice(_PIECES) for _ in range(rng.randrange(0, 14)))
        if rng.random() < 0.5:
            body = "[" + body + "]"
        assert _materialized(literal._read_dense(body, 3)) == _old_read_dense(body, 3), body


def test_the_closing_angle_is_found_as_by_each_character() -> None:
    rng = random.Random(5)
    pieces = ["<", ">", "->", '"', '"<>"', "a", " ", "-", "x>y"]
    for _ in range(3000):
        text = "dense<" + "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 10)))
        for start in range(1, len(text) + 1):
            assert literal._close(text, start) == _old_close(text, start), (text, start)


def test_a_million_elements_are_not_kept_as_tuples() -> None:
    """The check of a 100k-element literal against its type holds its text and a few objects:
    830c51f made a tuple and a string of every token (about 245 bytes an element)."""
    n = 100_000
    body = "[" + ", ".join(f"{i % 97}.5" for i in range(n)) + "]"
    tracemalloc.start()
    try:
        found = literal._read_dense(body, 6)
        assert found is not None and found[0] == (n,)
        elements = found[1]
        assert not isinstance(elements, int)
        assert sum(1 for _ in elements) == n
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50_000, f"{peak} bytes at the peak for {len(body)} characters"


# ---------------------------------------------------------------- the lexer's bracket check (syntax/lexer.py)


def _old_closed_string(token: str) -> bool:
    if len(token) < 2 or not token.endswith('"'):
        return False
    backslashes = len(token) - 1 - len(token[:-1].rstrip("\\"))
    return backslashes % 2 == 0


def _old_bracket_depth(text: str, stack: str, pos: int = 0, endpos: int | None = None) -> lexer.Depth | None:
    """830c51f's ``_bracket_depth``, which copied the text's tail and every token."""
    end = len(text) if endpos is None else endpos
    tail = text[pos:end].rstrip()
    last = "->" if tail.endswith("->") else tail[-1:]
    if last not in lexer._LAST:
        return None
    opened = list(stack)
    unterminated = False
    token = ""
    for found in lexer._BRACKETS.findall(text, pos, end):
        if not found:
            continue
        token = found
        first = token[0]
        if first in "([{<":
            opened.append(first)
        elif first in ")]}" or token == ">":
            if not opened or opened[-1] != lexer._PAIRS[first]:
                return None
            opened.pop()
        elif first == '"' and not _old_closed_string(token):
            unterminated = True
    if token[:1] == '"' or token[:2] == "//" or (last not in ",:" and token != last):
        return None
    return lexer.Depth("".join(opened), last, unterminated, -1, end)


_LEXER_PIECES = ["(", ")", "[", "]", "{", "}", "<", ">", "->", ">=", ",", ":", '"a"', '"\\"', '"\\\\"', '"x', "//c",
                 "/", "-", " ", "\t", "\u00a0", "\n", "%0", "x", '"0x3C3C"']  # fmt: skip


def test_the_bracket_check_reads_in_place_as_it_read_copies() -> None:
    rng = random.Random(17)
    for _ in range(20000):
        text = "".join(rng.choice(_LEXER_PIECES) for _ in range(rng.randrange(0, 12)))
        stack = rng.choice(["", "(", "<{", "["])
        pos = rng.randrange(0, 3) if text else 0
        endpos = rng.choice([None, max(pos, len(text) - 1)])
        assert lexer._bracket_depth(text, stack, pos, endpos) == _old_bracket_depth(text, stack, pos, endpos), text
        assert lexer._closed_string(text) == _old_closed_string(text), text


def test_a_weight_string_is_not_copied_by_the_bracket_check() -> None:
    size = 1 << 20
    text = (
        f'%_ = "tf.Const"() <{{value = dense<"0x{"3C" * (size // 2)}"> : tensor<{size // 8}xf32>}}> : () -> tensor<f32>'
    )
    tracemalloc.start()
    try:
        found = lexer.depth(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert found.stack == "" and not found.unterminated
    assert peak < size // 8, f"{peak / size:.2f} copies of the string"


# ---------------------------------------------------------------- a frozen graph's weights (lexer.elide_weights)

_HEX = "3C" * 40_000  # 80k digits: above lexer.WEIGHTS
_T = "tensor<10000xf32>"


def _graph(line: str) -> str:
    return (
        "func.func @main() -> tensor<*xf32> {\n  %0 = tf_executor.graph {\n"
        '    %outputs, %control = tf_executor.island wraps "tf.Const"() <{value = dense<1.0> : tensor<f32>}>'
        " : () -> tensor<f32>\n"
        f"{line}"
        '    %outputs_2, %control_3 = tf_executor.island wraps "tf.Identity"(%outputs_0) {device = ""}'
        f" : ({_T}) -> tensor<*xf32>\n"
        "    tf_executor.fetch %outputs_2 : tensor<*xf32>\n  }\n  return %0 : tensor<*xf32>\n}\n"
    )


def _function(line: str, first: bool) -> str:
    before = "" if first else '  %a = "tf.Const"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>\n'
    return (
        f"func.func @main(%x: {_T}) -> {_T} {{\n{before}{line}"
        f'  %1 = "tf.AddV2"(%cst, %x) : ({_T}, {_T}) -> {_T}\n  return %1 : {_T}\n}}\n'
    )


def _island(result: str, tail: str = "") -> str:
    return (
        f'    %outputs_0, %control_1 = tf_executor.island wraps "tf.Const"() <{{value = dense<"0x{_HEX}"> : {_T}}}>'
        f' {{device = ""}} : () -> {result}{tail}\n'
    )


def _const(result: str, tail: str = "", digits: str = _HEX, value: str = _T) -> str:
    return f'  %cst = "tf.Const"() <{{value = dense<"0x{digits}"> : {value}}}> : () -> {result}{tail}\n'


WEIGHT_FILES = {
    "island": _graph(_island(_T)),
    "island, wrong type": _graph(_island("tensor<7xf32>")),
    "island, wrong element": _graph(_island("tensor<10000xi32>")),
    "island, a word after": _graph(_island(_T, " garbage")),
    "first statement": _function(_const(_T), True),
    "first statement, wrong type": _function(_const("tensor<7xf32>"), True),
    "first statement, a brace after": _function(_const(_T, " }"), True),
    "one line": _function(_const(_T), False),
    "wrong type": _function(_const("tensor<7xf32>"), False),
    "wrong type, a location": _function(_const("tensor<7xf32>", ' loc("x")'), False),
    "a word after": _function(_const(_T, " extra"), False),
    "a digit that is not hex": _function(_const("tensor<7xf32>", digits=_HEX[:-3] + "G3C"), False),
    "a dynamic result": _function(_const("tensor<?xf32>"), False),
    "the value's type differs": _function(_const(_T, value="tensor<10000xi32>"), False),
    "two lines": _function(f'  %cst = "tf.Const"() <{{value = dense<"0x{_HEX}"> : {_T}}}>\n     : () -> {_T}\n', False),
    "two results": _function(
        f'  %cst:2 = "tf.Const"() <{{value = dense<"0x{_HEX}"> : {_T}}}> : () -> ({_T}, {_T})\n', False
    ),
    "unterminated": _function(f'  %cst = "tf.Const"() <{{value = dense<"0x{_HEX}> : {_T}}}> : () -> {_T}\n', False),
}


def _report(path: Path) -> list[tuple[object, ...]]:
    result = check_one(str(path), Options(), "-")
    assert not isinstance(result, Exception)
    return [(d.code, d.severity, d.message, d.span, d.notes) for d in result.diagnostics]


@pytest.mark.parametrize("name", list(WEIGHT_FILES))
def test_weights_written_short_in_the_key_report_as_written_whole(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The diagnostics (codes, messages, places) are those of the same run with the weights kept
    in the key: errors before, in and after them, on the fast path and on the slow one."""
    from broadcheck.engine import scan, scan_pieces

    path = tmp_path / "w.mlir"
    path.write_text(WEIGHT_FILES[name])
    elided = _report(path)
    monkeypatch.setattr(scan, "elide_weights", lambda key, rest=False: key)
    monkeypatch.setattr(scan_pieces, "elide_weights", lambda key, rest=False: key)
    assert elided == _report(path)


def test_weights_are_elided_only_where_they_are_a_tf_const_s_value() -> None:
    long = f'dense<"0x{_HEX}">'
    kept = [
        f'%_ = "tf.Other"() <{{value = {long} : {_T}}}> : () -> {_T}',
        f'%_ = "tf.Const"() <{{other = {long} : {_T}}}> : () -> {_T}',
        f"%_ = stablehlo.constant {long} : {_T}",
        f'%_ = "tf.Const"() <{{value = dense<"0x{_HEX[:200]}"> : {_T}}}> : () -> {_T}',  # short
        f'%_ = "tf.Const"() <{{value = dense<"0x{_HEX}G"> : {_T}}}> : () -> {_T}',  # not hex
    ]
    for key in kept:
        assert lexer.elide_weights(key) is key
    key = f'%_, %_ = tf_executor.island wraps "tf.Const"() <{{value = {long} : {_T}}}> {{device = ""}} : () -> {_T}'
    assert lexer.elide_weights(key) == key.replace(_HEX, "")
    rest = f" <{{value = {long} : {_T}}}> : () -> {_T}"  # (after `"tf.Const"()`, as the fast pass cuts it)
    assert lexer.elide_weights(rest, rest=True) == rest.replace(_HEX, "")
    assert lexer.elide_weights(f"(){rest}", rest=True) == f"(){rest}"


def test_a_weight_line_of_a_graph_is_held_about_twice(tmp_path: Path) -> None:
    """A frozen graph's weights on one line of an island (the scanner's fast pass): at the
    check's peak, the reader's segment and the row's rest (the block is the reader's alone, and
    the key holds the weights written short): 2.0 copies of the line, 10.0 on 830c51f (the
    decoded block held by the runner, the reader's, the key, the synthesized statement, the inner
    op's key, the statement's items and attributes, the lexer's and the scanner's bracket checks)."""
    size = 1 << 21
    line = _island(_T).replace(_HEX, "3C" * (size // 2)).replace(_T, f"tensor<{size // 8}xf32>")
    text = _graph(line).replace(_T, f"tensor<{size // 8}xf32>")
    path = tmp_path / "weights.mlir"
    path.write_text(text)
    check_one(str(path), Options(), "-")  # imports and tables first: they are not the line's
    tracemalloc.start()
    try:
        result = check_one(str(path), Options(), "-")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert not isinstance(result, Exception) and not result.diagnostics
    assert peak < 2.5 * size, f"{peak / size:.1f} copies of the line at the peak"


# ---------------------------------------------------------------- the bench's literal file (bench/run.py literal_file)


def test_the_bench_s_literal_file_holds_its_lines_a_bounded_number_of_times(tmp_path: Path) -> None:
    """``bench/run.py``'s ``literal_file``, at 100k elements: a checked op's attribute (the first
    statement of its function: the slow path) and a ``tf.Const`` (the fast pass), each a line
    of 0.59 MB. At the check's peak: 68.7 copies of a line on 830c51f (the literal's tokens as
    tuples), 7.0 now (the reader's segment of both lines, the row's rest, the statement's text,
    its key, its tokens and its attribute, the form the region keeps as its last). The first
    statement takes the fast pass since the fifteenth stop, which cuts its line from its rows and
    sends it on at once as the slow path cut it from its block: 9.0 if it kept the row to the end
    of the block."""
    n = 100_000
    values = ", ".join(f"{i % 97}.5" for i in range(n))
    t = f"tensor<{n}xf32>"
    path = tmp_path / "literal.mlir"
    path.write_text(
        f"func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %x: {t}) -> ({t}, tensor<2x3xf32>) {{\n"
        f'  %0 = "tosa.add"(%a, %b) {{payload = dense<[{values}]> : {t}}}'
        " : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>\n"
        f'  %c = "tf.Const"() {{value = dense<[{values}]> : {t}}} : () -> {t}\n'
        f'  %1 = "tf.AddV2"(%x, %c) : ({t}, {t}) -> {t}\n'
        f"  return %1, %0 : {t}, tensor<2x3xf32>\n}}\n"
    )
    line = len(values) + 60
    check_one(str(path), Options(), "-")  # imports and tables first: they are not the lines'
    tracemalloc.start()
    try:
        result = check_one(str(path), Options(), "-")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert not isinstance(result, Exception) and not result.diagnostics
    assert peak < 7.5 * line, f"{peak / line:.1f} copies of a line at the peak"


def test_a_flat_list_reads_in_one_pass_as_element_by_element(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_read_dense``'s and ``_elements``'s one-pass readings of a flat list (of any elements; of
    floats) give what the token-by-token walk and the check of each element give."""
    from broadcheck.ops import Attribute, ShapedType, Span
    from broadcheck.syntax.types import read_type

    atoms = ["1", "-2", "2.5", "-0.5", "1e5", "+1.", "1.5e", "0x7F", "0x7FC00000", "-", "true", "nan", "inf",
             "300", "-129", "1.0E+3", "(1, 2)", '"s"', "[1]", "x"]  # fmt: skip
    rng = random.Random(29)
    cases = []
    for _ in range(4000):
        count = rng.randrange(1, 6)
        items = [rng.choice(atoms) if rng.random() < 0.3 else rng.choice(atoms[:6]) for _ in range(count)]
        body = "[" + "".join(item + rng.choice([", ", ",", " , ", " "]) for item in items[:-1]) + items[-1] + "]"
        element = rng.choice(["f32", "bf16", "f64", "i8", "i32", "ui8", "index", "i1"])
        shape = count if rng.random() < 0.8 else count + 1
        cases.append((body, element, shape))

    def problems() -> list[object]:
        out = []
        for body, element, shape in cases:
            text = f"dense<{body}> : tensor<{shape}x{element}>"
            attr = Attribute("value", text, Span(3, 10, 3, 10 + len(text)), False)
            type_ = read_type(f"tensor<{shape}x{element}>")
            assert isinstance(type_, ShapedType)
            out.append((literal._elements(attr, body, 6, type_), _materialized(literal._read_dense(body, 6))))
        return out

    fast = problems()
    never = re.compile(r"(?!)")
    monkeypatch.setattr(literal, "_FLAT_LIST", never)
    monkeypatch.setattr(literal, "_FLOAT_LIST", never)
    assert fast == problems()
    assert sum(1 for problem, _ in fast if problem is not None) > 100  # (the table has wrong elements)


def _old_token_depth(text, stack, pos=0, endpos=None, region=None, close=False):  # type: ignore[no-untyped-def]
    """830c51f's ``_token_depth``, which copied every token (a string of megabytes too)."""
    end = len(text) if endpos is None else endpos
    opened = list(stack)
    last = ""
    unterminated = False
    mismatch = -1
    for m in lexer.TOKEN.finditer(text, pos, end):
        kind = m.lastgroup
        if kind in ("space", "newline", "comment"):
            continue
        token = m.group()
        if kind == "open":
            if token == "{" and region is not None and mismatch < 0 and region(m.start(), "".join(opened)):
                return lexer.Depth("".join(opened), last, unterminated, mismatch, m.start(), m.start())
            opened.append(token)
        elif kind == "close":
            if opened and opened[-1] == lexer._PAIRS[token]:
                opened.pop()
            elif mismatch < 0:
                mismatch = m.start()
                if close and token == "}":
                    return lexer.Depth("".join(opened), last, unterminated, mismatch, mismatch)
        elif kind == "string" and not _old_closed_string(token):
            unterminated = True
        last = token
    return lexer.Depth("".join(opened), last, unterminated, mismatch, end)


def test_the_token_walk_reads_strings_in_place_as_it_read_copies() -> None:
    rng = random.Random(23)
    pieces = [*_LEXER_PIECES, "dense<[" + ", ".join(["1.5"] * 80) + "]>", "{", "}"]

    def region(at: int, inside: str) -> bool:
        return (at + len(inside)) % 3 == 0

    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        stack = rng.choice(["", "(", "<{", "["])
        pos = rng.randrange(0, 3) if text else 0
        endpos = rng.choice([None, max(pos, len(text) - 1)])
        for kw in ({}, {"region": region}, {"close": True}):
            got = lexer._token_depth(text, stack, pos, endpos, **kw)  # type: ignore[arg-type]
            assert got == _old_token_depth(text, stack, pos, endpos, **kw), (text, kw)


# ---------------------------------------------------------------- a line longer than a block (inputs.read_blocks)


def test_a_line_longer_than_a_block_returns_its_copies_to_the_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``read_blocks`` asks ``malloc`` to map large blocks on their own (``inputs.long_lines``)
    when, and only when, it reads a line longer than ``LONG_LINE``; the blocks are what they were."""
    from broadcheck import inputs

    calls: list[int] = []
    monkeypatch.setattr(inputs, "long_lines", lambda: calls.append(1))
    monkeypatch.setattr(inputs, "LONG_LINE", 64)  # (a megabyte, as long as the check's blocks were)
    short = tmp_path / "short.mlir"
    short.write_bytes(b"a = 1\n" * 100)
    long = tmp_path / "long.mlir"
    long.write_bytes(b"a = 1\n" + b"x" * 1000 + b"\nb = 2\n")
    assert b"".join(inputs.read_blocks(str(short), size=64)) == short.read_bytes()
    assert calls == []
    blocks = list(inputs.read_blocks(str(long), size=64))
    assert b"".join(blocks) == long.read_bytes() and all(b.endswith(b"\n") for b in blocks)
    assert len(calls) >= 1
