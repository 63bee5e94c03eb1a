"""The ``yahtzee`` command: ``serve | solve | advise | simulate | review …``.

Each sub-command lives in ``yahtzee.commands.<name>``. Usage errors print one line and exit 2;
domain errors (bad dice, impossible scores) do the same, so scripts can tell them from crashes.
Output that cannot be written (a full disk) is one line and exit 1; a reader that goes away
(``| head``) ends the command quietly with status 141.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn, Protocol, TextIO, cast

from yahtzee import __version__, commands
from yahtzee.errors import YahtzeeError


class _Command(Protocol):
    HELP: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are a single line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


class HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows an option's default in its help, unless there is nothing to show (no value, off)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default is False or action.default == "":
            return action.help
        return super()._get_help_string(action)


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed file): not the input's fault,
    so it is kept apart from the errors of reading input or the cache."""


class _CheckedOutput:
    """Stands in for ``sys.stdout`` while a command runs: a failed write raises OutputError.

    A reader that went away stays a BrokenPipeError, which ends the command quietly.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error.strerror or str(error)) from error

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error.strerror or str(error)) from error

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def _commands() -> dict[str, _Command]:
    found: dict[str, _Command] = {}
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            module = importlib.import_module(f"{commands.__name__}.{info.name}")
            found[info.name] = module
    return found


def build_parser() -> OneLineParser:
    """The full argument parser, one sub-parser per command module."""
    parser = OneLineParser(prog="yahtzee", description="快艇骰子 (Yahtzee) tools")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sub.required = True
    for name, command in _commands().items():
        command_parser = sub.add_parser(
            name, help=command.HELP, description=command.HELP, formatter_class=HelpFormatter
        )
        command.add_arguments(command_parser)
        command_parser.set_defaults(_run=command.run, _parser=command_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # Reported by the command's own parser, so the line names the command and its usage.
        args._parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    stdout = sys.stdout
    sys.stdout = cast(TextIO, _CheckedOutput(stdout))
    try:
        status: int = args._run(args)
        sys.stdout.flush()  # a closed pipe or a full disk is reported here, not while exiting
    except YahtzeeError as error:
        print(f"yahtzee {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"yahtzee {args.command}: interrupted", file=sys.stderr)
        return 130
    except OutputError as error:
        print(f"yahtzee {args.command}: error: cannot write output: {error}", file=sys.stderr)
        _discard_output(stdout)
        return 1
    except BrokenPipeError:
        # The reader went away (``yahtzee review game.json | head``): stop quietly, as other
        # command-line tools do.
        _discard_output(stdout)
        return 141
    finally:
        sys.stdout = stdout
    return status


def _discard_output(stream: TextIO) -> None:
    """Point ``stream`` at the null device, so the output still buffered in it cannot fail
    again (with a second report) when Python flushes it while exiting."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # not a real file (e.g. captured by a test): nothing to do
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
