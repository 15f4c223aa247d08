"""Checking records: validation, diffs, seals and keys, the tournament audit, its spool and Dask client, campaigns."""
