"""Differential test: ``tfl.while``'s verifier against TensorFlow 2.21's TFLite importer.

Each case is a TFLite model of three subgraphs: ``main`` with one ``WHILE`` node, its condition
and its body. The importer builds ``tfl.while`` with the node's inputs and outputs as operands and
results and each region's arguments from its subgraph's inputs (calling the subgraph), then
verifies it; the same op as the importer prints it is broadcheck's text. Operand, result and
argument counts that agree or not, shapes of rank 0-2 (``?`` included) that agree, differ or
differ in rank, element types ``f32`` and ``i32``. The first error must agree (broadcheck's
warnings about what the verifier does not check are not compared).

Run with TensorFlow's environment (``make oracle-tf``); FAILS (never skips) when TensorFlow is
missing. Knobs: ``BROADCHECK_TFL_WHILE_CASES`` (default 2000), ``BROADCHECK_TFL_WHILE_SEED``.
"""

from __future__ import annotations

import collections
import os
import random
from dataclasses import dataclass

import pytest

from . import common, tflmodel

pytestmark = pytest.mark.oracle

COUNT = int(os.environ.get("BROADCHECK_TFL_WHILE_CASES", 2000))
SEED = int(os.environ.get("BROADCHECK_TFL_WHILE_SEED", 20261129))
SHOW = 12

T = tuple[tuple[int | None, ...], str]
"""A tensor: its shape and element type."""


@dataclass
class Loop:
    index: int
    operands: list[T]
    results: list[T]
    cond: list[T]
    body: list[T]
    body_results: list[T]

    @property
    def text(self) -> str:
        return _text(self)


def _type(t: T) -> str:
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in t[0]) + t[1] + ">"


def _types(ts: list[T]) -> str:
    return ", ".join(_type(t) for t in ts)


def _fn(ts: list[T]) -> str:
    return _type(ts[0]) if len(ts) == 1 else f"({_types(ts)})"


def _head(n: int) -> str:
    return "%0 = " if n == 1 else f"%0:{n} = "


def _values(name: str, n: int) -> str:
    return name if n == 1 else ", ".join(f"{name}#{i}" for i in range(n))


def _text(c: Loop) -> str:
    flag: T = (c.cond[0][0], "i1")
    args = lambda ts: ", ".join(f"%arg{i + len(c.operands)}: {_type(t)}" for i, t in enumerate(ts))  # noqa: E731
    names = lambda ts: ", ".join(f"%arg{i + len(c.operands)}" for i in range(len(ts)))  # noqa: E731
    body_out = c.body_results
    lines = [
        "func.func @main(" + ", ".join(f"%arg{i}: {_type(t)}" for i, t in enumerate(c.operands)) + ") {",
        f'  {_head(len(c.results))}"tfl.while"({", ".join(f"%arg{i}" for i in range(len(c.operands)))}) ({{',
        f"  ^bb0({args(c.cond)}):",
        f"    %1 = func.call @cond({names(c.cond)}) : ({_types(c.cond)}) -> {_type(flag)}",
        f'    "tfl.yield"(%1) : ({_type(flag)}) -> ()',
        "  }, {",
        f"  ^bb0({args(c.body)}):",
        f"    {_head(len(body_out)).replace('%0', '%1')}func.call @body({names(c.body)}) : ({_types(c.body)}) -> "
        f"{_fn(body_out)}",
        f'    "tfl.yield"({_values("%1", len(body_out))}) : ({_types(body_out)}) -> ()',
        f"  }}) : ({_types(c.operands)}) -> {_fn(c.results)}",
        "  func.return",
        "}",
        f"func.func private @cond({', '.join(f'%arg{i}: {_type(t)}' for i, t in enumerate(c.cond))}) -> "
        f"{_type(flag)} {{",
        f'  %0 = "tfl.less"(%arg0, %arg0) : ({_type(c.cond[0])}, {_type(c.cond[0])}) -> {_type(flag)}',
        f"  func.return %0 : {_type(flag)}",
        "}",
        f"func.func private @body({', '.join(f'%arg{i}: {_type(t)}' for i, t in enumerate(c.body))}) -> "
        f"{_fn(body_out)} {{",
    ]
    for k, t in enumerate(body_out):
        a = k % len(c.body)
        lines.append(f'  %{k} = tfl.add %arg{a}, %arg{a} {{fused_activation_function = "NONE"}} : {_type(t)}')
    lines += [f"  func.return {', '.join(f'%{k}' for k in range(len(body_out)))} : {_types(body_out)}", "}"]
    return "\n".join(lines) + "\n"


