"""The message catalogue: every code broadcheck reports, with its wording.

This is the only place diagnostic text is written. It feeds the diagnostics,
``broadcheck rules``, SARIF rule descriptions and the docs. Where MLIR, TOSA or
mlir-opt has a message for a problem, the template is that message, word for
word (including MLIR's "operands's"), so users can grep for what they know.
Codes are stable: a code's meaning never changes; retired codes are not reused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "note"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One diagnostic code and how it reads."""

    code: str
    name: str
    template: str
    summary: str
    example: str
    severity: Severity = "error"
    op_prefix: bool = True
    """Whether MLIR prints the message after ``'<op.name>' op ``."""

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
            '"tf.AddV2"(%a, %b) : (vector<4xf32>, tensor<4xf32>) -> tensor<4xf32>',
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
            '"tf.AddV2"(%a, %b) : (tensor<4xf32>, f32) -> tensor<4xf32>',
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
            "A unary TOSA op (abs, exp, clamp, ...) changes the shape (SameOperandsAndResultShape).",
            "tosa.abs %a : (tensor<4xf32>) -> tensor<1x4xf32>",
        ),
        # ---- BC3xx: NumPy / Array API (semantics/numpy.py)
        Rule(
            "BC301",
            "numpy-operands-mismatch",
            "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg {first} with "
            "shape {first_shape} and arg {second} with shape {second_shape}.",
            "Operands do not broadcast under NumPy / Array API rules (NumPy's own message).",
            "%0 = chlo.broadcast_select %p, %a, %b : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>",
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
        # ---- BC5xx: XLA, StableHLO, CHLO (semantics/xla.py, semantics/stablehlo.py)
        Rule(
            "BC501",
            "xla-equal-rank",
            "Shapes must be equal rank, but are {smaller} and {larger}",
            "XLA: operands of different ranks without broadcast_dimensions (only scalars broadcast implicitly).",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64>} : (tensor<2x3xf32>, tensor<3xf32>) "
            "-> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC502",
            "xla-dims-size",
            "Size of broadcast_dimensions has to match lower-rank operand's rank;  lower-rank operand's rank is "
            "{rank}, size of broadcast_dimensions is {size}.",
            "XLA: broadcast_dimensions needs one entry per dimension of the lower-rank operand.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC503",
            "xla-dim-negative",
            "Broadcast dimension number ({dim}) cannot be negative.",
            "XLA: a negative entry in broadcast_dimensions.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: -1>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC504",
            "xla-dim-too-large",
            "Broadcast dimension number ({dim}) too large; higher-rank operand has rank {rank}.",
            "XLA: a broadcast_dimensions entry is not a dimension of the higher-rank operand.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, "
            "tensor<3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC505",
            "xla-dim-mismatch",
            "Broadcast dimension {index} mismatch: {small} != {large}; {smaller} and {larger}.",
            "XLA: a mapped dimension's sizes differ and neither is 1.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<4x3xf32>, "
            "tensor<3xf32>) -> tensor<4x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC506",
            "xla-dims-order",
            "Broadcast dimensions order is wrong: {dim} comes after {previous}.",
            "XLA: broadcast_dimensions must be strictly increasing.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, "
            "tensor<4x3xf32>) -> tensor<2x3x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC507",
            "xla-dims-not-identity",
            "Broadcast dimensions field must either be not set or be the identity on binary operations with "
            "operands of the same rank.",
            "XLA: broadcast_dimensions on same-rank operands that is not the identity.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>, "
            "tensor<2x3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC508",
            "xla-incompatible-shapes",
            "Binary op with incompatible shapes: {lhs} and {rhs}.",
            "XLA: same-rank operands whose sizes differ where neither is 1.",
            "%0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x2x5xf32>, "
            "tensor<7x2x6xf32>) -> tensor<7x2x6xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC509",
            "xla-element-types",
            "Binary op {opcode} with different element types: {lhs} and {rhs}.",
            "XLA: the two operands of a binary op have different element types (XLA's first check).",
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
    "expand-clash": "the input shape {input} does not broadcast with the target shape {target}: sizes {a} and {b}",
    "help-result": "the result type should be {type}",
    "lint-only": "the dialect's own verifier accepts this op; the Broadcastable document does not (--profile spec)",
    "spec-rank": "the spec profile requires the result's rank to equal the broadcast rank",
    "spec-dynamic": "the spec profile forbids a static result size where the inferred size is dynamic",
}


def note(key: str, **args: object) -> str:
    """The text of a note or help line."""
    return NOTES[key].format(**args)
