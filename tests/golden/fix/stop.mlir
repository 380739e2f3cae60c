// No fix where the new type would reach an op whose result broadcheck cannot make follow:
// tf.Relu is verified by TensorFlow (its result must have its operand's shape) but not checked
// here, and a call's operand would change its callee's arguments. --fix leaves the file as it is.
func.func @relu(%a: tensor<8x1xf32>, %b: tensor<1x5xf32>) -> tensor<8x1xf32> {
  %2 = "tf.AddV2"(%a, %b) : (tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
  %3 = "tf.Relu"(%2) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  %4 = "tf.Neg"(%a) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  func.return %4 : tensor<8x1xf32>
}
func.func @callee(%x: tensor<8x1xf32>) -> tensor<8x1xf32> {
  func.return %x : tensor<8x1xf32>
}
func.func @calls(%a: tensor<8x1xf32>, %b: tensor<1x5xf32>) -> tensor<8x1xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
  %1 = func.call @callee(%0) : (tensor<8x1xf32>) -> tensor<8x1xf32>
  func.return %a : tensor<8x1xf32>
}
