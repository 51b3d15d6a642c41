import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def saves_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("BEEGAMES_SAVES", str(folder))
    return folder


@pytest.fixture
def pig():
    from kernel.toy import PigEngine

    from beegames.games import register

    engine = PigEngine()
    register(engine)
    return engine
