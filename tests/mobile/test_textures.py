"""What a tap costs: only new texts are rendered (mobile.textures), a pad of as many forms is
relabelled rather than rebuilt, and the log drawer's rows are made off the UI thread.

Nothing here is timed: renders are counted (``TEXTURES.renders``, ``TEXTURES.log``).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kivy.core.text.markup import MarkupLabel
from kivy.uix.label import Label

from companion.service import Referee
from companion.store import resolve
from domain.ruleset import EntryForm, Prompt, Slot
from mobile import app as app_module
from mobile import headless as h
from mobile import model, pad, textures
from mobile.app import ZebraApp
from mobile.textures import TEXTURES
from tests.mobile.test_tablet import quick, tap_entry  # noqa: F401  (quick: an autouse fixture)

OPENING = ["toss home", "receive", "green 4 2", "white 6 2 4 3 5 1"]


class Probe(textures.Cached, Label):
    """A plain Label whose texture comes from the cache, as the tablet's labels do."""


@pytest.fixture
def tablet(tmp_path: Path) -> Iterator[ZebraApp]:
    app = h.launch(Referee(resolve(str(tmp_path / "zebra.sqlite"), create=True)))
    app.start_game("rushzone", "Bears", "Packers", {})
    h.frames()
    yield app
    h.close(app)


@pytest.fixture
def rendered() -> Iterator[list[str]]:
    """The texts rendered while the test runs, in order."""
    TEXTURES.log = []
    try:
        yield TEXTURES.log
    finally:
        TEXTURES.log = None


def options(**changed: object) -> MarkupLabel:
    core = MarkupLabel(font_size=20, bold=False, text_size=(300, None), halign="left")
    for name, value in changed.items():
        if name == "text_size":
            core.text_size = value
        else:
            core.options[name] = value
    return core


def test_the_cache_gives_the_same_texture_for_the_same_text_and_options() -> None:
    cache = textures.Cache()
    one = cache.texture_for(options(), "[b]1st & 10[/b] at the Bears 25")
    again = cache.texture_for(options(), "[b]1st & 10[/b] at the Bears 25")
    assert again is one and again.texture is one.texture
    assert (cache.renders, cache.hits) == (1, 1)


@pytest.mark.parametrize(
    "changed",
    [
        {"font_size": 22},
        {"bold": True},
        {"color": [1, 0.85, 0.15, 1]},
        {"halign": "center"},
        {"padding": [10, 6, 10, 6]},
        {"text_size": (200, None)},
    ],
)
def test_the_cache_renders_again_when_an_option_differs(changed: dict[str, object]) -> None:
    cache = textures.Cache()
    text = "Bears roll the white dice and gain a first down at the Packers 40"
    one = cache.texture_for(options(), text)
    other = cache.texture_for(options(**changed), text)
    assert other is not one and other.texture is not one.texture
    assert cache.renders == 2
    assert cache.texture_for(options(), "another text") is not one


def test_the_cache_keeps_a_pixel_budget_and_forgets_the_oldest_first() -> None:
    cache = textures.Cache()
    first = cache.texture_for(options(), "first")
    size = first.texture.width * first.texture.height
    cache.pixel_budget = size * 2 + size // 2
    cache.texture_for(options(), "second")
    cache.texture_for(options(), "first")  # used again: now the newest
    cache.texture_for(options(), "third")  # over budget: "second" goes, the oldest used
    assert len(cache) == 2
    assert cache.texture_for(options(), "first") is first
    renders = cache.renders
    cache.texture_for(options(), "second")
    assert cache.renders == renders + 1


def test_a_label_set_to_its_current_text_renders_nothing_and_a_text_seen_before_is_reused(
    rendered: list[str],
) -> None:
    label = Probe(text="[b]TOUCHDOWN BEARS![/b]", markup=True, font_size=30)
    label.texture_update()
    texture = label.texture
    assert rendered == ["[color=#ffffffff][b]TOUCHDOWN BEARS![/b][/color]"]
    label.text = "[b]TOUCHDOWN BEARS![/b]"
    h.settle()
    assert len(rendered) == 1 and label.texture is texture
    label.text = "[b]FINAL[/b]"
    h.settle()
    assert len(rendered) == 2 and label.texture is not texture
    label.text = "[b]TOUCHDOWN BEARS![/b]"
    h.settle()
    assert len(rendered) == 2, "a text shown before comes from the cache"
    assert label.texture is texture
    other = Probe(text="[b]TOUCHDOWN BEARS![/b]", markup=True, font_size=30)
    other.texture_update()
    assert len(rendered) == 2 and other.texture is texture, "another label shares it"


