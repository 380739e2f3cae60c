"""MHLO's own rules (broadcheck.semantics.mhlo): the op table, the fixture's coverage, attribute texts.

The verdicts and messages themselves are checked against jaxlib 0.10.2's MHLO by
tests/oracle/test_mhlo_ops.py (random cases, and tests/fixtures/mhlo.mlir chunk by chunk);
here, what needs no oracle: that every check the module makes has a case in the fixture, that
the table and the module agree, and that attribute texts read and print as MLIR prints them
(the expected prints below are jaxlib's, from its ``invalid properties {...}`` messages).
"""

from __future__ import annotations

import inspect
import re

import pytest

from broadcheck.api import check_text
from broadcheck.messages import RULES
from broadcheck.optable import OpTable, builtin_ops
from broadcheck.semantics import Profile, mhlo, registry
from broadcheck.semantics.stablehlo import Unknown
from broadcheck.syntax.parser import parse_operation
from tests.conftest import FIXTURES

FIXTURE = FIXTURES / "mhlo.mlir"


def diagnose(text: str) -> tuple[str, str] | None:
    """(code, message) of the op in ``text`` as broadcheck words it; None if it passes."""
    op = parse_operation(text)
    problem = registry()[OpTable().semantics(op.name) or ""](op, Profile.LLVM)
    if problem is None:
        return None
    return problem.code, RULES[problem.code].format(op.name, **problem.args)


def test_every_op_of_the_module_is_in_the_table_and_back() -> None:
    MHLO_OPS = {n: v for n, v in builtin_ops().items() if v.startswith("mhlo")}
    assert set(MHLO_OPS) == {f"mhlo.{name}" for name in mhlo.OPS}
    for name, decl in mhlo.OPS.items():
        assert MHLO_OPS[f"mhlo.{name}"] == ("mhlo" if decl.fast else "mhlo-form"), name
        # An op whose verdict depends on its attributes or form is not attribute-free.
        assert decl.fast == (not decl.attributes and decl.custom and not decl.complex_form), name


def test_every_check_of_the_module_has_a_case_in_the_fixture() -> None:
    made = set(re.findall(r'Problem\(\s*"(BC\d+)"', inspect.getsource(mhlo)))
    made |= {"BC511", "BC512", "BC513", "BC514", "BC531", "BC532", "BC533", "BC534", "BC522"}  # from xla.py's helpers
    made -= {"BC523"}  # only reachable where no trait compares the shapes first
    found = {d.code for d in check_text(FIXTURE.read_text(), path=str(FIXTURE), split_marker="// -----")}
    assert made <= found, f"codes without a case in {FIXTURE.name}: {sorted(made - found)}"
    assert found <= made | {"BC109"}, sorted(found - made)


# (attribute text, how MLIR prints it): jaxlib's own prints.
PRINTED = [
    ("5", "5 : i64"),
    ("5 : i32", "5 : i32"),
    ("-7 : si8", "-7 : si8"),
    ("3 : ui16", "3 : ui16"),
    ("4 : index", "4 : index"),
    ("1 : i1", "true"),
    ("true", "true"),
    ("0.1", "1.000000e-01 : f64"),
    ("1.5 : f32", "1.500000e+00 : f32"),
    ("0.1 : f32", "1.000000e-01 : f32"),
    ("-0.0", "-0.000000e+00 : f64"),
    ("0.30000000000000004", "0.30000000000000004 : f64"),
    ("1.0e100", "1.000000e+100 : f64"),
    ('"s"', '"s"'),
    ("dense<[1, 1]> : tensor<2xi64>", "dense<1> : tensor<2xi64>"),
    ("dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>", "dense<[[0, 1], [2, 3]]> : tensor<2x2xi32>"),
    ("dense<> : tensor<0xi64>", "dense<> : tensor<0xi64>"),
    ("dense<[[1, 2]]> : tensor<1x2xi64>", "dense<[[1, 2]]> : tensor<1x2xi64>"),
    ("dense<[1, 2]> : vector<2xi64>", "dense<[1, 2]> : vector<2xi64>"),
    ("dense<true> : tensor<2xi1>", "dense<true> : tensor<2xi1>"),
    ("dense<-1> : tensor<2xi8>", "dense<-1> : tensor<2xi8>"),
    ("dense<[1.5, 2.0]> : tensor<2xf32>", "dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf32>"),
    ("dense<0.1> : tensor<2xf64>", "dense<1.000000e-01> : tensor<2xf64>"),
    ("dense<[0.1, 0.2]> : tensor<2xf32>", "dense<[1.000000e-01, 2.000000e-01]> : tensor<2xf32>"),
    ("array<i32: 1, 2>", "array<i32: 1, 2>"),
    ("array<i64>", "array<i64>"),
    ('[1, 2.0, "x", [3], 4 : i32, true]', '[1, 2.000000e+00, "x", [3], 4 : i32, true]'),
    ("[[1, 2], []]", "[[1, 2], []]"),
    ("[0.1 : f32]", "[1.000000e-01 : f32]"),
    ("#mhlo<comparison_direction LT>", "#mhlo<comparison_direction LT>"),
    ("#mhlo<comparison_type FLOAT>", "#mhlo<comparison_type FLOAT>"),
    ("#stablehlo<comparison_direction GE>", "#stablehlo<comparison_direction GE>"),
]


