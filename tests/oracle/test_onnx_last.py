"""Differential test of the inference (BC806, BC807) of the ONNX-MLIR ops declared last against ONNX's own
shape inference (``onnx.shape_inference.infer_shapes(model, strict_mode=True)``, onnx 1.23), each at the
opset its onnx-mlir op follows (``ReduceL1V13`` at opset 13, ``PadV2`` at opset 2, ``UpsampleV7`` at 7, ...;
the ML ops in ``ai.onnx.ml``), with the harness of :mod:`tests.oracle.test_onnx_shape_ops` (onnxruntime
where ONNX's inference is silent; cases onnx-mlir's verifier rejects are left out).

Families: twins (the versioned twins of ops checked before: the reductions, Pad, Split, Softmax, MaxPool,
LpPool, Upsample, Resize-10), Resize twins (Resize-11, -13, -18 with Resize-19's cases), nn (Trilu, Det, NonZero, RoiAlign, MaxRoiPool, NonMaxSuppression,
ReverseSequence, LRN, LpNormalization, the windows), ml (Binarizer, CategoryMapper, OneHotEncoder).
GroupNormalization, MeanVarianceNormalization and Scaler are not here: ONNX's inference gives them no shape
(the first two are functions, whose body onnx 1.23 fails to expand for MeanVarianceNormalization), so
broadcheck infers none for them either.

Run by ``make oracle``. Knobs: ``BROADCHECK_ONNX_SHAPE_CASES`` (per family, default 3000),
``BROADCHECK_ONNX_SEED``.
"""

from __future__ import annotations

import pytest

from tests.oracle.test_onnx_shape_ops import COUNT, SEED, Case, Gen, Input, _check

pytestmark = pytest.mark.oracle

REDUCTIONS = {
    # onnx-mlir's op -> (ONNX's op, opset, axes an attribute)
    **{f"Reduce{n}": (f"Reduce{n}", 18, False) for n in ("L1", "L2", "LogSum", "LogSumExp", "SumSquare")},
    **{f"Reduce{n}V13": (f"Reduce{n}", 13, True) for n in ("L1", "L2", "LogSum", "LogSumExp", "SumSquare")},
    "ReduceMaxV18": ("ReduceMax", 18, False),
    "ReduceMinV18": ("ReduceMin", 18, False),
}