def test_a_label_with_the_cache_off_renders_as_stock_kivy(rendered: list[str]) -> None:
    """The benchmark's stock counterpart: with the cache off every new text is rendered."""
    TEXTURES.enabled = False
    try:
        label = Probe(text="same", font_size=30)
        label.texture_update()
        shared = Probe(text="same", font_size=30)
        shared.texture_update()
    finally:
        TEXTURES.enabled = True
    assert rendered == ["same", "same"]
    assert label.texture is not shared.texture


def test_a_refresh_that_changes_nothing_renders_no_text(
    tablet: ZebraApp, rendered: list[str]
) -> None:
    for entry in OPENING:
        tap_entry(tablet, entry)
    h.frames()
    rendered.clear()
    tablet.refresh_now()  # what a poll or a resume does: the same status, the same prompt
    h.frames()
    assert rendered == []
    tablet.prompt_text = "something else"
    h.frames()
    assert len(rendered) == 1, "a label whose text did change is rendered (and counted)"


def test_a_new_entry_with_the_drawer_open_renders_one_row_and_no_row_again(
    tablet: ZebraApp, rendered: list[str]
) -> None:
    for entry in OPENING:
        tap_entry(tablet, entry)
    tablet.toggle_log()
    h.frames()
    log = tablet.manager.get_screen("table").ids.log
    before = {row.text for row in h.find(log, "LogRow")}
    assert len(before) >= 3
    rendered.clear()
    tap_entry(tablet, "white 1 1 1 6 6 6")
    h.frames()
    shown = {row.text for row in h.find(log, "LogRow")}
    new_rows = shown - before
    # The new entry opens a play of its own: its row carries the play's heading, then itself.
    assert len(new_rows) == 1 and "[/i][/color]\n[b]5. white 1 1 1 6 6 6" in next(iter(new_rows))
    rows_rendered = [t for t in rendered if any(row in t for row in shown)]
    assert len(rows_rendered) == 1 and next(iter(new_rows)) in rows_rendered[0]
    # The rows that moved down by one are still shown, from the textures already made.
    assert before & shown


def forms_prompt(*keywords: str) -> Prompt:
    return Prompt("home", "Call the play", tuple(EntryForm(k, f"the {k} call") for k in keywords))


def test_a_pad_of_forms_is_relabelled_not_rebuilt_when_as_many_forms_follow(
    tablet: ZebraApp,
) -> None:
    table = tablet.manager.get_screen("table")
    tablet.pad = pad.Pad(forms_prompt("run", "pass", "punt", "kick"), {})
    tablet.pad_version += 1
    h.frames()
    first = h.find(table.ids.pad_box, "FormButton")
    grid = h.find(table.ids.pad_box, "GridLayout")[0]
    assert [b.source for b in first][0].startswith("[b]RUN[/b]")
    tablet.pad = pad.Pad(forms_prompt("blitz", "zone", "man", "prevent"), {})
    tablet.pad_version += 1
    h.frames()
    again = h.find(table.ids.pad_box, "FormButton")
    assert [id(b) for b in again] == [id(b) for b in first], "the same buttons"
    assert [b.source.split("\n")[0] for b in again] == [
        "[b]BLITZ[/b]",
        "[b]ZONE[/b]",
        "[b]MAN[/b]",
        "[b]PREVENT[/b]",
    ]
    assert [b.index for b in again] == [0, 1, 2, 3]
    tablet.pad = pad.Pad(forms_prompt("blitz", "zone"), {})
    tablet.pad_version += 1
    h.frames()
    fewer = h.find(table.ids.pad_box, "FormButton")
    # Another grid: laid out anew, with buttons kept from the last pad, given the new texts.
    assert h.find(table.ids.pad_box, "GridLayout")[0] is not grid
    assert [b.source.split("\n")[0] for b in fewer] == ["[b]BLITZ[/b]", "[b]ZONE[/b]"]
    assert [b.index for b in fewer] == [0, 1]
    assert {id(b) for b in fewer} <= {id(b) for b in first}, "kept buttons, not new ones"


