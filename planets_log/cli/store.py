"""The `copy` command: a tournament from one store to another (a folder, or a tournament in NATS JetStream)."""

from __future__ import annotations

import click


@click.command()
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
def copy(source: str, target: str) -> None:
    """Copy a tournament's records, tables and links from store FROM to store TO.

    A store is a folder of records, or a tournament in NATS JetStream,
    nats://HOST:PORT[,HOST2:PORT…]/TOURNAMENT[?replicas=N] (`pip install
    'planets-log[nats]'`). Either way round: a club's folder into a cluster, a
    cluster's tournament out to a folder. Each record is copied byte for byte, so
    `validate`, `seal`, `diff` and every other command take the copies as they
    took the originals; the server's tables, token hashes and links key go too,
    so every link made before works on the copy. Nothing is overwritten: a record
    already in TO must be the same lines or a beginning of them (then the rest is
    added), and a record ending in a torn line is refused (`repair` it first).

    \b
    Example:
      planets-log copy club-night/ nats://n1:4222,n2:4222,n3:4222/club-night
      planets-log copy nats://n1:4222/spring-open spring-open-backup/
    """
    from planets_log.store import is_nats, open_store
    from planets_log.store.copy import copy_store

    if not is_nats(source):
        click.Path(exists=True, file_okay=False).convert(source, None, None)
    with open_store(source, create=False) as src, open_store(target) as dst:
        copied = copy_store(src, dst, lambda record, lines: click.echo(f"{record}: {lines} lines"))
    click.echo(f"copied {copied} records from {source} to {target}")
