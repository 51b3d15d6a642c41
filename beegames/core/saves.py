"""Save files: a header, the whole history and the current state, as JSON.

Writing is atomic: the document goes to a temporary file in the same folder,
is flushed and fsynced, then renamed over the target with :func:`os.replace`,
so a crash leaves either the old file or the new one, never half of one. A new
game's file is created with :func:`create_new_save`, which never takes a name
another file already has, even when two programs start games at once.

Loading trusts nothing. Only a regular file of reasonable size is read; the
JSON is validated by :class:`SaveFile`; the history is replayed from the seed
and the replayed state must equal the saved one. Any failure becomes a
:class:`SaveError` with one short line, and a file that fails to load is never
written to.

A save records the rules version of its game. When the rules have changed
since and the old history replays to the saved position in all but the log's
wording (and details the newer rules keep, ``replay_additions``), a game whose
engine allows it (``replays_reworded_logs``) replays it (its log now worded by
the current rules). When it no
longer replays to the saved position, the game
opens at its saved position instead: the match gets a :class:`Checkpoint` and
a one-line notice, and the earlier moves can no longer be undone. A position
taken up without a replay, like the state a later save keeps in its
checkpoint, could have been edited by hand, so it must pass every check of
:func:`beegames.core.trust.position_problem`, or the file is refused. A
checkpoint is also replayed from the seed: if its moves lead to it, it is
confirmed; if not, the match says which moves were taken as saved
(:attr:`Match.unreplayed`, also its notice), and so do ``verify``, ``load``
and the Load screen.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel, ValidationError

from .errors import BeegamesError, IllegalMove, SaveError
from .match import Checkpoint, HistoryEntry, Match, MatchHeader, SavedAt
from .paths import checkout_root as checkout_root  # re-exported: where saves go
from .paths import default_saves_dir as default_saves_dir
from .paths import settings_path as settings_path
from .protocol import Engine, SeatInfo
from .text import printable_data
from .trust import position_problem

FORMAT = "beegames-save"
#: Version 2 added the rules version, hand-off choice and checkpoint.
VERSION = 2
SUFFIX = ".json"
#: The largest file read as a save: far above any real game.
MAX_SAVE_BYTES = 32 * 1024 * 1024
#: The most characters of a file's content quoted in a message.
QUOTE = 80
#: Temporary files older than this (seconds) are leftovers of killed writes.
STALE_TEMP_SECONDS = 120


class SaveFile(BaseModel):
    """The JSON document of one save."""

    format: str
    version: int
    game: str
    rules_version: int = 0
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    handoffs: bool = True
    #: hints allowed (None in saves written before it was recorded: from the seats)
    hints: bool | None = None
    created: str
    saved: str
    turn: int = 0
    moves: int = 0
    over: bool = False
    #: saved while the screen stood at a stop (see :attr:`Match.at_stop`); absent in older saves
    stop: bool = False
    result: str | None = None
    checkpoint: Checkpoint | None = None
    history: list[HistoryEntry]
    state: dict[str, Any]


def to_document(match: Match[Any, Any]) -> SaveFile:
    result = match.result
    return SaveFile(
        format=FORMAT,
        version=VERSION,
        game=match.header.game,
        rules_version=match.engine.rules_version,
        options=match.header.options,
        seats=match.header.seats,
        seed=match.header.seed,
        handoffs=match.header.handoffs,
        hints=match.header.hints,
        created=match.header.created,
        saved=datetime.now(UTC).isoformat(timespec="seconds"),
        turn=match.turn,
        moves=len(match.history),
        over=result is not None,
        stop=match.at_stop,
        result=result.summary if result is not None else None,
        checkpoint=match.checkpoint,
        history=match.history,
        state=match.settled_state().model_dump(mode="json"),
    )


def document_text(match: Match[Any, Any]) -> str:
    return to_document(match).model_dump_json(indent=1) + "\n"


def document_key(match: Match[Any, Any]) -> str:
    """What a save of ``match`` would hold, apart from the time it is written:
    two equal keys mean writing again would change nothing but ``saved``."""
    return to_document(match).model_dump_json(exclude={"saved"})


# -- writing -----------------------------------------------------------------


@contextlib.contextmanager
def _temp_file(folder: Path, name: str) -> Iterator[tuple[IO[str], str]]:
    """A temporary file beside the target, removed again if anything fails."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            yield fh, tmp
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _write_and_sync(fh: IO[str], text: str) -> None:
    fh.write(text)
    fh.flush()
    os.fsync(fh.fileno())


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows it."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (temp file, fsync, replace)."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"{path} is a folder, not a save file")
    path.parent.mkdir(parents=True, exist_ok=True)
    with _temp_file(path.parent, path.name) as (fh, tmp):
        _write_and_sync(fh, text)
        fh.close()
        os.replace(tmp, path)
    _sync_folder(path.parent)


