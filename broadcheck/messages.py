"""The message catalogue: every code broadcheck reports, with its wording.

This is the only place diagnostic text is written. It feeds the diagnostics,
``broadcheck rules``, SARIF rule descriptions and the docs. Where MLIR, TOSA or
mlir-opt has a message for a problem, the template is that message, word for
word (including MLIR's "operands's"), so users can grep for what they know.
Codes are stable: a code's meaning never changes; retired codes are not reused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from broadcheck.ops import Frozen

Severity = Literal["error", "warning", "note"]


class Rule(Frozen):
    """One diagnostic code and how it reads."""

    __slots__ = __match_args__ = ("code", "name", "template", "summary", "example", "severity", "op_prefix")
    code: str
    name: str
    template: str
    summary: str
    example: str
    severity: Severity
    op_prefix: bool
    """Whether MLIR prints the message after ``'<op.name>' op ``."""

    def __init__(
        self,
        code: str,
        name: str,
        template: str,
        summary: str,
        example: str,
        severity: Severity = "error",
        op_prefix: bool = True,
    ) -> None:
        put = object.__setattr__
        put(self, "code", code)
        put(self, "name", name)
        put(self, "template", template)
        put(self, "summary", summary)
        put(self, "example", example)
        put(self, "severity", severity)
        put(self, "op_prefix", op_prefix)

    def format(self, op: str | None = None, **args: object) -> str:
        """The message for this code, with MLIR's op prefix where MLIR has one."""
        text = self.template.format(**args)
        return f"'{op}' op {text}" if self.op_prefix and op else text


_RESULT_TEMPLATE = "result type {actual} not broadcast compatible with broadcasted operands's shapes {inferred}"

