"""``dealer-station`` command line.

Each subcommand is one module in this package exposing ``register(subparsers)``;
the module sets ``func`` on its parser. ``main`` turns every ``DealerStationError``
into one line on stderr and exit status 2 (1 for a journal whose chain is broken: its
``exit_status``) - users never see a traceback. A standard
output that cannot be written (a full disk, ``/dev/full``) is one more such refusal,
handled here once for every command, as is any other file or device a command could not
use (``OSError``). A defect is one line too (exit 1), its traceback in the log.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import io
import os
import pkgutil
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

import structlog

from .. import __version__
from ..errors import DealerStationError, one_line
from ..logs import configure_logging
from . import _progress

EXIT_USAGE = 2
EXIT_INTERNAL = 1


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, status 2, like every other refusal
        self.exit(EXIT_USAGE, f"{self.prog}: error: {one_line(message, 400)}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Every command's parser; with ``command``, only that command's module when it is the one of
    that name (a report from the command line then imports the report's code, not every
    command's: the device keys, the wire codec ...), else all of them."""
    names = sorted(info.name for info in pkgutil.iter_modules(__path__) if not info.name.startswith("_"))
    if command in names:
        parser, sub = _top_parser()
        importlib.import_module(f"{__name__}.{command}").register(sub)
        if command in sub.choices:
            return parser
    parser, sub = _top_parser()
    for name in names:
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return parser


def _refuse_unknown_options(parser: argparse.ArgumentParser, words: Sequence[str]) -> None:
    """Name a misspelt option, and what was probably meant, before argparse answers something else (a
    required option it then misses: ``simulate --rouns 5`` said "--rounds/--hands" is required). Each
    word is looked up in the parser of the (sub)command it follows; a unique prefix is argparse's own."""
    current = parser
    for word in words:
        if word == "--":
            return
        if word.startswith("--") and len(word) > 2:
            name = word.split("=", 1)[0]
            known = [o for action in current._actions for o in action.option_strings if o.startswith("--")]
            if not any(option.startswith(name) for option in known):
                close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
                current.error(f"unknown option {name}{f' (did you mean {close[0]}?)' if close else ''}")
            continue
        for action in current._actions:
            if isinstance(action, argparse._SubParsersAction) and word in action.choices:
                current = action.choices[word]
                break


def _top_parser() -> tuple[argparse.ArgumentParser, Any]:
    parser = _Parser(prog="dealer-station", description="Dealer Station: casino table dealer software.")
    parser.add_argument("--version", action="version", version=f"dealer-station {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    return parser, sub


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words[0] if words and not words[0].startswith("-") else None)
    _refuse_unknown_options(parser, words)
    args = parser.parse_args(argv)
    configure_logging()
    real_stdout = sys.stdout
    sys.stdout = _Output(real_stdout)
    try:
        code = args.func(args)
        sys.stdout.flush()  # a full stdout is found here, not at interpreter exit
        _progress.end_line()
    except DealerStationError as exc:
        if isinstance(exc, OutputError):
            _discard_stdout(real_stdout)
        _progress.erase()  # an error is one line, whatever progress came before it
        print(f"dealer-station {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt as exc:  # Ctrl-C: what was kept, when the command says (errors.Interrupted)
        _progress.erase()
        if str(exc):
            print(f"dealer-station {args.command}: {one_line(str(exc), 400)}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (| head): not an error
        _discard_stdout(real_stdout)
        return 0
    except OSError as exc:  # a path or device the command could not use, wherever it was met
        _progress.erase()
        where = f": {one_line(str(exc.filename), 120)}" if exc.filename else ""
        print(f"dealer-station {args.command}: error: {exc.strerror or type(exc).__name__}{where}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:  # a defect, not bad input: its traceback goes to the log, then one line
        structlog.get_logger("dealer_station.cli").error("command_failed", command=args.command, exc_info=True)
        _progress.erase()
        print(f"dealer-station {args.command}: internal error: {type(exc).__name__}: {one_line(str(exc), 200)} "
              "(the log has where)", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        sys.stdout = real_stdout
    return int(code or 0)


class OutputError(DealerStationError):
    """Standard output refuses writes (a full disk, /dev/full, a closed device)."""


class _Output:
    """Standard output whose write failures are refusals, not tracebacks."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        _progress.end_line()  # the last progress line stays above what the command prints
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write to standard output: {exc.strerror or exc}") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _discard_stdout(stream: TextIO) -> None:
    """Point stdout at /dev/null so the interpreter's final flush neither fails nor prints."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
