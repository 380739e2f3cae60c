"""Differential test of the ``onnx`` ops checked for issue 29 (BC806, BC807; SpaceToDepth's verifier, BC804
and BC1500) against ONNX's own shape inference (``onnx.shape_inference.infer_shapes(model, strict_mode=True)``,
onnx 1.23, opset 21), with the harness of :mod:`tests.oracle.test_onnx_shape_ops` (onnxruntime where ONNX's
inference is silent about a result).

Families: recurrent (RNN, GRU, LSTM: absent inputs and results as ``none``, both layouts, the three
directions and a misspelt one, ``hidden_size`` present or not, X of rank 3 or not) and tail (ConvInteger,
SpaceToDepth, GlobalMaxPool, GlobalLpPool, Size, CumSum, Dropout, QuantizeLinear, DynamicQuantizeLinear) and
one_hot (OneHot: indices of rank 0-3 or unranked, depth and values of the right shape or not, constant or not,
axis in and out of range).
An absent (``none``) result has no ONNX output: compared are the results that are there.

Run by ``make oracle``. Knobs: ``BROADCHECK_ONNX_SHAPE_CASES`` (per family, default 3000),
``BROADCHECK_ONNX_SEED``.
"""

from __future__ import annotations

import collections
import random

import pytest

from .test_onnx_shape_ops import (
    COUNT,
    SEED,
    SHOW,
    Case,
    Gen,
    Input,
    Shape,
    onnx_inferred,
    operation,
    runtime_difference,
)

pytestmark = pytest.mark.oracle

GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}


