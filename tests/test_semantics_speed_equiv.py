"""The fast checks of clean ops never change a verdict.

The engine verifies each distinct statement once, so most semantics modules have no fast
check any more (one verifier each; the test below holds that). Each one that still has
fast checks (tf's and onnx's) keeps its full verifiers in ``FULL_VERIFIERS``
(the same names as ``VERIFIERS``); every verifier of ``VERIFIERS`` must return exactly
what its full one returns (the same :class:`Problem`, or ``None``), under both profiles:
on every op of the fixtures, the examples and the modules' docstrings, under every
semantics, and on random ops (mostly near-valid, so that the fast checks fire) of every
op name of the table. A second test shows that the fast checks do fire on clean ops.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broadcheck.ops import Attribute, OpaqueType, Operation, Shape, ShapedType, Span, Type, TypeUse
from broadcheck.optable import BUILTIN_OPS, OpTable
from broadcheck.semantics import PROVIDERS, Problem, Profile, mhlo, mlir, modules, numpy, onnx, stablehlo, tf, tosa, xla
from broadcheck.syntax.parser import parse_operation
from tests.conftest import EXAMPLES, FIXTURES

_FULL: dict[str, Callable[[Operation, Profile], Problem | None]] = {}
_FAST: dict[str, Callable[[Operation, Profile], Problem | None]] = {}
for _module in modules():
    _FULL.update(getattr(_module, "FULL_VERIFIERS", _module.VERIFIERS))
    _FAST.update(_module.VERIFIERS)
_SEMANTICS = sorted(PROVIDERS)


def test_every_module_with_fast_checks_keeps_its_full_verifiers() -> None:
    for module in (onnx, tf):
        assert set(module.FULL_VERIFIERS) == set(module.VERIFIERS), module.__name__
    for module in (mhlo, mlir, numpy, stablehlo, tosa, xla):  # one verifier each: no twin to keep equal
        assert not hasattr(module, "FULL_VERIFIERS"), module.__name__
    assert set(_FULL) == set(_FAST) == set(PROVIDERS)


def test_tf_constraints_name_only_types_tf_knows() -> None:
    # The fast check of a tf op compares element types as written with its constraints' sets.
    for spec in (*tf.TF_OPS.values(), tf.TF_SELECT):
        for constraint in (*spec.operands, spec.result):
            assert all(tf.tf_element(e) == e for e in constraint.elements), constraint.summary


def _same(op: Operation, semantics: str) -> None:
    for profile in Profile:
        fast, full = _FAST[semantics](op, profile), _FULL[semantics](op, profile)
        assert fast == full and repr(fast) == repr(full), (semantics, profile, op)


# ---------------------------------------------------------------- every op of the fixtures and docs

_STATEMENT = re.compile(r"(?:%[\w.$:#, %-]+ = )?(?:\"[\w.]+\"|[a-z_]+\.[\w.]+)[^\n]*? : [^\n]+")


def _written_ops() -> Iterator[Operation]:
    texts = [p.read_text() for root in (FIXTURES, EXAMPLES) for p in sorted(root.rglob("*.mlir"))]
    texts += [module.__doc__ or "" for module in modules()]
    for text in texts:
        for line in text.splitlines():
            m = _STATEMENT.search(line.split("//")[0] if "//" in line and '"' not in line else line)
            if m is None:
                continue
            try:
                yield parse_operation(m.group().strip())
            except Exception:  # not an op the grammar reads alone (a region, a multi-line op)
                continue


_OPS = list(_written_ops())


def test_there_are_written_ops() -> None:
    assert len(_OPS) > 300


@pytest.mark.parametrize("semantics", _SEMANTICS)
def test_fast_equals_full_on_every_written_op(semantics: str) -> None:
    for op in _OPS:
        _same(op, semantics)


def test_fast_equals_full_on_every_written_op_under_its_own_semantics() -> None:
    table = OpTable()
    for op in _OPS:
        semantics = table.semantics(op.name)
        if semantics is not None:
            _same(op, semantics)


# ---------------------------------------------------------------- random ops

_NOWHERE = Span(1, 1, 1, 1)
_ELEMENTS = [
    "f32",
    "f32",
    "f16",
    "bf16",
    "f64",
    "i1",
    "i1",
    "i8",
    "i16",
    "i32",
    "i32",
    "i64",
    "ui8",
    "si32",
    "i4",
    "index",
    "f8E4M3FN",
    "complex<f32>",
    "!quant.uniform<i8:f32, 5.000000e-01>",
    "!quant.uniform<i8:f32, 2.500000e-01:3>",
    "!tf_type.string",
    "!my.t",
]
_dim = st.sampled_from([1, 1, 2, 3, 4, None, None, 0])
_shape = st.lists(_dim, max_size=5).map(tuple)


def _arity(name: str) -> tuple[int, tuple[int, ...]]:
    """How many operands the op ``name`` takes, and which are TOSA scalars (as its table says; else 2, none)."""
    spec = tosa.OPS.get(name)
    if spec is not None:
        return len(spec.operands), tuple(i for i, c in enumerate(spec.operands) if c.shape == "scalar")
    rule = stablehlo.OPS.get(name.partition(".")[2]) if name.startswith("stablehlo.") else None
    if rule is not None:
        return len(rule.operands), ()
    decl = mhlo.OPS.get(name.partition(".")[2]) if name.startswith("mhlo.") else None
    if decl is not None:
        return len(decl.operands), ()
    if name in tf.TF_OPS:
        return len(tf.TF_OPS[name].operands), ()
    if name in tf.TFL_OPS:
        return len(tf.TFL_OPS[name].summaries), ()
    return (3 if "select" in name.lower() or name == "onnx.Where" else 2), ()


_PREDICATE = re.compile(r"compare|greater|less|equal|Greater|Less|Equal|is_finite")


@st.composite
def _near_valid(draw: st.DrawFn, name: str) -> tuple[list[Type], list[Type]]:
    """Operands derived from one shape (leading dims sometimes dropped, sizes made 1 or ``?``), a
    result of that shape (sizes sometimes ``?``), one element type for most, as many operands
    as the op takes (mostly), a predicate first for a select, an ``i1`` result for a comparison."""
    base: Shape = draw(_shape)
    element = draw(st.sampled_from(_ELEMENTS))
    arity, scalars = _arity(name)
    count = arity if draw(st.floats(0, 1)) < 0.9 else draw(st.integers(1, 4))

    def derive(shape: Shape, loosen: float) -> Shape:
        drop = draw(st.integers(0, len(shape))) if draw(st.floats(0, 1)) < 0.3 else 0
        out = []
        for d in shape[drop:]:
            roll = draw(st.floats(0, 1))
            out.append(1 if roll < loosen / 2 else None if roll < loosen else d)
        return tuple(out)

    operands: list[Type] = []
    for index in range(count):
        e = element if draw(st.floats(0, 1)) < 0.9 else draw(st.sampled_from(_ELEMENTS))
        if index == 0 and count == 3 and ("select" in name.lower() or name == "onnx.Where"):
            e = "i1"  # the predicate
        if index in scalars:
            operands.append(ShapedType("tensor", (1,) if draw(st.floats(0, 1)) < 0.9 else base, e))
        else:
            operands.append(ShapedType("tensor", derive(base, draw(st.sampled_from([0.0, 0.2, 0.5]))), e))
    result_element = "i1" if _PREDICATE.search(name) and draw(st.floats(0, 1)) < 0.8 else element
    if draw(st.floats(0, 1)) < 0.1:
        result_element = draw(st.sampled_from(_ELEMENTS))
    result_shape = tuple(None if draw(st.floats(0, 1)) < 0.2 else d for d in base)
    return operands, [ShapedType("tensor", result_shape, result_element)]


_type: st.SearchStrategy[Type] = st.one_of(
    st.builds(
        ShapedType,
        st.just("tensor"),
        st.one_of(_shape, _shape, _shape, st.none()),
        st.sampled_from(_ELEMENTS),
        st.sampled_from([None, None, None, None, "#stablehlo.bounds<?, 4>", "#stablehlo.bounds<3>", "#enc"]),
    ),
    st.builds(ShapedType, st.just("vector"), _shape, st.sampled_from(_ELEMENTS)),  # (never unranked)
    st.builds(OpaqueType, st.sampled_from(["none", "i32", "f32", "!my.t", "memref<4xf32>"])),
)


@st.composite
def _any_types(draw: st.DrawFn) -> tuple[list[Type], list[Type]]:
    return draw(st.lists(_type, max_size=5)), draw(st.lists(_type, max_size=2))


_ATTRIBUTES = [
    ("broadcast_dimensions", "array<i64: 0>"),
    ("broadcast_dimensions", "array<i64: 0, 1>"),
    ("broadcast_dimensions", "array<i64: 1, 2>"),
    ("broadcast_dimensions", "array<i64>"),
    ("broadcast_dimensions", "dense<[0, 1]> : tensor<2xi64>"),
    ("broadcast_dimensions", "#alias"),
    ("dims", "[0, 1]"),
    ("broadcast", "1 : si64"),
    ("axis", "1 : si64"),
    ("incompatible_shape_error", "false"),
    ("comparison_direction", "#stablehlo<comparison_direction LT>"),
    ("comparison_direction", "#mhlo<comparison_direction LT>"),
    ("broadcast_dimensions", "dense<1> : tensor<1xi64>"),
    ("exponent_bits", "5 : i32"),
    ("scale32", "true"),
    ("per_channel", "false"),
]
_NAMES = sorted({*BUILTIN_OPS, "prop.op", "mhlo.add", "mhlo.select", "mhlo.compare"})


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(_NAMES),
    attributes=st.lists(st.sampled_from(_ATTRIBUTES), max_size=2, unique_by=lambda a: a[0]),
    generic=st.booleans(),
    data=st.data(),
)
def test_fast_equals_full_on_random_ops(name: str, attributes: list[Any], generic: bool, data: st.DataObject) -> None:
    operands, results = data.draw(st.one_of(_near_valid(name), _near_valid(name), _any_types()))
    op = Operation(
        name,
        _NOWHERE,
        _NOWHERE,
        tuple(TypeUse(t, _NOWHERE) for t in operands),
        tuple(TypeUse(t, _NOWHERE) for t in results),
        tuple(Attribute(n, text, _NOWHERE) for n, text in attributes),
        generic,
    )
    own = OpTable().semantics(name)
    for semantics in {own, data.draw(st.sampled_from(_SEMANTICS))} - {None}:
        assert semantics is not None
        _same(op, semantics)


# ---------------------------------------------------------------- the fast checks fire

# semantics -> (module, the function the fast check spares on a clean op)
_SPARED = {
    "onnx": (onnx, "verify_multidirectional_full"),
    "tf": (tf, "_verify_tf"),
    "tfl": (tf, "_verify_tfl"),
}

_CLEAN = [
    ("onnx", '"onnx.Add"(%a, %b) : (tensor<10x10xf32>, tensor<10x1xf32>) -> tensor<*xf32>'),
    ("tf", '"tf.AddV2"(%a, %b) : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>'),
    ("tf", '"tf.Less"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi1>'),
    ("tfl", '"tfl.less"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>'),
    ("tfl", '"tfl.add"(%a, %b) : (tensor<1x2x3x4x5x6x7xf32>, tensor<1x2x3x4x5x6x7xf32>) -> tensor<1x2x3x4x5x6x7xf32>'),
]


@pytest.mark.parametrize(("semantics", "text"), _CLEAN, ids=[f"{s}:{t.split()[0]}" for s, t in _CLEAN])
def test_the_fast_checks_decide_clean_ops(semantics: str, text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    op = parse_operation(text)
    for profile in Profile:
        assert _FULL[semantics](op, profile) is None, profile
    module, spared = _SPARED[semantics]

    def never(*args: object) -> None:
        raise AssertionError(f"{spared} ran: the fast check did not decide {text}")

    monkeypatch.setattr(module, spared, never)
    for profile in Profile:
        assert _FAST[semantics](op, profile) is None
