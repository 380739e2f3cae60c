"""A frozen graph's constants in the fast pass (issue 31): a ``tf.Const``'s hex weights
(:data:`broadcheck.syntax.lexer.WEIGHTS` digits or more) are not in its key, so constants of one
type share a form. Work is counted, never timed."""

from __future__ import annotations

import random

import pytest

from broadcheck.engine import scan
from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun, Memory, check_text
from broadcheck.syntax import lexer


def constant(name: str, digits: int, seed: int) -> str:
    weights = "".join(random.Random(seed).choices("0123456789ABCDEF", k=digits))
    return f'    %{name} = "tf.Const"() <{{value = dense<"0x{weights}"> : tensor<{digits // 8}xf32>}}> {{device = ""}} : () -> tensor<{digits // 8}xf32>\n'


def function(first: str) -> str:
    return (
        '  func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {tf.entry_function = {inputs = "x"}} {\n'
        + '    %9 = "tf.Identity"(%arg0) {device = ""} : (tensor<4xf32>) -> tensor<4xf32>\n'
        + first
        + "    return %9 : tensor<4xf32>\n  }\n"
    )


def test_constants_of_one_type_share_a_form_without_their_weights() -> None:
    text = "module {\n" + function("".join(constant(f"c{k}", 512, k) for k in range(5))) + "}\n"
    memory = Memory()
    run = FileRun("t.mlir", Options(), memory, lambda numbers: {})
    run.feed(text, final=True)
    assert run.finish().diagnostics == []
    keys = [key for key in memory.forms if isinstance(key, str) and "tf.Const" in key]
    assert len(keys) == 1 and '"0x"' in keys[0]  # (five, each with its weights, before)


def test_a_constant_without_its_weights_reports_as_with_them(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = constant("c0", 512, 0).replace("-> tensor<64xf32>", "-> tensor<65xf32>")
    text = "module {\n" + function(wrong) + "}\n"
    elided = check_text("t.mlir", text, Options()).diagnostics
    monkeypatch.setattr(scan, "WEIGHTS", 1 << 30)  # (no key written short)
    monkeypatch.setattr(lexer, "WEIGHTS", 1 << 30)
    assert elided == check_text("t.mlir", text, Options()).diagnostics and len(elided) == 1


def test_names_of_a_text_with_strings_are_found_as_by_the_string_skipping_pattern() -> None:
    # `lines._plain` takes a text whose `%`s all come before its first quote without the pattern
    # (a frozen graph's weights: a string of megabytes): the names are those the pattern finds.
    from broadcheck.syntax import lines

    rng = random.Random(7)
    atoms = ["%a", "%b_1", "%c#2", '"', '"x%y"', '"0xAB"', "\\", "\n", " ", ",", "(", ")", "=", "loc", '"\\"%d"']
    for _ in range(3000):
        text = "".join(rng.choices(atoms, k=rng.randint(0, 12)))
        expected = [name for name in lines._NAME_OR_STRING_SKIP.findall(text) if name]
        if lines._NO_PERCENT_IN_STRINGS.fullmatch(text) is not None or '"' not in text:
            expected = lines._NAME.findall(text)
        assert lines.names(text) == expected, text
        spans = [m.span(1) for m in lines._NAME_OR_STRING_SKIP.finditer(text) if m.group(1)]
        if lines._NO_PERCENT_IN_STRINGS.fullmatch(text) is not None or '"' not in text:
            spans = [m.span() for m in lines._NAME.finditer(text)]
        assert lines.name_spans(text) == spans, text
