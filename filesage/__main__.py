"""The `filesage` command and `python -m filesage`: the command line, where Ctrl-C during start-up (before
the command line's own handling is in place) still ends in one line and exit code 130."""

import sys


def run() -> None:
    try:
        from .cli.app import main
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    main()


if __name__ == "__main__":
    run()
