"""`planets-log campaign`: a series of games kept as its own hash-chained record (Four Planets' mini-campaign)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .common import echo_json, parse_pairs

if TYPE_CHECKING:
    from planets_log.audit.campaign import Campaign


def _echo(text: str) -> None:
    """Print text from a record or an argument with its control characters escaped (newlines kept)."""
    click.echo("\n".join("".join(c if c.isprintable() else repr(c)[1:-1] for c in line) for line in text.split("\n")))


@click.group()
def campaign() -> None:
    """Keep a campaign: new, next, status, score, validate.

    \b
    Example:
      planets-log campaign new four-planets --player Ann --player Ben --seed 7 camp.jsonl
      planets-log campaign next camp.jsonl
    """


@campaign.command("new")
@click.argument("game")
@click.argument("out", type=click.Path(dir_okay=False))
@click.option("--player", "players", multiple=True, required=True, help="A player's name, in seat order (repeat).")
@click.option("--seed", type=int, default=None,
              help="A public seed, for tests and demos: anyone holding the record foresees every deal and draw.")
@click.option("--table", is_flag=True, help="Buildings dealt at the table: type them with 'next --deal'.")
@click.option("--meta", "meta", multiple=True, metavar="KEY=VALUE", help="Free information (event, date).")
@click.option("--entropy", "entropy", multiple=True, metavar="NAME=TEXT",
              help="A player's entropy, mixed into the secret seed (repeat; a committed seed only).")
@click.option("--ask-entropy", is_flag=True, help="Show the commitment, then ask each player for entropy.")
def new(game: str, out: str, players: tuple[str, ...], seed: int | None, table: bool, meta: tuple[str, ...],
        entropy: tuple[str, ...], ask_entropy: bool) -> None:
    """Start a campaign record OUT for GAME.

    By default the campaign gets a secret 256-bit seed, as `new` gives a game: the header
    holds its commitment and the players' entropy, the secret is kept in OUT.seed (readable
    by you only), each game's seed is derived from it, and it is revealed in the record
    when the campaign is over. --seed N is a public seed for tests and demos.

    \b
    Example:
      planets-log campaign new four-planets --player Ann --player Ben --entropy Ann=kumquat camp.jsonl
      planets-log campaign new four-planets --player Ann --player Ben --seed 7 camp.jsonl
      planets-log campaign new four-planets --player Ann --player Ben --table camp.jsonl
    """
    from planets_log.audit.campaign import new_campaign, new_campaign_rules
    from planets_log.record.commit import commitment, new_secret, write_secret
    from planets_log.record.errors import UsageError

    from .write import _entropy

    if table and seed is not None:
        raise UsageError("choose --seed or --table, not both", code="usage")
    new_campaign_rules(game, list(players))  # before the commitment is shown or entropy asked for
    secret = new_secret() if not table and seed is None else None
    if secret is None and (entropy or ask_entropy):
        raise UsageError("--entropy goes with a secret seed (no --seed, no --table)", code="usage")
    if secret is not None:
        click.echo(f"commitment to the secret seed: {commitment(secret)}")
    mixed = _entropy(parse_pairs(entropy, "--entropy"), players, ask_entropy)
    log_id = secrets.token_hex(16)
    side = write_secret(out, log_id, secret) if secret is not None else None
    try:
        new_campaign(out, game, list(players), None if table else seed, parse_pairs(meta, "--meta"), log_id=log_id,
                     secret=secret, entropy=mixed)
    except BaseException:
        if side is not None:  # the record was not made: its secret goes too
            side.unlink()
        raise
    deal = " --deal PLAYER=A,B,C" if table else ""
    mode = ("" if table else f"; PUBLIC seed {seed}: anyone holding this record can foresee every deal and draw"
            if secret is None else f"; secret seed in {out}.seed (keep it; it is revealed when the campaign is over)")
    _echo(f"{out}: new campaign of {game} for {' and '.join(players)}{mode}; next: planets-log campaign next {out}{deal}")


def _seat(players: list[str], text: str) -> int:
    from planets_log.engine.seats import parse_seat
    from planets_log.record.errors import UsageError

    seat = parse_seat(text, players)
    if seat is None:
        raise UsageError(f"no player {text!r}; players are {', '.join(players)} (or 1-{len(players)})", code="usage")
    return seat


@campaign.command("next")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--keep", "keeps", multiple=True, metavar="PLAYER=BUILDING", help="A draft decision (repeat).")
@click.option("--deal", "deals", multiple=True, metavar="PLAYER=A,B,C", help="Buildings dealt at the table (repeat).")
@click.option("--out", "out", default=None, help="File name of the next game (default: LOG's name + -gameN.jsonl).")
def next_(log: str, keeps: tuple[str, ...], deals: tuple[str, ...], out: str | None) -> None:
    """Link the finished game, record the draft, and start the next game record.

    Stops at the first decision not given and says what it needs. Everything is checked
    before anything is written; after a crash, the same command again takes up a game
    record it had already made.

    \b
    Example:
      planets-log campaign next camp.jsonl --keep Ann=tower --keep Ben=galactic-bank
      planets-log campaign next camp.jsonl --deal Ann=tower,mint,museum --keep Ann=tower
    """
    from planets_log.audit.campaign import Campaign, linked_path
    from planets_log.audit.campaign_links import finished_game
    from planets_log.engine.rng import rng
    from planets_log.record.commit import seed_path
    from planets_log.record.errors import IllegalEvent, PlanetsLogError, RecordError

    side = seed_path(log)
    camp = Campaign(log, seed_file=side if side.exists() else None)
    if camp.committed and camp.secret is None and camp.revealed is None:
        raise RecordError(f"the deals of this campaign come from its secret seed, and {side} is missing",
                          file=log, code="seed.secret-missing")
    if out is not None:
        linked_path(camp, out)  # a name that cannot be used is refused before anything is written
    rules, players, said = camp.rules, camp.header.players, []
    if rules.due(camp.state)[0] == "finish":
        game = camp.state.games[-1]
        try:
            linked = finished_game(linked_path(camp, game.file))
        except PlanetsLogError as exc:  # the game cannot be linked yet: the campaign's rule says it must be over
            exc.rule = exc.rule or rules.rule
            raise RecordError.at(log, None, camp.seq + 1, exc) from None
        camp.stage([rules.finished(camp.state, linked)])
        said.append(f"{log}: game {game.game} linked")
    pairs = parse_pairs(keeps, "--keep")
    chosen = {_seat(players, k): v for k, v in pairs.items()}
    dealt = {_seat(players, k): tuple(b.strip() for b in v.split(",")) for k, v in parse_pairs(deals, "--deal").items()}
    seed = camp.draw_seed
    draw = None if seed is None else (lambda i: rng(seed, f"campaign/{camp.seq + 1 + i}"))
    try:
        events, missing = rules.plan(camp.state, chosen, dealt, draw)
    except IllegalEvent as exc:
        exc.message = exc.message.replace("status LOG", f"status {log}")
        raise RecordError.at(log, None, camp.seq + 1, exc) from None
    camp.stage(events)
    step, n = rules.due(camp.state)
    if missing:
        said.append(f"{log}: waiting: {missing.replace('status LOG', 'status ' + log)}")
    elif step == "start":
        said.append(_start_game(camp, n, out))
    else:
        said += _over(camp, step)
    camp.write_staged()
    for text in said:
        _echo(text)


def _over(camp: Campaign, step: str) -> list[str]:
    """What `next` says when no game is to start; at the campaign's end its secret is revealed (staged)."""
    from planets_log.record.events import Reveal

    if step != "over":
        return [f"{camp.name}: finish the current game first"]
    said = []
    if camp.committed and camp.revealed is None and camp.secret is not None:  # (held: next_ required it)
        camp.stage([Reveal(secret=camp.secret.hex())])
        said.append(f"{camp.name}: the campaign's secret seed is revealed in the record: every deal can now be checked")
    return said + [f"{camp.name}: the campaign is over; the result: planets-log campaign score {camp.name}"]


