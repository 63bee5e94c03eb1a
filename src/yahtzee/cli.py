"""The ``yahtzee`` command: ``serve | solve | advise | simulate | review …``.

Each sub-command lives in ``yahtzee.commands.<name>``. Usage errors print one line and exit 2;
domain errors (bad dice, impossible scores) do the same, so scripts can tell them from crashes.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from typing import NoReturn, Protocol

from yahtzee import commands
from yahtzee.errors import YahtzeeError


class _Command(Protocol):
    HELP: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are a single line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


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
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sub.required = True
    for name, command in _commands().items():
        command_parser = sub.add_parser(name, help=command.HELP, description=command.HELP)
        command.add_arguments(command_parser)
        command_parser.set_defaults(_run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args._run(args)
        sys.stdout.flush()  # a closed pipe is reported here, not while Python exits
    except YahtzeeError as error:
        print(f"yahtzee {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"yahtzee {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``yahtzee review game.json | head``): stop quietly, as other
        # command-line tools do, and keep Python from complaining again while exiting.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
