"""Compiled regular expressions and annotations kept between runs (broadcheck.recache): the
same pattern objects ``re.compile`` makes (and code objects ``compile`` makes), no pattern
parsed (nor annotation compiled) again once kept, nothing kept where bytecode
would not be written. Each case runs in a child process, since the hook is process-wide."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from broadcheck import recache
from tests.waits import HANG

# Named groups, inline and given flags, look-arounds, possessive and lazy repeats, classes,
# non-ASCII text, a back reference: what the readers' patterns use, and then some.
PATTERNS = [
    (r"(?P<result>%_ = )?(?P<custom>[A-Za-z_][\w$]*+\.[\w$.]+)", 0),
    (r"(?i)tensor<(?P<dims>(?:(?:[0-9]+|\?)x)*)(?P<element>[A-Za-z_]\w*)>", 0),
    (r"^\s*//\s*expected-(error|warning|note)\s*(@[+-]?\d+)?\s*\{\{(.*?)\}\}", 8),  # re.M
    (r"(?<=dense<)\[[^\]]*+\](?=>)", 0),
    (r"(\w+)\s+\1", 0),
    (r"[^\s\"()\[\]{}<>,:=/\-]++|>=", 0),
    (r"caf\u00e9|na\u00efve", 2),  # re.I
    (r"a.b", 16),  # re.S
]

CHILD = """
import re, sys
import collections, dataclasses  # (recache.install imports them: their own patterns are not the test's)
from re import _compiler, _parser
from broadcheck import recache

patterns = eval(sys.argv[2])
original = _compiler.compile
parsed = []
_parse = _parser.parse
_parser.parse = lambda p, flags=0: (parsed.append(p), _parse(p, flags))[1]
recache.install(sys.argv[1])
made = [_compiler.compile(p, f) for p, f in patterns]
_parser.parse = _parse
assert made == [original(p, f) for p, f in patterns]  # equal: same text, flags and code
assert [m.groupindex for m in made] == [original(p, f).groupindex for p, f in patterns]

import builtins, typing
compiled = []
builtins_compile = builtins.compile
builtins.compile = lambda *a: (compiled.append(a[0]), builtins_compile(*a))[1]
class Row(typing.NamedTuple):  # the annotations are strings, as under `from __future__ import annotations`
    span: "tuple[int, int] | None"
    text: "str"
builtins.compile = builtins_compile
assert [Row.__annotations__[n].__forward_code__ for n in ("span", "text")] == [
    compile(t, "<string>", "eval") for t in ("tuple[int, int] | None", "str")
]
recache.save()
# (the named tuple's __new__ is a text compiled and kept too: test_the_code_..._is_kept)
print(len(parsed) + len([c for c in compiled if c in ("tuple[int, int] | None", "str")]))
"""


def run_child(script: str, path: Path, *, write: bool = True) -> str:
    """Run ``script`` in a fresh process with the kept file ``path`` and PATTERNS (its two
    arguments), bytecode written or not; what it printed."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", script, str(path), repr(PATTERNS)],
        capture_output=True,
        text=True,
        timeout=HANG,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def child(path: Path, *, write: bool = True) -> int:
    """Compile PATTERNS and a named tuple's two annotations in a fresh process with the kept
    file ``path``; how many patterns it parsed and annotations it compiled."""
    return int(run_child(CHILD, path, write=write))


pytestmark = pytest.mark.skipif(sys.version_info[:2] not in recache.VERSIONS, reason="not kept on this Python")


def test_a_kept_pattern_is_not_parsed_again_and_is_the_same_object(tmp_path: Path) -> None:
    kept = tmp_path / "patterns.marshal"
    assert child(kept) == len(PATTERNS) + 2  # cold: every pattern parsed, then kept
    assert kept.exists()
    assert child(kept) == 0  # warm: none parsed, and (in the child) equal to re's own


def test_nothing_is_kept_where_bytecode_would_not_be_written(tmp_path: Path) -> None:
    kept = tmp_path / "patterns.marshal"
    assert child(kept, write=False) == len(PATTERNS) + 2
    assert not kept.exists()


@pytest.mark.parametrize("content", [b"", b"not marshal", b"\xe9\x00\x00", None])
def test_a_file_not_ours_is_passed_over(tmp_path: Path, content: bytes | None) -> None:
    kept = tmp_path / "patterns.marshal"
    if content is None:  # another interpreter's: the same layout, another header
        import marshal

        content = marshal.dumps((("broadcheck patterns", 1, "2.7", 0, 4), {(PATTERNS[0]): (0, [1], 0, {}, ())}))
    kept.write_bytes(content)
    assert child(kept) == len(PATTERNS) + 2
    assert child(kept) == 0  # and written over with this interpreter's


