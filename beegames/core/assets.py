"""Finding and loading the data files kept in the top-level ``assets/`` folder.

In a checkout the folder sits beside ``beegames/``; an installed copy carries
it as the package ``beegames.assets`` (see ``pyproject.toml``). Every asset is
validated by a pydantic model as it is loaded.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T", bound=BaseModel)


@lru_cache(maxsize=1)
def assets_root() -> Path:
    top = Path(__file__).resolve().parents[2]
    if (top / "pyproject.toml").is_file() and (top / "assets").is_dir():  # a checkout
        return top / "assets"
    installed = Path(str(resources.files("beegames"))) / "assets"
    if not installed.is_dir():  # pragma: no cover - broken install
        raise FileNotFoundError("the beegames data files (assets/) are missing")
    return installed


def asset_path(*parts: str) -> Path:
    return assets_root().joinpath(*parts)


def load_json(*parts: str) -> object:
    with asset_path(*parts).open(encoding="utf-8") as fh:
        return json.load(fh)


def load_model(model: type[T], *parts: str) -> T:
    """Load ``assets/<parts>`` and validate it with ``model``."""
    return model.model_validate(load_json(*parts))
