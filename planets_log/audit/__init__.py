"""Checking records: validation, diffs, seals and keys, the tournament audit, its spool and Dask client, campaigns."""

# The modules are the surface; each is imported only when used, so start-up stays fast.
__all__ = [
    "campaign",
    "campaign_links",
    "checks",
    "cluster",
    "diff",
    "pool",
    "report",
    "seal",
    "spool",
    "tournament",
    "validate",
]
