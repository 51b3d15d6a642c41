"""Package layout that pyproject.toml alone cannot express: the top-level
``assets/`` folder ships inside the package as ``beegames.assets``."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["beegames", "beegames.*"]) + ["beegames.assets"],
    package_dir={"beegames.assets": "assets"},
)