def test_a_file_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the directory would go\n")
    assert child(blocked / "patterns.marshal") == len(PATTERNS) + 2


@pytest.mark.parametrize("section", ["first", "second"])
def test_a_damaged_entry_is_compiled_as_always(tmp_path: Path, section: str) -> None:
    # The right header, a pattern's entry with code _sre rejects: no traceback, the pattern is
    # compiled as always (and equal to re's: the child checks), and the file written again.
    kept = tmp_path / "patterns.marshal"
    used = {PATTERNS[0]} if section == "first" else set()
    kept.write_bytes(
        recache.dump(recache.header(), (used, set(), set()), ({PATTERNS[0]: (0, [99999, 1, 2], 0, {}, ())}, {}, {}))
    )
    assert child(kept) == len(PATTERNS) + 2
    assert child(kept) == 0


SECTIONS_CHILD = """
import collections, dataclasses, sys
from re import _compiler, _parser
from broadcheck import recache

patterns = eval(sys.argv[2])
parsed = []
_parse = _parser.parse
_parser.parse = lambda p, flags=0: (parsed.append(p), _parse(p, flags))[1]
recache.install(sys.argv[1])
counts = [len(recache._table)]
_compiler.compile(*patterns[0])  # in the first section
counts.append(len(recache._table))
_compiler.compile(*patterns[3])  # in the second
counts.append(len(recache._table))
recache.save()
print(counts, len(parsed))
"""


def test_a_start_reads_what_the_latest_run_used_and_the_rest_on_a_miss(tmp_path: Path) -> None:
    # Counts work: a file that kept hundreds of patterns (a test suite's, an install that checked
    # many kinds of files) costs a start only the entries the latest run used; the first miss
    # reads the rest, and that run writes its own use first.
    import marshal

    many = [*PATTERNS, *((f"word{i}_(\\d+)", 0) for i in range(300))]
    table = {key: recache.made_entry(*key) for key in many}
    kept = tmp_path / "patterns.marshal"
    kept.write_bytes(recache.dump(recache.header(), (set(PATTERNS[:2]), set(), set()), (table, {}, {})))
    out = run_child(SECTIONS_CHILD, kept)
    assert out.split() == ["[2,", "2,", f"{len(many)}]", "0"]  # two read; all after the miss; none parsed
    data = kept.read_bytes()
    size = int.from_bytes(data[:4], "little")
    first, second = marshal.loads(data[4 : 4 + size]), marshal.loads(data[4 + size :])
    assert set(first[1]) == {PATTERNS[0], PATTERNS[3]}  # what this run used, first
    assert set(first[1]) | set(second[0]) == set(many)  # and the rest kept


CODE_CHILD = """
import builtins, collections, dataclasses, sys
from broadcheck import recache

recache.install(sys.argv[1])
compiled = []
builtins_compile = builtins.compile
builtins.compile = lambda *a: (compiled.append(a[0]), builtins_compile(*a))[1]

@dataclasses.dataclass(frozen=True)
class Pair:
    left: int
    right: "str" = "b"

Row = collections.namedtuple("Row", "start end")
builtins.compile = builtins_compile
# the methods behave as the built-in exec and eval make them, with no __future__ flag of
# recache's (its annotations would be strings)
assert Pair.__init__.__annotations__ == {"left": int, "right": "str", "return": None}
assert (repr(Pair(1)), Pair(1) == Pair(1, "b"), hash(Pair(2)) == hash(Pair(2, "b"))) == ("Pair(left=1, right='b')", True, True)
assert (Row(1, 2), Row(start=3, end=4).end, Row.__new__.__name__) == ((1, 2), 4, "__new__")
recache.save()
print(len(compiled))
"""


def test_the_code_dataclasses_and_namedtuple_write_is_kept(tmp_path: Path) -> None:
    # Counts work: a dataclass's methods and a named tuple's __new__ are texts the standard
    # library compiles at each start; the program keeps their code as it keeps patterns.
    kept = tmp_path / "patterns.marshal"
    counts = [int(run_child(CODE_CHILD, kept)) for _ in ("cold", "warm")]
    assert counts[0] >= 4 and counts[1] == 0, counts  # (__init__, __repr__, __eq__, __hash__..., __new__)
