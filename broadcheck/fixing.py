"""``--fix`` and ``--diff`` on one input: plan the fixes, apply them, write the file back, and
say what remains.

A file on disk is fixed in a stream, so time and memory stay those of a check (the edits
are made in one linear pass, :func:`broadcheck.engine.fix.apply_stream`):

1. a snapshot of the file is taken (:func:`broadcheck.outputs.snapshot`); everything below
   reads the snapshot, so it sees one consistent text;
2. a check of the snapshot finds the problems that have a fix, and the fixes are planned
   (:mod:`broadcheck.engine.fix`);
3. the fixed text is written to a second temporary file, and copied into the user's file
   under a lease, if it still holds the snapshot's bytes (:func:`broadcheck.outputs.replace`);
4. a full check of what was written (or, if it was not, of the snapshot) is what is
   reported: the problems that remain, each with its own fix if it still has one.

The count of problems fixed is that of the first check's problems whose fix was applied and
that the second no longer reports. Standard input and FIFOs are read once into memory,
and so is a file for ``--diff``, which needs both texts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as replaced
from typing import TYPE_CHECKING

from broadcheck.inputs import BOM, STDIN, InputError, InternalError, decode, is_stream, read_bytes, read_stream

if TYPE_CHECKING:
    from collections.abc import Iterator

    from broadcheck.diagnostics import Diagnostic, Result
    from broadcheck.engine.options import Options
    from broadcheck.outputs import Temporaries


class Fixed:
    """What ``--fix`` or ``--diff`` did to one input."""

    __slots__ = ("after", "before", "failure", "fixed", "output", "result", "written")

    def __init__(
        self,
        result: Result,
        fixed: int = 0,
        before: str | None = None,
        after: str | None = None,
        written: bool = False,
        failure: InputError | None = None,
        output: bytes | None = None,
    ) -> None:
        self.result = result
        """The problems that remain (after the fixes, if they were written)."""
        self.fixed = fixed
        """How many problems the fixes removed (or would remove, for ``--diff``)."""
        self.before, self.after = before, after
        """The texts before and after the fixes, for ``--diff`` and standard input."""
        self.written = written
        """Whether the file was written."""
        self.failure = failure
        """Why a file with fixes was not written, if it was not."""
        self.output = output
        """``--fix -``: the bytes to print on standard output (the fixed text, or the input as it came)."""

    @property
    def changed(self) -> bool:
        return self.written or (self.before is not None and self.after is not None and self.before != self.after)


Check = Callable[[str, "Options", str, int], "Result | InputError"]
"""How a file is checked (the runner's ``check_one``: in blocks, on ``jobs`` cores)."""


def fix_one(
    path: str, options: Options, stdin_name: str, unsafe: bool, write: bool, check: Check, jobs: int = 1
) -> Fixed | InputError:
    """``--fix`` (``write``) or ``--diff`` one input (see the module docstring), checking a
    file on disk with ``check``."""
    shown = stdin_name if path == STDIN else path
    try:
        if path == STDIN or is_stream(path) or not write:
            return _in_memory(path, shown, options, unsafe, write)
        return _on_disk(path, options, unsafe, check, jobs)
    except InternalError:
        raise
    except OSError as err:
        return InputError(shown, err.strerror or str(err))
    except Exception as err:
        raise InternalError(shown) from err


def _in_memory(path: str, shown: str, options: Options, unsafe: bool, write: bool) -> Fixed | InputError:
    """Standard input, a FIFO, or ``--diff``: the whole text in memory."""
    from broadcheck.diagnostics import Result
    from broadcheck.engine.fix import apply, fixes_of, with_fixes
    from broadcheck.engine.run import check_text

    if path == STDIN or is_stream(path):
        data = read_stream(path, shown)
        if isinstance(data, InputError):
            return data
    else:
        data = read_bytes(path)
    source, problem = decode(shown, data)
    if problem is not None:  # not UTF-8: nothing is fixed, and standard input comes back as it came
        return Fixed(Result.of(source.path, dict(enumerate(source.lines, 1)), [problem]), output=data)
    result = check_text(source.path, source.text, options)
    result.diagnostics = with_fixes(source.text, result.diagnostics, options)
    after = apply(source.text, fixes_of(result.diagnostics, unsafe), unsafe)
    bom = BOM if data.startswith(BOM) else b""
    if after == source.text:
        return Fixed(result, 0, source.text, after, output=data)
    remaining = check_text(shown, after, options)
    # What remains may still have a fix (an unsafe one, without --unsafe-fixes): say so.
    remaining.diagnostics = with_fixes(after, remaining.diagnostics, options)
    fixed = _fixed(result.diagnostics, remaining.diagnostics, unsafe)
    if path != STDIN and write:  # a FIFO cannot be written back
        failure = InputError(shown, "not a regular file, so --fix cannot write it back", "write")
        return Fixed(result, 0, source.text, after, failure=failure)
    return Fixed(remaining if write else result, fixed, source.text, after, output=bom + after.encode("utf-8"))


def _on_disk(path: str, options: Options, unsafe: bool, check: Check, jobs: int) -> Fixed | InputError:
    """A regular file, fixed in a stream through two temporary files (see the module docstring)."""
    from broadcheck.engine.fix import edits_of, fixes_of
    from broadcheck.outputs import ChangedOnDisk, NotWritten, Temporaries, replace, snapshot

    with Temporaries() as temporaries:
        before = snapshot(path, temporaries)
        first = _check(check, before.path, path, options, jobs)
        if isinstance(first, InputError):
            return first
        edits = edits_of(fixes_of(first.diagnostics, unsafe), unsafe)
        if not edits:
            return Fixed(first)
        new = _apply(before.path, edits, temporaries)
        failure = None
        try:
            replace(path, before, new, temporaries)
        except (ChangedOnDisk, NotWritten) as err:
            failure = InputError(path, err.strerror or str(err), "write")
        except OSError as err:
            failure = InputError(path, err.strerror or str(err), "write")
        temporaries.remove(before.path if failure is None else new)
        full = _check(check, new if failure is None else before.path, path, options, jobs)
        if isinstance(full, InputError):
            return full
        if failure is not None:
            return Fixed(full, failure=failure)
        return Fixed(full, _fixed(first.diagnostics, full.diagnostics, unsafe), written=True)


def _check(check: Check, copy: str, path: str, options: Options, jobs: int) -> Result | InputError:
    """Check the temporary file ``copy`` as the user's file ``path`` (its diagnostics name ``path``)."""
    try:
        result = check(copy, options, "<stdin>", jobs)
    except InternalError as err:
        raise InternalError(path) from err.__cause__
    if isinstance(result, InputError):
        return InputError(path, result.reason, result.action)
    result.path = path
    result.diagnostics = [replaced(d, path=path) if d.path == copy else d for d in result.diagnostics]
    return result


def _apply(copy: str, edits: list[tuple[int, int, str]], temporaries: Temporaries) -> str:
    """Write the text of ``copy`` with ``edits`` made to a new temporary file (its byte order
    mark and line endings kept); its name."""
    from broadcheck.engine.fix import apply_stream
    from broadcheck.outputs import BLOCK

    fd, new = temporaries.new(copy)
    with open(copy, encoding="utf-8", newline="") as source, open(fd, "w", encoding="utf-8", newline="") as out:
        first = source.read(BLOCK)
        if first.startswith("\ufeff"):  # offsets count from after the byte order mark
            out.write("\ufeff")
            first = first[1:]

        def chunks() -> Iterator[str]:
            yield first
            while chunk := source.read(BLOCK):
                yield chunk

        apply_stream(chunks(), edits, out.write)
    return new


def _fixed(before: list[Diagnostic], after: list[Diagnostic], unsafe: bool) -> int:
    """How many errors with an applied fix in ``before`` are not in ``after`` (by line and code)."""
    remaining = {(d.line, d.code) for d in after if d.severity == "error"}
    return sum(
        1
        for d in before
        if d.severity == "error" and d.fix is not None and (d.fix.safe or unsafe) and (d.line, d.code) not in remaining
    )
