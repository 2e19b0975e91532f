"""`python -m filesage` runs the command line, for environments without the console script."""

from .chat import main

main()
