"""A type MLIR's type parser rejects, wherever a file writes it: broadcheck's first error is
``iree-opt``'s (iree-base-compiler 3.13, ``--allow-unregistered-dialect``), in its words, on its
line and at its column (``broadcheck/syntax/types.py``'s ``type_problem``).

Each probe is a small file with one type at one place (a function's argument or result, a
block's argument, a generic or custom form's type, an attribute's, a ``return``'s, an alias);
what iree-opt said first of it is recorded here (``None``: nothing), not derived from
broadcheck. ``tests/fixtures/type_syntax.mlir`` holds a dozen of them in one file that
``iree-opt --split-input-file --verify-diagnostics`` passes too.
"""

from __future__ import annotations

import pytest

from broadcheck.api import check_text
from broadcheck.syntax import types, written
from broadcheck.syntax.types import type_problem

G = "tensor<4xf32>"

PLACES = {
    "head_arg": f"func.func @f(%a: {{T}}) -> {G} {{{{\n  %0 = arith.constant dense<1.0> : {G}\n  return %0 : {G}\n}}}}\n",
    "head_res": f"func.func @f(%a: {G}) -> {{T}} {{{{\n  return %a : {G}\n}}}}\n",
    "head_res2": f"func.func @f(%a: {G}) -> ({G}, {{T}}) {{{{\n  return %a, %a : {G}, {G}\n}}}}\n",
    "decl": f"func.func private @g({G}, {{T}}) -> {G}\n",
    "multiline_head": f"func.func @f(%a: {G},\n    %b: {{T}}) -> {G} {{{{\n  return %a : {G}\n}}}}\n",
    "label": f"func.func @f(%a: {G}) -> {G} {{{{\n  cf.br ^bb1(%a : {G})\n^bb1(%x: {{T}}):\n  return %a : {G}\n}}}}\n",
    "generic_operand": f'func.func @f(%a: {G}) -> {G} {{{{\n  %0 = "test.op"(%a) : ({{T}}) -> {G}\n  return %0 : {G}\n}}}}\n',
    "generic_result": f'func.func @f(%a: {G}) -> {G} {{{{\n  %0 = "test.op"(%a) : ({G}) -> {{T}}\n  return %a : {G}\n}}}}\n',
    "checked_generic": (
        f'func.func @f(%a: {G}) -> {G} {{{{\n  %0 = "stablehlo.add"(%a, %a) : ({G}, {G}) -> {{T}}\n'
        f"  return %a : {G}\n}}}}\n"
    ),
    "custom": f"func.func @f(%a: {G}) -> {G} {{{{\n  %0 = stablehlo.add %a, %a : {{T}}\n  return %a : {G}\n}}}}\n",
    "attribute": f"func.func @f(%a: {G}) -> {G} {{{{\n  %0 = stablehlo.constant dense<1.0> : {{T}}\n  return %a : {G}\n}}}}\n",
    "attr_generic": (
        f'func.func @f(%a: {G}) -> {G} {{{{\n  "test.op"() {{{{v = dense<1> : {{T}}}}}} : () -> ()\n'
        f"  return %a : {G}\n}}}}\n"
    ),
    "ret": f"func.func @f(%a: {G}) -> {G} {{{{\n  return %a : {{T}}\n}}}}\n",
    "empty": f"func.func @f(%a: {G}) -> {G} {{{{\n  %0 = tensor.empty() : {{T}}\n  return %a : {G}\n}}}}\n",
    "alias": f"!t = {{T}}\nfunc.func @f(%a: {G}) -> {G} {{{{\n  return %a : {G}\n}}}}\n",
    "region_arg": (
        f"func.func @f(%a: {G}) -> {G} {{{{\n  %c = stablehlo.constant dense<0.0> : tensor<f32>\n"
        f"  %0 = stablehlo.reduce(%a init: %c) across dimensions = [0] : ({G}, tensor<f32>) -> tensor<f32>\n"
        f"   reducer(%x: {{T}}, %y: tensor<f32>) {{{{\n    stablehlo.return %x : tensor<f32>\n  }}}}\n"
        f"  return %a : {G}\n}}}}\n"
    ),
    "call": (
        f"func.func private @g({G}) -> {G}\nfunc.func @f(%a: {G}) -> {G} {{{{\n"
        f"  %0 = func.call @g(%a) : ({{T}}) -> {G}\n  return %0 : {G}\n}}}}\n"
    ),
}

