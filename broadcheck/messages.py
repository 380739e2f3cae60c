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
    "help-result": "the result type should be {type}",
    "spec-rank": "the spec profile requires the result's rank to equal the broadcast rank",
    "spec-dynamic": "the spec profile forbids a static result size where the inferred size is dynamic",
}


def note(key: str, **args: object) -> str:
    """The text of a note or help line."""
    return NOTES[key].format(**args)