def atomic_create_text(path: Path, text: str) -> bool:
    """Create ``path`` holding ``text``, atomically, only if no file has that
    name; returns False (writing nothing) if one does. The content appears
    whole or not at all: it is written to a temporary file and linked in."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with _temp_file(path.parent, path.name) as (fh, tmp):
        _write_and_sync(fh, text)
        fh.close()
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    _sync_folder(path.parent)
    return True


def write_save(match: Match[Any, Any], path: Path) -> Path:
    atomic_write_text(Path(path), document_text(match))
    return Path(path)


def slug(text: str) -> str:
    """``text`` reduced to lower-case letters, digits and dashes, for a file name."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "player"


def game_slug(match: Match[Any, Any]) -> str:
    """The start of a save's file name: the game, and how it was set up."""
    setup = match.engine.setup_summary(match.header.options)
    return f"{match.header.game}-{slug(setup)[:40]}" if setup else match.header.game


def save_name(match: Match[Any, Any], when: datetime | None = None) -> str:
    """A readable file name: game (and how it was set up), players and the game's start time."""
    when = when or datetime.fromisoformat(match.header.created)
    players = "-".join(slug(s.name) for s in match.header.seats)[:60]
    return f"{game_slug(match)}_{players}_{when.strftime('%Y-%m-%d_%H%M%S')}{SUFFIX}"


def create_new_save(match: Match[Any, Any], folder: Path, name: str | None = None) -> Path:
    """Write ``match`` to a new file in ``folder`` under a readable name that
    no other file has (``…-2.json``, ``…-3.json`` … if needed), and return its
    path. Two programs doing this at once always get two different files."""
    folder = Path(folder)
    base = (name or save_name(match)).removesuffix(SUFFIX)
    text = document_text(match)
    for n in range(1, 10_000):
        path = folder / (f"{base}{SUFFIX}" if n == 1 else f"{base}-{n}{SUFFIX}")
        if atomic_create_text(path, text):
            return path
    raise SaveError(f"no free file name for {base} in {folder}")


