"""Long literals and long lines are read in linear, allocation-light passes.

A ``dense<[...]>`` of a million elements, or a per-axis quantized type whose scales run to
tens of thousands of characters, is one token (:data:`broadcheck.syntax.lexer.TOKEN`'s
``literal``), and the passes over a statement's whole text (brackets, value names, keys)
skip what cannot matter in one possessive run. Each is held here to the token-by-token
reading it replaces, on random texts, and its work is counted, never timed.
"""

from __future__ import annotations

import random
import re

import pytest

from broadcheck.ops import OpaqueType
from broadcheck.syntax import cursor, lexer, lines
from broadcheck.syntax.statement import SyntaxProblem, read_statement, tokens

# ---------------------------------------------------------------- random statements


def _number(rng: random.Random) -> str:
    return rng.choice(["0", "1", "-1", "2.5", "-3.0e-02", "1.0E+3", "7", "0x7FC00000", "inf", "nan", "true", "false"])


def _nested(rng: random.Random, rank: int, size: int) -> str:
    if rank == 0:
        return _number(rng) if rng.random() < 0.9 else f"({_number(rng)}, {_number(rng)})"
    sep = rng.choice([", ", ","])
    return "[" + sep.join(_nested(rng, rank - 1, size) for _ in range(size)) + "]"


def _literal(rng: random.Random) -> str:
    rank = rng.randrange(1, 6)
    size = rng.randrange(1, 5) if rank > 1 else rng.randrange(1, 40)
    body = _nested(rng, rank, size)
    if rng.random() < 0.1:  # broken: a bracket too many or too few, a stray word
        cut = rng.randrange(len(body))
        body = body[:cut] + rng.choice(["[", "]", " x ", "", "%a", '"s"', ">"]) + body[cut:]
    return f"dense<{body}>"


def _quant(rng: random.Random) -> str:
    scales = ",".join(f"{rng.random():.6e}" + (f":{rng.randrange(-9, 9)}" if rng.random() < 0.5 else "")
                      for _ in range(rng.randrange(1, 30)))  # fmt: skip
    return f"!quant.uniform<i8<-127:127>:f32:{rng.randrange(3)}, {{{scales}}}>"


def _statements(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        t = f"tensor<4x{_quant(rng)}>" if rng.random() < 0.4 else "tensor<4xf32>"
        kind = rng.randrange(4)
        if kind == 0:
            out.append(f'%0 = "tf.Const"() {{value = {_literal(rng)} : tensor<4xf32>}} : () -> {t}')
        elif kind == 1:
            out.append(f"%0 = arith.constant {_literal(rng)} : {t}")
        elif kind == 2:
            out.append(f'%0 = "tosa.add"(%a, %b) {{p = {_literal(rng)} : tensor<2xi32>}} : ({t}, {t}) -> {t}')
        else:
            out.append(f"%0 = stablehlo.constant {{a = [{_literal(rng)}, 1]}} {_literal(rng)} : {t}")
    return out


def _read(text: str) -> object:
    try:
        return read_statement(text)
    except SyntaxProblem as problem:
        return ("problem", problem.message, problem.start, problem.end)


def test_a_long_literal_reads_as_its_tokens_do(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _statements(3000, 20261128)
    monkeypatch.setattr(cursor, "TOKEN", lexer.token_pattern(10**9))
    want = [_read(t) for t in texts]
    monkeypatch.setattr(cursor, "TOKEN", lexer.token_pattern(1))  # every literal one token
    got = [_read(t) for t in texts]
    assert got == want
    one = sum(1 for t in texts for tok in tokens(t) if tok.kind == "literal")
    assert one > 2000, one  # the literals were taken whole, not left to the token-by-token reading


def test_a_literal_s_tokens_do_not_grow_with_its_size() -> None:
    def count(elements: int) -> int:
        values = ", ".join(f"{i % 97}.5" for i in range(elements))
        return len(tokens(f'%0 = "tf.Const"() {{value = dense<[{values}]> : tensor<{elements}xf32>}} : () -> f32'))

    assert count(1000) == count(100_000) < 30


def test_per_axis_scales_are_one_token() -> None:
    scales = ",".join(f"{i / 1000:.6e}:{i % 5}" for i in range(5000))
    text = f"%0 = tfl.quantize %a : (tensor<5000xf32>) -> tensor<5000x!quant.uniform<i8:f32:0, {{{scales}}}>>"
    assert len(tokens(text)) < 40
    assert read_statement(text).signature is not None


def test_a_short_literal_is_read_token_by_token() -> None:
    kinds = {tok.kind for tok in tokens("%0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>")}
    assert "literal" not in kinds


# ---------------------------------------------------------------- the passes over a whole text

# A string, a comment (to MLIR's lexer a blank: a `// CHECK: %[[X]]` line inside a statement holds no
# name) or a value's name, one token at a time: the reference the scanner's one-pass patterns are held to.
_OLD_NAME_OR_STRING = re.compile(r'"(?:[^"\\\n]++|\\.)*+"?|//[^\n]*+|%[A-Za-z0-9_$.\-]+(?:#[0-9]+)?')
_PIECES = ["%a", "%0#1", "%arg0", "%", "%%b", '"s %x"', '"e\\"%y"', '"open %z', "\n", " ", ", ", "x", "#", "1",
           "(", ")", "{", "}", "<", ">", "->", ">=", "[", "]", "//", "/", "-", "dense<[1, 2]>", "= "]  # fmt: skip


def _texts(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randrange(1, 60))) for _ in range(count)]


