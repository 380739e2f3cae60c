"""Issue 31, Build 5: ``check`` of the largest exports (chkfast). The work a statement whose check
reads constants costs, and the work a long function head costs, counted in calls (never timed)."""

from __future__ import annotations

from typing import Any

import pytest

from broadcheck.engine.forms import Form, read_form
from broadcheck.engine.options import Options
from broadcheck.engine.run import FileRun

_DYNAMIC = (
    "    %{n} = stablehlo.dynamic_broadcast_in_dim %arg0, %{shape}, dims = [1]"
    " : (tensor<4xf32>, tensor<2xi64>) -> tensor<3x4xf32>\n"
)


def _dynamic_file(count: int, wrong: int) -> str:
    """A function of ``count`` ``dynamic_broadcast_in_dim``s whose shape is a constant; the
    ``wrong``-th's constant says another shape than its result's."""
    lines = [
        "module {\n",
        "  func.func @main(%arg0: tensor<4xf32>) -> tensor<3x4xf32> {\n",
        "    %c0 = stablehlo.constant dense<[3, 4]> : tensor<2xi64>\n",
        "    %c1 = stablehlo.constant dense<[3, 5]> : tensor<2xi64>\n",
    ]
    lines += [_DYNAMIC.format(n=k, shape="c1" if k == wrong else "c0") for k in range(count)]
    lines += [f"    return %{count - 1} : tensor<3x4xf32>\n", "  }\n", "}\n"]
    return "".join(lines)


def _slow_statements(text: str) -> tuple[list[str], list[tuple[str, int]]]:
    """The ops of the statements a run of ``text`` takes one by one (:meth:`FileRun.statement`)
    rather than in the scanner's rows, and its diagnostics (code, line)."""
    run = FileRun("f.mlir", Options())
    calls: list[str] = []
    slow = run.statement

    def counted(form: Form, *args: Any, **kwargs: Any) -> None:
        calls.append(form.name)
        slow(form, *args, **kwargs)

    run.statement = counted  # type: ignore[method-assign]
    run.feed(text, True)
    result = run.finish()
    return calls, [(d.code, d.span.line) for d in result.diagnostics]


def test_an_op_whose_check_reads_constants_takes_the_fast_path() -> None:
    """``dynamic_broadcast_in_dim``, ``dynamic_reshape``, ``real_dynamic_slice`` read their shape
    operand's constant: the fast path hands the check the statement's names as the slow path did,
    so their forms are split (at f830a58 they were not: 28,840 + 7,205 + 1,440 statements of
    gpt2-train-l480-dyn one by one)."""
    form = read_form(_DYNAMIC.format(n="_", shape="_").strip())
    assert form.decl is not None and form.decl.constants and form.split == 1
    calls, found = _slow_statements(_dynamic_file(200, wrong=150))
    assert found == [("BC1240", 5 + 150)]  # (the constant that says [3, 5] still reaches the check)
    # (the ops of regions at their `}`, the return; at e3e3edd also the first op after the head, from
    # its pieces; at f830a58 also the 199 other `dynamic_broadcast_in_dim`s)
    assert sorted(calls) == ["func.func", "module", "return"]


def long_head_file(count: int, close: str = "}", located: bool = True) -> str:
    """A JAX export's shape: a function whose head holds ``count`` arguments, each with its
    location (or none: gpt2-train-l480's, whose ``<`` are then its brackets' most), on one line
    (gpt2-train-l480's is 1.8 MB), and a body of one op per argument."""
    where = (lambda k: f" loc(\"params['layers'][{k}]['b']\")") if located else (lambda k: "")
    arguments = ", ".join(f"%arg{k}: tensor<4xf32>{where(k)}" for k in range(count))
    body = "".join(f"    %{k} = stablehlo.add %arg{k}, %arg0 : tensor<4xf32>\n" for k in range(count))
    return (
        "module @jit_f {\n"
        f'  func.func public @main({arguments}) -> (tensor<4xf32> {{jax.result_info = "result[0]"}}) {{\n'
        f"{body}    return %{count - 1} : tensor<4xf32>{' loc(#loc)' if located else ''}\n  {close}\n}}\n"
    )