RULES: Mapping[str, Rule] = {
    rule.code: rule
    for rule in (
        Rule(
            "BC001",
            "syntax-error",
            "{detail}",
            "An op that broadcheck checks is not valid MLIR syntax.",
            '"test.broadcastable"(%a, %b) : (tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>',
            op_prefix=False,
        ),
        Rule(
            "BC002",
            "invalid-utf8",
            "invalid UTF-8: byte 0x{byte:02x} cannot be decoded",
            "A file is not valid UTF-8 text; MLIR source must be UTF-8.",
            "(a byte such as 0xff anywhere in the file)",
            op_prefix=False,
        ),
        Rule(
            "BC003",
            "unused-suppression",
            "unused suppression: '{directive}' matches no problem",
            "A '// broadcheck: ignore[...]' comment suppresses nothing; remove it, or it will hide a future problem.",
            "%0 = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>  // broadcheck: ignore[BC101]",
            op_prefix=False,
        ),
        Rule(
            "BC004",
            "malformed-suppression",
            "malformed suppression '{directive}': {reason}",
            "A comment that begins with 'broadcheck:' is not a well-formed directive, so it suppresses nothing "
            "(never every code): write 'broadcheck: ignore[BC101, BC102]' or 'broadcheck: file-ignore[BC101]'.",
            "%0 = tosa.add %a, %b : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>  // broadcheck: ignore[BC101",
            op_prefix=False,
        ),
        # ---- BC01x: value flow (valueflow.py): a value's type from its definition to its uses
        Rule(
            "BC011",
            "use-type-mismatch",
            "use of value '{name}' expects different type than prior uses: '{used}' vs '{prior}'",
            "An operand's type differs from the type its value was defined with (mlir-opt's parser rejects it).",
            "%0 = tosa.add %a, %a : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>   // %a: tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC012",
            "return-type-mismatch",
            "type of return operand {index} ('{actual}') doesn't match function result type ('{expected}') "
            "in function @{name}",
            "A return operand's type differs from the function's result type (func.return's verifier).",
            "func.func @f(%a: tensor<4xf32>) -> tensor<3xf32> { return %a : tensor<4xf32> }",
            op_prefix=False,
        ),
        Rule(
            "BC013",
            "return-count-mismatch",
            "has {count} operands, but enclosing function (@{name}) returns {expected}",
            "A return has another number of operands than the function has results (func.return's verifier).",
            "func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) { return %a : tensor<4xf32> }",
        ),
        Rule(
            "BC014",
            "undeclared-value",
            "use of undeclared SSA value name",
            "An operand names a value that is never defined in its function (mlir-opt's parser rejects it).",
            "%0 = tosa.add %a, %zz : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC015",
            "redefinition",
            "redefinition of SSA value '{name}'",
            "A value name is defined twice where the first is still in scope (mlir-opt's parser rejects it).",
            "%0 = tosa.add %a, %a : ... then, in the same function, %0 = tosa.sub %a, %a : ...",
            op_prefix=False,
        ),
        Rule(
            "BC101",
            "operands-not-broadcastable",
            "operands don't have broadcast-compatible shapes",
            "Two ranked operands have a dimension whose static sizes differ and neither is 1.",
            '"test.broadcastable"(%a, %b) : (tensor<4x3x2xi32>, tensor<3x3xi32>) -> tensor<4x3x2xi32>',
        ),
        Rule(
            "BC102",
            "result-not-broadcast-compatible",
            _RESULT_TEMPLATE,
            "The result's static dimensions do not match the shape the operands broadcast to.",
            '"test.broadcastable"(%a, %b) : (tensor<4x3x2xi32>, tensor<3x1xi32>) -> tensor<4x3x3xi32>',
        ),
        Rule(
            "BC103",
            "result-rank-mismatch",
            _RESULT_TEMPLATE,
            "The result's rank differs from the rank the operands broadcast to (spec profile).",
            '"test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>',
        ),
        Rule(
            "BC104",
            "result-static-where-dynamic",
            _RESULT_TEMPLATE,
            "A result dimension is static where the operands only give a dynamic size (spec profile).",
            '"test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>',
        ),
        Rule(
            "BC105",
            "vector-with-tensor",
            "cannot broadcast vector with tensor",
            "An op mixes vector and tensor operands or results (llvm profile).",
            '"mydialect.add"(%a, %b) : (vector<4xf32>, tensor<4xf32>) -> tensor<4xf32>  '
            "(with --op 'mydialect.*=mlir' --profile llvm)",
            op_prefix=False,
        ),
        Rule(
            "BC106",
            "no-operands",
            "expected 1 or more operands, but found {count}",
            "A broadcastable op has no operands (spec profile).",
            '"test.broadcastable"() : () -> tensor<4xi32>',
        ),
        Rule(
            "BC107",
            "not-one-result",
            "requires one result",
            "A broadcastable op has no result or several results.",
            '"test.broadcastable"(%a) : (tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)',
        ),
        Rule(
            "BC108",
            "not-tensor-or-vector",
            "{kind} #{index} must be tensor of any type values or vector of any type values, but got '{type}'",
            "An operand or result of a broadcastable op is neither a tensor nor a vector (spec profile).",
            '"test.broadcastable"(%a, %b) : (tensor<4xf32>, f32) -> tensor<4xf32>',
        ),
        Rule(
            "BC109",
            "type-constraint",
            "{kind} #{index} must be {constraint}, but got '{type}'",
            "An operand or result breaks the op's type constraint (test.broadcastable takes tensors only).",
            '"test.broadcastable"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> vector<4xf32>',
        ),
        Rule(
            "BC110",
            "broadcastable-document",
            "{detail}",
            "A dialect op that its own verifier accepts breaks a stricter rule of MLIR's Broadcastable document "
            "(--profile spec only; a warning, since the real tool accepts the op).",
            "%0 = tosa.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>",
            severity="warning",
            op_prefix=False,
        ),
        # ---- BC2xx: TOSA (semantics/tosa.py)
        Rule(
            "BC201",
            "tosa-operand-ranks",
            "operands don't have matching ranks",
            "A TOSA elementwise op has operands of different ranks (SameOperandsAndResultRank).",
            "tosa.add %a, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>",
        ),
        Rule(
            "BC202",
            "tosa-result-rank",
            "result type has different rank than operands",
            "A TOSA elementwise op's result rank differs from its operands' (SameOperandsAndResultRank).",
            "tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<1x3xf32>",
        ),
        Rule(
            "BC203",
            "tosa-same-shape",
            "requires the same shape for all operands and results",
            "A unary TOSA op (abs, exp, clamp, cast, reverse, ...) changes the shape (SameOperandsAndResultShape).",
            "tosa.abs %a : (tensor<4xf32>) -> tensor<1x4xf32>",
        ),
        Rule(
            "BC204",
            "tosa-type-constraint",
            "{kind} #{index} must be {constraint}, but got '{type}'",
            "A TOSA operand or result is not a tosa-conformant tensor: a vector, a size-0 dimension, or an element "
            "type the op does not take (ODS type constraint).",
            "tosa.add %a, %b : (tensor<0xf32>, tensor<2xf32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC205",
            "tosa-element-types",
            "requires the same element type for all operands and results",
            "A TOSA elementwise op mixes element types (SameOperandsAndResultElementType).",
            "tosa.add %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC206",
            "tosa-operand-element-types",
            "requires the same element type for all operands",
            "A TOSA comparison (equal, greater, ...) or tosa.mul with an integer result compares operands of "
            "different element types.",
            "tosa.equal %a, %b : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>",
        ),
        Rule(
            "BC207",
            "tosa-operand-count",
            "expected {expected} operands, but found {count}",
            "A TOSA op has the wrong number of operands (tosa.mul takes a shift, tosa.negate two zero points).",
            "tosa.mul %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>",
        ),
        Rule(
            "BC208",
            "tosa-single-operand",
            "requires a single operand",
            "A unary TOSA op (abs, exp, cast, ...) has more or fewer than one operand.",
            "tosa.abs %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC209",
            "tosa-input-output-element-type",
            "expect {a} and {b} to have same element type, got '{x}' and '{y}'",
            "tosa.select's values or tosa.negate's input have another element type than the result.",
            "tosa.select %p, %a, %b : (tensor<2xi1>, tensor<2xi32>, tensor<2xf32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC210",
            "tosa-mul-result-width",
            "invalid data type size for operands or result",
            "tosa.mul's integer result is narrower than its operands.",
            "tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2xi8>",
        ),
        Rule(
            "BC211",
            "tosa-mul-operand-ranks",
            "a and b operands don't have matching ranks, got {a} and {b}",
            "tosa.mul's two factors have different ranks.",
            "tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2x2xi32>, tensor<1xi8>) -> tensor<2xi32>",
        ),
        Rule(
            "BC212",
            "tosa-mul-not-broadcastable",
            "a and b operands don't have broadcast-compatible shapes, got '{a}' and '{b}'",
            "tosa.mul's two factors do not broadcast.",
            "tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<3xi32>, tensor<1xi8>) -> tensor<2xi32>",
        ),
        Rule(
            "BC213",
            "tosa-mul-result-rank",
            "result type has different rank than {name}, got {rank} vs {other}",
            "tosa.mul's result rank differs from a factor's.",
            "tosa.mul %a, %b, %s : (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>) -> tensor<2x2xi32>",
        ),
        Rule(
            "BC214",
            "tosa-output-shape",
            "expected output shape {actual} to be compatible with inferred shape {inferred}",
            "tosa.mul's result shape differs from the broadcast of its factors.",
            "tosa.mul %a, %b, %s : (tensor<2x1xi32>, tensor<1x3xi32>, tensor<1xi8>) -> tensor<2x4xi32>",
        ),
        Rule(
            "BC215",
            "tosa-negate-shape",
            "requires the same shape for input1 and output",
            "tosa.negate's result shape differs from its input's.",
            "tosa.negate %x, %zp, %zp : (tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<3xi8>",
        ),
        Rule(
            "BC216",
            "tosa-zero-point-element-type",
            "expect both {name} and its zero point are the same element type, got '{x}' and '{y}'",
            "tosa.negate: a zero point's element type is not the (storage) element type of its value.",
            "tosa.negate %x, %zp, %zp : (tensor<2xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2xi8>",
        ),
        Rule(
            "BC217",
            "elementwise-scalar-operands",
            "if a result is non-scalar, then at least one operand must be non-scalar",
            "tosa.apply_scale (MLIR's Elementwise trait): a vector or tensor result from scalar operands only.",
            "%0 = tosa.apply_scale %v, %m, %s : (i32, i32, i8) -> tensor<2xi32>",
        ),
        Rule(
            "BC218",
            "elementwise-scalar-results",
            "if an operand is non-scalar, then there must be at least one non-scalar result",
            "tosa.apply_scale (MLIR's Elementwise trait): a vector or tensor operand with a scalar result.",
            "%0 = tosa.apply_scale %v, %m, %s : (tensor<2xi32>, i32, i8) -> i32",
        ),
        Rule(
            "BC219",
            "elementwise-same-shape",
            "all non-scalar operands/results must have the same shape and base type",
            "tosa.apply_scale (MLIR's Elementwise trait): its vector and tensor operands and result differ in kind "
            "(vector, ranked or unranked tensor) or shape; it does not broadcast.",
            "%0 = tosa.apply_scale %v, %m, %s : (tensor<2xi32>, tensor<3xi32>, i8) -> tensor<2xi32>",
        ),
        Rule(
            "BC220",
            "tosa-result-count",
            "expected {expected} results",
            "A TOSA op with several results (tosa.fft2d) has another number of results.",
            "%0 = tosa.fft2d %re, %im : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x8xf32>",
        ),
        Rule(
            "BC221",
            "tosa-float-results",
            "requires a floating point type",
            "tosa.fft2d's results are not floating-point (ResultsAreFloatLike).",
            "%0:2 = tosa.fft2d %re, %im : (tensor<1x4x8xi32>, tensor<1x4x8xi32>) -> (tensor<1x4x8xi32>, "
            "tensor<1x4x8xi32>)",
        ),
        Rule(
            "BC222",
            "tosa-fft-size",
            "expected {name} to be a power of two, got {size}",
            "tosa.fft2d: the height or width of its input is not a power of two.",
            "%0:2 = tosa.fft2d %re, %im : (tensor<1x3x8xf32>, tensor<1x3x8xf32>) -> (tensor<1x3x8xf32>, "
            "tensor<1x3x8xf32>)",
        ),
        Rule(
            "BC223",
            "tosa-table-rank",
            "input rank ({input}) does not match result rank ({result})",
            "tosa.table's result rank differs from its input's.",
            "%0 = tosa.table %x, %t : (tensor<2x3xi8>, tensor<256xi8>) -> tensor<6xi8>",
        ),
        Rule(
            "BC224",
            "tosa-table-shape",
            "dim(result, {dim}) = {result} doesn't match dim(input, {dim}) = {input}",
            "tosa.table: a static result size differs from the input's size (a dynamic input size, printed as "
            "-9223372036854775808, never matches).",
            "%0 = tosa.table %x, %t : (tensor<2x3xi8>, tensor<256xi8>) -> tensor<2x4xi8>",
        ),
        Rule(
            "BC225",
            "tosa-rescale-integer",
            "expect {name} to have integer element type, got '{type}'",
            "tosa.rescale's input or output is not an integer (or quantized integer) tensor.",
            "tosa.rescale %x, %m, %s, %izp, %ozp {...} : (tensor<2xf32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, "
            "tensor<1xi32>) -> tensor<2xi32>",
        ),
        Rule(
            "BC226",
            "tosa-rescale-zero-point",
            "expected {name} and {name}_zp to both be integer of the same bitwidth, but got '{x}' vs. '{y}'",
            "tosa.rescale: a zero point's width differs from its value's (storage) width.",
            "tosa.rescale %x, %m, %s, %izp, %ozp {...} : (tensor<2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, "
            "tensor<1xi32>) -> tensor<2xi32>",
        ),
        Rule(
            "BC227",
            "tosa-rescale-multiplier",
            "expect {width} element type for multiplier for scale32={scale32}, got '{type}'",
            "tosa.rescale: the multiplier is not i32 with scale32 = true, or not i16 with scale32 = false.",
            "tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, ...} : (tensor<2xi8>, tensor<1xi16>, ...) -> ...",
        ),
        Rule(
            "BC228",
            "tosa-rescale-per-channel-rank",
            "requires input to be at least rank 1 when per_channel is true, but got rank {rank}",
            "tosa.rescale per channel needs a channel dimension.",
            "tosa.rescale %x, %m, %s, %izp, %ozp {per_channel = true, ...} : (tensor<i8>, ...) -> tensor<i32>",
        ),
        Rule(
            "BC229",
            "tosa-rescale-channels",
            "expect shape of {{ {channels} }} for {name} input, got {{ {size} }}",
            "tosa.rescale: the multiplier or shift does not have one entry per channel (1 unless per_channel; a "
            "dynamic channel count prints as -9223372036854775808 and never matches).",
            "tosa.rescale %x, %m, %s, %izp, %ozp {per_channel = false, ...} : (tensor<2x3xi8>, tensor<2xi32>, ...) -> "
            "...",
        ),
        # ---- BC3xx: NumPy / Array API (semantics/numpy.py)
        Rule(
            "BC301",
            "numpy-operands-mismatch",
            "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg {first} with "
            "shape {first_shape} and arg {second} with shape {second_shape}.",
            "Operands do not broadcast under NumPy / Array API rules (NumPy's own message).",
            "\"np.add\"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>  (with --op 'np.*=numpy')",
            op_prefix=False,
        ),
        Rule(
            "BC302",
            "result-not-broadcast-shape",
            "result #{index} has shape {actual}, but the operands broadcast to {inferred}",
            "A result's rank or static sizes differ from the broadcast shape (NumPy, ONNX, XLA semantics).",
            '%0 = "onnx.Mul"(%a, %b) : (tensor<10x10xf32>, tensor<10x1xf32>) -> tensor<10x1xf32>',
        ),
        # ---- BC4xx: ONNX-MLIR (semantics/onnx.py)
        Rule(
            "BC401",
            "onnx-incompatible-dimensions",
            "[ShapeInferenceError] Incompatible dimensions",
            "Operands of an ONNX multidirectional-broadcasting op (Add, Where, Sum, ...) do not broadcast.",
            '%0 = "onnx.Add"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<*xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC402",
            "onnx-not-unidirectional",
            "operand #{index} of shape {shape} is not unidirectional broadcastable to shape {target}",
            "An operand that must broadcast one way (Gemm's C, PRelu's slope, LayerNormalization's Scale/B) does not.",
            '%0 = "onnx.PRelu"(%x, %s) : (tensor<3x4x5xf32>, tensor<4xf32>) -> tensor<3x4x5xf32>',
        ),
        Rule(
            "BC403",
            "onnx-expand-incompatible",
            "[ShapeInferenceError] Incompatible dimensions",
            "Expand's input does not broadcast with the values of its shape operand.",
            '%0 = "onnx.Expand"(%x, %s) : (tensor<2x1x6x1xf32>, tensor<2xi64>) -> tensor<*xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC404",
            "onnx-broadcast-e1",
            "operand #{index} has size {size} in dimension {dim}, which is neither the broadcast size {common} nor 1 "
            "(Broadcast error E1)",
            "The SONNX Broadcast op: an input size is neither the maximum over the inputs nor 1.",
            '%0:2 = "onnx.Broadcast"(%a, %b) : (tensor<2x2xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)',
        ),
        Rule(
            "BC405",
            "onnx-broadcast-c1",
            "result #{index} has element type {actual}, but operand #{index} has element type {expected} "
            "(Broadcast constraint C1)",
            "The SONNX Broadcast op: output Zm's element type differs from input Xm's.",
            '%0:2 = "onnx.Broadcast"(%a, %b) : (tensor<2x1xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)',
        ),
        Rule(
            "BC406",
            "onnx-broadcast-result-count",
            "expected {expected} results, one per operand, but found {count}",
            "The SONNX Broadcast op: the number of outputs differs from the number of inputs.",
            '%0 = "onnx.Broadcast"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>',
        ),
        Rule(
            "BC407",
            "onnx-matmul-rank",
            "[ShapeInferenceError] Input tensors of wrong rank (0).",
            "ONNX MatMul (MatMulInteger, QLinearMatMul): an operand is 0-d; matmul needs rank 1 or more.",
            '%0 = "onnx.MatMul"(%a, %b) : (tensor<f32>, tensor<3xf32>) -> tensor<*xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC408",
            "onnx-matmul-contraction",
            "[ShapeInferenceError] Incompatible dimensions for matrix multiplication",
            "ONNX MatMul: the last dim of A and the second-to-last of B (the contracted K) differ.",
            '%0 = "onnx.MatMul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<*xf32>',
            op_prefix=False,
        ),
        # ---- BC5xx: XLA, StableHLO, CHLO (semantics/xla.py, semantics/stablehlo.py)
        # BC501-BC509 are retired (no longer reported): CHLO's verifier accepts what they flagged, so
        # the same XLA rules are the warnings BC551-BC559.
        Rule(
            "BC501",
            "retired-xla-equal-rank",
            "Shapes must be equal rank, but are {smaller} and {larger}",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC551 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64>} : (tensor<2x3xf32>, tensor<3xf32>) "
            "-> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC502",
            "retired-xla-dims-size",
            "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is "
            "{rank}, size of broadcast_dimensions is {size}.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC552 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC503",
            "retired-xla-dim-negative",
            "Broadcast dimension number ({dim}) cannot be negative.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC553 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: -1>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC504",
            "retired-xla-dim-too-large",
            "Broadcast dimension number ({dim}) too large; higher-rank operand has rank {rank}.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC554 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC505",
            "retired-xla-dim-mismatch",
            "Broadcast dimension {index} mismatch: {small} != {large}; {smaller} and {larger}.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC555 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xf32>, "
            "tensor<3xf32>) -> tensor<4x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC506",
            "retired-xla-dims-order",
            "Broadcast dimensions order is wrong: {dim} comes after {previous}.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC556 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, "
            "tensor<4x3xf32>) -> tensor<2x3x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC507",
            "retired-xla-dims-not-identity",
            "Broadcast dimensions field must either be not set or be the identity on binary operations with "
            "operands of the same rank.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC557 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>, "
            "tensor<2x3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC508",
            "retired-xla-incompatible-shapes",
            "Binary op with incompatible shapes: {lhs} and {rhs}.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC558 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x2x5xf32>, "
            "tensor<7x2x6xf32>) -> tensor<7x2x6xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC509",
            "retired-xla-element-types",
            "Binary op {opcode} with different element types: {lhs} and {rhs}.",
            "Retired: CHLO accepts these broadcasts; reported as the warning BC559 instead.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, "
            "tensor<4xi32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC511",
            "broadcast-in-dim-size",
            "broadcast_dimensions size ({size}) does not match operand rank ({rank})",
            "stablehlo.broadcast_in_dim (C2): one dimension per operand dimension.",
            "%0 = stablehlo.broadcast_in_dim %v, dims = [2] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC512",
            "broadcast-in-dim-duplicates",
            "broadcast_dimensions should not have duplicates",
            "stablehlo.broadcast_in_dim (C4): the dimensions must be unique.",
            "%0 = stablehlo.broadcast_in_dim %v, dims = [2, 2] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC513",
            "broadcast-in-dim-range",
            "broadcast_dimensions contains invalid value {value} for result with rank {rank}",
            "stablehlo.broadcast_in_dim (C3): each dimension must be in [0, rank(result)).",
            "%0 = stablehlo.broadcast_in_dim %v, dims = [2, 5] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC514",
            "broadcast-in-dim-size-mismatch",
            "size of operand dimension {dim} ({size}) is not equal to 1 or size of result dimension {result_dim} "
            "({result_size})",
            "stablehlo.broadcast_in_dim (C5): an operand size is neither 1 nor the result size it maps to.",
            "%0 = stablehlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x2x2xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC515",
            "hlo-operand-count",
            "expected {expected} operands, but found {count}",
            "A StableHLO, MHLO or CHLO op has the wrong number of operands (its NOperands trait).",
            '%0 = "stablehlo.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC516",
            "hlo-single-operand",
            "requires a single operand",
            "A unary StableHLO op (abs, exponential, broadcast_in_dim, ...) has other than one operand.",
            '%0 = "stablehlo.abs"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC517",
            "hlo-compatible-types",
            "requires compatible types for all operands and results",
            "StableHLO's CompatibleOperandsAndResultType: a shape (with bounds) or element type differs from "
            "operand #0's.",
            '%0 = "stablehlo.atan2"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC518",
            "hlo-same-shape",
            "requires the same shape for all operands and results",
            "SameOperandsAndResultShape (stablehlo.add, convert, complex): ranks or static sizes differ.",
            '%0 = "stablehlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>',
        ),
        Rule(
            "BC519",
            "hlo-add-element-types",
            "op requires the same element type for all operands and results",
            "stablehlo.add's own verifier: the element types differ (StableHLO prints it without the op name).",
            '%0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC520",
            "hlo-elementwise",
            "all non-scalar operands/results must have the same shape and base type",
            "MLIR's Elementwise trait (stablehlo.abs, compare, is_finite, ...): the shapes are not compatible.",
            '%0 = "stablehlo.abs"(%a) : (tensor<2xf32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC521",
            "hlo-inferred-type",
            "inferred type(s) '{inferred}' are incompatible with return type(s) of operation '{actual}'",
            "The result type is not compatible with the type StableHLO or CHLO infers from the operands.",
            '%0 = "stablehlo.select"(%p, %a, %b) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC522",
            "hlo-size-above-bound",
            "Mismatched dimension size {size} and bound {bound} in dimension {dim}",
            "StableHLO's type inference: a static size is larger than another operand's bound for that dimension.",
            '%0 = "stablehlo.add"(%a, %b) : (tensor<4xf32>, tensor<?xf32, #stablehlo.bounds<3>>) -> tensor<?xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC523",
            "hlo-mismatched-sizes",
            "Mismatched dimension sizes {a} and {b} in dimension {dim}",
            "StableHLO's type inference: two static sizes of one dimension differ.",
            "(only reachable where no trait compares the shapes first)",
            op_prefix=False,
        ),
        Rule(
            "BC524",
            "hlo-same-operand-elements",
            "requires the same element type for all operands",
            "stablehlo.complex: the real and imaginary parts have different element types.",
            '%0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>',
        ),
        Rule(
            "BC525",
            "hlo-compatible-operand-elements",
            "requires compatible element types for all operands",
            "stablehlo.compare: the two operands' element types are not compatible.",
            '%0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>} : '
            "(tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>",
        ),
        Rule(
            "BC526",
            "hlo-compatible-elements",
            "requires compatible element types for all operands and results",
            "An element type differs (stablehlo.clamp, broadcast_in_dim, chlo.broadcast_add/maximum/minimum).",
            '%0 = "stablehlo.clamp"(%lo, %x, %hi) : (tensor<f64>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC527",
            "hlo-select-operands",
            "requires compatible types for non-predicate operands",
            "stablehlo.select: on_true and on_false differ in shape or element type.",
            '%0 = "stablehlo.select"(%p, %a, %b) : (tensor<i1>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC528",
            "hlo-select-predicate",
            "requires the same shape for all operands",
            "stablehlo.select: a predicate that is not a scalar must have the operands' shape.",
            '%0 = "stablehlo.select"(%p, %a, %b) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC529",
            "hlo-clamp-bound",
            "{which} shape [{shape}] is not scalar and is not compatible to operand shape [{operand}]",
            "stablehlo.clamp: min or max is neither a scalar nor the operand's shape ('?' prints as "
            "-9223372036854775808).",
            '%0 = "stablehlo.clamp"(%lo, %x, %hi) : (tensor<3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC530",
            "dynamic-broadcast-in-dim-elements",
            "expects operand and result to have compatible element type. Got: '{operand}' and '{result}'",
            "stablehlo.dynamic_broadcast_in_dim (C1): operand and result element types differ.",
            '%0 = "stablehlo.dynamic_broadcast_in_dim"(%v, %s) {broadcast_dimensions = array<i64: 1>} : '
            "(tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf64>",
            op_prefix=False,
        ),
        Rule(
            "BC531",
            "dynamic-broadcast-in-dim-rank",
            "result rank ({result}) is less than operand rank ({operand})",
            "stablehlo.dynamic_broadcast_in_dim (C3): the result has fewer dimensions than the operand.",
            '%0 = "stablehlo.dynamic_broadcast_in_dim"(%v, %s) {broadcast_dimensions = array<i64: 0, 1>} : '
            "(tensor<2x3xf32>, tensor<1xi64>) -> tensor<?xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC532",
            "dynamic-broadcast-in-dim-size",
            "size of operand dimension {dim} ({size}) is not compatible with size of result dimension "
            "{result_dim} ({result_size})",
            "stablehlo.dynamic_broadcast_in_dim (C5): a static operand size is neither 1 nor the result's size.",
            '%0 = "stablehlo.dynamic_broadcast_in_dim"(%v, %s) {broadcast_dimensions = array<i64: 1>} : '
            "(tensor<2xf32>, tensor<2xi64>) -> tensor<?x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC533",
            "dynamic-broadcast-in-dim-hints",
            "duplicate expansion hint for at least one operand dimension",
            "stablehlo.dynamic_broadcast_in_dim (C8): a dimension is named twice by the expansion hints.",
            '%0 = "stablehlo.dynamic_broadcast_in_dim"(%v, %s) {broadcast_dimensions = array<i64: 1>, '
            "known_expanding_dimensions = array<i64: 0, 0>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC534",
            "dynamic-broadcast-in-dim-hint-range",
            "hint for expanding dimension {dim} does not refer to a valid operand dimension",
            "stablehlo.dynamic_broadcast_in_dim (C9, C10): an expansion hint is not a dimension of the operand.",
            '%0 = "stablehlo.dynamic_broadcast_in_dim"(%v, %s) {broadcast_dimensions = array<i64: 1>, '
            "known_expanding_dimensions = array<i64: 1>} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x?xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC535",
            "same-element-type",
            "requires the same element type for all operands and results",
            "MLIR's SameOperandsAndResultElementType (chlo.broadcast_subtract, multiply, divide, ...).",
            "%0 = chlo.broadcast_multiply %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>",
        ),
        Rule(
            "BC536",
            "chlo-mismatched-operands",
            "mismatched operand types",
            "CHLO's type inference: the two operands (select: on_true and on_false) have different element types.",
            "%0 = chlo.broadcast_and %a, %b : (tensor<2xi32>, tensor<2xi8>) -> tensor<2xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC537",
            "dims-not-dense-array",
            "attribute '{name}' failed to satisfy constraint: i64 dense array attribute",
            "A broadcast_dimensions attribute written as dense<...> or [...] instead of array<i64: ...>.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = dense<1> : tensor<1xi64>} : "
            "(tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC538",
            "hlo-add-quantized-mix",
            "expects  all operands and results to be either quantized or non-quantized",
            "stablehlo.add: some operands or results are quantized and others are not (StableHLO's words, with "
            "its two spaces).",
            '%0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2xf32>) -> '
            "tensor<2x!quant.uniform<i8:f32, 1.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC539",
            "hlo-add-quantized-storage",
            "mismatched operands and result quantization storage types",
            "stablehlo.add (add_c3): quantized operands and result store in integers of different widths.",
            '%0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 1.0>>, '
            "tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC540",
            "hlo-add-quantized-expressed",
            "mismatched operands and result quantization expressed types",
            "stablehlo.add (add_c4): quantized operands and result express different float types.",
            '%0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 1.0>>, '
            "tensor<2x!quant.uniform<i8:f16, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC541",
            "hlo-add-per-axis-result",
            "result is not per_axis quantized but lhs or rhs are",
            "stablehlo.add (add_c5): a per-axis quantized operand with a per-tensor quantized result.",
            '%0 = "stablehlo.add"(%a, %a) : (tensor<1x!quant.uniform<i8:f32:0, {1.0:17}>>, '
            "tensor<1x!quant.uniform<i8:f32:0, {1.0:17}>>) -> tensor<1x!quant.uniform<i8:f32, 1.0:17>>",
            op_prefix=False,
        ),
        Rule(
            "BC542",
            "hlo-add-per-axis-operands",
            "result per_axis quantized but none from rhs and lhs are per_axis quantized",
            "stablehlo.add: a per-axis quantized result with per-tensor quantized operands.",
            '%0 = "stablehlo.add"(%a, %a) : (tensor<1x!quant.uniform<i8:f32, 1.0:17>>, '
            "tensor<1x!quant.uniform<i8:f32, 1.0:17>>) -> tensor<1x!quant.uniform<i8:f32:0, {1.0:17}>>",
            op_prefix=False,
        ),
        Rule(
            "BC543",
            "hlo-add-quantized-dimension",
            "quantization_dimension of {side} and result are not same '{operand}' vs '{result}'",
            "stablehlo.add (add_c6, add_c7): a per-axis quantized operand and the result quantize different "
            "dimensions.",
            '%0 = "stablehlo.add"(%a, %a) : (tensor<1x2x!quant.uniform<i8:f32:0, {1.0:17}>>, '
            "tensor<1x2x!quant.uniform<i8:f32:0, {1.0:17}>>) -> tensor<1x2x!quant.uniform<i8:f32:1, {1.0:17, 1.0:17}>>",
            op_prefix=False,
        ),
        Rule(
            "BC545",
            "broadcast-in-dim-quantization",
            "expect same quantization scale and zero_point but got '{operand}' vs '{result}'",
            "stablehlo.broadcast_in_dim (C1): per-tensor quantized operand and result with different scales or "
            "zero points.",
            "%0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> "
            "tensor<3x2x!quant.uniform<i8:f32, 2.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC546",
            "broadcast-in-dim-quantized-dimension",
            "result quantization_dimension {result} not same as broadcast_dimensions[{operand}] = {dim}",
            "broadcast_in_dim ops (C6): a per-axis quantized result must quantize the dimension the operand's "
            "quantized dimension maps to.",
            "%0 = stablehlo.broadcast_in_dim %v, dims = [1, 2] : (tensor<2x2x!quant.uniform<i8:f32:1, {0.5,0.7}>>) "
            "-> tensor<2x2x2x!quant.uniform<i8:f32:1, {0.5,0.7}>>",
            op_prefix=False,
        ),
        # CHLO lint: broadcasts CHLO accepts (it infers an unranked result) but XLA's client rules or
        # NumPy's forbid. Warnings: the real verifier accepts these ops.
        Rule(
            "BC551",
            "xla-equal-rank",
            "Shapes must be equal rank, but are {smaller} and {larger}",
            "Lint (XLA client rule; CHLO accepts the op): operands of different ranks with an empty "
            "broadcast_dimensions (only scalars broadcast implicitly).",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64>} : (tensor<2x3xf32>, tensor<3xf32>) "
            "-> tensor<2x3xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC552",
            "xla-dims-size",
            "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is "
            "{rank}, size of broadcast_dimensions is {size}.",
            "Lint (XLA client rule; CHLO accepts the op): broadcast_dimensions needs one entry per dimension of "
            "the lower-rank operand.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC553",
            "xla-dim-negative",
            "Broadcast dimension number ({dim}) cannot be negative.",
            "Lint (XLA client rule): a negative entry in broadcast_dimensions (CHLO reads out of bounds on it).",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: -1>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC554",
            "xla-dim-too-large",
            "Broadcast dimension number ({dim}) too large; higher-rank operand has rank {rank}.",
            "Lint (XLA client rule; CHLO accepts the op): a broadcast_dimensions entry is not a dimension of the "
            "higher-rank operand.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC555",
            "xla-dim-mismatch",
            "Broadcast dimension {index} mismatch: {small} != {large}; {smaller} and {larger}.",
            "Lint (XLA client rule; CHLO accepts the op): a mapped dimension's sizes differ and neither is 1.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xf32>, "
            "tensor<3xf32>) -> tensor<4x3xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC556",
            "xla-dims-order",
            "Broadcast dimensions order is wrong: {dim} comes after {previous}.",
            "Lint (XLA client rule; CHLO accepts the op): broadcast_dimensions must be strictly increasing.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x3xf32>, "
            "tensor<3x3xf32>) -> tensor<2x3x3xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC557",
            "xla-dims-not-identity",
            "Broadcast dimensions field must either be not set or be the identity on binary operations with "
            "operands of the same rank.",
            "Lint (XLA client rule; CHLO accepts the op): broadcast_dimensions on same-rank operands that is not "
            "the identity.",
            "%0 = chlo.broadcast_compare %a, %b {broadcast_dimensions = array<i64: 1>, comparison_direction = "
            "#chlo<comparison_direction EQ>} : (tensor<2x3x4xf64>, tensor<2x3x4xf64>) -> tensor<2x3x4xi1>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC558",
            "xla-incompatible-shapes",
            "Binary op with incompatible shapes: {lhs} and {rhs}.",
            "Lint (XLA client rule; CHLO accepts the op): same-rank operands whose sizes differ where neither is 1.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x2x5xf32>, "
            "tensor<7x2x6xf32>) -> tensor<*xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC559",
            "xla-element-types",
            "Binary op {opcode} with different element types: {lhs} and {rhs}.",
            "Lint (XLA client rule): the two operands' element types differ in XLA's eyes.",
            "(CHLO rejects different element types first; this fires only where CHLO calls them compatible)",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC560",
            "chlo-not-broadcastable",
            "incompatible shapes for broadcasting {a} and {b}",
            "Lint: without broadcast_dimensions (NumPy-style) the operands do not broadcast. CHLO infers an "
            "unranked result and verifies the op, printing this as a stray error at an operand.",
            "%0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC561",
            "chlo-bounded-with-static",
            "cannot mix bounded and static dimensions in broadcast",
            "Lint: a bounded dimension meets a static one of the same size. CHLO infers an unranked result and "
            "verifies the op, printing this as a stray error at an operand.",
            "%0 = chlo.broadcast_add %a, %b : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<4xf32>) -> tensor<?xf32>",
            severity="warning",
            op_prefix=False,
        ),
        # ---- BC6xx: Linalg (semantics/linalg.py) and Vector (semantics/vector.py)
        Rule(
            "BC601",
            "linalg-broadcast-rank",
            "input rank plus added dimensions does not match init rank. input rank: {input_rank}, dimensions size: "
            "{size}, init rank: {init_rank}",
            "linalg.broadcast: the input's rank plus the number of added dimensions differs from the init's rank.",
            "%r = linalg.broadcast ins(%x : tensor<16xf32>) outs(%y : tensor<16x64x3xf32>) dimensions = [1]",
        ),
        Rule(
            "BC602",
            "linalg-broadcast-dim-range",
            "dimension {index} is out of range. expected range: [0, {max}], got: {dim}",
            "linalg.broadcast: an added dimension is not a dimension of the init.",
            "%r = linalg.broadcast ins(%x : tensor<16xf32>) outs(%y : tensor<16x64xf32>) dimensions = [5]",
        ),
        Rule(
            "BC603",
            "linalg-broadcast-duplicates",
            "dimensions should not contain duplicates",
            "linalg.broadcast: the same added dimension is listed twice.",
            "%r = linalg.broadcast ins(%x : tensor<16xf32>) outs(%y : tensor<16x64x3xf32>) dimensions = [2, 2]",
        ),
        Rule(
            "BC604",
            "linalg-broadcast-dim-mismatch",
            "input dim {input_dim} should match init dim {init_dim}. input: {input}, init: {init}",
            "linalg.broadcast: an input dim differs from the init dim it maps to (a `?` matches only `?`, and "
            "MLIR prints it as -9223372036854775808).",
            "%r = linalg.broadcast ins(%x : tensor<4xf32>) outs(%y : tensor<5x64xf32>) dimensions = [1]",
        ),
        Rule(
            "BC605",
            "linalg-broadcast-element-type",
            "'linalg.yield' op type of yield operand {operand} ('{type}') doesn't match the element type of the "
            "enclosing linalg.generic op ('{element}')",
            "linalg.broadcast (pretty form): the input and init element types differ, so the region the parser "
            "builds yields the wrong type.",
            "%r = linalg.broadcast ins(%x : tensor<16xf32>) outs(%y : tensor<16x64xi32>) dimensions = [1]",
            op_prefix=False,
        ),
        Rule(
            "BC606",
            "linalg-tensor-results",
            "expected the number of tensor results ({results}) to be equal to the number of output tensors ({inits})",
            "A destination-style op (linalg.broadcast) needs one result per tensor init and none for a memref init.",
            '"linalg.broadcast"(%x, %y) <{dimensions = array<i64: 1>}> ({...}) : (tensor<16xf32>, '
            "tensor<16x64xf32>) -> ()",
        ),
        Rule(
            "BC607",
            "linalg-result-type",
            "expected type of operand #1 ('{init}') to match type of corresponding result ('{result}')",
            "A destination-style op (linalg.broadcast): the result's type differs from its init's.",
            '%r = "linalg.broadcast"(%x, %y) <{dimensions = array<i64: 1>}> ({...}) : (tensor<16xf32>, '
            "tensor<16x64xf32>) -> tensor<16x65xf32>",
        ),
        Rule(
            "BC608",
            "linalg-mixed-semantics",
            "expected to have pure tensor or buffer semantics",
            "A Linalg op (linalg.broadcast) mixes tensor and memref operands.",
            "linalg.broadcast ins(%x : memref<16xf32>) outs(%y : tensor<16x64xf32>) dimensions = [1]",
        ),
        Rule(
            "BC609",
            "operand-count",
            "expected {expected} operands, but found {count}",
            "An op with a fixed number of operands (linalg.broadcast: input and init) has another number.",
            '%r = "linalg.broadcast"(%x) <{dimensions = array<i64: 1>}> ({...}) : (tensor<16xf32>) -> '
            "tensor<16x64xf32>",
        ),
        Rule(
            "BC610",
            "missing-attribute",
            "requires attribute '{name}'",
            "An op lacks a required attribute (linalg.broadcast's dimensions).",
            '%r = "linalg.broadcast"(%x, %y) ({...}) : (tensor<16xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>',
        ),
        Rule(
            "BC611",
            "invalid-property",
            "invalid properties {{{name} = {value}}} for op {op_name}: Invalid attribute `{name}` in property "
            "conversion: {value}",
            "A property of the wrong kind in the generic form (linalg.broadcast's dimensions must be "
            "array<i64: ...>; [1] is the pretty form's spelling).",
            '%r = "linalg.broadcast"(%x, %y) <{dimensions = [1]}> ({...}) : (tensor<16xf32>, tensor<16x64xf32>) -> '
            "tensor<16x64xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC651",
            "vector-broadcast-rank",
            "source rank higher than destination rank",
            "vector.broadcast: the source vector has more dims than the result.",
            "%0 = vector.broadcast %v : vector<2x3xf32> to vector<3xf32>",
        ),
        Rule(
            "BC652",
            "vector-broadcast-dim-mismatch",
            "dimension mismatch ({source} vs. {result})",
            "vector.broadcast: a trailing source dim is neither 1 nor the result's; scalable dims ([4]) match only "
            "the same scalable dim, and only a fixed 1 stretches to one.",
            "%0 = vector.broadcast %v : vector<[1]xf32> to vector<[4]xf32>",
        ),
        Rule(
            "BC653",
            "vector-broadcast-source",
            "source type is not a vector",
            "vector.broadcast: the source is a tensor or memref (only scalars and vectors broadcast).",
            "%0 = vector.broadcast %t : tensor<4xf32> to vector<4xf32>",
        ),
        Rule(
            "BC654",
            "vector-broadcast-element-type",
            "failed to verify that source operand and result have same element type",
            "vector.broadcast: the source (or its elements) and the result's elements differ in type.",
            "%0 = vector.broadcast %s : i32 to vector<4xf32>",
        ),
        Rule(
            "BC655",
            "single-operand",
            "requires a single operand",
            "An op that takes exactly one operand (vector.broadcast) has none or several.",
            '%0 = "vector.broadcast"(%a, %b) : (f32, f32) -> vector<4xf32>',
        ),
        # ---- BC7xx: TensorFlow and TFLite (semantics/tf.py)
        Rule(
            "BC701",
            "tf-type-constraint",
            "{kind} #{index} must be {constraint}, but got '{type}'",
            "A tf/tfl op's operand or result is not a tensor of an element type its ODS definition allows.",
            '%0 = "tf.Atan2"(%a, %b) : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC702",
            "tf-operand-count",
            "expected {expected} operands, but found {count}",
            "A tf/tfl op has more or fewer operands than its definition takes.",
            '%0 = "tf.AddV2"(%a, %b, %c) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC703",
            "tf-bool-attribute",
            "attribute '{name}' failed to satisfy constraint: bool attribute",
            "tf.Equal/tf.NotEqual: incompatible_shape_error must be true or false.",
            '%0 = "tf.Equal"(%a, %b) {incompatible_shape_error = 1 : i64} : (tensor<3xf32>, tensor<3xf32>) '
            "-> tensor<3xi1>",
        ),
        Rule(
            "BC704",
            "tf-element-types",
            "requires compatible element types for all operands and results",
            "A tf op whose operands and result share one element type (refs resolved) mixes element types.",
            '%0 = "tf.Add"(%a, %b) : (tensor<3xf32>, tensor<3xf64>) -> tensor<3xf32>',
        ),
        Rule(
            "BC705",
            "tf-select-shapes",
            "requires t and e have compatible shapes",
            "tf.Select: the two value operands must have compatible shapes and element types (no broadcasting).",
            '%0 = "tf.Select"(%c, %t, %e) : (tensor<i1>, tensor<8x1xi32>, tensor<2x8x8xi32>) -> tensor<2x8x8xi32>',
        ),
        Rule(
            "BC706",
            "tf-select-scalar-values",
            "requires that t and e are nonscalar when pred is a vector",
            "tf.Select: a vector condition needs values of rank 1 or more.",
            '%0 = "tf.Select"(%c, %t, %e) : (tensor<2xi1>, tensor<i32>, tensor<i32>) -> tensor<2xi32>',
        ),
        Rule(
            "BC707",
            "tf-select-vector-size",
            "requires that, when pred is a vector, the shape matches the first dimension of t and e",
            "tf.Select: a vector condition must be as long as the values' first dimension.",
            '%0 = "tf.Select"(%c, %t, %e) : (tensor<3xi1>, tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>',
        ),
        Rule(
            "BC708",
            "tf-select-condition-rank",
            "requires that pred is a scalar OR has the same rank as t and e OR is a vector",
            "tf.Select: the condition's rank is neither 0, 1, nor the values' rank.",
            '%0 = "tf.Select"(%c, %t, %e) : (tensor<1x8xi1>, tensor<1x8x8xi32>, tensor<1x8x8xi32>) '
            "-> tensor<1x8x8xi32>",
        ),
        Rule(
            "BC711",
            "tfl-element-predicate",
            "failed to verify that {predicate}",
            "A tfl op's element-type constraint from its ODS definition fails (e.g. binary op operands differ).",
            '%0 = "tfl.sub"(%a, %b) {fused_activation_function = "NONE"} : (tensor<3xf32>, tensor<3xi32>) '
            "-> tensor<3xf32>",
        ),
        Rule(
            "BC712",
            "tfl-same-element-type",
            "requires the same element type for all operands and results",
            "tfl.bitwise_xor: operands and result must have one element type.",
            '%0 = "tfl.bitwise_xor"(%a, %b) : (tensor<3xi32>, tensor<3xi8>) -> tensor<3xi32>',
        ),
        Rule(
            "BC713",
            "tfl-prelu-alpha-rank",
            "'alpha' should have one less rank than 'input'.",
            "tfl.prelu: with static shapes, alpha must have one dimension less than the input.",
            '%0 = "tfl.prelu"(%x, %a) : (tensor<7x3x2x14xf32>, tensor<7x3x2x14xf32>) -> tensor<7x3x2x14xf32>',
        ),
        Rule(
            "BC714",
            "tfl-prelu-alpha-broadcast",
            "'alpha' is not broadcastable at dimension {dim}.",
            "tfl.prelu: an alpha size is neither 1 nor the input's size in the next dimension.",
            '%0 = "tfl.prelu"(%x, %a) : (tensor<2x1x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>',
        ),
        Rule(
            "BC715",
            "tfl-prelu-output-rank",
            "'input' and 'output' should have the same rank.",
            "tfl.prelu: with static shapes, the output must have the input's rank.",
            '%0 = "tfl.prelu"(%x, %a) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<1x2x3xf32>',
        ),
        Rule(
            "BC716",
            "tfl-prelu-output-shape",
            "'input' and 'output' should have the same shape.",
            "tfl.prelu: with static shapes, the output must have the input's shape.",
            '%0 = "tfl.prelu"(%x, %a) : (tensor<1x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>',
        ),
        Rule(
            "BC717",
            "tfl-same-scale",
            "quantization parameters violate the same scale constraint: {expected} vs. {actual}",
            "tfl.maximum/minimum/select_v2: every quantized operand and the result must have the same quantized "
            "type (SameOperandsAndResultsScale).",
            '%0 = "tfl.maximum"(%a, %b) : (tensor<3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, '
            "0.25>>) -> tensor<3x!quant.uniform<i8:f32, 0.5>>",
        ),
        Rule(
            "BC720",
            "tfl-runtime-broadcast-rank",
            "failed to verify that {description}",
            "The TFLite runtime broadcasts only up to a rank (4, 5 or 6 by op); the converter's runtime "
            "verification rejects higher-rank broadcasts. A warning: the tfl verifier itself accepts the op.",
            '%0 = "tfl.less"(%a, %b) : (tensor<2x1x3x4x5xf32>, tensor<1x2x3x4x5xf32>) -> tensor<2x2x3x4x5xi1>',
            severity="warning",
        ),
        # ---- BC9xx: --verify-diagnostics
        Rule(
            "BC901",
            "expected-not-produced",
            'expected {kind} "{text}" was not produced',
            "--verify-diagnostics: an expected-* annotation matched no diagnostic.",
            "// expected-error @+1 {{operands don't have broadcast-compatible shapes}}",
            op_prefix=False,
        ),
        Rule(
            "BC902",
            "unexpected-diagnostic",
            "unexpected {kind}: {text}",
            "--verify-diagnostics: a diagnostic was produced that no annotation expects.",
            '"test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>',
            op_prefix=False,
        ),
        Rule(
            "BC903",
            "wrong-diagnostic-kind",
            "'{actual}' diagnostic emitted when expecting a '{expected}'",
            "--verify-diagnostics: the text matched but the kind (error, warning, note) did not.",
            "// expected-warning {{operands don't have broadcast-compatible shapes}}",
            op_prefix=False,
        ),
        Rule(
            "BC904",
            "bad-annotation",
            "{detail}",
            "--verify-diagnostics: an expected-* annotation cannot be read (e.g. a bad regex).",
            "// expected-error-re {{operands {{[a-z+}}}}",
            op_prefix=False,
        ),
        Rule(
            "BC905",
            "split-marker-near-miss",
            "near miss with file split marker",
            "--split-input-file: a line looks like the split marker but is not exactly it.",
            "// ----",
            severity="warning",
            op_prefix=False,
        ),
    )
}

# Notes and help lines attached to diagnostics; not codes of their own.
NOTES: Mapping[str, str] = {
    "dim-clash": (
        "operand #{index} has shape {shape}: its dimension {dim} ({a}) does not broadcast with {b}, "
        "from the shape {so_far} of the operands before it"
    ),
    "inferred": "the operands broadcast to {shape}",
    "broadcast-clash": (
        "operand #{first} has shape {first_shape} and operand #{second} has shape {second_shape}: "
        "sizes {a} and {b} do not broadcast"
    ),
    "matmul-contraction": (
        "operand #{first} has shape {first_shape} and operand #{second} has shape {second_shape}: "
        "the contracted sizes {a} and {b} differ"
    ),
    "expand-clash": "the input shape {input} does not broadcast with the target shape {target}: sizes {a} and {b}",
    "help-result": "the result type should be {type}",
    "lint-only": "the dialect's own verifier accepts this op; the Broadcastable document does not (--profile spec)",
    "spec-rank": "the spec profile requires the result's rank to equal the broadcast rank",
    "spec-dynamic": "the spec profile forbids a static result size where the inferred size is dynamic",
}


def note(key: str, **args: object) -> str:
    """The text of a note or help line."""
    return NOTES[key].format(**args)
