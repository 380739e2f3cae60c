"""``#sparse_tensor.encoding`` on StableHLO's elementwise ops (issue 29): the encodings read and
how MLIR prints them (each printed form below is TensorFlow 2.21's, from its messages), those not
read (the op is then not judged), and an alias's meaning kept to its own module."""

from __future__ import annotations

import pytest

from broadcheck.engine.options import Options
from broadcheck.optable import OpTable
from broadcheck.runner import check_source
from broadcheck.semantics import NOT_JUDGED_REASON, Profile
from broadcheck.semantics.sparse_encoding import NotRead, canonical, is_sparse

E = "#sparse_tensor.encoding"

PRINTED = [
    # (as written, rank, as MLIR prints it)
    (f"{E}<{{map=(d0)->(d0:compressed)}}>", 1, f"{E}<{{ map = (d0) -> (d0 : compressed) }}>"),
    (
        f"{E}<{{ map = (i) -> (i : compressed(nonordered, nonunique)) }}>",
        1,
        f"{E}<{{ map = (d0) -> (d0 : compressed(nonunique, nonordered)) }}>",
    ),
    (
        f"{E}<{{ map = (d0) -> (d0 : compressed), crdWidth = 16, posWidth = 64 }}>",
        1,
        f"{E}<{{ map = (d0) -> (d0 : compressed), posWidth = 64, crdWidth = 16 }}>",
    ),
    (
        f"{E}<{{ map = (d0) -> (d0 : compressed(nonunique, nonordered)), posWidth = 0 }}>",
        1,
        f"{E}<{{ map = (d0) -> (d0 : compressed(nonunique, nonordered)) }}>",
    ),
    (
        f"{E}<{{ map = (i, j) -> (j : dense, i : compressed) }}>",
        2,
        f"{E}<{{ map = (d0, d1) -> (d1 : dense, d0 : compressed) }}>",
    ),
    (
        f"{E}<{{\n  map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa))\n}}>",
        2,
        f"{E}<{{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton(soa)) }}>",
    ),
]

NOT_READ = [
    # (as written, rank): the parser rejects these, or broadcheck does not read them
    (f"{E}<{{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }}>", 1),  # dimension-rank mismatch
    (f"{E}<{{ map = (d0) -> (d0 : compressed(soa)) }}>", 1),  # SoA only on singleton levels
    (f"{E}<{{ map = (d0) -> (d0 : dense(nonunique)) }}>", 1),  # dense takes no properties
    (f"{E}<{{ map = (d0, d1) -> (d0 : dense, d1 : singleton) }}>", 2),  # singleton after dense
    (f"{E}<{{ map = (d0, d1) -> (d0 : compressed, d0 : compressed) }}>", 2),  # not a permutation
    (f"{E}<{{ map = (d0) -> (d0 : compressed), posWidth = 7 }}>", 1),  # unexpected position bitwidth
    (f"{E}<{{ map = (d0) -> (d0 : compressed), explicitVal = 1.0 : f32 }}>", 1),  # not read
    (f"{E}<{{ map = (i, j) -> (i floordiv 2 : dense, j : compressed) }}>", 2),  # a block level: not read
    (f"{E}<{{ map = [s0](d0) -> (d0 : compressed) }}>", 1),  # symbols: not read
]


@pytest.mark.parametrize(("written", "rank", "printed"), PRINTED)
def test_an_encoding_prints_as_mlir_prints_it(written: str, rank: int, printed: str) -> None:
    assert is_sparse(written)
    assert canonical(written, rank) == printed


@pytest.mark.parametrize(("written", "rank"), NOT_READ)
def test_an_encoding_not_read(written: str, rank: int) -> None:
    with pytest.raises(NotRead):
        canonical(written, rank)


def _check(text: str, verify: bool = False):  # type: ignore[no-untyped-def]
    options = Options(Profile("llvm"), OpTable(()), verify_diagnostics=verify)
    return check_source("<case>", text, options)


