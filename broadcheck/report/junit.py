"""``--output-format junit``: JUnit XML, which CI systems (GitLab, Jenkins, Azure) show as tests.

``<testsuites name="broadcheck">`` holds one ``<testsuite>`` per file checked (its path as
the name); each problem is a ``<testcase>`` named ``CODE at LINE:COLUMN`` with the path as
its ``classname``: an error has a ``<failure>`` (its message, and the location, notes and
fix in the text), a warning passes with the text in ``<system-out>`` (a warning does not
fail a run). A file without problems is one passing test case. A path that could not be
read or checked is a test case with an ``<error>``. Text from the input is escaped
(:func:`broadcheck.report.shown`), so the document is well-formed XML 1.0 whatever a file
name or message holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO
from xml.sax.saxutils import escape, quoteattr

from broadcheck.report import shown

if TYPE_CHECKING:
    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.inputs import InputError

_NOT_XML = re.compile("[\ufffe\uffff]")
"""What XML 1.0 forbids besides what :func:`shown` escapes."""


def _text(value: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\u{{{ord(m.group()):04x}}}", shown(value))


def _attribute(value: str) -> str:
    return quoteattr(_text(value))


def _details(d: Diagnostic) -> str:
    lines = [f"{d.path}:{d.line}:{d.column}: {d.severity}: {d.message} [{d.code}]"]
    lines += [f"{n.kind}: {n.message}" for n in d.notes]
    if d.fix is not None:
        lines.append(f"fix{'' if d.fix.safe else ' (unsafe)'}: {d.fix.message}")
    return "\n".join(_text(line) for line in lines)


def render(results: Sequence[Result], out: TextIO, unread: Sequence[InputError] = ()) -> None:
    """The JUnit XML document."""
    suites: list[str] = []
    total = failures = errors = 0
    for bad in unread:
        total += 1
        errors += 1
        message = bad.describe()
        suites.append(
            f'  <testsuite name={_attribute(bad.path)} tests="1" failures="0" errors="1" skipped="0">\n'
            f'    <testcase name="read" classname={_attribute(bad.path)}>\n'
            f'      <error message={_attribute(message)} type="{bad.action}">{escape(_text(message))}</error>\n'
            "    </testcase>\n"
            "  </testsuite>\n"
        )
    for result in results:
        cases: list[str] = []
        failed = 0
        for d in result.diagnostics:
            name = _attribute(f"{d.code} at {d.line}:{d.column}")
            head = f"    <testcase name={name} classname={_attribute(result.path)}>\n"
            if d.severity == "error":
                failed += 1
                body = (
                    f'      <failure message={_attribute(d.message)} type="{d.code}">{escape(_details(d))}</failure>\n'
                )
            else:
                body = f"      <system-out>{escape(_details(d))}</system-out>\n"
            cases.append(head + body + "    </testcase>\n")
        if not cases:
            cases.append(f'    <testcase name="no problems" classname={_attribute(result.path)}/>\n')
        total += len(cases)
        failures += failed
        suites.append(
            f'  <testsuite name={_attribute(result.path)} tests="{len(cases)}" failures="{failed}" '
            f'errors="0" skipped="0">\n' + "".join(cases) + "  </testsuite>\n"
        )
    out.write(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<testsuites name="broadcheck" tests="{total}" failures="{failures}" errors="{errors}">\n'
        + "".join(suites)
        + "</testsuites>\n"
    )