def _start_game(camp: Campaign, n: int, out: str | None) -> str:
    """Make game `n`'s record (and seed file) and stage its start line; a file a stopped run left is taken up."""
    from planets_log.audit.campaign import game_secret, game_seed, linked_path
    from planets_log.engine.play import Builder, make_header
    from planets_log.record.commit import commitment, secret_text, seed_path, write_secret
    from planets_log.record.events import Commit
    from planets_log.record.lines import create_record

    name = out or f"{Path(camp.name).stem}-game{n}.jsonl"
    path = linked_path(camp, name)
    given, orienter = camp.rules.give(camp.state)
    seed, secret = game_seed(camp.header.seed, n), game_secret(camp, n)
    options = {"professional": True, "buildings": given, "orienter": orienter}
    header, session = make_header(camp.header.game, list(camp.header.players), seed=seed, options=options,
                                  meta={"campaign": camp.header.log_id, "game": str(n)},
                                  log_id=f"{camp.header.log_id}-game{n}",
                                  commit=Commit(sha256=commitment(secret)) if secret is not None else None)
    session.secret = secret
    build = Builder.new(header, session)
    build.draw_chance()
    camp.stage([camp.rules.started(camp.state, name, header.log_id)])  # refused here, before any file is made
    side = None
    if secret is not None and not _left(seed_path(path), secret_text(header.log_id, secret)):
        side = write_secret(path, header.log_id, secret)
    if not _left(path, b"".join(line + b"\n" for line in build.lines)):
        try:
            create_record(path, build.lines)
        except BaseException:
            if side is not None:  # the record was not made: the seed file made for it goes too
                side.unlink()
            raise
    return f"{path}: game {n} of the campaign started with buildings {given}"


