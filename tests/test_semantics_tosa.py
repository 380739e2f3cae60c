"""TOSA semantics: element types, type constraints, the per-op checks and their order, as MLIR's TOSA dialect.

Every expected message here was produced by the TOSA dialect of iree-base-compiler 3.13
(``tests/oracle/test_tosa_ops.py`` compares thousands of random cases with it).
"""

from __future__ import annotations

import pytest

from broadcheck.dialects.tosa.specs import NAMES
from broadcheck.messages import RULES
from broadcheck.ops import OpaqueType, Operation, ShapedType
from broadcheck.optable import builtin_ops
from broadcheck.semantics import Profile
from broadcheck.semantics.tosa import (
    BOOL,
    NUMBER,
    SCALAR_INT8,
    compatible_shapes,
    conforms,
    element,
    mlir_float,
    type_text,
    verify_op,
    verify_rescale,
    verify_unary_op,
)
from broadcheck.syntax.parser import parse_operation

Q = None  # `?`

# (written, kind, as MLIR prints it, storage type)
ELEMENTS = [
    ("f32", "float", "f32", "f32"),
    ("f8E4M3FN", "float", "f8E4M3FN", "f8E4M3FN"),
    ("i1", "int", "i1", "i1"),
    ("ui8", "int", "ui8", "ui8"),
    ("si32", "int", "si32", "si32"),
    ("index", "other", "index", "index"),
    ("complex<f32>", "other", "complex<f32>", "complex<f32>"),
    ("!tosa.mxint8", "mxint8", "!tosa.mxint8", "!tosa.mxint8"),
    ("!quant.uniform<i8:f32, 0.1>", "quant", "!quant.uniform<i8:f32, 1.000000e-01>", "i8"),
    ("!quant.uniform<i8<-128:127>:f32, 0.1:0>", "quant", "!quant.uniform<i8:f32, 1.000000e-01>", "i8"),
    ("!quant.uniform<i8<-127:127>:f32, 0.1:-3>", "quant", "!quant.uniform<i8<-127:127>:f32, 1.000000e-01:-3>", "i8"),
    ("!quant.uniform<u8:f32, 0.7:128>", "quant", "!quant.uniform<u8:f32, 0.69999999999999996:128>", "ui8"),
    ("!quant.uniform<i8 : f32 , 0.1 : 3>", "quant", "!quant.uniform<i8:f32, 1.000000e-01:3>", "i8"),
    ("!quant.uniform<i8:f32:0, {0.1,0.2:3}>", "quant", "!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01:3}>", "i8"),
    ("!quant.any<i8<-8:7>>", "quant", "!quant.any<i8<-8:7>>", "i8"),
    ("!quant.any<i16:f32>", "quant", "!quant.any<i16:f32>", "i16"),
    ("!q", "unknown", "!q", "!q"),  # a type alias
    ("!quant.calibrated<f32<-1.0:1.0>>", "unknown", "!quant.calibrated<f32<-1.0:1.0>>", "!quant.calibrated<f32<-1.0:1.0>>"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "kind", "printed", "storage"), ELEMENTS)
def test_element(text: str, kind: str, printed: str, storage: str) -> None:
    e = element(text)
    assert (e.kind, e.text, e.storage or e.text) == (kind, printed, storage)


# Doubles as MLIR prints them (taken from the tool).
FLOATS = [
    (0.1, "1.000000e-01"),
    (0.7, "0.69999999999999996"),
    (0.123456, "1.234560e-01"),
    (0.1234567, "0.1234567"),
    (1e-05, "1.000000e-05"),
    (1e-06, "9.9999999999999995E-7"),
    (3.0517578125e-05, "3.0517578125E-5"),
    (0.003921568859368563, "0.0039215688593685627"),
    (100.0, "1.000000e+02"),
    (123456.789, "123456.789"),
    (1234567.0, "0x4132D68700000000"),
]


@pytest.mark.parametrize(("value", "printed"), FLOATS)
def test_mlir_float(value: float, printed: str) -> None:
    assert mlir_float(value) == printed


def tensor(shape: tuple[int | None, ...] | None, elem: str = "f32", kind: str = "tensor") -> ShapedType:
    return ShapedType(kind, shape, elem)  # type: ignore[arg-type]


