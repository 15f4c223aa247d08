"""planets-log's measures: one module per measure; `python bench/run.py` runs them in one report."""
