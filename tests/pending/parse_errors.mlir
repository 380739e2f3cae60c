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

func.func @custom_unknown_tosa(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'tosa.ad' is unknown}}
  %0 = tosa.ad %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @custom_unknown_stablehlo(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'stablehlo.ad' is unknown}}
  %0 = stablehlo.ad %a, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @custom_unknown_vector(%s: f32) -> vector<4xf32> {
  // expected-error @+1 {{custom op 'vector.brodcast' is unknown}}
  %0 = vector.brodcast %s : f32 to vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @custom_unknown_linalg(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{custom op 'linalg.brodcast' is unknown}}
  %0 = linalg.brodcast ins(%a : tensor<3xf32>) outs(%b : tensor<2x3xf32>) dimensions = [0]
  return %0 : tensor<2x3xf32>
}

// -----

func.func @custom_unknown_chlo(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'chlo.broadcast_ad' is unknown}}
  %0 = chlo.broadcast_ad %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// The generic form parses; the verifier rejects the name (at the op, as for any verifier error).
func.func @generic_unknown_tosa(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{unregistered operation 'tosa.ad' found in dialect ('tosa') that does not allow unknown operations}}
  %0 = "tosa.ad"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @generic_unknown_stablehlo(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{unregistered operation 'stablehlo.ad' found in dialect ('stablehlo') that does not allow unknown operations}}
  %0 = "stablehlo.ad"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Some dialects allow unknown operations (llvm, nvvm, rocdl, shape, spirv; TensorFlow's tf):
// their unknown ops verify in the generic form.
func.func @generic_unknown_allowed(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "llvm.no_such_op"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "shape.no_such_op"(%0) : (tensor<3xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// ... but never in the custom form.
func.func @custom_unknown_allowed(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'shape.no_such_op' is unknown}}
  %0 = shape.no_such_op %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

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

// A known op whose dialect gives it no custom form.
func.func @no_custom_form(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'stablehlo.all_gather' has no custom assembly form}}
  %0 = stablehlo.all_gather %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// An unknown generic op is a verifier error, so a later parse error in the chunk comes first
// and alone.
func.func @parse_error_before_unknown_op(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tosa.ad"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{expected '>' in tensor type}}
  %1 = tosa.abs %0 : (tensor<3xf32) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// A value used at another type than its definition is a parse error too.
func.func @value_type_before_unknown_op(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tosa.ad"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%0' expects different type than prior uses: 'tensor<4xf32>' vs 'tensor<3xf32>'}}
  %1 = tosa.abs %0 : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<3xf32>
}

// -----

// ===== unbalanced braces

// A missing final `}`: the end of the chunk (or file) is reported at the end of its last line of
// code, after any trailing comment lines are skipped.
func.func @missing_final_brace(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = tosa.abs %a : (tensor<3xf32>) -> tensor<3xf32>
  // expected-error @+1 {{expected operation name in quotes}}
  return %0 : tensor<3xf32>  // the comment is skipped: the error sits before it

// -----

// A missing `}` before another function: the next function is read inside the first, and the
// end of the chunk is reached inside it.
func.func @missing_inner_brace(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>

func.func @next(%b: tensor<3xf32>) -> tensor<3xf32> {
  return %b : tensor<3xf32>
// expected-error @+1 {{expected operation name in quotes}}
}

// -----

// The same with the same argument name: the inner function's argument redefines it.
func.func @missing_brace_same_names(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-note @-1 {{previously referenced here}}
  return %a : tensor<3xf32>

// expected-error @+1 {{region entry argument '%a' is already in use}}
func.func @again(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
}

// -----

// An extra `}` on its own line is reported at the end of the line before it.
func.func @extra_brace(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
// expected-error @+1 {{expected operation name in quotes}}
}
}

// -----

func.func @extra_brace_same_line(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32>
// expected-error @+1 {{expected operation name in quotes}}
} }

// -----

// expected-error @+4 {{expected operation name in quotes}}
module {
  func.func @unclosed_module(%a: tensor<3xf32>) -> tensor<3xf32> {
    return %a : tensor<3xf32>
  }

// -----

// ===== malformed types

// A tensor type missing its `>` at the end of a line: reported on that line, after the element type.
func.func @missing_angle_at_end_of_line(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected '>' in tensor type}}
  %0 = tosa.abs %a : (tensor<3xf32>) -> tensor<3xf32
  return %0 : tensor<3xf32>
}

// -----

func.func @missing_angle_then_comments(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected '>' in tensor type}}
  %0 = tosa.abs %a : (tensor<3xf32>) -> tensor<3xf32  // a comment

  // another comment
  return %0 : tensor<3xf32>
}

