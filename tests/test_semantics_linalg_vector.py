"""``linalg.broadcast`` and ``vector.broadcast`` semantics, as case tables.

Every expected message here is what IREE 3.13's MLIR prints for the same op (see
tests/oracle/test_linalg_vector.py for the differential campaign).
"""

from __future__ import annotations

import dataclasses

import pytest

from broadcheck.messages import RULES
from broadcheck.ops import Attribute, Operation
from broadcheck.semantics import Profile
from broadcheck.semantics.linalg import (
    BadDimensions,
    element_type,
    memref_parts,
    parse_dimensions,
)
from broadcheck.semantics.linalg import verify_broadcast_op as verify_linalg
from broadcheck.semantics.vector import verify_broadcast_op as verify_vector
from broadcheck.syntax.parser import parse_operation, parse_type

REGION = '({\n^bb0(%a: f32, %b: f32):\n  "linalg.yield"(%a) : (f32) -> ()\n})'


def linalg(types: str, dims: str | None = "array<i64: 1>", operands: str = "%x, %y") -> Operation:
    """A generic ``linalg.broadcast`` with ``types`` as its functional type."""
    props = f" <{{dimensions = {dims}}}>" if dims is not None else ""
    results = types.rsplit("->", 1)[1].strip()
    lhs = "" if results == "()" else "%r = "
    return parse_operation(f'{lhs}"linalg.broadcast"({operands}){props} {REGION} : {types}')


def pretty(op: Operation, dims: str) -> Operation:
    """The same op as the pretty form's grammar gives it: ``generic=False`` and ``dimensions = [..]``."""
    return dataclasses.replace(op, generic=False, attributes=(Attribute("dimensions", dims, op.span),))


def message(op: Operation, verify: object) -> str | None:
    """The op's first error as the checker words it, or ``None``."""
    assert callable(verify)
    problem = verify(op, Profile.LLVM)
    return None if problem is None else RULES[problem.code].format(op.name, **problem.args)