class LastGen(Gen):
    def axes(self, r: int, n: int | None = None) -> list[int]:
        k = self.rng.randint(0, max(r, 1)) if n is None else n
        return [self.rng.randint(-r - 1, r) for _ in range(k)]

    def twins(self, i: int) -> Case:
        op = self.rng.choice(
            [
                *REDUCTIONS,
                *(["SoftmaxV11", "PadV2", "PadV11", "PadV13", "PadV18", "SplitV13"] * 2),
                *("MaxPool", "MaxPool", "LpPool", "UpsampleV7", "Upsample", "ResizeV10"),
            ]
        )
        x = self.shape()
        r = 2 if x is None else len(x)
        if op in REDUCTIONS:
            name, opset, attr = REDUCTIONS[op]
            case = Case(i, f"onnx.{op}", name, [Input(x)], result=self.result(i), opset=opset)
            if self.chance(0.8):
                axes = self.axes(r)
                if attr:
                    case.attrs["axes"] = axes
                else:
                    case.inputs.append(self.operand(axes))
            if self.chance(0.4):
                case.attrs["keepdims"] = self.rng.randint(0, 1)
            if not attr and self.chance(0.2):
                case.attrs["noop_with_empty_axes"] = self.rng.randint(0, 1)
            return case
        if op == "SoftmaxV11":
            case = Case(i, "onnx.SoftmaxV11", "Softmax", [Input(x)], result=self.result(i), opset=11)
            if self.chance(0.7):
                case.attrs["axis"] = self.rng.randint(-r - 1, r)
            return case
        if op.startswith("Pad"):
            opset = {"PadV2": 2, "PadV11": 11, "PadV13": 13, "PadV18": 18}[op]
            case = Case(i, f"onnx.{op}", "Pad", [Input(x)], result=self.result(i), opset=opset)
            n = r
            axes = None
            if op == "PadV18" and self.chance(0.5):
                axes = self.axes(r, self.rng.randint(0, r))
                n = len(axes)
            count = 2 * n if self.chance(0.85) else self.rng.randint(0, 2 * n + 2)
            pads = [self.rng.randint(-1, 3) for _ in range(count)]
            if op == "PadV2":
                case.attrs["pads"] = pads
            else:
                case.inputs.append(self.operand(pads))
                if axes is not None:
                    case.inputs.append(Input((0,), "f32", none=True))
                    case.inputs.append(self.operand(axes))
            return case
        if op == "SplitV13":
            n = self.rng.randint(1, 3)
            case = Case(i, "onnx.SplitV13", "Split", [Input(x)], result=self.result(i), opset=13)
            case.more = [self.result(i) for _ in range(n - 1)]
            if self.chance(0.7):
                case.attrs["axis"] = self.rng.randint(-r - 1, r)
            if self.chance(0.5):
                count = n if self.chance(0.8) else self.rng.randint(0, 4)
                case.inputs.append(self.operand([self.rng.randint(0, 4) for _ in range(count)]))
            return case
        if op in ("MaxPool", "LpPool"):
            x = (
                self.rng.randint(1, 2),
                self.rng.randint(1, 3),
                *[self.rng.choice((1, 3, 4, 5, None)) for _ in range(self.rng.randint(1, 2))],
            )
            n = len(x) - 2
            if self.chance(0.05):
                x = x[: self.rng.randint(0, 2)]
            case = Case(i, f"onnx.{op}", op, [Input(x)], result=self.result(i), opset=21 if op == "MaxPool" else 18)
            if op == "MaxPool" and self.chance(0.4):
                case.more = [self.result(i)]
                case.elements = ["f32", "i64"]
            case.attrs["kernel_shape"] = [self.rng.randint(1, 3) for _ in range(n if self.chance(0.9) else n + 1)]
            if self.chance(0.4):
                case.attrs["strides"] = [self.rng.randint(1, 2) for _ in range(n)]
            if self.chance(0.3):
                case.attrs["pads"] = [self.rng.randint(0, 1) for _ in range(2 * n)]
            elif self.chance(0.3):
                case.attrs["auto_pad"] = self.rng.choice(("VALID", "SAME_UPPER", "SAME_LOWER", "NOTSET"))
            if self.chance(0.3):
                case.attrs["dilations"] = [self.rng.randint(1, 2) for _ in range(n)]
            if self.chance(0.2):
                case.attrs["ceil_mode"] = self.rng.randint(0, 1)
            return case
        # UpsampleV7 (scales attribute), Upsample-9, Resize-10 (scales input)
        count = r if self.chance(0.85) else self.rng.randint(0, r + 1)
        if op == "UpsampleV7":  # (an empty list attribute is written INTS, which Upsample-7 refuses)
            count = max(count, 1)
        scales = [self.rng.choice((1.0, 1.0, 2.0, 1.5, 0.5, 3.0)) for _ in range(count)]
        if op == "UpsampleV7":
            case = Case(i, "onnx.UpsampleV7", "Upsample", [Input(x)], result=self.result(i), opset=7)
            case.attrs["scales"] = scales
            return case
        onnx_op, opset = ("Upsample", 9) if op == "Upsample" else ("Resize", 10)
        s = Input((count,), "f32", scales if self.chance(0.85) else None)
        return Case(i, f"onnx.{op}", onnx_op, [Input(x), s], result=self.result(i), opset=opset)

    def resize(self, i: int) -> Case:
        """ResizeV11, V13, V18 (Resize-11, -13, -18): the cases of Resize-19's campaign, without the
        attributes their opset lacks; opset 11 and 13 read an absent roi or scales as empty constants."""
        op = self.rng.choice(("ResizeV11", "ResizeV13", "ResizeV18"))
        opset = int(op[-2:])
        case = self._resize(Case(i, f"onnx.{op}", "Resize", [], result=self.result(i), opset=opset))
        if opset < 18:
            case.attrs.pop("axes", None)
            case.attrs.pop("keep_aspect_ratio_policy", None)
            for k in (1, 2):
                if case.inputs[k].none:
                    case.inputs[k] = Input((0,), "f32", [])
        return case

    def nn(self, i: int) -> Case:
        op = self.rng.choice(
            "Trilu Det NonZero RoiAlign MaxRoiPool NonMaxSuppression ReverseSequence LRN "
            "LpNormalization BlackmanWindow HammingWindow HannWindow".split()
        )
        x = self.shape()
        if op in ("Trilu", "Det", "NonZero", "LRN", "LpNormalization"):
            opset = {"Trilu": 14, "Det": 11, "NonZero": 13, "LRN": 13}.get(op, 1)
            case = Case(i, f"onnx.{op}", op, [Input(x)], result=self.result(i), opset=opset)
            if op == "NonZero":
                case.elements = ["i64"]
            if op == "LRN":
                case.attrs["size"] = self.rng.randint(1, 3)
            if op == "LpNormalization" and self.chance(0.5):
                case.attrs["axis"] = self.rng.randint(-2, 2)
            return case
        if op == "RoiAlign":
            c = (self.rng.choice((1, 2, None)), self.rng.randint(1, 3), 8, 8)
            n = self.rng.choice((1, 3, 5, None))
            rois = (n, 4) if self.chance(0.9) else (n,)
            b = (self.rng.choice((n, n, 2)),) if self.chance(0.9) else (n, 1)
            case = Case(
                i,
                "onnx.RoiAlign",
                "RoiAlign",
                [Input(c), Input(rois), Input(b, "i64")],
                result=self.result(i),
                opset=16,
            )
            if self.chance(0.6):
                case.attrs["output_height"] = self.rng.randint(1, 4)
            if self.chance(0.6):
                case.attrs["output_width"] = self.rng.randint(1, 4)
            return case
        if op == "MaxRoiPool":
            c = (self.rng.choice((1, 2, None)), self.rng.randint(1, 3), 8, 8)
            rois = (self.rng.choice((1, 3, None)), 5)
            case = Case(i, "onnx.MaxRoiPool", "MaxRoiPool", [Input(c), Input(rois)], result=self.result(i), opset=1)
            case.attrs["pooled_shape"] = [self.rng.randint(1, 3) for _ in range(2)]
            return case
        if op == "NonMaxSuppression":
            b, k = self.rng.choice((1, 2, None)), self.rng.choice((3, 6, None))
            case = Case(
                i, "onnx.NonMaxSuppression", "NonMaxSuppression",
                [Input((b, k, 4)), Input((b, 1, k)), Input((1,), "i64")], result=self.result(i), opset=11,
            )  # fmt: skip
            case.elements = ["i64"]
            return case
        if op == "ReverseSequence":
            x = (self.rng.choice((2, 3, None)), self.rng.choice((2, 4, None)), *([3] * self.rng.randint(0, 1)))
            batch = self.rng.randint(0, 1)
            lens = Input((self.rng.choice((x[batch], x[batch], 5)),), "i64")
            case = Case(i, "onnx.ReverseSequence", "ReverseSequence", [Input(x), lens], result=self.result(i), opset=10)
            case.attrs["batch_axis"] = batch
            case.attrs["time_axis"] = 1 - batch
            return case
        # the windows: a 0-d size, a constant or not
        value = self.rng.randint(1, 6)
        size = Input((), "i64", [value] if self.chance(0.8) else None)
        case = Case(i, f"onnx.{op}", op, [size], result=self.result(i), opset=17)
        case.elements = ["f32"]
        return case

    def ml(self, i: int) -> Case:
        op = self.rng.choice("Binarizer CategoryMapper OneHotEncoder".split())
        x = self.shape()
        if op == "Binarizer":
            return Case(i, f"onnx.{op}", op, [Input(x)], result=self.result(i), domain="ai.onnx.ml", opset=3)
        if op == "CategoryMapper":
            case = Case(
                i, "onnx.CategoryMapper", op, [Input(x, "i64")], result=self.result(i), domain="ai.onnx.ml", opset=3
            )
            case.attrs.update({"cats_int64s": [1, 2], "cats_strings": ["a", "b"], "default_string": "z"})
            case.elements = ["!onnx.String"]
            return case
        n = self.rng.randint(1, 4)
        case = Case(i, "onnx.OneHotEncoder", op, [Input(x, "i64")], result=self.result(i), domain="ai.onnx.ml", opset=3)
        case.attrs["cats_int64s"] = list(range(n))
        case.elements = ["f32"]
        return case


def test_twins_match_onnx_shape_inference() -> None:
    """The reductions' twins, Pad-2/11/13/18, Split-13, Softmax-11, MaxPool, LpPool, Upsample-7/9, Resize-10."""
    gen = LastGen(SEED + 40)
    _check("twins", [gen.twins(i) for i in range(COUNT)])


def test_resize_twins_match_onnx_shape_inference() -> None:
    """ResizeV11, ResizeV13, ResizeV18, Resize-19's rule at their opsets."""
    gen = LastGen(SEED + 43)
    _check("resize twins", [gen.resize(i) for i in range(COUNT)])


def test_nn_ops_declared_last_match_onnx_shape_inference() -> None:
    """Trilu, Det, NonZero, RoiAlign, MaxRoiPool, NonMaxSuppression, ReverseSequence, LRN, LpNormalization, the
    windows."""
    gen = LastGen(SEED + 41)
    _check("nn (declared last)", [gen.nn(i) for i in range(COUNT)])


def test_ml_ops_match_onnx_shape_inference() -> None:
    """Binarizer, CategoryMapper, OneHotEncoder (ai.onnx.ml)."""
    gen = LastGen(SEED + 42)
    _check("ml", [gen.ml(i) for i in range(COUNT)])