def test_an_op_with_an_encoding_not_read_is_not_judged() -> None:
    """An encoding broadcheck does not read leaves the op passed over ("not judged"), never reported."""
    enc = NOT_READ[0][0]
    text = (
        f"func.func @f(%a: tensor<2xf32, {enc}>, %b: tensor<2xf32>) {{\n"
        f'  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32, {enc}>, tensor<2xf32>) -> tensor<3xf32>\n'
        "  func.return\n}\n"
    )
    result = _check(text)
    assert result.diagnostics == []
    assert result.passed_over == {("stablehlo.add", NOT_JUDGED_REASON): 1}


def test_the_structural_ops_still_pass_sparse_types_over() -> None:
    """Only the elementwise ops read a sparse encoding: what other ops' inference keeps is not modelled."""
    text = (
        "#SV = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>\n"
        "func.func @f(%a: tensor<2xf32, #SV>) {\n"
        '  %0 = "stablehlo.reverse"(%a) {dimensions = array<i64: 0>} : (tensor<2xf32, #SV>) -> tensor<3xf32>\n'
        "  func.return\n}\n"
    )
    result = _check(text)
    assert result.diagnostics == []
    assert result.passed_over == {("stablehlo.reverse", NOT_JUDGED_REASON): 1}


def test_an_encoding_alias_means_what_its_own_module_says() -> None:
    """``#SV`` defined differently in two chunks: each type reads its own module's (no cache across)."""
    chunk = (
        "#SV = #sparse_tensor.encoding<{{ map = (d0) -> (d0 : {level}) }}>\n"
        "func.func @f(%a: tensor<2xi1, #SV>) {{\n"
        '  %0 = "stablehlo.abs"(%a) : (tensor<2xi1, #SV>) -> tensor<2xi1>\n'
        "  func.return\n}}\n"
    )
    text = chunk.format(level="compressed") + "\n// -----\n\n" + chunk.format(level="dense")
    options = Options(Profile("llvm"), OpTable(()), split_marker="// -----")
    messages = [d.message for d in check_source("<case>", text, options).diagnostics]
    assert len(messages) == 2
    assert messages[0].endswith(f"but got 'tensor<2xi1, {E}<{{ map = (d0) -> (d0 : compressed) }}>>'")
    assert messages[1].endswith(f"but got 'tensor<2xi1, {E}<{{ map = (d0) -> (d0 : dense) }}>>'")


def test_the_type_to_write_keeps_the_results_own_sparsity() -> None:
    """The help (and ``--fix``) change a result's shape, never its sparsity: a dense result stays
    dense next to a sparse operand, a sparse one keeps its encoding (no verdict depends on it)."""
    sv = f"{E}<{{ map = (d0) -> (d0 : compressed) }}>"
    text = (
        f"func.func @f(%a: tensor<2xf32, {sv}>, %b: tensor<2xf32>) {{\n"
        f'  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32, {sv}>, tensor<2xf32>) -> tensor<3xf32>\n'
        f'  %1 = "stablehlo.add"(%b, %a) : (tensor<2xf32>, tensor<2xf32, {sv}>) -> tensor<3xf32, {sv}>\n'
        f'  %2 = "stablehlo.abs"(%a) : (tensor<2xf32, {sv}>) -> tensor<?xf64>\n'
        "  func.return\n}\n"
    )
    diagnostics = _check(text).diagnostics
    helps = [[n.message for n in d.notes if n.kind == "help"] for d in diagnostics]
    assert helps == [
        ["the result type should be tensor<2xf32>"],
        [f"the result type should be tensor<2xf32, {sv}>"],
        ["the result type should be tensor<2xf32>"],
    ]
    # the message still names the inferred type as StableHLO builds it: the operand's encoding kept
    assert diagnostics[2].message.startswith(f"'stablehlo.abs' op inferred type(s) 'tensor<2xf32, {sv}>'")
