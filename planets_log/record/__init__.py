"""The record file: its line types, safe reading and appending, strict decoding, upcasting, the hash chain, committed seeds."""

# The modules are the surface; each is imported only when used, so start-up stays fast.
__all__ = [
    "commit",
    "errors",
    "events",
    "files",
    "lines",
    "strict",
    "text",
    "upcast",
]
