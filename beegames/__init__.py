"""beegames: a terminal suite of bee-themed board games."""

__version__ = "0.1.0"
