"""The bounded agent loop, its log of a question, its events, the decisions policies may return, and every prompt."""
