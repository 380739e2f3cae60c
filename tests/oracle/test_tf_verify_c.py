"""Differential test: the ``tf`` ops of :mod:`broadcheck.dialects.tf.verified_c` (``tf.LegacyCall``,
``tf.TPUPartitionedCall``, ``tf.BatchFunction``, ``tf.XlaCallModule``, ``tf.XlaSetDynamicDimensionSize``, ``tf.XlaBroadcastHelper``) against tensorflow-cpu 2.21
(``tf.mlir.experimental.run_pass_pipeline``).

Each case writes a module of three functions (of none, one and two parameters) and a function whose
arguments feed one or two of these ops (``tf.XlaSetDynamicDimensionSize``: its input of rank 0-3 or
unranked, a constant ``dim_index`` in range or not, or an argument, its result the type it infers or
that type changed in one place; ``tf.XlaBroadcastHelper``: operands of ranks 0-3 or unranked, a constant
``broadcast_dims`` that places the smaller one or is empty, short, out of range or repeated, its results
the placed types or one changed; the others: random operand and result counts and types (tensors of
``tf.dtype``, now and then a scalar or a string tensor), the function attribute naming a defined
function, an undefined one, a nested reference, a quoted name, or a value of another kind (or absent),
and the op's other attributes now and then absent or of another kind, one at a time). The verdict and
the first error message must agree. Not generated: a ``broadcast_dims`` entry equal to the larger rank
(TensorFlow's range check lets it through, then reads past its vectors), a result binding of another count (the parser's, after
every op's attributes), symbols that name something other than a function,
nested modules, a serialized ``module`` for ``tf.XlaCallModule`` (TensorFlow does not read it here).
Knobs: ``BROADCHECK_TF_VERIFY_C_CASES`` (default 1800), ``BROADCHECK_ODS_SEED``; the tool runs through
``BROADCHECK_TF_PYTHON`` when not importable.
"""

from __future__ import annotations

import collections
import os
import random
import re

import pytest

from tests.oracle.test_ods_traits import broadcheck_verdict, tool_verdicts

pytestmark = pytest.mark.oracle

CASES = int(os.environ.get("BROADCHECK_TF_VERIFY_C_CASES", "1800"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))

FUNCTIONS = """func.func private @g0() -> tensor<f32>
func.func private @g(tensor<f32>) -> tensor<f32>
func.func private @g2(%a: tensor<f32>, %b: tensor<i32>) -> tensor<f32> {
  return %a : tensor<f32>
}
"""
TYPES = ("tensor<f32>", "tensor<f32>", "tensor<2xi32>", "tensor<*xf32>", "tensor<?x3xi1>", "f32",
         "tensor<!tf_type.string>", "i32")  # fmt: skip
SYMBOLS = ("@g", "@g", "@g2", "@g0", "@nope", "@g::@h", "@nope::@h", '@"q/r"', '"g"', "1 : i64")


