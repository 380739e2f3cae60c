"""Aliases as MLIR's parser resolves them: a use before the definition (or none) is "undefined
symbol alias id" just after the name, a second definition "redefinition of ... alias id" at it
(``broadcheck/syntax/aliases.py``, ``broadcheck/engine/aliased.py``). Each probe's answer is
iree-opt 3.13's first error (``--allow-unregistered-dialect``: line, column, message; ``None``: it
reads the file), recorded here, not derived from broadcheck; ``07f1a89`` matched 1 of the 13
(the file that reads).
``tests/fixtures/attribute_aliases.mlir`` holds them in one file iree-opt's
``--verify-diagnostics`` passes too.
"""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from broadcheck.engine.forms import read_form
from broadcheck.syntax.aliases import alias_uses, undefined_alias

ENC = "#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>"

PROBES = [
    (  # an encoding's alias, defined nowhere: the head's argument
        "func.func @f(%a: tensor<4xf32, #enc>) -> tensor<4xf32, #enc> {\n  return %a : tensor<4xf32, #enc>\n}\n",
        (1, 36, "undefined symbol alias id 'enc'"),
    ),
    (  # defined after its use
        "func.func @f(%a: tensor<4xf32, #enc>) {\n  return\n}\n#enc = " + ENC + "\n",
        (1, 36, "undefined symbol alias id 'enc'"),
    ),
    (  # an unknown op's result type
        'func.func @f() {\n  %0 = "x.op"() : () -> tensor<4xf32, #enc>\n  return\n}\n',
        (2, 43, "undefined symbol alias id 'enc'"),
    ),
    (  # a checked op's custom form's type
        "func.func @f() {\n  %0 = stablehlo.constant dense<1.0> : tensor<4xf32, #enc>\n  return\n}\n",
        (2, 58, "undefined symbol alias id 'enc'"),
    ),
    (  # a memref's layout, the second argument's
        "#map = affine_map<(d0) -> (d0)>\nfunc.func @f(%a: memref<4xf32, #map>, %b: memref<4xf32, #map1>) {\n"
        "  return\n}\n",
        (2, 62, "undefined symbol alias id 'map1'"),
    ),
    (  # an attribute's value
        'func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = "x.op"(%a) {v = #enc} : (tensor<4xf32>) -> '
        "tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n",
        (2, 28, "undefined symbol alias id 'enc'"),
    ),
    (  # an alias's value naming one defined later
        f"#enc = #enc2\n#enc2 = {ENC}\n",
        (1, 13, "undefined symbol alias id 'enc2'"),
    ),
    ("func.func @f(%a: !t) {\n  return\n}\n", (1, 20, "undefined symbol alias id 't'")),
    ('func.func @f() {\n  %0 = "x.op"() : () -> tensor<4x!t>\n  return\n}\n', (2, 36, "undefined symbol alias id 't'")),
    (f"#enc = {ENC}\n#enc = {ENC}\n", (2, 1, "redefinition of attribute alias id 'enc'")),
    ("!t = i32\n!t = i32\n", (2, 1, "redefinition of type alias id 't'")),
    (  # what reads: an alias of an alias, the meaning written out, a location alias defined later
        f"#enc0 = {ENC}\n#enc = #enc0\nfunc.func @f(%a: tensor<4xf32, #enc>) -> tensor<4xf32, #enc0> {{\n"
        f'  %0 = "x.op"(%a) {{s = "#x"}} : (tensor<4xf32, {ENC}>) -> tensor<4xf32, #enc> loc(#loc1)\n'
        '  return %0 : tensor<4xf32, #enc>\n}\n#loc1 = loc("x")\n',
        None,
    ),
    (  # a checked op on an alias of an alias of a sparse encoding: judged as the encoding written out
        f"#enc0 = {ENC}\n#enc = #enc0\nfunc.func @f(%a: tensor<4xf32, #enc>) -> tensor<5xf32, #enc> {{\n"
        "  %0 = stablehlo.add %a, %a : (tensor<4xf32, #enc>, tensor<4xf32, #enc>) -> tensor<5xf32, #enc>\n"
        "  return %0 : tensor<5xf32, #enc>\n}\n",
        (4, 8, "'stablehlo.add' op requires the same shape for all operands and results"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), PROBES)
def test_the_first_error_is_iree_opt_s(text: str, expected: tuple[int, int, str] | None) -> None:
    errors = [d for d in check_text(text, "probe.mlir") if d.severity == "error"]
    if expected is None:
        assert errors == []
        return
    assert errors, "iree-opt rejects it; broadcheck said nothing"
    assert (errors[0].span.line, errors[0].span.column, errors[0].message) == expected


def test_what_names_no_alias() -> None:
    text = '%0#1 "#s !s" #x.y #d<1> !q.r<i8> loc(callsite(#loc1 at #loc2)) // #c\n#a !b'
    assert [name for _, _, name in alias_uses(text)] == ["#a", "!b"]
    assert undefined_alias(text, {"#a"}) == ("undefined symbol alias id 'b'", len(text))


def test_a_statement_that_names_no_alias_stays_on_the_fast_path() -> None:
    """Only a key that names an alias leaves the engine's fast path (its aliases are asked once
    per line, in the slow path): the usual ones, a result number's ``#`` included, stay."""
    assert read_form('%_ = "x.op"(%_#1) : (tensor<4xf32>) -> tensor<4xf32>').split == 1
    assert read_form('%_ = "x.op"(%_) : (tensor<4xf32>) -> tensor<4xf32, #enc>').split == -1


def test_a_text_with_no_alias_shape_is_not_scanned_token_by_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """A per-channel quantized type's scale list (`!quant.uniform<...>`: a `!` that is no alias) is
    told to use no alias by one search; the full scan (strings, comments, locations, uses) ran its
    four kinds at every offset of the 28k-character keys of the bench's per-channel graph, 2.5x its
    check's CPU at a draft of this stop."""
    from broadcheck.syntax import aliases

    scales = ",".join(f"{i / 1000:.3f}" for i in range(2000))
    key = f'%_ = "tfl.quantize"(%_) : (tensor<2000xf32>) -> tensor<2000x!quant.uniform<i8:f32:0, {{{scales}}}>>'
    calls = []
    real = aliases._TOKENS.search
    monkeypatch.setattr(aliases, "_TOKENS", type("P", (), {"search": lambda self, *a: calls.append(a) or real(*a)})())
    assert aliases.alias_uses(key) == ()
    assert calls == []
    assert [name for _, _, name in aliases.alias_uses(key + " {x = #enc}")] == ["#enc"]
    assert calls
