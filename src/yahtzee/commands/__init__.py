"""Sub-commands of the ``yahtzee`` CLI, one module each.

A command module defines ``HELP`` (one line), ``add_arguments(parser)`` and ``run(args) -> int``;
``yahtzee.cli`` finds every module here, so adding a command touches no other file.
"""
