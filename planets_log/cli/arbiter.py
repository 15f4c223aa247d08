"""The arbiter's commands: rule (let an illegal move stand), penalty, result."""

from __future__ import annotations

import click

from planets_log.engine.hints import mover_text

from .common import complete_seat, edition_option, seat_index


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.argument("move")
@click.option("--reason", required=True, help="Why the move stands although a rule forbids it.")
@click.option("--arbiter", default=None, help="Who ruled.")
@edition_option
def rule(log: str, move: str, reason: str, arbiter: str | None, edition: str | None) -> None:
    """Record MOVE with an arbiter's ruling that lets it stand although it breaks a rule.

    Validation then reports the move as ruled, with the reason, instead of invalid.
    Only the game's own rules can be ruled past, never the record's order or turns.

    \b
    Example:
      planets-log rule game.jsonl "d3" --reason "both players agreed to replay the dispatch" --arbiter "TD Kim"
    """
    from planets_log.engine.recorder import Recorder

    rec = Recorder(log, edition)
    for entry in rec.rule(move, reason, arbiter):
        click.echo(f"{entry.seq:>4}  {entry.text}")
    click.echo(mover_text(rec.session, rec.pos))


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--seat", required=True, shell_complete=complete_seat, help="The penalised player (name, or seat number from 1).")
@click.option("--points", type=int, required=True, help="Added to the player's total (negative for a penalty).")
@click.option("--reason", required=True, help="Why.")
@click.option("--arbiter", default=None, help="Who decided.")
@edition_option
def penalty(log: str, seat: str, points: int, reason: str, arbiter: str | None, edition: str | None) -> None:
    """Record a score adjustment for a player, with its reason.

    \b
    Example:
      planets-log penalty game.jsonl --seat Ben --points -3 --reason "late arrival" --arbiter "TD Kim"
    """
    from planets_log.engine.recorder import Recorder
    from planets_log.record.events import Penalty

    rec = Recorder(log, edition)
    event = Penalty(seat=seat_index(rec.session, seat), points=points, reason=reason, arbiter=arbiter)
    for entry in rec.add(event):
        click.echo(f"{entry.seq:>4}  {entry.text}")


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--winner", "winners", multiple=True, shell_complete=complete_seat, help="A winner (name, or seat number from 1; repeat for a shared win).")
@click.option("--nobody", is_flag=True, help="Nobody won (or the solo player lost).")
@click.option("--by", "declared_by", type=click.Choice(["players", "arbiter"]), default="players", show_default=True,
              help="Who declares the result.")
@click.option("--reason", default=None, help="Why (needed when the arbiter overrides the computed result).")
@click.option("--arbiter", default=None, help="With --by arbiter: who decided.")
@edition_option
def result(log: str, winners: tuple[str, ...], nobody: bool, declared_by: str, reason: str | None,
           arbiter: str | None, edition: str | None) -> None:
    """Record the declared result of the game (checked against the rules by `audit` and `score`).

    An arbiter's result that differs from the rules' (or decides a game not over) stands
    with its reason; `validate` and `audit` list it with the arbiter and the reason, and
    `audit --require overrides-sealed` refuses it in a record not sealed after it.

    \b
    Example:
      planets-log result game.jsonl --winner Ann
      planets-log result game.jsonl --winner Ben --by arbiter --arbiter "TD Kim" --reason "Ann left before scoring"
      planets-log result solo.jsonl --nobody
    """
    import msgspec

    if bool(winners) == nobody:
        raise click.UsageError("give either --winner (once per winner) or --nobody")
    if arbiter is not None and declared_by != "arbiter":
        raise click.UsageError("--arbiter names who decided a result declared --by arbiter")
    from planets_log.engine.recorder import Recorder
    from planets_log.engine.scoring import result_check
    from planets_log.record.events import Result

    rec = Recorder(log, edition)
    event = Result(winners=[seat_index(rec.session, w) for w in winners], declared_by=declared_by, reason=reason,
                   arbiter=msgspec.UNSET if arbiter is None else arbiter)
    for entry in rec.add(event):
        click.echo(f"{entry.seq:>4}  {entry.text}")
    click.echo(result_check(rec.session, rec.pos)[1])


@click.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--seed-file", type=click.Path(dir_okay=False), default=None,
              help="The secret seed file (default: LOG.seed beside the record).")
@edition_option
def reveal(log: str, seed_file: str | None, edition: str | None) -> None:
    """Reveal the committed secret seed of LOG in the record, so every draw can be verified.

    The recorder reveals it by itself when the game ends; the arbiter reveals it by hand
    when a game is abandoned or adjourned for good. After the reveal anyone holding the
    record can foresee the draws still to come, so reveal only a game that will not go on.

    \b
    Example:
      planets-log reveal table-07.jsonl
      planets-log validate table-07.jsonl
    """
    from planets_log.engine.recorder import Recorder

    rec = Recorder(log, edition, seed_file=seed_file)
    for entry in rec.reveal():
        click.echo(f"{entry.seq:>4}  {entry.text}")
