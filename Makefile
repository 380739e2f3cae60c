# broadcheck: the two commands a newcomer needs are `make demo` and `make test`.
# Each creates the virtual environment (.venv) on first use.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint unit docs index ods oracle oracle-tf oracle-torch fuzz bench exports coverage upstream clean lsp compiled compiled-test

RUNTIME := $(VENV)/.runtime

# The runtime alone (click, lark, rich): all that `make demo` needs.
$(RUNTIME): pyproject.toml
	@echo '==> creating $(VENV) with $(PYTHON)'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo '==> installing broadcheck and its runtime (click, lark, rich)'
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	@touch $(RUNTIME)

# The test tools on top (pytest, hypothesis, numpy, onnx, ruff, mypy, pre-commit, ...).
$(STAMP): $(RUNTIME)
	@echo '==> installing the test tools (the [test] extra)'
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

# Run broadcheck on examples/. The examples hold real mistakes, so broadcheck
# exits 1 on some of them; the demo fails only on exit 2 (a usage or internal error).
demo: $(RUNTIME)
	@echo '$$ broadcheck check examples/valid/'
	@$(BIN)/broadcheck check examples/valid/
	@echo
	@echo '$$ broadcheck check examples/'
	@$(BIN)/broadcheck check examples/ || test $$? -eq 1
	@echo
	@echo '$$ broadcheck check --output-format concise examples/'
	@$(BIN)/broadcheck check --output-format concise examples/ || test $$? -eq 1
	@echo
	@echo "$$ broadcheck infer 'tensor<8x1x6x1xi32>' 'tensor<7x1x5xi32>'"
	@$(BIN)/broadcheck infer 'tensor<8x1x6x1xi32>' 'tensor<7x1x5xi32>'

# The language server needs nothing beyond the runtime (its JSON-RPC is the standard
# library's): `make lsp` is `make demo`'s install, kept for the commands that name it.
lsp: $(RUNTIME)
	@echo '==> broadcheck server is ready: $(BIN)/broadcheck server'

lint: $(STAMP)
	$(BIN)/ruff check broadcheck tests bench docs hatch_build.py
	$(BIN)/ruff format --check broadcheck tests bench docs hatch_build.py
	$(BIN)/mypy

# On every core (pytest-xdist); a plain `pytest` runs in one process, as for a debugger.
unit: $(STAMP)
	$(BIN)/python -m pytest -n auto

test: lint unit

# docs/codes.md and docs/ops.md, from the message catalogue and the op table (a test checks them).
docs: $(RUNTIME) index
	$(BIN)/python docs/generate.py

# The generated tables (a test checks each): broadcheck/dialects/index.py, which part of a dialect
# declared in parts declares each op; broadcheck/syntax/kept_patterns.py, the compiled code of every
# `lazy` pattern for this interpreter (after adding or changing a pattern).
index: $(RUNTIME)
	$(BIN)/python -m broadcheck.dialects.make_index
	$(BIN)/python -m broadcheck.syntax.keep_patterns

# Regenerate the op tables from the dialects' TableGen'erated ODS declarations
# (broadcheck/dialects/ods/*.json) out of tensorflow-cpu 2.21's include directory
# (ODS_INCLUDE); then `make docs`.
ODS_INCLUDE ?= $(TF_VENV)/lib/python3.11/site-packages/tensorflow/include
# ONNX-MLIR's type constraints (broadcheck/dialects/onnx/constraints.json) come from its own ODS, read
# at the HEAD of an onnx-mlir clone (ONNX_MLIR; `make $(ONNX_MLIR)` clones it).
ONNX_MLIR ?= .onnx-mlir
# TOSA's op table (broadcheck/dialects/tosa/ods.json) comes from the op classes mlir-tblgen wrote from its
# .td files for iree-base-compiler 3.13 (TOSA_OPS_GEN; empty: the one the environment's iree ships); its
# traits and type constraints (tosa/td.py) from TosaOps.td, TosaOpBase.td, TosaTypesBase.td and
# TosaShapeOps.td at the llvm-project commits tosa/generate.py records, downloaded into TOSA_TD.
TOSA_OPS_GEN ?=
TOSA_TD ?= .tosa-td
TOSA_TD_URL = https://raw.githubusercontent.com/llvm/llvm-project
# tfl's operands, results and traits (broadcheck/dialects/tfl/ods.json) come from LiteRT's tfl_ops.td, read
# at the commit the generator records (TensorFlow 2.21's) in a LiteRT clone (LITERT; `make $(LITERT)`).
LITERT ?= .litert
ods: $(RUNTIME) $(ONNX_MLIR) $(LITERT) $(TOSA_TD)
	$(BIN)/python -m broadcheck.dialects.ods.generate $(ODS_INCLUDE)
	$(BIN)/python -m broadcheck.dialects.onnx.generate $(ONNX_MLIR)
	$(BIN)/python -m broadcheck.dialects.tosa.generate $(TOSA_OPS_GEN) --td $(TOSA_TD)
	$(BIN)/python -m broadcheck.dialects.tfl.generate $(LITERT)

