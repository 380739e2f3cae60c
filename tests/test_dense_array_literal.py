"""A dense array attribute's elements as MLIR's parser reads them (``dialects/assembly.py``'s
``dense_array_problem``): each row is iree-opt 3.13's message and column for
``"x.op"() {a = <text>} : () -> ()`` (the attribute starts at column 15), as the comparison at the
seventeenth stop found them. Wrong kinds are said at the element; an integer out of range once
the number is read, at what follows it."""

from __future__ import annotations

import pytest

from broadcheck.dialects.assembly import dense_array_problem

FLOAT_INT = "unexpected decimal integer literal for a floating point value"
RANGE = "integer constant out of range"

CASES = [
    ("array<f32: 1, 0>", (FLOAT_INT, 26)),
    ("array<f32: -1>", (FLOAT_INT, 27)),
    ("array<f16: 1.0, 2>", (FLOAT_INT, 31)),
    ("array<bf16: 2.5, 3>", (FLOAT_INT, 32)),
    ("array<f64: 1e5, 2>", (FLOAT_INT, 26)),
    ("array<f32: true>", ("expected floating point literal", 26)),
    ("array<i1: 1, 4>", ("expected 'true' or 'false' values for i1 type", 26)),
    ("array<i1: 0>", ("expected 'true' or 'false' values for i1 type", 26)),
    ("array<i64: 1.5, 2>", ("expected integer literal", 26)),
    ("array<i64: true>", ("expected i1 type for 'true' or 'false' values", 26)),
    ("array<i8: 300>", (RANGE, 28)),
    ("array<i8: 256>", (RANGE, 28)),
    ("array<i8: -129>", (RANGE, 29)),
    ("array<i32: -0>", (RANGE, 28)),
    ("array<i64: -0>", (RANGE, 28)),
    ("array<i16: 65535, 65536>", (RANGE, 38)),
    ("array<i64: 18446744073709551616>", (RANGE, 46)),
    ("array<i1: true, false>", None),
    ("array<f32: 1.0, -2.5e3>", None),
    ("array<f64: 0x3FF0000000000000>", None),
    ("array<i8: -1, 127>", None),
    ("array<i8: 255, -128>", None),
    ("array<i64: 0x10>", None),
    ("array<i64: 1 , 2>", None),
    ("array<i32: 1,2 ,  3>", None),
    ("array<i64>", None),
    ("array<i64: 1, 2, 3, -9223372036854775808, 18446744073709551615>", None),
]


@pytest.mark.parametrize(("text", "said"), CASES, ids=[c[0] for c in CASES])
def test_dense_array_elements_as_iree_opt_reads_them(text: str, said: tuple[str, int] | None) -> None:
    found = dense_array_problem(text)
    assert (found[0], found[1] + 15) == said if found is not None else said is None, found
