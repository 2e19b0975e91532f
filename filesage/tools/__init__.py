"""The tools the model calls: the filesystem toolbox, semantic search, the survey of many files, and the registry."""
