"""Hauntable: the rules engine, table hardware and touch UI of a smart board game table."""

__version__ = "0.1.0"
