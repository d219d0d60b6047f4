"""Benchmarks of tricklog: see ``throughput.py``."""
