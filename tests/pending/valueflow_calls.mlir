// RUN: broadcheck check --profile llvm --split-input-file --verify-diagnostics %s
//
// Pending (see README.md here): every annotation is iree-opt 3.13's own output, and
// iree-opt --split-input-file --verify-diagnostics passes the file
// (tests/oracle/test_valueflow_campaign.py holds it to that).
//
// Calls, returns, and the ops whose custom form states their operands' types: a use's
// written type against the value's definition (the parser), a call against its callee's
// func.func signature and a return against its function's (the verifiers).

// Valid: calls to a function defined earlier, later, to itself and to a private
// declaration, with several results, spelled `call` or `func.call` (inside a region,
// where func is not the default dialect, only `func.call`).
func.func private @decl(tensor<?x3xf32>, i32) -> (tensor<?x3xf32>, f32)
func.func @callee(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @caller(%c: i1, %a: tensor<4xf32>, %d: tensor<?x3xf32>, %i: i32) -> tensor<4xf32> {
  %0 = call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @later(%0, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2:2 = call @decl(%d, %i) : (tensor<?x3xf32>, i32) -> (tensor<?x3xf32>, f32)
  %3 = scf.if %c -> (tensor<4xf32>) {
    %4 = func.call @caller(%c, %1, %2#0, %i) : (i1, tensor<4xf32>, tensor<?x3xf32>, i32) -> tensor<4xf32>
    scf.yield %4 : tensor<4xf32>
  } else {
    scf.yield %1 : tensor<4xf32>
  }
  return %3 : tensor<4xf32>
}
func.func @later(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  return %b : tensor<4xf32>
}

// -----

// A call's result type against the callee's: the fix of a function's result type
// must reach its call sites.
func.func @f(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = tosa.add %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
func.func @g(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x1xf32> {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'tensor<3x1xf32>'}}
  // expected-note @+1 {{callee result types: 'tensor<3x4xf32>'}}
  %0 = func.call @f(%a, %b) : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func private @f(tensor<4xf32>) -> (tensor<4xf32>, f32)
func.func @result_of_a_declaration(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+3 {{'func.call' op result type mismatch at index 1}}
  // expected-note @+2 {{op result types: 'tensor<4xf32>', 'f64'}}
  // expected-note @+1 {{callee result types: 'tensor<4xf32>', 'f32'}}
  %0:2 = call @f(%a) : (tensor<4xf32>) -> (tensor<4xf32>, f64)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @result_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'func.call' op incorrect number of results for callee: expected 1, but got 2}}
  %0:2 = func.call @f(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

// An operand's type against the callee's argument type: no implicit cast from static
// to dynamic dims.
func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
func.func @operand_type(%a: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'tensor<?xf32>', but provided 'tensor<4xf32>' for operand number 0}}
  %0 = func.call @f(%a) : (tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func private @f(tensor<4xf32>) -> tensor<4xf32>
func.func @operand_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee: expected 1, but got 2}}
  %0 = call @f(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The type written for a call operand is the operand's own type (the parser).
func.func private @f(tensor<5xf32>) -> tensor<4xf32>
// expected-note @+1 {{prior use here}}
func.func @operand_written_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<5xf32>' vs 'tensor<4xf32>'}}
  %0 = call @f(%a) : (tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @undefined_symbol(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'func.call' op 'missing' does not reference a valid function}}
  %0 = call @missing(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Calls are checked after every op of the module verifies: with a wrong return in the
// module, the wrong call is not reported.
func.func @f(%a: f32) -> f64 {
  // expected-error @+1 {{type of return operand 0 ('f32') doesn't match function result type ('f64') in function @f}}
  return %a : f32
}
func.func @g(%a: f32) -> f32 {
  %0 = call @f(%a) : (f32) -> f32
  return %0 : f32
}

// -----

// And only the first wrong call of a module is.
func.func private @f(f32) -> f64
func.func @g(%a: f32) -> f32 {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'f32'}}
  // expected-note @+1 {{callee result types: 'f64'}}
  %0 = call @f(%a) : (f32) -> f32
  %1 = call @f(%a) : (f32) -> f16
  return %0 : f32
}

// -----

func.func @return_type(%a: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{type of return operand 0 ('tensor<4xf32>') doesn't match function result type ('tensor<?xf32>') in function @return_type}}
  return %a : tensor<4xf32>
}

// -----

func.func @return_count(%a: f32) -> (f32, f32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 2}}
  func.return %a : f32
}

// -----

// expected-note @+1 {{prior use here}}
func.func @return_written_type(%a: f32) -> f32 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f64' vs 'f32'}}
  return %a : f64
}

// -----

// The `A to B` forms state their operand's type as A.
// expected-note @+1 {{prior use here}}
func.func @tensor_cast(%a: tensor<3x1x16xbf16>) -> tensor<?x?x?xbf16> {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<12x1x16xbf16>' vs 'tensor<3x1x16xbf16>'}}
  %0 = tensor.cast %a : tensor<12x1x16xbf16> to tensor<?x?x?xbf16>
  return %0 : tensor<?x?x?xbf16>
}

