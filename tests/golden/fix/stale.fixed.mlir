// A function whose first op has a stale result type: every type that followed
// from it is stale too. Comments, odd   spacing and CRLF line endings stay.
func.func @stale(%a: tensor<8x1x6x1xf32>,   %b: tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32> {
  %0 = "tf.AddV2"(%a, %b)   {z = 1, a = "2"} : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>  // stale
  %1 = tosa.abs %0 : (tensor<8x7x6x5xf32>) -> tensor<8x7x6x5xf32>
  %2 = "test.op"(%1) : (tensor<8x7x6x5xf32>) -> tensor<8x7x6x5xf32>
  %3 = tosa.add %1,   %1 : (tensor<8x7x6x5xf32>, tensor<8x7x6x5xf32>) -> tensor<8x7x6x5xf32>
  return %3 : tensor<8x7x6x5xf32>
}

// Fixing this one would change the signature of @unsafe: only with --unsafe-fixes.
func.func @unsafe(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x1xf32> {
  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// No fix: the operands do not broadcast.
func.func @no_fix(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
