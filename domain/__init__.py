"""Zebra's pure rules: the ruleset contract, field arithmetic, the games and the Game aggregate."""