@pytest.mark.parametrize("close", ["}", "} loc(#loc)"])
def test_a_long_head_costs_no_python_step_a_bracket_a_string_or_a_name(close: str) -> None:
    """The head's brackets are counted by a few passes in C (scan_brace._long_piece_depth), its key
    made by one substitution in C (lines.key_text: no string holds a name), and the function's
    names go at its end with value flow's tables (Flow.pop), not one ``dict.pop`` a name, and its
    ``}`` sends the function with its head's form and names (its key is not made again), and its
    arguments are defined at once (Values.fresh_arguments), not one Flow.define each. At
    f830a58 (3,000 arguments): 15,014 bracket tokens, 12,006 calls, 12,000 pops."""
    import broadcheck.engine.flow as flow
    import broadcheck.engine.scan_brace as scan_brace
    import broadcheck.engine.scan_pieces as scan_pieces
    import broadcheck.syntax.lines as lines

    count = 3000
    steps = {"brackets": 0, "callbacks": 0, "pops": 0, "long keys": 0, "defines": 0}
    tokens, callback, drain = scan_brace.bracket_tokens, lines._keep_strings_skip, flow._drain
    key_text, define = scan_pieces.key_text, flow.Flow.define

    def counted_define(self: flow.Flow, *args: Any, **kwargs: Any) -> None:
        steps["defines"] += 1
        define(self, *args, **kwargs)

    def counted_key_text(text: str) -> str:
        steps["long keys"] += len(text) >= 1 << 16
        return key_text(text)

    def counted_tokens(*args: Any) -> Any:
        for m in tokens(*args):
            steps["brackets"] += 1
            yield m

    def counted_callback(m: Any) -> str:
        steps["callbacks"] += 1
        return callback(m)

    def counted_drain(items: Any) -> None:
        for _ in items:
            steps["pops"] += 1

    scan_brace.bracket_tokens, lines._keep_strings_skip, flow._drain = counted_tokens, counted_callback, counted_drain
    scan_pieces.key_text, flow.Flow.define = counted_key_text, counted_define  # type: ignore[method-assign]
    try:
        _, found = _slow_statements(long_head_file(count, close))
    finally:
        scan_brace.bracket_tokens, lines._keep_strings_skip, flow._drain = tokens, callback, drain
        scan_pieces.key_text, flow.Flow.define = key_text, define  # type: ignore[method-assign]
    assert found == []
    assert steps["brackets"] < 50, steps  # (f830a58: 15,014)
    assert steps["callbacks"] == 0, steps  # (f830a58: 12,006: its key and its names)
    assert steps["pops"] < 50, steps  # (f830a58: 12,000)
    assert steps["long keys"] == 1, steps  # (its `}` sends it with its head's form and names; f830a58: 2)
    assert steps["defines"] <= 2, steps  # (its arguments defined at once, Values.fresh_arguments; f830a58: 3,001)


def test_a_long_piece_stands_as_the_token_scan_says() -> None:
    """Where :func:`_long_piece_depth` says how a long piece's brackets stand, it says what the scan
    token by token says (a mismatch, a region's ``{``, a string or comment last: it leaves it)."""
    import random

    import broadcheck.engine.scan_brace as scan_brace

    fragments = [*"{}()[]<>", "->", ">=", '"a{b"', '"x\\"}"', "// c {", " ", "attributes ", "= ", ",", "%a"]
    fragments += ['"', "-", "/", ' loc("p[0]")', "{x = 1}", "{ return", "{...}", "\\", "dense<[1, 2]>", "é"]
    rng = random.Random(31)
    said = 0
    for _ in range(20_000):
        text = "  " + "".join(rng.choice(fragments) for _ in range(rng.randint(1, 25))) + "  "
        stack = rng.choice(["", "(", "({", "<("])
        begin, stop = 2, len(text) - rng.choice([0, 1])
        rule = scan_brace.RegionBrace(text, begin, stop) if rng.random() < 0.5 else None
        quick = scan_brace._long_piece_depth(text, stack, begin, stop, rule)
        if quick is not None:
            said += 1
            assert quick == scan_brace.piece_depth(text, stack, begin, stop, rule, rng.random() < 0.5), text
    assert said > 1000