TYPES = {
    "f33": "tensor<4xf33>",
    "i0x": "tensor<4xi0x>",
    "bf17": "tensor<4xbf17>",
    "f8": "tensor<4xf8E4M3FNX>",
    "qq": "tensor<4x?xx>",
    "neg": "tensor<-1xf32>",
    "trail": "tensor<4x>",
    "memref": "memref<4xf33>",
    "memdim": "memref<4x?xx>",
    "vector": "vector<4xf33>",
    "vdyn": "vector<?xf32>",
    "vzero": "vector<0xf32>",
    "bare": "f33",
    "unranked": "tensor<*xf33>",
    "cplx": "complex<f33>",
    "tuple": "tuple<f33>",
    "nested": "tensor<4xtensor<2xf32>>",
    "wide": "tensor<4xi16777216>",
    "i0": "tensor<4xi0>",
    "enc": "tensor<4xf32, >",
    "cidx": "complex<index>",
    "mem_t": "memref<4xtensor<f32>>",
    "memunr": "memref<*xf33>",
    "tnone": "tensor<4xnone>",
    "ttuple": "tensor<4xtuple<i32>>",
    "vec_t": "vector<4xtensor<f32>>",
    "big": "tensor<99999999999999999999xf32>",
    "noelt": "tensor<4x4>",
    "spaces": "tensor<4 x f33>",
    "tcplx": "tensor<4xcomplex<f33>>",
    "enc_int": "tensor<4xf32, 3>",
    "memspace": "memref<4xf32, strided<[1]>, 3>",
    "vscal": "vector<4x[4]xf32>",
    "f4": "tensor<4xf4E2M1FN>",
}

NON_FUNCTION = "expected non-function type"

