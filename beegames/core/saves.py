"""Save files: a header, the whole history and the current state, as JSON.

Writing is atomic: the document goes to a temporary file in the same folder,
is flushed and fsynced, then renamed over the target with :func:`os.replace`,
so a crash leaves either the old file or the new one, never half of one.

Loading trusts nothing: the JSON is validated by :class:`SaveFile`, the
history is replayed from the seed, and the replayed state must equal the
saved one. Any failure becomes a :class:`SaveError` with one readable line.
A file that fails to load is never written to.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from .errors import BeegamesError, IllegalMove, SaveError
from .match import HistoryEntry, Match, MatchHeader
from .protocol import Engine, SeatInfo

FORMAT = "beegames-save"
VERSION = 1
SUFFIX = ".json"


class SaveFile(BaseModel):
    """The JSON document of one save."""

    format: str
    version: int
    game: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    seed: int
    created: str
    saved: str
    turn: int = 0
    moves: int = 0
    over: bool = False
    result: str | None = None
    history: list[HistoryEntry]
    state: dict[str, Any]


def default_saves_dir() -> Path:
    """``$BEEGAMES_SAVES`` if set, else ``./saves`` under the working folder."""
    env = os.environ.get("BEEGAMES_SAVES")
    return Path(env) if env else Path.cwd() / "saves"


def to_document(match: Match) -> SaveFile:
    result = match.result
    return SaveFile(
        format=FORMAT,
        version=VERSION,
        game=match.header.game,
        options=match.header.options,
        seats=match.header.seats,
        seed=match.header.seed,
        created=match.header.created,
        saved=datetime.now(UTC).isoformat(timespec="seconds"),
        turn=match.turn,
        moves=len(match.history),
        over=result is not None,
        result=result.summary if result is not None else None,
        history=match.history,
        state=match.settled_state().model_dump(mode="json"),
    )


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (temp file, fsync, replace)."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"{path} is a folder, not a save file")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:  # make the rename itself durable where the platform allows it
        dfd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def write_save(match: Match, path: Path) -> Path:
    doc = to_document(match)
    atomic_write_text(Path(path), doc.model_dump_json(indent=1) + "\n")
    return Path(path)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "player"


def save_name(match: Match, when: datetime | None = None) -> str:
    """A readable file name: game, players and the game's start time."""
    when = when or datetime.fromisoformat(match.header.created)
    players = "-".join(_slug(s.name) for s in match.header.seats)[:60]
    return f"{match.header.game}_{players}_{when.strftime('%Y-%m-%d_%H%M%S')}{SUFFIX}"


def read_document(path: Path) -> SaveFile:
    """Read and validate the JSON document, without replaying it."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"{path} is a folder, not a save file")
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path} does not exist") from None
    except OSError as exc:
        raise SaveError(f"{path} cannot be read: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path.name} is not a beegames save (it is not text)") from None
    except json.JSONDecodeError as exc:
        if raw.strip() and exc.pos >= len(raw.rstrip()) - 1:
            raise SaveError(f"{path.name} is cut short (truncated JSON at line {exc.lineno})") from None
        raise SaveError(f"{path.name} is damaged: invalid JSON at line {exc.lineno}, column {exc.colno}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path.name} is not a beegames save (it is JSON of another kind)")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{path.name} has no valid format version")
    if version > VERSION:
        raise SaveError(f"{path.name} was written by a newer beegames (save format {version}, "
                        f"this version reads up to {VERSION}); please upgrade")
    if version < 1:
        raise SaveError(f"{path.name} has an unknown save format version {version}")
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "document"
        raise SaveError(f"{path.name} is damaged: {where}: {first.get('msg', 'invalid')}") from None


def load_save(path: Path, resolve: Callable[[str], Engine]) -> Match:
    """Load, validate and replay a save. Raises :class:`SaveError`."""
    path = Path(path)
    doc = read_document(path)
    try:
        engine = resolve(doc.game)
    except BeegamesError as exc:
        raise SaveError(f"{path.name}: {exc}") from None
    header = MatchHeader(game=doc.game, options=doc.options, seats=doc.seats, seed=doc.seed,
                         created=doc.created)
    try:
        engine.options_model.model_validate(doc.options)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SaveError(f"{path.name} has invalid game options: {first.get('msg', 'invalid')}") from None
    if not engine.min_players <= len(doc.seats) <= engine.max_players:
        raise SaveError(f"{path.name} has {len(doc.seats)} seats, which {engine.title} does not allow")
    try:
        match = Match.replay(engine, header, doc.history)
    except IllegalMove as exc:
        raise SaveError(f"{path.name} does not replay: {exc.reason}") from None
    except Exception as exc:
        raise SaveError(f"{path.name} does not replay: {type(exc).__name__}: {exc}") from None
    try:
        saved_state = engine.state_model.model_validate(doc.state)
    except ValidationError:
        raise SaveError(f"{path.name} is damaged: its saved state is not a valid {engine.title} state") from None
    if saved_state.model_dump(mode="json") != match.state.model_dump(mode="json"):
        raise SaveError(f"{path.name} is inconsistent: replaying its moves does not give the saved position")
    return match


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


def list_saves(folder: Path) -> list[SaveSummary]:
    """Summaries of the saves in ``folder``, newest first. Unreadable files
    are listed with their ``problem`` instead of being skipped silently."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    out: list[SaveSummary] = []
    for path in folder.glob(f"*{SUFFIX}"):
        if path.name.startswith("."):
            continue
        try:
            doc = read_document(path)
        except SaveError as exc:
            out.append(SaveSummary(path=str(path), game="?", players=[], turn=0, moves=0,
                                   saved=_mtime(path), over=False, problem=exc.reason))
            continue
        out.append(SaveSummary(path=str(path), game=doc.game, players=[s.name for s in doc.seats],
                               turn=doc.turn, moves=doc.moves, saved=doc.saved, over=doc.over,
                               result=doc.result))
    out.sort(key=lambda s: s.saved, reverse=True)
    return out


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC).isoformat(timespec="seconds")
    except OSError:
        return ""


def latest_save(folder: Path) -> Path | None:
    """The most recently saved unfinished game in ``folder``, if any."""
    for summary in list_saves(folder):
        if summary.problem is None and not summary.over:
            return Path(summary.path)
    return None
