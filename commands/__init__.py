"""Headless commands of main.py (they may use the clock and the terminal; game/ may not)."""