@pytest.mark.parametrize(("text", "printed"), PRINTED)
def test_attribute_values_print_as_mlir_prints_them(text: str, printed: str) -> None:
    assert mhlo.value(text).printed == printed


# Texts MLIR's parser rejects, or that broadcheck does not print: read as unknown (the op is passed over).
@pytest.mark.parametrize(
    "text",
    ["-0", "300 : i8", "1e10", "#alias", "dense<[1, 2]> : tensor<3xi64>", "#mhlo<comparison_direction XX>", "{x = 1}"],
)
def test_attribute_values_broadcheck_cannot_read(text: str) -> None:
    with pytest.raises(Unknown):
        mhlo.value(text)


@pytest.mark.parametrize(
    ("text", "kind", "ints"),
    [
        ("dense<3> : tensor<1xi64>", "elements-int", (3,)),
        ("dense<[[0, 1]]> : tensor<1x2xi64>", "elements-int", (0, 1)),
        ("array<i64: 1, 2>", "dense-array", (1, 2)),
        ("[1, 2]", "array", (1, 2)),
        ("dense<[1.0]> : tensor<1xf32>", "elements-float", ()),
        ("5 : i32", "int", (5,)),
    ],
)
def test_attribute_values_read_as_the_class_mlir_makes(text: str, kind: str, ints: tuple[int, ...]) -> None:
    v = mhlo.value(text)
    assert (v.kind, v.ints) == (kind, ints)


# LiteRT's MHLO (legalize_hlo.mlir and others) writes the dimensions as elements attributes: they verify.
@pytest.mark.parametrize(
    "text",
    [
        '%0 = "mhlo.broadcast_in_dim"(%x) <{broadcast_dimensions = dense<3> : tensor<1xi64>}> : (tensor<1xf32>) -> tensor<1x2x3x1xf32>',
        '%0 = "mhlo.broadcast_in_dim"(%x) {broadcast_dimensions = dense<[0, 1]> : tensor<2xi64>} : (tensor<1x3xf32>) -> tensor<1x3xf32>',
        '%0 = "mhlo.dynamic_broadcast_in_dim"(%x, %s) <{broadcast_dimensions = dense<[1]> : tensor<1xi64>}> : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>',
        "%0 = mhlo.compare  GT, %a, %b,  FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
    ],
)
def test_mhlo_s_own_attribute_forms_verify(text: str) -> None:
    assert diagnose(text) is None


def test_the_properties_of_the_generic_form_are_told_from_its_attributes() -> None:
    # `<{..}>`: a property of the wrong kind stops the parser; `{..}`: the attribute's constraint.
    props = diagnose(
        '%0 = "mhlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 3>}> : (tensor<1xf32>) -> tensor<1x2x3x1xf32>'
    )
    attrs = diagnose(
        '%0 = "mhlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 3>} : (tensor<1xf32>) -> tensor<1x2x3x1xf32>'
    )
    assert props == (
        "BC564",
        "invalid properties {broadcast_dimensions = array<i64: 3>} for op mhlo.broadcast_in_dim: Invalid attribute "
        "`broadcast_dimensions` in property conversion: array<i64: 3>",
    )
    assert attrs == (
        "BC562",
        "'mhlo.broadcast_in_dim' op attribute 'broadcast_dimensions' failed to satisfy constraint: 64-bit signless "
        "integer elements attribute",
    )


def test_a_per_axis_broadcast_of_another_operand_is_passed_over() -> None:
    # MHLO's C6 casts the operand's element type to a per-axis one regardless: undefined (jaxlib crashes).
    from broadcheck.semantics import NOT_JUDGED

    q, r = "tensor<2x!quant.uniform<i8:f32, 0.5>>", "tensor<2x!quant.uniform<i8:f32:0, {0.5,0.5}>>"
    op = parse_operation(
        f'%0 = "mhlo.dynamic_broadcast_in_dim"(%a, %s) {{broadcast_dimensions = dense<0> : tensor<1xi64>}} '
        f": ({q}, tensor<1xindex>) -> {r}"
    )
    assert registry()[OpTable().semantics(op.name) or ""](op, Profile.LLVM) is NOT_JUDGED


def test_quantized_types_are_judged() -> None:
    # jaxlib's MHLO with the quant dialect loaded (tests/oracle/test_mhlo_quant.py): storage types differ.
    q, r = "tensor<2x!quant.uniform<i8:f32, 0.5>>", "tensor<2x!quant.uniform<i16:f32, 0.5>>"
    assert diagnose(f'%0 = "mhlo.add"(%a, %b) : ({q}, {q}) -> {r}') == (
        "BC517",
        "'mhlo.add' op requires compatible types for all operands and results",
    )
