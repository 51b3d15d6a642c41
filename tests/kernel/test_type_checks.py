"""The type checker's configuration holds the whole package to ``mypy --strict``."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_is_strict_for_the_whole_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert config["files"] == ["beegames"]
    # no module of the package is let off: an override may only add checks, never relax one
    for override in config.get("overrides", []):
        relaxing = {k: v for k, v in override.items() if k != "module" and v is False}
        assert not relaxing and "ignore_errors" not in override, override