// -----

// ... and their result's type as B, which the uses must agree with.
func.func @tensor_cast_result(%a: tensor<3x1x16xbf16>) -> tensor<?x?x?xbf16> {
  // expected-note @+1 {{prior use here}}
  %0 = tensor.cast %a : tensor<3x1x16xbf16> to tensor<3x?x?xbf16>
  // expected-error @+1 {{use of value '%0' expects different type than prior uses: 'tensor<?x?x?xbf16>' vs 'tensor<3x?x?xbf16>'}}
  return %0 : tensor<?x?x?xbf16>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @extf(%a: f16) -> f64 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'f16'}}
  %0 = arith.extf %a : f32 to f64
  return %0 : f64
}

// -----

// expected-note @+1 {{prior use here}}
func.func @index_cast(%a: index) -> i32 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'index'}}
  %0 = arith.index_cast %a : i64 to i32
  return %0 : i32
}

// -----

// expected-note @+1 {{prior use here}}
func.func @shape_cast(%a: vector<4x4xf32>) -> vector<16xf32> {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'vector<2x8xf32>' vs 'vector<4x4xf32>'}}
  %0 = vector.shape_cast %a : vector<2x8xf32> to vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @bitcast(%a: f32) -> i32 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f64' vs 'f32'}}
  %0 = arith.bitcast %a : f64 to i32
  return %0 : i32
}

// -----

// One trailing type for every operand (and the result).
// expected-note @+1 {{prior use here}}
func.func @addf(%a: f32, %b: f32) -> f32 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f64' vs 'f32'}}
  %0 = arith.addf %a, %b : f64
  return %0 : f32
}

// -----

// expected-note @+1 {{prior use here}}
func.func @absf(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<?xf32>' vs 'tensor<4xf32>'}}
  %0 = math.absf %a : tensor<?xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sqrt(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{prior use here}}
  %0 = math.absf %a : tensor<4xf32>
  // expected-error @+1 {{use of value '%0' expects different type than prior uses: 'tensor<5xf32>' vs 'tensor<4xf32>'}}
  %1 = math.sqrt %0 : tensor<5xf32>
  return %1 : tensor<4xf32>
}

// -----

// cmpf's result is an i1 of the operands' shape, not the trailing type.
func.func @cmpf(%a: f32, %b: f32) -> f32 {
  // expected-note @+1 {{prior use here}}
  %0 = arith.cmpf oeq, %a, %b : f32
  // expected-error @+1 {{use of value '%0' expects different type than prior uses: 'f32' vs 'i1'}}
  %1 = arith.addf %0, %a : f32
  return %1 : f32
}

// -----

// select: the trailing type is its two values'; the condition is an i1.
// expected-note @+1 {{prior use here}}
func.func @select(%c: i1, %a: tensor<4xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'tensor<4xf32>' vs 'tensor<?xf32>'}}
  %0 = arith.select %c, %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @select_condition(%c: i32, %a: f32) -> f32 {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  %0 = arith.select %c, %a, %a : f32
  return %0 : f32
}

// -----

// expected-note @+1 {{prior use here}}
func.func @dim(%a: tensor<?x3xf32>) -> index {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<?x4xf32>' vs 'tensor<?x3xf32>'}}
  %0 = tensor.dim %a, %c0 : tensor<?x4xf32>
  return %0 : index
}

// -----

// tensor.dim's index is an index, though no type is written for it.
func.func @dim_index(%a: tensor<?x3xf32>) -> index {
  // expected-note @+1 {{prior use here}}
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{use of value '%c0' expects different type than prior uses: 'index' vs 'i32'}}
  %0 = tensor.dim %a, %c0 : tensor<?x3xf32>
  return %0 : index
}

// -----

// expected-note @+1 {{prior use here}}
func.func @yield_written_type(%c: i1, %a: f32) -> f32 {
  %0 = scf.if %c -> (f32) {
    // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f64' vs 'f32'}}
    scf.yield %a : f64
  } else {
    scf.yield %a : f32
  }
  return %0 : f32
}

// -----

// scf.yield against its scf.if's result types: the region branch verifier, at the
// scf.if, with a note at the yield.
func.func @yield_type(%c: i1, %a: f32, %b: f64) -> f32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to Operation scf.if: successor operand type #0 'f64' should match successor input type #0 'f32'}}
  %0 = scf.if %c -> (f32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %b : f64
  } else {
    scf.yield %a : f32
  }
  return %0 : f32
}

// -----

func.func @yield_count(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to Operation scf.if: region branch point has 2 operands, but region successor needs 1 inputs}}
  %0 = scf.if %c -> (f32) {
    // expected-note @+1 {{region branch point}}
    scf.yield %a, %a : f32, f32
  } else {
    scf.yield %a : f32
  }
  return %0 : f32
}