def test_value_names_are_found_as_before() -> None:
    for text in _texts(5000, 3):
        old = [m for m in _OLD_NAME_OR_STRING.finditer(text) if m.group()[0] == "%"]
        assert lines.name_spans(text) == [m.span() for m in old], text
        assert lines.names(text) == [m.group() for m in old], text
        want = _OLD_NAME_OR_STRING.sub(lambda m: "%_" if m.group()[0] == "%" else m.group(), text)
        assert lines.key_text(text) == want, text


def test_brackets_are_found_as_the_tokens_find_them() -> None:
    kinds = ("string", "comment", "arrow", "open", "close")
    for text in _texts(5000, 5):
        tokens = lexer.token_pattern(10**9).finditer(text)
        want = [(m.group(), m.start()) for m in tokens if m.lastgroup in kinds or m.group() == ">="]
        assert [(m.group(1), m.start(1)) for m in lexer.bracket_tokens(text)] == want, text


def test_an_inline_region_is_found_as_before() -> None:
    from broadcheck.engine import scan_brace as scan

    def old(text: str) -> int | None:  # the token-by-token reading this replaced
        if "{" not in text:
            return None
        stack: list[str] = []
        generic = scan._GENERIC.match(text) is not None
        for m in lexer.token_pattern(10**9).finditer(text):
            kind, token = m.lastgroup, m.group()
            if kind == "open":
                if token == "{":
                    inside = "".join(stack)
                    if generic:
                        if inside == "(" and scan._opens_region_text(text, m.end()):
                            return m.start()
                    elif (
                        not inside
                        and scan._previous_token(text, m.start()) not in ("=", "attributes", "<", ",")
                        and (
                            scan._opens_region_text(text, m.end(), True)
                            or scan._empty_region(text, 0, m.end(), len(text))
                        )
                    ):
                        return m.start()
                stack.append(token)
            elif kind == "close" and stack:
                stack.pop()
        return None

    rng = random.Random(11)
    heads = ['"foo.bar"(%a) ({', "foo.bar %a {", "func.func @f() {", "scf.if %c -> (f32) {", ""]
    found = 0
    for text in _texts(5000, 7):
        text = rng.choice(heads) + text.replace("\n", " ")
        assert scan.inline_region(text) == old(text), text
        found += old(text) is not None
    assert found > 100, found


# ---------------------------------------------------------------- types of a dialect's elements