# (the generator refuses a file whose SHA-256 is not the one it records)
$(TOSA_TD):
	mkdir -p $@
	$(BIN)/python -c 'from broadcheck.dialects.tosa.generate import TD_FILES, TD_PATH; \
	[print(commit, TD_PATH + "/" + name) for name, (commit, _) in TD_FILES.items()]' | \
	while read commit path; do curl -fsSL "$(TOSA_TD_URL)/$$commit/$$path" -o "$@/$${path##*/}" || exit 1; done

$(LITERT):
	git clone --quiet --filter=blob:none --no-checkout https://github.com/google-ai-edge/LiteRT $@

$(ONNX_MLIR):
	git clone --quiet --filter=blob:none --no-checkout https://github.com/onnx/onnx-mlir $@

# The compiled build (docs/performance.md): a second environment, $(MYPYC_VENV), where broadcheck is
# installed from a wheel whose hot path (hatch_build.py's COMPILED) is compiled with mypyc; it needs a
# C compiler and Python's headers. `make compiled-test` runs the tests of the outputs against it (the
# fixtures, the goldens, the engine's stages): they must pass unchanged, byte for byte.
MYPYC_VENV ?= .venv-mypyc
# Where the installed package is (from /: here, `import broadcheck` would find the sources).
MYPYC_PACKAGE = cd / && $(CURDIR)/$(MYPYC_VENV)/bin/python -c 'import broadcheck, os; print(os.path.dirname(broadcheck.__file__))'
compiled:
	@test -x $(MYPYC_VENV)/bin/python || $(PYTHON) -m venv $(MYPYC_VENV)
	@echo '==> compiling broadcheck with mypyc into $(MYPYC_VENV) (a few minutes)'
	BROADCHECK_MYPYC=1 $(MYPYC_VENV)/bin/python -m pip install --quiet --disable-pip-version-check '.[test]'
	$(MYPYC_VENV)/bin/python -m compileall -q "$$($(MYPYC_PACKAGE))"
	@cd / && $(CURDIR)/$(MYPYC_VENV)/bin/python -c 'import broadcheck.engine.scan as m; assert m.__file__.endswith(".so"), m.__file__; print("==> compiled:", m.__file__)'

# The tests run from a copy of the repository whose broadcheck/ is a link to the package installed in
# $(MYPYC_VENV) (its .py files and its compiled modules): they import their helpers as `tests.*` from
# the working directory, and the sources here would shadow the compiled modules.
# (tests/test_nesting_linear.py counts the lexer's work by replacing its functions: calls between compiled
# functions do not look them up, so its count is 0 there; it is left to the pure-Python suite.)
COMPILED_TESTS ?= tests/test_fixtures.py tests/test_render.py tests/test_fix.py tests/test_engine_stages.py \
	tests/test_statement.py tests/test_long_literals.py
compiled-test: compiled
	rm -rf build/compiled-test && mkdir -p build/compiled-test
	git ls-files -z | grep -zv '^broadcheck/' | xargs -0 cp --parents -t build/compiled-test
	ln -s "$$($(MYPYC_PACKAGE))" build/compiled-test/broadcheck
	cd build/compiled-test && $(CURDIR)/$(MYPYC_VENV)/bin/python -c 'import broadcheck.engine.scan as m; assert m.__file__.endswith(".so"), m.__file__'
	cd build/compiled-test && $(CURDIR)/$(MYPYC_VENV)/bin/python -m pytest -q -p no:cacheprovider $(COMPILED_TESTS)

