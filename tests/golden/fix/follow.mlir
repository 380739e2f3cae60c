// The fix of %0's result type follows it through the ops that must agree with it: tf.Identity
// (checked), and tf.Cast, whose result takes the new shape and keeps its element type.
// TensorFlow's verifier accepts follow.fixed.mlir (tests/oracle/test_fix_verified.py).
func.func @follow(%a: tensor<8x1xf32>, %b: tensor<1x5xf32>) -> tensor<8x1xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
  %1 = "tf.Identity"(%0) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  %2 = "tf.Cast"(%1) : (tensor<8x1xf32>) -> tensor<8x1xi32>
  %3 = "tf.Neg"(%a) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  func.return %3 : tensor<8x1xf32>
}
