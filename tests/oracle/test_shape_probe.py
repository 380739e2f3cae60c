"""The shape dialect's ops declared "no shape rule" (``shape.function_library``, ``shape.return``):
iree-base-compiler 3.13 accepts each with unrelated types in every position it has, so neither
relates types (``shape.return`` has no verifier of its types: it only must stand in a
``shape.func``, a rule broadcheck does not check; ``shape.function_library`` has no operand or
result, and its verifier reads neither its functions' types nor its mapping).

Each case also goes through broadcheck, which must report no error.
"""

from __future__ import annotations

import pytest

from broadcheck import dialects

from .common import verdict

pytestmark = pytest.mark.oracle


def _library(body: str, mapping: str = "test.op = @fn") -> str:
    return f"shape.function_library @lib {{\n{body}\n}} mapping {{{mapping}}}\n"


def _func(inputs: str, results: str, returned: list[tuple[str, str]]) -> str:
    """A ``shape.func`` that returns ``returned`` (value, type)."""
    values = ", ".join(v for v, _ in returned)
    types = ", ".join(t for _, t in returned)
    ret = f"    shape.return {values} : {types}" if returned else "    shape.return"
    return f"  shape.func @fn({inputs}) -> {results} {{\n{ret}\n  }}"


RETURNS = [
    # a shape.func returning !shape.shape returns its index argument
    _library(_func("%a0: index", "!shape.shape", [("%a0", "index")])),
    # ... two values of different classes (a tensor and a witness) where one result is declared
    _library(
        _func(
            "%a0: tensor<2x3xf32>, %a1: !shape.witness",
            "!shape.size",
            [("%a0", "tensor<2x3xf32>"), ("%a1", "!shape.witness")],
        )
    ),
    # ... nothing where it declares a result, and a scalar argument of another rank
    _library(_func("%a0: f32", "tensor<4xindex>", [])),
]
LIBRARIES = [
    # a mapping to a function the library does not define
    _library(_func("%a0: !shape.value_shape", "!shape.shape", [("%a0", "!shape.value_shape")]), "test.op = @missing"),
    # a function with unrelated input and result types (i1 in, tensor<*xf32> out)
    _library(_func("%a0: i1, %a1: tensor<*xf32>", "tensor<*xf32>", [("%a1", "tensor<*xf32>")])),
    # an op that is not a function among its functions, with a rank-0 tensor result
    _library('  %c = "test.op"() : () -> tensor<f32>'),
]


@pytest.mark.parametrize("text", RETURNS + LIBRARIES)
def test_no_shape_rule(text: str) -> None:
    """The real tool accepts it, and broadcheck reports no error."""
    from broadcheck.api import check_text

    from .common import ir

    assert ir is not None
    ctx = ir.Context()
    ctx.allow_unregistered_dialects = True
    assert verdict(ctx, text) == (), text
    assert [d for d in check_text(text, path="<probe>") if d.severity == "error"] == []


def test_declared_shapeless() -> None:
    """Both are declared so, with no check."""
    for name in ("shape.function_library", "shape.return"):
        decl = dialects.lookup(name)
        assert decl is not None and decl.shapeless and decl.check is None
