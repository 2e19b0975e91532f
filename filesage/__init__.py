"""filesage: an offline assistant for the files in a folder."""

__version__ = "0.1.0"