# (place, type, iree-opt's first error: line, column, message; None: it reads the file)
PROBES = [
    ("alias", "f33", (1, 15, NON_FUNCTION)),
    ("alias", "qq", (1, 17, NON_FUNCTION)),
    ("attr_generic", "f33", (2, 40, NON_FUNCTION)),
    ("attr_generic", "memref", (2, 40, NON_FUNCTION)),
    ("attribute", "f33", (2, 49, NON_FUNCTION)),
    ("attribute", "qq", (2, 51, NON_FUNCTION)),
    ("call", "f33", (3, 37, NON_FUNCTION)),
    ("call", "memref", (3, 37, NON_FUNCTION)),
    ("checked_generic", "f33", (2, 77, NON_FUNCTION)),
    ("checked_generic", "memref", (2, 77, NON_FUNCTION)),
    ("custom", "bare", (2, 30, NON_FUNCTION)),
    (
        "custom",
        "i0",
        (2, 22, "use of value '%a' expects different type than prior uses: 'tensor<4xi0>' vs 'tensor<4xf32>'"),
    ),
    ("custom", "memref", (2, 40, NON_FUNCTION)),
    ("custom", "neg", (2, 38, NON_FUNCTION)),
    ("custom", "nested", (2, 40, "invalid tensor element type")),
    ("custom", "tuple", (2, 37, NON_FUNCTION)),
    ("custom", "vzero", (2, 31, "vector types must have positive constant sizes but got 0")),
    ("custom", "wide", (2, 40, "integer bitwidth is limited to 16777215 bits")),
    ("decl", "f33", (1, 46, NON_FUNCTION)),
    ("decl", "memref", (1, 46, NON_FUNCTION)),
    ("empty", "f33", (2, 34, NON_FUNCTION)),
    ("empty", "memref", (2, 34, NON_FUNCTION)),
    ("generic_operand", "bf17", (2, 34, NON_FUNCTION)),
    ("generic_operand", "cplx", (2, 33, NON_FUNCTION)),
    ("generic_operand", "qq", (2, 36, NON_FUNCTION)),
    ("generic_operand", "trail", (2, 34, NON_FUNCTION)),
    ("generic_operand", "unranked", (2, 34, NON_FUNCTION)),
    ("generic_operand", "vdyn", (2, 32, NON_FUNCTION)),
    ("generic_result", "f33", (2, 52, NON_FUNCTION)),
    ("generic_result", "vector", (2, 52, NON_FUNCTION)),
    ("head_arg", "bare", (1, 17, NON_FUNCTION)),
    ("head_arg", "bf17", (1, 27, NON_FUNCTION)),
    ("head_arg", "enc", None),
    ("head_arg", "f33", (1, 27, NON_FUNCTION)),
    ("head_arg", "i0", None),
    ("head_arg", "i0x", (1, 27, NON_FUNCTION)),
    ("head_arg", "memdim", (1, 29, NON_FUNCTION)),
    ("head_arg", "memref", (1, 27, NON_FUNCTION)),
    ("head_arg", "neg", (1, 25, NON_FUNCTION)),
    ("head_arg", "nested", (1, 27, "invalid tensor element type")),
    ("head_arg", "qq", (1, 29, NON_FUNCTION)),
    ("head_arg", "tuple", (1, 24, NON_FUNCTION)),
    ("head_arg", "vdyn", (1, 25, NON_FUNCTION)),
    ("head_arg", "vector", (1, 27, NON_FUNCTION)),
    ("head_arg", "vzero", (1, 18, "vector types must have positive constant sizes but got 0")),
    ("head_arg", "wide", (1, 27, "integer bitwidth is limited to 16777215 bits")),
    ("head_arg", "cidx", (1, 26, "invalid element type for complex")),
    ("head_arg", "mem_t", (1, 27, "invalid memref element type")),
    ("head_arg", "memunr", (1, 27, NON_FUNCTION)),
    ("head_arg", "tnone", (1, 27, "invalid tensor element type")),
    ("head_arg", "ttuple", (1, 27, "invalid tensor element type")),
    ("head_arg", "vec_t", (1, 18, "failed to verify 'elementType': VectorElementTypeInterface instance")),
    ("head_arg", "big", (1, 25, "invalid dimension")),
    ("head_arg", "noelt", (1, 28, "expected 'x' in dimension list")),
    ("head_arg", "spaces", (1, 28, NON_FUNCTION)),
    ("head_arg", "tcplx", (1, 35, NON_FUNCTION)),
    ("head_arg", "enc_int", None),
    ("head_arg", "memspace", None),
    ("head_arg", "vscal", None),
    ("head_arg", "f4", None),
    ("head_res", "f33", (1, 45, NON_FUNCTION)),
    ("head_res", "memref", (1, 45, NON_FUNCTION)),
    ("head_res2", "qq", (1, 63, NON_FUNCTION)),
    ("head_res2", "vector", (1, 61, NON_FUNCTION)),
    ("label", "bare", (3, 9, NON_FUNCTION)),
    ("label", "f33", (3, 19, NON_FUNCTION)),
    ("label", "i0", (2, 3, "type mismatch for bb argument #0 of successor #0")),
    ("label", "memref", (3, 19, NON_FUNCTION)),
    ("label", "vzero", (3, 10, "vector types must have positive constant sizes but got 0")),
    ("multiline_head", "f33", (2, 18, NON_FUNCTION)),
    ("multiline_head", "qq", (2, 20, NON_FUNCTION)),
    ("region_arg", "f33", (4, 25, NON_FUNCTION)),
    ("region_arg", "memref", (4, 25, NON_FUNCTION)),
    ("ret", "f8", (2, 24, NON_FUNCTION)),
    ("ret", "memdim", (2, 26, NON_FUNCTION)),
    ("ret", "nested", (2, 24, "invalid tensor element type")),
]