LINALG_CASES = [
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", "array<i64: 1>", None),
    ("(tensor<?x4xi8>, tensor<2x?x3x4xi8>) -> tensor<2x?x3x4xi8>", "array<i64: 2, 0>", None),
    ("(tensor<f32>, tensor<3xf32>) -> tensor<3xf32>", "array<i64: 0>", None),
    ("(tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>", "array<i64>", None),
    ("(tensor<0xf32>, tensor<0x3xf32>) -> tensor<0x3xf32>", "array<i64: 1>", None),
    ("(memref<16xf32>, memref<16x64xf32, strided<[?, 1], offset: ?>>) -> ()", "array<i64: 1>", None),
    # The generic form's region is the user's: it may convert element types.
    ("(tensor<16xf32>, tensor<16x64xi32>) -> tensor<16x64xi32>", "array<i64: 1>", None),
    ("(tensor<16xf32>, tensor<16x64x3xf32>) -> tensor<16x64x3xf32>", "array<i64: 1>",
     "BC601 'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, "
     "dimensions size: 1, init rank: 3"),
    ("(tensor<16xf32>, tensor<16x64x3xf32>) -> tensor<16x64x3xf32>", "array<i64: 2, 2, 1>",
     "BC601 'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, "
     "dimensions size: 3, init rank: 3"),
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", "array<i64: 5>",
     "BC602 'linalg.broadcast' op dimension 0 is out of range. expected range: [0, 1], got: 5"),
    ("(tensor<f32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>", "array<i64: 1, 1, 7>",
     "BC602 'linalg.broadcast' op dimension 2 is out of range. expected range: [0, 2], got: 7"),
    ("(tensor<16xf32>, tensor<16x64x3xf32>) -> tensor<16x64x3xf32>", "array<i64: 1, -1>",
     "BC602 'linalg.broadcast' op dimension 1 is out of range. expected range: [0, 2], got: -1"),
    ("(tensor<16xf32>, tensor<16x64x3xf32>) -> tensor<16x64x3xf32>", "array<i64: 2, 2>",
     "BC603 'linalg.broadcast' op dimensions should not contain duplicates"),
    ("(tensor<4x16xf32>, tensor<5x8x16xf32>) -> tensor<5x8x16xf32>", "array<i64: 1>",
     "BC604 'linalg.broadcast' op input dim 0 should match init dim 0. input: 4, init: 5"),
    ("(tensor<4x16xf32>, tensor<4x8x15xf32>) -> tensor<4x8x15xf32>", "array<i64: 1>",
     "BC604 'linalg.broadcast' op input dim 1 should match init dim 2. input: 16, init: 15"),
    ("(tensor<?xf32>, tensor<5x64xf32>) -> tensor<5x64xf32>", "array<i64: 1>",
     "BC604 'linalg.broadcast' op input dim 0 should match init dim 0. input: -9223372036854775808, init: 5"),
    ("(tensor<5xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>", "array<i64: 1>",
     "BC604 'linalg.broadcast' op input dim 0 should match init dim 0. input: 5, init: -9223372036854775808"),
    ("(memref<4xf32>, memref<5x64xf32>) -> ()", "array<i64: 1>",
     "BC604 'linalg.broadcast' op input dim 0 should match init dim 0. input: 4, init: 5"),
    # The op's own verifier runs before the destination-style and pure-semantics rules.
    ("(memref<16xf32>, tensor<16x64x3xf32>) -> tensor<16x64x3xf32>", "array<i64: 2>",
     "BC601 'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, "
     "dimensions size: 1, init rank: 3"),
    ("(tensor<16xf32>, tensor<16x64xf32>) -> ()", "array<i64: 1>",
     "BC606 'linalg.broadcast' op expected the number of tensor results (0) to be equal to the number of output "
     "tensors (1)"),
    ("(memref<16xf32>, memref<16x64xf32>) -> tensor<16x64xf32>", "array<i64: 1>",
     "BC606 'linalg.broadcast' op expected the number of tensor results (1) to be equal to the number of output "
     "tensors (0)"),
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x65xf32>", "array<i64: 1>",
     "BC607 'linalg.broadcast' op expected type of operand #1 ('tensor<16x64xf32>') to match type of "
     "corresponding result ('tensor<16x65xf32>')"),
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<*xf32>", "array<i64: 1>",
     "BC607 'linalg.broadcast' op expected type of operand #1 ('tensor<16x64xf32>') to match type of "
     "corresponding result ('tensor<*xf32>')"),
    ("(memref<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", "array<i64: 1>",
     "BC608 'linalg.broadcast' op expected to have pure tensor or buffer semantics"),
    ("(tensor<16xf32>, memref<16x64xf32>) -> ()", "array<i64: 1>",
     "BC608 'linalg.broadcast' op expected to have pure tensor or buffer semantics"),
    ("(vector<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", "array<i64: 1>",
     "BC109 'linalg.broadcast' op operand #0 must be memref of any non-token type values or ranked tensor of any "
     "non-token type values, but got 'vector<16xf32>'"),
    ("(tensor<16xf32>, memref<*xf32>) -> ()", "array<i64: 1>",
     "BC109 'linalg.broadcast' op operand #1 must be memref of any non-token type values or ranked tensor of any "
     "non-token type values, but got 'memref<*xf32>'"),
    ("(tensor<16xf32>, i32) -> ()", "array<i64: 1>",
     "BC109 'linalg.broadcast' op operand #1 must be memref of any non-token type values or ranked tensor of any "
     "non-token type values, but got 'i32'"),
    ("(tensor<16xf32>, tensor<16x64xf32>) -> memref<16x64xf32>", "array<i64: 1>",
     "BC109 'linalg.broadcast' op result #0 must be variadic of tensor of any non-token type values, but got "
     "'memref<16x64xf32>'"),
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", None,
     "BC610 'linalg.broadcast' op requires attribute 'dimensions'"),
    # The parser rejects a property of the wrong kind before any verifier runs.
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", "[1 ,2]",
     "BC611 invalid properties {dimensions = [1, 2]} for op linalg.broadcast: Invalid attribute `dimensions` in "
     "property conversion: [1, 2]"),
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", "array<i32:1>",
     "BC611 invalid properties {dimensions = array<i32: 1>} for op linalg.broadcast: Invalid attribute "
     "`dimensions` in property conversion: array<i32: 1>"),
]  # fmt: skip


