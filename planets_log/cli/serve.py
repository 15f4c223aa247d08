"""The `serve` command: every table of a folder recorded live over HTTP."""

from __future__ import annotations

from pathlib import Path

import click


def _addresses(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    """Each --trusted-proxy as an IP address in its usual spelling (a name or a network is refused)."""
    import ipaddress

    try:
        return tuple(str(ipaddress.ip_address(v.strip())) for v in values)
    except ValueError as exc:
        raise click.BadParameter(f"{exc}: give the proxy's IP address, e.g. 127.0.0.1") from None


@click.command()
@click.argument("folder", metavar="STORE")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. 127.0.0.1: this machine only. 0.0.0.0: every machine on the network "
                   "(phones on the club's wifi) may reach it: anyone there can follow the public tables, and anyone "
                   "who gets hold of a link can use it, over plain HTTP that others on the network can read.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The port to listen on.")
@click.option("--key", type=click.Path(dir_okay=False), default=None,
              help="A sealing key (from `keygen`): each record is sealed with it as soon as its game ends.")
@click.option("--public-delay", type=click.IntRange(0, 1000), default=0, show_default=True,
              help="Spectators follow every public table at least this many moves behind (a table's own delay may "
                   "be longer).")
@click.option("--new-director-link", is_flag=True, default=False,
              help="Make a new director's link and end the old one (a lost or leaked link). Without it the "
                   "director's link of an earlier start keeps working; it is printed only when it is made.")
@click.option("--trusted-proxy", "trusted", multiple=True, callback=_addresses, metavar="ADDR",
              help="A proxy's address (repeatable; none by default): its X-Forwarded-For names the client, and the "
                   "limits per client count the devices behind it, not the proxy. From any other address the "
                   "header is ignored. Name the TLS proxy in front of the server, e.g. 127.0.0.1.")
def serve(folder: str, host: str, port: int, key: str | None, public_delay: int, new_director_link: bool,
          trusted: tuple[str, ...]) -> None:
    """Serve the records in STORE over HTTP: each table records live.

    STORE is a folder (made if missing), or a tournament in NATS JetStream,
    nats://HOST:PORT[,HOST2:PORT…]/TOURNAMENT[?replicas=N] (`pip install
    'planets-log[nats]'`): then several servers, on one machine or several,
    may serve the same tournament at once (docs/serve.md).

    On its first start it prints the director's link; it keeps working across restarts
    until --new-director-link replaces it. The director makes tables and sees, at any
    time, one link for each table's scorekeeper (its table page) and one for each player
    (the game page), each with a QR code, all at the address the director's browser used
    (serving on 0.0.0.0, this machine's network address instead of 127.0.0.1).
    Spectators follow the public tables at /games. The records stay the one source of
    truth: the command line may write to them meanwhile.

    \b
    Example:
      planets-log serve club-night/
      planets-log serve tournament/ --host 0.0.0.0 --port 8080 --key organiser.key --public-delay 2
      planets-log serve club-night/ --new-director-link
      planets-log serve nats://n1:4222,n2:4222,n3:4222/spring-open --port 8001
      planets-log serve tournament/ --port 8080 --trusted-proxy 127.0.0.1   (behind a TLS proxy on this machine)
    """
    from planets_log.serve.app import run
    from planets_log.store import is_nats, open_store

    if not is_nats(folder) and Path(folder).exists() and not Path(folder).is_dir():
        raise click.BadParameter(f"{folder} is a file, not a folder", param_hint="STORE")
    run(open_store(folder) if is_nats(folder) else Path(folder), host, port, key, public_delay, new_director_link, trusted)