CONFORMS = [
    (tensor((2, 3)), NUMBER, True),
    (tensor(None), NUMBER, True),
    (tensor(()), NUMBER, True),
    (tensor((2, 0)), NUMBER, False),  # size 0
    (tensor((2,), kind="vector"), NUMBER, False),
    (tensor((2,), "si32"), NUMBER, False),
    (tensor((2,), "index"), NUMBER, False),
    (tensor((2,), "!quant.uniform<i12:f32, 0.1>"), NUMBER, False),
    (tensor((2,), "!quant.uniform<i16:f32, 0.1>"), NUMBER, True),
    (tensor((2,), "!q"), NUMBER, True),  # unreadable element: not ours to reject
    (tensor((2,), "i8"), BOOL, False),
    (tensor((1,), "i8"), SCALAR_INT8, True),
    (tensor(None, "i8"), SCALAR_INT8, True),
    (tensor((), "i8"), SCALAR_INT8, False),
    (tensor((Q,), "i8"), SCALAR_INT8, False),
    (tensor((2,), "i8"), SCALAR_INT8, False),
    (OpaqueType("f32"), NUMBER, False),
    (OpaqueType("memref<2xf32>"), NUMBER, False),
    (OpaqueType("!tosa.shape<2>"), NUMBER, False),
    (OpaqueType("!torch.vtensor<[3],f32>"), NUMBER, True),  # a type broadcheck cannot read
]


@pytest.mark.parametrize(("t", "constraint", "ok"), CONFORMS)
def test_conforms(t: ShapedType | OpaqueType, constraint: object, ok: bool) -> None:
    assert conforms(t, constraint) is ok  # type: ignore[arg-type]


def test_type_text_prints_quantized_types_canonically() -> None:
    assert (
        type_text(tensor((2, Q), "!quant.uniform<i8:f32,0.7>"))
        == "tensor<2x?x!quant.uniform<i8:f32, 0.69999999999999996>>"
    )


@pytest.mark.parametrize(
    ("shapes", "ok"),
    [
        ([(2, Q), (Q, 3)], True),
        ([(Q,), (2,), (3,)], False),  # each pair is compatible, the three are not
        ([(2,), None, (1, 2)], False),
        ([None, (4,)], True),
    ],
)
def test_compatible_shapes(shapes: list[tuple[int | None, ...] | None], ok: bool) -> None:
    assert compatible_shapes([tensor(s) for s in shapes]) is ok


