"""The program's expected failures, each one line for the user with the exit code the CLI documents."""


class FilesageError(Exception):
    """A failure the user can act on; the CLI prints it as one line, never as a traceback."""

    exit_code = 3


class UsageError(FilesageError):
    """Bad input from the user: a missing folder, an empty question, an unreadable history file."""

    exit_code = 2


class ModelError(FilesageError):
    """The model file is missing, corrupt or cannot be loaded."""

    exit_code = 3