class Case:
    """One module being written: the main function's arguments and its ops."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.args: list[str] = []
        self.lines: list[str] = []
        self.clean = False
        """Only attributes of their kind (a second op: TensorFlow's parser checks every op's before
        any verifier runs, an order broadcheck does not keep across ops)."""

    def operand(self, t: str | None = None) -> str:
        t = t if t is not None else self.rng.choice(TYPES if self.rng.random() < 0.3 else TYPES[:5])
        self.args.append(t)
        return f"%a{len(self.args) - 1}"

    def values(self, n: int) -> list[tuple[str, str]]:
        names = [self.operand() for _ in range(n)]
        return [(name, self.args[int(name[2:])]) for name in names]

    def results(self) -> list[str]:
        rng = self.rng
        n = rng.choice((0, 1, 1, 1, 2))
        return [rng.choice(TYPES if rng.random() < 0.2 else TYPES[:5]) for _ in range(n)]

    def op(self, name: str, ins: list[tuple[str, str]], outs: list[str], attrs: dict[str, str]) -> None:
        n = len(self.lines)
        bound = "" if not outs else (f"%r{n} = " if len(outs) == 1 else f"%r{n}:{len(outs)} = ")
        written = ", ".join(f"{k} = {v}" for k, v in attrs.items())
        operands = ", ".join(v for v, _ in ins)
        types = ", ".join(t for _, t in ins)
        result = outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"
        self.lines.append(f'  {bound}"{name}"({operands}) {{{written}}} : ({types}) -> {result}')

    def text(self) -> str:
        params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(self.args))
        body = "\n".join(self.lines)
        return f"{FUNCTIONS}func.func @main({params}) {{\n{body}\n  return\n}}\n"


def _spoil(c: Case, attrs: dict[str, str], names: tuple[str, ...]) -> None:
    """Now and then one attribute absent or of another kind."""
    rng = c.rng
    if rng.random() < 0.25 and not c.clean:
        name = rng.choice(names)
        if rng.random() < 0.5:
            attrs.pop(name, None)
        else:
            attrs[name] = rng.choice(('"x"', "1 : i64", "true", "[]", "@g", "1.0 : f32"))


def _symbol(c: Case, attrs: dict[str, str], flat: bool = False) -> None:
    """The function attribute: a symbol (of the kind the op takes, in a clean op) or another value."""
    if c.rng.random() < 0.05 and not c.clean:
        return
    taken = [s for s in SYMBOLS[:8] if not (flat and "::" in s)]
    attrs["f"] = c.rng.choice(taken if c.clean else SYMBOLS)


def make_legacy_call(c: Case) -> None:
    """``tf.LegacyCall``: its function and argument count (results not compared)."""
    rng = c.rng
    attrs: dict[str, str] = {}
    _symbol(c, attrs, flat=True)
    if rng.random() < 0.1:
        attrs["_disable_call_shape_inference"] = rng.choice(("true", "false") if c.clean else ("true", "1 : i64"))
    c.op("tf.LegacyCall", c.values(rng.choice((0, 1, 1, 2, 2, 3))), c.results(), attrs)


def make_tpu_call(c: Case) -> None:
    """``tf.TPUPartitionedCall``: its args, its device ordinal, its function."""
    rng = c.rng
    attrs: dict[str, str] = {}
    _symbol(c, attrs)
    if rng.random() < 0.1:
        attrs["autotuner_thresh"] = rng.choice(("0 : i64", "3") if c.clean else ("0 : i64", '"x"'))
    ins = c.values(rng.choice((0, 1, 1, 2, 2, 3)))
    if rng.random() < 0.9:
        t = "tensor<i32>" if rng.random() < 0.8 else rng.choice(("tensor<f32>", "tensor<2xi32>", "i32"))
        ins.append((c.operand(t), t))
    c.op("tf.TPUPartitionedCall", ins, c.results(), attrs)


def make_batch_function(c: Case) -> None:
    """``tf.BatchFunction``: its segments, its integer attributes, its function."""
    rng = c.rng
    a, b = rng.choice((0, 1, 1, 2)), rng.choice((0, 0, 1, 2))
    ins = c.values(a + b)
    attrs: dict[str, str] = {}
    _symbol(c, attrs)
    attrs.update({"batch_timeout_micros": "10 : i64", "max_batch_size": "8 : i64", "num_batch_threads": "2"})
    if rng.random() < 0.1:
        attrs[rng.choice(("container", "shared_name", "batching_queue"))] = rng.choice(
            ('""', '"q"') if c.clean else ('"q"', "1 : i64")
        )
    if rng.random() < 0.1:
        attrs["enable_large_batch_splitting"] = rng.choice(("true", "false") if c.clean else ("true", '"x"'))
    if rng.random() < 0.1:
        attrs["max_enqueued_batches"] = rng.choice(("1 : i64",) if c.clean else ("1 : i64", "true"))
    _spoil(c, attrs, ("batch_timeout_micros", "max_batch_size", "num_batch_threads"))
    r = rng.random()
    if r < 0.85:
        attrs["operandSegmentSizes"] = f"array<i32: {a}, {b}>"
    elif r < 0.95:
        attrs["operandSegmentSizes"] = f"array<i32: {a + 1}, {b}>"
    c.op("tf.BatchFunction", ins, c.results(), attrs)


def make_call_module(c: Case) -> None:
    """``tf.XlaCallModule``: its required attributes and its function list."""
    rng = c.rng
    attrs = {"Sout": rng.choice(("[#tf_type.shape<>]", "[]", "[#tf_type.shape<2x?>]")), "module": '""',
             "version": "5 : i64"}  # fmt: skip
    r = rng.random()
    if r < 0.7:
        refs = [rng.choice(("@g", "@g2", "@g0", "@nope", "@g::@h", '@"q/r"')) for _ in range(rng.randint(0, 3))]
        attrs["function_list"] = "[" + ", ".join(refs) + "]"
    elif r < 0.75 and not c.clean:
        attrs["function_list"] = rng.choice(("[1]", "@g", '["g"]'))
    if rng.random() < 0.1:
        attrs["has_token_input_output"] = rng.choice(("true", "false") if c.clean else ("true", "1 : i64"))
    _spoil(c, attrs, ("Sout", "module", "version"))
    c.op("tf.XlaCallModule", c.values(rng.choice((0, 1, 1, 2, 3))), c.results(), attrs)


def _tensor(rng: random.Random, dims: list[int | None] | None, element: str) -> str:
    if dims is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join("?x" if d is None else f"{d}x" for d in dims) + element + ">"


def make_set_dynamic_dimension_size(c: Case) -> None:
    """``tf.XlaSetDynamicDimensionSize``: a constant ``dim_index`` in range or not (or none), the result
    its inferred type, or that type changed in one place."""
    rng = c.rng
    element = rng.choice(("f32", "f32", "i32"))
    dims: list[int | None] | None = (
        None
        if rng.random() < 0.1
        else [None if rng.random() < 0.1 else rng.randint(1, 5) for _ in range(rng.randint(0, 3))]
    )
    x = c.operand(_tensor(rng, dims, element) if rng.random() < 0.95 else element)
    index: int | None = None
    r = rng.random()
    if r < 0.7:
        index = rng.randint(0, len(dims or ())) if rng.random() < 0.8 else rng.choice((-1, len(dims or ()) + 1))
        kind = "tensor<i32>" if rng.random() < 0.85 else rng.choice(("tensor<2xi32>", "tensor<i64>"))
        value = f"dense<[{index}, 0]>" if kind == "tensor<2xi32>" else f"dense<{index}>"
        c.lines.append(f'  %d{len(c.lines)} = "tf.Const"() <{{value = {value} : {kind}}}> : () -> {kind}')
        d, dt = f"%d{len(c.lines) - 1}", kind
    else:
        dt = rng.choice(("tensor<i32>", "tensor<i32>", "tensor<2xi32>", "tensor<f32>"))
        d = c.operand(dt)
    st = rng.choice(("tensor<i32>",) * 6 + ("tensor<2xi32>", "tensor<f32>"))
    s_ = c.operand(st)
    out = None if dims is None else list(dims)
    if out is not None:
        if index is None:
            out = [None] * len(out)
        elif 0 <= index < len(out):
            out[index] = None
    m = rng.random()
    if m < 0.15 and out is not None and out:
        i = rng.randrange(len(out))
        out[i] = rng.randint(1, 6)  # a static size where the inferred one is dynamic, or another
    elif m < 0.25:
        out = None if out is not None and rng.random() < 0.5 else [rng.randint(1, 4) for _ in range(rng.randint(0, 3))]
    elif m < 0.32:
        element = rng.choice(("i32", "f16", "i1"))
    elif m < 0.5 and out is not None:
        out = [d if rng.random() < 0.5 else None for d in out]
    c.op("tf.XlaSetDynamicDimensionSize", [(x, c.args[int(x[2:])]), (d, dt), (s_, st)],
         [_tensor(rng, out, element)], {})  # fmt: skip


def make_broadcast_helper(c: Case) -> None:
    """``tf.XlaBroadcastHelper``: operands of ranks 0-3 (or unranked), a constant ``broadcast_dims`` that
    places the smaller operand (or is empty, short, out of range, repeated), or an argument; results that
    are the placed shapes, the operands' own, or one changed."""
    rng = c.rng

    def dims_of() -> list[int | None] | None:
        if rng.random() < 0.08:
            return None
        return [None if rng.random() < 0.08 else rng.randint(1, 4) for _ in range(rng.randint(0, 3))]

    a, b = dims_of(), dims_of()
    ea = rng.choice(("f32", "f32", "f32", "i32"))
    eb = ea if rng.random() < 0.85 else rng.choice(("f32", "i32", "f16"))
    at, bt = _tensor(rng, a, ea), _tensor(rng, b, eb)
    if rng.random() < 0.03:
        at = ea
    x, y = c.operand(at), c.operand(bt)
    la, lb = len(a or ()), len(b or ())
    small, large = (a, b) if la < lb else (b, a)
    nl = len(large or ())
    place = sorted(rng.sample(range(nl), len(small or ()))) if len(small or ()) <= nl else []
    r = rng.random()
    values = (
        place
        if r < 0.55
        else ([] if r < 0.7 else [rng.choice((-1, *range(nl), nl + 1)) for _ in range(rng.randint(0, 3))])
    )
    if rng.random() < 0.1 and values:
        values = values[::-1]
    element = rng.choice(("i64", "i64", "i32"))
    if rng.random() < 0.85:
        kind = f"tensor<{len(values)}x{element}>"
        text = "dense<>" if not values else "dense<[" + ", ".join(map(str, values)) + "]>"
        c.lines.append(f'  %d{len(c.lines)} = "tf.Const"() <{{value = {text} : {kind}}}> : () -> {kind}')
        d = f"%d{len(c.lines) - 1}"
    else:
        kind = rng.choice(("tensor<1xi64>", "tensor<2xi32>", "tensor<f32>"))
        d = c.operand(kind)
    placed: list[int | None] = [1] * nl
    for i, v in enumerate(values):
        if 0 <= v < nl and small is not None and i < len(small):
            placed[v] = small[i]
    outs = [at, bt]
    if small is not None and large is not None and values:
        outs[0 if la < lb else 1] = _tensor(rng, placed, ea if la < lb else eb)
    m = rng.random()
    if m < 0.2:
        i = rng.randrange(2)
        outs[i] = _tensor(rng, dims_of(), (ea, eb)[i])
    elif m < 0.3:
        i = rng.randrange(2)
        outs[i] = _tensor(rng, None, (ea, eb)[i])
    elif m < 0.35:
        outs[rng.randrange(2)] = _tensor(rng, a, "i1")
    c.op("tf.XlaBroadcastHelper", [(x, at), (y, bt), (d, kind)], outs, {})