def _call_keys() -> list[str]:
    """Calls as MLIR prints them, and some it does not (the fast reader leaves those)."""
    import random

    types = ["f32", "tensor<4xf32>", "tensor<?x4xf32, #enc>", "!a.b<x>", "!alias", "tensor<f32>", "tuple<f32, i1>"]
    types += ["memref<2x3xf32, strided<[3, 1]>>", "tensor<4x!quant.uniform<i8:f32, 1.0>>", "()", "(f32)"]
    rng = random.Random(31)
    keys = []
    for _ in range(10_000):
        results = rng.choice(["", "%_ = ", "%_:2 = ", "%_:1 = ", "%_:0 = ", "%_:02 = ", "%_, %_ = "])
        name = rng.choice(["call", "func.call", "call_indirect"])
        symbol = rng.choice(["@f", "@_wrapped.main-1", '@"q"', "@1"])
        operands = ", ".join(["%_"] * rng.randint(0, 4))
        inputs = ", ".join(rng.choice(types) for _ in range(rng.randint(0, 3)))
        outputs = [rng.choice(types) for _ in range(rng.randint(0, 4))]
        output = rng.choice(["(" + ", ".join(outputs) + ")", outputs[0] if outputs else "()"])
        keys.append(f"{results}{name} {symbol}({operands}) : ({inputs}) -> {output}" + rng.choice(["", " ", " {a}"]))
    count = 17_294  # (gpt2-train-l480-dyn's `main` calls its wrapped function so)
    many = ", ".join(["tensor<768xf32>"] * count)
    keys.append(f"%_:{count} = call @_wrapped_jax_export_main({', '.join(['%_'] * count)}) : ({many}) -> ({many})")
    return keys


def test_a_call_is_read_without_the_tokenizer_as_the_tokenizer_reads_it() -> None:
    """A call's key is read by one pattern (syntax/simple_call.py), as read_statement reads it: the
    17,294 operands and results of gpt2-train-l480-dyn's `main` took it half a second."""
    import broadcheck.engine.forms as forms
    from broadcheck.syntax.simple_call import simple_call
    from broadcheck.syntax.statement import read_statement

    taken = 0
    for key in _call_keys():
        fast = simple_call(key)
        if fast is not None:
            taken += 1
            assert fast == read_statement(key), key
    assert taken > 150
    tokens = 0
    reader = forms.read_statement

    def counted(key: str) -> Any:
        nonlocal tokens
        tokens += 1
        return reader(key)

    forms.read_statement = counted
    try:
        form = read_form(_call_keys()[-1])
    finally:
        forms.read_statement = reader
    assert tokens == 0 and form.statement is not None and len(form.result_types) == 17_294  # (f830a58: 1)


def test_a_long_literal_line_is_not_copied_for_its_brackets(monkeypatch: pytest.MonkeyPatch) -> None:
    # A frozen graph's weights are one line each (`tf.Const` of a megabyte of hex): the token scan
    # steps over its string in one match, where the passes in C would copy the line three times
    # (mobilenetv2.tfstd peaked 41 -> 47 MB with them); a head of many brackets takes them.
    from broadcheck.engine import scan_brace

    taken: list[int] = []
    original = scan_brace._long_piece_depth

    def counting(source: str, stack: str, begin: int, stop: int, rule: Any) -> Any:
        taken.append(stop - begin)
        return original(source, stack, begin, stop, rule)

    monkeypatch.setattr(scan_brace, "_long_piece_depth", counting)
    weights = (
        '%cst = "tf.Const"() <{value = dense<"0x'
        + "4AA7B73D" * 50_000
        + '"> : tensor<100000xf32>}> : () -> tensor<100000xf32>'
    )
    head = "func.func @main(" + ", ".join(f"%arg{i}: tensor<4xf32> loc(unknown)" for i in range(3000)) + ") {"
    for text in (weights, head):
        scan_brace.piece_depth(text, "", 0, len(text), None, False)
    assert taken == [len(head)]
