"""`python -m tests.durability.toycli ARGS`: the real planets-log entry point with the toy game registered."""

from planets_log.engine import registry

registry.register("countdown", "tests.support.toy")

if __name__ == "__main__":
    from planets_log.cli.main import main

    main()