# One line per check, in the verifier's order; the message is the tool's (profile llvm).
CASES = [
    ("tosa.add %a, %b : (tensor<13x21x1xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xf32>", None),
    ("tosa.add %a, %b : (tensor<*xf32>, tensor<2xf32>) -> tensor<2xf32>", None),
    ("tosa.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<5xf32>", None),
    ("tosa.add %a, %b : (tensor<2x!foo.bar>, tensor<2xf32>) -> tensor<2xf32>", None),  # an element type broadcheck cannot read
    ('%0:2 = "tosa.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)', "'tosa.add' op requires one result"),
    ('"tosa.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>', "'tosa.add' op expected 2 operands, but found 1"),
    ('"tosa.abs"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>', "'tosa.abs' op requires a single operand"),
    ("tosa.add %a, %b : (tensor<0xf32>, tensor<2xi32>) -> tensor<2xf32>", "'tosa.add' op operand #0 must be tosa-conformant tensor of number values, but got 'tensor<0xf32>'"),
    ("tosa.add %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<0xf32>", "'tosa.add' op result #0 must be tosa-conformant tensor of number values, but got 'tensor<0xf32>'"),
    ("tosa.add %a, %b : (vector<2xf32>, tensor<2xf32>) -> tensor<2xf32>", "'tosa.add' op operand #0 must be tosa-conformant tensor of number values, but got 'vector<2xf32>'"),
    ("tosa.add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> f32", "'tosa.add' op result #0 must be tosa-conformant tensor of number values, but got 'f32'"),
    ("tosa.add %a, %b : (tensor<2xf32>, tensor<3xi32>) -> tensor<2xf32>", "'tosa.add' op requires the same element type for all operands and results"),
    ("tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>", "'tosa.add' op operands don't have broadcast-compatible shapes"),
    ("tosa.add %a, %b : (tensor<1xf32>, tensor<1xf32>) -> tensor<5xf32>", "'tosa.add' op result type '5' not broadcast compatible with broadcasted operands's shapes '1'"),
    ("tosa.add %a, %b : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>", "'tosa.add' op operands don't have matching ranks"),
    ("tosa.add %a, %b : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<4x2x3xf32>", "'tosa.add' op result type has different rank than operands"),
    ("tosa.intdiv %a, %b : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xui32>", "'tosa.intdiv' op operand #0 must be tosa-conformant tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<2xui32>'"),
    ("tosa.equal %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<3xi1>", "'tosa.equal' op requires the same element type for all operands"),
    ("tosa.equal %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>", "'tosa.equal' op result #0 must be tosa-conformant tensor of 1-bit signless integer values, but got 'tensor<2xf32>'"),
    ("tosa.select %p, %a, %b : (tensor<2xi1>, tensor<2xi32>, tensor<3xf32>) -> tensor<2xf32>", "'tosa.select' op operands don't have broadcast-compatible shapes"),
    ("tosa.select %p, %a, %b : (tensor<2xi1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>", "'tosa.select' op expect input and output to have same element type, got 'i32' and 'f32'"),
    ("tosa.select %p, %a, %b : (tensor<2xi1>, tensor<2x!quant.uniform<i8:f32:0, {0.1,0.2}>>, tensor<2xi8>) -> tensor<2xi8>", None),
    ("tosa.abs %a : (tensor<2xf32>) -> tensor<3xi32>", "'tosa.abs' op requires the same shape for all operands and results"),
    ("tosa.abs %a : (tensor<?x3xf32>) -> tensor<2x?xf32>", None),
    ("tosa.cos %a : (tensor<2xf32>) -> tensor<2xf16>", "'tosa.cos' op requires the same element type for all operands and results"),
    ("tosa.mul %a, %b, %s : (tensor<2xi8>, tensor<2xi8>, tensor<1xi8>) -> tensor<2xi32>", None),
    ("tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<3xi32>, tensor<1xi32>) -> tensor<2xi32>", "'tosa.mul' op operand #2 must be tosa-conformant scalar tensor of 8-bit signless integer values, but got 'tensor<1xi32>'"),
    ("tosa.mul %a, %b, %s : (tensor<2xf32>, tensor<2xi16>, tensor<1xi8>) -> tensor<2xi32>", "'tosa.mul' op requires the same element type for all operands"),
    ("tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi8>", "'tosa.mul' op invalid data type size for operands or result"),
    ("tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xf32>", "'tosa.mul' op requires the same element type for all operands and results"),
    ("tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2x2xi32>, tensor<1xi8>) -> tensor<2xi32>", "'tosa.mul' op a and b operands don't have matching ranks, got 1 and 2"),
    ("tosa.mul %a, %b, %s : (tensor<2x3xi32>, tensor<3x2xi32>, tensor<1xi8>) -> tensor<2xi32>", "'tosa.mul' op a and b operands don't have broadcast-compatible shapes, got 'tensor<2x3xi32>' and 'tensor<3x2xi32>'"),
    ("tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2x2xi32>", "'tosa.mul' op result type has different rank than a, got 2 vs 1"),
    ("tosa.mul %a, %b, %s : (tensor<2x1xi32>, tensor<1x3xi32>, tensor<1xi8>) -> tensor<2x4xi32>", "'tosa.mul' op expected output shape 2, 4 to be compatible with inferred shape 2, 3"),
    ("tosa.mul %a, %b, %s : (tensor<2x?xi32>, tensor<?x1xi32>, tensor<1xi8>) -> tensor<2x4xi32>", None),
    ("tosa.negate %a, %z, %y : (tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<3xi16>", "'tosa.negate' op expect input and output to have same element type, got 'i8' and 'i16'"),
    ("tosa.negate %a, %z, %y : (tensor<2xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<3xi8>", "'tosa.negate' op requires the same shape for input1 and output"),
    ("tosa.negate %a, %z, %y : (tensor<2x!quant.uniform<u8:f32, 0.1>>, tensor<1xi8>, tensor<1xui8>) -> tensor<2x!quant.uniform<u8:f32, 0.1>>", "'tosa.negate' op expect both input1 and its zero point are the same element type, got 'ui8' and 'i8'"),
    ("tosa.negate %a, %z, %y : (tensor<2xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<2xi8>", "'tosa.negate' op expect both output and its zero point are the same element type, got 'i8' and 'i16'"),
    ("tosa.negate %a, %z, %y : (tensor<2x!quant.uniform<i8:f32:0, {0.1,0.2}>>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>", None),
    ("tosa.cast %a : (tensor<*xf32>) -> tensor<1x2xi8>", None),
    ("tosa.cast %a : (tensor<2xf32>) -> tensor<1x2xi8>", "'tosa.cast' op requires the same shape for all operands and results"),
    ('"tosa.reverse"(%a) <{axis = 0 : i32}> : (tensor<2xf32>) -> tensor<3xi32>', "'tosa.reverse' op requires the same shape for all operands and results"),
    ('"tosa.reverse"(%a) <{axis = 0 : i32}> : (tensor<2xf32>) -> tensor<2x3xf32>', "'tosa.reverse' op result type has different rank than operands"),
    ("tosa.table %a, %t : (tensor<2x3xi8>, tensor<256xi8>) -> tensor<2x?xi16>", None),
    ("tosa.table %a, %t : (tensor<f32>, tensor<256xi8>) -> tensor<1xi16>", "'tosa.table' op input rank (0) does not match result rank (1)"),
    ("tosa.table %a, %t : (tensor<?x3xi8>, tensor<256xi8>) -> tensor<2x3xi8>", "'tosa.table' op dim(result, 0) = 2 doesn't match dim(input, 0) = -9223372036854775808"),
    ('%0:2 = "tosa.fft2d"(%a, %b) : (tensor<1x?x6xf32>, tensor<1x3x?xf32>) -> (tensor<*xf32>, tensor<*xf32>)', None),
    ('"tosa.fft2d"(%a, %b) : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>', "'tosa.fft2d' op expected 2 results"),
    ('%0:2 = "tosa.fft2d"(%a, %b) : (tensor<1x4x8xi32>, tensor<1x4x8xi32>) -> (tensor<1x4x8xi32>, tensor<1x4x8xi32>)', "'tosa.fft2d' op requires a floating point type"),
    ('%0:2 = "tosa.fft2d"(%a, %b) : (tensor<1x4x6xf32>, tensor<1x4x6xf32>) -> (tensor<1x4x6xf32>, tensor<1x4x6xf32>)', "'tosa.fft2d' op expected width to be a power of two, got 6"),
    ('"tosa.apply_scale"(%v, %m, %s) : (tensor<?xi32>, tensor<2xi32>, i8) -> tensor<2xi32>', None),
    ('"tosa.apply_scale"(%v, %m, %s) : (tensor<2xsi32>, tensor<2xi32>, i8) -> tensor<2xi32>', "'tosa.apply_scale' op operand #0 must be signless-integer-like, but got 'tensor<2xsi32>'"),
    ('"tosa.apply_scale"(%v, %m, %s) : (tensor<2xi32>, vector<2xi32>, i8) -> tensor<2xi32>', "'tosa.apply_scale' op all non-scalar operands/results must have the same shape and base type"),
    ('"tosa.apply_scale"(%v, %m, %s) : (i32, i32, i8) -> tensor<2xi32>', "'tosa.apply_scale' op if a result is non-scalar, then at least one operand must be non-scalar"),
]  # fmt: skip


