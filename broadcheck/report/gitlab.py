"""``--output-format gitlab``: a GitLab Code Quality report (``artifacts:reports:codequality``).

A JSON array with one object per diagnostic, as GitLab documents the format (a subset of
the Code Climate spec): ``description``, ``check_name`` (the code), ``fingerprint`` (stable
across runs while the line's text is unchanged, as SARIF's), ``severity`` (``major`` for an
error, ``minor`` for a warning, ``info`` for a note) and ``location`` with the path relative
to the repository's root and ``positions`` (1-based lines and columns; ``end`` is one past the
last character, as everywhere in broadcheck). A path that could not be read or checked is one
``blocker`` issue at line 1, so a merge request never shows a clean report for a run that
could not look at a file.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from broadcheck.report import json_text
from broadcheck.report.sarif import repository_root

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.inputs import InputError

_SEVERITY = {"error": "major", "warning": "minor", "note": "info"}


def relative(path: str, root: Path) -> str:
    """``path`` relative to the repository's ``root`` (as given when it is outside it)."""
    absolute = Path(path).absolute()
    try:
        return absolute.relative_to(root).as_posix()
    except ValueError:
        return Path(path).as_posix()


def _fingerprint(d: Diagnostic, line_text: str, seen: Counter[str]) -> str:
    key = f"{d.code}\0{d.path}\0{d.message}\0{' '.join(line_text.split())}"
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass"))
    seen[digest.hexdigest()] += 1
    count = seen[digest.hexdigest()]
    return digest.hexdigest() if count == 1 else hashlib.sha256(f"{digest.hexdigest()}:{count}".encode()).hexdigest()


def issues(results: Sequence[Result], root: Path, unread: Sequence[InputError] = ()) -> list[dict[str, Any]]:
    """The report's issues."""
    seen: Counter[str] = Counter()
    out: list[dict[str, Any]] = []
    for bad in unread:
        where = relative(bad.path, root)
        out.append(
            {
                "type": "issue",
                "check_name": "broadcheck",
                "description": bad.describe(where),
                "categories": ["Bug Risk"],
                "severity": "blocker",
                "fingerprint": hashlib.sha256(f"unread\0{where}".encode("utf-8", "surrogatepass")).hexdigest(),
                "location": {"path": where, "lines": {"begin": 1}},
            }
        )
    for result in results:
        for d in result.diagnostics:
            notes = "".join(f"\n{n.kind}: {n.message}" for n in d.notes)
            out.append(
                {
                    "type": "issue",
                    "check_name": d.code,
                    "description": f"{d.message}{notes}",
                    "categories": ["Bug Risk"],
                    "severity": _SEVERITY.get(d.severity, "major"),
                    "fingerprint": _fingerprint(d, result.lines.get(d.line, ""), seen),
                    "location": {
                        "path": relative(d.path, root),
                        "positions": {
                            "begin": {"line": d.line, "column": d.column},
                            "end": {"line": d.end_line, "column": d.end_column},
                        },
                    },
                }
            )
    return out


def render(results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = ()) -> None:
    """The report, as indented JSON."""
    text = json.dumps(issues(results, repository_root(Path.cwd()), unread), indent=2, ensure_ascii=False)
    out.write(json_text(text) + "\n")
