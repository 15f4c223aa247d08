"""`python -m planets_log` runs the command line."""

from planets_log.cli.main import main

main()