// -----

// Spaces before the `)`: still just after the element type.
func.func @missing_angle_before_spaces(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected '>' in tensor type}}
  %0 = tosa.abs %a : (tensor<3xf32   ) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @vector_missing_angle(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected '>' in vector type}}
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> vector<4xf32
  return %a : tensor<3xf32>
}

// -----

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

func.func @undefined_alias(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{undefined symbol alias id 'missing'}}
  %0 = tosa.add %a, %b : (!missing, tensor<3xf32>) -> tensor<3xf32>
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

func.func @broadcast_to_scalar(%a: f32) -> f32 {
  // expected-error @+1 {{custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %0 = vector.broadcast %a : f32 to f32
  return %0 : f32
}

// -----

func.func @broadcast_to_tensor(%a: vector<4xf32>) -> vector<2x4xf32> {
  // expected-error @+1 {{custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'tensor<2x4xf32>'}}
  %0 = vector.broadcast %a : vector<4xf32> to tensor<2x4xf32>
  return %0 : vector<2x4xf32>
}

// -----

// A missing keyword is reported at the next token, here on the next line.
func.func @broadcast_missing_to(%a: vector<4xf32>) -> vector<2x4xf32> {
  %0 = vector.broadcast %a : vector<4xf32>
  // expected-error @+1 {{custom op 'vector.broadcast' expected 'to'}}
  return %0 : vector<2x4xf32>
}

// -----

