// A problem of each kind broadcheck reports, under the default (spec) profile.
// `broadcheck rules` lists every code; the dialect fixtures in tests/fixtures/
// have the dialects' own (TOSA, StableHLO, TensorFlow, ...).

// The ops below stand outside any function, as snippets do, each checked on its own
// (mlir-opt reads the file as one module: it would also say their operands are defined
// nowhere). The function at the end shows what following values through a function finds.

// BC001: the `>` of the second operand type is missing.
%syntax = "tf.AddV2"(%s, %t) : (tensor<4xf32>, tensor<4xf32) -> tensor<4xf32>

// BC101: 4 and 3 do not broadcast.
%operands = tosa.add %s, %t : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>

// BC102: the operands broadcast to 8x7x6x5.
%result = "tf.AddV2"(%x, %y) : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x1xf32>

// BC103: the result has one dimension too many.
%rank = "test.broadcastable"(%s, %s) : (tensor<4xf32>, tensor<4xf32>) -> tensor<1x4xf32>

// BC104: only `?` can be inferred, but the result claims 4.
%dynamic = "test.broadcastable"(%d, %d) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>

// BC106: no operands at all.
%nothing = "test.broadcastable"() : () -> tensor<4xf32>

// BC107: two results.
%two:2 = "test.broadcastable"(%u, %s) : (tensor<i1>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)

// BC110 (a warning): tfl.add's own verifier accepts a static result where only `?` is
// inferred; the Broadcastable document does not.
%lint = "tfl.add"(%d, %d) {fused_activation_function = "NONE"} : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>

// BC109 (--profile llvm): test.broadcastable takes tensors only in MLIR's test
// dialect; the spec profile follows the document, where vectors broadcast too.
%vector = "test.broadcastable"(%s, %s) : (tensor<4xf32>, tensor<4xf32>) -> vector<4xf32>

// BC201: TOSA wants equal ranks.
%ranks = tosa.sub %m, %s : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>

// BC203: a unary TOSA op keeps its operand's shape.
%shape = tosa.abs %s : (tensor<4xf32>) -> tensor<1x4xf32>

// BC202: extra leading result dims pass the C++ trait, not TOSA's rank rule.
%result_rank = tosa.add %m, %m : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>

// BC105: vectors and tensors do not mix in the trait's C++ verifier; seen on an op
// you check with the trait alone: --op 'mydialect.*=mlir' --profile llvm.
%mixed = "mydialect.add"(%v, %s) : (vector<4xf32>, tensor<4xf32>) -> tensor<4xf32>

// BC701: TFLite's type constraints come first: tfl.add takes tensors only.
%vector_add = "tfl.add"(%v, %v) {fused_activation_function = "NONE"} : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>

// BC011-BC015: a value's type from its definition to its uses, as mlir-opt's parser
// and func.return's verifier check it.
func.func @values(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  // BC011: %a is a tensor<4xf32>, not a tensor<1xf32>.
  %0 = tosa.add %a, %b : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
  // BC014: %c is defined nowhere.
  %1 = tosa.add %a, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // BC015: %1 is defined twice.
  %1 = tosa.sub %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // BC012: the function returns a tensor<3xf32>.
  return %1 : tensor<4xf32>
}

func.func @two_results(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // BC013: one operand for two results.
  return %a : tensor<4xf32>
}
