"""The guided session: one line from the table at a time, as typed at the prompt or in a script.

Besides the game's own entries a person can type: help, status, log, undo [reason], quit.
The CLI prompt and script mode both go through ``Session.handle`` so they behave the same.

The session remembers the game version it last showed. Every entry and undo carries it, so a
line typed against a screen that another terminal or the tablet has overtaken is refused
("the game moved on") instead of being recorded against a situation nobody saw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from companion import views
from companion.service import AlreadyRecorded, GameMovedOn, Referee
from domain.ruleset import IllegalEntry, Prompt

META_HELP = [
    "Besides the entries above you can type:",
    "  help              what can be entered now",
    "  status            the score, the scoring sheet and the situation",
    "  log               the play-by-play so far (struck entries marked)",
    "  undo [reason]     strike the last entry (a disputed call); it stays in the record",
    "  quit              leave; the game is saved, 'zebra resume' continues it",
]


@dataclass
class Reply:
    """What to show after one line, and whether the line was refused or ends the session."""

    lines: list[str] = field(default_factory=list)
    refused: str | None = None
    quit: bool = False
    finished: bool = False


class Session:
    """One person refereeing one stored game."""

    def __init__(self, referee: Referee, game_id: UUID, by: str | None = None) -> None:
        self.referee = referee
        self.game_id = game_id
        self.by = by
        self.version: int | None = None

    def opening(self) -> list[str]:
        status = self._seen(self.referee.status(self.game_id))
        title = f"{status['ruleset']} · game {self.game_id.hex[:8]} · store {self.referee.store}"
        # A game ruled under other rules is named on opening (and refused at the first entry).
        other_rules = self.referee.disagreement(self.game_id)
        named = [f"  Note: {other_rules}"] if other_rules else []
        return [*views.situation_screen(status, title), *named, *self._legal()]

    def _seen(self, status: dict[str, Any]) -> dict[str, Any]:
        """Remember the version of the status about to be shown; the next command carries it."""
        self.version = int(status["version"])
        return status

    def refresh(self) -> list[str]:
        """Before a prompt: if the game changed elsewhere since it was shown, show it now."""
        status = self.referee.status(self.game_id)
        if status["version"] == self.version:
            return []
        self._seen(status)
        return ["  The game changed on another screen:", *views.situation_screen(status)]

    def _stale(self, exc: GameMovedOn) -> Reply:
        """A refused command from an overtaken screen: the reason, then the game as it is."""
        status = self._seen(self.referee.status(self.game_id))
        return Reply(views.situation_screen(status) + self._legal(), refused=str(exc))

    def handle(self, line: str) -> Reply:
        """One line at the ``zebra>`` prompt: a session command, else an entry."""
        text = line.strip()
        if not text or text.startswith("#"):
            return Reply()
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            return Reply([f"Saved. Continue with: zebra resume {self.game_id.hex[:8]}"], quit=True)
        if word in ("help", "?"):
            return Reply(views.help_lines(self.referee.prompt(self.game_id)) + META_HELP)
        if word == "status":
            status = self._seen(self.referee.status(self.game_id))
            return Reply(
                [
                    *views.scoreboard_lines(status),
                    *views.pad_lines(status),
                    *views.situation_screen(status),
                ]
            )
        if word == "log":
            return Reply(views.log_lines(self.referee.log(self.game_id)))
        if word == "undo":
            return self._undo(rest)
        return self._enter(text)

    def _undo(self, reason: str) -> Reply:
        """``undo [reason]``: strike the last entry (or propose it, where disputes agree)."""
        try:
            struck, outcome = self.referee.undo(self.game_id, reason, self.by, expect=self.version)
        except GameMovedOn as exc:
            return self._stale(exc)
        except AlreadyRecorded as exc:
            return Reply([f"  {exc}"])
        except IllegalEntry as exc:
            return Reply(refused=str(exc))
        self._seen(outcome.status)
        if outcome.status.get("pending"):
            lines = [f"  Proposed striking entry {struck.seq} '{struck.text}'."]
        else:
            lines = [f"  Struck entry {struck.seq} '{struck.text}' ({struck.struck})."]
        return Reply(lines + views.situation_screen(outcome.status) + self._legal(outcome.prompt))

    def _enter(self, text: str) -> Reply:
        """An entry from the table, at the version this screen showed."""
        try:
            outcome = self.referee.enter(self.game_id, text, self.by, expect=self.version)
        except GameMovedOn as exc:
            return self._stale(exc)
        except AlreadyRecorded as exc:
            return Reply([f"  {exc}"])
        except IllegalEntry as exc:
            return Reply(refused=str(exc))
        self._seen(outcome.status)
        lines = views.ruling_lines(outcome.rulings) + views.situation_screen(outcome.status)
        if outcome.status.get("finished"):
            return Reply(lines + views.scoreboard_lines(outcome.status), finished=True)
        return Reply(lines + self._legal(outcome.prompt))

    def _legal(self, prompt: Prompt | None = None) -> list[str]:
        line = views.legal_line(prompt or self.referee.prompt(self.game_id))
        return [line] if line else []