def _left(path: Path, data: bytes) -> bool:
    """True when `path` is a regular file holding exactly `data`: what a run stopped after making it left."""
    from planets_log.record.errors import UsageError
    from planets_log.record.files import read_capped

    try:
        return read_capped(path, "file", len(data)) == data
    except UsageError:
        return False


@campaign.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--seat", "seat", default=None, metavar="PLAYER",
              help="As this player sees it: their buildings dealt and not yet decided.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def status(log: str, seat: str | None, as_json: bool) -> None:
    """Show the campaign: buildings, finished games, totals, what is due.

    A building kept while the other player still chooses shows as '?'. The buildings dealt
    to a player show only with --seat.

    \b
    Example:
      planets-log campaign status camp.jsonl --json
      planets-log campaign status camp.jsonl --seat Ann
    """
    from planets_log.audit.campaign import Campaign

    camp = Campaign(log)
    data = camp.rules.status(camp.state, None if seat is None else _seat(camp.header.players, seat))
    if as_json:
        echo_json(data)
        return
    _echo(_text(data, log))


def _text(data: dict[str, Any], log: str) -> str:
    lines = [f"Campaign: {' vs '.join(data['players'])}"]
    for name, owned in zip(data["players"], data["buildings"]):
        lines.append(f"  {name}'s buildings: {', '.join(owned) or '-'}")
    for game in data["games"]:
        lines.append(f"  game {game['game']}: {' – '.join(map(str, game['totals']))}")
    turn = f"; start tile turned by {data['next_orienter']}" if data["next_orienter"] else ""
    due = data["due"]
    if due == "over":
        due = "nothing, the campaign is over"
    elif due.startswith("finish game"):
        due = f"{due[len('finish '):]} is being played; when it is over: planets-log campaign next {log}"
    lines.append(f"  totals: {' – '.join(map(str, data['totals']))}; next: {due}{turn}")
    if data.get("seat"):
        lines.append(f"  {data['seat']}'s buildings dealt, to decide: {', '.join(data['hand']) or '-'}")
    if data.get("passed"):
        lines.append(f"  passed to the leader: {', '.join(data['passed'])}")
    if data["winner"]:
        lines.append(f"  campaign winner: {' and '.join(data['winner'])}")
    return "\n".join(lines)


@campaign.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def score(log: str, as_json: bool) -> None:
    """Print each game's VP, the totals and (when over) the campaign's winner.

    \b
    Example:
      planets-log campaign score camp.jsonl
    """
    from planets_log.audit.campaign import Campaign

    camp = Campaign(log)
    data = camp.rules.status(camp.state)
    out = {"games": data["games"], "totals": data["totals"], "winner": data["winner"]}
    if as_json:
        echo_json(out)
        return
    _echo(_text(data, log))


@campaign.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def validate(log: str, as_json: bool) -> None:
    """Check the campaign record and each linked game: valid, unchanged, with the buildings given.

    \b
    Example:
      planets-log campaign validate camp.jsonl
    """
    from planets_log.audit.campaign_links import validate_campaign

    errors = validate_campaign(log)
    if as_json:
        echo_json({"file": log, "valid": not errors, "errors": [e.to_json() for e in errors]})
    else:
        for err in errors:
            _echo(str(err))
        _echo(f"{log}: {'valid' if not errors else f'{len(errors)} error(s)'}{_mode(log) if not errors else ''}")
    if errors:
        raise SystemExit(1)


def _mode(log: str) -> str:
    """What a valid campaign's deals are checked against: said only of a committed seed."""
    from planets_log.audit.campaign import Campaign

    camp = Campaign(log)
    if not camp.committed:
        return ""
    if camp.revealed is None:
        return "; deals not yet verifiable: the secret seed is revealed when the campaign is over"
    return "; secret seed revealed, every deal verified"
