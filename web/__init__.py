"""The live, read-only web pages of a store (issue #20): the league, each game, a stream overlay.

Starlette and uvicorn come with the ``web`` extra; only ``zebra serve`` imports this package, so
no other command pays for them.
"""
