"""What is drawn from whole records: the self-contained HTML replay."""

# The modules are the surface; each is imported only when used, so start-up stays fast.
__all__ = [
    "export",
    "page",
]
