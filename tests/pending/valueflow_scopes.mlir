// RUN: broadcheck check --profile llvm --split-input-file --verify-diagnostics %s
//
// Pending (see README.md here): every annotation is iree-opt 3.13's own output, and
// iree-opt --split-input-file --verify-diagnostics passes the file
// (tests/oracle/test_valueflow_campaign.py holds it to that).
//
// Scoping, exactly as MLIR's parser and verifier: an op's results are defined after its
// regions are parsed, a region's names go when it closes, sibling regions share no names,
// forward references are resolved by the next definition of the name anywhere later in
// the file (dominance and isolation are the verifier's to check).

// Valid: a region may reuse its op's result name, for a value in its body...
func.func @all_reduce(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %0 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %0 : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// ... or for a block argument.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @generic(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x3xf32>) outs(%b : tensor<?x3xf32>) {
  ^bb0(%0: f32, %1: f32):
    %2 = arith.addf %0, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// Valid: sibling regions define the same names; a name defined in a region is free again
// once the region has closed.
func.func @siblings(%c: i1, %a: f32) -> f32 {
  %0 = scf.if %c -> (f32) {
    %0 = arith.addf %a, %a : f32
    %1 = arith.mulf %0, %a : f32
    scf.yield %1 : f32
  } else {
    %0 = arith.subf %a, %a : f32
    %1 = arith.mulf %0, %0 : f32
    scf.yield %1 : f32
  }
  %1 = arith.addf %0, %a : f32
  return %1 : f32
}

// -----

// Valid: the module's body is a graph region: a use may come before its definition.
%g1 = arith.addf %g0, %g0 : f32
%g0 = arith.constant 1.0 : f32

// -----

func.func @undeclared(%a: f32) -> f32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = arith.addf %a, %zz : f32
  return %0 : f32
}

// -----

func.func @redefinition(%a: f32) -> f32 {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.addf %a, %a : f32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.mulf %a, %a : f32
  return %0 : f32
}

// -----

func.func @invalid_result_number(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  // expected-error @+1 {{reference to invalid result number}}
  return %0#1 : f32
}

// -----

// A name defined in a region, used after the region has closed.
func.func @region_escape(%c: i1, %a: f32) -> f32 {
  %0 = scf.if %c -> (f32) {
    %1 = arith.addf %a, %a : f32
    scf.yield %1 : f32
  } else {
    scf.yield %a : f32
  }
  // expected-error @+1 {{use of undeclared SSA value name}}
  %2 = arith.addf %1, %0 : f32
  return %2 : f32
}

// -----

// The names of the enclosing regions are visible inside a region: redefining one is an
// error (no shadowing), for a value and for a block argument alike.
func.func @shadowing(%c: i1, %a: f32) -> f32 {
  // expected-note @+1 {{previously defined here}}
  %0 = arith.addf %a, %a : f32
  %1 = scf.if %c -> (f32) {
    // expected-error @+1 {{redefinition of SSA value '%0'}}
    %0 = arith.mulf %a, %a : f32
    scf.yield %0 : f32
  } else {
    scf.yield %a : f32
  }
  return %1 : f32
}

// -----

