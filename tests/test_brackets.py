"""``broadcheck/syntax/brackets.py``: the one walk from mark to mark that every reader of brackets
asks (a function head's types and groups, a list's entries, an attribute value's ``:``, a
dialect element type's brackets, a type's identity), its rules, and its steps counted.

The steps are Python line events in ``broadcheck/syntax`` while one reader runs: a walk from
mark to mark costs a few per bracket, string or stop, never one per character (the bound each
test holds fails on a walk per character: at ``6634fe8`` a head's type, a head's group and a
list's entries were walked so, and an attribute value's walk stopped at every ``-``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import broadcheck.syntax
from broadcheck.api import check_text
from broadcheck.syntax import head, types, written
from broadcheck.syntax.brackets import MISMATCH, UNCLOSED, scan, stops
from broadcheck.syntax.parts import type_text
from broadcheck.syntax.types import same_type_key
from tests.steps import traced_lines

SYNTAX = str(Path(broadcheck.syntax.__file__).parent)


def steps(call: Callable[[], Any]) -> tuple[Any, int]:
    """``call()``'s answer, and the line events it ran in ``broadcheck/syntax``'s modules (the
    second time: the first compiles the patterns it uses)."""
    call()
    return traced_lines(call, lambda code: code.co_filename.startswith(SYNTAX))


# ---------------------------------------------------------------- the walk's rules

COMMA = stops(",")


@pytest.mark.parametrize(
    ("text", "top", "answer"),
    [
        ("a, b", COMMA, (1, ",")),
        ("f<a, b>, c", COMMA, (7, ",")),  # (a comma inside brackets is theirs)
        ('"a, >", b', COMMA, (6, ",")),  # (a string is passed over whole)
        ('"a\\", b", c', COMMA, (8, ",")),  # (an escaped quote does not end it)
        ('"a, b', COMMA, (0, UNCLOSED)),
        ('"a\n", b', COMMA, (0, UNCLOSED)),  # (no line break in a string)
        ('"a\\\\", b', COMMA, (5, ",")),  # (an escaped backslash, then the end)
        ("(a) -> b, c", COMMA, (8, ",")),  # (`->` closes nothing)
        ("f<(a) -> (b)>, c", COMMA, (13, ",")),
        ("f<a), b", COMMA, (3, MISMATCH)),
        ("a>, b", COMMA, (1, ">")),  # (a closer outside the walk's brackets: the caller's)
        ("a b", None, (3, "")),
        ("x<(a > b)>", None, (5, MISMATCH)),  # (as MLIR's scan of a dialect's body: unbalanced '>')
    ],
)
def test_the_walk_stops_where_mlir_s_lexer_sees_the_brackets(text: str, top: Any, answer: tuple[int, str]) -> None:
    assert scan(text, 0, len(text), top) == answer


def test_an_attribute_s_comparison_is_no_bracket() -> None:
    # a dictionary's `>` that closes no `<` (`d0 >= 0`): passed over where the caller says so
    text = "{a = affine_set<(d0) : (d0 >= 0)>, b = 1} x"
    assert scan(text, 1, len(text), None, comparisons=True) == (text.index("} x"), "}")
    assert scan(text, 1, len(text))[1] == MISMATCH


def test_a_stop_comes_before_a_bracket_outside_and_not_inside() -> None:
    top = stops(r"[,{\s]|->")
    assert scan("tensor<4xf32, #a<{b}>> {c}", 0, 26, top) == (22, " ")
    assert scan("f32{x}", 0, 6, top) == (3, "{")
    assert scan("(a)->b", 0, 6, top) == (3, "->")


# ---------------------------------------------------------------- each walk's steps


def test_an_attribute_value_s_type_is_found_in_a_few_steps() -> None:
    # negative elements: the walk of 6634fe8 stopped at each `-` (one step per element)
    value = "dense<[" + ", ".join(["-1.5"] * 20_000) + "]> : tensor<20000xf32>"
    typed, count = steps(lambda: written._attribute_type(value, 100))
    assert typed is not None and typed.text == "tensor<20000xf32>"
    assert typed.start == 100 + value.index("tensor")
    assert count < 60, count  # (6634fe8: 140k)


def test_a_nested_literal_s_type_costs_steps_per_bracket_not_per_character() -> None:
    value = "dense<[" + ", ".join(["[1.0, -2.0, 3.0, -4.0]"] * 500) + "]> : tensor<500x4xf32>"
    typed, count = steps(lambda: written._attribute_type(value, 0))
    assert typed is not None and typed.text == "tensor<500x4xf32>"
    assert count < 7 * 1000, count  # (two brackets a row, 6 steps each; 6634fe8: 15.5k)


def test_a_list_s_entries_are_found_from_comma_to_comma() -> None:
    layout = "affine_map<(" + ", ".join(f"d{i}" for i in range(500)) + ") -> (d0)>"
    text = f"memref<4xf32, {layout}, 1>"
    entries, count = steps(lambda: list(types.entries(text, len("memref<"), len(text) - 1)))
    assert [e for _, e in entries] == ["4xf32", layout, "1"]
    assert entries[1][0] == text.index("affine_map")
    assert count < 150, count  # (about 4k characters; 6634fe8: a step each, 23k)


def test_a_tuple_s_elements_are_judged_with_a_step_per_entry() -> None:
    text = "tuple<" + ", ".join(["tensor<4x!x.y<a, b, c, d, e, f>>"] * 100) + ", tensor<4xf33>>"
    found, count = steps(lambda: types._type_problem(text))
    assert found is not None and found[1] == text.index("f33")
    assert count < 60 * 100, count  # (each entry judged too, the last by the grammar; 6634fe8: 28k)


def test_a_function_head_s_type_and_group_are_walked_from_mark_to_mark() -> None:
    encoding = "#x.y<{" + ", ".join(f"k{i} = [{i}, {i + 1}]" for i in range(300)) + "}>"
    attributes = "{" + ", ".join(f"a{i} = [{i}, {i + 1}]" for i in range(300)) + "}"
    text = f"func.func @f(%a: tensor<4xf32, {encoding}> {attributes}) -> tensor<4xf32> {{...}}"
    problem, count = steps(lambda: head.head_problem(text))
    assert problem is None
    assert count < 6 * 1200 + 200, count  # (2 brackets an entry, 600 entries; 6634fe8: 82k)


def test_a_head_s_unclosed_group_is_where_mlir_says() -> None:
    text = 'func.func @f(%a: tensor<4xf32> {a = "x", b = [1, 2) -> tensor<4xf32>'
    problem = head.head_problem(text)
    assert problem is not None and problem.message == "expected '}' in attribute dictionary"
    assert problem.start == len(text[: text.index(")")].rstrip())


def test_a_dialect_element_type_is_read_in_steps_per_bracket() -> None:
    scales = ",".join(f"{i}.5" for i in range(5000))
    text = f"tensor<5000x!quant.uniform<i8:f32:0, {{{scales}}}>>"
    read, count = steps(lambda: types.dialect_element_type(text))
    assert read is not None and read.shape == (5000,)
    assert count < 60, count  # (a guard: per bracket at 6634fe8 too, 33 steps; here 34)


# ---------------------------------------------------------------- a tensor's empty encoding

# iree-opt 3.13 (iree-opt --allow-unregistered-dialect FILE, `func.func @f(%a: T) -> tensor<4xf32>
# { return %a : tensor<4xf32> }`): the first four read as `tensor<4xf32>` (no error); the others
# as MLIR prints them in its "expects different type" error, or its syntax error.
IREE_OPT = {
    "tensor<4xf32,>": "tensor<4xf32>",
    "tensor<4xf32, >": "tensor<4xf32>",
    "tensor<4xf32 , >": "tensor<4xf32>",
    "tensor<4xf32,\n >": "tensor<4xf32>",
    "tensor<?x4xf32, >": "tensor<?x4xf32>",
    "tensor<*xf32, >": "tensor<*xf32>",
    "tuple<tensor<4xf32, >>": "tuple<tensor<4xf32>>",
    "tensor<4xcomplex<f32>, >": "tensor<4xcomplex<f32>>",
    "vector<4xf32, >": "error: expected '>' in vector type",
    "memref<4xf32, >": "error: expected list element",
    "tensor<4xf32, , >": "error: expected '>' in tensor type",
}


@pytest.mark.parametrize("text", IREE_OPT)
def test_a_tensor_s_empty_encoding_is_the_type_without_it(text: str) -> None:
    key = type_text(f"x {text} y", 2, 2 + len(text)).key
    mlir = IREE_OPT[text]
    if mlir.startswith("error:"):
        assert key == "".join(text.split())  # (rejected: its key is its text, as before)
    else:
        assert key == mlir


@pytest.mark.parametrize(
    "key",
    [
        "!tf_type.resource<tensor<4xf32,>>",  # (a dialect's type: its own text, to MLIR too)
        '#x.enc<"tensor<4xf32,>">',
        "tensor<4xf32,#x.y<tensor<4xf32,>>>",
    ],
)
def test_a_dialect_s_text_keeps_its_spelling(key: str) -> None:
    assert same_type_key(key) == key


def test_the_usual_spelling_pays_no_step_for_it() -> None:
    # the key of a type without `,>` is made as before: no walk, no call into types.py
    text = "%0 = stablehlo.add %a, %b : tensor<4x?xf32, #enc>"
    typed, count = steps(lambda: type_text(text, 28, len(text)))
    assert typed.key == "tensor<4x?xf32,#enc>"
    assert count <= 6, count


def test_a_value_defined_and_used_with_either_spelling_is_one_type() -> None:
    source = (
        "func.func @f(%a: tensor<4xf32, >) -> tensor<4xf32,> {\n"
        "  %0 = stablehlo.add %a, %a : tensor<4xf32>\n"
        "  return %0 : tensor<4xf32 , >\n"
        "}\n"
    )
    assert check_text(source, "enc.mlir") == []  # (6634fe8: BC011 twice, then BC012)


# ---------------------------------------------------------------- a head's attribute dictionaries


def test_a_dictionary_s_types_are_found_nested_and_in_order() -> None:
    text = 'x {a = 1 : i32, "b c" = {d = dense<1> : tensor<4xi8>, e}, f = "g : h", i = tensor<4xf33>} y'
    found = list(types.dictionary_types(text, 2, text.index("} y") + 1))
    assert found == [(text.index(t), t) for t in ("i32", "tensor<4xi8>", "tensor<4xf33>")]


def test_a_head_s_dictionary_type_is_mlir_s_syntax_error_where_it_stands() -> None:
    # iree-opt 3.13: 1:40 "expected non-function type" (the first of the two, before `%b`'s)
    source = (
        "func.func @f(%a: tensor<4xf32> {x = 1 : i0x, y = 2 : f33}, %b: tensor<4xf33>) -> tensor<4xf32> {\n"
        "  return %a : tensor<4xf32>\n}\n"
    )
    errors = [(d.code, d.line, d.column, d.message) for d in check_text(source, "head.mlir")]
    assert errors == [("BC001", 1, 40, "expected non-function type")]  # (6634fe8: 1:67, `%b`'s)


def test_a_usual_head_is_read_by_the_fast_reader_without_judging_its_dictionaries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from broadcheck.syntax.simple import simple_head

    judged: list[str] = []
    real = types.dictionary_types

    def counted(text: str, start: int, end: int) -> Any:
        judged.append(text[start:end])
        return real(text, start, end)

    monkeypatch.setattr(types, "dictionary_types", counted)
    arguments = ", ".join(f'%_: tensor<4xf32> {{jax.result_info = "[{i}]: a"}}' for i in range(1000))
    assert simple_head(f"func.func public @main({arguments}) -> tensor<4xf32> {{...}}") is not None
    assert judged == []  # (no ` : ` after the name: nothing typed to judge)
    typed = ", ".join(f"%_: tensor<4xf32> {{tf.aliasing_output = {i} : i32}}" for i in range(3))
    assert simple_head(f"func.func @main({typed}) -> tensor<4xf32> {{...}}") is not None
    assert len(judged) == 3
    wrong = "%_: tensor<4xf32> {tf.aliasing_output = 0 : i33x}"
    assert simple_head(f"func.func @main({wrong}) -> tensor<4xf32> {{...}}") is None  # (the token reader's)


def test_an_unranked_tensor_s_encoding_is_mlir_s_error_and_its_empty_one_none() -> None:
    # iree-opt 3.13: no error; then 1:37 "cannot apply encoding to unranked tensor" (6634fe8: 1:30,
    # "expected '>' in tensor type", both)
    body = ") -> tensor<*xf32> {\n  return %a : tensor<*xf32>\n}\n"
    assert check_text("func.func @f(%a: tensor<*xf32, >" + body, "u.mlir") == []
    errors = [(d.code, d.line, d.column, d.message) for d in check_text("func.func @f(%a: tensor<*xf32, #x.y>" + body)]
    assert errors == [("BC001", 1, 37, "cannot apply encoding to unranked tensor")]
