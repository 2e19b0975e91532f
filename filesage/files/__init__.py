"""A folder as filesage sees it: its files (one walk, ignore rules, confinement) and their text (readers)."""