def remove_stale_temp_files(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete the hidden temporary files that killed writes left in
    ``folder`` (only ones older than ``older_than`` seconds, so a write in
    progress elsewhere is left alone). Returns how many were removed."""
    removed = 0
    now = time.time()
    try:
        entries = list(Path(folder).glob(f".*{SUFFIX}.*.tmp"))
    except OSError:
        return 0
    for path in entries:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


# -- who has a save open ---------------------------------------------------------


def lock_path(path: Path) -> Path:
    """The hidden lock file beside a save: ``.NAME.lock``."""
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


class SaveLock:
    """An advisory lock saying "this save is open in a running beegames".

    It is an exclusive :func:`fcntl.flock` on ``.NAME.lock`` beside the
    save, so the system releases it when the process ends, however it ends.
    :meth:`acquire` never waits: it returns ``None`` when another program
    holds the lock. Where the platform has no ``flock`` (Windows) every
    acquire succeeds and nothing is locked.
    """

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = Path(path)
        self._fd = fd

    @classmethod
    def acquire(cls, path: Path) -> SaveLock | None:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not on POSIX
            return cls(path, None)
        target = lock_path(path)
        for _ in range(20):  # the file may be removed between open and lock
            try:
                fd = os.open(target, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
            except OSError:
                return cls(path, None)  # cannot lock here (read-only folder): nothing to protect
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                return None
            try:
                same = os.fstat(fd).st_ino == os.stat(target).st_ino
            except OSError:
                same = False
            if same:
                return cls(path, fd)
            os.close(fd)  # we locked a file someone has just removed: try again
        return None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the lock up and remove its file. Safe to call twice."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.unlink(lock_path(self.path))
        os.close(fd)

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def is_locked(path: Path) -> bool:
    """True if a running program holds the lock of the save at ``path``."""
    probe = SaveLock.acquire(path)
    if probe is None:
        return True
    probe.release()
    return False


def remove_stale_locks(folder: Path) -> int:
    """Remove lock files left by programs that have ended (nobody holds them).
    Returns how many were removed."""
    removed = 0
    try:
        entries = list(Path(folder).glob(f".*{SUFFIX}.lock"))
    except OSError:
        return 0
    for entry in entries:
        save = entry.with_name(entry.name[1:].removesuffix(".lock"))
        probe = SaveLock.acquire(save)
        if probe is not None and probe.held:
            probe.release()  # releasing removes the file
            removed += 1
    return removed


def tidy_folder(folder: Path) -> None:
    """What opening the saves folder does first: remove the temporary files
    of killed writes and the lock files of programs that have ended."""
    remove_stale_temp_files(folder)
    remove_stale_locks(folder)


# -- reading -------------------------------------------------------------------


def _short(value: object, limit: int = QUOTE) -> str:
    """``value`` as text for a message: at most ``limit`` characters."""
    try:
        text = str(value)
    except ValueError:  # e.g. an integer too long to turn into text
        return "(too long to show)"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fail(path: Path, what: str) -> SaveError:
    return SaveError(f"{_short(path.name, 60)} {_short(what, 160)}")


def read_bytes_safely(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit``
    bytes. FIFOs, devices and folders are refused without being opened."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SaveError(f"{_short(path, 120)} does not exist") from None
    except OSError as exc:
        raise _fail(path, f"cannot be read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise _fail(path, "is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise _fail(path, "is not a regular file (a device, pipe or socket), so it is not read")
    if info.st_size > limit:
        raise _fail(path, f"is too large to be a save ({info.st_size:,} bytes)")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _fail(path, f"cannot be read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the check
            raise _fail(path, "is not a regular file, so it is not read")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise _fail(path, f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise _fail(path, "is too large to be a save")
    return raw


def parse_json(path: Path, raw: bytes) -> Any:
    """Decode a save's JSON; every kind of failure is one :class:`SaveError`.
    A UTF-8 byte-order mark before it (as Windows Notepad writes one) is
    skipped; beegames never writes one."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _fail(path, "is not a beegames save (it is not text)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        # JSON strings cannot span lines, so a document cut short always
        # fails on its last line
        if text.strip() and exc.lineno > text.rstrip().count("\n"):
            raise _fail(path, f"is cut short (truncated JSON at line {exc.lineno})") from None
        raise _fail(path, f"is damaged: invalid JSON at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise _fail(path, "is damaged: its JSON is nested too deeply") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):
            raise _fail(path, "is damaged: it holds a number thousands of digits long") from None
        raise _fail(path, f"is damaged: {_short(exc, 80)}") from None


def _validation_message(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(_short(p, 24) for p in first.get("loc", ())) or "document"
    return f"{where}: {_short(first.get('msg', 'invalid'), 80)}"


#: A JSON text that may hold a control character in a string (as an escape
#: such as ``\u001b``, or raw DEL and C1 characters); a quick look, so that
#: only such documents are walked.
_CONTROLS_IN_JSON = re.compile(rb"\\u00[0189][0-9a-fA-F]|\\u007[fF]|\\[bfr]|\xc2[\x80-\x9f]|\x7f")


def read_document(path: Path) -> SaveFile:
    """Read and validate the JSON document, without replaying it. A document
    whose strings hold terminal control characters (an old save with such a
    name) is read with them escaped (:func:`text.printable_data`), so they are
    shown, never acted on, and the game replays with the names as shown."""
    path = Path(path)
    raw = read_bytes_safely(path)
    data = parse_json(path, raw)
    if _CONTROLS_IN_JSON.search(raw):
        data = printable_data(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(path, "is not a beegames save (it is JSON of another kind)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _fail(path, "has no valid format version")
    if version > VERSION:
        raise _fail(path, f"was written by a newer beegames (save format {_short(version, 12)}, this "
                    f"version reads up to {VERSION}); please upgrade")
    if version < 1:
        raise _fail(path, f"has an unknown save format version {_short(version, 12)}")
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        raise _fail(path, f"is damaged: {_validation_message(exc)}") from None
    except (RecursionError, ValueError) as exc:
        raise _fail(path, f"is damaged: {_short(exc, 80)}") from None


def load_save(path: Path, resolve: Callable[[str], Engine[Any, Any]]) -> Match[Any, Any]:
    """Load, validate and replay a save. Raises :class:`SaveError`.

    A save from an older rules version whose history no longer replays to
    the saved position opens at that position (see the module notes); the
    returned match then carries a :attr:`Match.notice` saying so.
    """
    path = Path(path)
    doc = read_document(path)
    try:
        engine = resolve(doc.game)
    except BeegamesError as exc:
        raise _fail(path, f"is a save of a game this version cannot play ({exc})") from None
    unknown = sorted(set(doc.options) - set(engine.options_model.model_fields))
    if unknown:
        raise _fail(path, f"has game options this version does not know: {', '.join(unknown)}")
    try:
        engine.options_model.model_validate(doc.options)
    except ValidationError as exc:
        raise _fail(path, f"has invalid game options: {_validation_message(exc)}") from None
    if not engine.min_players <= len(doc.seats) <= engine.max_players:
        raise _fail(path, f"has {len(doc.seats)} seats, which {engine.title} does not allow")
    if doc.rules_version > engine.rules_version:
        raise _fail(path, f"was saved under newer {engine.title} rules (version {doc.rules_version}; this "
                    f"beegames has version {engine.rules_version}); please upgrade")
    header = MatchHeader(game=doc.game, options=doc.options, seats=doc.seats, seed=doc.seed,
                         rules_version=engine.rules_version, handoffs=doc.handoffs, hints=doc.hints,
                         created=doc.created)
    saved_state = _saved_state(path, engine, doc)
    confirmed = doc.checkpoint is None or _check_checkpoint(path, engine, header, doc)
    try:
        match = Match.replay(engine, header, doc.history, checkpoint=doc.checkpoint)
        problem = None if _same(match.state, saved_state) else "replaying its moves does not give the saved position"
        if (problem and engine.replays_reworded_logs and doc.rules_version < engine.rules_version
                and _same_but_log(match.state, saved_state, engine.replay_additions)):
            problem = None  # newer rules only word the log differently: it now reads as they word it
    except IllegalMove as exc:
        problem = f"does not replay: {exc.reason}"
    except Exception as exc:  # a tampered file must not crash the app
        problem = f"does not replay: {type(exc).__name__}: {_short(exc, 60)}"
    if problem is None:
        if not confirmed and doc.checkpoint is not None:
            match.unreplayed = match.notice = _checkpoint_note(engine, doc.checkpoint)
        match.saved_at = SavedAt(doc.turn, doc.over, doc.stop)
        return match
    if doc.rules_version >= engine.rules_version:
        raise _fail(path, f"is inconsistent: {problem}" if "position" in problem else problem)
    return _resume_at_saved_state(path, engine, header, doc, saved_state)


def _saved_state(path: Path, engine: Engine[Any, Any], doc: SaveFile) -> Any:
    return _state_of(path, engine, doc.state, "saved state")


def _state_of(path: Path, engine: Engine[Any, Any], data: dict[str, Any], what: str) -> Any:
    try:
        return engine.state_model.model_validate(data)
    except ValidationError:
        raise _fail(path, f"is damaged: its {what} is not a valid {engine.title} state") from None
    except (RecursionError, ValueError) as exc:
        raise _fail(path, f"is damaged: {_short(exc, 80)}") from None


def _check_checkpoint(path: Path, engine: Engine[Any, Any], header: MatchHeader, doc: SaveFile) -> bool:
    """Refuse a checkpoint that is out of place or whose position fails a
    check; True if replaying the moves before it from the seed leads to it
    (it is confirmed), False if they do not (it is taken as saved)."""
    checkpoint = doc.checkpoint
    assert checkpoint is not None
    if not 0 <= checkpoint.moves <= len(doc.history):
        raise _fail(path, "is damaged: its checkpoint lies outside its history")
    if checkpoint.rules_version >= doc.rules_version:
        raise _fail(path, f"is damaged: its checkpoint claims {engine.title} rules version "
                    f"{_short(checkpoint.rules_version, 12)}, which is not older than the save's own "
                    f"({doc.rules_version})")
    state = _state_of(path, engine, checkpoint.state, "checkpoint")
    problem = position_problem(engine, state, header)
    if problem is not None:
        raise _fail(path, f"is refused: its checkpoint position (move {checkpoint.moves}) fails a check: {problem}")
    try:
        before = Match.replay(engine, header, doc.history[:checkpoint.moves])
        return _same(before.state, engine.advance(state))
    except Exception:  # the older moves no longer replay: the checkpoint is what they reached
        return False


def _older_moves(moves: int) -> str:
    """Which moves a checkpoint stands for, as the subject of a sentence."""
    if moves == 0:
        return "its opening position was"
    return "its first move was" if moves == 1 else f"its first {moves} moves were"


def _checkpoint_note(engine: Engine[Any, Any], checkpoint: Checkpoint) -> str:
    return (f"Not fully replayed: {_older_moves(checkpoint.moves)} played under older {engine.title} rules "
            f"(version {checkpoint.rules_version}) and taken as saved; the game goes on from the position reached, "
            "which passes every check of the current rules.")


def _same(a: BaseModel, b: BaseModel) -> bool:
    return a.model_dump(mode="json") == b.model_dump(mode="json")


def _same_but_log(a: BaseModel, b: BaseModel, additions: dict[str, Any] | None = None) -> bool:
    """Whether two states are the same position, their logs set aside (the log's wording is
    the rules' own: a save from older rules that differs only there replays in full), and the
    details newer rules keep that older saves lack (``additions``, the engine's
    ``replay_additions``)."""
    exclude: dict[str, Any] = {"log": True, **(additions or {})}
    return a.model_dump(mode="json", exclude=exclude) == b.model_dump(mode="json", exclude=exclude)


def _resume_at_saved_state(path: Path, engine: Engine[Any, Any], header: MatchHeader, doc: SaveFile,
                           saved_state: Any) -> Match[Any, Any]:
    """Open an older-rules save at its saved position, after checking it."""
    problem = position_problem(engine, saved_state, header)
    if problem is not None:
        raise _fail(path, f"is refused: saved under older {engine.title} rules, its position fails a check: "
                    f"{problem}")
    note = (f"Saved under older {engine.title} rules (version {doc.rules_version}, now "
            f"{engine.rules_version}): its moves were not replayed. The game goes on from its saved position, "
            "which passes every check of the current rules; its earlier moves can no longer be undone.")
    checkpoint = Checkpoint(moves=len(doc.history), rules_version=doc.rules_version,
                            state=saved_state.model_dump(mode="json"), note=note)
    try:
        match = Match.replay(engine, header, doc.history, checkpoint=checkpoint)
    except Exception as exc:
        raise _fail(path, f"was saved under older {engine.title} rules and cannot be resumed "
                    f"({type(exc).__name__})") from None
    match.notice = match.unreplayed = note
    return match


# -- listing -------------------------------------------------------------------


class SaveSummary(BaseModel):
    path: str
    game: str
    players: list[str]
    turn: int
    moves: int
    saved: str
    over: bool
    result: str | None = None
    problem: str | None = None
    #: what its header says was taken as saved, without a replay (loading it tells more)
    unreplayed: str | None = None
    #: the game's options as saved (the engine's :meth:`Engine.setup_summary` tells them in words)
    options: dict[str, Any] = {}


def list_saves(folder: Path) -> list[SaveSummary]:
    """Summaries of the saves in ``folder``, newest first. Unreadable files
    are listed with their ``problem`` instead of being skipped silently.
    Leftover temporary files of killed writes are removed on the way."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    tidy_folder(folder)
    out: list[SaveSummary] = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        if path.name.startswith("."):
            continue
        try:
            doc = read_document(path)
        except SaveError as exc:
            out.append(SaveSummary(path=str(path), game="?", players=[], turn=0, moves=0,
                                   saved=_mtime(path), over=False, problem=exc.reason))
            continue
        unreplayed = None
        if doc.checkpoint is not None:
            unreplayed = f"not fully replayed: {_older_moves(doc.checkpoint.moves)} played under older rules"
        out.append(SaveSummary(path=str(path), game=doc.game, players=[s.name for s in doc.seats],
                               turn=doc.turn, moves=doc.moves, saved=doc.saved, over=doc.over,
                               result=doc.result, unreplayed=unreplayed, options=doc.options))
    out.sort(key=lambda s: s.saved, reverse=True)
    return out


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.lstat().st_mtime, UTC).isoformat(timespec="seconds")
    except OSError:
        return ""


def latest_save(folder: Path) -> Path | None:
    """The most recently saved unfinished game in ``folder``, if any."""
    for summary in list_saves(folder):
        if summary.problem is None and not summary.over:
            return Path(summary.path)
    return None
