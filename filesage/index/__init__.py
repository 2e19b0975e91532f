"""The search index of a folder (chunks, keyword index, vectors), its embedder, and what `status` reports of it."""