# The campaigns that need TensorFlow (make oracle-tf runs them; make oracle leaves them out).
TF_ORACLE := tests/oracle/test_refine_tf.py tests/oracle/test_refine_tf_folds.py tests/oracle/test_refine_exports.py tests/oracle/test_tf_ops.py tests/oracle/test_tfl_shape_ops.py tests/oracle/test_tfl_kernels.py \
	tests/oracle/test_tf_shape_ops.py tests/oracle/test_tf_shape_functions.py \
	tests/oracle/test_tf_fix_verified.py tests/oracle/test_tf_const.py tests/oracle/test_tf_regions.py \
	tests/oracle/test_tfl_unary_new.py tests/oracle/test_tf_tail_new.py tests/oracle/test_tfl_while_new.py \
	tests/oracle/test_tf_calls_new2.py tests/oracle/test_ods_constraints.py tests/oracle/test_tf_verified_ops.py \
	tests/oracle/test_tfl_new_ops.py tests/oracle/test_tf_verify_last.py tests/oracle/test_ods_shapeless.py \
	tests/oracle/test_tfl_custom.py tests/oracle/test_tfl_table_current.py tests/oracle/test_tf_verify_b.py \
	tests/oracle/test_ods_tfc.py tests/oracle/test_tf_yield.py tests/oracle/test_tf_verify_a.py \
	tests/oracle/test_tf_verify_c.py tests/oracle/test_tf_generator_region.py \
	tests/oracle/test_stablehlo_sparse.py

# The campaigns that need torch-mlir (make oracle-torch runs them; make oracle leaves them out): upstream
# MLIR's tosa-infer-shapes and torch-mlir's TOSA printer, run by BROADCHECK_TORCH_PYTHON.
TORCH_ORACLE := tests/oracle/test_refine_tosa_infer.py tests/oracle/test_refine_torch_exports.py

# The differential tests against the real verifiers: MLIR's C++ verifiers in IREE
# (TOSA, StableHLO, CHLO, Linalg, Vector, func), MHLO's in jaxlib (and its op names), ONNX's shape inference
# (and onnxruntime where that inference is silent).
oracle: $(STAMP) $(ONNX_MLIR)
	$(BIN)/python -m pip install --quiet 'iree-base-compiler==3.13.0' 'jax==0.10.2' 'jaxlib==0.10.2' 'onnxruntime==1.32.0'
	BROADCHECK_ONNX_MLIR=$(ONNX_MLIR) $(BIN)/python -m pytest -m oracle tests/oracle -q -s $(addprefix --ignore ,$(TF_ORACLE) $(TORCH_ORACLE)) \
		--deselect tests/oracle/test_opnames.py::test_tensorflow_lists_are_the_tools \
		--deselect tests/oracle/test_ods_traits.py::test_tf_traits_agree_with_tensorflow \
		--ignore tests/oracle/test_ods_current.py \
		--deselect tests/oracle/test_export_mutations.py::test_tf_exports

# TensorFlow's own verifiers (tf, and tfl through the TFLite flatbuffer importer):
# tensorflow-cpu (1.6 GB) in an environment of its own.
TF_VENV ?= .venv-tf
oracle-tf: $(STAMP)
	test -x $(TF_VENV)/bin/python || $(PYTHON) -m venv $(TF_VENV)
	$(TF_VENV)/bin/python -m pip install --quiet 'tensorflow-cpu==2.21.0' numpy pytest hypothesis click lark rich
	PYTHONPATH=$(CURDIR) $(TF_VENV)/bin/python -m pytest -m oracle $(TF_ORACLE) \
		tests/oracle/test_opnames.py::test_tensorflow_lists_are_the_tools \
		tests/oracle/test_ods_traits.py::test_tf_traits_agree_with_tensorflow tests/oracle/test_ods_current.py \
		tests/oracle/test_export_mutations.py::test_tf_exports -q -s -p no:cacheprovider

# The benchmark against MLIR's C++ tool (iree-opt): prints one table of figures and
# ratios. Not part of `make test`; it installs iree-base-compiler (about 350 MB) into
# $(VENV), and jax for CPU (about 600 MB) into an environment of its own, $(BENCH_VENV),
# which writes real model exports (bench/exports.py; cached in bench/.data/exports,
# written again only when bench/exports.py or bench/jaxmodels.py changes).
# BENCH_ROWS=startup,exports,... runs some parts of the run (bench/run.py ROWS), each written to
# bench/.data/parts/; bench.readme takes the parts together when they are newer than a full run.
BENCH_VENV ?= .venv-bench
$(BENCH_VENV)/.installed:
	@echo '==> creating $(BENCH_VENV) with jax 0.10.2 (CPU) for the model exports'
	@test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check 'jax==0.10.2' 'jaxlib==0.10.2'
	@touch $@

bench: $(STAMP) $(BENCH_VENV)/.installed exports
	$(BIN)/python -m pip install --quiet 'iree-base-compiler==3.13.0'
	$(BENCH_VENV)/bin/python -m bench.exports
	$(BIN)/python -m compileall -q broadcheck
	$(BIN)/python -m bench.run --broadcheck $(BIN)/broadcheck $(if $(BENCH_ROWS),--rows $(BENCH_ROWS))
	$(BIN)/python -m bench.readme
	$(BIN)/python -m bench.linear

