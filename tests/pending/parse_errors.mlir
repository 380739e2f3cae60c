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
