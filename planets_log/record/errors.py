"""The project's own errors: every failure a user can meet is one of these."""

from __future__ import annotations

import errno
from typing import Any, TypeVar

E = TypeVar("E", bound="PlanetsLogError")


class PlanetsLogError(Exception):
    """Base of every error the command line reports without a traceback.

    `public` is the text any seat may read where `message` (the scorekeeper's) tells what
    some seat may not know: a hidden card, a hand, a draw the secret seed gives; None
    when the message itself is for anyone. Output for a seat (`--as`) shows `for_seat()`.
    """

    exit_code = 1
    index: int | None = None
    """Which of several inputs given at once was refused (0-based), where that is known."""

    def __init__(self, message: str, *, code: str = "error", rule: str | None = None, public: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.rule = rule
        self.public = public

    def for_seat(self: E) -> E:
        """This error as any seat may read it: the public text in place of the scorekeeper's message."""
        if self.public is None:
            return self
        seen = type(self).__new__(type(self), self.public)  # a copy: __init__'s arguments differ by class
        seen.__dict__.update(self.__dict__)
        seen.message, seen.public = self.public, None
        return seen

    def prefixed(self, prefix: str) -> None:
        """Put `prefix` before the message and its public text alike."""
        self.message = prefix + self.message
        if self.public is not None:
            self.public = prefix + self.public

    def __str__(self) -> str:
        from .text import escape

        rule = f" ({self.rule})" if self.rule else ""
        return escape(f"[{self.code}]: {self.message}{rule}")


class UsageError(PlanetsLogError):
    """The command was called wrongly (exit code 2)."""

    exit_code = 2


class NoRoom(UsageError):
    """A write refused for want of room (a full disk, a quota, a file-size limit): `file.write` as any other
    failed write, for the command line; the server answers it 507, as no one's mistake but the disk's."""

    kind = "full"


NO_ROOM = frozenset((errno.ENOSPC, errno.EDQUOT, errno.EFBIG))
"""The errors a write fails with when the disk, a quota or a file-size limit leaves no room."""


def write_failed(path: object, exc: OSError) -> UsageError:
    """The `file.write` error for `exc` when writing `path`: a `NoRoom` when there was no room."""
    kind = NoRoom if exc.errno in NO_ROOM else UsageError
    return kind(f"cannot write {path}: {exc.strerror or exc}", code="file.write")


class IllegalEvent(PlanetsLogError):
    """An event breaks a rule of the game; `rule` names the rulebook section."""

    kind = "illegal"

    def __init__(self, code: str, message: str, rule: str | None = None, public: str | None = None):
        super().__init__(message, code=code, rule=rule, public=public)


class NotationError(IllegalEvent):
    """A move's text cannot be read in the game's notation."""

    kind = "notation"

    def __init__(self, text: str, message: str, rule: str | None = "Notation"):
        super().__init__("notation", f"cannot read {text!r}: {message}", rule)


class RecordError(PlanetsLogError):
    """A problem at one place of a record file: file, line, seq, code, rule."""

    def __init__(
        self,
        message: str,
        *,
        file: str,
        line: int | None = None,
        seq: int | None = None,
        code: str = "record",
        rule: str | None = None,
        kind: str = "invalid",
        offset: int | None = None,
        path: str | None = None,
        public: str | None = None,
    ):
        super().__init__(message, code=code, rule=rule, public=public)
        self.file = file
        self.line = line
        self.seq = seq
        self.kind = kind
        self.offset = offset
        self.path = path

    @classmethod
    def at(cls, file: str, line: int | None, seq: int | None, err: PlanetsLogError, **kw: Any) -> "RecordError":
        """Place an error raised by a rule or the reader at a line of a file."""
        kind = getattr(err, "kind", "invalid")
        return cls(err.message, file=file, line=line, seq=seq, code=err.code, rule=err.rule, kind=kind,
                   public=err.public, **kw)

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
        parts = [where]
        if self.seq is not None:
            parts.append(f"seq {self.seq}")
        rule = f" ({self.rule})" if self.rule else ""
        # a byte offset helps with a damaged file, not with a move that breaks a rule
        shown = self.offset is not None and self.kind in ("format", "torn", "io")
        offset = f" at byte {self.offset}" if shown else ""
        path = f" at {self.path}" if self.path else ""
        parts.append(f"{self.kind} [{self.code}]: {self.message}{path}{offset}{rule}")
        from .text import escape

        return escape(": ".join(parts))

    def to_json(self) -> dict[str, Any]:
        """The stable `validate --json` form of one error."""
        return {
            "line": self.line,
            "seq": self.seq,
            "code": self.code,
            "message": self.message,
            "rule": self.rule,
            "offset": self.offset,
            "path": self.path,
        }


class InternalError(Exception):
    """A bug in planets-log or a game's rules (an exception a hook raised that is not an
    illegal-event error): never the record's fault. The original exception is `__cause__`,
    so `--debug` can show its traceback."""

    def __init__(self, message: str, *, where: str = ""):
        super().__init__(message)
        self.message = message
        self.where = where

    def placed(self, file: str, line: int | None, seq: int | None) -> "InternalError":
        """The same error, said to have happened at a line of a file (kept if already placed)."""
        if not self.where:
            self.where = f"{file}:{line}: seq {seq}: " if line is not None else f"{file}: "
        return self

    def __str__(self) -> str:
        return (f"{self.where}internal error: {self.message} (a bug in planets-log, not a problem of the record; "
                "run with --debug for the traceback and please report it)")


def internal(hook: str, game: str, exc: BaseException) -> InternalError:
    """The InternalError for an exception a game's hook raised; raise it `from exc`."""
    return InternalError(f"the {game} rules' {hook}() raised {type(exc).__name__}: {exc}")
