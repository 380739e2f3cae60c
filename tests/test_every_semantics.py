"""Every semantics, every op kind, 1 to 6 operands of random ranks (0-6) and sizes
(0, 1, 2, 3, ``?``, unranked): through the library, ``check`` and ``infer``, never an
internal error, and the oracle's verdict where there is one (NumPy; ONNX's
multidirectional rules are NumPy's; the MLIR trait agrees with NumPy on static shapes).

This is the family of the ONNX crash that a 3-operand ``onnx.Sum`` once hit: a
property test over all of them, so no other member of it hides.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broadcheck.api import check_text
from broadcheck.optable import builtin_ops
from broadcheck.semantics import registry
from tests.conftest import Invoke

Dims = tuple[int | None, ...] | None  # None: unranked

_dim = st.sampled_from([0, 1, 1, 2, 3, None])
_operand: st.SearchStrategy[Dims] = st.one_of(
    st.none(), st.lists(_dim, min_size=0, max_size=6).map(tuple), st.lists(_dim, min_size=0, max_size=6).map(tuple)
)
_operands = st.lists(_operand, min_size=1, max_size=6)


def _type(dims: Dims, element: str = "f32") -> str:
    if dims is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join("?x" if d is None else f"{d}x" for d in dims) + element + ">"


def _op(name: str, operands: list[Dims], result: Dims) -> str:
    uses = ", ".join(f"%a{i}" for i in range(len(operands)))
    types = ", ".join(_type(d) for d in operands)
    return f'%0 = "{name}"({uses}) : ({types}) -> {_type(result)}\n'


# One op of the table for each semantics it uses, and every semantics on an op of
# one's own (`--op prop.op=SEMANTICS`), so every verifier meets every shape.
_TABLE_OPS = sorted({semantics: name for name, semantics in sorted(builtin_ops().items())}.values())
_SEMANTICS = sorted(registry())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operands=_operands, result=_operand, data=st.data())
def test_no_internal_error_in_any_op_or_semantics(operands: list[Dims], result: Dims, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(_TABLE_OPS))
    semantics = data.draw(st.sampled_from(_SEMANTICS))
    for profile in ("spec", "llvm"):
        check_text(_op(name, operands, result), profile=profile)
        check_text(_op("prop.op", operands, result), profile=profile, ops=[("prop.op", semantics)])


def _static(operands: list[Dims]) -> list[tuple[int, ...]] | None:
    if any(d is None or None in d for d in operands):
        return None
    return [tuple(int(x) for x in d) for d in operands if d is not None]  # type: ignore[union-attr]


@settings(max_examples=200, deadline=None)
@given(operands=_operands)
def test_numpy_onnx_and_the_trait_agree_with_numpy(operands: list[Dims]) -> None:
    shapes = _static(operands)
    if shapes is None:
        return
    try:
        expected = tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        expected = None
    result: Dims = expected if expected is not None else None
    for semantics, name, profile in (
        ("numpy", "np.op", "spec"),
        ("onnx", "onnx.Sum", "spec"),
        ("mlir", "trait.op", "spec"),
        ("mlir", "trait.op", "llvm"),
    ):
        ops = [(name, semantics)] if name != "onnx.Sum" else []
        errors = [d for d in check_text(_op(name, operands, result), profile=profile, ops=ops) if d.severity == "error"]
        assert (not errors) == (expected is not None), (semantics, profile, shapes, errors)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operands=_operands)
def test_infer_never_fails_inside(operands: list[Dims], run: Invoke) -> None:
    shapes = [
        "scalar" if d == () else ("*" if d is None else "x".join("?" if x is None else str(x) for x in d))
        for d in operands
    ]
    typed = [_type(d) for d in operands]
    for semantics in ("mlir", "numpy", "onnx", "xla", "all"):
        for args in (shapes, typed):
            result = run("infer", "--semantics", semantics, *args)
            assert result.code in (0, 1, 2), result
            assert "internal error" not in result.err and "Traceback" not in result.err, (args, result.err)


@pytest.mark.parametrize("count", [3, 4, 6])
def test_the_onnx_crash_family(count: int, run: Invoke) -> None:
    """`onnx.Sum` (and Min, Max, Mean, Where) over 3+ operands that do not broadcast, through every door."""
    operands: list[Dims] = [(2,), (3,), (1, 1), (4, 1), (1,), (5, 2)][:count]
    for name in ("onnx.Sum", "onnx.Min", "onnx.Max", "onnx.Mean", "onnx.Where"):
        diags = check_text(_op(name, operands, None))
        assert [d.code for d in diags] == ["BC401"], (name, diags)
    result = run("infer", "--semantics", "onnx", *("x".join(map(str, d or ())) for d in operands))
    assert result.code == 1 and "[ShapeInferenceError] Incompatible dimensions" in result.out
