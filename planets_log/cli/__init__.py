"""The `planets-log` command line (Click), one module per command group."""
