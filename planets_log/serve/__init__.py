"""The HTTP server (`planets-log serve`): every table records live, each seat sees its own view, the director audits."""

# The modules are the surface; each is imported only when used, so start-up stays fast.
__all__ = [
    "app",
    "auth",
    "create",
    "errors",
    "guard",
    "limits",
    "live",
    "notify",
    "openapi",
    "pages",
    "routes_director",
    "routes_read",
    "routes_write",
    "server",
    "store",
    "stream",
    "types",
    "views",
]