#map = affine_map<(d0) -> (d0)>
// expected-note @+1 {{previously defined here}}
func.func @shadowing_block_argument(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  // expected-error @+1 {{redefinition of SSA value '%a'}}
  ^bb0(%a: f32, %x: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The op's own result, used inside its region: a forward reference the parser resolves
// to the result, which then does not dominate the use.
func.func @own_result(%c: i1, %a: f32) -> f32 {
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %0 = scf.if %c -> (f32) {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    scf.yield %0 : f32
  } else {
    scf.yield %a : f32
  }
  return %0 : f32
}

// -----

// A forward reference in a block (an SSACFG region): the parser accepts it, the
// verifier's dominance check does not.
func.func @forward_reference(%a: f32) -> f32 {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %0 = arith.addf %1, %a : f32
  // expected-note @+1 {{operand defined here (op in the same block)}}
  %1 = arith.addf %a, %a : f32
  return %0 : f32
}

// -----

// A forward reference whose definition has another type: the parser, at the definition.
func.func @forward_reference_type(%a: f32, %h: f16) -> f32 {
  // expected-note @+1 {{previously used here with type 'f32'}}
  %0 = arith.addf %1, %a : f32
  // expected-error @+1 {{definition of SSA value '%1#0' has type 'f64'}}
  %1 = arith.extf %h : f16 to f64
  return %0 : f32
}

// -----

// The same in the module's graph region.
// expected-note @+1 {{previously used here with type 'f32'}}
%g1 = arith.addf %g0, %g0 : f32
// expected-error @+1 {{definition of SSA value '%g0#0' has type 'f64'}}
%g0 = arith.constant 1.0 : f64

// -----

// A name defined only in the other branch: a forward reference when the use comes first
// (resolved, then rejected by dominance)...
func.func @sibling_forward(%c: i1, %a: f32) -> f32 {
  %0 = scf.if %c -> (f32) {
    // expected-error @+1 {{operand #1 does not dominate this use}}
    %1 = arith.addf %a, %7 : f32
    scf.yield %1 : f32
  } else {
    // expected-note @+1 {{operand defined here (op is neither in a parent nor in a child region)}}
    %7 = arith.addf %a, %a : f32
    scf.yield %7 : f32
  }
  return %0 : f32
}

// -----

// ... and undeclared when the definition came first (its region has closed).
func.func @sibling_backward(%c: i1, %a: f32) -> f32 {
  %0 = scf.if %c -> (f32) {
    %7 = arith.addf %a, %a : f32
    scf.yield %7 : f32
  } else {
    // expected-error @+1 {{use of undeclared SSA value name}}
    %1 = arith.addf %a, %7 : f32
    scf.yield %1 : f32
  }
  return %0 : f32
}

// -----

// A module-level value used in a function: the parser resolves it, the verifier rejects
// it (func.func is isolated from above).
%g0 = arith.constant 1.0 : f32
// expected-note @+1 {{required by region isolation constraints}}
func.func @isolated(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.addf' op using value defined outside the region}}
  %0 = arith.addf %g0, %a : f32
  return %0 : f32
}

// -----

// A name defined only in a later function: the forward reference resolves to it, and
// isolation rejects that.
// expected-note @+1 {{required by region isolation constraints}}
func.func @first(%a: f32) -> f32 {
  // expected-error @+1 {{'arith.addf' op using value defined outside the region}}
  %0 = arith.addf %a, %5 : f32
  return %0 : f32
}
func.func @second(%a: f32) -> f32 {
  %5 = arith.addf %a, %a : f32
  return %5 : f32
}

// -----

// A forward reference to a name that a later function takes as an argument.
func.func @first(%arg0: f32) -> f32 {
  // expected-note @+1 {{previously referenced here}}
  %0 = arith.addf %arg0, %arg1 : f32
  return %0 : f32
}
// expected-error @+1 {{region entry argument '%arg1' is already in use}}
func.func @second(%arg0: f32, %arg1: f32) -> f32 {
  return %arg1 : f32
}

// -----

// An undeclared name is reported at the end of the file (when no later definition can
// come): a parse error in a later function comes first, and is the only one.
func.func @first(%a: f32) -> f32 {
  %0 = arith.addf %a, %zz : f32
  return %0 : f32
}
// expected-note @+1 {{prior use here}}
func.func @second(%a: f32) -> f32 {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'f64' vs 'f32'}}
  %0 = arith.addf %a, %a : f64
  return %a : f32
}

// -----

// Several undeclared names: one error for each name, at its first use.
func.func @several(%a: f32) -> f32 {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = arith.addf %a, %zz : f32
  // expected-error @+1 {{use of undeclared SSA value name}}
  %1 = arith.addf %zz, %yy : f32
  return %0 : f32
}
