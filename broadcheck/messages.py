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
            "MLIR's parser rejects the text, in its words, where it stops: an op that broadcheck checks, "
            "a function's head, or a type written anywhere (docs/diagnostics.md).",
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
            "BC016",
            "definition-type-mismatch",
            "definition of SSA value '{name}#{number}' has type '{type}'",
            "A value is defined with another type than a use before its definition gave it (mlir-opt's parser "
            "rejects it).",
            "%1 = tosa.abs %0 : (tensor<3xf32>) -> tensor<3xf32> then %0 = ... -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC017",
            "invalid-result-number",
            "reference to invalid result number",
            "A use names a result its op does not have (%0#2 of an op with two results).",
            "%0:2 = ... then %1 = tosa.abs %0#2 : ...",
            op_prefix=False,
        ),
        Rule(
            "BC018",
            "entry-argument-in-use",
            "region entry argument '{name}' is already in use",
            "A region's entry argument (a function's argument, scf.for's induction variable, ...) reuses a "
            "name defined or used before it (mlir-opt's parser rejects it).",
            "func.func @f(%a: f32) { scf.for %a = %lb to %ub step %s { ... } }",
            op_prefix=False,
        ),
        Rule(
            "BC019",
            "value-from-outside",
            "using value defined outside the region",
            "An op inside an IsolatedFromAbove op (a function's body) uses a value defined outside it (MLIR's "
            "verifier rejects it).",
            "%g = arith.constant 1.0 : f32 then, in a func.func, %0 = arith.addf %g, %a : f32",
        ),
        Rule(
            "BC020",
            "block-redefinition",
            "redefinition of block '{label}'",
            "A region defines a block label twice (mlir-opt's parser rejects it).",
            "^bb1(%x: f32): ... then ^bb1(%y: f32): in the same region",
            op_prefix=False,
        ),
        Rule(
            "BC021",
            "undefined-block",
            "reference to an undefined block",
            "A branch names a block its region does not define (mlir-opt's parser rejects it).",
            "cf.br ^bb9 where no ^bb9 follows",
            op_prefix=False,
        ),
        Rule(
            "BC022",
            "branch-operand-count",
            "branch has {count} operands for successor #{successor}, but target block has {expected}",
            "A branch passes another number of values than its successor block takes (the branch's verifier).",
            "cf.br ^bb1(%a, %a : f32, f32) to ^bb1(%x: f32):",
            op_prefix=False,
        ),
        Rule(
            "BC023",
            "branch-operand-type",
            "type mismatch for bb argument #{index} of successor #{successor}",
            "A branch passes a value of another type than its successor block's argument (the branch's verifier).",
            "cf.br ^bb1(%a : tensor<4x3xf32>) to ^bb1(%x: tensor<?x3xf32>):",
            op_prefix=False,
        ),
        Rule(
            "BC024",
            "call-undefined-function",
            "'{callee}' does not reference a valid function",
            "A call names a function the module does not define or declare (func.call's symbol check).",
            "func.call @missing(%a) : (f32) -> f32",
        ),
        Rule(
            "BC025",
            "call-count",
            "incorrect number of {what} for callee: expected {expected}, but got {got}",
            "A call passes (or binds) another number of operands (results) than its callee takes (returns).",
            "func.call @f(%a, %a) : (f32, f32) -> f32 where @f takes one f32",
        ),
        Rule(
            "BC026",
            "call-operand-type",
            "operand type mismatch: expected operand type '{expected}', but provided '{provided}' for operand "
            "number {index}",
            "A call's operand type differs from its callee's argument type (func.call's symbol check).",
            "func.call @f(%a) : (tensor<4xf32>) -> f32 where @f takes tensor<?xf32>",
        ),
        Rule(
            "BC027",
            "call-result-type",
            "result type mismatch at index {index}",
            "A call's result type differs from its callee's result type (func.call's symbol check).",
            "%r = func.call @f(%a) : (f32) -> f64 where @f returns f32",
        ),
        Rule(
            "BC028",
            "region-yield-type",
            "{detail}",
            "What a region of scf.if, scf.for, scf.while or scf.execute_region yields does not fit where control "
            "goes (their region-branch verifier).",
            "%r = scf.if %c -> (f32) { scf.yield %d : f64 } ...",
        ),
        Rule(
            "BC034",
            "symbol-redefinition",
            "redefinition of symbol named '{name}'",
            "Two ops of a module's own region define the same symbol (two functions of one name, or a function "
            "and a tosa.variable): the symbol table's check (verifySymbolTable), at the second, with a note at "
            "the first; it then checks no call. A nested module has its own table.",
            "func.func private @f()  func.func private @f()",
            op_prefix=False,
        ),
        Rule(
            "BC035",
            "terminator-not-last",
            "must be the last operation in the parent block",
            "A terminator (func.return, scf.yield, stablehlo.return, cf.br, ...) has another op after it in its "
            "block (the IsTerminator trait's verifier, at the terminator).",
            "return %a : tensor<2xf32>  %0 = arith.addf %b, %b : f32  }",
        ),
        Rule(
            "BC036",
            "successors-not-last",
            "operation with block successors must terminate its parent block",
            "A branch (cf.br, cf.cond_br, cf.switch) has another op after it in its block (MLIR's verifier, before "
            "the op's own).",
            "cf.br ^bb1  %0 = arith.addf %b, %b : f32  ^bb1: ...",
            op_prefix=False,
        ),
        Rule(
            "BC040",
            "scf-if-else",
            "must have an else block if defining values",
            "An scf.if with results and no else region.",
            "%r = scf.if %c -> (f32) { scf.yield %a : f32 }",
        ),
        Rule(
            "BC041",
            "scf-for-yield-count",
            "different number of region iter_args and yielded values: {iter} != {yielded}",
            "scf.for's body yields another number of values than it has iter_args (LoopLikeOpInterface).",
            "%r = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (f32) { scf.yield %x, %x : f32, f32 }",
        ),
        Rule(
            "BC029",
            "operand-not-dominating",
            "operand #{index} does not dominate this use",
            "An op uses a value its definition does not dominate: defined later in the block, in a block that "
            "does not dominate the use's, in a region that does not enclose it, or as a result of the op around "
            "it (MLIR's dominance verifier; it reports only the first, once every op verified).",
            "%1 = arith.addf %0, %0 : f32 before %0 = arith.constant 1.0 : f32",
            op_prefix=False,
        ),
        Rule(
            "BC030",
            "unknown-op",
            "custom op '{name}' is unknown{tried}",
            "An op name its dialect does not define (in the version broadcheck follows), in the custom form: "
            "the dialect's parser rejects it. A name without a dialect in a function's body is tried in "
            "'func' too, and the message says so.",
            "%0 = tosa.ad %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC031",
            "unregistered-op",
            "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations",
            "An op name its dialect does not define, in the generic form, of a dialect that allows no unknown "
            "operations (MLIR's verifier rejects it).",
            '%0 = "tosa.ad"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC032",
            "no-custom-form",
            "custom op '{name}' has no custom assembly form",
            "An op that has only the generic form is written in a custom form (the parser rejects it).",
            '%0 = stablehlo.dot %a, %b : ...   (only "stablehlo.dot"(%a, %b) parses)',
            op_prefix=False,
        ),
        Rule(
            "BC033",
            "parse-follow-up",
            "{detail}",
            "What MLIR's parser emits after a syntax error (BC001) for the same failure, on the same op: an "
            "enum attribute's parser adds 'failed to parse ... parameter' to the enum's own error.",
            "%0 = stablehlo.compare XX, %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>",
            op_prefix=False,
        ),
        Rule(
            "BC005",
            "unbalanced",
            "{detail}",
            "A region or statement is not closed before the end of the file (or split chunk), or a '}' closes "
            "nothing: mlir-opt's parser rejects the file.",
            "func.func @f() {   (and no closing '}')",
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
        # ---- BC230-: TOSA's structural ops (dialects/tosa/structural.py)
        Rule(
            "BC230",
            "tosa-attribute-bounds",
            "expect all {what} values to be >= {bound}, got {values}",
            "A TOSA convolution's or pool's pad, stride, dilation or kernel has a value below its bound.",
            "tosa.conv2d ... pad([-1, 0, 0, 0]) ...",
        ),
        Rule(
            "BC231",
            "tosa-conv-divisible",
            "expected input_{dim} - 1 + pad_{before} + pad_{after} - (kernel_{dim} - 1) * dilation_{axis} to be "
            "wholly divisible by stride_{axis}, got ({i} - 1 + {pb} + {pa} - ({k} - 1) * {d}) / {s}",
            "A TOSA convolution's padded input, less its dilated kernel, is not a whole number of strides.",
            "tosa.conv2d %x, %w, ... stride([2, 2]) : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, ...) -> ...",
        ),
        Rule(
            "BC232",
            "tosa-output-size",
            "calculated output {dim} did not match expected: calculated={calculated}, expected={expected}",
            "A TOSA convolution's or pool's result height, width or depth is not the one its input, kernel, padding, "
            "stride and dilation give.",
            "tosa.conv2d ... : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, ...) -> tensor<1x7x6x4xf32>",
        ),
        Rule(
            "BC233",
            "tosa-bias-channels",
            "bias channels expected to be equal to output channels ({out}) or 1, got {bias}",
            "A TOSA convolution's bias has neither one entry per output channel nor one.",
            "tosa.conv2d ... : (..., tensor<5xf32>, ...) -> tensor<1x6x6x4xf32>",
        ),
        Rule(
            "BC234",
            "tosa-bias-result-type",
            "expect both bias and result to have same element type, got '{a}' and '{b}'",
            "A float TOSA convolution's bias and result differ in element type.",
            "tosa.conv2d ... : (..., tensor<4xf32>, ...) -> tensor<1x6x6x4xf16>",
        ),
        Rule(
            "BC235",
            "tosa-conv-float",
            "expect both input and weight to be float or not together, got '{a}' and '{b}'",
            "A TOSA convolution mixes a float input with an integer weight or the reverse.",
            "tosa.conv2d %x, %w, ... : (tensor<1x8x8x3xi8>, tensor<4x3x3x3xf32>, ...) -> ...",
        ),
        Rule(
            "BC236",
            "tosa-conv-fp8",
            "expect both input and weight to have same element type, got '{a}' and '{b}'",
            "A TOSA convolution with an fp8 input or weight has different input and weight element types.",
            "tosa.conv2d %x, %w, ... : (tensor<1x8x8x3xf8E5M2>, tensor<4x3x3x3xf8E4M3FN>, ...) -> ...",
        ),
        Rule(
            "BC237",
            "tosa-transpose-conv-out-pad",
            "expected out_pad_{side} > -{name}, but got: out_pad_{side}={pad} and {name}={kernel}",
            "tosa.transpose_conv2d's out_pad removes a whole kernel or more.",
            "tosa.transpose_conv2d ... out_pad([-5, 0, 0, 0]) ... : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, ...) "
            "-> ...",
        ),
        Rule(
            "BC238",
            "tosa-transpose-conv-size",
            "dimension mismatch: expected {o} == ({i} - 1) * stride_{axis} + out_pad_{a} + out_pad_{b} + {kname}, but "
            "got {out} != ({isize} - 1) * {stride} + {pa} + {pb} + {k}",
            "tosa.transpose_conv2d's result height or width is not the one its input, stride, out_pad and kernel give.",
            "tosa.transpose_conv2d ... : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, ...) -> tensor<1x11x10x4xf32>",
        ),
        Rule(
            "BC239",
            "tosa-pool-padding",
            "expected {side} padding to be less than the {dim} of the kernel, got pad_{a}={x}, pad_{b}={y}, "
            "kernel_{axis}={k}",
            "A TOSA pool pads a side by a kernel or more.",
            "tosa.max_pool2d %x kernel([2, 2]) stride([1, 1]) pad([2, 1, 0, 0]) : ...",
        ),
        Rule(
            "BC240",
            "tosa-pool-divisible",
            "expected input_{dim} + pad_{before} + pad_{after} - kernel_{axis} to be wholly divisible by "
            "stride_{axis}, got ({i} + {pb} + {pa} - {k}) / {s}",
            "A TOSA pool's padded input, less its kernel, is not a whole number of strides.",
            "tosa.avg_pool2d %x, ... kernel([3, 3]) stride([2, 2]) ... : (tensor<1x8x8x3xf32>, ...) -> ...",
        ),
        Rule(
            "BC241",
            "tosa-accumulator",
            "accumulator type for {input} tensor is not {acc}",
            "tosa.avg_pool2d's acc_type does not suit its input (i32 for integers, f32 for f32 and bf16, f16 or f32 "
            "for f16).",
            "tosa.avg_pool2d %x, ... acc_type(i32) : (tensor<1x8x8x3xf32>, ...) -> ...",
        ),
        Rule(
            "BC242",
            "tosa-matmul-quantized",
            "expect operands to be both quantized or both not quantized, got '{a}' and '{b}'",
            "tosa.matmul multiplies a quantized operand by a plain one.",
            "tosa.matmul %a, %b, ... : (tensor<2x3x4x!quant.uniform<i8:f32, 0.1>>, tensor<2x4x5xi8>, ...) -> ...",
        ),
        Rule(
            "BC243",
            "tosa-matmul-zero-point",
            "expect input {name} and {name}_zp have the same element type, got '{x}' and '{y}'",
            "tosa.matmul: a zero point's element type is not its operand's (storage) type.",
            "tosa.matmul %a, %b, %azp, %bzp : (tensor<2x3x4xf32>, tensor<2x4x5xf32>, tensor<1xi8>, tensor<1xf32>) -> "
            "...",
        ),
        Rule(
            "BC244",
            "tosa-matmul-channels",
            "expected channels of b to match size {size}, got {got}",
            "tosa.matmul: b's rows are not as many as a's columns.",
            "tosa.matmul %a, %b, ... : (tensor<2x3x4xf32>, tensor<2x5x5xf32>, ...) -> tensor<2x3x5xf32>",
        ),
        Rule(
            "BC245",
            "tosa-matmul-batch",
            "expected batch dimensions of a and b to be broadcast compatible, got a=[{a}] and b=[{b}]",
            "tosa.matmul: the batch dims of a and b do not broadcast.",
            "tosa.matmul %a, %b, ... : (tensor<2x3x4xf32>, tensor<3x4x5xf32>, ...) -> tensor<2x3x5xf32>",
        ),
        Rule(
            "BC246",
            "tosa-matmul-rank",
            "expected output rank of at least {rank}, got {got}",
            "tosa.matmul's result has fewer dims than an operand.",
            "tosa.matmul %a, %b, ... : (tensor<1x2x3x4xf32>, tensor<2x4x5xf32>, ...) -> tensor<2x3x5xf32>",
        ),
        Rule(
            "BC247",
            "tosa-transpose-perms-size",
            "expected perms attribute to have size {rank} ({which} rank) but got size {size}",
            "tosa.transpose's perms has another length than its input (or output) has dims.",
            "tosa.transpose %x perms([0, 3, 1]) : (tensor<1x8x8x3xf32>) -> tensor<1x3x8xf32>",
        ),
        Rule(
            "BC248",
            "tosa-transpose-ranks",
            "expected input tensor rank to equal result tensor rank",
            "tosa.transpose changes the rank.",
            "tosa.transpose %x perms([0, 3, 1, 2]) : (tensor<1x8x8x3xf32>) -> tensor<1x3x8xf32>",
        ),
        Rule(
            "BC249",
            "tosa-transpose-perms",
            "expected valid permutation indices",
            "tosa.transpose's perms is not a permutation of its dims.",
            "tosa.transpose %x perms([0, 3, 1, 1]) : (tensor<1x8x8x3xf32>) -> tensor<1x3x8x8xf32>",
        ),
        Rule(
            "BC250",
            "tosa-predicate",
            "failed to verify that {description}",
            "A TOSA op breaks an ODS predicate relating its types (tosa.transpose's element types, tosa.const's "
            "literal against its type).",
            "%0 = tosa.const values(dense<[1.0, 2.0]> : tensor<2xf32>) : () -> tensor<3xf32>",
        ),
        Rule(
            "BC251",
            "tosa-transpose-elements",
            "expected input1 and output to have same numbers of elements, got {a} and {b}",
            "tosa.transpose between static shapes of different element counts.",
            "tosa.transpose %x perms([0, 3, 1, 2]) : (tensor<1x8x8x3xf32>) -> tensor<1x3x8x7xf32>",
        ),
        Rule(
            "BC252",
            "tosa-transpose-dim",
            "expected output tensor dim {i} to match input dim {p} with value of {size}",
            "tosa.transpose's result dim is not the input dim its perms name.",
            "tosa.transpose %x perms([1, 0]) : (tensor<2x3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC253",
            "tosa-reshape-inferred-dims",
            "expected at most one target dimension to be -1",
            "tosa.reshape's constant shape has more than one -1.",
            "tosa.reshape %x, %s : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<3x2xf32>   // %s = [-1, -1]",
        ),
        Rule(
            "BC254",
            "tosa-reshape-rank",
            "new shape does not match result rank",
            "tosa.reshape's constant shape has another length than its result has dims.",
            "tosa.reshape %x, %s : (tensor<2x3xf32>, !tosa.shape<1>) -> tensor<3x2xf32>   // %s = [6]",
        ),
        Rule(
            "BC255",
            "inferred-type-incompatible",
            "inferred type(s) '{inferred}' are incompatible with return type(s) of operation '{actual}'",
            "An op that infers its result type (tosa.concat, tosa.reduce_*) has a result of another element type or "
            "an incompatible shape.",
            "tosa.reduce_sum %x axis(0) : (tensor<2x3xf32>) -> tensor<1x4xf32>",
        ),
        Rule(
            "BC256",
            "tosa-reshape-shape",
            "new shape is inconsistent with result shape",
            "tosa.reshape's constant shape differs from a static size of its result.",
            "tosa.reshape %x, %s : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<2x3xf32>   // %s = [3, 2]",
        ),
        Rule(
            "BC257",
            "tosa-reshape-size",
            "new shape has invalid tensor dimension size {size}",
            "tosa.reshape's constant shape has a size below -1.",
            "tosa.reshape %x, %s : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<?x?xf32>   // %s = [-2, 3]",
        ),
        Rule(
            "BC258",
            "tosa-reshape-elements",
            "cannot reshape {a} elements into {b}",
            "tosa.reshape between static shapes (or to a constant shape) of another element count.",
            "tosa.reshape %x, %s : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<3x3xf32>   // %s = [3, 3]",
        ),
        Rule(
            "BC259",
            "tosa-concat-axis",
            "expect axis to be within range 0 < axis < rank(input1[firstRankedTensorIdx]), got {axis}",
            "tosa.concat's axis is not a dim of its inputs.",
            "tosa.concat %a, %a axis(2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>",
        ),
        Rule(
            "BC260",
            "tosa-concat-ranks",
            "expect all operands to have the same rank, but got {a} vs {b} on operands 0 and {i}",
            "tosa.concat joins tensors of different ranks.",
            "tosa.concat %a, %b axis(0) : (tensor<2x3xf32>, tensor<2x3x1xf32>) -> ...",
        ),
        Rule(
            "BC261",
            "tosa-concat-sizes",
            "expect all operand shapes to have the same sizes on non-axis dimensions, but got {a} vs {b} at index {i} "
            "on operands 0 and {n}",
            "tosa.concat joins tensors whose static sizes differ off the axis.",
            "tosa.concat %a, %b axis(0) : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>",
        ),
        Rule(
            "BC262",
            "tosa-concat-output-rank",
            "expect output rank to match inputs rank, got {a} vs {b}",
            "tosa.concat's result has another rank than its inputs.",
            "tosa.concat %a, %a axis(1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6x1xf32>",
        ),
        Rule(
            "BC263",
            "tosa-concat-sum",
            "requires sum of axis dimensions of input1 equal to output axis dimension, got {a} and {b}",
            "tosa.concat's result size on the axis is not the sum of its inputs'.",
            "tosa.concat %a, %a axis(0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>",
        ),
        Rule(
            "BC264",
            "tosa-slice-length",
            "length of {what} is not equal to rank of input shape",
            "tosa.slice's constant start or size has another length than its input has dims.",
            "tosa.slice %x, %start, %size : (tensor<2x3xf32>, !tosa.shape<2>, !tosa.shape<1>) -> ...",
        ),
        Rule(
            "BC265",
            "tosa-slice-output",
            "expected output shape to match size values, got '{type}' vs [{sizes}]",
            "tosa.slice's result is not the shape of its constant size.",
            "tosa.slice %x, %start, %size : (...) -> tensor<1x2xf32>   // %size = [1, 1]",
        ),
        Rule(
            "BC266",
            "tosa-slice-bounds",
            "start + size must be less than or equal to input dimension size, got start={start}, size={size} vs input "
            "dim size={dim} at dimension {i}",
            "tosa.slice reads past a static dim of its input.",
            "tosa.slice %x, %start, %size : (tensor<2x3xf32>, ...) -> tensor<1x1xf32>   // %start = [2, 2]",
        ),
        Rule(
            "BC267",
            "tosa-pad-length",
            "padding tensor must have {rank} * 2 = {n} elements, but got {got}",
            "tosa.pad's constant padding does not have two entries per dim.",
            "tosa.pad %x, %p, %c : (tensor<2x3xf32>, !tosa.shape<2>, tensor<1xf32>) -> ...",
        ),
        Rule(
            "BC268",
            "tosa-pad-values",
            "invalid padding values at dimension {i}: values must be non-negative or -1 for dynamic padding, got "
            "[{lo}, {hi}]",
            "tosa.pad's constant padding has a negative value other than -1.",
            "tosa.pad %x, %p, %c : ...   // %p = [0, -2, 2, 0]",
        ),
        Rule(
            "BC269",
            "tosa-pad-output",
            "mismatch in output shape at dimension {i}: expected {d} + {lo} + {hi} = {e}, but got {got}",
            "tosa.pad's result is not its input padded by the constant padding.",
            "tosa.pad %x, %p, %c : (tensor<2x3xf32>, ...) -> tensor<3x6xf32>   // %p = [0, 1, 2, 0]",
        ),
        Rule(
            "BC270",
            "tosa-tile-multiples-rank",
            "expect 'multiples' to have rank {rank} but got {got}.",
            "tosa.tile's multiples (its !tosa.shape<N> type) has another length than its input has dims.",
            "tosa.tile %x, %m : (tensor<2x3xf32>, !tosa.shape<1>) -> ...",
        ),
        Rule(
            "BC271",
            "tosa-tile-ranks",
            "input rank ({a}) does not match output rank ({b})",
            "tosa.tile changes the rank.",
            "tosa.tile %x, %m : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<4x6x1xf32>",
        ),
        Rule(
            "BC290",
            "tosa-pad-ranks",
            "input rank ({a}) does not match output rank ({b})",
            "tosa.pad's result has another rank than its input.",
            "tosa.pad %x, %p, %c : (tensor<1x3xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<1xf32>",
        ),
        Rule(
            "BC291",
            "tosa-reverse-negative-axis",
            "expected non-negative reverse axis",
            "tosa.reverse's axis is negative (its verifier takes no axis from the end).",
            "tosa.reverse %x axis(-1) : (tensor<2x3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC292",
            "tosa-reverse-axis-range",
            "expect input tensor rank ({rank}) to be larger than reverse axis ({axis})",
            "tosa.reverse's axis is not a dim of its ranked input.",
            "tosa.reverse %x axis(2) : (tensor<2x3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC272",
            "tosa-tile-multiples-length",
            "expect 'multiples' array to have length {rank} but got {got}.",
            "tosa.tile of an unranked input: the multiples have another length than the result has dims.",
            "tosa.tile %x, %m : (tensor<*xf32>, !tosa.shape<2>) -> tensor<4x6x1xf32>",
        ),
        Rule(
            "BC273",
            "tosa-tile-multiples",
            "expect element of 'multiples' to be positive integer or -1.",
            "tosa.tile's constant multiples has a 0 or a negative value other than -1.",
            "tosa.tile %x, %m : ...   // %m = [0, 2]",
        ),
        Rule(
            "BC274",
            "tosa-reduce-negative-axis",
            "reduce axis must not be negative",
            "A TOSA reduction with a negative axis.",
            "tosa.reduce_sum %x axis(-1) : (tensor<2x3xf32>) -> tensor<2x1xf32>",
        ),
        Rule(
            "BC275",
            "tosa-reduce-axis",
            "expect input tensor rank ({rank}) to be larger than reduce axis ({axis})",
            "A TOSA reduction's axis is not a dim of its input.",
            "tosa.reduce_sum %x axis(2) : (tensor<2x3xf32>) -> tensor<2x1xf32>",
        ),
        Rule(
            "BC276",
            "tosa-reduce-ranks",
            "expect output tensor rank to be equal to input tensor rank",
            "A TOSA reduction drops (or adds) a dim; the reduced dim stays, as 1.",
            "tosa.reduce_sum %x axis(1) : (tensor<2x3xf32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC277",
            "tosa-reduce-output-axis",
            "expect output tensor rank ({rank}) to be larger than reduce axis ({axis})",
            "A TOSA reduction of an unranked input: the axis is not a dim of its result.",
            "tosa.reduce_sum %x axis(2) : (tensor<*xf32>) -> tensor<2x1xf32>",
        ),
        Rule(
            "BC278",
            "tosa-reduce-size",
            "expect reduced dimension size to be 1, got {size}",
            "A TOSA reduction's result is not 1 on the reduced dim.",
            "tosa.reduce_sum %x axis(1) : (tensor<2x3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC279",
            "tosa-argmax-integer",
            "result tensor is not of integer type",
            "tosa.argmax's result is not an integer tensor.",
            "tosa.argmax %x axis(1) : (tensor<2x3xf32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC280",
            "tosa-argmax-axis",
            "specified axis is outside the rank of the tensor",
            "tosa.argmax's axis is not a dim of its input.",
            "tosa.argmax %x axis(2) : (tensor<2x3xf32>) -> tensor<2xi32>",
        ),
        Rule(
            "BC281",
            "tosa-argmax-shape",
            "expected output shape '{expected}', got '{actual}'",
            "tosa.argmax's result is not its input without the axis dim.",
            "tosa.argmax %x axis(1) : (tensor<2x3xf32>) -> tensor<3xi32>",
        ),
        Rule(
            "BC282",
            "tosa-gather-dims",
            "requires {what} dimension {i} to have size {size}, got {got}",
            "tosa.gather or tosa.scatter: a dim differs from the size the other operands give (N, K, W, C).",
            "tosa.gather %v, %i : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x4xf32>",
        ),
        Rule(
            "BC283",
            "tosa-rfft-width",
            "expected output width to be equal to input_width / 2 + 1, got {got}",
            "tosa.rfft2d's results are not W / 2 + 1 wide.",
            "%0:2 = tosa.rfft2d %x : (tensor<1x8x8xf32>) -> (tensor<1x8x4xf32>, tensor<1x8x4xf32>)",
        ),
        Rule(
            "BC284",
            "tosa-rfft-outputs",
            "expected output shapes to match, got '{a}', '{b}'",
            "tosa.rfft2d's two results differ in shape.",
            "%0:2 = tosa.rfft2d %x : (tensor<1x8x8xf32>) -> (tensor<1x8x5xf32>, tensor<1x4x5xf32>)",
        ),
        Rule(
            "BC285",
            "tosa-rfft-batch-height",
            "expected batch and height dimensions of input/output to match, got input='{a}' output='{b}'",
            "tosa.rfft2d's results differ from its input in batch or height.",
            "%0:2 = tosa.rfft2d %x : (tensor<1x8x8xf32>) -> (tensor<2x8x5xf32>, tensor<2x8x5xf32>)",
        ),
        Rule(
            "BC286",
            "tosa-scatter-sizes",
            "requires dimensions K >= W, got K={k} and W={w}",
            "tosa.scatter writes more rows (W) than its values have (K).",
            "tosa.scatter %v, %i, %x : (tensor<2x1x3xf32>, tensor<2x2xi32>, tensor<2x2x3xf32>) -> tensor<2x1x3xf32>",
        ),
        Rule(
            "BC287",
            "tosa-const-element-type",
            "expected same attr/result element types",
            "tosa.const's literal has another element type than its result.",
            "%0 = tosa.const values(dense<1.0> : tensor<2xf32>) : () -> tensor<2xi32>",
        ),
        Rule(
            "BC288",
            "tosa-resize-scale",
            "expect all scale values to be > 0, got {values}",
            "tosa.resize's constant scale has a value that is not positive.",
            "tosa.resize %x, %scale, %offset, %border mode<BILINEAR> : ...   // %scale = [0, 1, 2, 1]",
        ),
        Rule(
            "BC289",
            "tosa-resize-divisible",
            "expected (input_{dim} - 1) * scale_{axis}_n - offset_{axis} + border_{axis} to be wholly divisible by "
            "scale_{axis}_d, got (({i} - 1) * {n} - {o} + {b}) / {d}",
            "tosa.resize's scaled input size is not a whole number of output steps.",
            "tosa.resize %x, %scale, %offset, %border mode<BILINEAR> : (tensor<1x8x8x3xf32>, ...) -> ...   "
            "// %scale = [3, 2, 2, 1]",
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
        # ---- MHLO's own (semantics/mhlo.py)
        Rule(
            "BC562",
            "attribute-constraint",
            "attribute '{name}' failed to satisfy constraint: {constraint}",
            "An inherent attribute breaks its ODS constraint (MHLO: broadcast_dimensions must be an i64 "
            "elements attribute, exponent_bits a positive i32, comparison_direction an #mhlo enum).",
            '%0 = "mhlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> '
            "tensor<2x3xf32>",
        ),
        Rule(
            "BC563",
            "mhlo-no-custom-form",
            "custom op '{op_name}' has no custom assembly form",
            "An op that has no custom (pretty) form is written in one: MHLO's broadcast_in_dim, "
            "dynamic_broadcast_in_dim, broadcast and stochastic_convert take the generic form only.",
            "%0 = mhlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC564",
            "invalid-properties",
            "invalid properties {properties} for op {op_name}: Invalid attribute `{name}` in property conversion: "
            "{value}",
            "A property in <{...}> is not of the kind the op stores (MHLO's broadcast_dimensions is "
            "dense<...> : tensor<Nxi64>, not array<i64: ...>); MLIR prints the whole property dictionary.",
            '%0 = "mhlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> '
            "tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC565",
            "all-shapes-match",
            "failed to verify that all of {{{names}}} have same shape",
            "MLIR's AllShapesMatch (mhlo.stochastic_convert): the shapes differ (a ? matches only a ?).",
            '%0 = "mhlo.stochastic_convert"(%x, %r) : (tensor<2xf32>, tensor<3xui32>) -> tensor<2xi8>',
        ),
        Rule(
            "BC566",
            "stochastic-convert-bits",
            "requires the random's bitwidth to match the operand's, but got: {random} and {operand}",
            "mhlo.stochastic_convert: the random bits are not as wide as the operand's element type.",
            '%0 = "mhlo.stochastic_convert"(%x, %r) : (tensor<2xf32>, tensor<2xui8>) -> tensor<2xi8>',
        ),
        Rule(
            "BC567",
            "broadcast-sizes-rank",
            "broadcast_sizes has rank {rank} instead of required rank 1.",
            "mhlo.broadcast: broadcast_sizes is not a 1-D elements attribute.",
            '%0 = "mhlo.broadcast"(%x) {broadcast_sizes = dense<[[3]]> : tensor<1x1xi64>} : (tensor<2xf32>) -> '
            "tensor<3x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC568",
            "broadcast-negative-size",
            "Broadcast with negative dimension size {size}",
            "mhlo.broadcast: a broadcast size is negative.",
            '%0 = "mhlo.broadcast"(%x) {broadcast_sizes = dense<-3> : tensor<1xi64>} : (tensor<2xf32>) -> '
            "tensor<3x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC569",
            "elements-literal-integer-for-float",
            "unexpected decimal integer literal for a floating point value",
            "The parser: a dense literal of a float type holds a decimal integer (at the integer).",
            "%0 = stablehlo.constant dense<[1.0, 2]> : tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC570",
            "elements-literal-float-for-integer",
            "expected integer elements, but parsed floating-point",
            "The parser: a dense literal of an integer type holds a float (at the float).",
            "%0 = stablehlo.constant dense<[1, 2.5]> : tensor<2xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC571",
            "transpose-rank",
            "TransposeOp operand rank {rank} does not match permutation size {size}",
            "stablehlo.transpose: the permutation has another length than the operand's rank.",
            "%0 = stablehlo.transpose %a, dims = [1, 0, 2] : (tensor<2x3xf32>) -> tensor<3x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC572",
            "transpose-permutation",
            "attribute permutation must be a permutation of [{range}] but got {permutation}",
            "stablehlo.transpose: the permutation is not one of the operand's dimensions.",
            "%0 = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC573",
            "reshape-elements",
            "number of output elements ({result}) doesn't match expected number of elements ({operand})",
            "stablehlo.reshape: static operand and result hold different numbers of elements.",
            "%0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<5xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC574",
            "reverse-unique",
            "dimensions should be unique. Got: {dims}",
            "stablehlo.reverse (C2): a dimension is named twice.",
            "%0 = stablehlo.reverse %a, dims = [0, 0] : tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC575",
            "reverse-negative",
            "all dimensions should be non-negative. Got dimension: {dim}.",
            "stablehlo.reverse (C3): a negative dimension.",
            "%0 = stablehlo.reverse %a, dims = [-1] : tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC576",
            "reverse-range",
            "all dimensions should be between [0, {rank}). Got dimension: {dim}.",
            "stablehlo.reverse (C3): a dimension beyond the operand's rank.",
            "%0 = stablehlo.reverse %a, dims = [2] : tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC577",
            "slice-start-count",
            "the number of elements in start_indices ({size}) does not match the rank of the operand ({rank})",
            "stablehlo.slice (C2): one start index per operand dimension.",
            "%0 = stablehlo.slice %a [0:1] : (tensor<2x3xf32>) -> tensor<1xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC578",
            "slice-negative-start",
            "negative start index {start} in dimension {dim}",
            "stablehlo.slice (C3): a start index below 0.",
            '%0 = "stablehlo.slice"(%a) {start_indices = array<i64: -1>, limit_indices = array<i64: 1>, strides = '
            "array<i64: 1>} : (tensor<2xf32>) -> tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC579",
            "slice-limit",
            "limit index {limit} is larger than dimension {what} {size} in dimension {dim}",
            "stablehlo.slice (C3): a limit beyond the operand's size (or its bound).",
            "%0 = stablehlo.slice %a [0:3] : (tensor<2xf32>) -> tensor<3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC580",
            "slice-start-above-limit",
            "start index {start} is larger than limit index {limit} in dimension {dim}",
            "stablehlo.slice (C3): a start index above its limit.",
            "%0 = stablehlo.slice %a [2:1] : (tensor<2xf32>) -> tensor<0xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC581",
            "slice-stride",
            "stride must be positive but got {stride} in dimension {dim}",
            "stablehlo.slice (C4): a stride of 0 or less.",
            "%0 = stablehlo.slice %a [0:2:0] : (tensor<2xf32>) -> tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC582",
            "iota-scalar",
            "does not support scalars.",
            "stablehlo.iota: the result is 0-d.",
            "%0 = stablehlo.iota dim = 0 : tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC583",
            "iota-dimension",
            "iota dimension cannot go beyond the output rank.",
            "stablehlo.iota (C1): the dimension is not one of the result's.",
            "%0 = stablehlo.iota dim = 2 : tensor<3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC584",
            "concatenate-rank-0",
            "rank-0 values cannot be concatenated",
            "stablehlo.concatenate: the inputs are 0-d.",
            "%0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<f32>, tensor<f32>) -> tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC585",
            "concatenate-dimension",
            "dimension {dim} is out-of-bounds for input rank {rank}",
            "stablehlo.concatenate (C4): the dimension is not one of the inputs'.",
            "%0 = stablehlo.concatenate %a, %a, dim = 2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC586",
            "concatenate-ranks",
            "operands (0) and ({index}) do not match rank",
            "stablehlo.concatenate (C2): an input's rank differs from the first input's.",
            "%0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<4x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC587",
            "concatenate-shapes",
            "shapes of operand (0) and ({index}) are not compatible at non-concat index {dim}: ({first}) != ({shape})",
            "stablehlo.concatenate (C2): sizes differ outside the concatenated dimension ('?' prints as "
            "-9223372036854775808).",
            "%0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC588",
            "dynamic-slice-sizes",
            "has mismatched number of slice sizes ({sizes}) and number of start indices ({starts})",
            "stablehlo.dynamic_slice (C2): one slice size per start index.",
            "%0 = stablehlo.dynamic_slice %a, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>) -> tensor<1x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC589",
            "dynamic-slice-rank",
            "has mismatched number of start indices ({starts}) and the rank of operand ({rank})",
            "stablehlo.dynamic_slice (C2): one start index per operand dimension.",
            "%0 = stablehlo.dynamic_slice %a, %i, sizes = [1] : (tensor<2x3xf32>, tensor<i32>) -> tensor<1xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC590",
            "start-indices-element",
            "start indices must have same element type",
            "stablehlo.dynamic_slice, dynamic_update_slice: the start indices have different element types.",
            "%0 = stablehlo.dynamic_slice %a, %i, %j, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i64>) "
            "-> tensor<1x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC591",
            "dynamic-slice-negative",
            "has negative size index to dynamic slice: {size}",
            "stablehlo.dynamic_slice (C4): a negative slice size.",
            "%0 = stablehlo.dynamic_slice %a, %i, sizes = [-1] : (tensor<2xf32>, tensor<i32>) -> tensor<1xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC592",
            "dynamic-slice-size",
            "has slice size {size} greater than dimension size {dim_size} in dimension {dim} of operand",
            "stablehlo.dynamic_slice (C4): a slice larger than the operand.",
            "%0 = stablehlo.dynamic_slice %a, %i, sizes = [3] : (tensor<2xf32>, tensor<i32>) -> tensor<3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC593",
            "dynamic-update-slice-rank",
            "update rank does not match operand rank: {update} vs {operand}.",
            "stablehlo.dynamic_update_slice (C3): the update's rank differs from the operand's.",
            "%0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<1x1xf32>, tensor<i32>) -> "
            "tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC594",
            "dynamic-update-slice-starts",
            "expects number of start_indices to match operand rank: {starts} vs {rank}.",
            "stablehlo.dynamic_update_slice (C4): one start index per operand dimension.",
            "%0 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<4xf32>, tensor<1xf32>, tensor<i32>, "
            "tensor<i32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC595",
            "dynamic-update-slice-size",
            "expects size at dimension {dim} of update to be in range [0, {size}]. Got: {update}.",
            "stablehlo.dynamic_update_slice (C6): the update is larger than the operand.",
            "%0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<5xf32>, tensor<i32>) -> "
            "tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC596",
            "pad-rank",
            "edge_padding_low length ({size}) must match operand rank ({rank})",
            "stablehlo.pad (C2): one padding per operand dimension.",
            "%0 = stablehlo.pad %a, %z, low = [0], high = [0], interior = [0] : (tensor<2x3xf32>, tensor<f32>) -> "
            "tensor<2x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC597",
            "pad-interior",
            "Interior padding cannot be negative: {value}",
            "stablehlo.pad (C3): a negative interior padding.",
            "%0 = stablehlo.pad %a, %z, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> "
            "tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC598",
            "pad-negative-size",
            "Padding result in negative {what} for dimension {dim}",
            "stablehlo.pad (C4): negative paddings leave less than nothing.",
            "%0 = stablehlo.pad %a, %z, low = [-2], high = [-1], interior = [0] : (tensor<2xf32>, tensor<f32>) -> "
            "tensor<0xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC599",
            "broadcast-negative",
            "Broadcast with negative dimension size {size}",
            "stablehlo.broadcast: a negative size.",
            "%0 = stablehlo.broadcast %a, sizes = [-1] : (tensor<2xf32>) -> tensor<1x2xf32>",
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
            "A Linalg body yields a value of another type than its init's element type (reported at the "
            "linalg.yield); for linalg.broadcast and linalg.transpose, whose body the parser builds, the input's "
            "element type is not the init's (reported at the op).",
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
            "An op lacks a required attribute (linalg.broadcast's dimensions, a Linalg op's in the generic form, a "
            "generic func.call's callee).",
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
        # ---- BC612-BC650: Tensor (dialects/tensor), with what Linalg and Vector share
        Rule(
            "BC612",
            "shaped-type-constraint",
            "{kind} #{index} must be {constraint}, but got '{type}'",
            "A Tensor, Linalg or Vector op's operand or result breaks its ODS type constraint (the generic form; the "
            "custom form's parser rejects these first).",
            '%0 = "tensor.cast"(%t) : (tensor<4xf32>) -> vector<4xf32>',
        ),
        Rule(
            "BC613",
            "failed-predicate",
            "failed to verify that {description}",
            "A Tensor, Linalg or Vector op breaks an ODS predicate relating its types (TypesMatchWith, AllTypesMatch, "
            "...).",
            '%0 = "tensor.extract"(%t, %i) : (tensor<4xf32>, index) -> i32',
        ),
        Rule(
            "BC614",
            "slice-rank",
            "expected rank to be smaller or equal to the other rank. ",
            "A slice (tensor.extract_slice, insert_slice) has more dims than its sizes give.",
            "%0 = tensor.extract_slice %t[0, 0] [1, 4] [1, 1] : tensor<8x16xf32> to tensor<4x1x1xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC615",
            "slice-size",
            "expected type to be '{expected}' or a rank-reduced version. (size mismatch) ",
            "A slice's type is neither the type its sizes give nor that type with unit dims dropped.",
            "%0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x5xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC616",
            "slice-element",
            "expected element type to be '{element}'",
            "A slice's element type differs from its source's (or dest's).",
            "%0 = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC617",
            "slice-offset-bounds",
            "offset {dim} is out-of-bounds: {offset} >= {size}",
            "A static offset of a slice is not inside the static dim it indexes (verifyInBoundsSlice).",
            "%0 = tensor.extract_slice %t[8, 0] [0, 4] [1, 1] : tensor<8x16xf32> to tensor<0x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC618",
            "slice-bounds",
            "slice along dimension {dim} runs out-of-bounds: {last} >= {size}",
            "A static slice ends past the static dim it reads (offset + (size - 1) * stride).",
            "%0 = tensor.extract_slice %t[6, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC619",
            "slice-list-ranks",
            "expected mixed {a} rank to match mixed {b} rank ({x} vs {y}) so the rank of the result type is "
            "well-formed.",
            "A slice's offsets, sizes and strides lists differ in length (ViewLikeInterface).",
            "%0 = tensor.extract_slice %t[0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC620",
            "slice-list-length",
            "expected {count} {name} values, got {got}",
            "A slice's offsets, sizes or strides list does not have one entry per dim of the sliced type.",
            "%0 = tensor.extract_slice %t[0, 0, 0] [4, 4, 1] [1, 1, 1] : tensor<8x16xf32> to tensor<4x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC621",
            "slice-negative",
            "expected {name} to be non-negative, but got {value}",
            "A slice's static offset or size is negative.",
            "%0 = tensor.extract_slice %t[-1, 0] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC622",
            "dynamic-size-count",
            "incorrect number of dynamic sizes, has {has}, expected {expected}",
            "An op that builds a shaped value (tensor.empty, splat, generate, expand_shape) takes another number of "
            "size operands than its type has ? dims.",
            "%0 = tensor.empty() : tensor<4x?xf32>",
        ),
        Rule(
            "BC623",
            "operand-count-at-least",
            "expected {expected} or more operands, but found {count}",
            "An op with variadic operands has fewer than its fixed ones (the generic form).",
            '%0 = "tensor.extract"() : () -> f32',
        ),
        Rule(
            "BC624",
            "cast-incompatible",
            "operand type '{a}' and result type '{b}' are cast incompatible",
            "tensor.cast or tensor.bitcast between types whose shapes are not compatible (equal ranks, ? matching any "
            "size) or whose element types differ (tensor.cast) or differ in width (tensor.bitcast).",
            "%0 = tensor.cast %t : tensor<4x?xf32> to tensor<5x5xf32>",
        ),
        Rule(
            "BC625",
            "extract-indices",
            "incorrect number of indices for extract_element",
            "tensor.extract takes another number of indices than its tensor has dims.",
            "%0 = tensor.extract %t[%i] : tensor<4x4xf32>",
        ),
        Rule(
            "BC626",
            "insert-indices",
            "incorrect number of indices",
            "tensor.insert takes another number of indices than its dest has dims.",
            "%0 = tensor.insert %f into %t[%i] : tensor<4x4xf32>",
        ),
        Rule(
            "BC627",
            "reshape-ranks",
            "expected the expanded type, '{expanded}' to have a higher (or same) rank than the collapsed type, "
            "'{collapsed}'.",
            "A tensor.expand_shape or collapse_shape whose expanded type has fewer dims than its collapsed type.",
            "%0 = tensor.collapse_shape %t [[0], [1]] : tensor<6x4xf32> into tensor<6x4x1xf32>",
        ),
        Rule(
            "BC628",
            "reshape-groups",
            "expected collapsed rank ({rank}) to equal the number of reassociation maps ({count}).",
            "A reshape's reassociation has another number of groups than the collapsed type has dims.",
            "%0 = tensor.collapse_shape %t [[0], [1]] : tensor<6x4xf32> into tensor<24xf32>",
        ),
        Rule(
            "BC629",
            "reshape-scalar-elements",
            "number of elements must be preserved: {a} != {b}",
            "A reshape to or from a 0-d tensor of a static type with more than one element.",
            "%0 = tensor.collapse_shape %t [] : tensor<6x4xf32> into tensor<f32>",
        ),
        Rule(
            "BC630",
            "reshape-group-size",
            "expected reassociation map #{index} to have size equal to the expanded rank ({rank}), but it is  {size}.",
            "A reshape's reassociation does not name every expanded dim (or names more).",
            "%0 = tensor.collapse_shape %t [[0]] : tensor<6x4xf32> into tensor<24xf32>",
        ),
        Rule(
            "BC631",
            "reshape-contiguous",
            "expected reassociation map #{index} to be valid and contiguous.",
            "A reshape's reassociation groups are not consecutive runs of dims in order.",
            "%0 = tensor.collapse_shape %t [[1, 0]] : tensor<6x4xf32> into tensor<24xf32>",
        ),
        Rule(
            "BC632",
            "reshape-dynamic-dim",
            "expected dimension {dim} of collapsed type to be dynamic since one or more of the corresponding "
            "dimensions in the expanded type is dynamic",
            "A reshape's collapsed dim is static while a dim of its group in the expanded type is ?.",
            "%0 = tensor.collapse_shape %t [[0, 1]] : tensor<?x4xf32> into tensor<24xf32>",
        ),
        Rule(
            "BC633",
            "reshape-static-dim",
            "expected dimension {dim} of collapsed type to be static value of {size}",
            "A reshape's collapsed dim is not the product of the static expanded dims of its group.",
            "%0 = tensor.collapse_shape %t [[0, 1]] : tensor<6x4xf32> into tensor<25xf32>",
        ),
        Rule(
            "BC634",
            "reshape-collapsed-type",
            "expected collapsed type to be '{expected}', but got '{actual}'",
            "A reshape changes the element type.",
            "%0 = tensor.collapse_shape %t [[0, 1]] : tensor<6x4xf32> into tensor<24xi32>",
        ),
        Rule(
            "BC635",
            "expand-output-rank",
            "expected number of static shape dims to be equal to the output rank ({rank}) but found {count} inputs "
            "instead",
            "tensor.expand_shape's output_shape has another length than its result has dims.",
            "%0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3] : tensor<6x4xf32> into tensor<2x3x4xf32>",
        ),
        Rule(
            "BC636",
            "expand-output-shape",
            "invalid output shape provided at pos {pos}",
            "tensor.expand_shape's output_shape differs from a static size of its result.",
            "%0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x5xf32>",
        ),
        Rule(
            "BC637",
            "tensor-reshape-element-type",
            "element types of source and destination tensor types should be the same",
            "tensor.reshape changes the element type.",
            "%0 = tensor.reshape %t(%s) : (tensor<6x4xf32>, tensor<2xi64>) -> tensor<3x8xi32>",
        ),
        Rule(
            "BC638",
            "tensor-reshape-elements",
            "source and destination tensor should have the same number of elements",
            "tensor.reshape between static shapes of different element counts.",
            "%0 = tensor.reshape %t(%s) : (tensor<6x4xf32>, tensor<2xi64>) -> tensor<3x9xf32>",
        ),
        Rule(
            "BC639",
            "tensor-reshape-shape",
            "length of shape operand differs from the result's tensor rank",
            "tensor.reshape's static shape operand has another length than the result has dims.",
            "%0 = tensor.reshape %t(%s) : (tensor<6x4xf32>, tensor<3xi64>) -> tensor<3x8xf32>",
        ),
        Rule(
            "BC640",
            "pad-lengths",
            "failed to infer expectedType from sourceType '{source}', specified resultType is '{result}'",
            "tensor.pad's low or high list has another length than its source has dims.",
            "%0 = tensor.pad %t low[1] high[3, 4] {...} : tensor<6x4xf32> to tensor<10x10xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC641",
            "pad-type",
            "specified type '{result}' does not match the inferred type '{expected}'",
            "tensor.pad's result is not its source padded by its static low and high sizes (a ? result dim where the "
            "size is known is a mismatch too).",
            "%0 = tensor.pad %t low[1, 2] high[3, 4] {...} : tensor<6x4xf32> to tensor<10x11xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC642",
            "pad-block-arguments",
            "expected the block to have {rank} arguments",
            "tensor.pad's body does not take one index per dim.",
            "%0 = tensor.pad %t low[1, 2] high[3, 4] { ^bb0(%a: index): ... } : tensor<6x4xf32> to tensor<10x10xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC643",
            "pad-block-index",
            "expected block argument {index} to be an index",
            "tensor.pad's body takes an argument that is not an index.",
            "%0 = tensor.pad %t low[1, 2] high[3, 4] { ^bb0(%a: index, %b: i32): ... } : tensor<6x4xf32> to "
            "tensor<10x10xf32>",
        ),
        Rule(
            "BC644",
            "pad-yield",
            "expected yield type to match shape element type",
            "tensor.pad's body yields another type than the result's element type.",
            "%0 = tensor.pad %t low[1, 2] high[3, 4] { ... tensor.yield %z : i32 } : tensor<6x4xf32> to "
            "tensor<10x10xf32>",
        ),
        Rule(
            "BC645",
            "concat-rank",
            "rank of concatenated inputs must match result rank",
            "tensor.concat joins tensors of another rank than its result's.",
            "%0 = tensor.concat dim(0) %t, %s : (tensor<6x4xf32>, tensor<2xf32>) -> tensor<8x4xf32>",
        ),
        Rule(
            "BC646",
            "concat-element-type",
            "inputs and result element type must match",
            "tensor.concat joins tensors of another element type than its result's.",
            "%0 = tensor.concat dim(0) %t, %t : (tensor<6x4xf32>, tensor<6x4xf32>) -> tensor<12x4xi32>",
        ),
        Rule(
            "BC647",
            "concat-dim",
            "concatenation dim must be less than the tensor rank",
            "tensor.concat's dim is not a dim of its result.",
            "%0 = tensor.concat dim(2) %t, %t : (tensor<6x4xf32>, tensor<6x4xf32>) -> tensor<6x8xf32>",
        ),
        Rule(
            "BC648",
            "concat-sizes",
            "static concatenation size mismatch along non-concatenated dimension {dim}",
            "tensor.concat joins tensors whose static sizes differ off the joined dim.",
            "%0 = tensor.concat dim(0) %t, %u : (tensor<6x4xf32>, tensor<6x5xf32>) -> tensor<12x4xf32>",
        ),
        Rule(
            "BC649",
            "gather-dims",
            "{word}_dims {detail}",
            "tensor.gather's gather_dims or tensor.scatter's scatter_dims is empty, too long, not one entry per last "
            "index dim, out of range or not increasing.",
            "%0 = tensor.gather %src[%x] gather_dims([]) : (tensor<4x5x6xf32>, tensor<2x5x1xindex>) -> "
            "tensor<2x5x4x1x6xf32>",
        ),
        Rule(
            "BC650",
            "gather-type",
            "{what} type mismatch: expected '{full}' or its rank-reduced variant '{reduced}' (got: '{actual}')",
            "tensor.gather's result (tensor.scatter's source) is not the type the indices and dims give.",
            "%0 = tensor.gather %src[%x] gather_dims([1]) : (tensor<4x5x6xf32>, tensor<2x5x1xindex>) -> "
            "tensor<2x5x4x2x6xf32>",
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
            "An op that takes exactly one operand (vector.broadcast, the one-operand tfl ops) has none or several.",
            '%0 = "vector.broadcast"(%a, %b) : (f32, f32) -> vector<4xf32>',
        ),
        # ---- BC656-: Tensor (dialects/tensor), continued
        Rule(
            "BC656",
            "generate-arguments",
            "must have one body argument per input dimension",
            "tensor.generate's body does not take one index per dim of its result.",
            "%0 = tensor.generate %i { ^bb0(%a: index): ... } : tensor<?x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC657",
            "generate-index",
            "all body arguments must be index",
            "tensor.generate's body takes an argument that is not an index.",
            "%0 = tensor.generate %i { ^bb0(%a: index, %b: i32): ... } : tensor<?x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC658",
            "generate-yield",
            "body must be terminated with a `yield` operation of the tensor element type",
            "tensor.generate's body yields another type than the result's element type.",
            "%0 = tensor.generate %i { ... tensor.yield %z : i32 } : tensor<?x3xf32>",
        ),
        Rule(
            "BC659",
            "scatter-unique",
            "requires 'unique' attribute to be set",
            "tensor.scatter without `unique` (the only semantics MLIR defines today).",
            "%0 = tensor.scatter %s into %d[%x] scatter_dims([1]) : (...) -> tensor<4x5x6xf32>",
        ),
        Rule(
            "BC660",
            "concat-result",
            "result type '{result}'does not match inferred shape '{inferred}' static sizes",
            "tensor.concat's result has a static size other than the joined sizes (MLIR writes no space before "
            "'does').",
            "%0 = tensor.concat dim(0) %t, %t : (tensor<6x4xf32>, tensor<6x4xf32>) -> tensor<13x4xf32>",
        ),
        Rule(
            "BC661",
            "tensor-reshape-dynamic-shape",
            "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type",
            "tensor.reshape to a ranked tensor takes a shape operand of unknown length (tensor<?xindex>).",
            "%0 = tensor.reshape %t(%s) : (tensor<6x2xf32>, tensor<?xi64>) -> tensor<2x6xf32>",
        ),
        # ---- BC662-: Linalg's structured ops (dialects/linalg)
        Rule(
            "BC662",
            "linalg-init-result-type",
            "expected type of operand #{index} ('{init}') to match type of corresponding result ('{result}')",
            "A destination-style op's result has another type than its tensor init.",
            "%0 = linalg.matmul ins(%a, %b : ...) outs(%c : tensor<4x16xf32>) -> tensor<4x17xf32>",
        ),
        Rule(
            "BC663",
            "linalg-operand-rank",
            "expected operand #{index} rank ({rank}) to match the result rank of indexing_map ({size})",
            "A structured op's operand has another rank than its indexing map has results.",
            "%0 = linalg.matmul ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%c : tensor<4x16xf32>) -> "
            "tensor<4x16xf32>",
        ),
        Rule(
            "BC664",
            "linalg-inferred-size",
            "inferred input/output operand #{index} has shape's dimension #{dim} to be {size}, but found {found}",
            "A structured op's static operand size differs from the loop range its indexing map gives (matmul's K, "
            "batch or N, M).",
            "%0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<9x16xf32>) outs(%c : tensor<4x16xf32>) -> "
            "tensor<4x16xf32>",
        ),
        Rule(
            "BC665",
            "linalg-inferred-size-min",
            "inferred input/output operand #{index} has shape's dimension #{dim} to be greater than or equal to "
            "{size}, but found {found}",
            "A convolution's or pool's input is smaller than its output, window, strides and dilations read.",
            "%0 = linalg.conv_2d_nhwc_hwcf ins(%i, %f : tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%o : "
            "tensor<1x7x6x4xf32>) -> tensor<1x7x6x4xf32>",
        ),
        Rule(
            "BC666",
            "linalg-map-count",
            "expected the number of indexing_map ({maps}) to be equal to the number of input/output operands "
            "({operands})",
            "linalg.generic (or a named op's indexing_maps) has another number of maps than operands.",
            "linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], ...} ins(%a : ...) outs(%c : ...)",
        ),
        Rule(
            "BC667",
            "linalg-non-invertible",
            "invalid indexing maps are non-invertible: ({map})",
            "A structured op's indexing maps leave a loop that no operand dim names.",
            "linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], ...}",
        ),
        Rule(
            "BC668",
            "linalg-map-dims",
            "expected indexing_map #{index} to have {loops} dim(s) to match the number of loops",
            "An indexing map has another number of dims than the op has loops (iterator_types).",
            'linalg.generic {indexing_maps = [...(d0, d1)...], iterator_types = ["parallel"]} ...',
        ),
        Rule(
            "BC669",
            "linalg-block-argument",
            "expected type of bb argument #{index} ('{arg}') to match element or self type of the corresponding "
            "operand ('{element}')",
            "linalg.generic's block argument has another type than its operand's element type.",
            "linalg.generic {...} ins(%a : tensor<4x8xf32>) outs(...) { ^bb0(%x: f16, %y: f32): ... }",
        ),
        Rule(
            "BC670",
            "linalg-block-arguments",
            "expected as many non-induction variable region arguments as the number of input/output operands",
            "linalg.generic's block does not take one argument per operand.",
            "linalg.generic {...} ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x8xf32>) { ^bb0(%x: f32): ... }",
        ),
        # ---- BC671-BC673: Vector's positions (dialects/vector)
        Rule(
            "BC671",
            "vector-extract-position",
            "expected position attribute #{n} to be a non-negative integer smaller than the corresponding vector "
            "dimension or poison (-1)",
            "vector.extract's static position is past its source's dim (or negative, but -1, poison).",
            "%0 = vector.extract %v[4] : vector<8xf32> from vector<4x8xf32>",
        ),
        Rule(
            "BC672",
            "vector-position-rank",
            "expected position attribute of rank no greater than {what}",
            "vector.extract's or vector.insert's position is longer than the vector has dims.",
            "%0 = vector.extract %v[0, 1, 2] : f32 from vector<4x8xf32>",
        ),
        Rule(
            "BC673",
            "vector-insert-position",
            "expected position attribute #{n} to be a non-negative integer smaller than the corresponding dest vector "
            "dimension",
            "vector.insert's static position is past its dest's dim.",
            "%0 = vector.insert %f, %v[0, 9] : f32 into vector<4x8xf32>",
        ),
        Rule(
            "BC674",
            "linalg-transpose-dim",
            "dim(result, {i}) = {r} doesn't match dim(input, permutation[{i}]) = {s}",
            "linalg.transpose's init is not its input permuted.",
            "%0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x16xf32>) permutation = [1, 0]",
        ),
        Rule(
            "BC675",
            "linalg-fill-scalar",
            "expected op with scalar input",
            "linalg.fill's value is a tensor or memref, not a scalar.",
            "%0 = linalg.fill ins(%s : tensor<f32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>",
            op_prefix=False,
        ),
        # ---- BC676-: Vector's shape ops (dialects/vector/checks.py)
        Rule(
            "BC676",
            "vector-insert-ranks",
            "expected position attribute rank + source rank to match dest vector rank",
            "vector.insert: the position and the vector inserted do not add up to the dest's dims.",
            "%0 = vector.insert %w, %v[0, 0] : vector<8xf32> into vector<4x8xf32>",
        ),
        Rule(
            "BC677",
            "vector-insert-scalar-rank",
            "expected position attribute rank to match the dest vector rank",
            "vector.insert of a scalar whose position does not name every dest dim.",
            "%0 = vector.insert %f, %v[0] : f32 into vector<4x8xf32>",
        ),
        Rule(
            "BC678",
            "vector-shape-cast-elements",
            "has different number of elements at source ({a}) and result ({b})",
            "vector.shape_cast between vectors of different element counts.",
            "%0 = vector.shape_cast %v : vector<4x8xf32> to vector<33xf32>",
        ),
        Rule(
            "BC679",
            "vector-shape-cast-element-type",
            "source element type ('{a}') does not match result element type ('{b}')",
            "vector.shape_cast changes the element type.",
            "%0 = vector.shape_cast %v : vector<4x8xf32> to vector<32xi32>",
        ),
        Rule(
            "BC680",
            "vector-shape-cast-scalable",
            "has different number of scalable dims at source ({a}) and result ({b})",
            "vector.shape_cast adds or drops a scalable dim.",
            "%0 = vector.shape_cast %s : vector<[4]x8xf32> to vector<32xf32>",
        ),
        Rule(
            "BC681",
            "vector-transpose-rank",
            "vector result rank mismatch: {rank}",
            "vector.transpose changes the rank.",
            "%0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4x1xf32>",
        ),
        Rule(
            "BC682",
            "vector-transpose-length",
            "transposition length mismatch: {size}",
            "vector.transpose's permutation has another length than the vector has dims.",
            "%0 = vector.transpose %v, [0] : vector<4x8xf32> to vector<4x8xf32>",
        ),
        Rule(
            "BC683",
            "vector-transpose-range",
            "transposition index out of range: {v}",
            "vector.transpose's permutation names a dim the vector does not have.",
            "%0 = vector.transpose %v, [2, 0] : vector<4x8xf32> to vector<8x4xf32>",
        ),
        Rule(
            "BC684",
            "vector-transpose-duplicate",
            "duplicate position index: {v}",
            "vector.transpose's permutation names a dim twice.",
            "%0 = vector.transpose %v, [0, 0] : vector<4x8xf32> to vector<4x8xf32>",
        ),
        Rule(
            "BC685",
            "vector-dimension-mismatch",
            "dimension size mismatch at: {v}",
            "vector.transpose's result is not its source permuted, or vector.bitcast changes a leading dim (scalable "
            "flags are not compared).",
            "%0 = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<4x8xf32>",
        ),
        Rule(
            "BC686",
            "vector-bitcast-width",
            "source/result bitwidth of the minor 1-D vectors must be equal",
            "vector.bitcast's innermost vectors differ in bit width.",
            "%0 = vector.bitcast %v : vector<4x8xf32> to vector<4x8xf16>",
        ),
        Rule(
            "BC687",
            "vector-reduction-rank",
            "unsupported reduction rank: {rank}",
            "vector.reduction of a vector that is not 1-D.",
            "%0 = vector.reduction <add>, %v : vector<4x8xf32> into f32",
        ),
        Rule(
            "BC688",
            "vector-multi-reduction-type",
            "destination type '{dest}' is incompatible with source type '{source}'",
            "vector.multi_reduction's result is not its source without the reduced dims.",
            "%0 = vector.multi_reduction <add>, %v, %w [1] : vector<4x8xf32> to vector<8xf32>",
        ),
        Rule(
            "BC689",
            "vector-multi-reduction-dim",
            "reduction dimension out of range: {d}",
            "vector.multi_reduction reduces a dim the vector does not have.",
            "%0 = vector.multi_reduction <add>, %v, %w [2] : vector<4x8xf32> to vector<8xf32>",
        ),
        Rule(
            "BC690",
            "vector-multi-reduction-duplicate",
            "duplicate reduction dimension: {d}",
            "vector.multi_reduction lists a reduced dim twice.",
            "%0 = vector.multi_reduction <add>, %v, %w [0, 0] : vector<4x8xf32> to vector<8xf32>",
        ),
        Rule(
            "BC691",
            "vector-transfer-indices",
            "requires {n} indices",
            "A vector transfer takes another number of indices than its source has dims.",
            "%0 = vector.transfer_read %m[%i], %f : memref<?x?xf32>, vector<4x8xf32>",
        ),
        Rule(
            "BC692",
            "vector-transfer-map-results",
            "requires a permutation_map with result dims of the same rank as the vector type",
            "A vector transfer's permutation_map has another number of results than the vector has dims.",
            "%0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d1)>} : "
            "memref<?x?xf32>, vector<4x8xf32>",
        ),
        Rule(
            "BC693",
            "vector-transfer-map-inputs",
            "requires a permutation_map with input dims of the same rank as the source type",
            "A vector transfer's permutation_map has another number of dims than its source.",
            "%0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0) -> (d0, d0)>} : "
            "memref<?x?xf32>, vector<4x8xf32>",
        ),
        Rule(
            "BC694",
            "vector-transfer-in-bounds",
            "expects the in_bounds attr of same rank as permutation_map results: {map} vs inBounds of size: {n}",
            "A vector transfer's in_bounds has another length than the vector has dims.",
            "%0 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true]} : memref<?x?xf32>, vector<4x8xf32>",
        ),
        Rule(
            "BC695",
            "vector-transfer-permutation",
            "requires a permutation_map that is a permutation (found one dim used more than once)",
            "A vector transfer's permutation_map uses a source dim twice.",
            "%0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0, d0)>} : "
            "memref<?x?xf32>, vector<4x8xf32>",
        ),
        Rule(
            "BC696",
            "vector-transfer-projected",
            "requires a projected permutation_map (at most one dim or the zero constant can appear in each result)",
            "A vector transfer's permutation_map has a result that is neither a dim nor 0.",
            "%0 = vector.transfer_read %m[%i, %i], %f {permutation_map = affine_map<(d0, d1) -> (d0 + d1, 1)>} : ...",
        ),
        Rule(
            "BC697",
            "vector-transfer-padding",
            "requires formal padding and source of the same elemental type",
            "vector.transfer_read's padding value is not of its source's element type (the generic form).",
            '%0 = "vector.transfer_read"(%m, %i, %i, %p) ... : (memref<?x?xf32>, index, index, f16) -> vector<4x8xf32>',
        ),
        Rule(
            "BC698",
            "vector-transfer-bitwidth",
            "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source "
            "element type",
            "A vector transfer's innermost vector is not a whole number of source elements.",
            "%0 = vector.transfer_read %m[%i], %p : memref<?xi32>, vector<1xi16>",
        ),
        Rule(
            "BC699",
            "vector-transfer-write-broadcast",
            "should not have broadcast dimensions",
            "vector.transfer_write's permutation_map has a 0 result (a broadcast, which only reads may have).",
            "vector.transfer_write %v, %m[%i] {permutation_map = affine_map<(d0) -> (0, d0)>} : vector<4x4xf32>, "
            "memref<?xf32>",
        ),
        # ---- BC1078-: Vector's structural ops (dialects/vector/checks.py)
        Rule(
            "BC1078",
            "vector-slice-lists",
            "expected offsets, sizes and strides attributes of same size",
            "vector.extract_strided_slice's offsets, sizes and strides have different lengths.",
            "%0 = vector.extract_strided_slice %v offsets = [1, 2], sizes = [2], strides = [1] : vector<4x8xf32> "
            "to vector<2x8xf32>",
        ),
        Rule(
            "BC1079",
            "vector-slice-list-rank",
            "expected {name} attribute of rank no greater than vector rank",
            "vector.extract_strided_slice: a list is longer than the source vector has dims.",
            "%0 = vector.extract_strided_slice %v offsets = [1, 2, 3], sizes = [2, 1, 1], strides = [1, 1, 1] : "
            "vector<4x8xf32> to vector<2x8xf32>",
        ),
        Rule(
            "BC1080",
            "vector-slice-confined",
            "expected {name} dimension {i} to be confined to [{low}, {high})",
            "vector.extract_strided_slice: an offset is not within its dim, or a size not within 1 and the dim.",
            "%0 = vector.extract_strided_slice %v offsets = [4], sizes = [2], strides = [1] : vector<4x8xf32> "
            "to vector<2x8xf32>",
        ),
        Rule(
            "BC1081",
            "vector-slice-range",
            "expected {name} to be confined to [{low}, {high})",
            "vector.extract_strided_slice: a stride other than 1.",
            "%0 = vector.extract_strided_slice %v offsets = [1], sizes = [2], strides = [2] : vector<4x8xf32> "
            "to vector<1x8xf32>",
        ),
        Rule(
            "BC1082",
            "vector-slice-sum",
            "expected sum({a}, {b}) dimension {i} to be confined to [{low}, {high})",
            "vector.extract_strided_slice: offset + size runs past the dim.",
            "%0 = vector.extract_strided_slice %v offsets = [3], sizes = [2], strides = [1] : vector<4x8xf32> "
            "to vector<2x8xf32>",
        ),
        Rule(
            "BC1083",
            "vector-slice-result",
            "expected result type to be '{type}'",
            "vector.extract_strided_slice's result is not the slice's type (the sizes, then the source's other dims).",
            "%0 = vector.extract_strided_slice %v offsets = [1], sizes = [2], strides = [1] : vector<4x8xf32> "
            "to vector<2x4xf32>",
        ),
        Rule(
            "BC1084",
            "vector-slice-scalable",
            "expected size at idx={i} to match the corresponding base size from the input vector ({size} vs {base})",
            "vector.extract_strided_slice: a scalable dim of the source is sliced, not taken whole.",
            "%0 = vector.extract_strided_slice %v offsets = [0], sizes = [2], strides = [1] : vector<[4]x8xf32> "
            "to vector<[2]x8xf32>",
        ),
        Rule(
            "BC1085",
            "vector-outerproduct-operand-rank",
            "expected 1-d vector for operand #{n}",
            "vector.outerproduct: lhs (or a vector rhs) is not 1-D.",
            "%0 = vector.outerproduct %a, %b : vector<4x2xf32>, vector<8xf32>",
        ),
        Rule(
            "BC1086",
            "vector-outerproduct-result-rank",
            "expected {rank}-d vector result",
            "vector.outerproduct: the result of an outer product is not 2-D, or of an AXPY (a scalar rhs) not 1-D.",
            '%0 = "vector.outerproduct"(%a, %b) <{kind = #vector.kind<add>}> : (vector<4xf32>, f32) -> vector<4x1xf32>',
        ),
        Rule(
            "BC1087",
            "vector-outerproduct-dims",
            "expected #{n} operand dim to match result dim #{n}",
            "vector.outerproduct: the result's dims are not lhs's and rhs's sizes.",
            '%0 = "vector.outerproduct"(%a, %b) <{kind = #vector.kind<add>}> : (vector<4xf32>, vector<8xf32>) '
            "-> vector<4x7xf32>",
        ),
        Rule(
            "BC1088",
            "vector-outerproduct-scalable",
            "expected either both or only #2 operand dim to be scalable",
            "vector.outerproduct: lhs's dim is scalable and rhs's is not.",
            "%0 = vector.outerproduct %a, %b : vector<[4]xf32>, vector<8xf32>",
        ),
        Rule(
            "BC1089",
            "vector-outerproduct-acc",
            "expected operand #3 of same type as result type",
            "vector.outerproduct's accumulator has another type than its result (the generic form; the custom form "
            "derives both).",
            '%0 = "vector.outerproduct"(%a, %b, %c) <{kind = #vector.kind<add>}> : (vector<4xf32>, vector<8xf32>, '
            "vector<4x7xf32>) -> vector<4x8xf32>",
        ),
        Rule(
            "BC293",
            "vector-combining-kind",
            "unsupported {what} type",
            "vector.outerproduct's or vector.contract's combining kind does not take its element type (maxnumf on "
            "integers, maxsi on floats; isSupportedCombiningKind). (A code of the BC290 block, allocated for issue "
            "29's vector ops.)",
            "%0 = vector.outerproduct %a, %b {kind = #vector.kind<maxnumf>} : vector<4xi32>, vector<8xi32>",
        ),
        Rule(
            "BC294",
            "vector-reduction-kind",
            "unsupported reduction type ''{type}'' for kind '{kind}'",
            "vector.reduction's combining kind does not take its result type (maxnumf on integers, maxsi or and on "
            "floats, any kind on a shaped result; isSupportedCombiningKind). (A code of the BC290 block, allocated "
            "for issue 29's vector ops.)",
            "%0 = vector.reduction <maxnumf>, %v : vector<4xi32> into i32",
        ),
        Rule(
            "BC295",
            "vector-contract-signless",
            "only supports signless integer types",
            "vector.contract on signed or unsigned integers (si32, ui8).",
            "%0 = vector.contract {...} %a, %b, %c : vector<4x3xsi32>, vector<3x5xsi32> into vector<4x5xsi32>",
        ),
        Rule(
            "BC296",
            "vector-contract-map-count",
            "expected an indexing map for each vector operand",
            "vector.contract's indexing_maps does not hold three maps (lhs, rhs, acc).",
            "vector.contract {indexing_maps = [#lhs, #rhs], ...} %a, %b, %c : ...",
        ),
        Rule(
            "BC297",
            "vector-contract-map",
            "expected indexing map {index} to {detail}",
            "A vector.contract indexing map has symbols, another number of inputs than iterators, another number "
            "of results than its operand has dims, or results that are not distinct dims.",
            "vector.contract {indexing_maps = [..., affine_map<(d0, d1, d2) -> (d0)>], ...} ... into vector<4x5xf32>",
        ),
        Rule(
            "BC298",
            "vector-contract-no-reduction",
            "expected at least one contracting dimension pair",
            "vector.contract has no reduction iterator that both lhs and rhs index.",
            'vector.contract {..., iterator_types = ["parallel", "parallel", "parallel"]} ...',
        ),
        Rule(
            "BC299",
            "vector-contract-dim-map",
            "invalid {what} dimension map",
            "vector.contract: a contracting (or batch) dim has another size in lhs than in rhs.",
            "%0 = vector.contract {...} %a, %b, %c : vector<4x3xf32>, vector<2x5xf32> into vector<4x5xf32>",
        ),
        Rule(
            "BC037",
            "vector-contract-output",
            "invalid accumulator/result vector shape{expected}",
            "vector.contract's accumulator or result is not the shape its lhs and rhs give through the result's map "
            "(or a vector where the contraction gives a scalar). (A code of the BC037 block, allocated for issue "
            "29.)",
            "%0 = vector.contract {...} %a, %b, %c : vector<4x3xf32>, vector<3x5xf32> into vector<4x6xf32>",
        ),
        Rule(
            "BC038",
            "vector-contract-unused-dim",
            "expected all dimensions to be either a LHS or a RHS dimension",
            "vector.contract has an iterator that neither lhs's nor rhs's map uses.",
            "vector.contract {indexing_maps = [(d0, d1, d2, d3) -> (d0, d2), ...], ...} ...",
        ),
        Rule(
            "BC039",
            "vector-transfer-element-vector-width",
            "requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor "
            "1-D vector of the source",
            "A vector transfer on a source of vector elements (memref<?x?xvector<2xf32>>) whose vector's minor dim "
            "is not a whole number of the element vectors. (A code of the BC037 block, allocated for issue 29.)",
            "%0 = vector.transfer_read %m[%i, %j], %p : memref<?x?xvector<2xf32>>, vector<4x3xf32>",
        ),
        Rule(
            "BC813",
            "vector-transfer-element-vector-rank",
            "requires source vector element and vector result ranks to match.",
            "A vector transfer whose source's element vector has more dims than the vector transferred. (A code of "
            "the BC811 block, allocated for issue 29.)",
            "%0 = vector.transfer_read %m[%i], %p : memref<?xvector<2x2xf32>>, vector<4xf32>",
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
        # ---- BC721-BC799: the shape ops of tf and tfl (dialects/tfl, dialects/tf)
        Rule(
            "BC721",
            "tfl-shape-predicate",
            "failed to verify that {predicate}",
            "A tfl op's ODS shape predicate fails (an operand's rank, a size the op limits).",
            '%0 = "tfl.broadcast_to"(%x, %s) : (tensor<1x3xf32>, tensor<2x2xi32>) -> tensor<4x3xf32>',
        ),
        Rule(
            "BC722",
            "tf-same-shape",
            "requires the same shape for all operands and results",
            "A tf/tfl op with SameOperandsAndResultShape (tfl.cast, tfl.softmax) has shapes that differ.",
            '%0 = "tfl.cast"(%x) : (tensor<2x3xf32>) -> tensor<3x2xi32>',
        ),
        Rule(
            "BC723",
            "tf-inferred-type",
            "inferred type(s) {inferred} are incompatible with return type(s) of operation {actual}",
            "A tf/tfl op's result types do not fit the types its type inference gives (tfl.conv_2d, tfl.unpack).",
            '%0 = "tfl.conv_2d"(%x, %w, %b) <{dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, '
            'fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32}> : '
            "(tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x7x6x4xf32>",
        ),
        Rule(
            "BC724",
            "tfl-reshape-shape-rank",
            "requires 'shape' to be rank 1, but got {rank}",
            "tfl.reshape: the shape operand is not 1-D.",
            '%0 = "tfl.reshape"(%x, %s) : (tensor<4x3xf32>, tensor<2x2xi32>) -> tensor<3x4xf32>',
        ),
        Rule(
            "BC725",
            "tfl-reshape-two-dynamic",
            "requires 'shape' to have at most one dynamic dimension, but got multiple dynamic dimensions at "
            "indices {first} and {second}. You need to set up the unspecified size(s) to avoid this problem, for "
            "example,setting batch size in keras model or setting unspecified input size(s) with fixed ones.",
            "tfl.reshape: the constant shape holds -1 twice.",
            '%0 = "tfl.reshape"(%x, %s) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>  // %s = [-1, -1]',
        ),
        Rule(
            "BC726",
            "tfl-reshape-negative",
            "requires 'shape' to have dimensions greater than -1, but got {size} at index {index}",
            "tfl.reshape: the constant shape holds a size below -1.",
            '%0 = "tfl.reshape"(%x, %s) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>  // %s = [-2, 6]',
        ),
        Rule(
            "BC727",
            "tfl-reshape-multiple",
            "requires 'input' number of elements be a multiple of {size}, but got {count}",
            "tfl.reshape: with one -1 in the constant shape, its other sizes do not divide the input's elements.",
            '%0 = "tfl.reshape"(%x, %s) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<?x5xf32>  // %s = [-1, 5]',
        ),
        Rule(
            "BC728",
            "tfl-reshape-elements",
            "requires 'output' number of elements to match 'input' number of elements, but got {output} and {input}",
            "tfl.reshape: static input and output hold different numbers of elements.",
            '%0 = "tfl.reshape"(%x, %s) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x5xf32>',
        ),
        Rule(
            "BC729",
            "tfl-reshape-output",
            "requires 'output' type '{actual}' to be cast compatible with expected type '{expected}'",
            "tfl.reshape: the output does not fit the shape operand (its constant values, or its length).",
            '%0 = "tfl.reshape"(%x, %s) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>  // %s = [2, 6]',
        ),
        Rule(
            "BC730",
            "tfl-transpose-perm-size",
            "perm tensor elements size is not equal to input tensor rank",
            "tfl.transpose: the permutation has another length than the input's rank.",
            '%0 = "tfl.transpose"(%x, %p) : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<3x4xf32>',
        ),
        Rule(
            "BC731",
            "tfl-transpose-perm-range",
            "perm[{index}] must be in [-rank, rank)",
            "tfl.transpose: a constant permutation names a dimension the input does not have.",
            '%0 = "tfl.transpose"(%x, %p) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<3x4xf32>  // %p = [2, 0]',
        ),
        Rule(
            "BC732",
            "tfl-transpose-perm-duplicate",
            "perm[{index}] cannot have duplicated axis",
            "tfl.transpose: a constant permutation names a dimension twice.",
            '%0 = "tfl.transpose"(%x, %p) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<4x4xf32>  // %p = [0, 0]',
        ),
        Rule(
            "BC733",
            "tfl-expected-output",
            "expect output type {expected}, got {actual}",
            "tfl.transpose, tfl.transpose_conv: the output's shape is not the one the constant operand gives.",
            '%0 = "tfl.transpose"(%x, %p) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>  // %p = [1, 0]',
        ),
        Rule(
            "BC734",
            "tfl-concatenation-axis",
            "concatenation dimension must be in [-rank, rank)",
            "tfl.concatenation: the axis is not a dimension of the output.",
            '%0 = "tfl.concatenation"(%a, %b) <{axis = 2 : i32, fused_activation_function = "NONE"}> : '
            "(tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>",
        ),
        Rule(
            "BC735",
            "tfl-concatenation-rank",
            "rank of operand #{index} must be equal to rank of output, expected {expected}, got {actual}",
            "tfl.concatenation: an operand's rank differs from the output's.",
            '%0 = "tfl.concatenation"(%a, %b) <{axis = 0 : i32, fused_activation_function = "NONE"}> : '
            "(tensor<1x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>",
        ),
        Rule(
            "BC736",
            "tfl-concatenation-size",
            "dimension size of dimension #{dim} of operand #{index} must be equal to dimension size of dimension "
            "#{dim} of {other}, expected {expected}, got {actual}",
            "tfl.concatenation: a size outside the axis differs between operands, or from the output's.",
            '%0 = "tfl.concatenation"(%a, %b) <{axis = 0 : i32, fused_activation_function = "NONE"}> : '
            "(tensor<1x3xf32>, tensor<2x4xf32>) -> tensor<3x3xf32>",
        ),
        Rule(
            "BC737",
            "tfl-concatenation-sum",
            "dimension size of dimension #{axis} of output must be equal to the sum of dimension sizes of dimension "
            "#{axis}, expected {expected}, got {actual}",
            "tfl.concatenation: the output's size along the axis is not the operands' sum.",
            '%0 = "tfl.concatenation"(%a, %b) <{axis = 0 : i32, fused_activation_function = "NONE"}> : '
            "(tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>",
        ),
        Rule(
            "BC738",
            "tfl-pack-count",
            "input count should match 'values_count' attribute",
            "tfl.pack: the number of operands is not values_count.",
            '%0 = "tfl.pack"(%a, %b) <{axis = 0 : i32, values_count = 3 : i32}> : '
            "(tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC739",
            "tfl-pack-axis",
            "op attribute 'axis' should be in range [-rank - 1, rank + 1), got rank = {rank}, and axis = {axis}",
            "tfl.pack: the axis is beyond the packed rank.",
            '%0 = "tfl.pack"(%a, %b) <{axis = 2 : i32, values_count = 2 : i32}> : '
            "(tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC740",
            "tfl-pack-shapes",
            "operands should be of the same type. got '{first}', '{other}'",
            "tfl.pack: the operands' shapes differ.",
            '%0 = "tfl.pack"(%a, %b) <{axis = 0 : i32, values_count = 2 : i32}> : '
            "(tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC741",
            "tfl-unpack-infer",
            "{detail}",
            "tfl.unpack's type inference fails (no op prefix, then 'failed to infer returned types'): an empty or "
            "0-d input, an axis out of range, or a size along the axis other than num.",
            '%0:2 = "tfl.unpack"(%x) <{axis = 0 : i32, num = 2 : i32}> : (tensor<3x4xf32>) -> '
            "(tensor<4xf32>, tensor<4xf32>)",
            op_prefix=False,
        ),
        Rule(
            "BC742",
            "tfl-split-count",
            "output count should match 'num_splits' attribute",
            "tfl.split, tfl.split_v: the number of results is not num_splits.",
            '%0:2 = "tfl.split"(%d, %x) <{num_splits = 3 : i32}> : (tensor<i32>, tensor<6xf32>) -> '
            "(tensor<2xf32>, tensor<2xf32>)",
        ),
        Rule(
            "BC743",
            "tfl-split-dim",
            "'split_dim' should be in [-rank, rank)",
            "tfl.split, tfl.split_v: the constant split_dim is not a dimension of the input.",
            '%0:2 = "tfl.split"(%d, %x) <{num_splits = 2 : i32}> : (tensor<i32>, tensor<6xf32>) -> '
            "(tensor<3xf32>, tensor<3xf32>)  // %d = 1",
        ),
        Rule(
            "BC744",
            "tfl-split-output",
            "output #{index} should be '{expected}' instead got '{actual}'",
            "tfl.split, tfl.split_v: a result's shape is not the slice the split gives.",
            '%0:2 = "tfl.split"(%d, %x) <{num_splits = 2 : i32}> : (tensor<i32>, tensor<6xf32>) -> '
            "(tensor<3xf32>, tensor<4xf32>)  // %d = 0",
        ),
        Rule(
            "BC745",
            "tfl-split-even",
            "'num_splits' should evenly divide 'split_dim' axis",
            "tfl.split: the size along split_dim is not a multiple of num_splits.",
            '%0:4 = "tfl.split"(%d, %x) <{num_splits = 4 : i32}> : (tensor<i32>, tensor<6xf32>) -> (...)  // %d = 0',
        ),
        Rule(
            "BC746",
            "tfl-split-v-sizes-type",
            "'size_splits' should be '{type}'",
            "tfl.split_v: the constant size_splits does not hold num_splits sizes.",
            '%0:2 = "tfl.split_v"(%x, %s, %d) <{num_splits = 2 : i32}> : (tensor<6xf32>, tensor<3xi32>, '
            "tensor<i32>) -> (tensor<3xf32>, tensor<3xf32>)",
        ),
        Rule(
            "BC747",
            "tfl-split-v-sizes",
            "{detail}",
            "tfl.split_v: the constant size_splits: a size below -1, two -1s, or sizes that do not add up to the "
            "input's size along split_dim.",
            '%0:2 = "tfl.split_v"(%x, %s, %d) <{num_splits = 2 : i32}> : (tensor<6xf32>, tensor<2xi32>, '
            "tensor<i32>) -> (tensor<3xf32>, tensor<4xf32>)  // %s = [3, 4]",
        ),
        Rule(
            "BC748",
            "tfl-slice",
            "{detail}",
            "tfl.slice (its messages have no op prefix): begin or size of another length than the input's rank, a "
            "negative begin, a size below -1, or a slice past the input's end.",
            '%0 = "tfl.slice"(%x, %b, %s) : (tensor<4x3xf32>, tensor<3xi32>, tensor<2xi32>) -> tensor<2x2xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC749",
            "tfl-slice-begin",
            "begin[{index}] cannot exceed dimension length: {size}",
            "tfl.slice: a constant begin lies past the input's end.",
            '%0 = "tfl.slice"(%x, %b, %s) : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>  '
            "// %b = [5, 0]",
        ),
        Rule(
            "BC750",
            "tfl-strided-slice-silent",
            "the verifier rejects this op without a message: '{name}' holds {size} values, more than the input's "
            "rank {rank}",
            "tfl.strided_slice: begin, end or strides is longer than the input's rank; TensorFlow's verifier fails "
            "without saying why (its tools report only that verification failed).",
            '%0 = "tfl.strided_slice"(%x, %b, %e, %s) <{...}> : (tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, '
            "tensor<2xi32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC751",
            "tfl-gather-string",
            "expect 1d input when the given type is string, got '{type}'",
            "tfl.gather: string params must be 1-D.",
            '%0 = "tfl.gather"(%p, %i) <{axis = 0 : i32, batch_dims = 0 : i32}> : '
            "(tensor<2x3x!tf_type.string>, tensor<2xi32>) -> tensor<2x3x!tf_type.string>",
        ),
        Rule(
            "BC752",
            "tf-infer-failed",
            "failed to infer returned types",
            "A tf/tfl op's type inference fails without a message of its own (tfl.conv_2d: a stride below 1, a "
            "dilation below 1, or a window larger than the padded input).",
            '%0 = "tfl.conv_2d"(%x, %w, %b) <{..., stride_h = 0 : i32, ...}> : (tensor<1x8x8x3xf32>, '
            "tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x6x6x4xf32>",
        ),
        Rule(
            "BC753",
            "tfl-batch-matmul-batch",
            "found incompatible broadcast batch dimensions for lhs shape '{lhs}' and rhs shape '{rhs}'",
            "tfl.batch_matmul, tf.BatchMatMulV2: the batch dimensions (all but the last two) do not broadcast.",
            '%0 = "tfl.batch_matmul"(%x, %y) <{adj_x = false, adj_y = false}> : (tensor<2x3x4xf32>, '
            "tensor<3x4x5xf32>) -> tensor<2x3x5xf32>",
        ),
        Rule(
            "BC754",
            "tfl-batch-matmul-rank",
            "found invalid output rank, expected {expected} but got {actual}",
            "tfl.batch_matmul, tf.BatchMatMul(V2): the output's rank is not the larger operand rank.",
            '%0 = "tfl.batch_matmul"(%x, %y) <{adj_x = false, adj_y = false}> : (tensor<2x3x4xf32>, '
            "tensor<4x5xf32>) -> tensor<3x5xf32>",
        ),
        Rule(
            "BC755",
            "tfl-batch-matmul-batch-output",
            "has mismatching input batch dimension {input} and output batch dimension {output}",
            "tfl.batch_matmul, tf.BatchMatMul(V2): an output batch size is not the broadcast of the operands'.",
            '%0 = "tfl.batch_matmul"(%x, %y) <{adj_x = false, adj_y = false}> : (tensor<2x3x4xf32>, '
            "tensor<4x5xf32>) -> tensor<7x3x5xf32>",
        ),
        Rule(
            "BC756",
            "tfl-batch-matmul-output",
            "found invalid output dimension on {which}, expected {expected} but got {actual}",
            "tfl.batch_matmul, tf.BatchMatMul(V2): the output's rows (cols) are not the lhs's rows (the rhs's cols), "
            "after adj_x/adj_y.",
            '%0 = "tfl.batch_matmul"(%x, %y) <{adj_x = false, adj_y = false}> : (tensor<3x4xf32>, '
            "tensor<4x5xf32>) -> tensor<4x5xf32>",
        ),
        Rule(
            "BC757",
            "tfl-fully-connected-filter",
            "expect 2d filter, got '{type}'",
            "tfl.fully_connected: the filter is not 2-D.",
            '%0 = "tfl.fully_connected"(%x, %w, %b) <{...}> : (tensor<2x4xf32>, tensor<3x4x1xf32>, none) -> '
            "tensor<2x3xf32>",
        ),
        Rule(
            "BC758",
            "tfl-fully-connected-elements",
            "expect '{which}' num_elements % {z} == 0, got {got}",
            "tfl.fully_connected: the input's (output's) element count is not a multiple of the filter's second "
            "(first) size.",
            '%0 = "tfl.fully_connected"(%x, %w, %b) <{...}> : (tensor<2x5xf32>, tensor<3x4xf32>, none) -> '
            "tensor<2x3xf32>",
        ),
        Rule(
            "BC759",
            "tfl-fully-connected-batch",
            "num_input_elements / z_in != num_output_elements / z_out",
            "tfl.fully_connected: the input and the output hold different numbers of rows.",
            '%0 = "tfl.fully_connected"(%x, %w, %b) <{...}> : (tensor<2x4xf32>, tensor<3x4xf32>, none) -> '
            "tensor<3x3xf32>",
        ),
        Rule(
            "BC760",
            "tfl-conv-ranks",
            "Invalid ranks",
            "tfl.conv_2d's type inference: the input or the filter is not 4-D (no op prefix; 'failed to infer "
            "returned types' follows).",
            '%0 = "tfl.conv_2d"(%x, %w, %b) <{...}> : (tensor<8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> '
            "tensor<1x6x6x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC761",
            "tfl-transpose-conv-rank",
            "expect output type has rank = {rank}, got output type {type}",
            "tfl.transpose_conv: the output's rank is not the length of the output shape operand.",
            '%0 = "tfl.transpose_conv"(%s, %w, %x, %b) <{...}> : (tensor<4xi32>, tensor<2x3x3x4xf32>, '
            "tensor<1x5x5x4xf32>, none) -> tensor<5x5x2xf32>",
        ),
        Rule(
            "BC762",
            "tfl-kernel-shape",
            "result #{index} is '{actual}', but the TFLite kernel computes the shape {shape} for these operands",
            "A tfl op whose verifier leaves the result's shape alone (broadcast_to, squeeze, tile, pad, gather, the "
            "reductions, the pools, ...): the shape the TFLite kernel computes from the operands (and their constant "
            "values) differs. A warning: the verifier accepts the op.",
            '%0 = "tfl.broadcast_to"(%x, %s) : (tensor<1x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>  // %s = [2, 3]',
            severity="warning",
        ),
        Rule(
            "BC763",
            "tfl-kernel-rejects",
            "the TFLite kernel rejects these operands: {detail}",
            "A tfl op whose verifier accepts operands its TFLite kernel rejects (an input that does not broadcast to "
            "broadcast_to's shape, an axis out of range, contracted sizes that differ, ...). A warning.",
            '%0 = "tfl.broadcast_to"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>  // %s = [4, 3]',
            severity="warning",
        ),
        Rule(
            "BC764",
            "tf-reshape",
            "{detail}",
            "tf.Reshape: the shape operand is not 1-D, holds two -1s or a size below -1, does not divide the "
            "tensor's elements, or gives another output than the one written.",
            '%0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>',
        ),
        Rule(
            "BC765",
            "tf-transpose",
            "{detail}",
            "tf.Transpose: the permutation is not 1-D or not as long as the input's rank, a constant permutation "
            "names a dimension out of range, or the output's sizes are not the permuted input's.",
            '%0 = "tf.Transpose"(%x, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>  // %p = [1, 0]',
        ),
        Rule(
            "BC766",
            "tf-batch-matmul",
            "{detail}",
            "tf.BatchMatMul, tf.BatchMatMulV2: an operand of rank below 2, or (BatchMatMul) batch sizes that differ.",
            '%0 = "tf.BatchMatMul"(%a, %b) : (tensor<2x3x4xf32>, tensor<3x4x6xf32>) -> tensor<2x3x6xf32>',
        ),
        Rule(
            "BC767",
            "tf-verifier-unprefixed",
            "{detail}",
            "A tf op's verifier message printed without the op's name: tf.ConcatV2's and tf.Pack's operands of "
            "other ranks or sizes, tf.Pack's axis, tf.Conv2D's ranks, strides, dilations and explicit paddings, "
            "tf.Identity's element types.",
            '%0 = "tf.Pack"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC768",
            "tf-concat-axis",
            "requires axis to be of scalar type (or vector type for older versions)",
            "tf.ConcatV2: the axis operand has rank 2 or more.",
            '%0 = "tf.ConcatV2"(%a, %b, %axis) : (tensor<3xf32>, tensor<3xf32>, tensor<1x1xi32>) -> tensor<6xf32>',
        ),
        Rule(
            "BC769",
            "tf-unpack",
            "{detail}",
            "tf.Unpack: the axis is not a dimension of the value, or the number of results is not its size there.",
            '%0:3 = "tf.Unpack"(%x) {axis = 0 : i64} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, '
            "tensor<3xf32>)",
        ),
        Rule(
            "BC770",
            "tf-split",
            "{detail}",
            "tf.Split, tf.SplitV: a split dimension that is not a scalar or not in range, a scalar value, sizes "
            "the results do not divide, or split sizes that do not add up.",
            '%0:2 = "tf.Split"(%d, %x) : (tensor<i32>, tensor<3xf32>) -> (tensor<2xf32>, tensor<1xf32>)  // %d = 0',
        ),
        Rule(
            "BC771",
            "tf-slice",
            "{detail}",
            "tf.Slice: begin and size not 1-D or not one per input dimension, the output's rank or sizes, or "
            "constant values past the input's end.",
            '%0 = "tf.Slice"(%x, %b, %s) : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>  '
            "// %b = [3, 0], %s = [2, 2]",
        ),
        Rule(
            "BC772",
            "tf-strided-slice",
            "{detail}",
            "tf.StridedSlice: begin, end and strides not 1-D, of other lengths or of 32 or more, a zero constant "
            "stride, or more than one ellipsis.",
            '%0 = "tf.StridedSlice"(%x, %b, %e, %s) : (tensor<4x3xf32>, tensor<2xi32>, tensor<3xi32>, '
            "tensor<2xi32>) -> tensor<2x2xf32>",
        ),
        Rule(
            "BC773",
            "tf-squeeze-dim",
            "squeeze dimension {dim} not in [{low}, {high})",
            "tf.Squeeze: a squeeze dimension is not a dimension of the input.",
            '%0 = "tf.Squeeze"(%x) {squeeze_dims = [5]} : (tensor<1x3xf32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC774",
            "tf-tile",
            "{detail}",
            "tf.Tile: multiples not 1-D or not one per input dimension, a negative constant multiple, or output "
            "sizes that are not the input's times the multiples.",
            '%0 = "tf.Tile"(%x, %m) : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>  // %m = [2, 1]',
        ),
        Rule(
            "BC775",
            "tf-gather",
            "{detail}",
            "tf.GatherV2: batch_dims beyond the indices' rank, an axis of rank 2 or more, a constant axis out of "
            "range or below batch_dims.",
            '%0 = "tf.GatherV2"(%p, %i, %a) : (tensor<4x3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x3xf32>  '
            "// %a = 5",
        ),
        Rule(
            "BC776",
            "tf-conv-channels",
            "requires the number of input channels to be divisible by the number of filter input channels; found "
            "{input} and {filter}, respectively",
            "tf.Conv2D: the input's channels are not a multiple of the filter's input channels.",
            '%0 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, '
            "tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>",
        ),
        Rule(
            "BC777",
            "tf-bias-add",
            "{detail}",
            "tf.BiasAdd: the value's rank for its data format, a bias that is not 1-D or not as long as the channels.",
            '%0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>',
        ),
        Rule(
            "BC778",
            "tf-softmax-rank",
            "requires operand to have rank at least 1",
            "tf.Softmax: a 0-d operand.",
            '%0 = "tf.Softmax"(%x) : (tensor<f32>) -> tensor<f32>',
        ),
        Rule(
            "BC779",
            "tf-fill",
            "{detail}",
            "tf.Fill: dims that are not 1-D, or a value that is not a scalar.",
            '%0 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<1xf32>) -> tensor<2x3xf32>',
        ),
        Rule(
            "BC780",
            "tf-one-hot",
            "{detail}",
            "tf.OneHot: an axis other than -1 or a position of the indices, depth or values that are not scalars, "
            "a negative constant depth.",
            '%0 = "tf.OneHot"(%i, %d, %on, %off) {axis = 2 : i64} : (tensor<3xi32>, tensor<i32>, tensor<f32>, '
            "tensor<f32>) -> tensor<3x4xf32>",
        ),
        Rule(
            "BC781",
            "tf-einsum-operands",
            "must have 1 or 2 operands",
            "tf.Einsum: three or more operands (or none).",
            '%0 = "tf.Einsum"(%a, %b, %c) {equation = "ij,jk,kl->il"} : (...) -> tensor<3x5xf32>',
        ),
        Rule(
            "BC782",
            "tf-silent",
            "the verifier rejects this op without a message: {detail}",
            "A tf op its verifier rejects without saying why (tf.Split with no results): TensorFlow's tools report "
            "only that verification failed.",
            '"tf.Split"(%d, %x) : (tensor<i32>, tensor<4xf32>) -> ()  // %d = 0',
        ),
        Rule(
            "BC783",
            "tf-shape-function-result",
            "result #{index} is '{actual}', but TensorFlow's shape function infers '{inferred}'",
            "A tf op whose verifier leaves its result's shape alone (BroadcastTo, MatMul, ExpandDims, Pad, the "
            "reductions, ...): TensorFlow's shape function (the tf-shape-inference pass) infers another. A "
            "warning: the verifier accepts the op.",
            '%0 = "tf.ExpandDims"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>  // %d = 1',
            severity="warning",
        ),
        Rule(
            "BC784",
            "tf-shape-function-rejects",
            "TensorFlow's shape function rejects these operands: {detail}",
            "A tf op whose verifier accepts operands TensorFlow's shape function rejects (MatMul's contracted "
            "sizes, a BroadcastTo input that does not broadcast, an Einsum whose sizes disagree, ...). A warning.",
            '%0 = "tf.MatMul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>',
            severity="warning",
        ),
        Rule(
            "BC786",
            "tfl-transpose-quantized-axis",
            "has mismatched quantized axes of input and output",
            "tfl.transpose with per-axis quantized input and output: the permutation does not carry the input's "
            "quantized dimension to the output's.",
            '%0 = "tfl.transpose"(%x, %p) : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5,0.25}>>, tensor<2xi32>) -> '
            "tensor<3x2x!quant.uniform<i8:f32:0, {0.5,0.25}>>  // %p = [1, 0]",
        ),
        Rule(
            "BC785",
            "tf-shape-predicate",
            "failed to verify that {predicate}",
            "A tf op's ODS shape predicate fails: tf.Pad's and tf.PadV2's paddings (TF_OperandHasRank<1, 2>) "
            "are ranked but not 2-D.",
            '%0 = "tf.Pad"(%x, %p) : (tensor<2xf32>, tensor<2xi32>) -> tensor<3xf32>',
        ),
        # ---- BC787-BC799: constants and regions of tf/tfl, and the constants of other dialects (issue 29)
        Rule(
            "BC787",
            "tosa-const-shape-rank",
            "expect elements in attribute values with rank 1",
            "tosa.const_shape's literal is not 1-D.",
            '%0 = "tosa.const_shape"() <{values = dense<[[1, 2]]> : tensor<1x2xindex>}> : () -> !tosa.shape<2>',
        ),
        Rule(
            "BC788",
            "tosa-const-shape-count",
            "expect number of elements in attribute values ({count}) to be equal to the rank ({rank}) for the "
            "result shape type",
            "tosa.const_shape's literal has another number of values than its !tosa.shape<N> result has dimensions.",
            "%0 = tosa.const_shape values(dense<[1, 2]> : tensor<2xindex>) : () -> !tosa.shape<3>",
        ),
        Rule(
            "BC789",
            "tfl-no-value-type",
            "the result of tfl.no_value is '{type}', not 'none'",
            "tfl.no_value's result is not none (its ODS says NoneType; TensorFlow 2.21 cannot verify tfl text, so a "
            "warning).",
            '%0 = "tfl.no_value"() <{value}> : () -> tensor<f32>',
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC790",
            "tfl-constant-type",
            "the {name} of this constant is '{value}', which its result type '{result}' cannot be",
            "tfl.pseudo_const's (pseudo_qconst's) value has a shape its result's is not compatible with, or a "
            "pseudo_qconst's qtype is not its result type (TensorFlow 2.21 cannot verify tfl text, so a warning).",
            '%0 = "tfl.pseudo_const"() <{value = dense<0.0> : tensor<3xf32>}> : () -> tensor<2xf32>',
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC791",
            "tf-type-range-count",
            "{first}s (size = {n}) should have the same number of values as {second}s (size = {m})",
            "tf.WhileRegion: two of its type lists (operands, results, the condition's and the body's arguments, "
            "what the body yields) differ in length.",
            '%0:2 = "tf.WhileRegion"(%a, %b) ({...}, {^bb0(...): "tf.Yield"(%x) : (tensor<i32>) -> ()}) '
            "{is_stateless = true} : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>)",
        ),
        Rule(
            "BC792",
            "tf-type-range-incompatible",
            "{first} type {a} is incompatible with {second} type {b} at index {index}",
            "tf.WhileRegion, tf.IfRegion: a type of one list (operands, results, region arguments, yields) is "
            "not cast compatible with its counterpart (another element type, or known sizes that differ).",
            '%0 = "tf.IfRegion"(%p) ({"tf.Yield"(%a) : (tensor<2xf32>) -> ()}, {"tf.Yield"(%c) : '
            "(tensor<3xf32>) -> ()}) {is_stateless = true} : (tensor<i1>) -> tensor<2xf32>",
        ),
        Rule(
            "BC793",
            "tf-while-condition",
            "condition should have a single tensor<i1> result",
            "tf.WhileRegion's condition region does not yield a tensor<i1> first.",
            '... ({^bb0(%x: tensor<i32>): "tf.Yield"(%x) : (tensor<i32>) -> ()}, {...}) ...',
        ),
        Rule(
            "BC794",
            "tf-read-variable-type",
            "the variable holds '{held}', which a read of type '{result}' contradicts",
            "tf.ReadVariableOp reads a resource whose subtype has another element type or an incompatible shape "
            "(TensorFlow's verifier accepts it; its shape function and the runtime do not). A warning.",
            '%0 = "tf.ReadVariableOp"(%v) : (tensor<!tf_type.resource<tensor<2xf32>>>) -> tensor<3xf32>',
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC795",
            "tfl-while-count",
            "the loop carries {n} values, but its {what}s are {m}",
            "tfl.while: its results, a region's arguments or the body's yields are not as many as its operands "
            "(TensorFlow 2.21 cannot verify tfl text, so a warning).",
            '%0 = "tfl.while"(%i) ({...}, {^bb0(%a: tensor<i32>): "tfl.yield"(%a, %a) : (tensor<i32>, '
            "tensor<i32>) -> ()}) : (tensor<i32>) -> tensor<i32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC796",
            "tfl-while-type",
            "the loop's {what} #{index} is '{type}', which its operand #{index} '{operand}' contradicts",
            "tfl.while: a result, region argument or body yield has another element type or an incompatible "
            "shape than the operand it carries (TensorFlow 2.21 cannot verify tfl text, so a warning).",
            '%0 = "tfl.while"(%i) ({...}, {^bb0(%a: tensor<i32>): "tfl.yield"(%f) : (tensor<f32>) -> ()}) : '
            "(tensor<i32>) -> tensor<i32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC797",
            "tfl-while-condition",
            "the condition of this loop does not yield one tensor<i1>",
            "tfl.while's condition region yields something else than one boolean tensor (TensorFlow 2.21 cannot "
            "verify tfl text, so a warning).",
            '%0 = "tfl.while"(%i) ({^bb0(%a: tensor<i32>): "tfl.yield"(%a) : (tensor<i32>) -> ()}, {...}) : '
            "(tensor<i32>) -> tensor<i32>",
            severity="warning",
            op_prefix=False,
        ),
        # ---- BC8xx: ONNX-MLIR's shape ops (dialects/onnx): onnx-mlir's verifiers, ONNX's shape inference
        Rule(
            "BC801",
            "onnx-attribute-out-of-range",
            "{opname}: '{name}' value is {value}, accepted range is [{low}, {high}]",
            "An onnx op's attribute (an axis, batch_dims, Unique's sorted; Compress's condition rank) or a "
            "constant index outside the range onnx-mlir's "
            "verifier accepts (onnx_mlir::Diagnostic::emitAttributeOutOfRangeError).",
            '%0 = "onnx.Concat"(%a, %b) {axis = 4 : si64} : (tensor<5x1xf32>, tensor<5x3xf32>) -> tensor<*xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC802",
            "onnx-operand-rank",
            "{opname}: operand '{operand}' has rank {rank}, rank should be {expected}",
            "An onnx op's operand of a rank its verifier rejects (Concat's inputs of different ranks, "
            "GatherElements', ScatterElements' and ScatterND's operands, TopK's K, MatMulInteger's A or B). The "
            "operand is named as MLIR prints a value: a block argument as "
            "'<block argument> of type 'T' at index: N' (its index in its block); an op's result as the op, "
            "which broadcheck writes as the file has it (one line, no regions; otherwise '#N of type 'T'', "
            "the operand's number).",
            '%0 = "onnx.Concat"(%a, %b) {axis = 0 : si64} : (tensor<5x1xf32>, tensor<5xf32>) -> tensor<*xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC803",
            "onnx-operand-dimension",
            "{opname}: operand '{operand}' has dimension at index {index} with value {value}, value should be "
            "{expected}",
            "An onnx op's operand whose size its verifier rejects (Concat's sizes off the axis, GatherND's "
            "batch dims and index depth, ScatterND's updates, MatMulInteger's zero points). The operand is named "
            "as in BC802.",
            '%0 = "onnx.Concat"(%a, %b) {axis = 1 : si64} : (tensor<5x1xf32>, tensor<4x3xf32>) -> tensor<*xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC804",
            "onnx-op-verifier",
            "{detail}",
            "An onnx shape op its verifier rejects with emitOpError (Reshape's shape of rank other than 1, a "
            "Transpose permutation out of range, Conv's groups and channels, a pool's kernel_shape, "
            "InstanceNormalization's scale and bias, ConstantOfShape's input, Pad's constant_value and axes, "
            "Mod's fmod, the element type of Cast's and CastLike's result, DepthToSpace, Shape's start and end, "
            "Dim's axis, GridSample, DequantizeLinear's scale and zero point, the result's element type of the "
            "Random ops, Bernoulli and EyeLike against dtype, what If's branches yield).",
            '%0 = "onnx.Reshape"(%x, %s) : (tensor<4xf32>, tensor<1x2xi64>) -> tensor<*xf32>',
        ),
        Rule(
            "BC805",
            "onnx-verifier",
            "{detail}",
            "An onnx shape op its verifier rejects with emitError, without the op's name (Conv's and the pools' "
            "kernel_shape, strides, dilations, pads and auto_pad; Range's operands; Resize's scales and sizes; "
            "PRelu's slope of higher rank than X).",
            '%0 = "onnx.Conv"(%x, %w, %b) {strides = [0, 1]} : (...) -> tensor<*xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC806",
            "onnx-inference-result",
            "result #{index} is '{actual}', but ONNX shape inference infers '{inferred}'",
            "An onnx shape op onnx-mlir's verifier accepts, whose result's shape contradicts the one ONNX's shape "
            "inference (onnx.shape_inference, strict mode) infers. A warning: onnx-mlir leaves it to its own "
            "shape inference pass.",
            '%0 = "onnx.Transpose"(%x) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<2x3xf32>',
            severity="warning",
        ),
        Rule(
            "BC807",
            "onnx-inference-rejects",
            "ONNX shape inference rejects this op: {detail}",
            "An onnx shape op onnx-mlir's verifier accepts but ONNX's shape inference (strict mode) fails on: a "
            "Reshape's shape that does not fit, Squeeze's axis of size other than 1, a reduction's axis out of "
            "range, a Conv weight of another spatial rank... (broadcheck's words). A warning.",
            '%0 = "onnx.Squeeze"(%x, %axes) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<*xf32>  // %axes = [0]',
            severity="warning",
        ),
        Rule(
            "BC808",
            "onnx-einsum-verifier",
            "{detail}",
            "An onnx.Einsum its verifier rejects (ONNXEinsumOp::verify): an equation of bad syntax, of another "
            "number of inputs, an output subscript repeated or missing from the inputs, inputs of different element "
            "types, subscripts that do not fit an input's rank, one subscript with sizes that conflict.",
            '%0 = "onnx.Einsum"(%a, %b) {equation = "ij,jk"} : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<*xf32>',
        ),
        Rule(
            "BC809",
            "onnx-inputs-same-rank",
            "{opname}: '{a}' has rank {ra}, '{b}' has rank {rb}. The two inputs must have the same rank.",
            "Two onnx op operands that must have one rank do not (MatMulInteger's A or B and its zero point of "
            "rank above 1; onnx_mlir::Diagnostic::emitInputsMustHaveSameRankError).",
            '%0 = "onnx.MatMulInteger"(%a, %b, %az, %bz) : (tensor<5x16x32xui8>, tensor<32x64xui8>, '
            "tensor<16x1xui8>, tensor<1x64xui8>) -> tensor<*xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC810",
            "onnx-dimensions-same-value",
            "{opname}: '{a}' dimension at index {i} has value {da}, '{b}' dimension at index {i} has value {db}. "
            "The two dimensions must have the same value.",
            "Two onnx op operands whose sizes must agree do not (MatMulInteger's A or B and its zero point; "
            "onnx_mlir::Diagnostic::emitDimensionsMustHaveSameValueError).",
            '%0 = "onnx.MatMulInteger"(%a, %b, %az, %bz) : (tensor<5x16x32xui8>, tensor<32x64xui8>, '
            "tensor<5x1x1xui8>, tensor<1x64xui8>) -> tensor<*xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC811",
            "onnx-gemm-contraction",
            "[ShapeInferenceError] Dimension mismatch in unification between {b} and {a}",
            "ONNX Gemm: the contracted K of B (its first dim, its second with transB) differs from A's (its "
            "second dim, its first with transA); ONNX's shape inference rejects it. A warning: onnx-mlir's "
            "verifier accepts it (its shape inference pass fails later).",
            '%0 = "onnx.Gemm"(%a, %b, %c) : (tensor<4x2xf32>, tensor<3x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>',
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC812",
            "onnx-gemm-rank",
            "[ShapeInferenceError] Input {index} expected to have rank 2 but has rank {rank}",
            "ONNX Gemm: A or B is not a matrix; ONNX's shape inference rejects it. A warning: onnx-mlir's "
            "verifier accepts it (its own test files hold a rank-3 Gemm; its shape inference pass rejects it).",
            '%0 = "onnx.Gemm"(%a, %b, %c) : (tensor<4x3x2xf32>, tensor<3x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>',
            severity="warning",
            op_prefix=False,
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
        Rule(
            "BC906",
            "internal-error",
            "broadcheck could not check this file: internal error ({detail}); its problems are unknown",
            "The language server met an internal error (a bug in broadcheck) while checking an open document: it "
            "says so on the document's first line rather than publish no problems (the command line exits 2 on "
            "the same text).",
            "// (any text that makes broadcheck fail)",
            op_prefix=False,
        ),
        Rule(
            "BC1000",
            "dimension-non-negative",
            "requires non-negative dimension attribute; found ({dim})",
            "get_dimension_size, set_dimension_size: a negative dimension.",
            '%0 = "stablehlo.get_dimension_size"(%a) {dimension = -1 : i64} : (tensor<2xf32>) -> tensor<i32>',
            op_prefix=False,
        ),
        Rule(
            "BC1001",
            "dimension-range",
            "requires dimension attribute in range [0, {rank}); found ({dim})",
            "get_dimension_size, set_dimension_size: the dimension is not one of the operand's.",
            "%0 = stablehlo.get_dimension_size %a, dim = 2 : (tensor<2x3xf32>) -> tensor<i32>",
            op_prefix=False,
        ),
        Rule(
            "BC1002",
            "same-element-type-of",
            "failed to verify that all of {{{names}}} have same element type",
            "AllElementTypesMatch (dynamic_slice's operand and result, dynamic_update_slice's operand, update and "
            "result).",
            "%0 = stablehlo.dynamic_slice %a, %i, sizes = [1] : (tensor<2xf32>, tensor<i32>) -> tensor<1xf64>",
        ),
        Rule(
            "BC1003",
            "elements-literal-dynamic",
            "elements literal type must have static shape",
            "The parser: a dense literal's type has a dynamic size.",
            '%0 = "stablehlo.constant"() {value = dense<1.0> : tensor<?xf32>} : () -> tensor<?xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC1005",
            "zero-operands",
            "requires zero operands",
            "An op without operands (iota, constant) is given some.",
            '%0 = "stablehlo.iota"(%a) {iota_dimension = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC1006",
            "precision-config-size",
            "expects precision config to be empty or have <= 2 elements, got {count}",
            "dot_general, dot, convolution (C11): more than two precisions.",
            "%0 = stablehlo.dot %a, %b, precision = [DEFAULT, HIGH, HIGHEST] : (tensor<3xf32>, tensor<3xf32>) -> "
            "tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1007",
            "dot-batching-count",
            "lhs and rhs should have the same number of batching dimensions",
            "stablehlo.dot_general (C1): the two sides list different numbers of batching dimensions.",
            "%0 = stablehlo.dot_general %a, %b, batching_dims = [0, 1] x [0], contracting_dims = [2] x [1] : "
            "(tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1008",
            "dot-contracting-count",
            "lhs and rhs should have the same number of contracting dimensions",
            "stablehlo.dot_general (C2): the two sides list different numbers of contracting dimensions.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [] : (tensor<2x3xf32>, tensor<3x4xf32>) -> "
            "tensor<2x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1009",
            "dims-duplicated",
            "has duplicated dimension from {lhs} and {rhs}: {dim}",
            "dot_general (C3, C4), gather and scatter: a dimension is named twice across two lists.",
            "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : "
            "(tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1010",
            "dot-dimension-range",
            "{name} value: {dim} is out of range: [0, {rank})",
            "stablehlo.dot_general (C5-C8): a dimension is not one of its operand's.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [2] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> "
            "tensor<2x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1011",
            "dot-batching-sizes",
            "batching dimension sizes must match for lhs/rhs",
            "stablehlo.dot_general (C9): paired batching dimensions have different static sizes.",
            "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [2] x [2] : "
            "(tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1012",
            "dot-contracting-sizes",
            "contracting dimension sizes must match for lhs/rhs",
            "stablehlo.dot_general (C10): paired contracting dimensions have different static sizes.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x5xf32>) -> "
            "tensor<2x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1013",
            "dot-inferred-shape",
            "inferred shape '[{shape}]' is incompatible with return type of operation '{type}'",
            "dot_general, dot: the result's shape is not the one the dimension numbers give.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> "
            "tensor<2x5xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1014",
            "dot-ranks",
            "expected both lhs/rhs ranks to be either 1 or 2",
            "stablehlo.dot: an operand of rank 0 or above 2, or sizes that do not contract.",
            "%0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1015",
            "reducer-parameters",
            "Reduction-region must take {expected} parameters, but takes {count} parameter(s)",
            "reduce, reduce_window, scatter, ...: the body takes two arguments per input.",
            '"stablehlo.reduce"(%a, %b) ({ ^bb0(%x: tensor<f32>): stablehlo.return %x : tensor<f32> }) {dimensions '
            "= array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1862",
            "reducer-no-terminator",
            "The reduction-region expected to have a terminator",
            "reduce, reduce_window, scatter, the collectives, select_and_scatter's scatter region: the body's "
            "block ends in no terminator (verifyReducerShape, after its parameters are counted).",
            '%r = "stablehlo.reduce"(%a, %i) ({ ^bb0(%x: tensor<f32>, %y: tensor<f32>): %s = stablehlo.add %x, %y '
            ": tensor<f32> }) ...",
            op_prefix=False,
        ),
        Rule(
            "BC1016",
            "reducer-returns-nothing",
            "The reduction-region expected to return some value(s)",
            "reduce, reduce_window, scatter, ...: the body returns nothing.",
            "(a body ending in `stablehlo.return` without operands)",
            op_prefix=False,
        ),
        Rule(
            "BC1017",
            "reducer-results",
            "Reduction-region here must produce {expected} tensors, but produces {count} instead",
            "reduce, reduce_window, scatter, ...: the body returns another number of values than there are inputs.",
            "reducer(%x: tensor<f32>, %y: tensor<f32>) { stablehlo.return %x, %y : tensor<f32>, tensor<f32> }",
            op_prefix=False,
        ),
        Rule(
            "BC1018",
            "reducer-parameter-type",
            "The type of reduction-region's parameter at index {index} is different than the corresponding result "
            "type: {arg} vs {acc}",
            "reduce, reduce_window, scatter, ...: a body argument's type is not what the body returns.",
            "^bb0(%x: tensor<f64>, %y: tensor<f32>): stablehlo.return %y : tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1019",
            "reducer-init-shape",
            "The shape of reduction-region's result type at index {index} differs from the op's corresponding "
            "init-value type: {acc} vs {init}",
            "reduce, reduce_window, scatter, ...: the init value's shape is not the body's result shape (0-d).",
            "%0 = stablehlo.reduce(%a init: %b) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, "
            "tensor<1xf32>) -> tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1020",
            "reducer-init-element",
            "The element-type of reduction-region's result type at index {index} is expected to be promotable from "
            "the op's corresponding init-value element-type: {acc} vs {init}",
            "reduce, reduce_window, scatter, ...: the body's result element type cannot hold the init value's.",
            "^bb0(%x: tensor<i8>, %y: tensor<i8>) with an init value of tensor<i32>",
            op_prefix=False,
        ),
        Rule(
            "BC1021",
            "reducer-argument-element",
            "The element-type of reduction-region's argument at index {index} is expected to be promotable from "
            "{input}, but got {arg}",
            "reduce, reduce_window, scatter, ...: a body argument's element type cannot hold the input's.",
            "^bb0(%x: tensor<i8>, %y: tensor<i8>) reducing a tensor<4xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC1022",
            "reducer-argument-rank",
            "The rank of reduction-region's argument at index {index} is expected to be <= {allowed}, got {rank}",
            "reduce, reduce_window, ...: a body argument has more dimensions than the result.",
            "^bb0(%x: tensor<1x1xf32>, %y: tensor<1x1xf32>) reducing tensor<2x3xf32> across [1]",
            op_prefix=False,
        ),
        Rule(
            "BC1023",
            "reducer-argument-shape",
            "The shape of reduction-region's argument at index {index} is not compatible with that of reduce-op's "
            "input-parameter at index {input}",
            "reduce, reduce_window, ...: a body argument's sizes are not a subsequence of the result's.",
            "^bb0(%x: tensor<5xf32>, %y: tensor<5xf32>) reducing tensor<2x3xf32> across [1]",
            op_prefix=False,
        ),
        Rule(
            "BC1024",
            "reduce-input-shapes",
            "expects all inputs to have compatible shapes. Shape at input-index {index} is not compatible with shape "
            "at input-index 0",
            "stablehlo.reduce (C1): the inputs' shapes differ.",
            "%0:2 = stablehlo.reduce(%a init: %z), (%b init: %z) ... : (tensor<2x3xf32>, tensor<3x2xf32>, ...)",
            op_prefix=False,
        ),
        Rule(
            "BC1025",
            "reduce-dimension-range",
            "Out-of-bounds dimension {dim}, expected to be in range [0, {rank})",
            "stablehlo.reduce (C4): a dimension is not one of the inputs'.",
            "%0 = stablehlo.reduce(%a init: %b) applies stablehlo.add across dimensions = [2] : (tensor<2x3xf32>, "
            "tensor<f32>) -> tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1026",
            "reduce-dimension-duplicate",
            "Duplicate reduction dimension: {dim}",
            "stablehlo.reduce (C5): a dimension is reduced twice.",
            "%0 = stablehlo.reduce(%a init: %b) applies stablehlo.add across dimensions = [1, 1] : (tensor<2x3xf32>, "
            "tensor<f32>) -> tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1027",
            "convolution-rank-2",
            "expects convolution arguments to have >= 2 dimensions. Got: {lhs} and {rhs}.",
            "stablehlo.convolution (C13): an operand of rank below 2.",
            "%0 = stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f], window = {} {batch_group_count "
            "= 1 : i64, feature_group_count = 1 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1028",
            "convolution-ranks",
            "expects convolution arguments to have same number of dimensions. Got: {lhs} and {rhs}.",
            "stablehlo.convolution (C1): lhs and rhs have different ranks.",
            "(an lhs of rank 4 with an rhs of rank 3)",
            op_prefix=False,
        ),
        Rule(
            "BC1029",
            "convolution-elements",
            "expects lhs and rhs to have compatible element type. Got: {lhs} and {rhs}",
            "stablehlo.convolution (C27): lhs and rhs element types differ.",
            "(an f32 lhs with an f16 rhs)",
            op_prefix=False,
        ),
        Rule(
            "BC1030",
            "convolution-spatial-count",
            "expects the same size for input, kernel and output spatial-dimensions, but got {input}, {kernel}, and "
            "{output} resp.",
            "stablehlo.convolution (C17, C19): the three layouts name different numbers of spatial dimensions.",
            "dim_numbers = [b, 0, 1, f]x[0, i, o]->[b, 0, 1, f]",
            op_prefix=False,
        ),
        Rule(
            "BC1031",
            "convolution-dimension-range",
            "expects input, kernel, and output dimension-numbers to be in-range [0, {rank}).",
            "stablehlo.convolution (C13, C18, C20): a layout names a dimension the operands do not have.",
            "dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f] on rank-4 operands",
            op_prefix=False,
        ),
        Rule(
            "BC1032",
            "convolution-dimension-unique",
            "expects {side} dimension-numbers to be unique, got {{{dims}}}.",
            "stablehlo.convolution (C13, C18, C20): a layout names a dimension twice.",
            "dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, ...>",
            op_prefix=False,
        ),
        Rule(
            "BC1033",
            "convolution-group-counts",
            "expects batch_group_count and feature_group_count not to be both greater than 1. Got {batch} and "
            "{feature} resp.",
            "stablehlo.convolution (C23): both group counts above 1.",
            "{batch_group_count = 2 : i64, feature_group_count = 2 : i64}",
            op_prefix=False,
        ),
        Rule(
            "BC1034",
            "convolution-batch-groups",
            "expects input batch dimension ({size}) to be divisible by batch_group_count. Got batch_group_count = "
            "{count}.",
            "stablehlo.convolution (C10): the batch size is not a multiple of batch_group_count.",
            "(an input batch of 3 with batch_group_count = 2)",
            op_prefix=False,
        ),
        Rule(
            "BC1035",
            "convolution-feature-groups",
            "expects input feature dimension ({size}) to be a multiple of feature_group_count. Got "
            "feature_group_count = {count}.",
            "stablehlo.convolution (C11): the input features are not a multiple of feature_group_count.",
            "(3 input features with feature_group_count = 2)",
            op_prefix=False,
        ),
        Rule(
            "BC1036",
            "convolution-kernel-input-features",
            "expects input feature dimension ({size}) / feature_group_count = kernel input feature dimension "
            "({kernel}). Got feature_group_count = {count}.",
            "stablehlo.convolution (C14): the kernel's input features do not match the input's.",
            "%0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} "
            "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, "
            "tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1037",
            "convolution-output-batch-groups",
            "expects output feature dimension size ({size}) to be a multiple of batch_group_count. Got "
            "batch_group_count = {count}.",
            "stablehlo.convolution (C15): the kernel's output features are not a multiple of batch_group_count.",
            "(3 output features with batch_group_count = 2)",
            op_prefix=False,
        ),
        Rule(
            "BC1038",
            "convolution-output-feature-groups",
            "expects kernel output feature dimension ({size}) to be divisible by feature_group_count. For "
            "feature_group_count = {count}.",
            "stablehlo.convolution (C16): the kernel's output features are not a multiple of feature_group_count.",
            "(3 output features with feature_group_count = 2)",
            op_prefix=False,
        ),
        Rule(
            "BC1039",
            "convolution-spatial-rank",
            "expects convolution arguments to have {expected} dimensions. Got: {rank}",
            "stablehlo.convolution (C12): the operands' rank is not the spatial dimensions plus two.",
            "dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] on rank-4 operands",
            op_prefix=False,
        ),
        Rule(
            "BC1040",
            "window-attribute-size",
            "expects {name} to have same dimension-size as size of window dimensions ({expected}), but got: {count}.",
            "convolution, reduce_window, select_and_scatter: a window attribute has another length than the window.",
            "window = {stride = [1, 1, 1]} for a 2-d window",
            op_prefix=False,
        ),
        Rule(
            "BC1041",
            "window-positive",
            "expects window to have positive {what} for {index}-th window dimension, but got {got}.",
            "convolution, reduce_window, select_and_scatter: a window size, stride or dilation below 1.",
            "window = {stride = [0, 1]}",
            op_prefix=False,
        ),
        Rule(
            "BC1043",
            "padding-shape",
            "expects the shape of padding-attribute to be {{N, 2}}, but got {{{shape}}}.",
            "convolution, reduce_window: the padding elements attribute is not of shape Nx2.",
            "padding = dense<0> : tensor<2x3xi64>",
            op_prefix=False,
        ),
        Rule(
            "BC1044",
            "gather-operand-rank",
            "offset_dims size ({offset}) plus collapse_slice_dims size ({collapsed}) plus operand_batching_dims size "
            "({batching}) is not equal to operand rank ({rank})",
            "stablehlo.gather (C1): the dimension numbers do not account for every operand dimension.",
            "#stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1> on a rank-2 operand",
            op_prefix=False,
        ),
        Rule(
            "BC1045",
            "dimension-in-range",
            "Expects {name} to be in range [0, {bound_name}] i.e. [0, {bound}]. got: {dim}.",
            "gather, scatter: index_vector_dim beyond the start indices' rank.",
            "index_vector_dim = 3 with rank-1 start indices",
            op_prefix=False,
        ),
        Rule(
            "BC1046",
            "gather-start-index-map",
            "start_index_map size ({size}) is not equal to size of index dimension ({dim}) of start_indices "
            "({effective})",
            "stablehlo.gather (C3): start_index_map has another length than the index vector.",
            "start_index_map = [0, 1] with index vectors of size 1",
            op_prefix=False,
        ),
        Rule(
            "BC1047",
            "dims-sorted",
            "expects {name} to be sorted, got: [{dims}]",
            "gather, scatter: a list of dimensions that must be sorted is not.",
            "offset_dims = [2, 1]",
            op_prefix=False,
        ),
        Rule(
            "BC1048",
            "dims-repeat",
            "expects {name} to not repeat, got: [{dims}]",
            "gather, scatter: a list of dimensions names one twice.",
            "offset_dims = [1, 1]",
            op_prefix=False,
        ),
        Rule(
            "BC1049",
            "dims-in-bounds",
            "Expects each element of {name} to be in range [0, {bound_name}) i.e. [0, {bound}). got: {dim}.",
            "gather, scatter: a dimension out of its tensor's range.",
            "collapsed_slice_dims = [3] on a rank-2 operand",
            op_prefix=False,
        ),
        Rule(
            "BC1050",
            "gather-batching-index-vector",
            "expects start_indices_batching_dims not to include index_vector_dim {dim}",
            "stablehlo.gather (C15): a batching dimension of the start indices is the index vector's.",
            "start_indices_batching_dims = [1], index_vector_dim = 1",
            op_prefix=False,
        ),
        Rule(
            "BC1051",
            "gather-batching-count",
            "operand_batching_dims and start_indices_batching_dims should have the same size",
            "stablehlo.gather (C16): the two batching lists have different lengths.",
            "operand_batching_dims = [0], start_indices_batching_dims = []",
            op_prefix=False,
        ),
        Rule(
            "BC1052",
            "gather-batching-sizes",
            "operand_batching_dims[{index}] and start_indices_batching_dims[{index}] must have compatible sizes, but "
            "got {a} and {b}",
            "stablehlo.gather (C17): paired batching dimensions have different sizes.",
            "a batch of 8 in the operand against 4 in the start indices",
            op_prefix=False,
        ),
        Rule(
            "BC1053",
            "gather-slice-sizes",
            "slice_sizes size ({size}) not equal to operand rank ({rank})",
            "stablehlo.gather (C20): one slice size per operand dimension.",
            "slice_sizes = array<i64: 1> on a rank-2 operand",
            op_prefix=False,
        ),
        Rule(
            "BC1054",
            "gather-slice-size-one",
            "Expects that for each dim in {name}, slice_sizes[dim] should be <= 1, but got {size}",
            "stablehlo.gather (C9, C12): a collapsed or batching dimension sliced by more than one.",
            "collapsed_slice_dims = [0], slice_sizes = array<i64: 2, 768>",
            op_prefix=False,
        ),
        Rule(
            "BC1055",
            "gather-slice-size-bounds",
            "slice size ({size}) is out of bounds for operand dimension ({dim_size}) at index {index}",
            "stablehlo.gather (C21): a slice larger than the operand (or negative).",
            "slice_sizes = array<i64: 1, 769> on tensor<50257x768xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1056",
            "scatter-inputs",
            "Not all inputs have compatible shapes.",
            "stablehlo.scatter (C1): the inputs' shapes differ.",
            "two inputs tensor<4x3xf32> and tensor<5x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1057",
            "scatter-updates",
            "Not all updates have compatible shapes.",
            "stablehlo.scatter (C3): the updates' shapes differ.",
            "two updates tensor<2x3xf32> and tensor<2x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1058",
            "scatter-update-rank",
            "expects updates tensor must be of rank {expected} ( == rank-of('scatter_indices') - 1 + "
            "size-of('update_window_dims'), where 'scatter_indices' is expanded by a trailing 1 dimension if "
            "'index_vector_dim' == rank-of('scatter_indices')), but got {rank}.",
            "stablehlo.scatter (C4): the updates' rank does not fit the indices and the window dimensions.",
            "updates tensor<3xf32> with update_window_dims = [1] and indices tensor<2x1xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC1059",
            "scatter-operand-rank",
            "Expects rank-of operand to match size-of('update_window_dims') + size-of('inserted_window_dims') + "
            "size-of('input_batching_dims') i.e. {size} but got {rank}.",
            "stablehlo.scatter (C2): the dimension numbers do not account for every operand dimension.",
            "update_window_dims = [1] alone for a rank-2 operand",
            op_prefix=False,
        ),
        Rule(
            "BC1060",
            "scatter-dims-sorted",
            "Expects {name} to be sorted; got: [{dims}].",
            "stablehlo.scatter (C7, C10, C12): a list of dimensions that must be sorted is not.",
            "update_window_dims = [2, 1]",
            op_prefix=False,
        ),
        Rule(
            "BC1061",
            "scatter-dims-repeat",
            "Expects {name} to not repeat; got: [{dims}].",
            "stablehlo.scatter (C7, C14): a list of dimensions names one twice.",
            "update_window_dims = [1, 1]",
            op_prefix=False,
        ),
        Rule(
            "BC1062",
            "scatter-batching-index-vector",
            "expects scatter_indices_batching_dims not to include index_vector_dim {dim}.",
            "stablehlo.scatter (C16): a batching dimension of the indices is the index vector's.",
            "scatter_indices_batching_dims = [1], index_vector_dim = 1",
            op_prefix=False,
        ),
        Rule(
            "BC1063",
            "scatter-batching-count",
            "input_batching_dims and scatter_indices_batching_dims should have the same size.",
            "stablehlo.scatter (C17): the two batching lists have different lengths.",
            "input_batching_dims = [0], scatter_indices_batching_dims = []",
            op_prefix=False,
        ),
        Rule(
            "BC1064",
            "scatter-batching-sizes",
            "input_batching_dims[{index}] and scatter_indices_batching_dims[{index}] must have compatible sizes, but "
            "got {a} and {b}.",
            "stablehlo.scatter (C18): paired batching dimensions have different sizes.",
            "a batch of 8 in the input against 4 in the indices",
            op_prefix=False,
        ),
        Rule(
            "BC1065",
            "scatter-index-vector-size",
            "Scatter op has {count} elements in scatter_dims_to_operand_dims and the bound of dimension "
            "index_vector_dim={dim} of scatter_indices is {bound}. These two numbers must be equal.",
            "stablehlo.scatter (C19): scatter_dims_to_operand_dims has another length than the index vector.",
            "scatter_dims_to_operand_dims = [0, 1] with index vectors of size 1",
            op_prefix=False,
        ),
        Rule(
            "BC1066",
            "scatter-window-bounds",
            "expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding "
            "dimensions of operand. For dimension {dim}, updates bound is {update}, operand bound is {operand}.",
            "stablehlo.scatter (C4): an update window larger than the operand.",
            "updates tensor<2x4xf32> into an operand tensor<4x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1067",
            "scatter-scatter-bounds",
            "expects bounds of the scatter dimensions of updates to be same as the bounds of the corresponding "
            "dimensions of scatter indices. For scatter dimension {dim}, updates bound is {update} , scatter_indices "
            "bound is {indices}.",
            "stablehlo.scatter (C4): the updates' scatter dimensions do not match the indices' (StableHLO's words, "
            "with its space before the comma).",
            "updates tensor<3x3xf32> with indices tensor<2x1xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC1068",
            "attributes-same-type",
            "failed to verify that all of {{{names}}} have same type",
            "mhlo.slice: start_indices, limit_indices and strides have different lengths (MHLO compares their types).",
            '%0 = "mhlo.slice"(%a) {start_indices = dense<[0, 0]> : tensor<2xi64>, limit_indices = dense<[1]> : '
            "tensor<1xi64>, strides = dense<[1, 1]> : tensor<2xi64>} : (tensor<2x3xf32>) -> tensor<1x3xf32>",
        ),
        Rule(
            "BC1069",
            "reducer-result-tensor",
            "Reduction-region here must produce tensor-typed result(s), but produces {type} instead",
            "reduce, scatter, ...: the body returns a value that is not a tensor (a scalar, a tuple).",
            "^bb0(%x: tensor<f32>, %y: tensor<f32>): %c = arith.constant 1.0 : f32  stablehlo.return %c : f32",
            op_prefix=False,
        ),
        Rule(
            "BC1070",
            "requires-attribute",
            "requires attribute '{name}'",
            "The generic form of a StableHLO or CHLO op lacks an attribute the op requires.",
            '%0 = "stablehlo.transpose"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>',
        ),
        Rule(
            "BC1071",
            "hlo-at-least-operands",
            "expected {expected} or more operands, but found {count}",
            "An op with variadic operands (concatenate, dynamic_slice, ...) has fewer than it needs.",
            '%0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<2xf32>',
        ),
        Rule(
            "BC1072",
            "attributes-same-size",
            "failed to verify that all of {{{names}}} have same size",
            "slice's start/limit/strides or pad's low/high/interior paddings differ in length.",
            '%0 = "stablehlo.slice"(%a) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 1>, strides '
            "= array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<1x3xf32>",
        ),
        Rule(
            "BC1073",
            "elements-literal-shape",
            "inferred shape of elements literal ([{literal}]) does not match type ([{type}])",
            "The parser: a dense literal's nesting gives another shape than its type (at the literal).",
            "%0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1074",
            "hlo-result-count",
            "expected {expected} results, but found {count}",
            "An op with a fixed number of results has another number.",
            '%0 = "chlo.top_k"(%a) {k = 1 : i64} : (tensor<4xf32>) -> tensor<1xf32>',
        ),
        Rule(
            "BC1075",
            "elements-literal-ragged",
            "tensor literal is invalid; ranks are not consistent between elements",
            "The parser: the elements of a dense literal's list are nested to different depths.",
            "%0 = stablehlo.constant dense<[[1.0, 2.0], 3.0]> : tensor<2x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1076",
            "result-accuracy-tolerances",
            "Invalid tolerances for ResultAccuracyAttr with mode {mode}, must be all zero.",
            "The attribute's own verifier, as the parser builds it: a `#stablehlo.result_accuracy` whose "
            "mode is not TOLERANCE has an atol, rtol or ulps that is not zero.",
            "%0 = stablehlo.cbrt %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.0, rtol = 0.0, "
            "ulps = 4, mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1077",
            "result-accuracy-negative",
            "Negative tolerance",
            "The attribute's own verifier, as the parser builds it: a `#stablehlo.result_accuracy` has a "
            "negative atol, rtol or ulps.",
            "%0 = stablehlo.cbrt %a {result_accuracy = #stablehlo.result_accuracy<atol = -1.0, rtol = 0.0, "
            "ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<f32>",
            op_prefix=False,
        ),
        # ---- BC1090-BC1129: regions and terminators (dialects/linalg/regions.py, stablehlo/regions.py)
        Rule(
            "BC1090",
            "linalg-yield-count",
            "'linalg.yield' op expected number of yield values ({count}) to match the number of inits / outs "
            "operands of the enclosing LinalgOp ({expected})",
            "A Linalg op's body yields another number of values than the op has inits (reported at the yield).",
            'linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : '
            "tensor<4xf32>) outs(%b : tensor<4xf32>) { ^bb0(%x: f32, %y: f32): linalg.yield %x, %y : f32, f32 }",
            op_prefix=False,
        ),
        Rule(
            "BC1091",
            "linalg-map-arity",
            "expects number of operands to match the arity of mapper, but got: {expected} and {count}",
            "linalg.map's body takes one argument per input and one for the init.",
            "%r = linalg.map ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) (%x: f32) { linalg.yield %x : f32 }",
        ),
        Rule(
            "BC1092",
            "linalg-map-input-element",
            "expected element type of input '{element}' to match bbArg type '{arg}'",
            "linalg.map's body argument for an input is not the input's element type.",
            "%r = linalg.map ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) (%x: f16, %o: f32) { ... }",
        ),
        Rule(
            "BC1093",
            "linalg-map-shape",
            "expected shape of input ({input}) to match shape of output ({output})",
            "linalg.map: an input's shape differs from the init's.",
            "%r = linalg.map ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x4xf32>) (%x: f32, %o: f32) { ... }",
        ),
        Rule(
            "BC1094",
            "linalg-reduce-input-shapes",
            "expects all inputs to have the same shapes. Shape at input-index {index} is not equal to the shape "
            "at input-index 0.",
            "linalg.reduce: its inputs differ in shape.",
            "%r:2 = linalg.reduce ins(%a, %b : tensor<4x8xf32>, tensor<4x7xf32>) outs(...) dimensions = [1] ...",
        ),
        Rule(
            "BC1095",
            "linalg-reduce-output-shapes",
            "expects all outputs to have the same shapes. Shape at output-index {index} is not equal to the shape "
            "at output-index 0.",
            "linalg.reduce: its inits differ in shape.",
            "%r:2 = linalg.reduce ins(...) outs(%c, %d : tensor<4xf32>, tensor<5xf32>) dimensions = [1] ...",
        ),
        Rule(
            "BC1096",
            "linalg-reduce-dimension-range",
            "dimensions for reduction should be in the range [0, {last}].",
            "linalg.reduce: a reduced dimension is not a dimension of the input.",
            "%r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [2] ...",
        ),
        Rule(
            "BC1097",
            "linalg-reduce-rank",
            "number of dimensions after reduction {count} doesn't match the init rank {rank}",
            "linalg.reduce: the init's rank is not the input's rank less the reduced dimensions.",
            "%r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<4x1xf32>) dimensions = [1] ...",
        ),
        Rule(
            "BC1098",
            "linalg-reduce-init-shape",
            "init dimensions [{init}] doesn't match input dimensions after reduction [{reduced}]",
            "linalg.reduce: the init's shape is not the input's without the reduced dimensions.",
            "%r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<8xf32>) dimensions = [1] ...",
        ),
        Rule(
            "BC1099",
            "linalg-reduce-block-arguments",
            "mismatching number of operands and block arguments",
            "linalg.reduce's body takes one argument per input and per init.",
            "%r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [1] "
            "(%x: f32) { linalg.yield %x : f32 }",
        ),
        Rule(
            "BC1100",
            "linalg-reduce-input-element",
            "input element type '{element}' does not match corresponding block argument type '{arg}'",
            "linalg.reduce's body argument for an input is not the input's element type.",
            "%r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [1] "
            "(%x: f16, %y: f32) { ... }",
        ),
        Rule(
            "BC1101",
            "linalg-reduce-output-element",
            "output element type '{element}' does not match corresponding block argument type '{arg}'",
            "linalg.reduce's body argument for an init is not the init's element type.",
            "%r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [1] "
            "(%x: f32, %y: f16) { ... }",
        ),
        Rule(
            "BC1102",
            "linalg-reduce-variadic",
            "expected equal number of inputs and outputs (required by SameVariadicOperandSize), got {inputs} "
            "input(s) and {outputs} output(s)",
            "linalg.reduce takes as many inits as inputs.",
            "%r = linalg.reduce ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%c : tensor<4xf32>) ...",
        ),
        Rule(
            "BC1103",
            "linalg-reduce-dimensions-sorted",
            "attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in "
            "increasing order",
            "linalg.reduce's (and linalg.broadcast's) dimensions must be strictly increasing.",
            "%r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%b : tensor<4xf32>) dimensions = [1, 1] ...",
        ),
        Rule(
            "BC1104",
            "linalg-index-dim",
            "'linalg.index' op expected dim ({dim}) to be lower than the number of loops ({loops}) of the "
            "enclosing LinalgOp",
            "linalg.index names a loop the enclosing Linalg op does not have (reported at the index op).",
            'linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : '
            "tensor<4xf32>) outs(%b : tensor<4xf32>) { ^bb0(%x: f32, %y: f32): %i = linalg.index 1 : index ... }",
            op_prefix=False,
        ),
        Rule(
            "BC1105",
            "while-condition-arguments",
            "expect operands to be compatible with condition block arguments but got {operands} vs {arguments}",
            "stablehlo.while (C1): the condition region's arguments do not fit the operands.",
            '%r = "stablehlo.while"(%a) ({ ^bb0(%x: tensor<4xf16>): ... }, { ... }) : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1106",
            "while-body-arguments",
            "expect operands to be compatible with body block arguments but got {operands} vs {arguments}",
            "stablehlo.while (C2): the body region's arguments do not fit the operands.",
            '%r = "stablehlo.while"(%a) ({ ... }, { ^bb0(%x: tensor<4xf16>): ... }) : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1107",
            "while-body-returns",
            "expect operands to be compatible with body block return types but got {operands} vs {returns}",
            "stablehlo.while (C2): what the body returns does not fit the operands.",
            "%r:2 = stablehlo.while(%x = %a, %i = %n) : tensor<4xf32>, tensor<i32> cond { ... } do { "
            "stablehlo.return %i, %i : tensor<i32>, tensor<i32> }",
            op_prefix=False,
        ),
        Rule(
            "BC1863",
            "while-body-no-terminator",
            "The while body-region expected to have a terminator",
            "stablehlo.while: its body's block ends in no terminator (verifyWhileOp, after the blocks' arguments).",
            '%r = "stablehlo.while"(%a) ({ ... }, { ^bb0(%x: tensor<i32>): %s = stablehlo.add %x, %x : tensor<i32> }) '
            "...",
            op_prefix=False,
        ),
        Rule(
            "BC1108",
            "while-condition-count",
            "expect condition body returns a single value but got {count}",
            "stablehlo.while (C1): the condition region returns more or fewer than one value.",
            "%r:2 = stablehlo.while(%x = %a, %i = %n) : tensor<4xf32>, tensor<i32> cond { "
            "stablehlo.return %c, %c : tensor<i1>, tensor<i1> } do { ... }",
            op_prefix=False,
        ),
        Rule(
            "BC1109",
            "while-condition-type",
            "expect condition block return a zero-ranked tensor of i1 but got {type}",
            "stablehlo.while (C1): the condition region returns something other than a tensor<i1>.",
            "%r:2 = stablehlo.while(%x = %a, %i = %n) : tensor<4xf32>, tensor<i32> cond { "
            "stablehlo.return %i : tensor<i32> } do { ... }",
            op_prefix=False,
        ),
        Rule(
            "BC1110",
            "case-branch-types",
            "branch 0 and branch {index} have mismatched return types: {first} vs {other}",
            "stablehlo.case / stablehlo.if: two branches return different types.",
            '%r = "stablehlo.case"(%p) ({ stablehlo.return %a : tensor<4xf32> }, { stablehlo.return %h : '
            "tensor<4xf16> }) : (tensor<i32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1111",
            "case-branch-arguments",
            "branch {index} must have 0 arguments, but found {count}",
            "stablehlo.case / stablehlo.if: a branch region takes arguments.",
            '%r = "stablehlo.case"(%p) ({ ^bb0(%z: tensor<4xf32>): stablehlo.return %a : tensor<4xf32> }) : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1112",
            "tensor-concat-no-input",
            "requires at least one input",
            "tensor.concat without operands.",
            "%0 = tensor.concat dim(0) : () -> tensor<4xf32>",
        ),
        Rule(
            "BC1113",
            "top-k-rank",
            "operand's rank must be at least 1",
            "chlo.top_k of a 0-d operand (its type inference fails; 'failed to infer returned types' follows).",
            "%0:2 = chlo.top_k(%x, k = 4) : tensor<f32> -> (tensor<4xf32>, tensor<4xi32>)",
            op_prefix=False,
        ),
        Rule(
            "BC1114",
            "top-k-last-dimension",
            "operand's last dimension must be at least {k}",
            "chlo.top_k: the operand's last dimension is smaller than k (its type inference fails).",
            "%0:2 = chlo.top_k(%x, k = 4) : tensor<16x3xf32> -> (tensor<16x4xf32>, tensor<16x4xi32>)",
            op_prefix=False,
        ),
        Rule(
            "BC1115",
            "reduce-window-input-shapes",
            "expects all inputs to have compatible shapes. Shape at input-index {index} is not compatible with shape "
            "at input-index 0",
            "stablehlo.reduce_window (C2): its inputs' shapes are not compatible.",
            '%0:2 = "stablehlo.reduce_window"(%a, %b, %i, %j) <{window_dimensions = array<i64: 2>}> ({...}) : '
            "(tensor<4xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>) -> (...)",
            op_prefix=False,
        ),
        Rule(
            "BC1116",
            "reduce-window-rank",
            "expects window-dimensions size == input rank, but got window-dimensions size: {size} and input: {input} "
            "with rank = {rank}.",
            "stablehlo.reduce_window (C4): window_dimensions has another length than the input's rank.",
            '%0 = "stablehlo.reduce_window"(%a, %i) <{window_dimensions = array<i64: 2>}> ({...}) : '
            "(tensor<4x6xf32>, tensor<f32>) -> tensor<4x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1117",
            "conditional-operand-rank",
            "operand should be rank 0 tensor but got rank {rank}",
            "stablehlo.case / stablehlo.if: the index or predicate is not 0-d (its type inference fails).",
            '%r = "stablehlo.if"(%p) ({...}, {...}) : (tensor<1xi1>) -> tensor<f32>',
            op_prefix=False,
        ),
        Rule(
            "BC1118",
            "region-count",
            "expected {count} regions",
            "An op with a fixed number of regions (stablehlo.if: two) has another number.",
            '%r = "stablehlo.if"(%p) ({ stablehlo.return %a : tensor<f32> }) : (tensor<i1>) -> tensor<f32>',
        ),
        Rule(
            "BC1119",
            "case-no-branch",
            "expect at least one branch",
            "stablehlo.case without a region (its type inference fails).",
            '%r = "stablehlo.case"(%i) : (tensor<i32>) -> tensor<2xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC1120",
            "sort-dimension",
            "dimension attribute value must be in range [-{rank}, {rank}), but found {dim}",
            "stablehlo.sort (C4): the dimension is not one of the inputs'.",
            '%0 = "stablehlo.sort"(%a) <{dimension = 1 : i64}> ({ ...}) : (tensor<4x8xf32>) -> tensor<4x8xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC1121",
            "sort-comparator-arguments",
            "comparator block should have {count} arguments",
            "stablehlo.sort (C5): the comparator takes two arguments per input.",
            '%0 = "stablehlo.sort"(%a) <{dimension = 1 : i64}> ({ ^bb0(%x: tensor<f32>): ...}) : '
            "(tensor<4x8xf32>) -> tensor<4x8xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1122",
            "sort-comparator-argument-type",
            "comparator block argument #{index} should be of type {want} but got {got}",
            "stablehlo.sort (C5): a comparator argument is not the 0-d tensor of its input's element type.",
            '%0 = "stablehlo.sort"(%a) <{dimension = 1 : i64}> ({ ^bb0(%x: tensor<f32>, %y: tensor<f16>): ...}) : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1123",
            "sort-comparator-results",
            "comparator must return single output but got {count}",
            "stablehlo.sort (C5): the comparator returns more or fewer than one value.",
            '%0 = "stablehlo.sort"(%a) <{dimension = 1 : i64}> ({ ... stablehlo.return %c, %c : '
            "tensor<i1>, tensor<i1> }) : ...",
            op_prefix=False,
        ),
        Rule(
            "BC1124",
            "sort-comparator-type",
            "comparator must return tensor<i1> but got {got}",
            "stablehlo.sort (C5): the comparator returns something other than a tensor<i1>.",
            '%0 = "stablehlo.sort"(%a) <{dimension = 1 : i64}> ({ ... stablehlo.return %x : tensor<f32> }) : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1125",
            "map-arity",
            "expects number of operands to match the arity of map computation, but got: {inputs} and {count}",
            "stablehlo.map (C4): the computation takes one argument per input.",
            '%0 = "stablehlo.map"(%a, %b) <{dimensions = array<i64: 0>}> ({ ^bb0(%x: tensor<f32>): ... }) : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1126",
            "map-argument-rank",
            "computation arguments must be 0-rank tensor, but got: arg #{index} of type {type}",
            "stablehlo.map (C4): a computation argument is not 0-d.",
            '%0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({ ^bb0(%x: tensor<1xf32>): ... }) : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1127",
            "map-argument-element",
            "element type of operands and computation arguments must match, but got: {element} and {arg}",
            "stablehlo.map (C4): a computation argument's element type is not its input's.",
            '%0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({ ^bb0(%x: tensor<f16>): ... '
            "}) : (tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1128",
            "map-results",
            "computation must return single output, but got: {count}",
            "stablehlo.map (C4): the computation returns more or fewer than one value.",
            '%0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({ ... stablehlo.return %x, %x '
            ": tensor<f32>, tensor<f32> }) : ...",
            op_prefix=False,
        ),
        Rule(
            "BC1129",
            "map-result-rank",
            "computation must return 0-rank tensor, but got: {type}",
            "stablehlo.map (C4): the computation returns a tensor that is not 0-d.",
            '%0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({ ... stablehlo.return %c : '
            "tensor<2xf32> }) : ...",
            op_prefix=False,
        ),
        Rule(
            "BC547",
            "map-dimensions-order",
            "requires monotonically increasing dimension numbers, but got: {dims}",
            "stablehlo.map (C3): dimensions is not 0, 1, ..., rank - 1.",
            '%0 = "stablehlo.map"(%a) <{dimensions = array<i64: 1, 0>}> ({...}) : (tensor<4x2xf32>) -> tensor<4x2xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC548",
            "map-dimensions-count",
            "applied to a subset of dimensions currently not supported: operand dimensions = {rank}, requested map "
            "dimensions size = {count}",
            "stablehlo.map (C3): dimensions does not name every dimension of the inputs.",
            '%0 = "stablehlo.map"(%a) <{dimensions = array<i64: 0>}> ({...}) : (tensor<4x2xf32>) -> tensor<4x2xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC1150",
            "ods-same-type",
            "requires the same type for all operands and results",
            "An op with the SameOperandsAndResultType trait (arith.addf, math.tanh, ...) has an operand or result "
            "of another element type or an incompatible shape (a check generated from the op's ODS traits).",
            '%0 = "arith.addf"(%a, %b) : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>',
        ),
        Rule(
            "BC1151",
            "ods-same-shape",
            "requires the same shape for all operands and results",
            "An op with the SameOperandsAndResultShape trait (arith.extf, casts, tf.Relu6 through TensorFlow's "
            "SameOperandsAndResultTypeResolveRef, ...) changes the shape (generated from its ODS traits).",
            '%0 = "tf.Relu6"(%a) : (tensor<2x3xf32>) -> tensor<3x3xf32>',
        ),
        Rule(
            "BC1152",
            "ods-same-element-type",
            "requires the same element type for all operands and results",
            "An op with the SameOperandsAndResultElementType trait mixes element types (generated from its ODS "
            "traits).",
            '%0 = "vector.fma"(%a, %b, %c) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf16>',
        ),
        Rule(
            "BC1153",
            "ods-same-operands-shape",
            "requires the same shape for all operands",
            "An op with the SameOperandsShape trait has operands of incompatible shapes (generated from its ODS "
            "traits).",
            "(operands tensor<2xf32> and tensor<3xf32>)",
        ),
        Rule(
            "BC1154",
            "ods-same-operands-element-type",
            "requires the same element type for all operands",
            "An op with the SameOperandsElementType trait has operands of different element types (generated from "
            "its ODS traits).",
            "(operands tensor<2xf32> and tensor<2xi32>)",
        ),
        Rule(
            "BC1155",
            "ods-same-type-operands",
            "requires all operands to have the same type",
            "An op with the SameTypeOperands trait (arith.cmpf, arith.cmpi) has operands of different types "
            "(generated from its ODS traits).",
            '%0 = "arith.cmpf"(%a, %b) <{predicate = 1 : i64}> : (f32, f64) -> i1',
        ),
        Rule(
            "BC1156",
            "ods-elementwise-scalar-operands",
            "if a result is non-scalar, then at least one operand must be non-scalar",
            "An op with the Elementwise trait has a tensor or vector result but only scalar operands.",
            '%0 = "math.absf"(%a) : (f32) -> tensor<4xf32>',
        ),
        Rule(
            "BC1157",
            "ods-elementwise-scalar-results",
            "if an operand is non-scalar, then there must be at least one non-scalar result",
            "An op with the Elementwise trait has a tensor or vector operand but only scalar results.",
            '%0 = "math.absf"(%a) : (tensor<4xf32>) -> f32',
        ),
        Rule(
            "BC1158",
            "ods-elementwise-mixed-results",
            "if an operand is non-scalar, then all results must be non-scalar",
            "An op with the Elementwise trait has a tensor or vector operand and a scalar result among shaped ones.",
            "(arith.addui_extended with a tensor sum and an i1 overflow flag)",
        ),
        Rule(
            "BC1159",
            "ods-elementwise-shapes",
            "all non-scalar operands/results must have the same shape and base type",
            "An op with the Elementwise trait mixes shapes, or tensors with vectors (or ranked with unranked tensors).",
            '%0 = "arith.extf"(%a) : (tensor<4xf16>) -> vector<4xf32>',
        ),
        Rule(
            "BC1160",
            "ods-same-encoding",
            "requires the same encoding for all operands and results",
            "An op with the SameOperandsAndResultType trait mixes tensor encodings.",
            "(tensor<4xf32, #enc1> and tensor<4xf32, #enc2>)",
        ),
        Rule(
            "BC1161",
            "ods-tf-compatible-element-types",
            "requires compatible element types for all operands and results",
            "A tf op with TensorFlow's SameOperandsAndResult(Element)TypeResolveRef trait (tf.Relu6, tf.Neg, "
            "tf.Rsqrt, tf.AddV2, ...) mixes element types.",
            '%0 = "tf.Rsqrt"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf64>',
        ),
        Rule(
            "BC1162",
            "ods-zero-values",
            "requires zero {kind}",
            "An op that takes no operands (or has no results) is written with some (generic form).",
            '"tf.NoOp"(%a) : (tensor<f32>) -> ()',
        ),
        Rule(
            "BC1163",
            "ods-value-count",
            "expected {expected} {kind}, but found {count}",
            "An op is written with the wrong number of operands or results (generic form).",
            '%0 = "tf.AddV2"(%a) : (tensor<f32>) -> tensor<f32>',
        ),
        Rule(
            "BC1164",
            "ods-value-count-at-least",
            "expected {expected} or more {kind}, but found {count}",
            "An op is written with too few operands or results (generic form).",
            '%0 = "tf.AddN"() : () -> tensor<f32>',
        ),
        Rule(
            "BC1165",
            "ods-single-operand",
            "requires a single operand",
            "A unary op is written with another number of operands (generic form).",
            '%0 = "tf.Relu"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>',
        ),
        Rule(
            "BC1166",
            "ods-one-result",
            "requires one result",
            "An op with one result is written with another number of results (generic form).",
            '"tf.Relu"(%a) : (tensor<f32>) -> ()',
        ),
        Rule(
            "BC1167",
            "ods-type-constraint",
            "{kind} #{index} must be {constraint}, but got '{type}'",
            "An operand or result does not meet its ODS type constraint (arith.addf on integers, arith.addi on "
            "floats); generated from the op's ODS invariants.",
            '%0 = "arith.addf"(%a, %b) : (i32, i32) -> i32',
        ),
        Rule(
            "BC1168",
            "ods-predicate",
            "failed to verify that {what}",
            "An ODS PredOpTrait of the op fails (AllTypesMatch: 'all of {lhs, result} have same type'; arith.cmpf's "
            "'result type has i1 element type and same shape as operands'); generated from its ODS invariants.",
            '%0 = "arith.select"(%c, %a, %b) : (i1, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC1169",
            "ods-inferred-type",
            "inferred type(s) '{inferred}' are incompatible with return type(s) of operation '{actual}'",
            "An op that infers its result type (InferTypeOpInterface) with SameOperandsAndResultType is written "
            "with a result type other than its first operand's, though compatible (a static size for a '?').",
            '%0 = "arith.muli"(%a, %b) : (tensor<?xi32>, tensor<5xi32>) -> tensor<5xi32>',
        ),
        Rule(
            "BC1170",
            "ods-cast-incompatible",
            "{operands} and result type '{result}' are cast incompatible",
            "A cast op's CastOpInterface rejects its types: arith.bitcast between elements of different bit widths, "
            "arith.extf to a narrower type, arith.index_cast between two integers, ...",
            '%0 = "arith.bitcast"(%a) : (tensor<2xf32>) -> tensor<2xf16>',
        ),
        # ---- BC1260-BC1299: ONNX-MLIR's constants, returns and unary tail (dialects/onnx/tail.py)
        Rule(
            "BC1260",
            "onnx-inferred-rank",
            "[ShapeInferenceError] Inferred shape and existing shape differ in rank: ({inferred}) vs ({actual})",
            "An onnx.Constant whose result is of another rank than its value, or a unary elementwise op (Relu, "
            "Sigmoid, Sqrt, ...) whose result is of another rank than its input: ONNX's shape inference (strict "
            "mode) rejects it, in these words. A warning: onnx-mlir's verifier accepts it (its shape inference "
            "pass rewrites the type).",
            '%0 = "onnx.Constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3x1xf32>',
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC1261",
            "onnx-inferred-dimension",
            "[ShapeInferenceError] Inferred shape and existing shape differ in dimension {index}: ({inferred}) vs "
            "({actual})",
            "An onnx.Constant whose result's size differs from its value's, or a unary elementwise op whose "
            "result's size differs from its input's, where both are known: ONNX's shape inference (strict mode) "
            "rejects it, in these words. A warning, as BC1260.",
            '%0 = "onnx.Relu"(%x) : (tensor<3xf32>) -> tensor<4xf32>',
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC1262",
            "onnx-inferred-element",
            "[TypeInferenceError] Inferred elem type differs from existing elem type: ({inferred}) vs ({actual})",
            "An onnx.Constant whose result's element type is not its value's, or a unary elementwise op whose "
            "result's element type is not its input's. ONNX prints its TensorProto data types (1 f32, 2 ui8, "
            "3 i8, 6 i32, 7 i64, 9 i1, 10 f16, 11 f64, 16 bf16, ...). A warning, as BC1260.",
            "%0 = onnx.Constant {value = dense<1.0> : tensor<3xf32>} : tensor<3xi64>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC1263",
            "onnx-return-count",
            "has {count} operands, but enclosing function (@{name}) returns {expected}",
            "onnx.Return returns another number of values than its function has results (ONNXReturnOp::verify).",
            "func.func @f(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) { onnx.Return %a : tensor<2xf32> }",
        ),
        Rule(
            "BC1264",
            "onnx-return-type",
            "type of return operand {index} ({actual}) is incompatible with function result type ({expected}) in "
            "function @{name}",
            "onnx.Return returns a value whose type is neither its function's result type nor more specific than "
            "it (a static size where the function says '?', a ranked tensor where it says unranked; "
            "ONNXReturnOp::verify, with emitError: no op name before it).",
            "func.func @f(%a: tensor<?xf32>) -> tensor<2xf32> { onnx.Return %a : tensor<?xf32> }",
            op_prefix=False,
        ),
        Rule(
            "BC1265",
            "onnx-gelu-approximate",
            "This value is unsupported. The approximate attribute should be a value of none or tanh. The value "
            "received was approximate = {value}",
            'onnx.Gelu\'s approximate attribute is neither "none" (its default) nor "tanh" (ONNXGeluOp::verify).',
            '%0 = "onnx.Gelu"(%x) {approximate = "erf"} : (tensor<3xf32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC1266",
            "onnx-isinf-detect",
            "This variation is currently unsupported. One or both of the attributes must be a value of 1 to ensure "
            "mapping to infinity.",
            "onnx.IsInf on a ranked input with both detect_positive and detect_negative 0 (ONNXIsInfOp::verify).",
            '%0 = "onnx.IsInf"(%x) {detect_negative = 0 : si64, detect_positive = 0 : si64} : (tensor<3xf32>) -> '
            "tensor<3xi1>",
        ),
        # BC1300-BC1349: tf and tfl (issue 29's tail of real exports)
        Rule(
            "BC1300",
            "tf-shape-op",
            "{detail}",
            "tf.Shape: a result that is not 1-D, whose size is not the operand's rank, or not of i32/i64 elements.",
            '%0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<3xi32>',
        ),
        Rule(
            "BC1301",
            "tf-space-to-batch-nd",
            "{detail}",
            "tf.SpaceToBatchND: block_shape not 1-D, paddings not [M, 2], an input of rank below 1 + M, a block "
            "size below 1, a negative padding, or a padded size its block size does not divide.",
            '%0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x4x4x3xf32>, tensor<2xi32>, tensor<3x2xi32>) '
            "-> tensor<4x2x2x3xf32>",
        ),
        Rule(
            "BC1302",
            "tf-batch-to-space-nd",
            "{detail}",
            "tf.BatchToSpaceND: crops whose static shape is not [M, 2] for a block_shape of M values.",
            '%0 = "tf.BatchToSpaceND"(%x, %b, %c) : (tensor<4x2x2x3xf32>, tensor<2xi32>, tensor<2x3xi32>) '
            "-> tensor<1x4x4x3xf32>",
        ),
        Rule(
            "BC1303",
            "tf-reduction-dims",
            "{detail}",
            "tf.All/tf.Any: reduction indices of rank 2 or more, or a constant index outside [-rank, rank) of the "
            "input (TensorFlow words it without the op's name).",
            '%0 = "tf.All"(%x, %d) : (tensor<2x3xi1>, tensor<1xi32>) -> tensor<2xi1>',
            op_prefix=False,
        ),
        Rule(
            "BC1304",
            "tfl-while",
            "{detail}",
            "tfl.while: operands and results of different counts, condition and body arguments of different "
            "counts, or a pair of them of incompatible shapes (WhileOp::verify).",
            '%0 = "tfl.while"(%a, %b) ({...}, {...}) : (tensor<i32>, tensor<2xf32>) -> tensor<i32>',
        ),
        Rule(
            "BC1305",
            "tf-tensor-list",
            "{detail}",
            "tf.TensorListReserve/TensorListStack: a result variant without exactly one subtype, an element_shape "
            "that is not 0-D or 1-D, a num_elements that is not 0-D.",
            '%0 = "tf.TensorListReserve"(%s, %n) : (tensor<2xi32>, tensor<i32>) -> tensor<!tf_type.variant>',
        ),
        Rule(
            "BC1306",
            "tf-fake-quant",
            "{detail}",
            "tf.FakeQuantWithMinMaxVars: a min or max that is not 0-D, or num_bits outside [2, 16].",
            '%0 = "tf.FakeQuantWithMinMaxVars"(%x, %lo, %hi) : (tensor<4xf32>, tensor<1xf32>, tensor<f32>) '
            "-> tensor<4xf32>",
        ),
        # tf.If / tf.While in function form (their symbol uses), tf.StopGradient, tf.PartitionedCall: BC1307-BC1314
        Rule(
            "BC1307",
            "tf-callee-undefined",
            "{detail}",
            "tf.If's then_branch/else_branch or tf.While's cond/body names no function of the module (the "
            "symbol table's check, once every op verified).",
            '%0 = "tf.If"(%c, %x) {then_branch = @missing, else_branch = @g, is_stateless = false} : ...',
        ),
        Rule(
            "BC1308",
            "tf-callee-type-count",
            "{first}s (size = {n}) should have the same number of values as {second}s (size = {m})",
            "tf.If/tf.While in function form: a function it names takes (returns) another number of values than "
            "the op passes (has), or tf.While's lists differ in length (the symbol table's check).",
            '%0 = "tf.If"(%c, %x, %y) {then_branch = @f, ...} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ... '
            "where @f takes one value",
        ),
        Rule(
            "BC1309",
            "tf-callee-type",
            "{first} type {a} is incompatible with {second} type {b} at index {index}",
            "tf.If/tf.While in function form: a type of a function it names is not cast compatible with the "
            "op's (another element type, or known sizes that differ; the symbol table's check).",
            '%0 = "tf.If"(%c, %x) {then_branch = @f, ...} : (tensor<i1>, tensor<2xf32>) -> ... where @f takes '
            "tensor<3xf32>",
        ),
        Rule(
            "BC1310",
            "tf-if-branch-inputs",
            "expects all branch input type(s) ({types}) at index {index} to be cast compatible",
            "tf.If: its two branches take types at one index that no value could be passed to both as.",
            "@then takes tensor<2xf32>, @else tensor<3xf32>, and tf.If passes tensor<?xf32>",
        ),
        Rule(
            "BC1311",
            "tf-while-cond-results",
            "requires cond function to have exactly one result",
            "tf.While's cond function returns no value or several.",
            "func.func private @c(tensor<i32>) -> (tensor<i1>, tensor<i1>) named as tf.While's cond",
        ),
        Rule(
            "BC1312",
            "tf-same-type",
            "failed to verify that all of {{input, output}} have dynamically equal types ",
            "tf.StopGradient's result is not cast compatible with its operand (TensorFlow's AllTypesMatch; the "
            "message ends with a space, as TensorFlow prints it).",
            '%0 = "tf.StopGradient"(%x) : (tensor<2xf32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC1313",
            "tf-call-undefined",
            "'f' attribute refers to an undefined function: {symbol}",
            "tf.PartitionedCall/tf.StatefulPartitionedCall names no function of the module in f (the symbol "
            "table's check; TensorFlow words it without the op's name).",
            '%0 = "tf.PartitionedCall"(%x) {f = @missing} : (tensor<i32>) -> tensor<i32>',
            op_prefix=False,
        ),
        Rule(
            "BC1314",
            "tf-call-argument-count",
            "argument count mismatch: 'args' has {count} arguments, but '{symbol}' expects {expected}",
            "tf.PartitionedCall/tf.StatefulPartitionedCall passes another number of values than its f takes "
            "(only the count: TensorFlow does not compare the types).",
            '%0 = "tf.PartitionedCall"(%x, %y) {f = @f} : (tensor<i32>, tensor<i32>) -> tensor<i32> where @f takes one',
            op_prefix=False,
        ),
        # ---- the core dialects (upstream llvm test files): BC1350-BC1399
        Rule(
            "BC1350",
            "reshape-empty-group",
            "reassociation indices must not be empty",
            "A tensor.collapse_shape or expand_shape has an empty reassociation group (checked before the ranks).",
            "%0 = tensor.collapse_shape %t [[0, 1], []] : tensor<1x?xf32> into tensor<?x10xf32>",
        ),
        Rule(
            "BC1351",
            "arith-constant-signless",
            "integer return type must be signless",
            "arith.constant of a signed or unsigned integer type, or of a shaped type with such elements "
            "(arith::ConstantOp::verify).",
            "%0 = arith.constant 0 : ui32",
        ),
        Rule(
            "BC1352",
            "arith-constant-value-kind",
            "value must be an integer, float, or elements attribute",
            "arith.constant whose value is a string (of type none, so its types match).",
            '%0 = "arith.constant"() {value = "x"} : () -> none',
        ),
        Rule(
            "BC1353",
            "arith-constant-scalable",
            "initializing scalable vectors with elements attribute is not supported unless it's a vector splat",
            "arith.constant of a scalable vector type from a dense literal whose elements are not all equal.",
            "%0 = arith.constant dense<[0, 1]> : vector<[2]xi32>",
        ),
        Rule(
            "BC1354",
            "arith-predicate-keyword",
            "custom op '{name}' expected string or keyword containing one of the following enum values for "
            "attribute 'predicate' [{cases}]",
            "The parser: arith.cmpi/cmpf's custom form without a predicate of its enum (cmpf's are ordered or "
            "unordered: oeq, not eq), reported at the token where the predicate should be.",
            "%0 = arith.cmpf eq, %a, %b : f32",
            op_prefix=False,
        ),
        Rule(
            "BC1355",
            "arith-predicate-string",
            "custom op '{name}' invalid predicate attribute specification: {text}",
            "The parser: arith.cmpi/cmpf's predicate written as a string that names no case of its enum.",
            '%0 = arith.cmpf "foo", %a, %b : f32',
            op_prefix=False,
        ),
        Rule(
            "BC1356",
            "arith-select-condition",
            "expected condition type to have the same shape as the result type, expected '{expected}', but got "
            "'{type}'",
            "arith.select with a shaped condition that is not the result's type with i1 elements: another "
            "encoding, or none where the result has one (SelectOp::verify).",
            '%0 = arith.select %c, %a, %b : tensor<8xi1, "bar">, tensor<8xi32, "foo">',
        ),
        Rule(
            "BC1357",
            "arith-compare-operand",
            "custom op '{name}' '{operand}' must be {constraint}, but got '{type}'",
            "The parser: arith.cmpi/cmpf's custom form with a type outside the operands' constraint (cmpi on "
            "floats, cmpf on integers), math.isnan/isinf/isfinite/isnormal's with one that is not a float, "
            "tensor.from_elements's with a result that is not static (at the op); the generic form gets the "
            "verifier's operand #0 or result #0 message.",
            "%0 = arith.cmpi eq, %a, %b : f32",
            op_prefix=False,
        ),
        Rule(
            "BC1358",
            "vector-zero-d",
            "expected a scalar instead of a 0-d vector as the {what}",
            "vector.extract whose result, or vector.insert whose source, is a 0-d vector (vector<f32>): "
            "the scalar is written instead (emitError: no op prefix).",
            "%1 = vector.extract %v[] : vector<f32> from vector<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1359",
            "vector-transfer-needs-map",
            "custom op '{name}' expected a custom permutation_map when rank(source) != rank(destination)",
            "The parser: a vector.transfer_read/write custom form without permutation_map whose vector has more "
            "dims than the source (less those of a vector element), reported at the ':' before the types.",
            "vector.transfer_write %v, %m[%i] : vector<3x4xindex>, memref<?xindex>",
            op_prefix=False,
        ),
        Rule(
            "BC1360",
            "ods-result-count",
            "expected {expected} results",
            "An op with a fixed number of results, two or more, written with another number (generic form; "
            "arith.mulsi_extended with one result): MLIR's verifyNResults, which does not say how many it found.",
            '%0 = "arith.mulsi_extended"(%a, %b) : (i32, i32) -> i32',
        ),
        Rule(
            "BC1361",
            "tensor-ranked-type-expected",
            "custom op '{name}' invalid kind of type specified: expected builtin.tensor, but found '{type}'",
            "The parser: tensor.from_elements or tensor.splat written with a type that is not a ranked tensor "
            "(an unranked tensor, a memref), reported at the type.",
            "%0 = tensor.from_elements %c : tensor<*xi32>",
            op_prefix=False,
        ),
        # ---- BC1400-BC1419: a literal as MLIR's parser reads it against its type (dialects/literal.py)
        Rule(
            "BC1400",
            "literal-float-for-integer",
            "floating point value not valid for specified type",
            "The parser: a scalar literal of an integer or index type is a float (reported at the token after "
            "the type, where the parser stands: the next statement, in the custom form).",
            "%0 = arith.constant 5.0 : i32",
            op_prefix=False,
        ),
        Rule(
            "BC1401",
            "elements-literal-bool-for-float",
            "expected floating point literal",
            "The parser: a dense literal of a float type holds 'true' or 'false' (at it).",
            "%0 = arith.constant dense<true> : tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1402",
            "literal-integer-out-of-range",
            "integer constant out of range for attribute",
            "The parser: a scalar integer literal does not fit its type (a signless iN takes -2^(N-1) to "
            "2^N - 1; at the digits).",
            "%0 = arith.constant 300 : i8",
            op_prefix=False,
        ),
        Rule(
            "BC1403",
            "elements-literal-integer-out-of-range",
            "integer constant out of range for type",
            "The parser: an element of a dense literal does not fit its integer type (at the digits).",
            "%0 = arith.constant dense<[1, 300]> : tensor<2xi8>",
            op_prefix=False,
        ),
        Rule(
            "BC1404",
            "elements-literal-bool-for-integer",
            "expected i1 type for 'true' or 'false' values",
            "The parser: a dense literal of an integer type other than i1 holds 'true' or 'false' (at it).",
            "%0 = arith.constant dense<true> : tensor<2xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC1405",
            "elements-literal-negative-unsigned",
            "expected unsigned integer elements, but parsed negative value",
            "The parser: a dense literal of an unsigned type holds a negative number (at its digits).",
            "%0 = arith.constant dense<[1, -1]> : tensor<2xui8>",
            op_prefix=False,
        ),
        Rule(
            "BC1406",
            "literal-negative-unsigned",
            "negative integer literal not valid for unsigned integer type",
            "The parser: a scalar literal of an unsigned type is negative (at the digits).",
            "%0 = arith.constant -1 : ui8",
            op_prefix=False,
        ),
        Rule(
            "BC1407",
            "literal-hex-float-out-of-range",
            "hexadecimal float constant out of range for type",
            "The parser: a float written as its bits in hex has more bits than its type (at the number).",
            "%0 = arith.constant 0x1FFFF : f16",
            op_prefix=False,
        ),
        # ---- StableHLO, MHLO and CHLO (issue 29): BC1200-BC1259
        Rule(
            "BC1200",
            "reduce-window-no-input",
            "requires at least 1 input value",
            "stablehlo.reduce_window (C1) is written with no input (no operand, or a single one: its operands are "
            "inputs and init values in equal numbers).",
            '"stablehlo.reduce_window"() ({...}) {window_dimensions = array<i64: 5, 1>} : () -> ()',
            op_prefix=False,
        ),
        Rule(
            "BC1201",
            "custom-call-layouts-pair",
            "Layout attributes should be specified for either both operands and results or none.",
            "A custom_call gives operand_layouts without result_layouts, or the other way round.",
            '"stablehlo.custom_call"(%a) {call_target_name = "f", '
            "operand_layouts = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>",
        ),
        Rule(
            "BC1202",
            "custom-call-layout-count",
            "Number of {value}s must match the number of {value} layouts, {count} != {layouts}",
            "A custom_call's operand_layouts or result_layouts has not one layout per operand or result.",
            '"stablehlo.custom_call"(%a) {call_target_name = "f", '
            "operand_layouts = [], result_layouts = []} : (tensor<4xf32>) -> tensor<4xf32>",
        ),
        Rule(
            "BC1204",
            "custom-call-layout-permutation",
            "incorrect layout {layout} for type '{type}', layout must be a permutation of [0, {rank})",
            "A custom_call's layout of a ranked tensor is not a permutation of its dimensions.",
            '"stablehlo.custom_call"(%a) {call_target_name = "f", '
            "operand_layouts = [dense<1> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : "
            "(tensor<2x3xf32>) -> tensor<4xf32>",
        ),
        Rule(
            "BC1205",
            "custom-call-alias-operand",
            "expects operandIndex in the output_operand_alias attribute to be in range [0, {count}); got: {index}.",
            "A custom_call's output_operand_aliases names an operand it does not have.",
            '"stablehlo.custom_call"(%a) {call_target_name = "f", '
            "output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], "
            "operand_index = 1, operand_tuple_indices = []>]} : (tensor<4xf32>) -> tensor<4xf32>",
        ),
        Rule(
            "BC1206",
            "custom-call-alias-types",
            "shapes mismatch in the output_operand_alias attribute: operand part has type '{operand}' and output "
            "part has type '{output}'",
            "A custom_call aliases a result with an operand of another type.",
            '"stablehlo.custom_call"(%a) {call_target_name = "f", '
            "output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], "
            "operand_index = 0, operand_tuple_indices = []>]} : (tensor<4xf32>) -> tensor<5xf32>",
        ),
        Rule(
            "BC1207",
            "mhlo-custom-call-config-dict",
            "unsupported user-encoded backend config, backend config must be a dictionary attribute.",
            "An mhlo.custom_call of api_version 4 (typed FFI) gives a string backend_config.",
            '"mhlo.custom_call"() {api_version = 4 : i32, backend_config = "x", call_target_name = "f"} : () -> ()',
        ),
        Rule(
            "BC1208",
            "mhlo-custom-call-config-string",
            "unsupported dictionary attribute backend config, backend config must be a user-encoded string attribute.",
            "An mhlo.custom_call of an api_version other than 4 gives a dictionary backend_config.",
            '"mhlo.custom_call"() {backend_config = {x = 1 : i32}, call_target_name = "f"} : () -> ()',
        ),
        Rule(
            "BC1209",
            "custom-call-config-kind",
            "backend_config for api_version {version} must be a {kind} attribute.",
            "A stablehlo.custom_call's backend_config is a string for api_version 4 (typed FFI), or a dictionary "
            "for another version.",
            '"stablehlo.custom_call"() {api_version = 4 : i32, backend_config = "x", call_target_name = "f"} : '
            "() -> ()",
        ),
        Rule(
            "BC1210",
            "custom-call-tuple-layout",
            "Tuple types are not fully supported with layout constraints yet",
            "A custom_call with layouts has a tuple operand or result.",
            '"stablehlo.custom_call"(%t) {call_target_name = "f", operand_layouts = [dense<> : tensor<0xindex>], '
            "result_layouts = []} : (tuple<tensor<f32>>) -> ()",
        ),
        Rule(
            "BC1211",
            "custom-call-operand-tuple-index",
            "operand_tuple_indices in the output_operand_alias attribute out of bounds",
            "A custom_call's output_operand_alias indexes into an operand that is no tuple, or past its end.",
            '"stablehlo.custom_call"(%a) {call_target_name = "f", '
            "output_operand_aliases = "
            "[#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = "
            "[1]>]} : (tensor<4xf32>) -> tensor<4xf32>",
        ),
        Rule(
            "BC1212",
            "custom-call-output-tuple-index",
            "output_tuple_indices in the output_operand_alias attribute out of bounds",
            "A custom_call's output_operand_alias indexes into a result that is no tuple, or past its end.",
            '"stablehlo.custom_call"(%a) {call_target_name = "f", '
            "output_operand_aliases = "
            "[#stablehlo.output_operand_alias<output_tuple_indices = [2], operand_index = 0, operand_tuple_indices = "
            "[]>]} : (tensor<4xf32>) -> tensor<4xf32>",
        ),
        Rule(
            "BC1213",
            "get-tuple-element-index",
            "index {index} is out of bounds of operand with size {size}",
            "get_tuple_element (C1) takes an element past the end of its tuple operand.",
            '%0 = "stablehlo.get_tuple_element"(%t) {index = 2 : i32} : (tuple<tensor<f32>, tensor<i32>>) -> '
            "tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1214",
            "fft-rank",
            "rank must be between 1 and 3, but got {rank}.",
            "fft (C1): fft_length has no entry or more than three.",
            '%0 = "stablehlo.fft"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64>} : '
            "(tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>",
            op_prefix=False,
        ),
        Rule(
            "BC1215",
            "rfft-element",
            "RFFT requires f32 or f64 input type, but is given {element}.",
            "fft (C2): an RFFT of an operand whose elements are not f32 or f64.",
            '%0 = "stablehlo.fft"(%a) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : '
            "(tensor<4xf16>) -> tensor<3xcomplex<f32>>",
            op_prefix=False,
        ),
        Rule(
            "BC1216",
            "fft-complex-input",
            "FFT/IFFT/IRFFT take a complex tensor as input, but is given {type}.",
            "fft (C2): an FFT, IFFT or IRFFT of an operand whose elements are not complex.",
            '%0 = "stablehlo.fft"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : '
            "(tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1217",
            "fft-operand-rank",
            "operand rank must not be less than fft rank of {rank} for operand of type {type}.",
            "fft (C3): fft_length has more entries than the operand has dimensions.",
            '%0 = "stablehlo.fft"(%a) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4, 4>} : '
            "(tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>",
            op_prefix=False,
        ),
        Rule(
            "BC1218",
            "rfft-dims",
            "RFFT requires innermost dimensions to be compatible with fft_length. Got: {shape} but wanted {lengths}.",
            "fft (C4): an RFFT whose operand's innermost sizes are not fft_length.",
            '%0 = "stablehlo.fft"(%a) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>} : '
            "(tensor<4xf32>) -> tensor<5xcomplex<f32>>",
            op_prefix=False,
        ),
        Rule(
            "BC1219",
            "irfft-dims",
            "IRFFT requires non-final dimensions to be compatible with fft_length. Got: {shape} but wanted "
            "{lengths}, and {dim} != {length}.",
            "fft (C5): an IRFFT whose operand's innermost sizes but the last are not fft_length's.",
            '%0 = "stablehlo.fft"(%a) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 4, 8>} : '
            "(tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1220",
            "irfft-last-dim",
            "IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: {dim} but "
            "fft_length is {lengths}.",
            "fft (C5): an IRFFT whose operand's last size is not fft_length[-1]/2+1.",
            '%0 = "stablehlo.fft"(%a) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 8>} : '
            "(tensor<4xcomplex<f32>>) -> tensor<8xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1221",
            "bitcast-real-complex",
            "cannot convert between real and complex types, but got: {operand} and {result}",
            "bitcast_convert (C2) between a real and a complex element type.",
            '%0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xf64>) -> tensor<2xcomplex<f32>>',
            op_prefix=False,
        ),
        Rule(
            "BC1222",
            "bitcast-rank",
            "rank of smaller element type ({smaller}) should be 1 more than rank of larger element type "
            "({bigger}), but {smaller} != {bigger} + 1.",
            "bitcast_convert (C1) between element widths: the narrower side lacks its extra innermost dimension.",
            '%0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xi64>) -> tensor<2xi32>',
            op_prefix=False,
        ),
        Rule(
            "BC1223",
            "bitcast-bit-widths",
            "requires compatible bit widths. Got: {operand} and {result}, but {narrow} * {last} != {wide}.",
            "bitcast_convert (C1): the narrower side's innermost size times its width is not the wider width.",
            '%0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xi64>) -> tensor<2x3xi32>',
            op_prefix=False,
        ),
        Rule(
            "BC1224",
            "bitcast-shapes",
            "operand and result shapes must match except for the innermost dimension of the shape with the smaller "
            "element type. Got: {operand} and {result}.",
            "bitcast_convert (C1): the sizes other than the narrower side's innermost one differ.",
            '%0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xi64>) -> tensor<3xf64>',
            op_prefix=False,
        ),
        # ---- BC1420-BC1439: what the mutants of real exports taught (issue 29: value flow, tosa, tf_executor)
        Rule(
            "BC1420",
            "tosa-slice-rank",
            "expect input1 and output to have the same ranks, got {a} and {b}",
            "tosa.slice's result has another rank than its input (checked before the start and size lengths).",
            "tosa.slice %x, %start, %size : (tensor<1x96xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x1x32xf32>",
        ),
        # ---- hlofix: custom_call's buffers (verifyKnownCustomCalls)
        Rule(
            "BC907",
            "custom-call-buffer-target",
            "{target} custom_call {requirement}",
            "custom_call: the buffer targets CreateBuffer (no inputs, one memref result), Pin (a tensor to a "
            "memref) and Unpin (a memref to a tensor) with other operands or results, or types of other shapes.",
            '%0 = "stablehlo.custom_call"(%a) {call_target_name = "Pin", api_version = 4 : i32} : (tensor<2xf32>) '
            "-> tensor<2xf32>",
        ),
        Rule(
            "BC908",
            "custom-call-buffer-operand-twice",
            "buffer operand {index}{indices} is used in output_operand_alias more than once",
            "custom_call: two output_operand_aliases name the same memref operand (part).",
            '%0:2 = "stablehlo.custom_call"(%m) {call_target_name = "f", output_operand_aliases = '
            "[#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = "
            "[]>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, "
            "operand_tuple_indices = []>]} : (memref<2xf32>) -> (memref<2xf32>, memref<2xf32>)",
        ),
        Rule(
            "BC909",
            "custom-call-buffer-output-twice",
            "buffer output {indices} is used in output_operand_alias more than once",
            "custom_call: two output_operand_aliases of memref operands name the same output (part).",
            '%0 = "stablehlo.custom_call"(%m, %n) {call_target_name = "f", output_operand_aliases = '
            "[#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = "
            "[]>, #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, "
            "operand_tuple_indices = []>]} : (memref<2xf32>, memref<2xf32>) -> memref<2xf32>",
        ),
        Rule(
            "BC910",
            "custom-call-buffer-output-unaliased",
            "buffer output {indices} is not used in output_operand_alias",
            "custom_call: a memref result (or tuple element) that no output_operand_alias of a memref operand names.",
            '%0 = "stablehlo.custom_call"(%a) {call_target_name = "f"} : (tensor<2xf32>) -> memref<2xf32>',
        ),
        Rule(
            "BC911",
            "mhlo-dimensions-rank",
            "{name} has rank {rank} instead of required rank 1.",
            "MHLO (jaxlib 0.10.2): a list of dimensions (start_indices, slice_sizes, permutation, dimensions, "
            "edge_padding_low, ...) written as an elements attribute of another rank than 1; its type inference "
            "fails ('failed to infer returned types' follows).",
            '%0 = "mhlo.reverse"(%x) {dimensions = dense<0> : tensor<i64>} : (tensor<3xf32>) -> tensor<3xf32>',
            op_prefix=False,
        ),
        # coll: the collectives and select_and_scatter (StableHLO's TypeInference.cpp, MHLO's shared verifiers)
        Rule(
            "BC1225",
            "replica-groups-shape",
            "{what}",
            "all_reduce, all_gather, all_to_all, reduce_scatter, collective_broadcast: replica_groups is not a "
            'rank-2 tensor ("replica groups should be a rank 2 tensor"), or is empty under '
            "use_global_device_ids.",
            '%0 = "stablehlo.all_reduce"(%a) ({...}) {replica_groups = dense<0> : tensor<1xi64>} : '
            "(tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1226",
            "pairwise-element-types",
            "requires the same {what}",
            "all_gather, all_to_all (PairwiseSameOperandAndResultElementType): as many results as operands, "
            "each of its operand's element type.",
            '%0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : '
            "tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf16>",
        ),
        Rule(
            "BC1227",
            "replica-id",
            "replica id #{id} {what}",
            "The collectives' replica_groups: an id written twice, or an id below the largest left out.",
            '%0 = "stablehlo.all_reduce"(%a) ({...}) {replica_groups = dense<[[0, 1, 1]]> : tensor<1x3xi64>} : '
            "(tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1228",
            "replica-id-negative",
            "{what} {id}",
            "replica_groups: a -1 where all groups must have one size (all_gather, all_to_all, reduce_scatter), "
            "or a negative id in collective_broadcast's.",
            '%0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, -1]]> : '
            "tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<8xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1229",
            "replica-group-size",
            "group size of replica_groups must be {size}",
            "all_to_all (C8): each replica group holds split_count ids.",
            '%0 = "stablehlo.all_to_all"(%a) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count '
            "= 2 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1230",
            "global-device-channel",
            "channel_id {rule} when useGlobalDeviceIds is set{got}",
            "all_reduce, reduce_scatter (channel_id positive), all_gather (not negative) under use_global_device_ids.",
            '%0 = "stablehlo.all_reduce"(%a) ({...}) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, '
            "use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1231",
            "collective-dimension",
            "{what}",
            "all_gather_dim, scatter_dimension, all_to_all's split_dimension or concat_dimension is not a "
            "dimension of the operand.",
            '%0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : '
            "tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1232",
            "collective-zero-size",
            "{what} cannot be zero",
            "all_gather (operand) and reduce_scatter (operand or result): a size 0 at the gathered or "
            "scattered dimension.",
            '%0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : '
            "tensor<1x1xi64>} : (tensor<0xf32>) -> tensor<0xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1233",
            "collective-broadcast-operands",
            "{what}",
            "collective_broadcast: no data operand; with has_dynamic_root, no root, or a root that is not a "
            "rank-1 i32 tensor of one element per data operand.",
            '"stablehlo.collective_broadcast"() {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : () -> ()',
            op_prefix=False,
        ),
        Rule(
            "BC1234",
            "collective-multiple",
            "{what} has size {size}, expected to be a multiple of {of} {other}",
            "all_gather (result size over operand size), reduce_scatter (operand over result), all_to_all "
            "(split dimension over split_count): a size that does not divide.",
            '%0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : '
            "tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<6xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1235",
            "collective-result-shape",
            "{what}",
            "all_gather, reduce_scatter: the result's rank is not the operand's, or a size other than the "
            "gathered or scattered one differs from the operand's.",
            '%0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : '
            "tensor<1x1xi64>} : (tensor<4x2xf32>) -> tensor<8x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1236",
            "reduce-scatter-element",
            "result element-type is expected to be {expected}, but got {got}",
            "reduce_scatter (C9): the result's element type is not the one its body returns.",
            '%0 = "stablehlo.reduce_scatter"(%a) ({...f32 body...}) {scatter_dimension = 0 : i64, replica_groups '
            "= dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf16>",
            op_prefix=False,
        ),
        Rule(
            "BC1237",
            "source-target-pairs",
            "{what}",
            "collective_permute (C1 to C4): source_target_pairs not of shape (N, 2), a negative id, or a source "
            "or target written twice.",
            '%0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : '
            "tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1238",
            "select-region",
            "{what}",
            "select_and_scatter (C9): the select body does not take two 0-d values of the operand's element "
            "type, or does not return one tensor<i1>.",
            '%0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({^bb0(%x: tensor<f32>): ...}, {...}) : '
            "(tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1239",
            "select-and-scatter-window",
            "{what}",
            "select_and_scatter (C1, C2, C4): the window's size is not the operand's rank, or the source is not "
            "of the window's output type.",
            '%0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({...}, {...}) {window_dimensions = array<i64: 2>} '
            ": (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>",
            op_prefix=False,
        ),
        # ---- BC1240-BC1259: StableHLO's dynamic-shape ops and composite (dialects/stablehlo/dynamic.py, ...)
        Rule(
            "BC1240",
            "shape-operand-result",
            "output shape [{shape}] is incompatible with return type of operation {type}",
            "dynamic_iota, dynamic_reshape (C2, C4): the constant shape operand does not fit the result type "
            "(or holds a negative size).",
            "%c = stablehlo.constant dense<[3, 4]> : tensor<2xi32>\n"
            "%0 = stablehlo.dynamic_iota %c, dim = 0 : (tensor<2xi32>) -> tensor<3x5xi64>",
            op_prefix=False,
        ),
        Rule(
            "BC1241",
            "dynamic-reshape-elements",
            "expects operand and result to have compatible element type. Got: {operand} and {result}",
            "stablehlo.dynamic_reshape (C1): the operand and result element types differ.",
            "%0 = stablehlo.dynamic_reshape %a, %s : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x?xf64>",
            op_prefix=False,
        ),
        Rule(
            "BC1242",
            "dynamic-reshape-rank",
            "result should have a rank equal to the number of elements in output_shape",
            "stablehlo.dynamic_reshape: the result's rank is not the length of the shape operand.",
            "%0 = stablehlo.dynamic_reshape %a, %s : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x?x?xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1243",
            "dynamic-reshape-count",
            "output_shape is incompatible with input type of operation: input has {operand} elements, but "
            "output_shape has {shape}",
            "stablehlo.dynamic_reshape: a static operand holds another number of elements than the constant shape.",
            "%s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>\n"
            "%0 = stablehlo.dynamic_reshape %a, %s : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x?xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1244",
            "set-dimension-size-rank",
            "size operand should be of rank-0",
            "stablehlo.set_dimension_size: the size operand is not a 0-d tensor.",
            "%0 = stablehlo.set_dimension_size %a, %s, dim = 0 : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<?x3xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1245",
            "dynamic-pad-size",
            "padding operands size ({size}) must match operand rank ({rank})",
            "stablehlo.dynamic_pad (C2): the padding operands do not hold one size per operand dimension.",
            "%0 = stablehlo.dynamic_pad %a, %v, %l, %h, %i : (tensor<4xf32>, tensor<f32>, tensor<2xi64>, "
            "tensor<2xi64>, tensor<2xi64>) -> tensor<?xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1246",
            "dynamic-pad-interior",
            "interior_padding must be non-negative, but got {values}",
            "stablehlo.dynamic_pad (C3): a constant interior padding is negative.",
            "%i = stablehlo.constant dense<-1> : tensor<1xi64>  (as interior_padding)",
            op_prefix=False,
        ),
        Rule(
            "BC1247",
            "dynamic-pad-result",
            "expected output dimension at index {index} to equal {want}, but got {got}",
            "stablehlo.dynamic_pad (C4): with static types and constant paddings, a result size is not the padded "
            "size.",
            "%c = stablehlo.constant dense<1> : tensor<1xi64>\n"
            "%0 = stablehlo.dynamic_pad %a, %v, %c, %c, %c : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, "
            "tensor<1xi64>, tensor<1xi64>) -> tensor<8xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1248",
            "real-dynamic-slice-size",
            "has mismatched number of operand rank ({rank}) and {name} size ({size})",
            "stablehlo.real_dynamic_slice: the index operands do not hold one index per operand dimension.",
            "%0 = stablehlo.real_dynamic_slice %a, %s, %l, %t : (tensor<4x3xf32>, tensor<3xi64>, tensor<3xi64>, "
            "tensor<3xi64>) -> tensor<?x?xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1249",
            "dynamic-conv-padding",
            "expects padding to be of shape [{rows}, {cols}], but got [{got_rows}, {got_cols}]",
            "stablehlo.dynamic_conv (C4): the padding operand does not hold a pair per spatial dimension.",
            '%0 = "stablehlo.dynamic_conv"(%a, %b, %p) {...} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, '
            "tensor<3x2xi64>) -> tensor<1x?x?x16xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1250",
            "mhlo-convolution-ranks",
            "expects convolution arguments to have same number of dimensions. Got: {lhs} and {rhs}.",
            "mhlo.convolution (P1): lhs and rhs have different ranks (MHLO's own check, with its op prefix, before "
            "the rank-2 one).",
            '%0 = "mhlo.convolution"(%a, %b) {...} : (tensor<1x8x8x3xf32>, tensor<3x3x16xf32>) -> tensor<1x6x6x16xf32>',
        ),
        Rule(
            "BC1251",
            "mhlo-convolution-rank-2",
            "expects convolution arguments to have >= 2 dimensions. Got: {lhs} and {rhs}.",
            "mhlo.convolution (P1): operands of rank below 2.",
            '%0 = "mhlo.convolution"(%a, %b) {...} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>',
        ),
        Rule(
            "BC1252",
            "mhlo-convolution-result-rank",
            "expects rank of convolution return-type to be equal to input-ranks ({rank}), but got {got}.",
            "mhlo.convolution (P4): a ranked result of another rank than the operands.",
            '%0 = "mhlo.convolution"(%a, %b) {...} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6xf32>',
        ),
        Rule(
            "BC1253",
            "mhlo-convolution-inferred",
            "inferred shape '{shape}' is incompatible with return type of operation '{type}'",
            "mhlo.convolution (P4): the result's sizes are not the ones the window and dimension numbers give.",
            '%0 = "mhlo.convolution"(%a, %b) {...} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> '
            "tensor<1x7x7x16xf32>",
        ),
        Rule(
            "BC1254",
            "batch-norm-shapes",
            "expects {kind}-dimensional operands to have compatible shapes.",
            "batch_norm_grad, batch_norm_inference, batch_norm_training: the operand and grad_output (multi), or "
            "the scales, offsets, means and variances (single), have incompatible shapes.",
            '%0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 0.001 : f32, feature_index = 1 : i64} : '
            "(tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)",
            op_prefix=False,
        ),
        Rule(
            "BC1255",
            "batch-norm-feature-index",
            "expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex "
            "{index}, and rank {rank}.",
            "batch_norm_* (C1): feature_index is not one of the operand's dimensions.",
            "feature_index = 2 : i64 on a tensor<2x3xf32> operand",
            op_prefix=False,
        ),
        Rule(
            "BC1256",
            "batch-norm-feature-count",
            "expects the size of single-dimensional operands to be compatible with feature count, but the size of "
            "single-dimensional operands is {size} and the feature count is {count}.",
            "batch_norm_*: the scales (means, ...) do not hold one value per feature.",
            "tensor<4xf32> scales for a tensor<2x3xf32> operand with feature_index = 1",
            op_prefix=False,
        ),
        Rule(
            "BC1257",
            "triangular-solve",
            "{detail}",
            "stablehlo.triangular_solve's type inference: a of rank below 2, a's minor dimensions, the ranks, the "
            "shared dimension, the batch dimensions, or transpose_a TRANSPOSE_INVALID.",
            '%0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, transpose_a = '
            "#stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = true} : (tensor<4x4xf32>, tensor<3x4xf32>) -> "
            "tensor<3x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1258",
            "cholesky",
            "{detail}",
            "stablehlo.cholesky's type inference: a of rank below 2, or minor dimensions of different sizes.",
            '%0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x4xf32>) -> tensor<3x4xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC1259",
            "rng-normal-floats",
            "mu and sigma must be floats",
            "stablehlo.rng with the NORMAL distribution: mu or sigma is not a float.",
            "%0 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<3xi64>) -> "
            "tensor<2x3x5xi32>",
            op_prefix=False,
        ),
        # ---- BC1315-BC1339: arith, linalg, tensor and scf from llvm-project's tests (core)
        Rule(
            "BC1315",
            "linalg-fill-value-type",
            "expected fill value type ('{value}') to match output element type ('{element}')",
            "linalg.fill's value (a scalar or a vector) is not of the init's element type.",
            "%0 = linalg.fill ins(%v : f64) outs(%c : tensor<2xf32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC1316",
            "linalg-transpose-permutation",
            "permutation is not valid",
            "linalg.transpose's permutation repeats a dimension or names one out of range.",
            "%0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%c : tensor<3x2xf32>) permutation = [1, 1]",
        ),
        Rule(
            "BC1317",
            "linalg-transpose-ranks",
            "input rank ({input}) does not match init rank ({init})",
            "linalg.transpose's input and init have different ranks.",
            "%0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%c : tensor<3x2x1xf32>) permutation = [1, 0, 2]",
        ),
        Rule(
            "BC1318",
            "linalg-transpose-permutation-size",
            "size of permutation {size} does not match the argument rank {rank}",
            "linalg.transpose's permutation has another length than its input's rank.",
            "%0 = linalg.transpose ins(%a : tensor<2x3x4xf32>) outs(%c : tensor<3x2x4xf32>) permutation = [1, 0]",
        ),
        Rule(
            "BC1319",
            "linalg-pooling-unsigned",
            "custom op '{name}' unsupported operation: unsigned {kind} not on uint",
            "A pooling_*_max_unsigned / min_unsigned op on floats or i1: the parser cannot build its body.",
            "%0 = linalg.pooling_nhwc_max_unsigned ins(%i, %k : tensor<1x4x4x1xf32>, tensor<2x2xf32>) "
            "outs(%o : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1320",
            "linalg-pack-layout",
            "{detail}",
            "linalg.pack/unpack: a zero tile, inner_dims_pos or outer_dims_perm out of range or repeated, tiles "
            "other in number than the tiled dims, a packed rank other than the unpacked rank plus the tiles, inner "
            "dims other than the tiles, or outer dims other than the unpacked ones divided by the tiles "
            "(commonVerifierPackAndUnPackOp, in its order).",
            "%0 = linalg.pack %s inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<9xf32> -> tensor<3x8xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1321",
            "linalg-pack-padding-type",
            "expected padding_value has '{expected}' but got: '{got}'",
            "linalg.pack's padding value is not of the source's element type.",
            "%0 = linalg.pack %s padding_value(%p : i32) inner_dims_pos = [0] inner_tiles = [8] into %d : "
            "tensor<13xf32> -> tensor<2x8xf32>",
        ),
        Rule(
            "BC1322",
            "linalg-pack-full-tiles",
            "invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set",
            "linalg.pack without a padding value on a tiled dim its tile does not divide.",
            "%0 = linalg.pack %s inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<9xf32> -> tensor<2x8xf32>",
        ),
        Rule(
            "BC1323",
            "linalg-softmax-winograd",
            "{detail}",
            "linalg.softmax's output not shaped as its input or its dimension out of range; a Winograd transform's "
            "filter or value sizes other than F(m, r) allows, or its output not of the shape they give.",
            "%0 = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<2x4x3x5xf32>) outs(%o : "
            "tensor<6x6x5x2xf32>) -> tensor<6x6x5x2xf32>",
        ),
        Rule(
            "BC1324",
            "linalg-contract-maps",
            "{detail}",
            "linalg.contract's indexing maps: not projected permutations, of another iteration space or rank than "
            "their operands, a dim no operand uses, a dim only one input uses, or no contracting dim "
            "(ContractOp::verify, in its order).",
            "linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + d2, d2)>, ...] ins(%a, %b : ...) "
            "outs(%c : ...)",
            op_prefix=False,
        ),
        Rule(
            "BC1325",
            "linalg-matmul-maps",
            "{detail}",
            "linalg.matmul/batch_matmul/batch_reduce_matmul with indexing_maps: not three maps, a result outside the "
            "default map's, a broadcast of another dim, the batch dim not first, another output map (MatmulOp::verify "
            "and verifyExtendedBatchVariantMatmulSemantic).",
            "linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, ...] ins(%a, %b : memref<3xf32>, "
            "memref<5x7xf32>) outs(%c : memref<3x7xf32>)",
        ),
        Rule(
            "BC1326",
            "linalg-matmul-projected",
            "expected indexing maps to be projected permutations",
            "linalg.matmul/batch_matmul/batch_reduce_matmul's indexing_maps repeat a dim or compute one (checked "
            "after the op's map rules).",
            "linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d0)>, ...] ins(...) outs(...)",
            op_prefix=False,
        ),
        # ---- BC1130-BC1149, BC1171-BC1199: StableHLO's remaining ops (hloops)
        Rule(
            "BC1130",
            "hlo-channel-type",
            "channel_type should be {expected} when is_host_transfer is {flag}",
            "stablehlo.send/recv: the channel handle's type does not fit is_host_transfer (DEVICE_TO_DEVICE = 1 "
            "without host transfer; DEVICE_TO_HOST = 2 for send, HOST_TO_DEVICE = 3 for recv with it).",
            '%0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 0, type = 2>} : '
            "(tensor<2xf32>, !stablehlo.token) -> !stablehlo.token",
            op_prefix=False,
        ),
        Rule(
            "BC1131",
            "hlo-feed-no-result",
            "result is expected to be at least of size 1, but got {count}",
            "stablehlo.infeed/recv (C1/C2) without a result: the last result must be a token.",
            '"stablehlo.infeed"(%t) : (!stablehlo.token) -> ()',
            op_prefix=False,
        ),
        Rule(
            "BC1132",
            "infeed-tensor-results",
            "all elements of result types, except the last element, are expected to be of tensor type, but got "
            "'{type}'",
            "stablehlo.infeed (C2): a result before the last one is not a tensor.",
            '%0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)',
            op_prefix=False,
        ),
        Rule(
            "BC1133",
            "recv-tensor-results",
            "everything but the last element of result types is expected to be of tensor type, but got '{type}'",
            "stablehlo.recv (C3): a result before the last one is not a tensor.",
            '%0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>} : '
            "(!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)",
            op_prefix=False,
        ),
        Rule(
            "BC1134",
            "hlo-feed-last-token",
            "last element of result types is expected to be of token type, but got '{type}'",
            "stablehlo.infeed/recv (C3/C4): the last result is not a token.",
            '%0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xf32>, tensor<i32>)',
            op_prefix=False,
        ),
        Rule(
            "BC1135",
            "infeed-layout-size",
            "layout-attribute size must be {size} (which is the number of op-results - 1 (for token result)), "
            "but got {count}",
            "stablehlo.infeed: the layout does not hold one entry per tensor result.",
            '%0:2 = "stablehlo.infeed"(%t) {layout = [[0], [1]]} : (!stablehlo.token) -> (tensor<2xf32>, '
            "!stablehlo.token)",
            op_prefix=False,
        ),
        Rule(
            "BC1136",
            "infeed-layout-element",
            "layout-attribute expected to have elements of type array, but got {element}",
            "stablehlo.infeed: an entry of the layout is not an array.",
            '%0:2 = "stablehlo.infeed"(%t) {layout = [0]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)',
            op_prefix=False,
        ),
        Rule(
            "BC1137",
            "infeed-layout-leaf",
            "layout-attribute's leaf elements are expected to be of type integer, but got {leaf}",
            "stablehlo.infeed: an entry of the layout holds something other than integers.",
            '%0:2 = "stablehlo.infeed"(%t) {layout = [[0, []]]} : (!stablehlo.token) -> (tensor<2xf32>, '
            "!stablehlo.token)",
            op_prefix=False,
        ),
        Rule(
            "BC1138",
            "rng-bit-generator-state",
            "output state shape must be compatible with initial state shape. Got: '{initial}' and '{output}'",
            "stablehlo.rng_bit_generator (C1): the output state's shape is not the initial state's.",
            '%0, %1 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : '
            "(tensor<2xui64>) -> (tensor<3xui64>, tensor<10xui32>)",
            op_prefix=False,
        ),
        Rule(
            "BC1139",
            "hlo-pairwise-same-type",
            "requires the same type for operand and result at index {index}",
            "stablehlo.optimization_barrier (PairwiseSameOperandAndResultType): a result's type is not its operand's.",
            '%0 = "stablehlo.optimization_barrier"(%a) : (tensor<2xf32>) -> tensor<?xf32>',
        ),
        Rule(
            "BC1140",
            "uniform-quantize-expressed",
            "Expressed type of result expected to be '{expected}', but got '{actual}'",
            "stablehlo.uniform_quantize (C2): the result's expressed type is not the operand's float type (or its "
            "expressed type).",
            "%0 = stablehlo.uniform_quantize %a : (tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f32, 1.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC1141",
            "composite-name",
            "name must be a valid namespaced op name, i.e. it must match the following regular expression: "
            '{pattern} e.g. "my_namespace.my_op"',
            "stablehlo.composite (C1): the name is not a namespaced op name.",
            'stablehlo.composite "foo" { decomposition = @foo } : () -> ()',
            op_prefix=False,
        ),
        Rule(
            "BC1142",
            "composite-decomposition",
            "'{symbol}' does not reference a valid function",
            "stablehlo.composite (C2): its decomposition names no function of the module.",
            '%0 = stablehlo.composite "my.op" %a {decomposition = @missing} : (tensor<f32>) -> tensor<f32>',
            op_prefix=False,
        ),
        Rule(
            "BC1143",
            "composite-count",
            "has {count} {what}(s), but decomposition has {expected}",
            "stablehlo.composite (C3/C4): it has not as many operands (results) as its decomposition.",
            '%0 = stablehlo.composite "my.op" %a {decomposition = @f} : (tensor<f32>) -> tensor<f32> with '
            "func.func @f() -> tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1144",
            "composite-type",
            "{what} at index {index} has type '{type}', but decomposition has type '{expected}'",
            "stablehlo.composite (C3/C4): an operand's (result's) type is not its decomposition's.",
            '%0 = stablehlo.composite "my.op" %a {decomposition = @f} : (tensor<f32>) -> tensor<f32> with '
            "func.func @f(%x: tensor<f64>) -> tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1145",
            "custom-call-token-layout",
            "Only tensor types can have non-empty layout: {value} #{index} of type '{type}' has layout {layout}",
            "A custom_call gives a token (no tensor) a non-empty layout.",
            "%0 = stablehlo.custom_call @foo(%t) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = "
            "[]} : (!stablehlo.token) -> ()",
        ),
        Rule(
            "BC1146",
            "collective-reduce-operands",
            "{what}",
            "collective_reduce: no data operand; with has_dynamic_root, no root, or a root that is not a "
            "rank-1 i32 tensor of one element per data operand.",
            '%0 = "stablehlo.collective_reduce"() ({...}) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : '
            "() -> ()",
            op_prefix=False,
        ),
        Rule(
            "BC1147",
            "hlo-inferred-no-result",
            "inferred type(s) '{inferred}' are incompatible with return type(s) of operation ",
            "The type inference infers results for an op written with none (MLIR prints the empty list bare).",
            '"stablehlo.collective_reduce"(%a) ({...}) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : '
            "(tensor<5xf32>) -> ()",
        ),
        # ---- BC1500-BC1539: ONNX-MLIR's recurrent/sequence ops and TOSA's block-scaled and shape ops (onnxtosa)
        Rule(
            "BC1500",
            "onnx-space-to-depth-block",
            "The input tensor {dim} must be divisible by the block size",
            "onnx.SpaceToDepth (its verifier): the input's height or width, where known, is not a multiple of "
            "blocksize.",
            '%0 = "onnx.SpaceToDepth"(%x) {blocksize = 2 : si64} : (tensor<1x3x5x4xf32>) -> tensor<*xf32>',
        ),
        Rule(
            "BC1501",
            "tosa-block-scaled-data",
            "require compatible shapes for input_data ('{a}') and output_data ('{b}')",
            "tosa.cast_to_block_scaled (its verifier): the output data's shape is not the input's.",
            "%0, %1 = tosa.cast_to_block_scaled %x block_size<BLOCK_SIZE_32> : (tensor<1xf32>) -> "
            "(tensor<64xf4E2M1FN>, tensor<1xf8E8M0FNU>)",
        ),
        Rule(
            "BC1502",
            "tosa-block-size",
            "expect block size to be 32, got {got}",
            "tosa.cast_to_block_scaled and tosa.matmul_t_block_scaled (their verifiers): a block_size other than "
            "BLOCK_SIZE_32.",
            "%0, %1 = tosa.cast_to_block_scaled %x block_size<BLOCK_SIZE_1> : (tensor<4x64xf32>) -> "
            "(tensor<4x64xf4E2M1FN>, tensor<4x64xf8E8M0FNU>)",
        ),
        Rule(
            "BC1503",
            "tosa-block-scaled-scale",
            "require compatible shapes for output_data ('{a}') and output_scale ('{b}') except for the last dimension",
            "tosa.cast_to_block_scaled (its verifier): the scale's shape is not the data's but for the last dimension.",
            "%0, %1 = tosa.cast_to_block_scaled %x block_size<BLOCK_SIZE_32> : (tensor<4x64xf32>) -> "
            "(tensor<4x64xf4E2M1FN>, tensor<2xf8E8M0FNU>)",
        ),
        Rule(
            "BC1504",
            "tosa-block-scaled-divisible",
            "expect last dimension of input_data ({size}) to be divisible by block_size ({block})",
            "tosa.cast_to_block_scaled (its verifier): the input's last dimension is not a multiple of the block size.",
            "%0, %1 = tosa.cast_to_block_scaled %x block_size<BLOCK_SIZE_32> : (tensor<4x48xf32>) -> "
            "(tensor<4x48xf4E2M1FN>, tensor<4x1xf8E8M0FNU>)",
        ),
        Rule(
            "BC1505",
            "tosa-block-scaled-scale-size",
            "expect last dimension of output_scale ({got}) to be equal to last dimension of output_data / block_size "
            "({expected})",
            "tosa.cast_to_block_scaled (its verifier): the scale's last dimension is not the data's divided by the "
            "block size.",
            "%0, %1 = tosa.cast_to_block_scaled %x block_size<BLOCK_SIZE_32> : (tensor<4x64xf32>) -> "
            "(tensor<4x64xf4E2M1FN>, tensor<4x1xf8E8M0FNU>)",
        ),
        Rule(
            "BC1506",
            "tosa-block-scaled-dim",
            "expected {dim} of {operand} to match size {size}, got {got}",
            "tosa.matmul_t_block_scaled and tosa.row_gather (their verifiers): a size of an operand or the result "
            "contradicts the same size read from an operand before it (batch, height, channels, width, C/block_size).",
            "%0 = tosa.matmul_t_block_scaled %a, %sa, %b, %sb block_size<BLOCK_SIZE_32> : (tensor<2x4x32xf8E4M3FN>, "
            "tensor<2x3x1xf8E8M0FNU>, ...) -> tensor<2x4x16xf32>",
        ),
        Rule(
            "BC1507",
            "tosa-block-scaled-batch",
            "expect B matrix batch size to be broadcast compatible with A, got D={d} vs N={n}",
            "tosa.matmul_t_block_scaled (its verifier): B's batch is neither A's nor 1.",
            "%0 = tosa.matmul_t_block_scaled %a, %sa, %b, %sb block_size<BLOCK_SIZE_32> : (tensor<4x1x32xf8E5M2>, "
            "tensor<4x1x1xf8E8M0FNU>, tensor<2x5x32xf8E5M2>, tensor<2x5x1xf8E8M0FNU>) -> tensor<4x1x5xf32>",
        ),
        Rule(
            "BC1508",
            "tosa-block-scaled-channels",
            "expect C to be a multiple of block size, got C={c}, block_size={block}",
            "tosa.matmul_t_block_scaled (its verifier): the channels are not a multiple of the block size.",
            "%0 = tosa.matmul_t_block_scaled %a, %sa, %b, %sb block_size<BLOCK_SIZE_32> : "
            "(tensor<2x3x48x!tosa.mxint8>, ...) -> tensor<2x3x4xf32>",
        ),
        Rule(
            "BC1509",
            "tosa-block-scaled-scales",
            "expect scale operands dimension 2 to equal C/block_size ({c}/{block}), got {got}",
            "tosa.matmul_t_block_scaled (its verifier): the scales' last dimension is not C / block size.",
            "%0 = tosa.matmul_t_block_scaled %a, %sa, %b, %sb block_size<BLOCK_SIZE_32> : (tensor<1x8x64xf8E5M2>, "
            "tensor<1x8x1xf8E8M0FNU>, ...) -> tensor<1x8x5xf32>",
        ),
        Rule(
            "BC1510",
            "tosa-block-scaled-output",
            "expected output shape {actual} to be compatible with expected output shape {expected}",
            "tosa.matmul_t_block_scaled (its verifier): the result is not [N, H, W] as read from the operands.",
            "%0 = tosa.matmul_t_block_scaled %a, %sa, %b, %sb block_size<BLOCK_SIZE_32> : (tensor<2x8x32xf6E3M2FN>, "
            "...) -> tensor<64x8x16xf32>",
        ),
        Rule(
            "BC1511",
            "tosa-shape-result-rank",
            "result shape has different rank than operands",
            "A TOSA shape op (add_shape, exp2_shape, ...): the result's !tosa.shape rank is not its operands'.",
            "%c = tosa.add_shape %a, %b : (!tosa.shape<4>, !tosa.shape<4>) -> !tosa.shape<3>",
        ),
        Rule(
            "BC1512",
            "onnx-split-to-sequence-rank",
            ": split has rank {rank} > 1",
            "onnx.SplitToSequence (its verifier): the split operand has a rank above 1.",
            '%0 = "onnx.SplitToSequence"(%x, %s) : (tensor<4x2xf32>, tensor<1x2xi64>) -> !onnx.Seq<tensor<*xf32>>',
        ),
        Rule(
            "BC1513",
            "onnx-split-to-sequence-scalar",
            ": split scalar {value} <= 0",
            "onnx.SplitToSequence (its verifier): a constant scalar split that is not positive.",
            '%0 = "onnx.SplitToSequence"(%x, %s) : (tensor<4x2xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>',
        ),
        Rule(
            "BC1514",
            "onnx-split-to-sequence-entry",
            ": split tensor has entry {value} < 0",
            "onnx.SplitToSequence (its verifier): a constant split with a negative entry.",
            '%0 = "onnx.SplitToSequence"(%x, %s) : (tensor<4x2xf32>, tensor<2xi64>) -> !onnx.Seq<tensor<*xf32>>',
        ),
        Rule(
            "BC1515",
            "onnx-split-to-sequence-sum",
            ": split tensor entries sum to {sum} != axis dimension size {size}",
            "onnx.SplitToSequence (its verifier): a constant split whose entries do not add up to the axis' size.",
            '%0 = "onnx.SplitToSequence"(%x, %s) : (tensor<4x2xf32>, tensor<2xi64>) -> !onnx.Seq<tensor<*xf32>>',
        ),
        Rule(
            "BC1516",
            "onnx-sequence-insert-element",
            "Element types of the tensor in seqence and input have to be the same",
            "onnx.SequenceInsert (its verifier, emitError: no op name; its spelling): the inserted tensor's element "
            "type is not the sequence's.",
            '%0 = "onnx.SequenceInsert"(%s, %x, %n) : (!onnx.Seq<tensor<*xf32>>, tensor<2xi64>, none) -> '
            "!onnx.Seq<tensor<*xf32>>",
            op_prefix=False,
        ),
        Rule(
            "BC1517",
            "onnx-sequence-empty-dtype",
            "SequenceEmpty getDtype() does not match the output type",
            "onnx.SequenceEmpty (its verifier, emitError): dtype (f32 when absent) is not the element type of the "
            "result's tensors.",
            '%0 = "onnx.SequenceEmpty"() {dtype = 7 : si64} : () -> !onnx.Seq<tensor<*xf32>>',
            op_prefix=False,
        ),
        Rule(
            "BC1518",
            "tosa-row-count",
            "requires row_count to be > 0, got {value}",
            "tosa.row_gather (its verifier): a constant row_count that is not positive.",
            "%0 = tosa.row_gather %v, %i, %rc : (tensor<1x4x2xf32>, tensor<1x3xi32>, tensor<1xi32>) -> "
            "tensor<1x3x2xf32>",
        ),
        Rule(
            "BC1519",
            "tosa-row-gather-rows",
            "requires output dimension to be equal to indices[1]*row_count ({expected}), got {got}",
            "tosa.row_gather (its verifier): the output's rows are not W times a constant row_count.",
            "%0 = tosa.row_gather %v, %i, %rc : (tensor<2x5x1xi8>, tensor<2x7xi32>, tensor<1xi32>) -> tensor<2x3x1xi8>",
        ),
        Rule(
            "BC1520",
            "onnx-one-hot-axis",
            "OneHot axis value is out of range",
            "onnx.OneHot (its verifier): axis outside [-r-1, r] of ranked indices.",
            '%0 = "onnx.OneHot"(%i, %d, %v) : (tensor<3xi64>, tensor<i64>, tensor<3xf32>) -> tensor<*xf32>',
        ),
        Rule(
            "BC1521",
            "onnx-one-hot-values-rank",
            "OneHot values must be 1D tensor",
            "onnx.OneHot (its verifier): values of a rank other than 1.",
            '%0 = "onnx.OneHot"(%i, %d, %v) : (tensor<3xi64>, tensor<i64>, tensor<3xf32>) -> tensor<*xf32>',
        ),
        Rule(
            "BC1522",
            "onnx-one-hot-values-size",
            "OneHot values must be 1D tensor with 2 elements",
            "onnx.OneHot (its verifier): values of a known size other than 2.",
            '%0 = "onnx.OneHot"(%i, %d, %v) : (tensor<3xi64>, tensor<i64>, tensor<3xf32>) -> tensor<*xf32>',
        ),
        Rule(
            "BC1523",
            "onnx-one-hot-depth-size",
            "OneHot depth can be 1D tensor with 1 elements",
            "onnx.OneHot (its verifier): a 1-d depth of a known size other than 1.",
            '%0 = "onnx.OneHot"(%i, %d, %v) : (tensor<3xi64>, tensor<i64>, tensor<3xf32>) -> tensor<*xf32>',
        ),
        Rule(
            "BC1524",
            "onnx-one-hot-depth-rank",
            "OneHot depth must be 0 or 1D tensor",
            "onnx.OneHot (its verifier): a depth of rank above 1.",
            '%0 = "onnx.OneHot"(%i, %d, %v) : (tensor<3xi64>, tensor<i64>, tensor<3xf32>) -> tensor<*xf32>',
        ),
        Rule(
            "BC1525",
            "onnx-layout-transform-shape",
            "Input and output tensors must have the same shape",
            "onnx.LayoutTransform (its verifier): a size of the output differs from the data's (before any "
            "unknown size of either).",
            '%0 = "onnx.LayoutTransform"(%x) : (tensor<5x3x32x32xf32>) -> tensor<5x3x16x32xf32>',
        ),
        # ---- BC1362-BC1389: Vector (dialects/vector), from llvm-project's tests
        Rule(
            "BC1362",
            "vector-base-element",
            "base element type ('{base}') does not match {what} element type ('{other}')",
            "vector.maskedload, maskedstore, gather, scatter, expandload or compressstore: the base's element type "
            "is not the vector's.",
            "%0 = vector.maskedload %m[%i], %k, %p : memref<?xf64>, vector<16xi1>, vector<16xf32> into vector<16xf32>",
        ),
        Rule(
            "BC1363",
            "vector-memory",
            "{detail}",
            "A Vector memory op's verifier (load, store, the masked, gather, scatter, expand and compress ops, "
            "type_cast): the base's rank, layout or element type against the vector, the number of indices, the "
            "mask's and pass-through's shapes.",
            "%0 = vector.load %m[%i] : memref<?x?xf32>, vector<8xf32>",
        ),
        Rule(
            "BC1364",
            "vector-mask-sizes",
            "{detail}",
            "vector.create_mask's operands or vector.constant_mask's sizes against the mask's dims.",
            "%0 = vector.constant_mask [3, 4] : vector<4x3xi1>",
        ),
        Rule(
            "BC1365",
            "vector-mask-0d",
            "{detail}",
            "vector.constant_mask of a 0-D mask takes one size, 0 or 1 (its verifier's emitError: no op prefix).",
            "%0 = vector.constant_mask [2] : vector<i1>",
            op_prefix=False,
        ),
        Rule(
            "BC1366",
            "vector-shuffle",
            "{detail}",
            "vector.shuffle's verifier: the operands' and result's ranks and trailing dims, the mask's length and "
            "indices (each within both operands' leading dims, or -1, poison).",
            "%0 = vector.shuffle %a, %b [0, 4] : vector<2xf32>, vector<2xf32>",
        ),
        Rule(
            "BC1367",
            "vector-operand-count",
            "custom op '{name}' number of operands and types do not match: got {operands} operands and {types} types",
            "The parser: vector.from_elements or tensor.from_elements given another number of operands than its "
            "type has elements (at the first operand).",
            "%0 = vector.from_elements %a : vector<2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1368",
            "vector-insert-strided-slice",
            "{detail}",
            "vector.insert_strided_slice's verifier: its offsets' and strides' lengths against the dest's and "
            "source's ranks, the source no longer than the dest, scalable dims in the same places.",
            "%0 = vector.insert_strided_slice %a, %b offsets = [2], strides = [1, 1] : vector<4x4xf32> into "
            "vector<4x8x16xf32>",
        ),
        # ---- BC1440-BC1469: StableHLO/MHLO quantized types (dialects/stablehlo/quant.py)
        Rule(
            "BC1440",
            "hlo-quantized-scale",
            "expect same quantization scale and zero_point but got '{operand}' vs '{result}'",
            "stablehlo.transpose, reshape (transpose_c1, reshape_c1): per-tensor quantized operand and result "
            "with different scales or zero points.",
            "%0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x2x!quant.uniform<i8:f32, 1.0>>) -> "
            "tensor<2x2x!quant.uniform<i8:f32, 2.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC1441",
            "hlo-quantized-scales",
            "expect same quantization scales and zero_points but got '{operand}' vs '{result}'",
            "stablehlo.transpose, reshape (transpose_c1, reshape_c1): per-axis quantized operand and result with "
            "different scales or zero points.",
            "%0 = stablehlo.reshape %a : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 1.0}>>) -> "
            "tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>",
            op_prefix=False,
        ),
        Rule(
            "BC1442",
            "transpose-quantized-dimension",
            "operand quantization_dimension {operand} is not same as permutation[{dim}] = {value}",
            "stablehlo.transpose (transpose_c4): the result's quantized dimension is not the operand's, permuted.",
            "%0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 1.0}>>) -> "
            "tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 1.0, 1.0}>>",
            op_prefix=False,
        ),
        Rule(
            "BC1443",
            "reshape-quantized-dimension-size",
            "expect same quantization dimension size for operand and result '{operand}' and '{result}'",
            "stablehlo.reshape, dynamic_reshape (reshape_c3): the quantized dimensions of operand and result "
            "differ in size.",
            "%0 = stablehlo.reshape %a : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 1.0, 1.0}>>) -> "
            "tensor<3x2x!quant.uniform<i8:f32:1, {1.0, 1.0}>>",
            op_prefix=False,
        ),
        Rule(
            "BC1444",
            "reshape-quantized-dimension-product",
            "product of dimensions before quantization dimension must match between operand and result for "
            "{operand} and {result}",
            "stablehlo.reshape, dynamic_reshape (reshape_c3): the dimensions before the quantized dimension hold "
            "different numbers of elements.",
            "%0 = stablehlo.reshape %a : (tensor<2x3x2x!quant.uniform<i8:f32:2, {1.0, 1.0}>>) -> "
            "tensor<3x2x2x!quant.uniform<i8:f32:1, {1.0, 1.0}>>",
            op_prefix=False,
        ),
        Rule(
            "BC1445",
            "broadcast-quantized-scale",
            "mismatch result scale {index} ({result}) and operand scale 0 ({operand})",
            "stablehlo.broadcast_in_dim, dynamic_broadcast_in_dim (C6): a per-axis quantized operand of size 1 "
            "broadcast to a result whose scales are not the operand's one scale.",
            "%0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<1x!quant.uniform<i8:f32:0, {1.0}>>) -> "
            "tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>",
            op_prefix=False,
        ),
        Rule(
            "BC1446",
            "broadcast-quantized-zero-point",
            "mismatch result zero_point {index} ({result}) and operand zero_point 0 ({operand})",
            "stablehlo.broadcast_in_dim, dynamic_broadcast_in_dim (C6): a per-axis quantized operand of size 1 "
            "broadcast to a result whose zero points are not the operand's one zero point.",
            "%0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<1x!quant.uniform<i8:f32:0, {1.0:1}>>) -> "
            "tensor<2x!quant.uniform<i8:f32:0, {1.0:1, 1.0:2}>>",
            op_prefix=False,
        ),
        Rule(
            "BC1447",
            "contract-quantized-mix",
            "rhs should be quantized for quantized operations and is_quantized(lhs)=is_quantized(result) should hold",
            "stablehlo.dot_general, convolution (dot_general_c14, convolution_c28): a quantized operation whose "
            "rhs is not quantized, or whose lhs and result disagree on being quantized.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, "
            "tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x4x!quant.uniform<i8:f32, 1.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC1448",
            "contract-quantized-storage",
            "mismatched lhs and rhs quantization storage types",
            "stablehlo.dot_general, convolution (dot_general_c17, convolution_c31): quantized lhs and rhs store "
            "in different integer types.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
            "(tensor<2x3x!quant.uniform<i16:f32, 1.0>>, tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> "
            "tensor<2x4x!quant.uniform<i8:f32, 1.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC1449",
            "contract-quantized-expressed",
            "mismatched lhs, rhs and result quantization expressed types",
            "stablehlo.dot_general, convolution (dot_general_c18, convolution_c32): quantized lhs, rhs and result "
            "express different float types.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
            "(tensor<2x3x!quant.uniform<i8:f16, 1.0>>, tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> "
            "tensor<2x4x!quant.uniform<i8:f32, 1.0>>",
            op_prefix=False,
        ),
        Rule(
            "BC1450",
            "contract-quantized-granularity",
            "mismatched rhs and result quantization granularity",
            "stablehlo.dot_general, convolution (dot_general_c19, convolution_c33): a per-tensor quantized rhs "
            "with a per-axis quantized result.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
            "(tensor<2x3x!quant.uniform<i8:f32, 1.0>>, tensor<3x4x!quant.uniform<i8:f32, 1.0>>) -> "
            "tensor<2x4x!quant.uniform<i8:f32:1, {1.0, 1.0, 1.0, 1.0}>>",
            op_prefix=False,
        ),
        Rule(
            "BC1451",
            "contract-hybrid-expressed",
            "mismatched rhs quantization expressed type and lhs and result element type",
            "stablehlo.dot_general, convolution (dot_general_c20, convolution_c34): a float lhs or result that is "
            "not the quantized rhs's expressed type.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, "
            "tensor<3x4x!quant.uniform<i8:f16, 1.0>>) -> tensor<2x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1452",
            "dot-general-rhs-zero-point",
            "Zero point of rhs should be 0",
            "stablehlo.dot_general (dot_general_c15): a per-tensor quantized rhs with a zero point.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, "
            "tensor<3x4x!quant.uniform<i8:f32, 1.0:5>>) -> tensor<2x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1453",
            "dot-general-rhs-zero-points",
            "Zero points of rhs should be 0",
            "stablehlo.dot_general (dot_general_c15): a per-axis quantized rhs with a zero point.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, "
            "tensor<3x2x!quant.uniform<i8:f32:1, {1.0:1, 1.0}>>) -> tensor<2x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1454",
            "dot-general-rhs-quantized-contracting",
            "Quantization dimension of rhs should not be in the contracting dimension of rhs",
            "stablehlo.dot_general (dot_general_c16): the rhs is quantized along a contracting dimension.",
            "%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, "
            "tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 1.0, 1.0}>>) -> tensor<2x2xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1455",
            "convolution-rhs-quantized-dimension",
            "quantization dimension of rhs should be same with kernel_output_feature_dimension",
            "stablehlo.convolution (convolution_c29): a per-axis quantized kernel quantized along another "
            "dimension than its output features.",
            "a kernel tensor<3x3x1x1x!quant.uniform<i8:f32:1, {1.0, 1.0, 1.0}>> with dim_numbers [0, 1, i, o]",
            op_prefix=False,
        ),
        Rule(
            "BC1456",
            "convolution-result-quantized-dimension",
            "quantization dimension of result should be same with output_feature_dimension",
            "stablehlo.convolution (convolution_c30): a per-axis quantized result quantized along another "
            "dimension than its features.",
            "a result tensor<1x4x4x1x!quant.uniform<i8:f32:0, {1.0}>> with dim_numbers ...->[b, 0, 1, f]",
            op_prefix=False,
        ),
        # ---- BC1470-BC1499: StableHLO/MHLO attribute and custom-form rules (hlomisc)
        Rule(
            "BC1470",
            "dynamic-broadcast-shape-value",
            "size of operand dimension {dim} ({size}) is not equal to 1 or value of shape at index {index} ({value})",
            "stablehlo.dynamic_broadcast_in_dim: a static operand size is neither 1 nor the constant "
            "output_dimensions' value at its broadcast dimension.",
            "%s = stablehlo.constant dense<[2, 1, 1]> : tensor<3xi32>\n"
            '%0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 1, 2>} : '
            "(tensor<1x3xi32>, tensor<3xi32>) -> tensor<?x?x?xi32>",
            op_prefix=False,
        ),
        Rule(
            "BC1471",
            "dot-algorithm-precision",
            "must specify DEFAULT precision config when algorithm is set.",
            "stablehlo.dot_general (C21): an algorithm is given and a precision is not DEFAULT.",
            '%0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions '
            "= [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision HIGH>, "
            "#stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, "
            "rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, "
            "num_primitive_operations = 1, allow_imprecise_accumulation = false>}> : (tensor<2x3xf32>, "
            "tensor<3x4xf32>) -> tensor<2x4xf32>",
            op_prefix=False,
        ),
        # ---- BC1540-BC1549: the tfl ops checked from their declaration alone (dialects/tfl/traits.py)
        Rule(
            "BC1540",
            "n-results",
            "expected {expected} results",
            "An op of a fixed number of results (NResults: tfl.topk_v2 has two) has another number.",
            '%0 = "tfl.topk_v2"(%x, %k) : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC1541",
            "tfl-0d-operand",
            "operand #{index} must be 0D tensor of any type values, but got '{type}'",
            "A tfl operand declared 0-D (TFL_0DTensorOf: tfl.dilate's padding value) is not a ranked 0-D tensor.",
            '%0 = "tfl.dilate"(%x, %d, %p) : (tensor<2xf32>, tensor<1xi32>, tensor<1xf32>) -> tensor<3xf32>',
        ),
        # ---- BC912-BC919, BC1600-BC1629: SCF, cf and shape (scf)
        Rule(
            "BC912",
            "requires-one-region",
            "requires one region",
            "An op with one region (OneRegion: scf.for) has another number of regions (its generic form).",
            '"scf.for"(%lb, %ub, %s) ({...}, {...}) : (index, index, index) -> ()',
        ),
        Rule(
            "BC913",
            "implicit-terminator",
            "expects regions to end with '{expected}', found '{found}'",
            "A region of an op whose custom form implies its terminator (SingleBlockImplicitTerminator: scf.for, "
            "scf.if, scf.forall) ends with another op (the generic form).",
            '"scf.for"(%lb, %ub, %s) ({ ^bb0(%i: index): "test.op"() : () -> () }) : (index, index, index) -> ()',
        ),
        Rule(
            "BC914",
            "region-arguments",
            "region #{index} should have no arguments",
            "A region of an op whose regions take no argument (NoRegionArguments: scf.if) has one.",
            '"scf.if"(%c) ({ ^bb0(%x: f32): scf.yield }, {}) : (i1) -> ()',
        ),
        Rule(
            "BC915",
            "scf-for-induction-argument",
            "expected body to have at least {expected} argument(s) for the induction variable, but got {count}",
            "scf.for's body has no block argument for its induction variable (the generic form).",
            '"scf.for"(%lb, %ub, %s) ({ ^bb0: scf.yield }) : (index, index, index) -> ()',
        ),
        Rule(
            "BC916",
            "scf-for-results",
            "mismatch in number of loop-carried values and defined values",
            "scf.for has another number of results than initial values (ForOp::verify).",
            "%r:2 = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (f32, f32) { ... }",
        ),
        Rule(
            "BC917",
            "scf-for-iter-args",
            "different number of inits and region iter_args: {inits} != {iter}",
            "scf.for's body takes another number of iteration arguments than the loop has initial values "
            "(LoopLikeOpInterface).",
            '%r = "scf.for"(%lb, %ub, %s, %a) ({ ^bb0(%i: index): scf.yield }) : (index, index, index, f32) -> f32',
        ),
        Rule(
            "BC918",
            "induction-variable-type",
            "{index}-th induction variable has invalid type: '{type}'",
            "A loop's induction variable is not of a type the loop allows (LoopLikeOpInterface: scf.for takes a "
            "signless integer or index).",
            '"scf.for"(%lb, %ub, %s) ({ ^bb0(%i: f32): scf.yield }) : (index, index, index) -> ()',
        ),
        Rule(
            "BC919",
            "scf-for-induction-type",
            "expected induction variable to be same type as bounds and step",
            "scf.for's induction variable has another type than its bounds (ForOp::verifyRegions).",
            '"scf.for"(%lb, %ub, %s) ({ ^bb0(%i: index): scf.yield }) : (i32, i32, i32) -> ()',
        ),
        Rule(
            "BC1600",
            "scf-execute-region-arguments",
            "region cannot have any arguments",
            "scf.execute_region's region takes arguments (ExecuteRegionOp::verify).",
            '"scf.execute_region"() ({ ^bb0(%x: i32): scf.yield }) : () -> ()',
        ),
        Rule(
            "BC1601",
            "scf-while-terminator",
            "expects the '{region}' region to terminate with '{expected}'",
            "scf.while's 'before' region does not end with scf.condition, or its 'after' region with scf.yield "
            "(WhileOp::verify).",
            'scf.while : () -> () { "test.op"() : () -> () } do { scf.yield }',
        ),
        Rule(
            "BC1602",
            "scf-if-single-operand",
            "requires a single operand",
            "An op of one operand (scf.if's condition) has another number of operands (its generic form).",
            '"scf.if"(%c, %c) ({ scf.yield }, {}) : (i1, i1) -> ()',
        ),
        Rule(
            "BC1603",
            "scf-index-switch-cases",
            "has {regions} case regions but {values} case values",
            "scf.index_switch has another number of case regions than case values (IndexSwitchOp::verify).",
            '"scf.index_switch"(%i) ({ scf.yield }) {cases = array<i64: 1>} : (index) -> ()',
        ),
        Rule(
            "BC1604",
            "scf-index-switch-duplicate",
            "has duplicate case value: {value}",
            "scf.index_switch lists a case value twice (IndexSwitchOp::verify).",
            "scf.index_switch %i case 0 { scf.yield } case 0 { scf.yield } default { scf.yield }",
        ),
        Rule(
            "BC1605",
            "scf-index-switch-terminator",
            "expected region to end with scf.yield, but got {found}",
            "A region of scf.index_switch does not end with scf.yield (IndexSwitchOp::verify).",
            '"scf.index_switch"(%i) ({ scf.yield }, { func.return }) {cases = array<i64: 1>} : (index) -> ()',
        ),
        Rule(
            "BC1606",
            "scf-index-switch-yield-count",
            "expected each region to return {count} values, but {region} returns {yielded}",
            "A region of scf.index_switch yields another number of values than the op has results.",
            "scf.index_switch %i default { scf.yield %i : index }",
        ),
        Rule(
            "BC1607",
            "scf-index-switch-yield-type",
            "expected result #{index} of each region to be '{type}'",
            "A region of scf.index_switch yields a value of another type than the op's result in its place.",
            "scf.index_switch %i -> index case 0 { scf.yield %n : i32 } default { scf.yield %i : index }",
        ),
        Rule(
            "BC1608",
            "scf-parallel-no-bounds",
            "needs at least one tuple element for lowerBound, upperBound and step",
            "scf.parallel has no bounds (ParallelOp::verify).",
            "scf.parallel () = () to () step () { scf.reduce }",
        ),
        Rule(
            "BC1609",
            "scf-parallel-induction-count",
            "expects the same number of induction variables: {ivs} as bound and step values: {bounds}",
            "scf.parallel's body takes another number of arguments than it has bounds (ParallelOp::verify).",
            '"scf.parallel"(%a, %b, %s) ({ ^bb0(%i: index, %j: index): scf.reduce }) '
            "{operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()",
        ),
        Rule(
            "BC1610",
            "scf-parallel-induction-type",
            "expects arguments for the induction variable to be of index type",
            "An argument of scf.parallel's body is not an index (ParallelOp::verify).",
            '"scf.parallel"(%a, %b, %s) ({ ^bb0(%i: f32): scf.reduce }) '
            "{operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()",
        ),
        Rule(
            "BC1611",
            "scf-parallel-reductions",
            "expects number of results: {results} to be the same as number of {what}: {count}",
            "scf.parallel has another number of results than its scf.reduce reduces, or than it has initial "
            "values (ParallelOp::verify).",
            "scf.parallel (%i) = (%a) to (%b) step (%s) { scf.reduce(%x : f32) { ... } }",
        ),
        Rule(
            "BC1612",
            "scf-parallel-reduction-type",
            "'scf.reduce' op expects type of {index}-th reduction operand: '{operand}' to be the same as the "
            "{index}-th result type: '{result}'",
            "What scf.parallel's scf.reduce reduces has another type than the result in its place (reported at "
            "the scf.reduce).",
            "%r = scf.parallel (%i) = (%a) to (%b) step (%s) init (%z) -> f32 { scf.reduce(%n : index) { ... } }",
            op_prefix=False,
        ),
        Rule(
            "BC1613",
            "scf-parallel-terminator",
            "expects body to terminate with 'scf.reduce'",
            "scf.parallel's body does not end with scf.reduce (ParallelOp::verify).",
            "scf.parallel (%i) = (%a) to (%b) step (%s) { scf.yield }",
        ),
        Rule(
            "BC1614",
            "scf-reduce-arguments",
            "expected two block arguments with type '{type}' in the {index}-th reduction region",
            "A reduction region of scf.reduce does not take two arguments of its operand's type.",
            "scf.reduce(%x : f32) { ^bb0(%l: f32, %r: i32): scf.reduce.return %l : f32 }",
        ),
        Rule(
            "BC1615",
            "scf-reduce-terminator",
            "reduction bodies must be terminated with an 'scf.reduce.return' op",
            "A reduction region of scf.reduce does not end with scf.reduce.return (ReduceOp::verifyRegions).",
            'scf.reduce(%x : f32) { ^bb0(%l: f32, %r: f32): "test.op"() : () -> () }',
        ),
        Rule(
            "BC1616",
            "scf-reduce-return-type",
            "'scf.reduce.return' op must have type '{type}' (the type of the reduction inputs)",
            "scf.reduce.return returns another type than its reduction region's arguments (reported at it).",
            "scf.reduce(%x : f32) { ^bb0(%l: f32, %r: f32): scf.reduce.return %n : index }",
            op_prefix=False,
        ),
        Rule(
            "BC1617",
            "scf-forall-arguments",
            "region expects {count} arguments",
            "scf.forall's body takes another number of arguments than it has loops and shared outputs.",
            '"scf.forall"(...) ({ ^bb0(%i: index, %o: tensor<4xf32>, %p: tensor<4xf32>): ... }) : ...',
        ),
        Rule(
            "BC1618",
            "scf-forall-induction-type",
            "expects {index}-th block argument to be an index",
            "An induction variable of scf.forall's body is not an index (ForallOp::verify).",
            '"scf.forall"(...) ({ ^bb0(%i: f32, %o: tensor<4xf32>): ... }) : ...',
        ),
        Rule(
            "BC1619",
            "scf-forall-output-type",
            "type mismatch between {index}-th output and corresponding block argument",
            "A shared output of scf.forall has another type than its block argument (ForallOp::verify).",
            '"scf.forall"(...) ({ ^bb0(%i: index, %o: tensor<4xf16>): ... }) : (index, tensor<4xf32>) -> ...',
        ),
        Rule(
            "BC1620",
            "expects-parent",
            "expects parent op '{parent}'",
            "A terminator stands in a region of another op than the one it belongs to (HasParent: scf.condition "
            "in scf.while).",
            '"scf.condition"(%c) : (i1) -> () directly in a function',
        ),
        Rule(
            "BC1621",
            "expects-parent-one-of",
            "expects parent op to be one of '{parents}'",
            "scf.yield stands in a region of another op than those it belongs to (ParentOneOf).",
            '"test.op"() ({ scf.yield }) : () -> ()',
        ),
        Rule(
            "BC1622",
            "positive-step",
            "constant step operand must be positive",
            "A constant step of scf.parallel is zero or negative (ParallelOp::verify).",
            "scf.parallel (%i) = (%a) to (%b) step (%c0) { scf.reduce }",
        ),
        Rule(
            "BC1623",
            "shape-error-propagation",
            "if at least one of the operands can hold error values then the result must be of type `{kind}` to "
            "propagate them",
            "A shape dialect op takes a !shape.size (or !shape.shape) operand, which can hold an error, and its "
            "result cannot (verifySizeOrIndexOp, verifyShapeOrExtentTensorOp).",
            "%0 = shape.rank %s : !shape.shape -> index",
        ),
        # ---- BC1650-BC1699: the last ONNX-MLIR ops (onnx)
        Rule(
            "BC1650",
            "onnx-type-constraint",
            "{kind} #{index} must be {constraint}, but got '{type}'",
            "An onnx op's operand or result breaks its ODS type constraint (ONNXOps.td.inc: the element types "
            "of TensorOf, SeqOf, OptOf, NoneType, ...), which MLIR's generated verifier checks before the op's "
            "own verify() (broadcheck/dialects/onnx/constraints.json, from `python -m "
            "broadcheck.dialects.onnx.generate`).",
            '%0 = "onnx.Det"(%x) : (tensor<3x3xi32>) -> tensor<f32>',
        ),
        # ---- BC1526-BC1539, BC1630-BC1649: the last TOSA ops (tosa)
        Rule(
            "BC1526",
            "tosa-region-count",
            "require same number of values in {a} ({n}) and {b} ({m})",
            "tosa.cond_if or tosa.while_loop: a region's arguments or yields, or the op's results, are not as "
            "many as the list they must match.",
            "%r = tosa.cond_if %c : tensor<i1> -> tensor<f32> {tosa.yield %x, %x : tensor<f32>, tensor<f32>} "
            "else {tosa.yield %x : tensor<f32>}",
        ),
        Rule(
            "BC1527",
            "tosa-region-element",
            "require same element type for {a} ('{x}') and {b} ('{y}')",
            "tosa.cond_if or tosa.while_loop: a region's argument or yield, or a result, has another element "
            "type than the value it must match.",
            "%r = tosa.cond_if %c : tensor<i1> -> tensor<f32> {tosa.yield %x : tensor<i32>} else {tosa.yield %y "
            ": tensor<f32>}",
        ),
        Rule(
            "BC1528",
            "tosa-region-shape",
            "require same shapes for {a} ('{x}') and {b} ('{y}')",
            "tosa.cond_if or tosa.while_loop: a region's argument or yield, or a result, has a shape "
            "incompatible with the value it must match.",
            "%r = tosa.cond_if %c : tensor<i1> -> tensor<2xf32> {tosa.yield %x : tensor<3xf32>} else {tosa.yield "
            "%x : tensor<3xf32>}",
        ),
        Rule(
            "BC1529",
            "tosa-cond-if-condition",
            "'condition' must be a size 1 tensor, got '{type}'",
            "tosa.cond_if's condition has more than one element.",
            "%r = tosa.cond_if %c : tensor<2xi1> -> tensor<f32> {...} else {...}",
        ),
        Rule(
            "BC1530",
            "tosa-dim-result",
            "expect output shape type to contain one element, got '{type}'",
            "tosa.dim's result is a !tosa.shape of another rank than 1.",
            "%0 = tosa.dim %x axis(1) : (tensor<2x3xf32>) -> !tosa.shape<2>",
        ),
        Rule(
            "BC1531",
            "tosa-dim-axis",
            "expect axis to be in the range [0, {rank}), got {axis}",
            "tosa.dim's axis is not a dim of its input.",
            "%0 = tosa.dim %x axis(2) : (tensor<2x3xf32>) -> !tosa.shape<1>",
        ),
        Rule(
            "BC1532",
            "tosa-concat-shape-empty",
            "requires at least one input shape",
            "tosa.concat_shape has no operand.",
            "%0 = tosa.concat_shape : () -> !tosa.shape<0>",
        ),
        Rule(
            "BC1533",
            "tosa-concat-shape-rank",
            "requires output shape rank to be equal to the sum of the input shape ranks ({sum}), got {got}",
            "tosa.concat_shape's result rank is not the sum of its operands' ranks.",
            "%0 = tosa.concat_shape %a, %b : (!tosa.shape<1>, !tosa.shape<2>) -> !tosa.shape<4>",
        ),
        Rule(
            "BC1538",
            "tosa-concat-shape-empty-operand",
            "requires all inputs shapes have a rank greater than 0",
            "tosa.concat_shape has an operand of rank 0 (!tosa.shape<0>).",
            "%0 = tosa.concat_shape %a, %b : (!tosa.shape<1>, !tosa.shape<0>) -> !tosa.shape<1>",
        ),
        Rule(
            "BC1534",
            "tosa-slice-shape-start",
            "expected non-negative start index, got {start}",
            "tosa.slice_shape's start (a tosa.const) is negative.",
            "%0 = tosa.slice_shape %s, %start, %size : (!tosa.shape<4>, tensor<1xi32>, tensor<1xi32>) -> "
            "!tosa.shape<1>",
        ),
        Rule(
            "BC1535",
            "tosa-slice-shape-size",
            "expected positive size, got {size}",
            "tosa.slice_shape's size (a tosa.const) is not positive.",
            "%0 = tosa.slice_shape %s, %start, %size : (!tosa.shape<4>, tensor<1xi32>, tensor<1xi32>) -> "
            "!tosa.shape<0>",
        ),
        Rule(
            "BC1536",
            "tosa-slice-shape-result",
            "expected output type size to be equal to size attribute, got {got} vs {size}",
            "tosa.slice_shape's result rank is not its size (a tosa.const).",
            "%0 = tosa.slice_shape %s, %start, %size : (!tosa.shape<4>, tensor<1xi32>, tensor<1xi32>) -> "
            "!tosa.shape<2>",
        ),
        Rule(
            "BC1537",
            "tosa-slice-shape-bounds",
            "expected start + size to be less than or equal to input shape rank ({rank}), got {got}",
            "tosa.slice_shape's start + size (tosa.const values) passes its input's rank.",
            "%0 = tosa.slice_shape %s, %start, %size : (!tosa.shape<4>, tensor<1xi32>, tensor<1xi32>) -> "
            "!tosa.shape<3>",
        ),
        Rule(
            "BC1539",
            "tosa-block-scaled-input-scale",
            "require compatible shapes for input_data ('{a}') and input_scale ('{b}') except for the last dimension",
            "tosa.cast_from_block_scaled (its verifier): the scale's shape is not the data's but for the last "
            "dimension.",
            "%0 = tosa.cast_from_block_scaled %x, %s block_size<BLOCK_SIZE_32> : (tensor<4x32xf4E2M1FN>, "
            "tensor<5x1xf8E8M0FNU>) -> tensor<4x32xf32>",
        ),
        Rule(
            "BC1630",
            "tosa-while-cond-count",
            "require 'cond_graph' only have one result",
            "tosa.while_loop's condition yields no value or several.",
            "tosa.while_loop (%i = %x) : (tensor<i32>) -> tensor<i32> {tosa.yield %c, %c : tensor<i1>, "
            "tensor<i1>} do {...}",
        ),
        Rule(
            "BC1631",
            "tosa-while-cond-size",
            "'cond_graph' result must be a size 1 tensor, got '{type}'",
            "tosa.while_loop's condition yields a tensor of more than one element.",
            "tosa.while_loop (%i = %x) : (tensor<i32>) -> tensor<i32> {tosa.yield %c : tensor<2xi1>} do {...}",
        ),
        Rule(
            "BC1632",
            "tosa-while-cond-boolean",
            "'cond_graph' result must be a boolean tensor, got '{type}'",
            "tosa.while_loop's condition yields a tensor that is not of i1.",
            "tosa.while_loop (%i = %x) : (tensor<i32>) -> tensor<i32> {tosa.yield %i : tensor<i32>} do {...}",
        ),
        Rule(
            "BC1633",
            "tosa-block-scaled-input-scale-size",
            "expect last dimension of input_scale ({got}) to be equal to last dimension of input_data / block_size "
            "({expected})",
            "tosa.cast_from_block_scaled (its verifier): the scale's last dimension is not the data's / block size.",
            "%0 = tosa.cast_from_block_scaled %x, %s block_size<BLOCK_SIZE_32> : (tensor<4x32xf4E2M1FN>, "
            "tensor<4x2xf8E8M0FNU>) -> tensor<4x32xf32>",
        ),
        Rule(
            "BC1634",
            "tosa-reshape-block-scaled-inputs",
            "requires at most two inputs",
            "tosa.reshape_block_scaled has more than a data and a scale operand.",
            "%0:3 = tosa.reshape_block_scaled %a, %b, %c, %s block_size<BLOCK_SIZE_32> : (...) -> (...)",
        ),
        Rule(
            "BC1635",
            "tosa-reshape-block-scaled-results",
            "requires number of results to match inputs",
            "tosa.reshape_block_scaled has not one result per data or scale operand.",
            "%0 = tosa.reshape_block_scaled %a, %b, %s block_size<BLOCK_SIZE_32> : (...) -> tensor<2x64xf4E2M1FN>",
        ),
        Rule(
            "BC1636",
            "tosa-block-size-one",
            "expect block size to be 1, got {got}",
            "tosa.reshape_block_scaled without a scale operand has a block_size other than BLOCK_SIZE_1.",
            "%0 = tosa.reshape_block_scaled %a, %s block_size<BLOCK_SIZE_32> : (tensor<2x3xf32>, !tosa.shape<2>) "
            "-> tensor<3x2xf32>",
        ),
        Rule(
            "BC1637",
            "tosa-reshape-block-scaled-ranks",
            "input shapes do not have same rank",
            "tosa.reshape_block_scaled's data and scale have different ranks.",
            "... tosa.reshape_block_scaled %a, %b, %s ... : (tensor<4x32xf4E2M1FN>, tensor<4x1x1xf8E8M0FNU>, "
            "!tosa.shape<2>) -> (...)",
        ),
        Rule(
            "BC1638",
            "tosa-reshape-block-scaled-dims",
            "input shapes for data and scale do not match on dimension {dim}",
            "tosa.reshape_block_scaled's data and scale differ in a size other than the last.",
            "... tosa.reshape_block_scaled %a, %b, %s ... : (tensor<4x32xf4E2M1FN>, tensor<5x1xf8E8M0FNU>, "
            "!tosa.shape<2>) -> (...)",
        ),
        Rule(
            "BC1639",
            "tosa-reshape-block-scaled-scale",
            "expect last dimension of scale_data ({got}) to be {size}/{block}",
            "tosa.reshape_block_scaled's scale's last size is not the data's / block size.",
            "... tosa.reshape_block_scaled %a, %b, %s ... : (tensor<4x32xf4E2M1FN>, tensor<4x2xf8E8M0FNU>, "
            "!tosa.shape<2>) -> (...)",
        ),
        Rule(
            "BC1640",
            "tosa-reshape-block-scaled-new-shape",
            "expect last dimension of new shape ({size}) to be divisible by block_size ({block})",
            "tosa.reshape_block_scaled's new shape (a tosa.const_shape) has a last size that is not a multiple "
            "of the block size.",
            "... tosa.reshape_block_scaled %a, %b, %s ... (new shape [2, 48], block size 32)",
        ),
        Rule(
            "BC1641",
            "tosa-reshape-block-scaled-rank",
            "result does not match new shape rank",
            "tosa.reshape_block_scaled's data result has another rank than its new shape's length.",
            "%0 = tosa.reshape_block_scaled %a, %s block_size<BLOCK_SIZE_1> : (tensor<2x3xf32>, !tosa.shape<2>) "
            "-> tensor<6xf32>",
        ),
        Rule(
            "BC1642",
            "tosa-reshape-block-scaled-shape",
            "result shape is inconsistent with new shape",
            "tosa.reshape_block_scaled's data result has a static size other than its new shape's (a -1 entry "
            "included).",
            "%0 = tosa.reshape_block_scaled %a, %s block_size<BLOCK_SIZE_1> : (tensor<2x3xf32>, !tosa.shape<2>) "
            "-> tensor<3x3xf32>",
        ),
        Rule(
            "BC1643",
            "tosa-reshape-block-scaled-scale-rank",
            "result scale does not match new shape rank",
            "tosa.reshape_block_scaled's scale result has another rank than its new shape's length.",
            "... tosa.reshape_block_scaled %a, %b, %s ... -> (tensor<2x64xf4E2M1FN>, tensor<2x2x1xf8E8M0FNU>)",
        ),
        Rule(
            "BC1644",
            "tosa-reshape-block-scaled-scale-shape",
            "result scale shape is inconsistent with new shape",
            "tosa.reshape_block_scaled's scale result differs from the new shape with its last size / block size.",
            "... tosa.reshape_block_scaled %a, %b, %s ... -> (tensor<2x64xf4E2M1FN>, tensor<3x2xf8E8M0FNU>)",
        ),
        Rule(
            "BC1645",
            "tosa-row-gather-block-scaled-rows",
            "requires {operand} dimension 1 to have size {expected}, got {got}",
            "tosa.row_gather_block_scaled: an output's rows are not indices[1] * row_count.",
            "... tosa.row_gather_block_scaled %v, %i, %rc ... : (tensor<13x21x3xf32>, tensor<13x26xi32>, "
            "tensor<1xi32>) -> tensor<13x53x3xf32> (row_count 2)",
        ),
        Rule(
            "BC1646",
            "tosa-row-gather-block-size",
            "requires block_size to {what} BLOCK_SIZE_1 when values tensor list length is {count}",
            "tosa.row_gather_block_scaled: a block_size other than BLOCK_SIZE_1 without a scale, or BLOCK_SIZE_1 "
            "with one.",
            "... tosa.row_gather_block_scaled %v, %i, %rc block_size<BLOCK_SIZE_32> : (tensor<13x21x3xf32>, ...) "
            "-> ...",
        ),
        Rule(
            "BC1647",
            "tosa-row-gather-block-scaled-results",
            "expects output tensor list length to match values tensor list length, got {results} results for "
            "{inputs} input tensors",
            "tosa.row_gather_block_scaled has not one result per values operand.",
            "%0:2 = tosa.row_gather_block_scaled %v, %i, %rc block_size<BLOCK_SIZE_1> : (tensor<13x21x3xf32>, "
            "tensor<13x26xi32>, tensor<1xi32>) -> (...)",
        ),
        Rule(
            "BC1648",
            "tosa-row-gather-block-divisible",
            "expects channels of values[0] ({c}) to be divisible by block_size ({block})",
            "tosa.row_gather_block_scaled: the data's channels are not a multiple of the block size.",
            "... tosa.row_gather_block_scaled %v, %s, %i, %rc block_size<BLOCK_SIZE_32> : "
            "(tensor<13x21x33xf4E2M1FN>, ...) -> (...)",
        ),
        Rule(
            "BC1649",
            "tosa-row-gather-block-scale-channels",
            "expects channels of scale tensors to equal C/block_size ({c}/{block}), got {got}",
            "tosa.row_gather_block_scaled: the scale's channels are not the data's / block size.",
            "... tosa.row_gather_block_scaled %v, %s, %i, %rc ... : (tensor<13x21x32xf4E2M1FN>, "
            "tensor<13x21x2xf8E8M0FNU>, ...) -> (...)",
        ),
        # ---- BC1327-BC1349, BC1369-BC1399: Linalg, Vector, Arith and Tensor (llvm)
        Rule(
            "BC1327",
            "mask-one-op",
            "expects only one operation to mask",
            "A vector.mask region holds more than one op besides its vector.yield.",
            (
                "vector.mask %m { vector.transfer_write %v, %t[%i] : vector<16xf32>, memref<?xf32>\n  "
                "vector.transfer_write %v, %u[%i] : vector<16xf32>, memref<?xf32> } : vector<16xi1>"
            ),
        ),
        Rule(
            "BC1328",
            "mask-yield-count",
            "expects number of results to match mask region yielded values",
            (
                "A vector.mask has another number of results than its region yields (the implicit yield yields the "
                "masked op's results)."
            ),
            "%0 = vector.mask %m { } : vector<8xi1> -> vector<8xf32>",
        ),
        Rule(
            "BC1329",
            "mask-result-count",
            "expects number of results to match maskable operation number of results",
            "A vector.mask has another number of results than the op it masks.",
            (
                "%0:2 = vector.mask %m { %1 = vector.transfer_read ... ; vector.yield %1, %e : ... } : vector<16xi1> "
                "-> "
                "(vector<16xf32>, vector<16xf32>)"
            ),
        ),
        Rule(
            "BC1330",
            "mask-result-type",
            "expects result type to match maskable operation result type",
            "A vector.mask's result types are not those of the op it masks.",
            (
                "vector.mask %m, %p { vector.transfer_write %v, %t[%i] : vector<16xf32>, tensor<?xf32> } : "
                "vector<16xi1> "
                "-> vector<16xf32>"
            ),
        ),
        Rule(
            "BC1331",
            "mask-type",
            "expects a '{mask}' mask for the maskable operation",
            (
                "The mask's type is not the one the masked op expects (getExpectedMaskType: i1 over its vector's or "
                "iteration space's shape)."
            ),
            "%0 = vector.mask %m { vector.reduction <add>, %a : vector<8xi32> into i32 } : vector<16xi1> -> i32",
        ),
        Rule(
            "BC1332",
            "mask-no-passthru",
            "doesn't expect a passthru argument for this maskable operation",
            "A vector.mask with a pass-through masks an op that takes none (all but vector.transfer_read).",
            "%0 = vector.mask %m, %p { vector.reduction <add>, %a : vector<8xf32> into f32 } : vector<8xi1> -> f32",
        ),
        Rule(
            "BC1333",
            "mask-passthru-result",
            "expects result when passthru argument is provided",
            "A vector.mask with a pass-through masks an op with no single result.",
            (
                "%0 = vector.mask %m { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<16xf32> } : "
                "vector<16xi1> "
                "-> vector<16xf32>"
            ),
        ),
        Rule(
            "BC1334",
            "mask-passthru-type",
            "expects passthru type to match result type",
            "The pass-through's type is not the masked op's result type.",
            (
                "%0 = vector.mask %m { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<16xf32> } : "
                "vector<16xi1> "
                "-> vector<16xf32>"
            ),
        ),
        Rule(
            "BC1335",
            "mask-maskable",
            "expects a MaskableOpInterface within the mask region",
            (
                "The op in a vector.mask region is not maskable (not a transfer, contract, reduction, multi_reduction, "
                "gather or outerproduct)."
            ),
            "%0 = vector.mask %m { arith.addf %a, %a : vector<3x4xf32> } : vector<3x4xi1> -> vector<3x4xf32>",
        ),
        Rule(
            "BC1336",
            "scan-dim",
            "reduction dimension {dim} has to be less than {rank}",
            "vector.scan's reduction_dim is not a dim of its source.",
            "%0:2 = vector.scan <add>, %a, %b reduction_dim = 5, inclusive = true : vector<2x3xi32>, vector<3xi32>",
        ),
        Rule(
            "BC1337",
            "scan-initial-rank",
            "initial value rank {rank} has to be equal to {expected}",
            "vector.scan's initial value does not have one dim less than its source.",
            "%0:2 = vector.scan <add>, %a, %b reduction_dim = 0, inclusive = true : vector<2x3xi32>, vector<1x3xi32>",
        ),
        Rule(
            "BC1338",
            "scan-initial-shape",
            "incompatible input/initial value shapes",
            "vector.scan's initial value is not the source's shape without the reduction dim.",
            "%0:2 = vector.scan <add>, %a, %b reduction_dim = 0, inclusive = true : vector<2x3xi32>, vector<5xi32>",
        ),
        Rule(
            "BC1339",
            "scan-kind",
            "unsupported reduction type '{type}' for kind '{kind}'",
            "vector.scan's combining kind does not take its element type (xor on floats, maxnumf on integers).",
            "%0:2 = vector.scan <xor>, %a, %b reduction_dim = 0, inclusive = true : vector<2x3xf32>, vector<3xf32>",
        ),
        Rule(
            "BC1369",
            "conv-input-map",
            "unexpected input index map for convolutions",
            "A convolution's input map (linalg.memoized_indexing_maps) has a result that is not a dim or the sum of "
            "two dims each times a constant (ConvAccessExprWalker).",
            '"linalg.conv_2d_nhwc_hwcf"(...) ({...}) {linalg.memoized_indexing_maps = [affine_map<(d0, d1, d2, d3, '
            "d4, d5, d6) -> (d0, d1 * 2, d2 + d5, d6)>, ...]} : ...",
            op_prefix=False,
        ),
        Rule(
            "BC1370",
            "conv-projected",
            "expected output/filter indexing maps to be projected permutations",
            "A convolution's filter or output map (linalg.memoized_indexing_maps) is not a projected permutation.",
            '"linalg.conv_2d_nhwc_hwcf"(...) ({...}) {linalg.memoized_indexing_maps = [..., affine_map<(d0, d1, d2, '
            "d3, d4, d5, d6) -> (d4, d5, d6, d3, d5 + 1)>, ...]} : ...",
            op_prefix=False,
        ),
        # ---- BC1472-BC1499: the last StableHLO, MHLO and CHLO ops (hlo)
        Rule(
            "BC1472",
            "hlo-zero-results",
            "requires zero results",
            "An op that has no result (ZeroResults: mhlo.trace) is given one.",
            '%0 = "mhlo.trace"(%a) {tag = "t"} : (tensor<2xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC1473",
            "mhlo-rng-state",
            "{what}",
            "mhlo.xla.rng_get_and_update_state's verifier: its result is not a tensor<2xui64> (rank 1, size 2).",
            '%0 = "mhlo.xla.rng_get_and_update_state"() {delta = 1 : i64} : () -> tensor<3xui64>',
        ),
        Rule(
            "BC1474",
            "chlo-constant-like-type",
            "value's type doesn't match element return type",
            "chlo.constant_like's verifier: the type of its value is not the result's element type.",
            '%0 = "chlo.constant_like"(%a) {value = 1.0 : f16} : (tensor<2xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC1475",
            "hlo-future-types",
            "future must have exactly one type parameter, but got {count}",
            "stablehlo.async_done's type inference: its future holds other than one type.",
            '%0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<2xf32>, tensor<3xf32>>) -> tensor<2xf32>',
        ),
        Rule(
            "BC1476",
            "hlo-pairwise-count",
            "requires the same number of operands and results",
            "HLO's PairwiseSameOperandAndResultType (optimization_barrier): the operand and result counts differ.",
            '"stablehlo.optimization_barrier"(%a) : (tensor<2xf32>) -> ()',
        ),
        Rule(
            "BC1477",
            "hlo-mesh-symbol",
            "replica_groups: mesh symbol '{symbol}' not found",
            "A collective's replica groups name a mesh (#stablehlo.replica_group_mesh_axes<mesh = @m, ...>) that "
            "no symbol of the module defines (its symbol uses, verified once every op has been).",
            '%0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = '
            "#stablehlo.replica_group_mesh_axes<mesh = @m, axes = []>} : (tensor<2xf32>) -> tensor<2xf32>",
        ),
        Rule(
            "BC1478",
            "mhlo-minimum-broadcast-shapes",
            "{what}",
            "mhlo.minimum_broadcast_shapes's verifier: fewer than two shapes, or not one result per shape.",
            '%0 = "mhlo.minimum_broadcast_shapes"(%a) : (tensor<1xindex>) -> tensor<?xindex>',
        ),
        # ---- BC1700-BC1729: tf ops from their constraints and verifiers (tf)
        Rule(
            "BC1700",
            "tf-cumulative-axis-rank",
            "requires scalar axis operand",
            "tf.Cumsum, tf.Cumprod or tf.CumulativeLogsumexp with an axis operand of rank 1 or more.",
            '%0 = "tf.Cumsum"(%x, %axis) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>',
        ),
        Rule(
            "BC1701",
            "tf-cumulative-axis-range",
            "axis operand should be within range [{low}, {high}); actual value: {axis}",
            "tf.Cumsum, tf.Cumprod or tf.CumulativeLogsumexp whose constant axis is not a dimension of its "
            "ranked input (TensorFlow prints this one without the op's name).",
            '%0 = "tf.Cumsum"(%x, %c2) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>',
            op_prefix=False,
        ),
        Rule(
            "BC1702",
            "tf-fake-quant-channel-bound",
            "requires {operand} to be a 1d float tensor",
            "tf.FakeQuantWithMinMaxVarsPerChannel: a ranked min or max that is not 1-D.",
            '%0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) : (tensor<2x3xf32>, tensor<f32>, '
            "tensor<3xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC1703",
            "tf-fake-quant-channel-input",
            "requires inputs to be at least 1d float tensor",
            "tf.FakeQuantWithMinMaxVarsPerChannel: a 0-D input (TensorFlow prints this one without the op's name).",
            '%0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) : (tensor<f32>, tensor<3xf32>, '
            "tensor<3xf32>) -> tensor<f32>",
            op_prefix=False,
        ),
        Rule(
            "BC1704",
            "tf-fake-quant-channel-depth",
            "requires min and max to have same size as last dimension of inputs",
            "tf.FakeQuantWithMinMaxVarsPerChannel: min or max of another length than the input's last dimension "
            "(TensorFlow's verifier reads a dynamic last dimension as 0, and a dynamic length matches nothing).",
            '%0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) : (tensor<2x3xf32>, tensor<4xf32>, '
            "tensor<4xf32>) -> tensor<2x3xf32>",
        ),
        Rule(
            "BC1705",
            "tf-data-format-vec-permute",
            "{what}",
            "tf.DataFormatVecPermute's input is not a vector of 4 or 2 sizes, or a 4x2 matrix (its verifier, run "
            "after its ODS traits).",
            '%0 = "tf.DataFormatVecPermute"(%x) : (tensor<3xi32>) -> tensor<3xi32>',
        ),
        # ---- BC1542-BC1559: the last tfl ops (tfl)
        Rule(
            "BC1542",
            "tfl-nd-tensor",
            "{kind} #{index} must be {rank}D tensor of any type values, but got '{type}'",
            "A tfl operand or result declared of one rank (TFL_1DTensorOf: tfl.scatter_nd's shape; TFL_2DTensorOf: "
            "tfl.basic_lstm's results) is not a ranked tensor of that rank.",
            '%0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x2xi32>) -> '
            "tensor<4x3xf32>",
        ),
        Rule(
            "BC1543",
            "tfl-scatter-nd-outer",
            "indices.Dims({i}) == {a}, but updates.Dims({i}) == {b}",
            "tfl.scatter_nd: static indices and updates differ in a size before the indices' last dimension.",
            '%0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<3x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>',
        ),
        Rule(
            "BC1544",
            "tfl-scatter-nd-shape-length",
            "shape must be a vector of length {n}",
            "tfl.scatter_nd: the static shape operand's length is not the output rank the indices and updates give.",
            '%0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x3xf32>',
        ),
        Rule(
            "BC1545",
            "tfl-scatter-nd-output-rank",
            "output must have the same rank with the length of shape = {n}",
            "tfl.scatter_nd: the output's rank is not the length of shape.",
            '%0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi32>) -> '
            "tensor<4x3x1xf32>",
        ),
        Rule(
            "BC1546",
            "tfl-scatter-nd-shape-positive",
            "all elements of shape must be > 0",
            "tfl.scatter_nd: the constant shape holds a size of 0 or less.",
            '%0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi32>) -> '
            "tensor<4x3xf32>  // %s = [0, 3]",
        ),
        Rule(
            "BC1547",
            "tfl-scatter-nd-updates",
            "updates.Dims({i}) == {a}, but shape[{i}] == {b}",
            "tfl.scatter_nd: a size of the constant shape past the indices' depth is not the updates' size there.",
            '%0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi32>) -> '
            "tensor<4x5xf32>  // %s = [4, 5]",
        ),
        Rule(
            "BC1548",
            "tfl-scatter-nd-output",
            "output shape [{shape}] must be equal to the value of shape {value}",
            "tfl.scatter_nd: a static output's shape is not the constant shape.",
            '%0 = "tfl.scatter_nd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi32>) -> '
            "tensor<5x3xf32>  // %s = [4, 3]",
        ),
        Rule(
            "BC1549",
            "tfl-bitcast-element",
            "Unsupported element type.",
            "tfl.bitcast with a static input: an element type that is not an integer, float or quantized type.",
            '%0 = "tfl.bitcast"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2x2xf32>',
        ),
        Rule(
            "BC1550",
            "tfl-bitcast-widen",
            "output element bitwidth is not multiple of input element bitwidth",
            "tfl.bitcast with a static input: a wider output element whose width the input's does not divide.",
            '%0 = "tfl.bitcast"(%x) : (tensor<2x2xi16>) -> tensor<2xi24>',
        ),
        Rule(
            "BC1551",
            "tfl-bitcast-divisor",
            "input rightmost dimension size is not multiple of the divisor",
            "tfl.bitcast with a static input: a wider output element, and the input's last size (or a 0-d input) "
            "does not divide by the widths' ratio.",
            '%0 = "tfl.bitcast"(%x) : (tensor<2x3xi8>) -> tensor<2xi32>',
        ),
        Rule(
            "BC1552",
            "tfl-bitcast-narrow",
            "input element bitwidth is not multiple of output element bitwidth",
            "tfl.bitcast with a static input: a narrower output element whose width does not divide the input's.",
            '%0 = "tfl.bitcast"(%x) : (tensor<2xi32>) -> tensor<2x2xi24>',
        ),
        Rule(
            "BC1553",
            "tfl-lstm-input-rank",
            "the first input operand should have more than 2 dimensions.",
            "tfl.lstm: a static input of rank below 2.",
            '"tfl.lstm"(...) with a static input of type tensor<4xf32>',
        ),
        Rule(
            "BC1554",
            "tfl-lstm-dimensions",
            "inputs don't match with the dimensions.",
            "tfl.lstm with static input, states and output weights: the states' sizes are not batch x output and "
            "batch x cell, or the weights' sizes do not fit the input's.",
            '"tfl.lstm"(...) with a static input tensor<1x4xf32> whose input_to_output_weights are tensor<8x5xf32>',
        ),
        Rule(
            "BC1555",
            "tfl-lstm-layer-norm",
            "coefficient inputs have more than 2 dimensions or don't match the dimension with input operand "
            "`input_to_output_weights`.",
            "tfl.lstm with static shapes: its forget layer norm coefficients are not a 1-D tensor of the cell size.",
            '"tfl.lstm"(...) with a static input and forget_layer_norm_coefficients of type tensor<2x8xf32>',
        ),
        Rule(
            "BC1556",
            "tfl-sequence-lstm-infer",
            "failed to infer returned types",
            "tfl.unidirectional_sequence_lstm's type inference fails: a ranked input that is not 3-D, or a ranked "
            "output state that is not 2-D.",
            '"tfl.unidirectional_sequence_lstm"(...) with an input of type tensor<4x8xf32>',
        ),
        Rule(
            "BC1557",
            "tfl-tensor-constraint",
            "{kind} #{index} must be {summary}, but got '{type}'",
            "A tfl operand or result that its definition declares a tensor (TFL_TensorOf: the words are its summary, "
            "the TFLite runtime's element types, which the verifier does not check) is none or another type.",
            '%0 = "tfl.conv_3d"(%x, %n, %b) : (tensor<1x4x4x4x2xf32>, none, tensor<3xf32>) -> tensor<1x4x4x4x3xf32>',
        ),
        # ---- BC1740-BC1759: shape, cf and func (shapecf)
        Rule(
            "BC1740",
            "shape-assuming-all-empty",
            "no operands specified",
            "shape.assuming_all with no witness to combine (AssumingAllOp::verify).",
            '%0 = "shape.assuming_all"() : () -> !shape.witness',
        ),
        Rule(
            "BC1741",
            "shape-cstr-broadcastable-count",
            "required at least 2 input shapes",
            "shape.cstr_broadcastable with fewer than two shapes (CstrBroadcastableOp::verify).",
            '%0 = "shape.cstr_broadcastable"(%s) : (!shape.shape) -> !shape.witness',
        ),
        Rule(
            "BC1742",
            "shape-meet-kinds",
            "requires all sizes or shapes",
            "shape.meet of a size and a shape, or of an index and a shape (MeetOp::inferReturnTypes; MLIR prints "
            "no op prefix).",
            '%0 = "shape.meet"(%s, %z) : (!shape.shape, !shape.size) -> !shape.shape',
            op_prefix=False,
        ),
        Rule(
            "BC1743",
            "shape-meet-cardinality",
            "unequal shape cardinality",
            "shape.meet of two extent tensors of different static lengths (MeetOp::inferReturnTypes).",
            '%0 = "shape.meet"(%a, %b) : (tensor<2xindex>, tensor<3xindex>) -> tensor<2xindex>',
            op_prefix=False,
        ),
        Rule(
            "BC1744",
            "shape-reduce-arguments",
            "ReduceOp body is expected to have {count} arguments",
            "shape.reduce's block takes an index, an extent and one value per initial value (ReduceOp::verify).",
            "%0 = shape.reduce(%s, %z) : !shape.shape -> !shape.size { ^bb0(%i: index, %x: !shape.size): ... }",
        ),
        Rule(
            "BC1745",
            "shape-reduce-index",
            "argument 0 of ReduceOp body is expected to be of IndexType",
            "shape.reduce's first block argument is not an index.",
            "%0 = shape.reduce(%s, %z) : !shape.shape -> !shape.size { ^bb0(%i: f32, %x: !shape.size, %a: "
            "!shape.size): ... }",
        ),
        Rule(
            "BC1746",
            "shape-reduce-size-extent",
            "argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType",
            "shape.reduce over a !shape.shape whose extent argument is not a !shape.size.",
            "%0 = shape.reduce(%s, %z) : !shape.shape -> !shape.size { ^bb0(%i: index, %x: index, %a: "
            "!shape.size): ... }",
        ),
        Rule(
            "BC1747",
            "shape-reduce-index-extent",
            "argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor",
            "shape.reduce over an extent tensor whose extent argument is not an index.",
            "%0 = shape.reduce(%e, %z) : tensor<2xindex> -> !shape.size { ^bb0(%i: index, %x: !shape.size, %a: "
            "!shape.size): ... }",
        ),
        Rule(
            "BC1748",
            "shape-reduce-initial",
            "type mismatch between argument {argument} of ReduceOp body and initial value {index}",
            "A shape.reduce block argument that carries a value differs from its initial value's type.",
            "%0 = shape.reduce(%e, %i) : tensor<2xindex> -> index { ^bb0(%j: index, %x: index, %a: !shape.size): ... }",
        ),
        Rule(
            "BC1749",
            "shape-yield-count",
            "'shape.yield' op number of operands does not match number of results of its parent",
            "shape.yield passes more or fewer values than shape.reduce has results (YieldOp::verify, reported at "
            "the yield).",
            "shape.reduce(...) : tensor<2xindex> -> index { ... shape.yield %a, %a : index, index }",
            op_prefix=False,
        ),
        Rule(
            "BC1750",
            "shape-yield-type",
            "'shape.yield' op types mismatch between yield op and its parent",
            "A value shape.yield passes differs in type from shape.reduce's result (YieldOp::verify, reported at "
            "the yield).",
            "shape.reduce(...) : tensor<2xindex> -> index { ... shape.yield %t : tensor<2x3xf32> }",
            op_prefix=False,
        ),
        Rule(
            "BC1751",
            "function-entry-count",
            "entry block must have {count} arguments to match function signature",
            "A function op in the generic form (func.func, shape.func) whose entry block takes another number of "
            "arguments than its function_type has inputs (FunctionOpInterface).",
            '"shape.func"() ({ ^bb0(%x: !shape.shape, %y: index): ... }) {function_type = (!shape.shape) -> '
            "!shape.shape, ...} : () -> ()",
        ),
        Rule(
            "BC1752",
            "function-entry-type",
            "type of entry block argument #{index}('{type}') must match the type of the corresponding argument in "
            "function signature('{signature}')",
            "A function op in the generic form (func.func, shape.func) whose entry block argument differs in type "
            "from its function_type (FunctionOpInterface).",
            '"shape.func"() ({ ^bb0(%x: !shape.shape): ... }) {function_type = (!shape.value_shape) -> '
            "!shape.shape, ...} : () -> ()",
        ),
        Rule(
            "BC1753",
            "cf-switch-case-type",
            "'flag' type ('{flag}') should match case value type ('{case}')",
            "cf.switch's case_values are of another integer type than its flag (SwitchOp::verify).",
            '"cf.switch"(%c)[^bb1, ^bb2] <{case_values = dense<[1]> : tensor<1xi64>, ...}> : (i32) -> ()',
        ),
        Rule(
            "BC1754",
            "cf-switch-case-count",
            "number of case values ({count}) should match number of case destinations ({destinations})",
            "A generic cf.switch with more or fewer case_values than case destinations (SwitchOp::verify).",
            '"cf.switch"(%c)[^bb1, ^bb2] <{case_values = dense<[1, 2]> : tensor<2xi32>, case_operand_segments = '
            "array<i32: 0>, ...}> : (i32) -> ()",
        ),
        Rule(
            "BC1755",
            "cf-switch-case-operands",
            "caseOperands count ({count}) does not match with the total size ({total}) specified in attribute "
            "'case_operand_segments'",
            "A generic cf.switch whose case operands do not add up to its case_operand_segments (ODS).",
            '"cf.switch"(%c, %a)[^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = '
            "array<i32: 1, 0, 1>, ...}> : (i32, f32) -> ()",
        ),
        Rule(
            "BC1756",
            "cf-switch-flag-kind",
            "custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found '{type}'",
            "The parser: cf.switch's custom form with a flag that is not an integer type, reported at the type.",
            "cf.switch %f : f32, [default: ^bb1]",
            op_prefix=False,
        ),
        Rule(
            "BC1757",
            "func-constant-undefined",
            "reference to undefined function '{name}'",
            "func.constant names a function its module does not define (its verifySymbolUses).",
            "%0 = func.constant @nope : (f32) -> f32",
        ),
        Rule(
            "BC1758",
            "func-constant-type",
            "reference to function with mismatched type",
            "func.constant's type is not the type of the function it names (its verifySymbolUses).",
            "%0 = func.constant @g : (f32) -> f64 where @g is (f32) -> f32",
        ),
        Rule(
            "BC1759",
            "shape-custom-type-kind",
            "custom op '{name}' invalid kind of type specified{detail}",
            "The parser: a shape op's custom form writes a type of another class than the one it reads there "
            "(shape.dim's and shape.value_of's shaped type, shape.to_extent_tensor's tensor, "
            "shape.from_extent_tensor's ranked tensor), reported at the type.",
            "%0 = shape.dim %s, %i : !shape.shape, index -> index",
            op_prefix=False,
        ),
        # ---- BC1800-BC1819: TOSA (tosa)
        Rule(
            "BC1800",
            "tosa-variable-undeclared",
            "'{name}' has not been declared by 'tosa.variable'",
            "tosa.variable_read or tosa.variable_write names a symbol that no tosa.variable of the module defines "
            "(a function of that name is no variable).",
            "%0 = tosa.variable_read @w : tensor<2xf32>",
        ),
        Rule(
            "BC1801",
            "tosa-variable-element",
            "require same element type for '{what}' ('{x}') and the input tensor ('{y}')",
            "tosa.variable_read's result or tosa.variable_write's operand has another element type than the "
            "variable it names.",
            "tosa.variable @v : tensor<2xf32> ... %0 = tosa.variable_read @v : tensor<2xi32>",
        ),
        Rule(
            "BC1802",
            "tosa-variable-shape",
            "require same shapes for '{what}' ('{x}') and the input tensor ('{y}')",
            "tosa.variable_read's result or tosa.variable_write's operand has a shape incompatible with the "
            "variable's (a `?` size or an unranked tensor matches).",
            "tosa.variable @v : tensor<2xf32> ... tosa.variable_write @v, %x : tensor<3xf32>",
        ),
        Rule(
            "BC1803",
            "tosa-conv-block-channels",
            "expect IC to be a multiple of block size, got IC={ic}, block_size={block}",
            "tosa.conv2d_block_scaled: the input channels (the input data's last size, or the weight data's) are not "
            "a multiple of the block size.",
            "tosa.conv2d_block_scaled with input data tensor<1x4x4x48xf8E4M3FN> and block_size<BLOCK_SIZE_32>",
        ),
        Rule(
            "BC1804",
            "tosa-conv-block-scales",
            "expect scale operands dimension 2 to equal IC/block_size ({ic}/{block}), got {got}",
            "tosa.conv2d_block_scaled: the scales' last size is not the input channels / block size.",
            "tosa.conv2d_block_scaled with input data tensor<1x4x4x64xf8E4M3FN> and scales tensor<1x4x4x3xf8E8M0FNU>",
        ),
        Rule(
            "BC1805",
            "tosa-required-attribute",
            "requires attribute '{name}'",
            "A TOSA op in the generic form lacks an attribute its ODS requires (broadcheck/dialects/tosa/ods.json); "
            "the first missing by name is reported, once the value counts are right.",
            '%0 = "tosa.argmax"(%x) : (tensor<2xf32>) -> tensor<i32>',
        ),
        # ---- BC1780-BC1799: Linalg, Vector, Arith, Tensor (llvm)
        Rule(
            "BC1780",
            "linalg-built-body-types",
            "'{inner}' op requires the same type for all operands and results",
            "The body the parser builds for linalg.quantized_matmul, quantized_batch_matmul, conv_2d_nhwgc_gfhwc_q "
            "or fill_rng_2d holds an arith op over two types of one kind (a zero point or seed of another width "
            "than the value it meets). MLIR reports it at an unknown location; broadcheck at the op.",
            "%0 = linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i16) outs(%o : tensor<4x4xf32>) -> "
            "tensor<4x4xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1781",
            "linalg-map-symbols",
            "unexpected symbols in indexing_map #{index}",
            "A Linalg structured op's indexing map has symbols (after each operand's rank is checked).",
            "linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0 + s0)>, ...], ...}",
        ),
        Rule(
            "BC1782",
            "linalg-map-negative",
            "unexpected result less than 0 at expression #{dim} in {map}",
            "A Linalg structured op's indexing map gives a negative index at the first or last iteration "
            "(the loop ranges from the static shapes).",
            "linalg.generic {indexing_maps = [affine_map<(i) -> (3 - i)>, affine_map<(i) -> (i)>], ...} "
            "ins(%a : memref<5xf32>) outs(%b : memref<5xf32>)",
        ),
        Rule(
            "BC1783",
            "linalg-index-negative",
            "'linalg.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute "
            "whose minimum value is 0",
            "linalg.index names a negative loop (reported at the index op, by the op that holds it).",
            "%i = linalg.index -1 : index",
            op_prefix=False,
        ),
        Rule(
            "BC1784",
            "linalg-named-region-arguments",
            "custom op '{name}' [parseNamedStructuredOpRegion] ods-gen generated region expects {expected} args, "
            "got {got}",
            "The parser of a named Linalg op: ins and outs give another number of operands than the op's "
            "definition has (reported where the parser stands: the next statement).",
            "%0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>",
            op_prefix=False,
        ),
        Rule(
            "BC1785",
            "single-block-region",
            "expects region #{index} to have 0 or 1 blocks",
            "An op whose region holds one block at most (SingleBlock: linalg.generic) has two or more.",
            "linalg.generic {...} ins(...) outs(...) { ^bb1: linalg.yield %x : f32 ^bb2: linalg.yield %x : f32 }",
        ),
        Rule(
            "BC1786",
            "linalg-region-one-block",
            "expects to have 1 region with 1 block",
            "A Linalg structured op's region is empty (the structured op interface, after destination style).",
            "linalg.generic {...} ins(%a : memref<f32>) outs(%b : memref<f32>) { }",
        ),
        # ---- BC1760-BC1779: the last MHLO and CHLO ops (hlo)
        Rule(
            "BC1760",
            "ragged-dot-ragged-count",
            "There must be exactly one ragged dimension in the lhs.",
            "chlo/mhlo.ragged_dot: lhs_ragged_dimensions does not list exactly one dimension.",
            "chlo.ragged_dot with lhs_ragged_dimensions = []",
            op_prefix=False,
        ),
        Rule(
            "BC1761",
            "dim-in-bounds",
            "Expects {name} to be in range [0, {bound_name}) i.e. [0, {bound}). got: {dim}.",
            "chlo/mhlo.ragged_dot: the lhs ragged dimension or an rhs group dimension is not a dimension of its "
            "operand.",
            "chlo.ragged_dot with lhs_ragged_dimensions = [5] and a rank-3 lhs",
            op_prefix=False,
        ),
        Rule(
            "BC1762",
            "ragged-dot-group-sizes-rank",
            "expected group_sizes to have rank {expected}, got {rank}",
            "chlo/mhlo.ragged_dot: group_sizes is neither [g] nor [b..., x..., g] (the lhs's batch dimensions, its "
            "dimensions of the ragged dimension's kind before it, then the groups).",
            "chlo.ragged_dot with group_sizes of type tensor<2x2x3xi64> where [b, g] is expected",
            op_prefix=False,
        ),
        Rule(
            "BC1763",
            "ragged-dot-group-sizes-shape",
            "group_sizes is expected to have shape [{expected}, {groups}], got [{actual}]",
            "chlo/mhlo.ragged_dot: group_sizes has the right rank, but its leading sizes are not the lhs's (compared "
            "exactly: a dynamic size matches a dynamic size only).",
            "chlo.ragged_dot with an lhs tensor<2x11x5xf32> and group_sizes tensor<3x3xi64>",
            op_prefix=False,
        ),
        Rule(
            "BC1764",
            "ragged-dot-no-group",
            "There must be zero group dimensions in the rhs when the ragged dimension is batch or contracting.",
            "chlo/mhlo.ragged_dot: the lhs ragged dimension is a batching or contracting one, and the rhs names a "
            "group dimension.",
            "chlo.ragged_dot with lhs_ragged_dimensions = [2] (contracting) and rhs_group_dimensions = [0]",
            op_prefix=False,
        ),
        Rule(
            "BC1765",
            "ragged-dot-one-group",
            "There must be exactly one group dimension in the rhs when the lhs ragged dimension is non-contracting.",
            "chlo/mhlo.ragged_dot: the lhs ragged dimension is a non-contracting one, and the rhs does not name "
            "exactly one group dimension.",
            "chlo.ragged_dot with lhs_ragged_dimensions = [1] and rhs_group_dimensions = []",
            op_prefix=False,
        ),
        Rule(
            "BC1766",
            "ragged-dot-group-size",
            "rhs group dimension is expected to have size={expected}, got {size}",
            "chlo/mhlo.ragged_dot: the rhs group dimension's size is not the number of groups (group_sizes' last "
            "size).",
            "chlo.ragged_dot with group_sizes tensor<2x4xi64> and an rhs tensor<3x2x5x7xf32> grouped on dimension 0",
            op_prefix=False,
        ),
        Rule(
            "BC1767",
            "async-start-one-op",
            "region must contain exactly one operation and a return",
            "stablehlo.async_start: its region holds more (or fewer) than one op before its return.",
            "stablehlo.async_start whose region holds an all_reduce and an abs",
        ),
        Rule(
            "BC1768",
            "async-start-arguments",
            "number of operands ({operands}) must match number of region arguments ({arguments})",
            "stablehlo.async_start: its operands and its region's arguments differ in number.",
            "stablehlo.async_start with two operands and one region argument",
        ),
        Rule(
            "BC1769",
            "async-start-argument-type",
            "operand type '{operand}' at index {index} must match region argument type '{argument}'",
            "stablehlo.async_start: an operand's type is not its region argument's (equal types, not compatible ones).",
            "stablehlo.async_start whose region argument is tensor<?xf32>",
        ),
        Rule(
            "BC1770",
            "async-start-returns",
            "region must return exactly one value, but got {count}",
            "stablehlo.async_start: its region's return gives other than one value.",
            "stablehlo.async_start whose region returns two values",
        ),
        Rule(
            "BC1771",
            "scan-no-values",
            "at least one of inputs or outputs must be present",
            "chlo.scan: neither inputs nor outputs.",
            "chlo.scan () inits (%c) dimension = 0 {...} : (tensor<3xf32>) -> tensor<3xf32>",
        ),
        Rule(
            "BC1772",
            "scan-unranked",
            "operand {index} is not ranked",
            "chlo.scan: an input (or init) is an unranked tensor.",
            "chlo.scan (%x) inits (%c) dimension = 0 {...} : (tensor<*xf32>, tensor<3xf32>) -> ...",
        ),
        Rule(
            "BC1773",
            "scan-dimension-bounds",
            "scan dimension of operand {index} is out of bounds",
            "chlo.scan: the scan dimension is not a dimension of an input.",
            "chlo.scan (%x) inits (%c) dimension = 2 {...} : (tensor<2x3xf32>, tensor<3xf32>) -> ...",
        ),
        Rule(
            "BC1774",
            "scan-dimension-size",
            "invalid scan dimension size of operand {index}",
            "chlo.scan: an input's size along the scan dimension is not scan_dim_size's or the inputs' before it.",
            "chlo.scan (%x) inits (%c) dimension = 0 attributes {scan_dim_size = 3 : i64} {...} : "
            "(tensor<2x3xf32>, tensor<3xf32>) -> ...",
        ),
        Rule(
            "BC1775",
            "scan-body-arguments",
            "expects {expected} arguments in the body, but got {count}",
            "chlo.scan: its body's arguments are not one per input and init.",
            "chlo.scan (%x) inits () dimension = 0 { ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>): ... } ...",
        ),
        Rule(
            "BC1776",
            "scan-body-argument-type",
            "operand and body argument {index} are incompatible",
            "chlo.scan: a body argument is not its operand's type (an input's without the scan dimension).",
            "chlo.scan (%x) inits (%c) dimension = 0 { ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>): ... } : "
            "(tensor<2x3xf32>, tensor<3xi32>) -> ...",
        ),
        Rule(
            "BC1777",
            "scan-body-returns",
            "ScanOp body must return at least {count} values (carries)",
            "chlo.scan: its body returns fewer values than it has inits.",
            "chlo.scan (%x) inits (%c, %d) dimension = 0 { ... stablehlo.return %a : tensor<3xf32> } ...",
            op_prefix=False,
        ),
        # ---- BC1706-BC1739: the last tf ops (tf)
        Rule(
            "BC1706",
            "tf-var-handle-subtype",
            "must have exactly one subtype in the result resource type",
            "tf.VarHandleOp whose result's !tf_type.resource names no subtype, or more than one.",
            '%0 = "tf.VarHandleOp"() : () -> tensor<!tf_type.resource>',
        ),
        Rule(
            "BC1707",
            "tf-top-k-v2",
            "{what}",
            "tf.TopKV2 with a 0-D input, or a ranked k that is not 0-D (its verifier, after its type constraints).",
            '%0:2 = "tf.TopKV2"(%x, %k) : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)',
        ),
        Rule(
            "BC1708",
            "tf-unsorted-segment",
            "{what}",
            "tf.UnsortedSegmentSum, Max, Min or Prod: a number of segments that is not 0-D (or a negative "
            "constant), or segment ids whose shape is not a prefix of the data's.",
            '%0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<4x3xf32>, tensor<5xi32>, tensor<i32>) '
            "-> tensor<5x3xf32>",
        ),
        Rule(
            "BC1709",
            "tf-operand-ranks",
            "{what}",
            "tf.RandomUniform with a shape that is not 1-D, tf.EmptyTensorList with a result variant of other than "
            "one subtype or an element_shape or max_num_elements of the wrong rank, tf.TensorScatterUpdate with a "
            "0-D tensor or indices, or more index dimensions than the tensor's rank.",
            '%0 = "tf.RandomUniform"(%s) : (tensor<2x3xi32>) -> tensor<2x3xf32>',
        ),
        # ---- BC1820-BC1839: tfl (tfl)
        Rule(
            "BC1820",
            "tfl-region-arguments",
            "region #{index} should have no arguments",
            "tfl.if's regions take no block arguments (NoRegionArguments).",
            '%0 = "tfl.if"(%c) ({^bb0(%a: tensor<f32>): "tfl.yield"(%a) : (tensor<f32>) -> ()}, {...}) : '
            "(tensor<i1>) -> tensor<f32>",
        ),
        Rule(
            "BC1821",
            "tfl-region-terminator",
            "expects regions to end with 'tfl.yield', found '{found}'",
            "A region of tfl.if, tfl.control_node, tfl.custom_tf or tfl.poly_call ends with another op than "
            "tfl.yield (SingleBlockImplicitTerminator).",
            '%0 = "tfl.if"(%c) ({func.return %a : tensor<f32>}, {...}) : (tensor<i1>) -> tensor<f32>',
        ),
        Rule(
            "BC1822",
            "tfl-if-yield-count",
            "region #{region} of this tfl.if yields {n} values, but it has {m} results",
            "A tfl.if branch yields another number of values than the op has results. Its verifier does not relate "
            "them (tfl.yield is no RegionBranchTerminatorOpInterface) and TensorFlow 2.21 cannot verify tfl text: "
            "a warning.",
            '%0 = "tfl.if"(%c) ({"tfl.yield"(%a, %a) : (tensor<f32>, tensor<f32>) -> ()}, {...}) : '
            "(tensor<i1>) -> tensor<f32>",
            severity="warning",
        ),
        Rule(
            "BC1823",
            "tfl-if-yield-type",
            "region #{region} of this tfl.if yields '{type}' as its value #{index}, but result #{index} is '{result}'",
            "A tfl.if branch yields a value of another type than the result it gives (a warning, as BC1822).",
            '%0 = "tfl.if"(%c) ({"tfl.yield"(%a) : (tensor<2xf32>) -> ()}, {...}) : (tensor<i1>) -> tensor<3xf32>',
            severity="warning",
        ),
        Rule(
            "BC1824",
            "tfl-control-node-arguments",
            "expects body without any arguments",
            "tfl.control_node's body takes block arguments (ControlNodeOp::verify).",
            '%0:2 = "tfl.control_node"() ({^bb0(%a: tensor<f32>): "tfl.yield"(%a) : (tensor<f32>) -> ()}) : () -> '
            "(tensor<f32>, !tfl.control)",
        ),
        Rule(
            "BC1825",
            "tfl-control-node-yield-count",
            "'tfl.yield' op has {n} operand, but control_node returns {m}",
            "tfl.control_node's yield gives another number of values than its results but the control token "
            "(ControlNodeOp::verify; reported at the yield).",
            '%0:2 = "tfl.control_node"() ({"tfl.yield"(%a, %a) : (tensor<f32>, tensor<f32>) -> ()}) : () -> '
            "(tensor<f32>, !tfl.control)",
            op_prefix=False,
        ),
        Rule(
            "BC1826",
            "tfl-control-node-yield-type",
            "'tfl.yield' op operand #{index} type mismatch control_node results",
            "A value tfl.control_node's yield gives is not of its result's type (ControlNodeOp::verify; reported "
            "at the yield).",
            '%0:2 = "tfl.control_node"() ({"tfl.yield"(%a) : (tensor<2xf32>) -> ()}) : () -> '
            "(tensor<3xf32>, !tfl.control)",
            op_prefix=False,
        ),
        Rule(
            "BC1827",
            "tfl-control-node-terminator",
            "'{found}' op invalid TFL.control_node terminator, yield expected",
            "tfl.control_node's body ends with another op than tfl.yield (ControlNodeOp::verify; reported at that op).",
            '%0:2 = "tfl.control_node"() ({func.return}) : () -> (tensor<3xf32>, !tfl.control)',
            op_prefix=False,
        ),
        # ---- BC1710-BC1724: tf verifiers, part A (tfa)
        Rule(
            "BC1710",
            "tf-conv-backprop-ranks",
            "{what}",
            "tf.Conv2DBackpropInput with a filter, out_backprop or result that is not 4-D (ConvOp verifiers, "
            "after the type constraints).",
            '%0 = "tf.Conv2DBackpropInput"(%s, %w, %dy) {strides = [1, 1, 1, 1], padding = "SAME"} : '
            "(tensor<4xi32>, tensor<3x3x2xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x2xf32>",
        ),
        Rule(
            "BC1711",
            "tf-fused-batch-norm",
            "{what}",
            "tf.FusedBatchNorm: a ranked x that is not a 4-D float tensor, or a ranked scale, offset, mean or "
            "variance that is not a 1-D float tensor.",
            '%0:5 = "tf.FusedBatchNorm"(%x, %s, %o, %m, %v) : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, '
            "tensor<4xf32>, tensor<4xf32>) -> (...)",
        ),
        Rule(
            "BC1712",
            "tf-bias-add-grad",
            "{what}",
            "tf.BiasAddGrad whose out_backprop has rank under 2 (NHWC) or 3 (NCHW).",
            '%0 = "tf.BiasAddGrad"(%dy) : (tensor<4xf32>) -> tensor<4xf32>',
        ),
        Rule(
            "BC1713",
            "tf-shape-results",
            "{what}",
            "tf.ShapeN (a result per operand), tf.VariableShape (a resource of at most one subtype) and tf.Size "
            "(a 0-D output): results that are not 1-D, not as long as the operand's rank, or not i32/i64.",
            '%0:2 = "tf.ShapeN"(%a, %b) : (tensor<4xf32>, tensor<2x3xf32>) -> (tensor<1xi32>, tensor<3xi32>)',
        ),
        Rule(
            "BC1714",
            "tf-softmax-cross-entropy",
            "{what}",
            "tf.SoftmaxCrossEntropyWithLogits whose features and labels do not broadcast to rank two; "
            "tf.SparseSoftmaxCrossEntropyWithLogits with features not 2-D, labels not 1-D or other batch sizes.",
            '%0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<2x5xf32>, tensor<3xi32>) -> '
            "(tensor<2xf32>, tensor<2x5xf32>)",
        ),
        Rule(
            "BC1715",
            "tf-dynamic-stitch",
            "{what}",
            "tf.DynamicStitch: a scalar output, a negative or missing constant index, data whose shape does not "
            "begin with its indices' shape, item shapes that differ, or an output the constant indices "
            "contradict.",
            '%0 = "tf.DynamicStitch"(%i, %d) : (tensor<2xi32>, tensor<3x4xf32>) -> tensor<2x4xf32>',
        ),
        Rule(
            "BC1716",
            "tf-concat-offset",
            "{what}",
            "tf.ConcatOffset: fewer than two shapes, another number of offsets, a concat_dim that is not 0-D, "
            "shapes not 1-D, of other lengths, or incompatible with their offsets.",
            '%0:2 = "tf.ConcatOffset"(%d, %a, %b) : (tensor<i32>, tensor<2xi32>, tensor<3xi32>) -> '
            "(tensor<2xi32>, tensor<3xi32>)",
        ),
        Rule(
            "BC1717",
            "tf-broadcast-gradient-args",
            "{what}",
            "tf.BroadcastGradientArgs with constant shapes that do not broadcast, or static results not as long "
            "as the dimensions each side reduces.",
            '%0:2 = "tf.BroadcastGradientArgs"(%s0, %s1) : (tensor<2xi32>, tensor<2xi32>) -> (tensor<1xi32>, '
            "tensor<0xi32>)",
        ),
        Rule(
            "BC1718",
            "tf-operand-ranks-a",
            "{what}",
            "tf.InvertPermutation (1-D x), tf.MatrixBandPart (input of rank 2 or more, 0-D bounds), "
            "tf.MaxPoolGrad (4-D operands), tf.Qr (rank 2 or more): an operand of another rank.",
            '%0 = "tf.InvertPermutation"(%p) : (tensor<3x1xi32>) -> tensor<3x1xi32>',
        ),
        Rule(
            "BC1719",
            "tf-bitcast-shape",
            "{what}",
            "tf.Bitcast between static shapes of integer or float elements: widths not multiples, or a shape "
            "that is not the input's with the narrower side's extra last dimension.",
            '%0 = "tf.Bitcast"(%x) : (tensor<2xi32>) -> tensor<2xi8>',
        ),
        Rule(
            "BC1720",
            "tf-batch-to-space",
            "{what}",
            "tf.BatchToSpace: an input, crops or output of another rank, a batch block_size**2 does not divide, "
            "negative constant crops, or output sizes the input, block size and crops do not give.",
            '%0 = "tf.BatchToSpace"(%x, %c) {block_size = 2 : i64} : (tensor<4x2x2x3xf32>, tensor<2x2xi32>) -> '
            "tensor<2x4x4x3xf32>",
        ),
        Rule(
            "BC1721",
            "tf-strided-slice-grad-shape",
            "{what}",
            "tf.StridedSliceGrad with a ranked shape operand that is not 1-D (then begin, end and strides as "
            "tf.StridedSlice's, BC772).",
            '%0 = "tf.StridedSliceGrad"(%s, %b, %e, %st, %dy) : (tensor<2x2xi32>, tensor<1xi32>, tensor<1xi32>, '
            "tensor<1xi32>, tensor<2xf32>) -> tensor<4xf32>",
        ),
        Rule(
            "BC1722",
            "tf-case",
            "{what}",
            "tf.Case and tf.CaseRegion: a branch_index that is not 0-D, or a tf.CaseRegion without regions (the "
            "branches' types: BC1307-BC1310, BC791/BC792).",
            '%0 = "tf.Case"(%i, %x) {branches = [@a, @b], is_stateless = true} : (tensor<2xi32>, tensor<2xf32>) '
            "-> tensor<2xf32>",
        ),
        Rule(
            "BC1723",
            "tf-set-static-dimension-bounds",
            "{what}",
            "tf.SetStaticDimensionBounds with an input of rank over 2, or a static shape that is not 1-D or not "
            "as long as the input's rank.",
            '%0 = "tf.SetStaticDimensionBounds"(%x, %s) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>',
        ),
        Rule(
            "BC1724",
            "tf-verifier-unprefixed-a",
            "{what}",
            "A tf verifier message printed without the op's name (emitOptionalError, emitError): tf.Conv3D's "
            "ranks, tf.Conv3D's and tf.Conv2DBackpropInput's strides and dilations, tf.ParseExampleV2's counts.",
            '%0 = "tf.Conv3D"(%x, %w) {strides = [1, 1, 1, 1], padding = "SAME"} : (tensor<1x2x2x2x1xf32>, '
            "tensor<1x1x1x1x1xf32>) -> tensor<1x2x2x2x1xf32>",
            op_prefix=False,
        ),
        # ---- BC1725-BC1739: tf verifiers, part B (tfb)
        Rule(
            "BC1725",
            "tf-uniform-quantized-params",
            "{what}",
            "A uniform quantized tf op's scales or zero points do not fit its quantization axis: of rank 0 when "
            "the axis is -1, of rank 1 and of one size otherwise (VerifyScalesAndZeroPoints, run after its ODS "
            "traits).",
            '%0 = "tf.UniformQuantize"(%x, %s, %z) {quantization_min_val = -128 : i64, quantization_max_val = 127 '
            ": i64} : (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) -> tensor<2x!tf_type.qint8>",
        ),
        Rule(
            "BC1726",
            "tf-xla-conv-v2-operands",
            "{what}",
            "tf.XlaConvV2's constant window operands are not a vector of strides, an Nx2 padding, vectors of "
            "dilations and a scalar feature group count (its verifier, run after its ODS traits).",
            '%0 = "tf.XlaConvV2"(%l, %r, %s, %p, %ld, %rd, %g) {...} : (tensor<1x4x4x1xf32>, tensor<1x1x1x1xf32>, '
            "tensor<2x1xi32>, tensor<2x2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<i32>) -> tensor<1x4x4x1xf32>",
        ),
        Rule(
            "BC1727",
            "tf-xla-window-operands",
            "{what}",
            "tf.XlaReduceWindow's or tf.XlaSelectAndScatter's constant window operands are not vectors of the "
            "input's rank, or its constant padding is not Nx2 (their verifiers, run after their ODS traits).",
            '%0 = "tf.XlaReduceWindow"(%x, %i, %w, %s, %b, %d, %p) {computation = @g} : (tensor<2x2xf32>, '
            "tensor<f32>, tensor<3xi32>, ...) -> tensor<2x2xf32>",
        ),
        Rule(
            "BC1728",
            "tf-xla-variadic",
            "{what}",
            "tf.XlaVariadicReduce/XlaVariadicReduceV2/XlaVariadicSort: no input, inputs of other element types "
            "(V1) or other static shapes, init values other than scalars or of another count, too many "
            "dimensions to reduce, a non-scalar constant sort dimension (their verifiers).",
            '%0:2 = "tf.XlaVariadicSort"(%a, %b, %d) {comparator = @c, is_stable = false} : (tensor<2x3xf32>, '
            "tensor<3x2xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<3x2xf32>)",
        ),
        Rule(
            "BC1729",
            "tf-ifrt-call",
            "{what}",
            "tf.IfrtCall passes or returns a resource, or its variable_arg_indices are negative or do not ascend "
            "(IfrtCallOp::verify).",
            '%0 = "tf.IfrtCall"(%r) {program_id = 1 : i64, variable_arg_indices = []} : '
            "(tensor<!tf_type.resource>) -> tensor<2xf32>",
        ),
        Rule(
            "BC1730",
            "tf-pw-stream-results",
            "{what}",
            "tf.PwStreamResults names other than one name per argument (PwStreamResultsOp::verify).",
            '"tf.PwStreamResults"(%x) {names = ["a", "b"]} : (tensor<2xf32>) -> ()',
        ),
        Rule(
            "BC1731",
            "tf-tpu-execute-update-variables",
            "{what}",
            "tf.TPUExecuteAndUpdateVariables: device_var_reads_indices/device_var_updates_indices of another "
            "length than the resource arguments, or below 0 (reads) or -1 (updates) (its verifier).",
            '%0 = "tf.TPUExecuteAndUpdateVariables"(%v, %key) {device_var_reads_indices = [], '
            "device_var_updates_indices = []} : (tensor<!tf_type.resource<tensor<f32>>>, tensor<3x!tf_type.string>) "
            "-> tensor<2xf32>",
        ),
        Rule(
            "BC1732",
            "tf-tpu-partitioned-input-v2",
            "{what}",
            "tf.TPUPartitionedInputV2 takes another number of inputs than its partition_dims multiply to (one "
            "when is_packed) (its verifier).",
            '%0 = "tf.TPUPartitionedInputV2"(%x) {partition_dims = [2, 3]} : (tensor<2xf32>) -> tensor<2xf32>',
        ),
        Rule(
            "BC1733",
            "tf-tfrt-get-resource",
            "length of attribute arrays do not match. indices = {indices}, shared_name = {shared_name}, "
            "container = {container}",
            "tf._TfrtGetResource's indices, shared_name and container are of different lengths (its verifier; "
            "the message has no op prefix).",
            '%0 = "tf._TfrtGetResource"() {container = [""], shared_name = ["a", "b"], indices = [0]} : () -> '
            "tensor<!tf_type.resource>",
            op_prefix=False,
        ),
        Rule(
            "BC1734",
            "tf-operand-segments",
            "operand count ({count}) does not match with the total size ({total}) specified in attribute "
            "'operandSegmentSizes'",
            "An op with AttrSizedOperandSegments (tf.XlaVariadicReduceV2; in the generic form, Linalg's structured "
            "ops, tensor.pad, extract_slice, insert_slice) whose operandSegmentSizes do not add up to its operands "
            "(its generated verifier; not written, they are all zeros).",
            '%0 = "tf.XlaVariadicReduceV2"(%x) {dimensions_to_reduce = [], reducer = @g, operandSegmentSizes = '
            "array<i32: 1, 1>} : (tensor<2xf32>) -> tensor<f32>",
        ),
        Rule(
            "BC1739",
            "tf-xla-function",
            "{what}",
            "A function an Xla tf op names (tf.XlaReduceWindow's computation, tf.XlaSelectAndScatter's select "
            "and scatter, tf.XlaVariadicReduceV2's reducer, tf.XlaVariadicSort's comparator) is not defined, or "
            "takes other than 2 parameters, or the select function returns other than one boolean (their "
            "verifiers, once the module is read).",
            '%0 = "tf.XlaReduceWindow"(...) {computation = @missing} : (...) -> tensor<2x2xf32>',
        ),
        # ---- BC1828-BC1839: tf constraint-only ops (tfc)
        Rule(
            "BC1828",
            "tf-while-condition-count",
            "condition should yield a tensor<i1> and forward the arguments",
            "tf.WhileRegion's condition yields neither one value (its tensor<i1>) nor that value followed by each of "
            "its arguments (WhileRegionOp::verify).",
            '... ({^bb0(%x: tensor<i32>): "tf.Yield"(%c, %x, %x) : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()}, '
            "{...}) ...",
        ),
        Rule(
            "BC1829",
            "tf-while-condition-forward",
            "arguments on condition block aren't forwarded to yield",
            "tf.WhileRegion's condition yields its tensor<i1> and one value per argument, but not its arguments "
            "(judged by their types: a value of another type than the argument it stands for).",
            '... ({^bb0(%x: tensor<i32>): "tf.Yield"(%c, %y) : (tensor<i1>, tensor<f32>) -> ()}, {...}) ...',
        ),
        # ---- BC1787-BC1799: SCF, Linalg, Vector (llvm)
        Rule(
            "BC1787",
            "linalg-parent",
            "expected parent op with LinalgOp interface",
            "linalg.yield or linalg.index stands in a region of an op that is not a Linalg structured op "
            "(YieldOp::verify, IndexOp::verify).",
            "func.func @f() { %i = linalg.index 0 : index ... }",
        ),
        Rule(
            "BC1788",
            "non-empty-block",
            "expects a non-empty block",
            "A region of an op with one block at most (SingleBlock: scf.while) holds a block without ops.",
            "scf.while : () -> () { ^bb0: } do { ^bb0: }",
        ),
        Rule(
            "BC1789",
            "sized-region",
            "region #{index} ('{name}') failed to verify constraint: region with 1 blocks",
            "A region ODS declares SizedRegion<1> (scf.while's before and after regions) has no block.",
            "scf.while : () -> () { } do { }",
        ),
        Rule(
            "BC1790",
            "empty-block",
            "empty block: expect at least a terminator",
            "A block of a region holds no op, not even its terminator (MLIR's verifier, reported at the op that "
            "holds the region: scf.reduce's reductions).",
            "scf.reduce(%x : f32) { ^bb0(%l: f32, %r: f32): }",
            op_prefix=False,
        ),
        Rule(
            "BC1791",
            "linalg-yield-parent-region",
            "expected single non-empty parent region",
            "linalg.yield stands in a region of an op with more than one region (YieldOp::verify: scf.if, scf.while).",
            "scf.if %c { linalg.yield %x : f32 }",
        ),
        Rule(
            "BC1792",
            "scaled-contract-maps-count",
            "expected 5 indexing maps and operands",
            "linalg.scaled_contract has not five indexing maps and five operands (A, its scale, B, its scale, the "
            "init; ScaledContractOp::verify).",
            "linalg.scaled_contract indexing_maps = [#a, #sa, #b, #c] ins(%a, %sa, %b, %sb : ...) outs(%c : ...)",
        ),
        Rule(
            "BC1793",
            "scaled-contract-float-output",
            "expected output element type to be floating-point",
            "linalg.scaled_contract's init is not of a float element type (ScaledContractOp::verify).",
            "linalg.scaled_contract ... outs(%c : tensor<4x4xi32>) -> tensor<4x4xi32>",
        ),
        Rule(
            "BC1794",
            "scaled-contract-scales",
            "{detail}",
            "A scale of linalg.scaled_contract: its map's results not a dim or a dim floordiv a block, of another "
            "rank than the scale, or a scale size other than its data size over the block, rounded up "
            "(ScaledContractOp::verify).",
            "linalg.scaled_contract indexing_maps = [#mk, affine_map<(m, n, k) -> (m floordiv 32, k floordiv 32)>, "
            "...] ins(%a, %sa, ... : tensor<64x64xi8>, tensor<3x2xf8E8M0FNU>, ...) ...",
            op_prefix=False,
        ),
        Rule(
            "BC1795",
            "scaled-contract-bitwidth",
            "expected input element type bitwidth to be no greater than output element type bitwidth",
            "An input of linalg.scaled_contract (data or scale) has a wider element type than its output "
            "(ScaledContractOp::verify).",
            "linalg.scaled_contract ... ins(%a, ... : tensor<64x64xf32>, ...) outs(%c : tensor<64x16xf16>) ...",
        ),
        Rule(
            "BC1796",
            "forall-mapping-size",
            "mapping attribute size must match op rank",
            "scf.forall's mapping names another count of device mapping attributes than it has loops "
            "(ForallOp::verify).",
            "scf.forall (%i, %j) in (%n, %n) { } { mapping = [#gpu.block<x>] }",
        ),
        Rule(
            "BC1797",
            "in-parallel-combining",
            "expected only ParallelCombiningOpInterface ops",
            "scf.forall.in_parallel's region holds an op that is not a parallel combining op such as "
            "tensor.parallel_insert_slice (InParallelOp::verify).",
            "scf.forall.in_parallel { %0 = arith.constant 1 : index }",
        ),
        # cf.cond_br's branch weights (WeightedBranchOpInterface), from llvm-project's ControlFlow/invalid.mlir
        Rule(
            "BC1798",
            "branch-weights-count",
            "expects number of branch weights to match number of successors: {count} vs {successors}",
            "cf.cond_br's weights([...]) with another number of weights than successors "
            "(WeightedBranchOpInterface's verifier; no op prefix in its words).",
            "cf.cond_br %c weights([100]), ^bb1, ^bb2",
            op_prefix=False,
        ),
        Rule(
            "BC1799",
            "branch-weights-zero",
            "branch weights cannot all be zero",
            "cf.cond_br's weights([...]) all zero (WeightedBranchOpInterface's verifier).",
            "cf.cond_br %c weights([0, 0]), ^bb1, ^bb2",
            op_prefix=False,
        ),
        # ---- BC1860-BC1889: broadcheck refine (refine)
        Rule(
            "BC1860",
            "refine-stops",
            "refinement stops here: {reason}",
            "broadcheck refine cannot infer this op's result types under the new argument types: its results "
            "keep their written types, and refinement stops along them (and only them).",
            '%0 = "mydialect.opaque"(%arg0) : (tensor<2x4xf32>) -> tensor<?x4xf32>',
            severity="warning",
        ),
        Rule(
            "BC1861",
            "refine-shape-assertion",
            "{message}",
            "A JAX shape_assertion custom call is false under the new argument types: the input shapes do not "
            "match the export's polymorphic shapes specification (jaxlib's shape refinement fails with its "
            "error_message).",
            'stablehlo.custom_call @shape_assertion(%false, %b) {error_message = "Expected value >= 1 for '
            "dimension variable 'b'\"} : (tensor<i1>, tensor<i32>) -> ()",
            op_prefix=False,
        ),
        # ---- BC1806-BC1819: TOSA generated constraints (tosa)
        Rule(
            "BC1806",
            "tosa-slice-start-negative",
            "start values must be non-negative, got [{values}]",
            "tosa.slice's constant start has a value below 0 other than -1 (SliceOp::verify, after the lengths).",
            "tosa.slice %x, %start, %size : (tensor<3x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x1xf32>"
            "   // %start = [-2, 0]",
        ),
        Rule(
            "BC1807",
            "tosa-slice-size-positive",
            "size values must be > 0, got [{values}]",
            "tosa.slice's constant size has a value below 1 other than -1 (SliceOp::verify, before the result's "
            "shape).",
            "tosa.slice %x, %start, %size : (tensor<3x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x1xf32>"
            "   // %size = [0, 1]",
        ),
        Rule(
            "BC1808",
            "tosa-row-gather-block-scaled-values",
            "expects values tensor list length to be 1 or 2, got {count}",
            "tosa.row_gather_block_scaled takes a data tensor and at most one scale tensor "
            "(RowGatherBlockScaledOp::verify, before the results' count).",
            '%0 = "tosa.row_gather_block_scaled"(%v, %v, %v, %i, %c) <{block_size = #tosa.block_size<BLOCK_SIZE_32>}> '
            ": (...) -> tensor<1x2x32xf4E2M1FN>",
        ),
        Rule(
            "BC1809",
            "tosa-reshape-block-scaled-rank-0",
            "requires all {what} shapes have a rank greater than 0",
            "tosa.reshape_block_scaled's ranked block-scaled data, its scale, or one of its results is of rank 0 "
            "(ReshapeBlockScaledOp::verify, the inputs then the results, after the data's element type, before "
            "the scale's).",
            '%0:2 = "tosa.reshape_block_scaled"(%d, %s, %shape) <{block_size = #tosa.block_size<BLOCK_SIZE_32>}> '
            ": (tensor<2x32xf8E4M3FN>, tensor<f8E8M0FNU>, !tosa.shape<2>) -> (...)",
        ),
        # ---- BC1840-BC1849: StableHLO, report order, passed-over checks (hlo)
        Rule(
            "BC1778",
            "async-start-wrapped-op",
            "region must contain a collective or slice operation",
            "stablehlo.async_start: the one op its region holds is not one it may wrap (all_gather, all_reduce, "
            "all_to_all, collective_broadcast, collective_permute, collective_reduce, dynamic_slice, "
            "dynamic_update_slice, reduce_scatter, slice); 'failed to infer returned types' follows.",
            "stablehlo.async_start whose region holds a stablehlo.add and its return",
        ),
        # ---- BC1830-BC1839: the last tf ops (tf7)
        Rule(
            "BC1830",
            "tf-call-like-undefined",
            "'f' attribute refers to an undefined function: {symbol}",
            "tf.LegacyCall, tf.BatchFunction or tf.TPUPartitionedCall names no function of the module in f (their "
            "verifySymbolUses, once every op verified; TensorFlow words it without the op's name, the first two "
            "print the bare name, tf.TPUPartitionedCall the reference).",
            '%0 = "tf.LegacyCall"(%x) {f = @nope} : (tensor<f32>) -> tensor<f32>',
            op_prefix=False,
        ),
        Rule(
            "BC1831",
            "tf-legacy-call-argument-count",
            "argument count mismatch: 'args' has {count} argument(s), but '{symbol}' expects {expected}",
            "tf.LegacyCall passes another number of values than its f takes (LegacyCallOp::verifySymbolUses: "
            "only the count, not the types nor the results).",
            '%0 = "tf.LegacyCall"(%x, %x) {f = @g} : (tensor<f32>, tensor<f32>) -> tensor<f32> where @g takes one',
            op_prefix=False,
        ),
        Rule(
            "BC1832",
            "tf-tpu-call-argument-count",
            "argument count mismatch: 'args' has {count} arguments, but '{symbol}' expects {expected}",
            "tf.TPUPartitionedCall passes another number of args (its operands but the device ordinal) than its "
            "f takes (VerifyPartitionedCall: only the count).",
            '%0 = "tf.TPUPartitionedCall"(%x, %x, %o) {f = @g} : (tensor<f32>, tensor<f32>, tensor<i32>) -> '
            "tensor<f32> where @g takes one",
            op_prefix=False,
        ),
        Rule(
            "BC1833",
            "tf-xla-call-module-undefined",
            "refers to an undefined function: {symbol}",
            "An entry of tf.XlaCallModule's function_list names no function of the module (its verifySymbolUses, "
            "in the list's order; a nested reference names nothing).",
            '%0 = "tf.XlaCallModule"(%x) {Sout = [#tf_type.shape<>], module = "", version = 5 : i64, '
            "function_list = [@nope]} : (tensor<f32>) -> tensor<f32>",
        ),
        Rule(
            "BC1834",
            "tf-xla-inferred-type",
            "inferred type(s) {inferred} are incompatible with return type(s) of operation {actual}",
            "tf.XlaSetDynamicDimensionSize's or tf.XlaBroadcastHelper's results are not cast compatible with the "
            "types they infer (XlaSetDynamicDimensionSize: its input's, the dimension a constant dim_index names "
            "made dynamic, every one when dim_index is not a constant; XlaBroadcastHelper: the operand of the "
            "smaller rank placed by a constant broadcast_dims in a shape of 1s, unranked when not a constant).",
            '%0 = "tf.XlaSetDynamicDimensionSize"(%x, %d, %s) : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> '
            "tensor<?x6xf32> where %d is the constant 0",
        ),
        Rule(
            "BC1835",
            "tf-xla-dim-index",
            "dim_index ({index}) is out of range [0, {rank})",
            "tf.XlaSetDynamicDimensionSize's constant dim_index names no dimension of its ranked input (its "
            "type inference; TensorFlow words it without the op's name).",
            '%0 = "tf.XlaSetDynamicDimensionSize"(%x, %d, %s) : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> '
            "tensor<4x5xf32> where %d is the constant 2",
            op_prefix=False,
        ),
        Rule(
            "BC1836",
            "tf-xla-broadcast-dims",
            "{what}",
            "tf.XlaBroadcastHelper's constant broadcast_dims does not fit its ranked operands: empty with ranks "
            "that differ and no scalar, of another size than the smaller rank, an entry out of range, or twice "
            "(its type inference; TensorFlow words it without the op's name).",
            '%0:2 = "tf.XlaBroadcastHelper"(%a, %b, %d) : (tensor<2x3xf32>, tensor<3xf32>, tensor<1xi64>) -> '
            "(tensor<2x3xf32>, tensor<1x3xf32>) where %d is the constant [-1]",
            op_prefix=False,
        ),
        # ---- BC1735-BC1738, BC1870-BC1874: TOSA from its .td (tosatd)
        Rule(
            "BC1735",
            "tosa-reshape-block-scaled-new-rank-0",
            "requires new shape to have a rank greater than 0",
            "tosa.reshape_block_scaled's block-scaled form (data and scale) reshapes to a !tosa.shape<0> "
            "(ReshapeBlockScaledOp::verify, after the data's element type, before the inputs' ranks; ranked or "
            "unranked data).",
            '%0:2 = "tosa.reshape_block_scaled"(%d, %s, %shape) <{block_size = #tosa.block_size<BLOCK_SIZE_32>}> '
            ": (tensor<2x32xf8E4M3FN>, tensor<2x1xf8E8M0FNU>, !tosa.shape<0>) -> (...)",
        ),
        # ---- BC1840-BC1849: StableHLO's dot algorithm, quantized and buffer types (shq)
        Rule(
            "BC1840",
            "dot-algorithm-lhs-components",
            "{prefix}lhs component count must be positive",
            "A #stablehlo.dot_algorithm's lhs_component_count is below 1 (verifyDotAlgorithmAttr, dot_general_c22: "
            "the parser reports it at the attribute's '<' as it builds it, before any op verifies; the custom "
            "form's parser words it after \"custom op 'stablehlo.dot_general'\").",
            "algorithm = #stablehlo.dot_algorithm<..., lhs_component_count = 0, ...>",
            op_prefix=False,
        ),
        Rule(
            "BC1841",
            "dot-algorithm-rhs-components",
            "{prefix}rhs component count must be positive",
            "A #stablehlo.dot_algorithm's rhs_component_count is below 1 (verifyDotAlgorithmAttr, dot_general_c23; "
            "at the attribute's '<', as the parser builds it).",
            "algorithm = #stablehlo.dot_algorithm<..., rhs_component_count = -1, ...>",
            op_prefix=False,
        ),
        Rule(
            "BC1842",
            "dot-algorithm-primitive-operations",
            "{prefix}num primitive operations must be positive",
            "A #stablehlo.dot_algorithm's num_primitive_operations is below 1 (verifyDotAlgorithmAttr, "
            "dot_general_c24; at the attribute's '<', as the parser builds it).",
            "algorithm = #stablehlo.dot_algorithm<..., num_primitive_operations = 0, ...>",
            op_prefix=False,
        ),
        Rule(
            "BC1843",
            "dot-algorithm-unknown",
            "{prefix}dot algorithm not known to be supported on any hardware: {{lhs:'{lhs}', rhs:'{rhs}', "
            "accum:'{accum}', lhs_components:{lhs_count}, rhs_components:{rhs_count}, primitive_ops:{operations}, "
            "imprecise:{imprecise}}}",
            "A #stablehlo.dot_algorithm that is none of StableHLO's known ones (getKnownDotAlgorithm: one component "
            "each; two f8 types with f32 accumulation in one operation; or f16/bf16/tf32/f32/f64 combinations with "
            "their numbers of operations, precise; dot_general_i8 to i10; at the attribute's '<', as the parser "
            "builds it).",
            "algorithm = #stablehlo.dot_algorithm<lhs_precision_type = i8, rhs_precision_type = f32, "
            "accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, "
            "allow_imprecise_accumulation = false>",
            op_prefix=False,
        ),
        Rule(
            "BC1844",
            "elements-literal-empty",
            "parsed zero elements, but type ('{type}') expected at least 1",
            "An empty dense literal (dense<>) whose static type has elements (the parser, at 'dense'; dense<> is "
            "the literal of a type with a 0 size only).",
            "%0 = stablehlo.constant dense<> : tensor<2xi64>",
            op_prefix=False,
        ),
        # ---- BC1810-BC1819: the last expected errors of the llvm-project test files (llvm)
        Rule(
            "BC1810",
            "forall-mapping-masks",
            '"mapping" supports at most one device masking attribute',
            "scf.forall's mapping names two or more device masking attributes such as #gpu.mask (ForallOp::verify, "
            "after the count of device mapping attributes).",
            "scf.forall (%i) in (%n) { } { mapping = [#gpu.thread<x>, #gpu.mask<0x1>, #gpu.mask<0x2>] }",
        ),
        Rule(
            "BC1811",
            "in-parallel-destination",
            "may only insert into an output block argument",
            "A tensor.parallel_insert_slice in scf.forall.in_parallel inserts into a value that is not one of the "
            "scf.forall's shared_outs block arguments (InParallelOp::verify, reported at the inserting op).",
            "scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<8xf32>) { scf.forall.in_parallel { "
            "tensor.parallel_insert_slice %s into %out[%i] [1] [1] : tensor<1xf32> into tensor<8xf32> } }",
        ),
        Rule(
            "BC1812",
            "mask-yield-values",
            "expects all the results from the MaskableOpInterface to match all the values returned by the terminator",
            "vector.mask's vector.yield yields other values than the results of the op it masks, in their order "
            "(MaskOp::verify, after the count of results).",
            "%0 = vector.mask %m { %1 = vector.transfer_read ... vector.yield %other : vector<16xf32> } : ...",
        ),
        Rule(
            "BC1736",
            "dialect-typo",
            "Dialect `{dialect}' not found for custom op '{name}' (did you mean '{near}'?)",
            (
                "A custom-form op of a dialect broadcheck does not know, whose name is a letter or two off one it does "
                "(`sablehlo.add`). MLIR's parser rejects a custom op of a dialect its tool does not register in "
                "these words; a warning, since broadcheck cannot tell which dialects the tool that reads the file has."
            ),
            "%0 = sablehlo.add %a, %b : tensor<4xf32>",
            severity="warning",
            op_prefix=False,
        ),
        Rule(
            "BC1779",
            "mask-terminator",
            "expects a terminator within the mask region",
            "vector.mask written in the generic form: its block ends in an op other than vector.yield (the custom "
            "form's parser adds the yield; MaskOp::verify, after the count of ops).",
            '%0 = "vector.mask"(%m) ({ %1 = "vector.transfer_read"(...) ... }) : (vector<8xi1>) -> vector<8xf32>',
        ),
        # l325b: MLIR's verifier on a block that ends without a terminator
        Rule(
            "BC1813",
            "block-no-terminator",
            "block with no terminator, has {printed}",
            "A block ends with an op that is not a terminator (Verifier.cpp, at that op): a function's body, a "
            "Linalg op's, stablehlo.map/if/case's, tensor.generate/pad's, tosa.cond_if/while_loop's, shape.func's, "
            "or an scf op's written generic. MLIR prints the op in its generic form, its values numbered over the "
            "function. Reported only where broadcheck can print that form exactly (one-line arith binary ops, "
            "cmpf, select, integer constants; one-result StableHLO and TOSA ops written without attributes; arith's "
            "and math's float ops, with the fastmath flag their parser sets, or the one such property written).",
            "linalg.generic {...} outs(%m : memref<?xf32>) { ^bb(%o: f32): %1 = arith.addf %o, %o : f32 }",
            op_prefix=False,
        ),
        Rule(
            "BC1814",
            "block-empty",
            "empty block: expect at least a terminator",
            "A function's body is a block with nothing in it, not even a return (Verifier.cpp, at the "
            "function's op). With no arguments either, the body is not read at all: the parser's 'expected "
            "non-empty function body' (BC001).",
            "func.func @f(%a: tensor<2xf32>) {\n}",
            op_prefix=False,
        ),
        Rule(
            "BC1815",
            "linalg-window-attribute",
            "custom op '{name}' '{name}' op attribute '{attribute}' failed to satisfy constraint: 64-bit signless "
            "int elements attribute of shape [{size}]",
            "The parser: a linalg convolution's or pooling's custom form whose strides or dilations are not dense "
            "i64 elements of one size per spatial dim (RankedI64ElementsAttr, checked as the attribute dictionary "
            "is read: at its '{')).",
            "linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi32>} ins(...) outs(...) -> ...",
            op_prefix=False,
        ),
        # ---- BC1866-BC1871: StableHLO convolution's dimension numbers and window clause, as parsed (hloconv)
        Rule(
            "BC1866",
            "conv-dimension-unexpected",
            "{prefix}Unexpected dimension {dimension}{expecting}",
            "The parser of a convolution's dimension numbers (dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
            "or #stablehlo.conv<...>) meets a negative spatial index, or a letter that is not one the side still "
            "expects (b and f for the input and output, i and o for the kernel), at it (parseConvolutionDimensions; "
            "the custom form's parser words it after \"custom op 'stablehlo.convolution'\").",
            "dim_numbers = [b, 0, 1, b]x[0, 1, i, o]->[b, 0, 1, f]",
            op_prefix=False,
        ),
        Rule(
            "BC1867",
            "conv-dimension-duplicate",
            "{prefix}Duplicate entries for spatial dimension {dimension}",
            "A side of a convolution's dimension numbers names one spatial index twice (the parser, at the second).",
            "dim_numbers = [b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]",
            op_prefix=False,
        ),
        Rule(
            "BC1868",
            "conv-unexpected-keyword",
            "{prefix}Unexpected keyword {keyword}",
            "A word of more than one letter in a convolution's dimension numbers, or a letter once the side has "
            "both of its own (at the word); or a key of the custom form's window = {...} that is not stride, "
            "pad, lhs_dilate, rhs_dilate or reverse, or is given twice (parseWindowAttributes, at the token after "
            "the key).",
            "dim_numbers = [b, 0, 1, f, b]x[0, 1, i, o]->[b, 0, 1, f]; window = {stride = [1, 1], stride = [1, 1]}",
            op_prefix=False,
        ),
        Rule(
            "BC1869",
            "conv-dimensions-unspecified",
            "{prefix}Expected dimensions {dimensions} not specified",
            "A side of a convolution's dimension numbers leaves out its batch or feature letter (b, f; or i, o for "
            "the kernel): the parser, where the side's list stops.",
            "dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1]",
            op_prefix=False,
        ),
        Rule(
            "BC1870",
            "conv-spatial-dimensions-unspecified",
            "{prefix}Expected spatial dimensions {dimensions} not specified",
            "A side of a convolution's dimension numbers leaves out a spatial index below its largest one (the "
            "parser lists at most ten, at the token after the side's ']').",
            "dim_numbers = [b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]",
            op_prefix=False,
        ),
        Rule(
            "BC1871",
            "conv-window-padding-pair",
            "{prefix}Expected array with 2 elements, got {count} elements instead",
            "An entry of the custom form's window = {pad = [[low, high], ...]} that is not a pair "
            "(parseWindowAttributes, at the token after the entry).",
            "window = {pad = [[0, 0], [1]]}",
            op_prefix=False,
        ),
        # ---- BC1900-BC1915: tf (the tfzoo campaign)
        Rule(
            "BC1900",
            "tf-fake-quant-range",
            "range is invalid: [{low},{high}]",
            "tf.FakeQuantWithMinMaxArgs: a min not below its max (each the f32 its attribute holds, defaults -6 "
            "and 6, printed as std::to_string prints it).",
            '%0 = "tf.FakeQuantWithMinMaxArgs"(%x) <{max = 0.1 : f32, min = 0.1 : f32}> : (tensor<2xf32>) -> '
            "tensor<2xf32>",
        ),
        # ---- BC1886-BC1899: what mutants of torch-mlir's exports found (linalg, tensor, arith, tosa)
        Rule(
            "BC1886",
            "operand-segments-negative",
            "'operandSegmentSizes' attribute cannot have negative elements",
            "An op with AttrSizedOperandSegments, in the generic form, gives a group a negative size (its "
            "generated verifier, before the sizes are added up).",
            '%0 = "linalg.generic"(%a, %b) <{operandSegmentSizes = array<i32: 3, -1>, ...}> ({...}) : ...',
        ),
        Rule(
            "BC1887",
            "linalg-index-missing-dim",
            "'linalg.index' op requires attribute 'dim'",
            "A linalg.index in the generic form without its dim (reported at the index op, by the op that holds it).",
            '%i = "linalg.index"() : () -> index',
            op_prefix=False,
        ),
        Rule(
            "BC1888",
            "conv-loop",
            "unexpected loop dimension for convolution op",
            "A convolution's memoized maps leave a loop out of the convolution's parts, or give it two (batch, "
            "output image, output channel and depth loops in the output; window and input channel loops in the "
            "filter alone; isConvolutionInterfaceImpl).",
            '"linalg.conv_2d_nchw_fchw"(...) ({...}) {linalg.memoized_indexing_maps = [..., affine_map<(d0, d1, d2, '
            "d3, d4, d5, d6) -> (d1, d3, d5, d6)>, ...]} : ...",
            op_prefix=False,
        ),
        Rule(
            "BC1889",
            "conv-output-parallel",
            "expected all iterators used to access outputs to be parallel",
            "A convolution's memoized output map reads one of its reduction loops (isConvolutionInterfaceImpl; the "
            "op's iterator types are its own).",
            '"linalg.pooling_nchw_sum"(...) ({...}) {linalg.memoized_indexing_maps = [..., affine_map<(d0, d1, d2, '
            "d3, d4, d5) -> (d0, d1, d2, d4)>]} : ...",
            op_prefix=False,
        ),
        Rule(
            "BC1890",
            "conv-filter-reduction",
            "expected all iterators not used to access outputs to be reduction",
            "A convolution's memoized filter map reads one of its parallel loops as a window or input channel loop "
            "(isConvolutionInterfaceImpl; the op's iterator types are its own).",
            '"linalg.conv_2d_nchw_fchw"(...) ({...}) {linalg.memoized_indexing_maps = [...]} : ...',
            op_prefix=False,
        ),
        Rule(
            "BC1891",
            "tosa-mul-float-shift",
            "require shift to be 0 for float type",
            "A float tosa.mul whose shift operand is a constant other than 0 (MulOp::verify, after the element "
            "types, before the shapes).",
            "%s = tosa.const values(dense<1> : tensor<1xi8>) ... %0 = tosa.mul %a, %b, %s : (tensor<2xf32>, "
            "tensor<2xf32>, tensor<1xi8>) -> tensor<2xf32>",
        ),
        Rule(
            "BC1892",
            "custom-attribute-kind",
            "custom op '{op_name}' invalid kind of attribute specified",
            "A custom form's name(value) whose value is not of the attribute kind the op stores (TOSA's "
            "const_shape values are integer elements; the parser, at the value).",
            "%0 = tosa.const_shape values(dense<[1.5]> : tensor<1xf32>) : () -> !tosa.shape<1>",
            op_prefix=False,
        ),
        # ---- BC1872-BC1885: what a zoo of JAX programs printed (jaxzoo)
        Rule(
            "BC1872",
            "hlo-dictionary-constraint",
            "custom op '{name}' '{name}' op attribute '{attribute}' failed to satisfy constraint: {constraint}",
            "The parser: an entry of a StableHLO custom form's attribute dictionary breaks its ODS constraint "
            "(verifyInherentAttrs, as the dictionary is read: at its '{'; entries checked by name).",
            "stablehlo.convolution(%a, %b) dim_numbers = ..., window = {} {batch_group_count = 0 : i64, "
            "feature_group_count = 1 : i64} : ...",
            op_prefix=False,
        ),
        # ---- BC1873-BC1885: what a second zoo of PyTorch programs printed (torchzoo2)
        Rule(
            "BC1873",
            "elements-literal-hex-size",
            "elements hex data size is invalid for provided type: '{type}'",
            "The parser: a dense literal written as a hex string whose bytes are neither one element nor every "
            "element of its static type (DenseElementsAttr::isValidRawBuffer; an integer narrower than 8 bits "
            "takes a byte; at the 'dense').",
            '%0 = arith.constant dense<"0x000000"> : tensor<3xi16>',
            op_prefix=False,
        ),
        Rule(
            "BC1874",
            "tosa-zero-point-value",
            "{name} zero point must be zero for non-int8 integer types",
            "A TOSA convolution's, avg_pool2d's, matmul's or negate's zero point operand is a constant that is "
            "not zero while its element type is not an 8-bit integer (verifyZeroPoint; a float zero point counts "
            "as zero only if it is 0.0 or -0.0).",
            '%0 = tosa.matmul %a, %b, %zp, %zp : (tensor<1x2x3xi16>, ...) where %zp is "tosa.const" of '
            "dense<1> : tensor<1xi16>",
        ),
        Rule(
            "BC1875",
            "tensor-expand-shape-dynamic-count",
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} "
            "dynamic dims while output_shape has {values} values",
            "tensor.expand_shape's generic form: its static_output_shape marks another number of dims dynamic "
            "(kDynamic, not -1) than it has output_shape operands (after the static list's length).",
            '%0 = "tensor.expand_shape"(%a, %n) <{reassociation = [[0, 1]], static_output_shape = array<i64: -1, 1>}> '
            ": (tensor<?xf32>, index) -> tensor<?x1xf32>",
        ),
        Rule(
            "BC1876",
            "slice-dynamic-count",
            "expected the number of '{name}' to match the number of dynamic entries in 'static_{name}' "
            "({operands} vs {dynamic})",
            "A slice op's generic form (tensor.extract_slice, insert_slice, parallel_insert_slice): its offsets, "
            "sizes or strides operands are not as many as the kDynamic entries of its static list (the strides "
            "checked first, the offsets last; before the lists' lengths).",
            '%0 = "tensor.extract_slice"(%a, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = '
            "array<i64: 0, 0>, ...}> : (tensor<?x3xf32>, index) -> tensor<?x3xf32>",
            op_prefix=False,
        ),
    )
}

# Notes and help lines attached to diagnostics; not codes of their own.
NOTES: Mapping[str, str] = {
    "unclosed-brace": "the region opened by '{{' at line {line}, column {column} is never closed",
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
    "split-parts": (
        "the file is read as one module; --split-input-file (or `split-input-file = true`) reads each "
        "part between `// -----` lines as a module of its own"
    ),
    "fix-stop-unchecked": (
        "no fix: '{op}' (line {line}) uses a value whose type the fix changes, and broadcheck does not "
        "know which other types must follow (its verifier may reject the new operand type)"
    ),
    "fix-stop-call": (
        "no fix: the call '{op}' (line {line}) passes a value whose type the fix changes, and the "
        "callee's argument types would have to follow"
    ),
    "fix-stop-invalid": "no fix: '{op}' (line {line}) would not verify with the types the fix writes",
    "fix-stop-unread": "no fix: a statement the fix would change (line {line}) spans lines or could not be read",
    "lint-only": "the dialect's own verifier accepts this op; the Broadcastable document does not (--profile spec)",
    "spec-rank": "the spec profile requires the result's rank to equal the broadcast rank",
    "spec-dynamic": "the spec profile forbids a static result size where the inferred size is dynamic",
    # MLIR's own notes, located (a check gives their place as the argument ``at``: an ``expected-note``)
    "mlir-region-branch-point": "region branch point",
    "mlir-implied-terminator": "in custom textual format, the absence of terminator implies '{expected}'",
    "mlir-terminator-here": "terminator here",
    "mlir-see-yield": "see yield operation here",
    "mlir-region-returns": "{region} returns '{found}' here",
    # broadcheck refine (refine)
    "refine-trace": "its new types follow from {origin}",
}


# The fixed sentences of the rules whose template is "{detail}" (one check that MLIR words
# several ways), by code and name: the checks choose one, the wording stays here.
DETAILS: Mapping[str, Mapping[str, str]] = {
    "BC741": {
        "empty": "number of elements in input should be larger than 0",
        "scalar": "input should be of rank larger than 0",
        "axis": "attribute 'axis' should be in range [-rank, rank), got axis = {axis}, and rank = {rank}",
        "count": "output count should match 'num' attribute",
    },
    "BC747": {
        "below": "elements of 'size_splits' should be greater than or equal to -1",
        "two": "'size_splits' can only have one -1",
        "over": "sum of non-negative elements of 'size_splits' is greater than the dimension size of 'split_dim' axis",
        "sum": "sum of 'size_splits' should match the dimension size of 'split_dim' axis",
    },
    "BC763": {
        "broadcast": "the input shape {input} does not broadcast to {target}",
        "broadcast-rank": "the input shape {input} has more dimensions than {target}",
        "broadcast-args": "the shapes {a} and {b} do not broadcast",
        "contract": "the contracted sizes {a} and {b} differ",
        "axis": "axis {axis} is out of range for rank {rank}",
        "squeeze": "squeeze_dims names dimension {dim}, whose size is {size}, not 1",
        "tile": "multiples holds {count} values for an input of rank {rank}",
        "pad": "a padding is negative",
        "gather-nd": "indices index {depth} dimensions of params, which has {rank}",
        "channels": "the input has {a} channels, which the filter's {b} do not divide",
        "channels-equal": "the input has {a} channels, the filter {b}",
        "depthwise": "the filter has {out} channels, not the input's {c} times depth_multiplier {m}",
        "bias": "the bias holds {count} values for {channels} output channels",
    },
    "BC764": {
        "shape-rank": "requires 'shape' to be rank 1, but got {rank}",
        "two-dynamic": "requires 'shape' to have at most one dynamic dimension, but got multiple dynamic dimensions "
        "at indices {first} and {second}",
        "negative": "requires 'shape' to have dimensions greater than -1, but got {size} at index {index}",
        "multiple": "requires 'tensor' number of elements be a multiple of {size}, but got {count}",
        "elements": "requires 'output' number of elements to match 'tensor' number of elements, but got {output} "
        "and {input}",
        "cast": "requires 'output' type '{actual}' to be cast compatible with expected type '{expected}'",
    },
    "BC765": {
        "perm-rank": "expected perm to be a 1-D Tensor, got perm of rank {rank}",
        "ranks": "x should be of the same rank with y, got x of rank {x}, and y of rank {y}",
        "perm-size": "expected perm to be a 1-D Tensor of size equal to the rank of x, got perm of size {size}, and "
        "x of rank {rank}",
        "perm-range": "perm[{index}]={value} must be in range [-{rank}, {rank})",
        "size": "requires y.shape[{index}] ({y}) to be equal to x.shape[perm[{perm}]] ({x})",
    },
    "BC766": {
        "lhs-rank": "requires lhs operand to have rank at least two",
        "rhs-rank": "requires rhs operand to have rank at least two",
        "batch": "found mismatching batch dimensions for lhs shape '{lhs}' and rhs shape '{rhs}'",
    },
    "BC767": {
        "rank": "operand type '{type}' is not compatible with preceding operands; expected rank: {rank}",
        "dim": "operand type '{type}' is not compatible with preceding operands; expected dimension at index "
        "{index}: {size}",
        "pack-axis": "attribute 'axis' should be within range [{low}, {high}); actual value: {axis}",
        "conv-ranks": "requires operands to be 4D tensor",
        "explicit-missing": "requires attribute 'explicit_paddings' with 'EXPLICIT' padding mode",
        "explicit-length": "requires explicit_paddings attribute length to be 8",
        "explicit-negative": "requires non negative explicit paddings",
        "strides-length": "requires strides attribute length to be 4",
        "strides-positive": "requires positive strides",
        "dilations-length": "requires dilations attribute length to be 4",
        "dilations-positive": "requires positive dilations",
        "identity-elements": "requires all operands and results to have compatible element types",
    },
    "BC769": {
        "axis": "axis attribute must be in the range of [-{rank}, {rank})",
        "count": "result count must be equal to {size}",
    },
    "BC770": {
        "dim-scalar": "split dimension should be an integer scalar tensor",
        "scalar": "cannot split scalar input tensor",
        "range": "split dimension must be in range [-{rank}, {rank})",
        "divisible": "dimension #{dim} not divisible by the number of result tensors",
        "sizes-shape": "split sizes should be a 1D tensor of {count} elements",
        "two-dynamic": "cannot have more than one dynamic dimension in split sizes",
        "sum": "split sizes must sum up to the dimension size along split dimension, found {total} vs {size}",
        "sum-over": "split sizes must sum up to be less than or equal to the dimension size along split dimension, "
        "found {total} vs {size}",
    },
    "BC771": {
        "begin-rank": "requires begin operand to be 1D tensor",
        "size-rank": "requires size operand to be 1D tensor",
        "same-count": "requires begin and size operands to have the same number of elements",
        "input-rank": "requires number of elements in begin and size are equal to input rank",
        "output-rank": "requires output to have the same rank as input, but got input rank {input} and output rank "
        "{output}",
        "output-size": "requires output size to have the same size of slice, got slice size {slice} and output size "
        "{output}",
        "bounds": "requires 0 <= begin[i] <= begin[i] + size[i] <= Di",
        "size-bound": "requires size[i] <= Di, even if begin[i] is unknown at compile time",
    },
    "BC772": {
        "rank": "requires begin, end and strides to be 1D tensors",
        "length": "requires begin, end and strides operands with less than 32 elements",
        "same": "requires begin, end and strides to have the same number of elements",
        "zero": "requires non-zero strides",
        "ellipses": "cannot have multiple ellipses",
    },
    "BC774": {
        "rank": "expected multiples to be rank 1, got rank = {rank}",
        "size": "expected size of multiples equal to rank of input, got multiples of size {size}, and input of rank "
        "{rank}",
        "ranks": "expected rank of input to equal to rank of output, got input of rank {x}, and output of rank {y}",
        "negative": "expected multiples to be non-negative, got multiples[{index}] = {value}",
        "output": "requires input.shape[{index}] ({x}) * {k} to be equal to output.shape[{index}] ({y})",
    },
    "BC775": {
        "batch": "batch_dims ({batch}) must be in range [{low}, {high})",
        "axis-rank": "requires axis to have rank at most 1",
        "axis": "axis ({axis}) must be in range [{low}, {high})",
        "axis-batch": "requires axis ({axis}) to be greater than or equal to batch_dims ({batch})",
    },
    "BC777": {
        "nhwc": "requires value operand to have rank at least two with `NHWC` data format",
        "nchw": "requires value operand to have rank at least three with `NCHW` data format",
        "bias": "requires bias operand to have rank exactly one",
        "channels": "requires channel dimension and feature dimension to match; found {feature} and {bias}, "
        "respectively",
    },
    "BC779": {
        "dims": "requires dims to be a 1D tensor",
        "value": "requires value to be a scalar",
    },
    "BC780": {
        "axis": "expected axis ({axis}) to be -1 or between [0, {rank}]",
        "axis-unranked": "expected axis ({axis}) to be -1 or between [0, rank(indices()))",
        "depth": "requires depth to be a scalar",
        "on": "requires on_value to be a scalar",
        "off": "requires off_value to be a scalar",
        "negative": "depth must be non-negative, got: {depth}",
    },
    "BC782": {
        "split-results": "tf.Split has no results",
    },
    "BC748": {
        "begin-size": "begin tensor elements size is not equal to input tensor rank",
        "size-size": "size tensor elements size is not equal to input tensor rank",
        "begin-negative": "begin[{index}] cannot be negative",
        "size-negative": "size[{index}] cannot be negative other than -1",
        "past-end": "begin[{index}] + size[{index}] cannot exceed dimension length: {size}",
    },
    "BC804": {
        "reshape-rank": "Shape tensor must have rank one",
        "perm-low": "Transpose op with too low a permute value ({p} at index {i})",
        "perm-high": "Transpose op with too high a permute value ({p} at index {i})",
        "group": "group must be strictly positive",
        "spatial": "Spatial rank must be strictly positive",
        "channel-out-groups": "Channel Out (M) must be a multiple of the number of groups",
        "input-filter-rank": "Input and filter rank mismatch",
        "channel-in-groups": "Channel In (C) must be a multiple of the number of groups",
        "channel-in": "Channel In (C) of input must be equal 2nd dim of weights times g",
        "channel-in-transpose": "Channel In (C) of input must be equal 1st dim of weights",
        "output-shape-static": "When output_shape is provided, input spatial dimensions must be static (dimension "
        "{i} is dynamic)",
        "bias-rank": "Bias should have a rank of one",
        "bias-conv": "Bias should have same dimension as first dimension of weights",
        "bias-transpose": "Bias should have same dimension as second dimension of weights times g",
        "kernel-mandatory": "kernel_shape is a mandatory attribute",
        "storage-order": "Column major storage order not implemented yet",
        "input-kernel-rank": "Input and kernel shape rank mismatch",
        "bias-dim": "Bias should have same dimension as the second dimension of input",
        "bias-element": "Bias should have same element type as input",
        "scale-rank": "Scale should have a rank of one",
        "scale-dim": "Scale should have same dimension as the second dimension of input",
        "scale-element": "Scale should have same element type as input",
        "cos-rank": "Input tensor must be a 1D tensor",
        "cos-negative": "All values of the input tensor must be >=0",
        "cos-length": "Constant value must have same length as output's rank",
        "pad-element": "Pad with constant_value that doesn't match the element type of the input.",
        "pad-axes": "Axes input is not currently supported",
        "fmod-float": "fmod must be 1 when the input type is floating point",
        "fmod-integer": "fmod must be 0 when the input type is an integer",
        "cast-to": "element type does not match the 'to' attribute",
        "cast-like": "element type does not match the 'target types' operands element type",
        "d2s-rank": "Input should have a rank of four",
        "d2s-blocksize": "Blocksize should be non negative",
        "d2s-depth": "The input tensor depth must be divisible by the (blocksize * blocksize)",
        "d2s-mode": "Mode must be DCR or CRD",
        "shape-start": "Start: {start} is after End: {end}",
        "dim-ranked": "input must have shape and rank.",
        "dim-axis": 'attribute "axis" value is {axis}, accepted range is [0, {high}].',
        "grid-align": "align_corners needs to be 0 or 1",
        "grid-mode": "mode needs to be linear, bilinear, trilinear, nearest or cubic",
        "grid-padding": "padding_mode needs to be zeros, border or reflection",
        "grid-rank": "Input(={x}) and grid(={grid}) have different dim sizes.",
        "grid-batch": "Input and grid must have the same batch value.",
        "grid-last": "Grid last dim must have been '{r}' instead of '{last}'.",
        "dq-scale": "x_scale must be a scalar or 1-D tensor",
        "dq-zero": "x_zero_point must be a scalar or 1-D tensor",
        "dq-same": "x_scale and x_zero_point must have the same shape",
        "dq-int32": "x_zero_point must be 0 for data type int32",
        "dq-axis": "x_scale and x_zero_point 1-D tensor length must match the input axis dim size",
        "dtype": "result element type {actual} does not match the dtype {expected}",
        "dtype-like": "result element type {actual} does not match the expected type {expected}",
        "if-count": "{branch} branch #results={count} differ from if #results={n}",
        "if-type": "{branch} branch disagrees on result type #{i} of {n}",
        # the ops declared last (dialects/onnx/more.py)
        "cm-input": "input must be a tensor of int64 or string",
        "cm-ints": "cats_int64 attribute must be present",
        "cm-strings": "cats_strings attribute must be present",
        "cm-size": "cats_int64 and cats_strings should have the same size",
        "cm-default-string": "'default_string' attribute is missing.",
        "cm-default-int64": "'default_int64' attribute is missing.",
        "ohe-ints": "input is a tensor of float, int32, or double, but no cats_int64s attribute",
        "ohe-strings": "input is not a tensor of float, int32, or double, but no cats_strings attribute",
        "rs-lens": "sequence_lens of ReverseSequnce should be 1D tensor",
        "rs-input": "input of Reversesequence should be 2D or higher rank tensor",
        "rs-length": "Length of sequence_lens should match the sizeof  batch axis of the input",
        "roi-x": "RoiAlign with X should be a 4D tensor",
        "roi-batch": "RoiAlign with batch_indices should be a 1D tensor",
        "nms-boxes": "boxes should have a rank of three",
        "nms-boxes-last": "The last dim of Boxes should be four",
        "nms-scores": "scores should have a rank of three",
        "nms-max": "max_output_boxex_per_class should have a rank of zero or one",
        "nms-score": "score_threshold should have a rank of zero or one",
        "nms-iou": "iou_threshold should have a rank of zero or one",
        "att-past": "past_key and past_value must be both present or both absent",
        "att-present": "present_key and present_value must be both present or both absent",
        "att-softcap": "softcap must be non-negative",
        "fused-yield": "body must terminate with onnx.Yield",
        "fused-yield-count": "yield operand count ({yields}) must match result count ({results})",
        "fused-arguments": "body block argument count ({arguments}) must match inputs count ({inputs})",
        "fused-argument-type": "body block argument {i} type {argument} does not match input type {input}",
        "lp-p": "attribute 'p' must be 1 or 2, got {p}",
        "uap-rank": "strides dimensions ({k}) cannot exceed input rank ({rank})",
        "uap-stride": "stride[{i}] = {stride} must be positive",
        "uap-pads": "pads size ({size}) must be exactly 2 * strides size ({expected})",
    },
    "BC805": {
        "filter-zero": "Bad spatial filter size: cannot be zero",
        "kernel-length": "kernel_shape length incompatible with spatial dimensions",
        "kernel-positive": "Bad kernel_shape value: must be strictly positive",
        "kernel-filter": "Bad kernel_shape value: does not match filter sizes",
        "strides-length": "strides length incompatible with spatial dimensions",
        "strides-positive": "Bad stride value: must be strictly positive",
        "dilations-length": "dilations length incompatible with spatial dimensions",
        "dilations-positive": "Bad dilation value: must be strictly positive",
        "auto-pad": "Unknown auto pad option",
        "pads-length": "pads length incompatible with spatial dimensions",
        "pads-negative": "Bad pad value: must be nonnegative",
        "pads-notset": "Bad pad value: nonzero pad value only allowed with NOTSET option",
        "output-shape-length": "output shape length incompatible with spatial dimensions",
        "range-rank": "{which} tensor must have rank zero or one",
        "range-size": "{which} tensor of rank one must have size one",
        "range-type": "{which} tensor type is not int or float",
        "range-same": "all inputs must have the exact same input type",
        "resize-absent": "scales() and sizes() cannot both be absent",
        "resize-both": "scales() and sizes() cannot both be defined",
        "slope": "Slope tensor has a wrong shape",
        # the ops declared last (dialects/onnx/more.py)
        "optional": "Optional should have either type attribute or input value",
        "optional-get": "OptionalGetElement input should have optional type",
        "optional-has": "OptionalHasElement input should have optional type",
        "st-symbols": "Does not support affine_map with symbols",
        "st-dynamic": "Does not support input with dynamic shape",
        "st-elements": "The number of elements in the input and output mismatched",
        "upsample-rank": "Scales tensor must be rank 1",
        "upsample-shape": "Input tensor rank doesn't match scales tensor shape",
        "im2col-kernel": "kernel_shape attribute is required and must not be empty",
        "im2col-kernel-positive": "Kernel shape values must be positive",
        "im2col-rank": "Im2Col input must have rank >= 3",
        "im2col-spatial": "Input rank must equal kernel_shape size + 2",
        "im2col-dilations": "Dilations size must match spatial rank",
        "im2col-dilation": "Dilation values must be >= 1",
        "im2col-strides": "Strides size must match spatial rank",
        "im2col-stride": "Stride values must be >= 1",
        "im2col-auto-pad": "auto_pad must be NOTSET, SAME_UPPER, SAME_LOWER, or VALID",
        "im2col-pads": "Pads size must be 2 * spatial rank",
        "im2col-pad": "Pad values must be non-negative",
    },
    "BC808": {
        "syntax": "invalid equation syntax",
        "inputs": "number of equation inputs {count} != number of actual inputs {actual}",
        "output-repeated": "subscript {x} appears multiple times in the output",
        "output-missing": "output subscript {x} doesn't appear in inputs",
        "element": "different input element types",
        "rank": "number of equation input parameter subscripts {letters} != input type rank {rank}",
        "rank-exceeds": "number of equation input parameter subscripts {letters} exceeds input type rank {rank}",
        "ellipsis-max": "ellipsis rank exceeds maximum of 10",
        "ellipsis-disagree": "inputs disagree on ellipsis rank, {a} vs {b}",
        "same-input": "subscript '{s}' has axes with different dim sizes {d0}, {d} in the same input",
        "conflict": "subscript '{s}' has conflicting dim sizes {d0}, {d}",
        "output-ellipsis": "output needs ellipsis because inputs have non-empty ellipsis with rank {rank}",
    },
    # BC1300-BC1349: tf and tfl
    "BC1300": {
        "rank": "requires 1D type for result",
        "size": "requires dimension size of result to match rank of operand",
        "element": "requires int32 or int64 return type for result",
    },
    "BC1301": {
        "block-rank": "requires rank of block_shape = 1; got {rank}",
        "paddings-rank": "requires rank of paddings = 2; got {rank}",
        "paddings-2": "requires paddings.shape[1] to be 2; got {size}",
        "block-paddings": "requires block_shape.shape[0] must equal paddings.shape[0]",
        "input-rank": "requires rank of input >= 1 + rank of block",
        "block-values": "requires all values of block_shape to be >= 1; failed for dimension {i}",
        "paddings-values": "requires all values of paddings to be >= 0; failed for dimension {i}",
        "divides": (
            "requires block_shape[i] divides input_shape[i + 1] + paddings[i, 0] + paddings[i, 1]; failed for i={i}"
        ),
    },
    "BC1302": {
        "crops": "crops should have shape [{m}, 2] instead of {shape}",
    },
    "BC1303": {
        "rank": "dimensions can only be 0D or 1D tensor",
        "range": "{i}-th dimension should be in the range of [-{rank}, {rank})",
    },
    "BC1304": {
        "results": "number of operands does not match number of results ({n} != {m})",
        "arguments": (
            "number of arguments in condition function does not match number of arguments in body function ({n} != {m})"
        ),
        "argument-type": "condition function's argument type does not match body function's argument type ({a} != {b})",
    },
    "BC1305": {
        "subtype": "must have exactly one subtype in the result variant type",
        "element-shape": "requires element_shape operand to be 0D/1D tensor",
        "num-elements": "requires num_elements operand to be 0D tensor",
    },
    "BC1306": {
        "bound": "requires {operand} to be a 0d float tensor",
        "bits": "requires num_bits to be between 2 and 16, inclusive",
    },
    "BC1307": {
        "branch": "expects {branch} ({symbol}) to point to a defined function",
        "loop": "{function} refers to an undefined function : {symbol}",
    },
    # dyn: StableHLO's triangular_solve and cholesky (dialects/stablehlo/solve.py)
    "BC1257": {
        "a_rank": "operand 'a' must have rank >= 2, but got {a}",
        "a_minor": "two minor dimensions of operand 'a' must be compatible, but got {a}",
        "ranks": "operands must have equal rank, but got {a} and {b}",
        "shared": "shared dimension of operands 'a' and 'b' must be compatible, but got {a} and {b}",
        "batch": "batch dimensions of the operands must be compatible, but got {a} and {b}",
        "transpose": "Invalid transpose option value for triangular solve",
    },
    "BC1258": {
        "rank": "argument 'a' must have rank >= 2, got shape {shape}.",
        "minor": "minor dimensions of 'a' must have equal size, got shape {shape}.",
    },
    "BC1363": {
        "minor-stride": "most minor memref dim must have unit stride",
        "lower-rank-load": "destination memref has lower rank than the result vector",
        "lower-rank-store": "source memref has lower rank than the vector to store",
        "vector-memref": "base memref and {what} vector types should match",
        "element": "base and {what} element type should match",
        "element-load": "base and result element types should match",
        "indices": "requires {n} indices",
        "shape-mask": "expected {what} shape to match mask shape",
        "dim-indices": "expected {what} dim to match indices dim",
        "dim-mask": "expected {what} dim to match mask dim",
        "pass-thru": "expected pass_thru of same type as result type",
        "type-cast-layout": "expects operand to be a memref with identity layout",
    },
    "BC1364": {
        "create-0d": "must specify exactly one operand for 0-D create_mask",
        "create-dims": "must specify an operand for each result vector dimension",
        "constant-rank": "must specify array attr of size equal vector result rank",
        "constant-bounds": "array attr of size out of bounds of vector result dimension size",
        "constant-scalable": "only supports 'none set' or 'all set' scalable dimensions",
        "constant-zeros": "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim",
    },
    "BC1365": {
        "length": "array attr must have length 1 for 0-D vectors",
        "size": "mask dim size must be either 0 or 1 for 0-D vectors",
    },
    "BC1366": {
        "rank": "rank mismatch",
        "dims": "dimension mismatch",
        "length": "invalid mask length",
        "length-mismatch": "mask length mismatch",
        "index": "mask index #{n} out of range",
    },
    "BC1368": {
        "offsets": "expected offsets of same size as destination vector rank",
        "strides": "expected strides of same size as source vector rank",
        "rank": "expected source rank to be no greater than destination rank",
        "scalable": "mismatching scalable flags (at source vector idx={i})",
    },
}


VALUES: Mapping[str, str] = {
    "argument": "<block argument> of type '{type}' at index: {index}",
    "operand": "#{index} of type '{type}'",
}
"""How a message names an operand's value (a ``ValueRef`` argument), as MLIR's ``Value::print``
does: a block argument by its type and its index among its block's arguments. An op's result
``Value::print`` prints as its defining op, numbering every value of the function the way MLIR's
printer would (``%arg0``, ``%0``, ... counted over the whole function, nested regions after their
parent's values) in the op's printed form: broadcheck writes the defining statement as the file
has it instead (exact where the file is MLIR's own printout), and, where it cannot (a statement
over several lines, with regions, a value it does not know), ``operand``: the operand's number."""


def value(kind: str, **args: object) -> str:
    """How a message names a value: ``kind`` is a key of :data:`VALUES`."""
    return VALUES[kind].format(**args)


def detail(code: str, name: str, **args: object) -> dict[str, object]:
    """The arguments of a "{detail}" rule's message: the sentence ``name`` of ``code``, filled in."""
    return {"detail": DETAILS[code][name].format(**args)}


def note(key: str, **args: object) -> str:
    """The text of a note or help line."""
    return NOTES[key].format(**args)


GATHER_DIMS: Mapping[str, str] = {
    "empty": "must be non-empty",
    "overflow": "overflow {operand} rank",
    "length": "length must match the size of last dimension of indices",
    "negative": "value must be non-negative",
    "range": "value must be smaller than {operand} rank",
    "order": "values must be strictly increasing",
}
"""The ways BC649 (gather-dims) words what is wrong with gather_dims or scatter_dims."""
