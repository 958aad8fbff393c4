"""The rules model of Rummy Table: cards, rules, melds, turns, rounds and matches.

Standard library only: no pygame, no files, no clock, no global random.
"""