@pytest.mark.parametrize(("types", "dims", "expected"), LINALG_CASES)
def test_linalg_broadcast(types: str, dims: str | None, expected: str | None) -> None:
    op = linalg(types, dims)
    problem = verify_linalg(op, Profile.LLVM)
    got = None if problem is None else f"{problem.code} {RULES[problem.code].format(op.name, **problem.args)}"
    assert got == expected


@pytest.mark.parametrize(
    ("operands", "types", "expected"),
    [
        ("%x", "(tensor<16xf32>) -> tensor<16x64xf32>", "expected 2 operands, but found 1"),
        ("%x, %y, %x", "(tensor<16xf32>, tensor<16x64xf32>, tensor<16xf32>) -> tensor<16x64xf32>",
         "expected 2 operands, but found 3"),
    ],
)  # fmt: skip
def test_linalg_operand_count(operands: str, types: str, expected: str) -> None:
    assert message(linalg(types, operands=operands), verify_linalg) == f"'linalg.broadcast' op {expected}"


PRETTY_CASES = [
    ("(tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>", "[1]", None),
    ("(memref<16xf32>, memref<16x64xf32>) -> ()", "[1]", None),
    ("(tensor<4xf32>, tensor<5x64xf32>) -> tensor<5x64xf32>", "[1]",
     "'linalg.broadcast' op input dim 0 should match init dim 0. input: 4, init: 5"),
    # The parser's region yields the input element into the init: no prefix of linalg.broadcast.
    ("(tensor<16xf32>, tensor<16x64xi32>) -> tensor<16x64xi32>", "[1]",
     "'linalg.yield' op type of yield operand 1 ('f32') doesn't match the element type of the enclosing "
     "linalg.generic op ('i32')"),
    ("(memref<16xf32>, tensor<16x64xi32>) -> tensor<16x64xi32>", "[1]",
     "'linalg.yield' op type of yield operand 1 ('f32') doesn't match the element type of the enclosing "
     "linalg.generic op ('i32')"),
    ("(tensor<16xf32>, tensor<16x64x3xi32>) -> tensor<16x64x3xi32>", "[1]",
     "'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, "
     "dimensions size: 1, init rank: 3"),
]  # fmt: skip


@pytest.mark.parametrize(("types", "dims", "expected"), PRETTY_CASES)
def test_linalg_broadcast_pretty_form(types: str, dims: str, expected: str | None) -> None:
    assert message(pretty(linalg(types), dims), verify_linalg) == expected


@pytest.mark.parametrize(
    ("text", "generic", "expected"),
    [
        ("array<i64: 1, 2>", True, (1, 2)),
        ("array<i64>", True, ()),
        ("array<i64:-1>", True, (-1,)),
        ("[2, 0]", False, (2, 0)),
        ("[]", False, ()),
        ("array<i64: 1>", False, (1,)),
        ("dense<[1]> : tensor<1xi64>", True, None),
        ("#my.dims", False, None),
    ],
)
def test_parse_dimensions(text: str, generic: bool, expected: tuple[int, ...] | None) -> None:
    assert parse_dimensions(text, generic) == expected


@pytest.mark.parametrize(
    ("text", "printed"),
    [("[1 ,2]", "[1, 2]"), ("[]", "[]"), ("array<i32:1,2>", "array<i32: 1, 2>"), ("array<i8>", "array<i8>")],
)
def test_bad_dimensions_print_as_mlir_does(text: str, printed: str) -> None:
    with pytest.raises(BadDimensions) as err:
        parse_dimensions(text, generic=True)
    assert err.value.printed == printed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("memref<4x?xf32>", ((4, None), "f32")),
        ("memref<f32, 1>", ((), "f32")),
        ("memref<16x64xf32, strided<[?, 1], offset: ?>>", ((16, 64), "f32")),
        ("memref<2xvector<4xf32>, 3>", ((2,), "vector<4xf32>")),
        ("memref<*xi8, 1>", (None, "i8")),
    ],
)
def test_memref_parts(text: str, expected: object) -> None:
    assert memref_parts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("tensor<4xf32>", "f32"), ("vector<[4]xi1>", "i1"), ("memref<2x3xbf16>", "bf16"), ("index", "index")],
)
def test_element_type(text: str, expected: str) -> None:
    assert element_type(parse_type(text)) == expected


