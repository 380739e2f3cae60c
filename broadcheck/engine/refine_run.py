"""``broadcheck refine`` on one input: read it, refine it, check what it became, write it where asked.

The refined text goes to standard output (as ``mlir-opt`` prints its output), or back into the
file with ``--in-place`` (the safe writing of ``--fix``: :func:`broadcheck.outputs.replace`), or,
with ``--diff``, only as a diff. The diagnostics (refine's own, then the check of the refined
text) go to standard error, or to ``--output-file``, in any ``--output-format``: the command line
writes and renders them (:class:`Outcome`; the engine renders nothing). Nothing is
written, to standard output or to the file, when the refined text does not verify (exit 1), as
``mlir-opt`` prints nothing when its verifier fails; ``--diff`` still shows what would change.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice, zip_longest
from operator import itemgetter, lt
from typing import TYPE_CHECKING

from broadcheck.diagnostics import Diagnostic, Result
from broadcheck.engine.options import Options
from broadcheck.engine.refine import BadRequest, Refiner, Request, parse_arg, parse_dim, trace
from broadcheck.inputs import BLOCK_SIZE, BOM, STDIN, InputError, decode, read_bytes, read_stream

if TYPE_CHECKING:
    from broadcheck.engine.forms import Form
    from broadcheck.engine.refine_replay import Replayed
    from broadcheck.engine.run import Memory

EXIT_CLEAN, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2


@dataclass
class Settings:
    """What the command line asked of ``refine``."""

    path: str
    args: Sequence[str] = ()
    dims: Sequence[str] = ()
    in_place: bool = False
    diff: bool = False
    output_format: str = "full"
    output_file: str | None = None
    stdin_filename: str = "<stdin>"
    quiet: int = 0
    color: bool | None = None


class UsageError(Exception):
    """A usage error of ``refine`` (exit 2), with its message."""


def request_of(settings: Settings) -> Request:
    """The request the ``--arg`` and ``--dim`` options make; raises :class:`UsageError`."""
    request = Request()
    if not settings.args and not settings.dims:
        raise UsageError("nothing to refine: give --arg @FUNCTION:INDEX=TYPE or --dim NAME=SIZE")
    if settings.in_place and settings.diff:
        raise UsageError("--in-place and --diff cannot be combined (--diff writes nothing)")
    if settings.in_place and settings.path == STDIN:
        raise UsageError("--in-place needs a file, not '-' (standard input)")
    try:
        for spec in settings.args:
            name, index, text = parse_arg(spec)
            request.args[name, index] = text
        for spec in settings.dims:
            dim, size = parse_dim(spec)
            request.dims[dim] = size
    except BadRequest as err:
        raise UsageError(str(err)) from None
    return request


def refine_text(
    path: str, text: str, request: Request, options: Options, edits: list[tuple[int, int, str]] | None = None
) -> tuple[str, list[Diagnostic], int]:
    """``text`` refined under ``request``, and the diagnostics of it: refine's own and the check of
    the refined text, each error at a re-typed op with a note naming the argument it follows from.
    The third item is how many ops the check of the refined text checked. ``edits``, if given,
    receives the edits of ``text`` (``(start, end, new)``, ordered; the editor's code action).
    Raises :class:`BadRequest`."""
    from broadcheck.engine.run import Memory

    refiner = Refiner(options, path)
    refined = refiner.refine(text, request)
    if edits is not None:
        edits.extend(refined.edits)
    memory = Memory()  # the forms refine read: a statement it left as it was is not read again
    memory.forms = refiner.forms
    replayed = None if options.split_marker is not None else refiner.unchanged(refined.edits)
    heads: dict[int, tuple[str, Form, list[str]]] = {}
    if replayed is not None:
        memory.forms.update(refiner.retyped_heads(refined.edits, heads))
    del refiner  # its reading of every statement: the check of the refined text keeps only `replayed`
    after = edited(text, refined.edits)
    result = check_refined(path, after, options, memory, replayed, heads)
    checked = result.diagnostics
    own = {(d.line, d.code) for d in refined.diagnostics}
    diagnostics = [*refined.diagnostics, *(d for d in checked if (d.line, d.code) not in own)]
    diagnostics.sort(key=lambda d: (d.line, d.column))
    return after, trace(diagnostics, refined.traces), result.ops_checked


def check_refined(
    path: str,
    text: str,
    options: Options,
    memory: Memory,
    replayed: Replayed | None,
    heads: dict[int, tuple[str, Form, list[str]]] | None = None,
) -> Result:
    """:func:`.run.check_text` of the refined ``text``, the statements of ``replayed`` (on lines no
    edit touched) handed to the check as refine's reader scanned them, and the re-typed headers of
    ``heads`` (by line: new text, head form, names) opened from their forms (:class:`.refine_replay.Replay`)."""
    from broadcheck.engine.refine_read import read_fast_pass
    from broadcheck.engine.refine_replay import Replay
    from broadcheck.engine.run import FileRun, check_text

    if replayed is None:
        return check_text(path, text, options, memory)
    lines_cache: list[str] = []

    def fetch(numbers: Iterable[int]) -> Mapping[int, str]:  # (as check_text's)
        if not lines_cache:
            lines_cache.extend(line.removesuffix("\r") for line in text.split("\n"))
        return {n: lines_cache[n - 1] for n in numbers if 0 < n <= len(lines_cache)}

    run = FileRun(path, options, memory, fetch)
    run.scanner.read = read_fast_pass  # (a header's line: not read for the fast pass, as in refine's reading)
    run.reader.scanner = Replay(run.scanner, run, replayed, heads)  # type: ignore[assignment]
    del replayed
    run.feed(text, final=True)
    run.reader.scanner = run.scanner  # (the replay's records go: the run and its scanner hold each other)
    return run.finish()


def edited(text: str, edits: Sequence[tuple[int, int, str]]) -> str:
    """``text`` with ``edits`` (``(start, end, new)``, ordered) made: the pieces between them cut
    and joined in C (:func:`.fix.apply_stream` takes a Python step per edit: 162k of them at 480
    layers), or by :func:`.fix.apply_stream` (as `--fix` makes them) if two edits overlap."""
    if not edits:
        return text
    starts, ends, news = (list(map(itemgetter(i), edits)) for i in range(3))  # (each in one C pass)
    if any(map(lt, islice(starts, 1, None), ends)):
        from broadcheck.engine.fix import apply_stream

        pieces: list[str] = []
        apply_stream([text], edits, pieces.append)
        return "".join(pieces)
    kept = map(text.__getitem__, map(slice, [0, *ends], [*starts, len(text)]))
    return "".join(chain.from_iterable(zip_longest(kept, news, fillvalue="")))


@dataclass
class Outcome:
    """What ``refine`` did, for the command line to show: its exit code, the report's results,
    the text for standard output (the refined text, or ``--diff``'s diff), and a usage error."""

    code: int
    results: list[Result] = field(default_factory=list)
    output: Iterable[bytes] | None = None
    """The bytes for standard output, in slices (:func:`encoded`)."""
    diff: tuple[str, str, str] | None = None
    """``--diff``: (name, text before, text after)."""
    usage: str | None = None


def run(settings: Settings, options: Options) -> Outcome:
    """Carry out ``refine`` (see the module docstring), writing the file if ``--in-place``."""
    try:
        request = request_of(settings)
    except UsageError as err:
        return Outcome(EXIT_ERROR, usage=str(err))
    shown = settings.stdin_filename if settings.path == STDIN else settings.path
    data = read_stream(STDIN, shown) if settings.path == STDIN else _read(settings.path)
    if isinstance(data, InputError):
        return Outcome(EXIT_ERROR, usage=f"{shown}: {data.reason}")
    try:
        text = data.removeprefix(BOM).decode("utf-8")  # (not a Source: its list of every line goes unused)
    except UnicodeDecodeError:
        source, problem = decode(shown, data)
        assert problem is not None
        return Outcome(EXIT_ERROR, [Result.of(shown, dict(enumerate(source.lines, 1)), [problem])])
    bom = BOM if data.startswith(BOM) else b""
    digest = _digest(data) if settings.in_place else b""
    del data  # (the text is what refine reads; the file's digest is what --in-place compares)
    try:
        after, diagnostics, checked = refine_text(shown, text, request, options)
    except BadRequest as err:
        return Outcome(EXIT_ERROR, usage=f"{shown}: {err}")
    results = [Result.of(shown, _lines(after, diagnostics), diagnostics, checked)]
    broken = any(d.severity == "error" for d in diagnostics)
    code = EXIT_PROBLEMS if broken else EXIT_CLEAN
    if settings.diff:
        return Outcome(code, results, diff=(shown, text, after))
    if broken:
        return Outcome(code, results)
    if settings.in_place:
        failure = _write_back(settings.path, digest, bom, after)
        if failure is not None:
            return Outcome(EXIT_ERROR, results, usage=f"{shown}: {failure}")
        return Outcome(code, results)
    return Outcome(code, results, output=encoded(bom, after))


def encoded(bom: bytes, text: str) -> Iterator[bytes]:
    """The bytes of ``text`` (after ``bom``), in slices of :data:`.inputs.BLOCK_SIZE` characters,
    each encoded as it is written: the bytes of the whole refined text (49 MB at 480 layers, all
    of them fresh pages: 12k page faults) are never made."""
    if bom:
        yield bom
    for at in range(0, len(text), BLOCK_SIZE):
        yield text[at : at + BLOCK_SIZE].encode("utf-8")


def _lines(text: str, diagnostics: list[Diagnostic]) -> dict[int, str]:
    """The lines of ``text`` the diagnostics show, by number (not a dict of every line: at the
    end of the run, on the 480-layer export, that was the peak of its memory)."""
    wanted = {n for d in diagnostics for n in d.line_numbers()}
    if not wanted:
        return {}
    return {n: line.removesuffix("\r") for n, line in enumerate(text.split("\n"), 1) if n in wanted}


def _read(path: str) -> bytes | InputError:
    try:
        return read_bytes(path)
    except OSError as err:
        return InputError(path, err.strerror or str(err))


def _digest(data: bytes) -> bytes:
    import hashlib

    return hashlib.sha256(data).digest()


def _write_back(path: str, digest: bytes, bom: bytes, after: str) -> str | None:
    """Write ``after`` (after ``bom``) into the file ``path`` if it still holds the bytes of
    ``digest``, those refine read (as ``--fix`` does); why not, if it was not written."""
    import os

    from broadcheck.outputs import ChangedOnDisk, NotWritten, Temporaries, replace, snapshot

    with Temporaries() as temporaries:
        try:
            before = snapshot(path, temporaries)
            fd, new = temporaries.new(path)
            with os.fdopen(fd, "wb") as out:
                out.writelines(encoded(bom, after))
            if before.digest != digest:
                return "changed on disk since it was read; not written"
            replace(path, before, new, temporaries)
        except (ChangedOnDisk, NotWritten) as err:
            return err.strerror or str(err)
        except OSError as err:
            return err.strerror or str(err)
    return None


__all__ = ["Outcome", "Settings", "UsageError", "refine_text", "request_of", "run"]