def _element_types(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dims = "".join(
            rng.choice(["1x", "4x", "?x", "0x", "2000x", "99999999999999999999x"]) for _ in range(rng.randrange(4))
        )
        element = rng.choice([_quant(rng), "!quant.uniform<i8:f32, 0.5:-3>", "!tf_type.resource<tensor<4xf32>>",
                              "!a.b<{x}>", "!ab<1>", "!quant.uniform<i8<-127:127>:f32, 1.0>", "!x.y<a->b>",
                              "!tf_type.variant", "!tosa.shape<3>", "!a.", "!ab", "!a.b<>", "!a.b<x >= y>"])  # fmt: skip
        if rng.random() < 0.2:
            dims = "*x"  # (unranked: a tensor's, not a vector's)
        text = f"{rng.choice(['tensor', 'vector'])}<{dims}{element}>"
        if rng.random() < 0.2:  # broken
            cut = rng.randrange(len(text))
            text = text[:cut] + rng.choice(["<", ">", "{", "}", "", " ", ",", '"']) + text[cut + 1 :]
        out.append(text)
    return out


def test_a_dialect_element_type_reads_as_the_grammar_reads_it() -> None:
    from broadcheck.syntax.parser import parse_type
    from broadcheck.syntax.problem import SyntaxProblem as TypeProblem
    from broadcheck.syntax.types import dialect_element_type

    taken = 0
    for text in _element_types(3000, 13):
        fast = dialect_element_type(text)
        if fast is None:
            continue
        taken += 1
        try:
            slow = parse_type(text)
        except TypeProblem as problem:
            raise AssertionError(f"the fast reader takes what the grammar rejects ({problem}): {text}") from None
        assert fast == slow, text
    assert taken > 1000, taken


def _dialect_types(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    names = ["!tosa.shape", "!tf_type.variant", "!a.b.c", "!a.", "!ab", "!_x$.y$", "!1a.b", "!a-b.c"]
    bodies = ["", "<3>", "<>", "<i8:f32, 0.5:-3>", "<tensor<4xf32>>", "<{x}>", "<a->b>", "<a >= b>", "<[1, 2]>",
              '<"s">', "<(x)>", "<1/2>", "<%x>", "< 4 >"]  # fmt: skip
    out = []
    for _ in range(count):
        text = rng.choice(names) + rng.choice(bodies)
        if rng.random() < 0.2:  # broken
            cut = rng.randrange(len(text))
            text = text[:cut] + rng.choice(["<", ">", "{", "}", "", " ", ",", '"']) + text[cut + 1 :]
        out.append(text)
    return out


def test_a_dialect_type_reads_as_the_grammar_reads_it() -> None:
    from broadcheck.syntax.parser import parse_type
    from broadcheck.syntax.problem import SyntaxProblem as TypeProblem
    from broadcheck.syntax.types import read_type

    fast_only: list[str] = []
    for aliases in ({}, {"ab": OpaqueType("i32"), "tf_type.variant": OpaqueType("f32")}):
        for text in _dialect_types(2000, 17):
            try:
                slow: object = parse_type(text, aliases)
            except TypeProblem as problem:
                slow = problem.message
            try:
                fast: object = read_type(text, aliases)
            except TypeProblem as problem:
                fast = problem.message
            assert fast == slow, text
            fast_only += [text] if isinstance(slow, OpaqueType) else []
    assert len(fast_only) > 1000, len(fast_only)


def test_a_dialect_type_is_read_without_the_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    from broadcheck.syntax import parser, types

    asked: list[str] = []
    monkeypatch.setattr(parser, "parse_type", lambda text, aliases=None: asked.append(text))
    for text in ["!tosa.shape<3>", "!tf_type.variant", "tensor<*x!tf_type.variant>", "tensor<!tf_type.variant>",
                 "tensor<2x!quant.uniform<i8:f32, 0.5>>"]:  # fmt: skip
        assert types.read_type(text) is not None
    assert asked == []  # (f830a58: the first three went to the grammar, importing Lark: 40 ms)
