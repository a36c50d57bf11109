"""Coin-Flip Football: the toy game docs/adding-a-game.md builds, on domain.kernel.

The rulebook (all of it):

1. Coin toss. The winner receives: 1st and 10 at their own 25.
2. Each down the offence flips a coin. Heads: a 10-yard gain and a 1st down. Tails: no gain.
   Four tails in a row turn the ball over on downs: the defence takes it where it lies.
3. A referee's flag may move the ball between downs: ``flag <yards>``, from -15 (against the
   offence) to +15 (for it); it uses no down and no time.
4. Reaching the goal line is a touchdown, 7 points; the other team then starts at its own 25.
5. Each flip is a play: 8 plays a quarter, 4 quarters. After the last, the higher score wins;
   an equal score is a tie.

The package has the five games' shape: ``state`` (the state and its typed phase record, the
drive), ``prompts`` (the forms, which are the grammar), ``rules`` (one function per rule) and
here the kernel's ``RULES`` and the ruleset. It is known by its name only while a test holds
``domain.rulesets.registered(RULESET)``: that is its one registry line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain import kernel
from domain.periods import QUARTERS
from domain.ruleset import EntryForm, GameOption, IllegalEntry, Prompt
from tests.coinflip.prompts import PROMPTS
from tests.coinflip.rules import Outcome, coin_toss, flag, flip
from tests.coinflip.state import GAIN, PLAYS_PER_QUARTER, CoinFlipState

RULES = kernel.Rules(
    prompts=PROMPTS,
    handlers={"toss": {"toss": coin_toss}, "play": {"flip": flip, "flag": flag}},
    final_line=kernel.final_line,
)


class CoinFlip:
    """The Coin-Flip Football ruleset."""

    name = "coinflip"
    version = 1
    title = "Coin-Flip Football"
    division = QUARTERS
    options: tuple[GameOption, ...] = ()

    def initial(self, home: str, away: str, options: Mapping[str, str]) -> CoinFlipState:
        if options:
            raise IllegalEntry("Coin-Flip Football has no game options")
        return CoinFlipState(home=home, away=away)

    def expected(self, state: CoinFlipState) -> Prompt:
        return RULES.prompt(state)

    def apply(self, state: CoinFlipState, text: str) -> Outcome:
        return RULES.step(state, text)

    def form(self, state: CoinFlipState, text: str) -> EntryForm | None:
        """The form of the prompt ``text`` matches (the kernel's reading of it)."""
        return RULES.form(state, text)

    def situation(self, state: CoinFlipState) -> dict[str, Any]:
        drive = state.drive
        return kernel.common_situation(
            self,
            state,
            quarter=state.quarter,
            possession=drive.offense if drive else None,
            down=drive.down if drive else None,
            distance=min(GAIN, drive.ball_on) if drive else None,
            ball_on=drive.ball_on if drive else None,
            clock={"plays_left": PLAYS_PER_QUARTER - state.plays},
            timeouts=None,
        )


RULESET = CoinFlip()
