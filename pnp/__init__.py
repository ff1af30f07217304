"""pnp: print-and-play board-game components from YAML."""

__version__ = "0.1.0"