MAKERS = {
    "tf.LegacyCall": make_legacy_call,
    "tf.TPUPartitionedCall": make_tpu_call,
    "tf.BatchFunction": make_batch_function,
    "tf.XlaCallModule": make_call_module,
    "tf.XlaSetDynamicDimensionSize": make_set_dynamic_dimension_size,
    "tf.XlaBroadcastHelper": make_broadcast_helper,
}


def make_case(rng: random.Random, name: str) -> str:
    """One case of op ``name``, now and then followed by an op of another kind (see the docstring)."""
    c = Case(rng)
    MAKERS[name](c)
    if rng.random() < 0.2:
        c.clean = True
        MAKERS[rng.choice(list(MAKERS))](c)
    return c.text()


def cases(n: int, seed: int = SEED) -> list[tuple[str, str]]:
    """``n`` cases, the ops in turn."""
    rng = random.Random(f"{seed}:tf-verify-c")
    names = list(MAKERS)
    return [(name, make_case(rng, name)) for name in (names[i % len(names)] for i in range(n))]


def test_tf_verified_c_ops_agree_with_tensorflow() -> None:
    found = cases(CASES)
    expected = tool_verdicts("tf", [t for _, t in found])
    diffs = []
    per_op: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    kinds: collections.Counter[str] = collections.Counter()
    for (name, text), want in zip(found, expected, strict=True):
        got = broadcheck_verdict(text)
        per_op[name]["ok" if want == "ok" else "rejected"] += 1
        kinds[re.sub(r"'[^']*'", "'T'", re.sub(r"^\d+:\d+: ", "", want))[:70]] += 1
        if got != want:
            diffs.append((name, text, want, got))
    print(f"tf verified ops, part C: {len(found)} cases over {len(MAKERS)} ops; {len(diffs)} differences")
    for name, counts in per_op.items():
        print(f"  {name}: {counts['ok']} accepted, {counts['rejected']} rejected")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common(60)))
    by_op = collections.Counter(n for n, *_ in diffs)
    shown = "\n".join(f"--- {n}\n{t}  tool:       {w}\n  broadcheck: {g}" for n, t, w, g in diffs[:12])
    assert not diffs, f"{len(diffs)} differences ({dict(by_op)}):\n{shown}"
    for name, counts in per_op.items():
        assert counts["ok"] and counts["rejected"], (name, counts)