def probe(place: str, kind: str) -> str:
    return PLACES[place].format(T=TYPES[kind])


@pytest.mark.parametrize(("place", "kind", "expected"), PROBES, ids=[f"{p}-{k}" for p, k, _ in PROBES])
def test_the_first_error_is_iree_opt_s(place: str, kind: str, expected: tuple[int, int, str] | None) -> None:
    errors = [d for d in check_text(probe(place, kind), "probe.mlir") if d.severity == "error"]
    if expected is None:
        assert errors == []
        return
    assert errors, "iree-opt rejects it; broadcheck said nothing"
    first = errors[0]
    assert (first.span.line, first.span.column, first.message) == expected
    if not expected[2].startswith(("use of value", "type mismatch")):
        assert first.code == "BC001"


def test_a_probe_file_per_place_and_type() -> None:
    assert 30 <= len(PROBES) <= 80
    assert {p for p, _, _ in PROBES} == set(PLACES)


READ = [
    "tensor<4xi0>",  # (MLIR's `i0`)
    "tensor<4xf32, >",  # (no encoding)
    "memref<?xf32, strided<[1], offset: ?>>",
    "memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>, 1>",
    "tuple<>",
    "tuple<i32, tensor<?xf32>, tuple<f16>>",
    "vector<[4]x8xf32>",
    "tensor<?x?xf32, #sparse_tensor.encoding<{map = (d0, d1) -> (d0 : dense, d1 : compressed)}>>",
    "tensor<2x!quant.uniform<i8:f32, 0.1>>",
    "complex<f64>",
    "!tf_type.resource<tensor<4xf33>>",  # (a dialect's type: its own parser's)
    "(i32) -> i32",
    "none",
]


@pytest.mark.parametrize("text", READ)
def test_types_mlir_reads_are_no_problem(text: str) -> None:
    assert type_problem(text) is None


