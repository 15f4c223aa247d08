"""The `planets-log` command line (Click), one module per command group."""

# The modules are the surface; each is imported only when used, so start-up stays fast.
__all__ = [
    "arbiter",
    "audit",
    "campaign",
    "common",
    "demo",
    "diff",
    "info",
    "interactive",
    "main",
    "pictures",
    "read",
    "repair",
    "write",
]
