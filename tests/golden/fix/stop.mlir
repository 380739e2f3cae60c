// No fix where the new type would reach an op whose result broadcheck cannot make follow:
// tf.EnsureShape is checked from its type constraints alone (TensorFlow's verifier relates none of
// its types; its shape is asserted when the graph runs), a call's operand would change its callee's arguments, and scf.yield's
// the scf.if's result types (iree-opt: successor operand type #0 'tensor<8x5xf32>' should match
// successor input type #0 'tensor<8x1xf32>'); a statement on several lines is not rewritten, so the
// use there would keep the old type. --fix leaves the file as it is.
func.func @relu(%a: tensor<8x1xf32>, %b: tensor<1x5xf32>) -> tensor<8x1xf32> {
  %2 = "tf.AddV2"(%a, %b) : (tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
  %3 = "tf.EnsureShape"(%2) {shape = #tf_type.shape<8x1>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
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
func.func @yield(%c: i1, %a: tensor<8x1xf32>, %b: tensor<1x5xf32>) -> tensor<8x1xf32> {
  %r = scf.if %c -> (tensor<8x1xf32>) {
    %0 = tosa.add %a, %b : (tensor<8x1xf32>, tensor<1x5xf32>) -> tensor<8x1xf32>
    scf.yield %0 : tensor<8x1xf32>
  } else {
    scf.yield %a : tensor<8x1xf32>
  }
  return %a : tensor<8x1xf32>
}
func.func @lines(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>
  %1 = tosa.add %0, %b :
         (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}