class Recurrent(Gen):
    def _maybe(self, shape: Shape, p: float = 0.5, element: str = "f32") -> Input:
        return Input(shape, element) if self.chance(p) else Input((1,), element, none=True)

    def _near(self, shape: tuple[int, ...]) -> Shape:
        """``shape`` mostly, sometimes with a size unknown or changed, or unranked."""
        if self.chance(0.05):
            return None
        return tuple(None if self.chance(0.1) else self.dim() if self.chance(0.08) else d for d in shape)

    def recurrent(self, i: int) -> Case:
        op = self.rng.choice(("RNN", "GRU", "LSTM"))
        seq, batch, size, hidden = (self.rng.randint(1, 4) for _ in range(4))
        direction = self.rng.choice(("forward", "reverse", "bidirectional", None, None, "sideways"))
        dirs = 2 if direction == "bidirectional" else 1
        layout = self.rng.choice((0, 0, 1, None))
        gates = GATES[op] * hidden
        x: Shape = (seq, batch, size) if layout != 1 else (batch, seq, size)
        if self.chance(0.1):
            x = self.shape(1, 4)
        case = Case(i, f"onnx.{op}", op, [Input(self._near(x) if x is not None else None)])
        case.inputs += [Input(self._near((dirs, gates, size))), Input(self._near((dirs, gates, hidden)))]
        case.inputs.append(self._maybe(self._near((dirs, 2 * gates))))
        case.inputs.append(self._maybe((batch,), 0.3, "i32"))
        state = (dirs, batch, hidden) if layout != 1 else (batch, dirs, hidden)
        case.inputs.append(self._maybe(self._near(state), 0.3))
        if op == "LSTM":
            case.inputs += [self._maybe(self._near(state), 0.3), self._maybe((dirs, 3 * hidden), 0.2)]
        while case.inputs[-1].none:
            case.inputs.pop()
        if direction is not None:
            case.attrs["direction"] = direction
        if self.chance(0.8):
            case.attrs["hidden_size"] = hidden if self.chance(0.9) else self.rng.randint(-1, 5)
        if layout is not None:
            case.attrs["layout"] = layout
        y = (seq, dirs, batch, hidden) if layout != 1 else (batch, seq, dirs, hidden)
        results: list[Shape | str] = []
        for k in range(3 if op == "LSTM" else 2):
            if self.chance(0.25):
                results.append("none")
            elif self.chance(0.4):
                results.append(None)
            else:
                results.append(self._near(y if k == 0 else state))
        if all(r == "none" for r in results):
            results[-1] = None
        case.result, case.more = results[0], results[1:]  # type: ignore[assignment]
        return case

    def tail(self, i: int) -> Case:
        op = self.rng.choice(
            "ConvInteger ConvInteger SpaceToDepth SpaceToDepth GlobalMaxPool GlobalLpPool Size CumSum Dropout Dropout "
            "QuantizeLinear DynamicQuantizeLinear".split()
        )
        case = Case(i, f"onnx.{op}", op, [], result=self.result(i))
        getattr(self, f"_{op.lower()}")(case)
        return case

    def _convinteger(self, case: Case) -> None:
        n = self.rng.randint(1, 2)
        x = self._near((self.rng.randint(1, 2), self.rng.randint(1, 3), *(self.rng.randint(1, 6) for _ in range(n))))
        w = self._near((self.rng.randint(1, 3), self.rng.randint(1, 3), *(self.rng.randint(1, 3) for _ in range(n))))
        case.inputs = [Input(x, "ui8"), Input(w, "ui8")]
        if self.chance(0.3):
            case.inputs.append(Input((), "ui8"))
        case.elements = ["i32"]
        if self.chance(0.3):
            case.attrs["strides"] = self.ints(n if self.chance(0.9) else n + 1, 1, 3)
        if self.chance(0.3):
            case.attrs["pads"] = self.ints(2 * n if self.chance(0.9) else n, 0, 2)
        elif self.chance(0.2):
            case.attrs["auto_pad"] = self.rng.choice(("SAME_UPPER", "SAME_LOWER", "VALID"))
        if self.chance(0.2):
            case.attrs["dilations"] = self.ints(n, 1, 2)

    def _spacetodepth(self, case: Case) -> None:
        case.inputs = [Input(self.shape(3, 5) if self.chance(0.9) else self.shape(0, 6))]
        case.attrs["blocksize"] = self.rng.choice((1, 2, 2, 3, 0, -1))

    def _globalmaxpool(self, case: Case) -> None:
        case.inputs = [Input(self.shape(1, 5))]

    _globallppool = _globalmaxpool

    def _size(self, case: Case) -> None:
        case.inputs = [Input(self.shape())]
        case.elements = ["i64"]

    def _cumsum(self, case: Case) -> None:
        x = self.shape(1, 4)
        r = 1 if x is None else len(x)
        case.inputs = [Input(x), Input((), "i64", [self.rng.randint(-r, r - 1)])]

    def _dropout(self, case: Case) -> None:
        case.inputs = [Input(self.shape())]
        if self.chance(0.6):
            case.inputs.append(Input((), "f32", [0.5]) if self.chance(0.7) else Input(self.shape(0, 2)))
        if len(case.inputs) == 2 and self.chance(0.4):
            case.inputs.append(Input(() if self.chance(0.8) else (1,), "i1", none=False))
        if self.chance(0.5):
            case.more = [self.result(0)]
            case.elements = ["f32", "i1"]

    def _quantizelinear(self, case: Case) -> None:
        case.inputs = [Input(self.shape()), Input((), "f32", [0.5])]
        if self.chance(0.6):
            case.inputs.append(Input((), "ui8", [3]))
        case.elements = ["ui8"]

    def _dynamicquantizelinear(self, case: Case) -> None:
        case.inputs = [Input(self.shape())]
        case.more = [self.result(0) if self.chance(0.3) else (), () if self.chance(0.8) else self.result(0)]
        case.elements = ["ui8", "f32", "ui8"]