def parse(line: str) -> Operation:
    return parse_operation(line if line.startswith(("%", '"')) else f"%0 = {line}")


def message(op: Operation, profile: Profile = Profile.LLVM) -> str | None:
    problem = verify_op(op, profile)
    if problem is None:
        return None
    if problem.code == "BC110":
        args = dict(problem.args)
        return "warning: " + RULES[str(args.pop("rule"))].format(op.name, **args)
    return RULES[problem.code].format(op.name, **problem.args)


@pytest.mark.parametrize(("line", "expected"), CASES)
def test_tool_messages(line: str, expected: str | None) -> None:
    op = parse(line)
    assert message(op) == expected
    # The errors are the tool's under the spec profile too.
    spec = message(op, Profile.SPEC)
    assert spec == expected or (expected is None and spec is not None and spec.startswith("warning: "))


def test_spec_warning_never_hides_an_error() -> None:
    ok = parse("tosa.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>")
    assert message(ok) is None
    assert message(ok, Profile.SPEC) == (
        "warning: 'tosa.add' op result type '4' not broadcast compatible with broadcasted operands's shapes '?'"
    )
    bad = parse("tosa.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<2x4xf32>")
    assert message(bad, Profile.SPEC) == "'tosa.add' op result type has different rank than operands"


def test_attributes_do_not_change_the_verdict() -> None:
    """The ops are attribute-free: clamp's bounds, reverse's axis and the like are not read."""
    for line in (
        '"tosa.clamp"(%a) : (tensor<2xf32>) -> tensor<3xf32>',
        '"tosa.reverse"(%a) : (tensor<2xf32>) -> tensor<2xf32>',
    ):
        plain = message(parse(line))
        with_attributes = message(parse(line.replace("(%a)", "(%a) <{axis = 9 : i32, min_val = 1 : i8}>")))
        assert plain == with_attributes


