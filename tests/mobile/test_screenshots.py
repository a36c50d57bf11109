"""The committed screenshots (docs/screenshots/<screen>/) are what the app draws today.

``python -m mobile.screenshots`` renders them; here they are rendered again into a temporary
folder and compared. Rendering is reproducible (fixed game ids and clock, drawn off screen);
measured: two renders in two processes were byte-identical on this machine's llvmpipe. Other
GL drivers may anti-alias text a little differently, so the comparison allows 0.2% of a
picture's pixels to differ by more than a rounding, and nothing more.
"""

from __future__ import annotations

from pathlib import Path

from mobile import headless as h
from mobile import screenshots

EVERY_SCREEN = (
    "table-firstandgoal-dice",
    "new-game-redzone",
    "new-game-redzone-options",
    "log-drawer",
    "log-correction",
)


def test_the_committed_screenshots_match_a_fresh_render() -> None:
    committed = sorted(screenshots.OUT.glob("*/*.png"))
    # Every screen the tablet is checked at, 1st & Goal's dice picker on each, and New Game,
    # the log and a correction dialog (issue #27).
    assert {p.parent.name for p in committed} == {s.name for s in h.SCREENS}
    for picture in EVERY_SCREEN:
        assert {p.parent.name for p in committed if p.stem == picture} == {
            s.name for s in h.SCREENS
        }, picture
    problems = screenshots.check()
    assert not problems, "\n".join(problems) + "\nrun: python -m mobile.screenshots"


def test_a_picture_that_differs_is_told_apart(tmp_path: Path) -> None:
    """The comparison can fail: a picture against another screen's is not the same."""
    one = screenshots.OUT / "tablet-1280x800" / "table-rushzone.png"
    other = screenshots.OUT / "tablet-1280x800" / "table-redzone.png"
    assert screenshots.differences(one, one) == 0.0
    assert screenshots.differences(one, other) > 0.05
    phone = screenshots.OUT / "phone-1080x2400" / "table-rushzone.png"
    assert screenshots.differences(one, phone) == 1.0