# Real exports of TensorFlow 2.21 (tf, tfl, int8 tfl), of torch-mlir (Linalg, TOSA, StableHLO) and of
# JAX 0.10.2 (StableHLO/CHLO, static and symbolic shapes: bench/jaxexports.py), each framework in an
# environment of its own (tensorflow-cpu about 1.6 GB; torch 2.13 for CPU and torch-mlir; jax in
# $(BENCH_VENV)); cached in bench/.data/exports-{tf,torch,jax}, written again when their script changes.
# `make coverage` prints what broadcheck checks of each file (and fails on any error: they are valid IR).
TF_BENCH_VENV ?= .venv-bench-tf
TORCH_BENCH_VENV ?= .venv-bench-torch
$(TF_BENCH_VENV)/.installed:
	@echo '==> creating $(TF_BENCH_VENV) with tensorflow-cpu 2.21 for the TensorFlow exports'
	@test -x $(TF_BENCH_VENV)/bin/python || $(PYTHON) -m venv $(TF_BENCH_VENV)
	@$(TF_BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check 'tensorflow-cpu==2.21.0' numpy
	@touch $@
$(TORCH_BENCH_VENV)/.installed:
	@echo '==> creating $(TORCH_BENCH_VENV) with torch and torch-mlir for the PyTorch exports'
	@test -x $(TORCH_BENCH_VENV)/bin/python || $(PYTHON) -m venv $(TORCH_BENCH_VENV)
	@$(TORCH_BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check 'torch==2.13.0' 'torch-mlir==20261001'
	@touch $@

exports: $(TF_BENCH_VENV)/.installed $(TORCH_BENCH_VENV)/.installed $(BENCH_VENV)/.installed
	PYTHONPATH=$(CURDIR) $(TF_BENCH_VENV)/bin/python -m bench.tfexports
	PYTHONPATH=$(CURDIR) $(TORCH_BENCH_VENV)/bin/python -m bench.torchexports
	PYTHONPATH=$(CURDIR) $(BENCH_VENV)/bin/python -m bench.jaxexports

# refine against upstream MLIR's tosa-infer-shapes (torch-mlir's Python bindings, in $(TORCH_BENCH_VENV)),
# and the torch-mlir exports refined at batch 1, 8 and 64; iree-opt 3.13 verifies broadcheck's outputs.
oracle-torch: $(STAMP) $(TORCH_BENCH_VENV)/.installed
	$(BIN)/python -m pip install --quiet 'iree-base-compiler==3.13.0'
	BROADCHECK_TORCH_PYTHON=$(CURDIR)/$(TORCH_BENCH_VENV)/bin/python $(BIN)/python -m pytest -m oracle $(TORCH_ORACLE) -q -s

coverage: $(RUNTIME) exports
	$(BIN)/python -m bench.coverage --broadcheck $(BIN)/broadcheck

# `make upstream UPSTREAM='dir ...'` checks upstream test files (llvm-project mlir/test/Dialect/*,
# StableHLO, ...; kept outside the repository) as their RUN lines say; IREE_OPT=path/to/iree-opt
# also runs the real tool, so that chunks it fails too (version skew) are counted apart.
UPSTREAM ?=
IREE_OPT ?=
upstream: $(STAMP)
	@test -n "$(UPSTREAM)" || { echo "usage: make upstream UPSTREAM='dir ...' [IREE_OPT=iree-opt]"; exit 2; }
	$(BIN)/python -m bench.upstream --broadcheck $(BIN)/broadcheck $(if $(IREE_OPT),--oracle $(IREE_OPT)) $(UPSTREAM)

# The long fuzz campaign (the suite runs a short one): a million inputs by default,
# every output format, on every core; FUZZ_INPUTS and FUZZ_SECONDS bound it. Then the outer
# layer's scenarios (walks over FIFOs and devices, odd names, signals and edits during --fix)
# for FUZZ_OUTER_SECONDS; then the language server's soak (10,000 edits of a 2 MB document).
# FUZZ_SEEDS_FROM='dir ...' adds pieces of the real exports there (`make exports`: bench/.data).
FUZZ_INPUTS ?= 1000000
FUZZ_SECONDS ?= 3600
FUZZ_OUTER_SECONDS ?= 600
FUZZ_SEEDS_FROM ?=
fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz_campaign --inputs $(FUZZ_INPUTS) --seconds $(FUZZ_SECONDS) \
		--outer-seconds $(FUZZ_OUTER_SECONDS) $(foreach d,$(FUZZ_SEEDS_FROM),--seeds-from $(d))
	$(BIN)/python -m tests.fuzz_server

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .broadcheck_cache