def test_other_ops_mapped_to_tosa_semantics() -> None:
    """``--op 'x.*=tosa'``: an op outside the table is checked as a TOSA binary (or unary) op."""
    add = parse('"x.add"(%a, %b) : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>')
    assert verify_op(add, Profile.LLVM).code == "BC201"  # type: ignore[union-attr]
    neg = parse('"x.neg"(%a) : (tensor<2xf32>) -> tensor<3xf32>')
    assert verify_unary_op(neg, Profile.LLVM).code == "BC203"  # type: ignore[union-attr]
    assert verify_unary_op(parse('"tosa.abs"(%a) : (tensor<2xf32>) -> tensor<2xf32>'), Profile.LLVM) is None


RESCALE = (
    '"tosa.rescale"(%x, %m, %s, %i, %o) <{{scale32 = {scale32}, per_channel = {per_channel}}}> : '
    "({x}, {m}, {s}, tensor<1xi8>, tensor<1xi32>) -> {out}"
)
RESCALE_CASES = [
    (('tensor<2x3xi8>', 'tensor<1xi32>', 'tensor<1xi8>', 'tensor<2x3xi32>', 'true', 'false'), None),
    (('tensor<2x3xi8>', 'tensor<1xi32>', 'tensor<1xi8>', 'tensor<2x4xi32>', 'true', 'false'), "'tosa.rescale' op expected output shape 2, 4 to be compatible with inferred shape 2, 3"),
    (('tensor<2x3xf32>', 'tensor<1xi32>', 'tensor<1xi8>', 'tensor<2x3xi32>', 'true', 'false'), "'tosa.rescale' op expect input to have integer element type, got 'f32'"),
    (('tensor<2x3xi8>', 'tensor<1xi32>', 'tensor<1xi8>', 'tensor<2x4xi32>', 'false', 'false'), "'tosa.rescale' op expect i16 element type for multiplier for scale32=false, got 'i32'"),
    (('tensor<i8>', 'tensor<1xi32>', 'tensor<1xi8>', 'tensor<i32>', 'true', 'true'), "'tosa.rescale' op requires input to be at least rank 1 when per_channel is true, but got rank 0"),
    (('tensor<2x3xi8>', 'tensor<3xi32>', 'tensor<3xi8>', 'tensor<2x3xi32>', 'true', 'true'), None),
    (('tensor<2x?xi8>', 'tensor<3xi32>', 'tensor<3xi8>', 'tensor<2x3xi32>', 'true', 'true'), "'tosa.rescale' op expect shape of { -9223372036854775808 } for multiplier input, got { 3 }"),
    (('tensor<2x3xi8>', 'tensor<1xi32>', 'tensor<2xi8>', 'tensor<2x3xi32>', 'true', 'false'), "'tosa.rescale' op expect shape of { 1 } for shift input, got { 2 }"),
    (('tensor<2x3xi8>', 'tensor<1xi32>', 'tensor<2xi8>', 'tensor<2x3xi32>', '#unknown', '#unknown'), None),
    (('tensor<2x3xi8>', 'tensor<1xi16>', 'tensor<2xi8>', 'tensor<2x4xi32>', '#unknown', '#unknown'), "'tosa.rescale' op expected output shape 2, 4 to be compatible with inferred shape 2, 3"),
]  # fmt: skip


@pytest.mark.parametrize(("types", "expected"), RESCALE_CASES)
def test_rescale(types: tuple[str, ...], expected: str | None) -> None:
    x, m, s, out, scale32, per_channel = types
    op = parse(RESCALE.format(x=x, m=m, s=s, out=out, scale32=scale32, per_channel=per_channel))
    problem = verify_rescale(op, Profile.LLVM)
    assert (None if problem is None else RULES[problem.code].format(op.name, **problem.args)) == expected


def test_table_and_optable_agree() -> None:
    TOSA_OPS = {n: v for n, v in builtin_ops().items() if n.startswith("tosa.")}
    assert set(TOSA_OPS) == NAMES
    assert {TOSA_OPS[name] for name in NAMES - {"tosa.rescale"}} == {"tosa"}
    assert TOSA_OPS["tosa.rescale"] == "tosa-rescale"