def test_a_pad_laid_out_with_kept_buttons_draws_exactly_as_one_built_new(
    tablet: ZebraApp, tmp_path: Path
) -> None:
    """Buttons kept from a cleared pad are given every property a new one is given: the window
    is the same, pixel for pixel, whichever the pad was built from."""
    table = tablet.manager.get_screen("table")
    ids = table.ids

    def show(prompt: Prompt) -> None:
        tablet.pad = pad.Pad(prompt, {})
        tablet.pad_version += 1
        h.frames()

    calls = forms_prompt("run", "pass", "punt")
    show(calls)
    built = h.find(ids.pad_box, "FormButton")
    new = Path(h.screenshot(str(tmp_path / "new.png"))).read_bytes()
    # A pad of another grid (and of value buttons), then the same calls again.
    show(forms_prompt(*[f"call{i}" for i in range(9)]))
    many = h.find(ids.pad_box, "FormButton")
    assert len(many) == 9 and {id(b) for b in built} <= {id(b) for b in many}
    die = Slot("green 1", "die", colour="green")
    show(Prompt("home", "Roll", (EntryForm("green", "the roll", (die, die)),)))
    assert h.find(ids.pad_box, "ChoiceButton")
    show(calls)
    again = h.find(ids.pad_box, "FormButton")
    assert {id(b) for b in again} <= {id(b) for b in many}, "built from kept buttons"
    assert [b.index for b in again] == [b.index for b in built] == [0, 1, 2]
    kept = Path(h.screenshot(str(tmp_path / "kept.png"))).read_bytes()
    assert kept == new


def test_with_the_drawer_open_a_press_makes_the_rows_and_usage_on_the_worker_thread(
    tablet: ZebraApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    for entry in OPENING[:2]:
        tap_entry(tablet, entry)
    tablet.toggle_log()
    h.frames()
    threads: list[str] = []
    made_rows, made_usage = model.log_rows, app_module.usage_of

    def log_rows(*args: Any) -> Any:
        threads.append(threading.current_thread().name)
        return made_rows(*args)

    def usage_of(*args: Any) -> Any:
        threads.append(threading.current_thread().name)
        return made_usage(*args)

    monkeypatch.setattr(model, "log_rows", log_rows)
    monkeypatch.setattr(app_module, "usage_of", usage_of)
    tap_entry(tablet, "green 4 2")
    h.frames()
    assert threads and threading.main_thread().name not in threads
    assert tablet.log_rows[0]["entry"] == "green 4 2"
    assert tablet._prepared is not None and list(tablet.log_rows) == tablet._prepared.rows


def test_a_label_keeps_what_it_shows_alive_after_the_cache_forgets_it() -> None:
    """A lost GL context refreshes a texture through the core label that rendered it: a label
    still showing a text the cache has let go of keeps that core label (and so its text)."""
    label = Probe(text="UNDO", font_size=26)
    label.texture_update()
    shown = label.texture
    TEXTURES.clear()
    gc.collect()
    assert label._shown_entry.texture is shown and label._shown_entry.text == "UNDO"


def test_a_new_entry_adds_its_row_to_the_open_log_and_the_log_draws_as_one_built_whole(
    tablet: ZebraApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the drawer open, a new entry's row is inserted on top and the rows that changed (the
    last entry's mark) are set one by one: the list measures only those, not every row again.
    What it shows is what the same rows given whole show, pixel for pixel."""
    from kivy.uix.recyclelayout import RecycleLayout

    from tests.mobile.test_tablet import DRIVE

    for entry in DRIVE[:3]:
        tap_entry(tablet, entry)
    tablet.toggle_log()
    h.frames()
    log = tablet.manager.current_screen.ids.log
    flags_seen: list[list[Any]] = []
    compute = RecycleLayout.compute_sizes_from_data

    def watched(self: Any, data: Any, flags: Any) -> Any:
        flags_seen.append(list(flags))
        return compute(self, data, flags)

    monkeypatch.setattr(RecycleLayout, "compute_sizes_from_data", watched)
    for entry in DRIVE[3:5]:
        before = len(log.data)
        flags_seen.clear()
        tap_entry(tablet, entry)
        h.frames()
        assert len(log.data) == before + 1
        assert [r["seq"] for r in log.data] == list(range(len(log.data), 0, -1))
        # Inserted and modified, never "changed unpredictably" (every row measured again).
        assert flags_seen and all(all(flags) for flags in flags_seen), flags_seen
    incremental = Path(h.screenshot(str(tmp_path / "incremental.png"))).read_bytes()
    items = [dict(d) for d in log.data]
    # The same rows given whole: the drawer closed and opened again.
    tablet.toggle_log()
    h.frames()
    tablet.toggle_log()
    h.frames()
    assert [dict(d) for d in log.data] == items
    whole = Path(h.screenshot(str(tmp_path / "whole.png"))).read_bytes()
    assert incremental == whole
