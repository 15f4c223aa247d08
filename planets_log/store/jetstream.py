"""The JetStream store: one stream per tournament, one subject per record, one message per line; the server state in
a key-value bucket of the same name.

Every append carries the revision of the record's subject it was typed against (`Nats-Expected-Last-Subject-
Sequence`): JetStream refuses it when another writer appended first, as the files store refuses a stale writer.
The client is asynchronous; this store runs it on a loop of its own in one thread and gives the synchronous
interface every other part of planets-log uses.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from typing import Any, Awaitable, TypeVar
from urllib.parse import parse_qs, urlsplit

from planets_log.record.errors import RecordError, UsageError

from .base import NATS_PACKAGE, RECORD_STEM, SUFFIX, Conflict, EventStore, Follower, record_stem

try:
    import nats
    from nats.js import api
    from nats.js import errors as js_errors
except ImportError:  # the extra is not installed: the files store works, a nats:// store says what to install
    HAVE_NATS = False
else:
    HAVE_NATS = True

T = TypeVar("T")
PREFIX = "planets-log"
STATE_KEY = "state"
LINKS_KEY = "links-key"
WRONG_LAST_SEQUENCE = 10071
"""JetStream's error code for a publish whose expected last subject sequence is not the subject's."""
MAX_BATCH = 1000
"""The most lines one append holds (JetStream's limit for an atomic batch)."""
SECONDS = 10.0
"""How long a call waits for the NATS servers before it is refused (503)."""


def parse_address(address: str) -> tuple[list[str], str, int]:
    """`nats://h1:4222,h2:4222/TOURNAMENT[?replicas=N]` → the servers, the tournament, the replicas."""
    parts = urlsplit(address)
    hosts = [h for h in parts.netloc.split(",") if h]
    tournament = parts.path.strip("/")
    if not hosts or not RECORD_STEM.match(tournament):
        raise UsageError(f"{address!r} is not a NATS store: write nats://HOST:PORT[,HOST2:PORT…]/TOURNAMENT, the "
                         "tournament's name in letters, digits, '-' and '_'", code="store.address")
    query = parse_qs(parts.query)
    replicas = min(len(hosts), 3)
    if "replicas" in query:
        try:
            replicas = int(query["replicas"][-1])
        except ValueError:
            replicas = 0
        if not 1 <= replicas <= 5:
            raise UsageError(f"{address!r}: replicas must be a number from 1 to 5", code="store.address")
    return [f"nats://{h}" for h in hosts], tournament, replicas


async def _unheard(exc: Exception) -> None:
    """A NATS server of the list is down: the client tries the others (a call that fails says so itself)."""


class _Loop:
    """An event loop in a thread of its own, for a synchronous caller."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="planets-log-nats", daemon=True)
        self.thread.start()

    def run(self, coro: Awaitable[T], seconds: float = SECONDS) -> T:
        """The result of `coro` run on the loop (waited for at most `seconds`)."""
        future: Any = asyncio.run_coroutine_threadsafe(coro, self.loop)  # type: ignore[arg-type]
        result: T = future.result(seconds)
        return result

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(SECONDS)
        if not self.thread.is_alive():
            self.loop.close()


class JetStreamStore(EventStore):
    """A tournament in NATS JetStream: stream and bucket `planets-log-TOURNAMENT`, subjects `planets-log.T.RECORD`."""

    def __init__(self, servers: list[str], tournament: str, replicas: int = 1):
        if not HAVE_NATS:
            raise UsageError(f"a nats:// store needs the NATS client, which is not installed: {NATS_PACKAGE}",
                             code="store.package")
        self.address = f"{','.join(servers)}/{tournament}"
        self.servers, self.tournament, self.replicas = servers, tournament, replicas
        self.name = f"{PREFIX}-{tournament}"
        self.subjects = f"{PREFIX}.{tournament}"
        self._subs: list[Any] = []
        self._loop = _Loop()
        try:
            self._loop.run(self._connect(), SECONDS * 2)
        except BaseException as exc:
            self.close()
            raise self._refusal(exc, "cannot open") from None

    async def _connect(self) -> None:
        self.nc = await nats.connect(servers=self.servers, connect_timeout=2, max_reconnect_attempts=-1,
                                     allow_reconnect=True, reconnect_time_wait=0.5, error_cb=_unheard)
        self.js = self.nc.jetstream(timeout=SECONDS / 2)
        try:
            await self.js.stream_info(self.name)
        except js_errors.NotFoundError:
            await self._create_stream()
        try:
            self.kv = await self.js.key_value(self.name)
        except js_errors.BucketNotFoundError:
            self.kv = await self.js.create_key_value(bucket=self.name, history=1, replicas=self.replicas,
                                                     storage=api.StorageType.FILE)

    async def _create_stream(self) -> None:
        """The tournament's stream, taking atomic batches (a move and the draws that follow it: all or none).

        Made through the JetStream API directly: the client's stream settings do not know `allow_atomic` yet."""
        config = {"name": self.name, "subjects": [f"{self.subjects}.>"], "num_replicas": self.replicas,
                  "storage": "file", "allow_direct": True, "allow_atomic": True}
        answer = await self.nc.request(f"$JS.API.STREAM.CREATE.{self.name}", json.dumps(config).encode(), SECONDS / 2)
        error = json.loads(answer.data).get("error")
        if error is not None:
            raise RecordError(f"cannot make the stream {self.name}: {error.get('description')} (atomic batches need "
                              "nats-server 2.12 or later)", file=self.address, code="store.unavailable", kind="io")

    def _refusal(self, exc: BaseException, doing: str) -> BaseException:
        """A failure of NATS as planets-log's error (503 to a client, exit code 2 on the command line)."""
        if isinstance(exc, (RecordError, UsageError)):
            return exc
        words = str(exc) or type(exc).__name__
        return RecordError(f"{doing} the NATS store {self.address}: {words}", file=self.address,
                           code="store.unavailable", kind="io")

    def _call(self, coro: Awaitable[T], doing: str) -> T:
        try:
            return self._loop.run(coro)
        except BaseException as exc:
            raise self._refusal(exc, doing) from None

    def subject(self, record: str) -> str:
        return f"{self.subjects}.{record_stem(record)}"

    def records(self) -> list[str]:
        return self._call(self._records(), "cannot list the records of")

    async def _records(self) -> list[str]:
        info = await self.js.stream_info(self.name, subjects_filter=f"{self.subjects}.>")
        subjects = info.state.subjects or {}
        return sorted(s.rsplit(".", 1)[1] + SUFFIX for s in subjects)

    def read(self, record: str) -> tuple[list[bytes], int]:
        return self._call(self._read(self.subject(record)), f"cannot read {record} from")

    async def _read(self, subject: str) -> tuple[list[bytes], int]:
        try:
            last = int((await self.js.get_last_msg(self.name, subject)).seq or 0)
        except js_errors.NotFoundError:
            return [], 0
        lines = [data async for data, _, _, _ in self._messages(subject, 1, last)]
        return lines, last

    async def _messages(self, subject: str, start: int, last: int) -> Any:
        """(line, subject, stream sequence, time stored) of every message on `subject` from `start` up to `last`."""
        sub = await self.js.subscribe(subject, ordered_consumer=True,
                                      deliver_policy=api.DeliverPolicy.BY_START_SEQUENCE,
                                      config=api.ConsumerConfig(opt_start_seq=start), pending_msgs_limit=-1,
                                      pending_bytes_limit=-1)
        try:
            while True:
                msg = await sub.next_msg(SECONDS)
                seq = msg.metadata.sequence.stream
                if seq > last:
                    return
                yield msg.data, msg.subject, seq, msg.metadata.timestamp.timestamp()
                if seq == last:
                    return
        finally:
            await sub.unsubscribe()

    def read_all(self) -> dict[str, tuple[list[bytes], int]]:
        """Every record at once (one pass over the stream): name → (lines, revision); `stored` then holds when each
        record's last line was stored (the time a folder's file would show)."""
        return self._call(self._read_all(), "cannot read")

    async def _read_all(self) -> dict[str, tuple[list[bytes], int]]:
        last = (await self.js.stream_info(self.name)).state.last_seq
        out: dict[str, tuple[list[bytes], int]] = {}
        self.stored: dict[str, float] = {}
        if not last:
            return out
        async for data, subject, seq, when in self._messages(f"{self.subjects}.>", 1, last):
            record = subject.rsplit(".", 1)[1] + SUFFIX
            lines = out.get(record, ([], 0))[0]
            lines.append(data)
            out[record] = (lines, seq)
            self.stored[record] = when
        return out

    def position(self) -> int:
        return self._call(self._position(), "cannot read")

    async def _position(self) -> int:
        return int((await self.js.stream_info(self.name)).state.last_seq)

    def append(self, record: str, lines: list[bytes], expected: int) -> int:
        return self._call(self._append(record, self.subject(record), lines, expected), f"cannot append to {record} in")

    async def _append(self, record: str, subject: str, lines: list[bytes], expected: int) -> int:
        """One line: one message; more: one atomic batch (the first line carries the expected revision, the last
        commits; at most MAX_BATCH). A lone line is never sent as a batch: a batch's commit costs the node far more
        (one stream took about 390 one-line batches a second against 20,000 messages, nats-server 2.15)."""
        if not 0 < len(lines) <= MAX_BATCH:
            raise UsageError(f"an append holds 1 to {MAX_BATCH} lines, not {len(lines)}", code="store.batch")
        batch = secrets.token_hex(12) if len(lines) > 1 else None
        for number, line in enumerate(lines, 1):
            headers = {} if batch is None else {"Nats-Batch-Id": batch, "Nats-Batch-Sequence": str(number)}
            if number == 1:
                headers["Nats-Expected-Last-Subject-Sequence"] = str(expected)
            if number < len(lines):
                await self.nc.publish(subject, line, headers=headers)
                continue
            if batch is not None:
                headers["Nats-Batch-Commit"] = "1"
            answer = json.loads((await self.nc.request(subject, line, SECONDS / 2, headers=headers)).data)
        error = answer.get("error")
        if error is None:
            return int(answer["seq"])
        if error.get("err_code") == WRONG_LAST_SEQUENCE:
            raise Conflict(f"{self.address}:{record}", "the record changed since it was read (another writer "
                           "appended first); nothing was written")
        raise RecordError(f"the NATS store refused the append to {record}: {error.get('description')}; nothing was "
                          "written", file=self.address, code="store.refused", kind="io")

    def get_state(self) -> tuple[bytes | None, int]:
        return self._call(self._get(STATE_KEY), "cannot read the server state of")

    async def _get(self, key: str) -> tuple[bytes | None, int]:
        try:
            entry = await self.kv.get(key)
        except js_errors.KeyNotFoundError:
            return None, 0
        return entry.value, int(entry.revision or 0)

    def put_state(self, data: bytes, expected: int) -> int:
        return self._call(self._put(STATE_KEY, data, expected), "cannot write the server state of")

    async def _put(self, key: str, data: bytes, expected: int) -> int:
        try:
            if expected == 0:
                return int(await self.kv.create(key, data))
            return int(await self.kv.update(key, data, last=expected))
        except (js_errors.KeyWrongLastSequenceError, js_errors.BadRequestError) as exc:
            if isinstance(exc, js_errors.KeyWrongLastSequenceError) or exc.err_code == WRONG_LAST_SEQUENCE:
                raise Conflict(f"{self.address}:{key}", "the server state changed since it was read (another "
                               "server wrote it); nothing was written") from None
            raise

    def get_key(self) -> bytes | None:
        return self._call(self._get(LINKS_KEY), "cannot read the links key of")[0]

    def put_key(self, data: bytes) -> bytes:
        try:
            self._call(self._put(LINKS_KEY, data, 0), "cannot write the links key of")
        except Conflict:
            pass
        key = self.get_key()
        assert key is not None
        return key

    def get_seed(self, record: str) -> bytes | None:
        return self._call(self._get(f"seed.{record_stem(record)}"), "cannot read a secret seed from")[0]

    def put_seed(self, record: str, data: bytes) -> None:
        try:
            self._call(self._put(f"seed.{record_stem(record)}", data, 0), "cannot write a secret seed to")
        except Conflict:
            pass

    def follow(self, callback: Follower, after: int = 0) -> None:
        self._call(self._follow(callback, after), "cannot follow")

    async def _follow(self, callback: Follower, after: int) -> None:
        async def each(msg: Any) -> None:
            callback(msg.subject.rsplit(".", 1)[1] + SUFFIX, msg.data, msg.metadata.sequence.stream)

        sub = await self.js.subscribe(f"{self.subjects}.>", cb=each, ordered_consumer=True,
                                      deliver_policy=api.DeliverPolicy.BY_START_SEQUENCE,
                                      config=api.ConsumerConfig(opt_start_seq=after + 1),
                                      pending_msgs_limit=-1, pending_bytes_limit=-1)
        self._subs.append(sub)

    def watch_state(self, callback: Any) -> None:
        """Call `callback(data, revision)` whenever the server state changes (another server's write included)."""
        self._call(self._watch(callback), "cannot watch the server state of")

    async def _watch(self, callback: Any) -> None:
        watcher = await self.kv.watch(STATE_KEY, include_history=False)

        async def pump() -> None:
            async for entry in watcher:
                if entry is not None and entry.value is not None:
                    callback(entry.value, entry.revision)

        self._subs.append(watcher)
        self._pump = asyncio.ensure_future(pump())

    def close(self) -> None:
        if self._loop.loop.is_closed():
            return
        try:
            self._loop.run(self._close())
        except BaseException:
            pass
        self._loop.stop()

    async def _close(self) -> None:
        if getattr(self, "_pump", None) is not None:
            self._pump.cancel()
        for sub in self._subs:
            try:
                await sub.stop() if hasattr(sub, "stop") else await sub.unsubscribe()
            except Exception:
                pass
        if getattr(self, "nc", None) is not None:
            await self.nc.close()