func.func @broadcast_into(%a: vector<4xf32>) -> vector<2x4xf32> {
  // expected-error @+1 {{custom op 'vector.broadcast' expected 'to'}}
  %0 = vector.broadcast %a : vector<4xf32> into vector<2x4xf32>
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

func.func @unary_two_operand_types(%a: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{custom op 'stablehlo.abs' 1 operands present, but expected 2}}
  %0 = stablehlo.abs %a : (tensor<2xf64>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @binary_three_operand_types(%a: tensor<2xf64>, %b: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{custom op 'stablehlo.add' 2 operands present, but expected 3}}
  %0 = stablehlo.add %a, %b : (tensor<2xf64>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @binary_two_results(%a: tensor<2xf64>, %b: tensor<2xf64>) -> tensor<2xf64> {
  // expected-error @+1 {{custom op 'stablehlo.add' expected single output}}
  %0 = stablehlo.add %a, %b : (tensor<2xf64>, tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf32>)
  return %0 : tensor<2xf64>
}

// -----

func.func @binary_one_operand(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = stablehlo.add %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// After the single trailing type the op is complete: `, ...` starts the next op.
func.func @binary_type_list(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = stablehlo.add %a, %a : tensor<3xf32>, tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @convert_arrow_without_parentheses(%a: tensor<3xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{expected operation name in quotes}}
  %0 = stablehlo.convert %a : tensor<3xf32> -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @value_as_type(%a: tensor<1xf64>) -> tensor<1xf64> {
  // expected-error @+1 {{expected non-function type}}
  %0 = stablehlo.abs %a : %a
  return %0 : tensor<1xf64>
}

// -----

func.func @complex_value_as_type(%a: tensor<1xf64>) -> tensor<1xf64> {
  // expected-error @+1 {{expected non-function type}}
  %0 = stablehlo.complex %a, %a : %a
  return %a : tensor<1xf64>
}

// -----

func.func @complex_scalar_type(%a: tensor<1xf64>) {
  // expected-error @+1 {{custom op 'stablehlo.complex' expected tensor with complex element type}}
  %0 = stablehlo.complex %a, %a : complex<f64>
  return
}

// -----

func.func @complex_real_type(%a: tensor<1xf64>) {
  // expected-error @+1 {{custom op 'stablehlo.complex' expected tensor with complex element type}}
  %0 = stablehlo.complex %a, %a : tensor<1xf64>
  return
}

// -----

func.func @select_one_type(%p: tensor<2x3xi1>, %a: tensor<2x3xi32>) {
  // expected-error @+1 {{custom op 'stablehlo.select' expected functional type or list of two types}}
  %0 = stablehlo.select %p, %a, %a : tensor<2x3xi1>
  return
}

// -----

func.func @select_three_types(%p: tensor<2x3xi1>, %a: tensor<2x3xi32>) {
  // expected-error @+1 {{custom op 'stablehlo.select' expected functional type or list of two types}}
  %0 = stablehlo.select %p, %a, %a : tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>
  return
}

// -----

func.func @clamp_two_operands(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = stablehlo.clamp %a, %a : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
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

func.func @broadcast_in_dim_single_type(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{custom op 'stablehlo.broadcast_in_dim' invalid kind of type specified: expected builtin.function, but found 'tensor<3xf32>'}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : tensor<3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_without_dims(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{custom op 'stablehlo.broadcast_in_dim' expected 'dims'}}
  %0 = stablehlo.broadcast_in_dim %a, [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// reduce_precision's format is a bare word e<exponent bits>m<mantissa bits>.
func.func @reduce_precision_string(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.reduce_precision' expected valid keyword}}
  %0 = stablehlo.reduce_precision %a, format = "e2m2" : tensor<3x4xf32>
  return
}

// -----

func.func @reduce_precision_no_e_m(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.reduce_precision' expected exponent mantissa in format e#m#, saw z4f2}}
  %0 = stablehlo.reduce_precision %a, format = z4f2 : tensor<3x4xf32>
  return
}

// -----

func.func @reduce_precision_m_before_e(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.reduce_precision' expected exponent mantissa in format e#m#, saw m2e2}}
  %0 = stablehlo.reduce_precision %a, format = m2e2 : tensor<3x4xf32>
  return
}

// -----

func.func @reduce_precision_no_exponent(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.reduce_precision' expected exponent mantissa in format e#m#, saw em2}}
  %0 = stablehlo.reduce_precision %a, format = em2 : tensor<3x4xf32>
  return
}

// -----

func.func @reduce_precision_exponent_overflow(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.reduce_precision' unable to parse exponent '2147483648'}}
  %0 = stablehlo.reduce_precision %a, format = e2147483648m1 : tensor<3x4xf32>
  return
}

// -----

func.func @reduce_precision_mantissa_overflow(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.reduce_precision' unable to parse mantissa '2147483648'}}
  %0 = stablehlo.reduce_precision %a, format = e1m2147483648 : tensor<3x4xf32>
  return
}

// -----

// ===== CHLO's custom forms

func.func @chlo_one_operand_type(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected ','}}
  %0 = chlo.broadcast_add %a, %a : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @chlo_single_type(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expected '('}}
  %0 = chlo.broadcast_add %a, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// ===== TOSA's custom form and the generic form

func.func @tosa_one_type_for_two_operands(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'tosa.add' number of operands and types do not match: got 2 operands and 1 types}}
  %0 = tosa.add %a, %b : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @tosa_two_types_for_three_operands(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'tosa.add' number of operands and types do not match: got 3 operands and 2 types}}
  %0 = tosa.add %a, %b, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @tosa_single_type(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{custom op 'tosa.add' invalid kind of type specified: expected builtin.function, but found 'tensor<3xf32>'}}
  %0 = tosa.add %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

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

func.func @tosa_undeclared_operand(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = tosa.add %a, %c : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
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

// Result counts are checked where the results are named (column 3 here).
func.func @two_results_bound_to_one(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{operation defines 2 results but was provided 1 to bind}}
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0 : tensor<3xf32>
}

// -----

func.func @one_result_bound_to_two(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %0, %1 = tosa.add %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
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
