// RUN: broadcheck check --profile llvm --split-input-file --verify-diagnostics %s
//
// What MLIR's parser rejects before any verifier runs, and the one verifier check an op name gets:
// unknown op names, unbalanced braces, malformed types, and the custom (pretty) forms of the ops
// broadcheck checks. Every annotation is the first error `iree-opt --split-input-file
// --verify-diagnostics` (iree-base-compiler 3.13.0) gives; it accepts this file with and without
// `--allow-unregistered-dialect`. Only the first parse error of a chunk is reported: parsing stops
// there, and the verifiers never run. A parse error that MLIR reports with "expected ..." for the
// token it found sits just after the previous token, skipping blank and `//` comment lines, so an
// error at the end of a line belongs to that line, not to the next one.
// broadcheck/dialects/opnames/README.md tables each message with its column.

// -----

// ===== unknown op names

// A name without a dialect is tried in the enclosing op's default dialect (func in a func.func).
func.func @no_dialect(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  %0 = frobnicate %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// An op of a dialect the tool does not have, in the custom form: the same with
// --allow-unregistered-dialect (the generic form needs that flag, and then verifies).
func.func @custom_unregistered_dialect(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{Dialect `foo' not found for custom op 'foo.bar'}}
  // expected-note @+1 {{Available dialects: affine, amdgpu, arith,}}
  %0 = foo.bar %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// ===== unbalanced braces

func.func @extra_brace_same_line(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
// expected-error @+1 {{expected operation name in quotes}}
} }

// -----

// ===== malformed types

// expected-error @+1 {{expected '>' in tensor type}}
func.func @argument_missing_angle(%a: tensor<3xf32,
                                  %b: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
}

// -----

func.func @unknown_element_type(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected non-function type}}
  %0 = tosa.add %a, %b : (tensor<3xfoo>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dimension_too_large(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{invalid dimension}}
  %0 = tosa.add %a, %b : (tensor<99999999999999999999xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// ===== vector.broadcast

// A missing keyword is reported at the next token, here on the next line.
func.func @broadcast_missing_to(%a: vector<4xf32>) -> vector<2x4xf32> {
  %0 = vector.broadcast %a : vector<4xf32>
  // expected-error @+1 {{custom op 'vector.broadcast' expected 'to'}}
  return %0 : vector<2x4xf32>
}

// -----

// ===== linalg.broadcast

func.func @linalg_missing_dimensions(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.broadcast ins(%a : tensor<3xf32>) outs(%b : tensor<2x3xf32>)
  // expected-error @+1 {{custom op 'linalg.broadcast' expected 'dimensions'}}
  return %0 : tensor<2x3xf32>
}

// -----

func.func @linalg_two_inputs_one_type(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{custom op 'linalg.broadcast' number of operands and types do not match: got 2 operands and 1 types}}
  %0 = linalg.broadcast ins(%a, %a : tensor<3xf32>) outs(%b : tensor<2x3xf32>) dimensions = [0]
  return %0 : tensor<2x3xf32>
}

// -----

// ===== StableHLO's custom forms

func.func @complex_scalar_type(%a: tensor<1xf64>) {
  // expected-error @+1 {{custom op 'stablehlo.complex' expected tensor with complex element type}}
  %0 = stablehlo.complex %a, %a : complex<f64>
  return
}

// -----

// A bad enum value gives two errors on the line.
func.func @compare_bad_direction(%a: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error @+2 {{custom op 'stablehlo.compare' expected ::mlir::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error @+1 {{custom op 'stablehlo.compare' failed to parse StableHLO_ComparisonDirectionAttr parameter 'value' which is to be a `::mlir::stablehlo::ComparisonDirection`}}
  %0 = stablehlo.compare XX, %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @compare_bad_type(%a: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error @+2 {{custom op 'stablehlo.compare' expected ::mlir::stablehlo::ComparisonType to be one of: NOTYPE, FLOAT, TOTALORDER, SIGNED, UNSIGNED}}
  // expected-error @+1 {{custom op 'stablehlo.compare' failed to parse StableHLO_ComparisonTypeAttr parameter 'value' which is to be a `::mlir::stablehlo::ComparisonType`}}
  %0 = stablehlo.compare LT, %a, %a, BOGUS : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @broadcast_in_dim_unclosed_dims(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expected ']'}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1 : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// ===== TOSA's custom form and the generic form

func.func @tosa_missing_result_type(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected '->' in function type}}
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>)
  return %a : tensor<3xf32>
}

// -----

func.func @tosa_missing_comma(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected ':'}}
  %0 = tosa.add %a %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @tosa_empty_attribute(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected attribute value}}
  %0 = tosa.add %a, %b {foo = } : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A word after a complete op starts the next op.
func.func @trailing_word(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'extra' is unknown (tried 'func.extra' as well)}}
  %0 = tosa.abs %a : (tensor<3xf32>) -> tensor<3xf32> extra
  return %0 : tensor<3xf32>
}

// -----

func.func @generic_missing_arrow(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected '->' in function type}}
  %0 = "tosa.add"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @generic_too_few_operand_types(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected 2 operand types but had 1}}
  %0 = "tosa.add"(%a, %b) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @generic_not_a_function_type(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected function type}}
  %0 = "tosa.add"(%a, %b) : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @generic_unclosed_operands(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected ')' to end operand list}}
  %0 = "tosa.add"(%a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @generic_two_results_bound_to_one(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = "tosa.add"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0 : tensor<3xf32>
}
