"""Durability tests: crashes, concurrent writers, faults, truncation and hostile input."""