def test_each_distinct_type_is_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The readers ask for every type of every distinct statement: a set lookup for the common
    ones, and the judging (the grammar) once per distinct text of the others."""
    judged: list[str] = []
    real = types._type_problem

    def counted(text: str) -> tuple[str, int] | None:
        judged.append(text)
        return real(text)

    monkeypatch.setattr(types, "_type_problem", counted)
    types._PROBLEMS.clear()
    written._CLEAN.clear()  # (the signatures judged before: pure caches, emptied to count)
    body = "".join(
        f"  %{i} = stablehlo.add %a, %a : tensor<4xf32, >\n  %r{i} = stablehlo.add %a, %a : tensor<4xf32>\n"
        for i in range(200)
    )
    source = f"func.func @f(%a: tensor<4xf32, >) -> tensor<4xf32> {{\n{body}  return %a : tensor<4xf32>\n}}\n"
    check_text(source, "many.mlir")
    assert judged.count("tensor<4xf32, >") == 1
    assert "tensor<4xf32>" not in judged  # (the common form: one match, no judging)


def test_an_attribute_s_type_is_found_without_a_step_per_character() -> None:
    # A `dense<[...]> : T` of a million elements (bench's literal row) is one attribute value of
    # about 12 MB: the walk to its top-level `:` goes from bracket to bracket in C, not character
    # by character in Python (at its first version, 1.16 -> 4.4 s of CPU on the 1M literal).
    import sys

    elements = ", ".join(["1.5"] * 20_000)
    value = f"dense<[{elements}]> : tensor<20000xf32>"
    steps = 0

    from broadcheck.syntax import brackets

    walk = {written._attribute_type.__code__, types.attribute_type.__code__, brackets.scan.__code__}

    def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
        if frame.f_code in walk:
            return counter
        return None

    def counter(frame, event, arg):  # type: ignore[no-untyped-def]
        nonlocal steps
        if event == "line":
            steps += 1
        return counter

    sys.settrace(tracer)
    try:
        typed = written._attribute_type(value, 100)
    finally:
        sys.settrace(None)
    assert typed is not None and typed.text == "tensor<20000xf32>"
    assert typed.start == 100 + value.index("tensor")
    assert steps < 100, steps


# Types of a declaration's argument, `func.func private @f(T)` (T at column 22), and iree-opt 3.13's
# first error of each (None: it reads): a strided layout as its parser reads it, the memref's
# verifier's stride count, an integer width that is no 32-bit number, a complex not closed.
DECLARED = [
    ("memref<?x?xf32, strided<[a]>>", (47, "expected a 64-bit signed integer or '?'")),
    ("memref<?x?xf32, strided<[>>", (47, "expected a 64-bit signed integer or '?'")),  # (its `[` never closed)
    ("memref<?x?xf32, strided<[1, >>", (50, "expected a 64-bit signed integer or '?'")),
    ("memref<?x?xf32, strided<[1, ?], offset: x>>", (62, "expected a 64-bit signed integer or '?'")),
    ("memref<?x?xf32, strided<[1, ?], offset ?>>", (60, "expected ':' after 'offset'")),
    ("memref<?x?xf32, strided<[1, ?] offset: 3>>", (52, "expected ','")),
    ("memref<?x?xf32, strided<[1 2]>>", (48, "expected ']'")),
    ("memref<4xf32, strided<[99999999999999999999]>>", (45, "expected a 64-bit signed integer or '?'")),
    ("memref<4xf32, strided<1>>", (44, "expected '['")),
    ("memref<4xf32, strided<[1], foo: 2>>", (48, "expected 'offset' after comma")),
    ("memref<?x?xf32, strided<[]>>", (22, "expected the number of strides to match the rank")),
    ("memref<4xf32, strided<[1, 2], offset: 3>, 1>", (22, "expected the number of strides to match the rank")),
    ("memref<?x?xf32, strided<[1, ?], offset: ?>>", None),
    ("memref<4xf32, strided<[-1]>>", None),
    ("memref<4xf32, strided <[1]>>", None),
    ("memref<f32, strided<[]>>", None),
    ("memref<2xf32, strided<[1]>, 5>", None),
    ("i4294967295", (22, "integer bitwidth is limited to 16777215 bits")),
    ("i4294967296", (22, "invalid integer width")),
    ("complex<i32", (33, "expected '>' in complex type")),
    ("complex<i32, f32>", (33, "expected '>' in complex type")),
    ("tensor<complex<f32>", (41, "expected '>' in tensor type")),
]


@pytest.mark.parametrize(("text", "expected"), DECLARED, ids=[t for t, _ in DECLARED])
def test_a_declared_argument_s_type_is_judged_as_iree_opt_does(text: str, expected: tuple[int, str] | None) -> None:
    errors = [d for d in check_text(f"func.func private @f({text})\n", "probe.mlir") if d.severity == "error"]
    assert [(e.span.line, e.span.column, e.message) for e in errors[:1]] == ([(1, *expected)] if expected else [])


@pytest.mark.parametrize(
    ("source", "column"),
    [
        # a layout's `[` never closed, in a generic form's type and a function's result: iree-opt's column
        ('func.func @f() {\n  %0 = "test.op"() : () -> memref<?xf32, strided<[>>\n  return\n}\n', 51),
        ("func.func private @f() -> memref<?x?xf32, strided<[>>\n", 52),
    ],
)
def test_a_layout_left_open_is_said_where_its_parser_stops(source: str, column: int) -> None:
    errors = [d for d in check_text(source, "probe.mlir") if d.severity == "error"]
    assert [(e.span.column, e.message) for e in errors[:1]] == [(column, "expected a 64-bit signed integer or '?'")]