VECTOR_CASES = [
    ("f32", "vector<4xf32>", None),
    ("f32", "vector<f32>", None),
    ("index", "vector<2x[4]xindex>", None),
    ("!llvm.ptr", "vector<4x!llvm.ptr>", None),
    ("vector<f32>", "vector<4xf32>", None),
    ("vector<4x1xf32>", "vector<2x4x3xf32>", None),
    ("vector<1x[4]xf16>", "vector<2x3x[4]xf16>", None),
    ("vector<1xf32>", "vector<[4]xf32>", None),
    ("vector<1xf32>", "vector<[1]xf32>", None),
    ("vector<[1]xf32>", "vector<[1]xf32>", None),
    ("vector<[4]xf32>", "vector<2x[4]xf32>", None),
    ("vector<3xf32>", "vector<4xf32>", "BC652 dimension mismatch (3 vs. 4)"),
    ("vector<3x1xf32>", "vector<2x4x3xf32>", "BC652 dimension mismatch (3 vs. 4)"),
    ("vector<[1]xf32>", "vector<[4]xf32>", "BC652 dimension mismatch ([1] vs. [4])"),
    ("vector<[1]xf32>", "vector<4xf32>", "BC652 dimension mismatch ([1] vs. 4)"),
    ("vector<[1]xf32>", "vector<1xf32>", "BC652 dimension mismatch ([1] vs. 1)"),
    ("vector<[4]xf32>", "vector<4xf32>", "BC652 dimension mismatch ([4] vs. 4)"),
    ("vector<4xf32>", "vector<[4]xf32>", "BC652 dimension mismatch (4 vs. [4])"),
    ("vector<[4]xf32>", "vector<[8]xf32>", "BC652 dimension mismatch ([4] vs. [8])"),
    ("vector<[1]x[4]xf16>", "vector<2x[4]xf16>", "BC652 dimension mismatch ([1] vs. 2)"),
    ("vector<2x3xf32>", "vector<3xf32>", "BC651 source rank higher than destination rank"),
    ("vector<4xf32>", "vector<f32>", "BC651 source rank higher than destination rank"),
    ("i32", "vector<4xf32>", "BC654 failed to verify that source operand and result have same element type"),
    ("index", "vector<4xi64>", "BC654 failed to verify that source operand and result have same element type"),
    ("vector<4x3xf32>", "vector<3xi32>", "BC654 failed to verify that source operand and result have same element type"),
    ("tensor<4xi32>", "vector<4xf32>", "BC654 failed to verify that source operand and result have same element type"),
    ("tensor<4xf32>", "vector<4xf32>", "BC653 source type is not a vector"),
    ("tensor<*xf32>", "vector<4xf32>", "BC653 source type is not a vector"),
    ("memref<*xf32>", "vector<4xf32>", "BC653 source type is not a vector"),
    ("i32", "tensor<4xf32>", "BC109 result #0 must be vector of any non-token type values, but got 'tensor<4xf32>'"),
    ("vector<4xf32>", "f32", "BC109 result #0 must be vector of any non-token type values, but got 'f32'"),
]  # fmt: skip


@pytest.mark.parametrize(("source", "result", "expected"), VECTOR_CASES)
def test_vector_broadcast(source: str, result: str, expected: str | None) -> None:
    op = parse_operation(f'%0 = "vector.broadcast"(%s) : ({source}) -> {result}')
    problem = verify_vector(op, Profile.LLVM)
    got = None if problem is None else f"{problem.code} {RULES[problem.code].format(None, **problem.args)}"
    assert got == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('%0 = "vector.broadcast"(%s, %s) : (f32, f32) -> vector<4xf32>', "requires a single operand"),
        ('%0 = "vector.broadcast"() : () -> vector<4xf32>', "requires a single operand"),
        ('"vector.broadcast"(%s) : (f32) -> ()', "requires one result"),
        ('%0:2 = "vector.broadcast"() : () -> (vector<4xf32>, vector<4xf32>)', "requires one result"),
    ],
)
def test_vector_counts(text: str, expected: str) -> None:
    assert message(parse_operation(text), verify_vector) == f"'vector.broadcast' op {expected}"
