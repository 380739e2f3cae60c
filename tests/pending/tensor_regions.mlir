// RUN: broadcheck check --split-input-file --verify-diagnostics %s
//
// tensor.pad and tensor.generate: the checks of their bodies (verifyRegions), which need the
// engine's view of an op's regions (Operation.regions). Annotations are iree-base-compiler
// 3.13's; the checks are written (dialects/tensor/checks.py) and pass once regions reach them.

func.func @pad_arguments(%t: tensor<6x4xf32>, %f: f32) {
  // expected-error @+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %t low[1, 2] high[3, 4] {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<6x4xf32> to tensor<10x10xf32>
  return
}

// -----

func.func @pad_index(%t: tensor<6x4xf32>, %f: f32) {
  // expected-error @+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %0 = tensor.pad %t low[1, 2] high[3, 4] {
  ^bb0(%a: index, %b: i32):
    tensor.yield %f : f32
  } : tensor<6x4xf32> to tensor<10x10xf32>
  return
}

// -----

func.func @pad_yield(%t: tensor<6x4xf32>, %f: f32) {
  // expected-error @+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1, 2] high[3, 4] {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<6x4xf32> to tensor<10x10xf16>
  return
}

// -----

func.func @generate_arguments(%i: index, %f: f32) {
  // expected-error @+1 {{must have one body argument per input dimension}}
  %0 = tensor.generate %i {
  ^bb0(%a: index):
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @generate_index(%i: index, %f: f32) {
  // expected-error @+1 {{all body arguments must be index}}
  %0 = tensor.generate %i {
  ^bb0(%a: index, %b: i32):
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  return
}

// -----

func.func @generate_yield(%i: index, %f: f32) {
  // expected-error @+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %0 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    tensor.yield %f : f32
  } : tensor<?x3xf16>
  return
}
