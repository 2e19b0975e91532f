"""Answers a user can check: claims held against the results, figures tied to their lines, and numbered sources."""
