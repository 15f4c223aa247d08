"""The HTTP server (`planets-log serve`): every table records live, each seat sees its own view, the director audits."""
