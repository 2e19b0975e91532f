"""How filesage reads words: the lexicon, figures and dates, names and languages, and what a question asks."""
