"""``python -m trfaudit.checker.cli``: the application, with its commands registered once."""

from trfaudit.checker.cli import main

main()