def model(c: Loop) -> bytes:
    """The loop as a TFLite model of three subgraphs."""
    import flatbuffers  # type: ignore[import-not-found,unused-ignore]

    s = tflmodel.schema

    def tensor(name: str, t: T) -> object:
        x = s.TensorT()
        x.name, x.buffer, x.hasRank = name.encode(), 0, True
        x.type = getattr(s.TensorType, tflmodel.TENSOR_TYPES[t[1]])
        x.shape = [1 if d is None else d for d in t[0]]
        if None in t[0]:
            x.shapeSignature = [-1 if d is None else d for d in t[0]]
        return x

    def node(code: int, ins: list[int], outs: list[int], options: tuple[int, object] | None = None) -> object:
        o = s.OperatorT()
        o.opcodeIndex, o.inputs, o.outputs = code, ins, outs
        if options is not None:
            o.builtinOptionsType, o.builtinOptions = options
        return o

    def graph(
        name: str, ins: list[T], outs: list[T], nodes: list[object], out_tensors: list[T] | None = None
    ) -> object:
        g = s.SubGraphT()
        g.name = name.encode()
        g.tensors = [tensor(f"{name}{k}", t) for k, t in enumerate([*ins, *(out_tensors or outs)])]
        g.inputs = list(range(len(ins)))
        g.outputs = list(range(len(ins), len(ins) + len(out_tensors or outs)))
        g.operators = nodes
        return g

    m = s.ModelT()
    m.version, m.buffers = 3, [s.BufferT()]
    codes = []
    for name in ("WHILE", "LESS", "ADD"):
        oc = s.OperatorCodeT()
        oc.builtinCode = getattr(s.BuiltinOperator, name)
        oc.deprecatedBuiltinCode, oc.version = min(oc.builtinCode, 127), 1
        codes.append(oc)
    m.operatorCodes = codes
    w = s.WhileOptionsT()
    w.condSubgraphIndex, w.bodySubgraphIndex = 1, 2
    n = len(c.operands)
    main = graph(
        "main", c.operands, c.results,
        [node(0, list(range(n)), list(range(n, n + len(c.results))), (s.BuiltinOptions.WhileOptions, w))],
    )  # fmt: skip
    cond = graph("cond", c.cond, [(c.cond[0][0], "i1")], [node(1, [0, 0], [len(c.cond)])])
    nb = len(c.body)
    adds = [
        node(2, [k % nb, k % nb], [nb + k], (s.BuiltinOptions.AddOptions, s.AddOptionsT()))
        for k in range(len(c.body_results))
    ]
    body = graph("body", c.body, c.body_results, adds)
    m.subgraphs = [main, cond, body]
    builder = flatbuffers.Builder(1024)
    builder.Finish(m.Pack(builder), file_identifier=b"TFL3")
    return bytes(builder.Output())


def _tensor(rng: random.Random) -> T:
    shape = tuple(None if rng.random() < 0.1 else rng.choice((1, 2, 3)) for _ in range(rng.randint(0, 2)))
    return shape, rng.choice(("f32", "f32", "i32"))


def _near(rng: random.Random, t: T) -> T:
    r = rng.random()
    if r < 0.7:
        return t
    if r < 0.8:
        return t[0], rng.choice(("f32", "i32"))
    if r < 0.9 and t[0]:
        dims = list(t[0])
        i = rng.randrange(len(dims))
        dims[i] = None if rng.random() < 0.4 else rng.choice((1, 2, 3, 4))
        return tuple(dims), t[1]
    return _tensor(rng)


def _list(rng: random.Random, ts: list[T], p: float = 0.12) -> list[T]:
    out = [_near(rng, t) for t in ts]
    if rng.random() < p:
        if rng.random() < 0.5 and len(out) > 1:
            out.pop(rng.randrange(len(out)))
        else:
            out.append(_tensor(rng))
    return out


def _body_results(body: list[T]) -> list[T]:
    return [body[k % len(body)] for k in range(len(body))]


def cases(seed: int, count: int) -> list[Loop]:
    rng = random.Random(seed)
    out = []
    for index in range(count):
        operands = [_tensor(rng) for _ in range(rng.randint(1, 3))]
        results = _list(rng, operands)
        cond = _list(rng, operands)
        body = _list(rng, operands)
        out.append(Loop(index, operands, results, cond, body, _body_results(body)))
    return out


def test_tfl_while_matches_the_importer() -> None:
    """broadcheck gives the TFLite dialect's verdict and first error on every loop."""
    if tflmodel.IMPORT_ERROR is not None:
        pytest.fail(f"TensorFlow 2.21 is needed for this campaign: {tflmodel.IMPORT_ERROR}")
    batch = cases(SEED, COUNT)
    assert len(batch) >= 2000
    outcomes: collections.Counter[str] = collections.Counter()
    diffs = []
    for case in batch:
        want = tflmodel.first_error(model(case))
        got = common.broadcheck_first_error(case.text)
        outcomes["ok" if want == "ok" else "error"] += 1
        if want != got:
            diffs.append((case, want, got))
    summary = f"tfl.while: {len(batch)} cases, {len(batch) - len(diffs)} agree; oracle outcomes {dict(outcomes)}"
    print("\n" + summary)
    dump = os.environ.get("BROADCHECK_TFL_WHILE_DUMP")
    if dump:
        with open(dump, "w") as out:
            for case, want, got in diffs:
                out.write(f"--- case {case.index}\n{case.text}  tool:       {want}\n  broadcheck: {got}\n")
    lines = [summary]
    for case, want, got in diffs[:SHOW]:
        lines += [f"--- case {case.index}", case.text.rstrip(), f"  tool:       {want}", f"  broadcheck: {got}"]
    assert not diffs, "\n".join(lines)
    assert outcomes["ok"] >= len(batch) // 10 and outcomes["error"] >= len(batch) // 10, outcomes
