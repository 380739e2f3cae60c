"""Shared helpers: run the CLI in-process and read its (exit code, stdout, stderr)."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

from broadcheck.cli import cli

# Hypothesis fails an example that takes longer than its deadline (200 ms by default): a
# wall-clock assertion, which a loaded machine trips (test_infer_command_agrees_with_numpy did).
# No deadline anywhere; a hang still ends at pytest-timeout.
settings.register_profile("broadcheck", deadline=None)
settings.load_profile("broadcheck")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


Invoke = Callable[..., Run]


def invoke(*args: str, stdin: str | bytes | None = None, env: dict[str, str] | None = None) -> Run:
    """Run ``broadcheck ARGS`` in-process, as a user would from the shell."""
    result = CliRunner().invoke(cli, list(args), input=stdin, env=env, catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)


@pytest.fixture
def run() -> Invoke:
    return invoke


def _checksums(*roots: Path) -> dict[str, str]:
    import hashlib

    return {
        str(path): hashlib.sha256(path.read_bytes()).hexdigest()
        for root in roots
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture(autouse=True)
def _a_cache_of_its_own(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's runs keep their result cache in a directory of the test's own (the cache is
    on, as for a user, but never carries a result from one test into another, nor writes into
    the checkout). Tests of the cache's own location unset the variable."""
    monkeypatch.setenv("BROADCHECK_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))  # the cache key's home
    monkeypatch.delenv("BROADCHECK_NO_CACHE", raising=False)


# What the shell around the suite may export and broadcheck's output reads: a width, colour
# switches, CI's format choice. Each test starts without them and sets the ones it is about.
# COLUMNS and LINES are there more often than they look: GNU readline (imported by pytest's
# capture at start-up) puts the terminal's size into the C environment, which a subprocess inherits
# and an xdist worker then has in os.environ (it made the golden outputs cut lines at 80).
OUTPUT_ENVIRONMENT = (
    "COLUMNS",
    "LINES",
    "FORCE_COLOR",
    "NO_COLOR",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
    "GITHUB_ACTIONS",
    "CI",
    "BROADCHECK_DEBUG",
)


@pytest.fixture(autouse=True)
def _an_environment_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test sees the terminal's width, colour switches or CI variables of whoever runs it."""
    for name in OUTPUT_ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


# A shell that starts a job in the background (`make test &`, a CI step run by a non-interactive
# shell) hands it SIGINT ignored, and an ignored signal stays ignored in every child: Python then
# installs no KeyboardInterrupt handler and the Ctrl-C tests would see a process that shrugs off
# SIGINT. The suite's children start as from a terminal: SIGINT at its default.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session", autouse=True)
def _nothing_written_into_checked_trees() -> Iterator[None]:
    """broadcheck never writes into the paths it checks: the fixture and example trees are
    byte-identical (and no file appears or goes) before and after the whole suite."""
    before = _checksums(FIXTURES, EXAMPLES)
    yield
    assert _checksums(FIXTURES, EXAMPLES) == before, "a test run changed files under tests/fixtures or examples"


def _oracle_count(items: Iterable[object]) -> int:
    """How many of ``items`` are oracle tests."""
    return sum(1 for item in items if isinstance(item, pytest.Item) and item.get_closest_marker("oracle"))


# Under pytest-xdist (`make test`) the workers collect and deselect, not the process that prints
# the summary: each worker sends its count back in its workeroutput.
_WORKERS_ORACLE_DESELECTED: list[int] = []


def pytest_deselected(items: list[pytest.Item]) -> None:
    """In an xdist worker, keep the count of deselected oracle tests for the controller."""
    if items and hasattr(items[0].config, "workeroutput"):
        output = items[0].config.workeroutput
        output["oracle_deselected"] = output.get("oracle_deselected", 0) + _oracle_count(items)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """In the xdist controller, a finished worker's count of deselected oracle tests."""
    _WORKERS_ORACLE_DESELECTED.append(getattr(node, "workeroutput", {}).get("oracle_deselected", 0))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say what the deselected tests are and how to run them, beside pytest's count."""
    oracle = _oracle_count(terminalreporter.stats.get("deselected", [])) or max(_WORKERS_ORACLE_DESELECTED, default=0)
    if not oracle:
        return
    terminalreporter.write_line(
        f"{oracle} deselected: the oracle tests, which compare broadcheck with the real verifiers "
        "(IREE's MLIR, jaxlib's MHLO, ONNX's shape inference, TensorFlow); they download those tools, "
        "so `make test` leaves them out. Run them with `make oracle` and `make oracle-tf`."
    )
