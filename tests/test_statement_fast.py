"""The fast reader of the forms with attributes (broadcheck/syntax/attributed.py) reads as the
token reader does, on real and random texts, and takes them without making tokens."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broadcheck.engine import forms
from broadcheck.engine.scan_brace import complete
from broadcheck.syntax import cursor
from broadcheck.syntax.attributed import attributed_statement
from broadcheck.syntax.simple import simple_head, simple_statement
from broadcheck.syntax.statement import SyntaxProblem, read_statement
from tests.test_statement import KEYS, _held_to_the_reader

# ---------------------------------------------------------------- random statements

_TYPES = [
    "tensor<2x3xf32>",
    "tensor<?x4xi8>",
    "tensor<f32>",
    "tensor<*xf32>",
    "f32",
    "i1",
    "index",
    "!tosa.shape<4>",
    "!stablehlo.token",
    "tensor<2x!quant.uniform<i8:f32, 1.0>>",
    "tensor<4xf32, #enc>",
    "vector<[4]xf32>",
    "memref<4xf32, affine_map<(d0) -> (d0)>>",
    "tensor<4x!quant.uniform<i8<-127:127>:f32:0, {1.0,2.0}>>",
    "_x",
    "tensor<2x<3>>",
    "complex<f32>",
    "none",
    "tensor<2xf32><1>",
    "tensor<4x!quant.uniform<i8<-127:127>:f32:0, {" + ",".join(f"{i}.5E-4" for i in range(60)) + "}>>",  # one token
]
_VALUES = [
    "1",
    "-1",
    "2.5e-03",
    "true",
    "unit",
    '""',
    '"NONE"',
    '"/a/b.c/Add_1"',
    '"a, b"',
    '"{replicated}"',
    '"x // y"',
    '"a\\"b"',
    '"(["',
    "1 : i32",
    "0 : i64",
    "dense<1.0> : tensor<2xf32>",
    "dense<[1, 2]> : tensor<2xi64>",
    'dense<"0x0000803F"> : tensor<1xf32>',
    "dense_resource<blob_1> : tensor<4xf32>",
    "array<i64: 0, 2, 3>",
    "array<i64>",
    "[1, 2]",
    "[]",
    "[[1, 2], [3, 4]]",
    "[[[[1]]]]",
    "{a = 1, b}",
    "{}",
    "#map1",
    "#stablehlo<comparison_direction GT>",
    "#tosa<mode x>",
    "@f",
    "affine_map<(d0) -> (d0)>",
    "(i32) -> i32",
    "x >= 1",
    "array<i64: 1>=2",
    "[<1>=]",
    "a = b",
    "1 ,2",
    "[1, 2",
    "1]",
    "f32",
    "0x7FC00000",
    "-0.0",
    "<1>",
    "loc(unknown)",
]
_NAMES = ["a", "device", "onnx_node_name", "mhlo.sharding", "fused_activation_function", "axis", "_x", "x$1", '"q"']


def _dict(rng: random.Random) -> str:
    entries = []
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(_NAMES)
        entries.append(name if rng.random() < 0.15 else f"{name} = {rng.choice(_VALUES)}")
    sep = ", " if rng.random() < 0.95 else ","
    return "{" + sep.join(entries) + "}"


def _signature(rng: random.Random, generic: bool) -> str:
    ins = ", ".join(rng.choice(_TYPES) for _ in range(rng.randint(0, 3)))
    outs = rng.choice([rng.choice(_TYPES), "()", f"({rng.choice(_TYPES)}, {rng.choice(_TYPES)})"])
    kind = 0 if generic and rng.random() < 0.9 else rng.randint(0, 4)
    if kind == 0:
        return f"({ins}) -> {outs}"
    if kind == 1:
        return f"{rng.choice(_TYPES)} to {rng.choice(_TYPES)}"
    if kind == 2:
        return f"{ins or 'f32'} -> {outs}"
    return ins or rng.choice(_TYPES)


def _statement(rng: random.Random) -> str:
    results = rng.choice(["", "%_ = ", "%_ = ", "%_, %_ = ", "%_:2 = ", "%0 = "])
    operands = ", ".join(rng.choice(["%_", "%_", "%_", "%a", "%_#1"]) for _ in range(rng.randint(0, 3)))
    if rng.random() < 0.45:
        name = rng.choice(["tfl.add", "onnx.Add", "tosa.const", "tf.Const", "stablehlo.add", "x-y.z", "9a"])
        props = f" <{_dict(rng)}>" if rng.random() < 0.6 else ""
        attrs = f" {_dict(rng)}" if rng.random() < 0.6 else ""
        text = f'{results}"{name}"({operands}){props}{attrs} : {_signature(rng, True)}'
    else:
        name = rng.choice(["stablehlo.broadcast_in_dim", "arith.constant", "stablehlo.compare", "return", "a.b.c"])
        items = []
        for _ in range(rng.randint(0, 4)):
            kind = rng.randint(0, 11)
            if kind <= 1:
                items.append(operands or "%_")
            elif kind == 2:
                items.append(rng.choice(["GT", "FLOAT", "across", "dims", "1", "-2.5", "0x7F", "true", "@f", "^bb1"]))
            elif kind == 3:
                value = rng.choice(["[1]", "[]", "[0, 2, 3]", "1", "-1", "x", "[1] x [0]", "[%_, 1]", "{...}"])
                items.append(f"{rng.choice(_NAMES)} = {value}")
            elif kind == 4:
                items.append(_dict(rng))
            elif kind == 5:
                items.append(f"<{_dict(rng)}>")
            elif kind == 6:
                items.append(rng.choice(["dense<1.0>", "dense<[1, 2]>", "array<i64: 1>", "nan_mode<PROP>", "foo<>"]))
            elif kind == 7:
                items.append(rng.choice([",", ", ", "(%_)", "ins(%_ : f32)", "[1]", "{...}", "@f(%_, %_)", "@g()"]))
            elif kind == 9:
                items.append(rng.choice(['"tf.Add"', '"tf.Add"(%_, %_)', '"x"()', '"a"(%_) in', '"a\\"b"', '"x" = 1']))
            elif kind == 8:
                items.append(
                    rng.choice(["round(true)", "low[0, 1]", "values(dense<1> : tensor<f32>)", "f(%_)", "loc(#x)"])
                    + rng.choice(["", "", "(%_)", "[2]"])
                )
            else:
                items.append(rng.choice(_VALUES))
        seps = [rng.choice([" ", " ", " ", ", ", "  ", ""]) for _ in items]
        body = "".join(sep + item for sep, item in zip(seps, items, strict=True))
        touching = rng.choice(["", "", "", "()", "(%_)", "(%_, %_)", "(%_ init: %_)", "(%_ init %_)", "(%a)"])
        text = f"{results}{name}{touching}{body} : {_signature(rng, False)}"
    if rng.random() < 0.05:
        text += rng.choice([" loc(#loc1)", " // c", "\n", " "])
    if rng.random() < 0.05:
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice([" ", "", "\n", ",", ">", "(", '"']) + text[at + 1 :]
    return text


def _read(text: str) -> object:
    try:
        return read_statement(text)
    except SyntaxProblem as problem:
        return ("problem", problem.message, problem.start, problem.end)


def _fast_agrees(text: str) -> bool:
    """Whether the fast reader took ``text`` (and then it read as the token reader does)."""
    fast = attributed_statement(text)
    if fast is None:
        return False
    assert fast == _read(text), text
    assert complete(text), text  # (what Form.plain promises the scanner)
    return True


def test_the_fast_reader_reads_random_texts_as_the_token_reader_does() -> None:
    rng = random.Random(20261129)
    texts = [_statement(rng) for _ in range(6000)]
    taken = sum(_fast_agrees(t) for t in texts)
    # it takes a good share (the rest: a value not `%_`, a keyword group, an escape, ...)
    assert 500 < taken < len(texts) - 1000, taken


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_the_fast_reader_agrees_on_any_seed(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5):
        _fast_agrees(_statement(rng))


@given(st.text(alphabet=' %_"(){}[]<>,:=-/\\aA1.#@!x\n', max_size=60))
@settings(max_examples=600, deadline=None)
def test_the_fast_reader_takes_nothing_the_token_reader_reads_otherwise(text: str) -> None:
    for wrapped in (text, f'%_ = "a.b"(%_) {{a = {text}}} : () -> f32', f"%_ = a.b %_, {text} : f32"):
        _fast_agrees(wrapped)


# ---------------------------------------------------------------- real texts


def test_the_fast_reader_reads_real_keys_as_the_token_reader_does() -> None:
    rest = [k for k in KEYS if simple_statement(k) is None and simple_head(k) is None]
    taken, left = _held_to_the_reader(attributed_statement, rest)
    assert taken > 1000, (taken, left)  # most of what the simplest fast reader leaves
    assert all(complete(k) for k in rest if attributed_statement(k) is not None)


def _fields(form: forms.Form) -> dict[str, object]:
    # (`complete`: True as a fast reader reads it, `Form.plain`, which is the difference)
    out = {name: getattr(form, name) for name in forms.FIELDS if name not in ("_statement", "inner", "complete")}
    out["statement"] = form.statement
    out["inner"] = None if form.inner is None else (form.inner[0], _fields(form.inner[1]))
    out["error"] = None if form.error is None else (form.error.message, form.error.start, form.error.end)
    return out


def test_a_form_read_fast_is_the_form_read_from_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = [k for k in KEYS if attributed_statement(k) is not None]
    monkeypatch.setattr(forms, "_cold", 0)  # (the attributed reader from the first key: ATTRIBUTED_AFTER)
    fast = [_fields(forms.read_form(k)) for k in keys]
    monkeypatch.setattr(forms, "attributed_statement", lambda key: None)
    slow = [_fields(forms.read_form(k)) for k in keys]
    assert len(keys) > 1000
    assert fast == slow


_COMMON = [
    '%_ = "tfl.add"(%_, %_) <{fused_activation_function = "NONE"}> : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>',
    '%_ = "onnx.Add"(%_, %_) {onnx_node_name = "/encoder/Add_1"} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>',
    '"tf.Const"() <{value = dense<[16, 64]> : tensor<2xi32>}> {device = ""} : () -> tensor<2xi32>',
    "%_ = stablehlo.broadcast_in_dim %_, dims = [1] : (tensor<2048xbf16>) -> tensor<77x2048xbf16>",
    "%_ = stablehlo.constant dense<-1.000000e+00> : tensor<1x64xbf16>",
    "%_ = stablehlo.compare  GT, %_, %_,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>",
    "%_ = chlo.broadcast_add %_, %_ {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>",
    "%_ = tosa.const_shape  {values = dense<[2, 16, 128]> : tensor<3xindex>} : () -> !tosa.shape<3>",
    "%_ = shape.shape_of %_ : tensor<?x320xi32> -> tensor<2xindex>",
    "%_ = arith.constant 5 : i32",
]


def test_the_common_forms_with_attributes_make_no_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    real = cursor.tokens
    monkeypatch.setattr(cursor, "tokens", lambda text: made.append(text) or real(text))
    monkeypatch.setattr(forms, "_cold", 0)
    read = [forms.read_form(key) for key in _COMMON]
    assert all(form.error is None and form.statement is not None for form in read)
    assert made == []  # (830c51f read every one of them from its tokens)
    assert read_statement(_COMMON[0]) == read[0].statement and len(made) == 1  # the count does count


@pytest.mark.parametrize(
    "key",
    [
        "%_ = scf.forall (%_) in x : f32",
        "%_ = a.b (%_) in (4) : f32",
        "%_ = a.b (%_), %_ : f32",
        "%_ = a.b %_ loc(#x) : f32",
        '%_, %_ = tf_executor.island wraps "tf.A"(%_, %_) {device = ""} : (f32, f32) -> f32',
        '%_ = a.b "x"(%_) in (4) : f32',
        '%_ = a.b "x"(%_) = 1 : f32',
        "%_ = a.b %_ : f32 loc(#x)",
        "%_ = a.b low[0, 1] high[%_, 1] : f32",
        "%_ = a.b round(true), x(%_) : f32",
        "%_ = a.b(%_ init: %_) across dimensions = [0] : (f32, f32) -> f32",
        "%_ = a.b %_, %_, contracting_dims = [1] x [0] : (f32, f32) -> f32",
        "%_ = a.b %_, dims = [1] x = 2 : (f32) -> f32",
        "%_ = a.b dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>",
        "%_ = a.b {a = 1}{b = 2} : f32",
        "%_ = a.b <{a = 1}>= : f32",
        '%_ = "a.b"(%_) <{a = 1}> {b = "x, y"} : (f32) -> f32 loc("q")',
    ],
)
def test_the_fast_reader_agrees_on_the_edges(key: str) -> None:
    _fast_agrees(key)


# ---------------------------------------------------------------- a resource's entry


def _outcome(read: object, text: str) -> object:
    try:
        return read(text)  # type: ignore[operator]
    except SyntaxProblem as problem:
        return ("problem", problem.message, problem.start, problem.end)


def test_a_resource_entry_reads_as_its_tokens_do() -> None:
    from broadcheck.syntax.statement import _blob_problem, read_tokens

    rng = random.Random(31)
    pieces = ["0x04000000", "DDA0A9BC", "0", '\\"', "\\n", "\n", "//", '"', " ", ":", "(", "}", "é"]
    texts = []
    for _ in range(3000):
        name = rng.choice(["torch_tensor_4_torch.float32", "blob_1", "a", "a.b", "_x$.y", "9a", "a-b", "%_ = a"])
        body = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        sep = rng.choice([": ", ": ", ":", " : ", ":  "])
        end = rng.choice(['"', '"', '" ', '"x', "", '",', '", // c', '"\n', '" "(', '"\\'])
        texts.append(f'{name}{sep}"{body}{end}')
    texts += [f'blob_{i}: "0x{rng.getrandbits(64 * (i % 9)):X}"' for i in range(600)]
    for text in texts:
        assert _outcome(read_statement, text) == _outcome(read_tokens, text), text
    assert sum(_blob_problem(t) is not None for t in texts) > 600  # the fast path was taken


def test_a_resource_entry_makes_no_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    made = []
    real = cursor.tokens
    monkeypatch.setattr(cursor, "tokens", lambda text: made.append(text) or real(text))
    blob = 'torch_tensor_384_128_torch.float32: "0x04000000' + "93A296BD" * 10_000 + '"'
    form = forms.read_form(blob)
    assert form.error is not None and form.error.start == 36 and form.error.end == len(blob)
    assert made == []  # (830c51f cut its 320 KB into tokens)


def test_the_attributed_reader_waits_until_a_run_has_read_enough_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its patterns cost more to compile than a small file's few statements win back: the first
    ``ATTRIBUTED_AFTER`` keys the simple readers leave go to the token reader, the rest to it; the
    forms are the same either way."""
    asked: list[str] = []
    monkeypatch.setattr(forms, "attributed_statement", lambda key: asked.append(key) or attributed_statement(key))
    monkeypatch.setattr(forms, "_cold", 3)
    keys = [k for k in KEYS if forms.simple_statement(k) is None and forms.simple_head(k) is None]
    keys = [k for k in keys if attributed_statement(k) is not None][:8]
    read = [_fields(forms.read_form(k)) for k in keys]
    assert asked == keys[3:]
    monkeypatch.setattr(forms, "_cold", 0)
    assert read == [_fields(forms.read_form(k)) for k in keys]
    assert forms.ATTRIBUTED_AFTER >= 256