class OneHot(Recurrent):
    def one_hot(self, i: int) -> Case:
        x = self.shape(0, 3)
        case = Case(i, "onnx.OneHot", "OneHot", [Input(x, "i64")], result=self.result(i), elements=["f32"])
        depth = self.rng.choice([(), (), (1,), (2,), (1, 1), None])
        case.inputs.append(
            Input(depth, "i64", [3] * (1 if depth in ((), (1,)) else 2 if depth == (2,) else 1))
            if depth is not None and depth != (1, 1) and self.chance(0.6)
            else Input(depth, "i64")
        )
        values = self.rng.choice([(2,), (2,), (2,), (3,), (2, 1), None, (None,)])
        case.inputs.append(Input(values))
        if self.chance(0.8):
            r = 1 if x is None else len(x)
            case.attrs["axis"] = self.rng.randint(-r - 2, r + 1)
        return case


def _check(family: str, batch: list[Case]) -> None:
    from broadcheck.api import check_text
    from broadcheck.dialects import lookup
    from broadcheck.dialects.common import compatible
    from broadcheck.dialects.onnx.infer import infer

    outcomes: collections.Counter[str] = collections.Counter()
    compared: collections.Counter[str] = collections.Counter()
    rng = random.Random(SEED)
    diffs = []
    for case in batch:
        decl = lookup(case.op)
        assert decl is not None and decl.check is not None
        got = check_text(case.text, path="<case>", profile="llvm")
        if any(d.severity == "error" for d in got):
            outcomes["onnx-mlir's verifier rejects (left out)"] += 1
            continue
        kind, payload = onnx_inferred(case)
        compared[case.onnx_op] += 1
        inferred = infer(operation(case))
        ours = inferred
        if isinstance(inferred, list):  # the results that are there, as ONNX has them
            ours = [s for s, r in zip(inferred, case.results, strict=False) if r != "none"]
        if kind == "error":
            outcomes["onnx rejects"] += 1
            if not isinstance(ours, str):
                diffs.append((case, f"onnx: {payload}", f"broadcheck: {ours}"))
                continue
        else:
            outcomes["onnx infers"] += 1
            if not isinstance(ours, list) or list(ours[: len(payload)]) != payload:
                diffs.append((case, f"onnx: {payload}", f"broadcheck: {ours}"))
                continue
            if None in payload:
                outcomes["onnx silent"] += 1
                difference = runtime_difference(case, rng, outcomes)
                if difference is not None:
                    diffs.append((case, "onnxruntime", difference))
                    continue
        warnings = [d.code for d in got if d.severity == "warning"]
        present = [r for r in case.results if r != "none"]
        fits = kind == "error" or all(
            compatible(r, p)  # type: ignore[arg-type]
            for r, p in zip(present, payload, strict=False)
        )
        want = ["BC807"] if kind == "error" else [] if fits else ["BC806"]
        if warnings[:1] != want:
            diffs.append((case, f"warnings wanted {want}", f"got {warnings}"))
    summary = f"onnx ops, {family}: {len(batch)} cases; {dict(sorted(outcomes.items()))}; {len(diffs)} differences"
    print("\n" + summary + f"\n  compared per op: {dict(sorted(compared.items()))}")
    lines = [summary]
    for case, want, got_ in diffs[:SHOW]:
        lines += [f"--- case {case.index} ({case.onnx_op} {case.attrs})", case.text.rstrip(), f"  {want}", f"  {got_}"]
    assert len(batch) >= 2000, summary
    assert not diffs, "\n".join(lines)


def test_recurrent_ops_match_onnx_shape_inference() -> None:
    """RNN, GRU, LSTM."""
    gen = Recurrent(SEED + 40)
    _check("recurrent", [gen.recurrent(i) for i in range(COUNT)])


def test_one_hot_matches_onnx_shape_inference() -> None:
    """OneHot (onnx-mlir's verifier first: those cases are left out)."""
    gen = OneHot(SEED + 42)
    _check("one_hot", [gen.one_hot(i) for i in range(COUNT)])


def test_tail_ops_match_onnx_shape_inference() -> None:
    """ConvInteger, SpaceToDepth, GlobalMaxPool, GlobalLpPool, Size, CumSum, Dropout, QuantizeLinear,
    DynamicQuantizeLinear."""
    gen = Recurrent(SEED + 41)
    _check("tail", [gen.tail(i) for i in range(COUNT)])
