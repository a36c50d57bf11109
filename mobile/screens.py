"""The widget classes the kv files lay out; they draw and forward taps, and decide nothing."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle
from kivy.metrics import sp
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.recycleview.views import RecycleDataViewBehavior
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion import rosters
from domain import rulesets
from mobile import model

LONG_PRESS_SECONDS = 0.6


def app() -> Any:
    return App.get_running_app()


# Buttons of the entry pad: each knows the value it stands for; its kv rule makes one call. --


class ChoiceButton(Button):
    """A die face, a number or a word the current slot offers."""

    value = StringProperty("")
    face = ListProperty([0.22, 0.26, 0.33, 1])
    role = StringProperty("choice")


class DisputeButton(Button):
    """The other coach's answer to a waiting correction."""

    decision = StringProperty("confirm")


class FormButton(Button):
    """One legal entry form: a decision, a play call, or the start of a roll."""

    index = NumericProperty(0)
    role = StringProperty("form")


class KeyButton(Button):
    """A number-pad key: a digit, "-" or "C"."""

    key = StringProperty("")
    role = StringProperty("key")


class TeamToggle(ToggleButton):
    """A choice on the new-game screen: a ruleset or an option value."""

    value = StringProperty("")
    option = StringProperty("")


class ReasonPopup(ModalView):
    """Why the entry is struck or restored; the reason is stored with the correction."""

    def fill(self, reasons: list[str]) -> None:
        box = self.ids.reasons
        box.clear_widgets()
        for reason in reasons:
            box.add_widget(ReasonButton(text=reason))


class TypedPopup(ModalView):
    """An entry typed as at the CLI's prompt, with the same refusals, shown in place."""


class ReasonButton(Button):
    """One reason in the picker; its kv rule makes the correction with it."""


# Screens -------------------------------------------------------------------------------------


class HomeScreen(Screen):
    pass


class NewGameScreen(Screen):
    """Ruleset, team names and the game's options; the service refuses bad ones with a message."""

    ruleset = StringProperty("rushzone")
    options = DictProperty({})
    with_rosters = BooleanProperty(False)

    def reset(self) -> None:
        names = rulesets.names()
        if self.ruleset not in names:
            self.ruleset = names[0]
        box = self.ids.rulesets
        box.clear_widgets()
        for name in names:
            toggle = TeamToggle(
                text=rulesets.get(name).title,
                value=name,
                group="ruleset",
                state="down" if name == self.ruleset else "normal",
                allow_no_selection=False,
            )
            toggle.bind(on_release=lambda t: self.pick_ruleset(t.value))
            box.add_widget(toggle)
        self.pick_ruleset(self.ruleset)

    def pick_ruleset(self, name: str) -> None:
        self.ruleset = name
        for toggle in self.ids.rulesets.children:
            toggle.state = "down" if toggle.value == name else "normal"
        spec = rulesets.get(name)
        self.with_rosters = rosters.has_rosters(name)
        self.options = {o.name: o.default for o in spec.options}
        box = self.ids.options
        box.clear_widgets()
        for option in spec.options:
            row = BoxLayout(size_hint_y=None, height=sp(64), spacing=sp(6))
            row.add_widget(OptionLabel(text=f"[b]{option.name}[/b]  {option.help}"))
            for choice in option.choices:
                toggle = TeamToggle(
                    text=choice,
                    value=choice,
                    option=option.name,
                    group=f"option-{option.name}",
                    state="down" if choice == option.default else "normal",
                    allow_no_selection=False,
                    size_hint_x=None,
                    width=sp(130),
                )
                toggle.bind(on_release=lambda t: self.pick_option(t.option, t.value))
                row.add_widget(toggle)
            box.add_widget(row)

    def pick_option(self, name: str, value: str) -> None:
        self.options[name] = value

    def start(self) -> None:
        files = {}
        if self.with_rosters:
            files = {"home": self.ids.home_roster.text, "away": self.ids.away_roster.text}
        app().start_game(
            self.ruleset, self.ids.home.text, self.ids.away.text, dict(self.options), files
        )


class OptionLabel(Label):
    pass


class TableScreen(Screen):
    """The table: scoreboard, field, banner, prompt, entry pad and the interrupt row."""

    pad_version = NumericProperty(0)
    interrupt_version = NumericProperty(0)

    def render_pad(self) -> None:
        """Lay out the pad for the slot or choice due now, from the app's Pad model."""
        pad = app().pad
        grid = self.ids.pad_grid
        head = self.ids.pad_head
        if pad is None:
            grid.clear_widgets()
            self._shown = None
            head.text = ""
            return
        mode = pad.mode
        head.text = pad.progress() + (f"   ->   [b]{pad.slot.label}[/b]" if pad.slot else "")
        self.ids.pad_back.disabled = not pad.can_back
        # The next die of a roll offers the same faces: keep the buttons rather than redraw them.
        shown = self._buttons_key(pad)
        if shown is not None and shown == self._shown:
            return
        self._shown = shown
        grid.clear_widgets()
        if mode == "forms":
            forms = pad.main_forms()
            grid.cols = min(max(len(forms), 1), 4)
            crowded = len(forms) > 4
            for index, form in forms:
                label = pad.form_label(form, 15 if crowded else 18)
                button = FormButton(text=label, index=index)
                if crowded:
                    button.font_size = sp(24)
                grid.add_widget(button)
        elif mode == "choices" and not pad.choices():
            # A value no list can hold (a name): typed, with the CLI's refusals.
            grid.cols = 1
            grid.add_widget(FormButton(text="TYPE IT", index=-1, role="type"))
        elif mode == "choices":
            choices = pad.choices()
            grid.cols = min(max(len(choices), 1), 10)
            for choice in choices:
                face = model.die_colour(choice.colour) if pad.slot.kind == "die" else None
                button = ChoiceButton(text=choice.label, value=choice.value)
                if face is not None:
                    button.face = list(face)
                    button.color = list(model.text_colour_on(face))
                grid.add_widget(button)
        elif mode == "numpad":
            grid.cols = 7
            shown = pad.typed or " "
            grid.add_widget(Label(text=f"[b]{shown}[/b]", markup=True, font_size="40sp"))
            for key in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "C"]:
                if key == "-" and pad.slot.low >= 0:
                    continue
                grid.add_widget(KeyButton(text=key, key=key))
            ok = KeyButton(text="OK", key="OK", disabled=not pad.typed_ok())
            grid.add_widget(ok)
        else:
            grid.cols = 1
            grid.add_widget(Label(text="", font_size="30sp"))

    _shown: tuple[Any, ...] | None = None

    @staticmethod
    def _buttons_key(pad: model.Pad) -> tuple[Any, ...] | None:
        """What the pad's buttons show; None when they must be rebuilt (the number pad)."""
        mode = pad.mode
        if mode == "forms":
            return (mode, tuple((i, pad.form_label(f)) for i, f in pad.main_forms()))
        if mode == "choices" and pad.slot is not None:
            return (mode, pad.slot.kind, tuple(pad.choices()))
        return None

    def render_interrupts(self) -> None:
        """Time-out and challenge forms, when the ruleset offers them now, beside undo."""
        pad = app().pad
        box = self.ids.interrupts
        box.clear_widgets()
        if app().status.get("pending"):
            # A correction waits for the other coach (disputes=agree): nothing else is due.
            box.add_widget(DisputeButton(text="CONFIRM", decision="confirm"))
            box.add_widget(DisputeButton(text="REJECT", decision="reject"))
            return
        if pad is None:
            return
        for index, form in pad.interrupt_forms():
            button = FormButton(text=form.keyword.upper(), index=index)
            button.role = "interrupt"
            box.add_widget(button)


class FieldStrip(Widget):
    """The field to scale: end zones, ten-yard lines, the ball, the line to gain, the direction."""

    view = ObjectProperty(model.FieldView(None, None, 0, ""))
    home = StringProperty("")
    away = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._textures: dict[tuple[str, float, bool], Any] = {}
        self.bind(pos=self.redraw, size=self.redraw, view=self.redraw)
        self.bind(home=self.redraw, away=self.redraw)

    def redraw(self, *_: Any) -> None:
        self.canvas.clear()
        x0, y0, w, h = self.x, self.y, self.width, self.height
        caption_h = sp(34)
        fy, fh = y0 + caption_h, h - caption_h
        if self.view.slots is not None:
            self._draw_slots(x0, fy, w, fh)
        elif self.view.moments is not None:
            self._draw_moments(x0, fy, w, fh)
        else:
            self._draw_field(x0, fy, w, fh)
        self._text(self.view.caption, x0 + w / 2, y0 + caption_h / 2, sp(22), bold=True)

    def _draw_slots(self, x0: float, fy: float, w: float, fh: float) -> None:
        """Nine scoring slots per side, filled with the points scored in each."""
        assert self.view.slots is not None
        name_w = w * 0.16
        row_h = fh / 2
        for row, (name, boxes) in enumerate(
            zip((self.home, self.away), self.view.slots, strict=True)
        ):
            y = fy + fh - (row + 1) * row_h
            self._text(name.upper(), x0 + name_w / 2, y + row_h / 2, sp(22), bold=True)
            box_w = (w - name_w) / max(len(boxes), 1)
            for i, label in enumerate(boxes):
                bx = x0 + name_w + i * box_w
                with self.canvas:
                    Color(*((0.1, 0.45, 0.18, 1) if label else (0.18, 0.2, 0.25, 1)))
                    Rectangle(pos=(bx + 3, y + 3), size=(box_w - 6, row_h - 6))
                self._text(
                    label or f"#{i + 1}", bx + box_w / 2, y + row_h / 2, sp(24 if label else 16)
                )

    def _draw_moments(self, x0: float, fy: float, w: float, fh: float) -> None:
        """The drive's key moments: a filled pip for each one left."""
        assert self.view.moments is not None
        left, total = self.view.moments
        r = min(fh * 0.32, w / (3 * total))
        gap = w / (total + 1)
        for i in range(total):
            cx, cy = x0 + gap * (i + 1), fy + fh / 2
            with self.canvas:
                if i < left:
                    Color(1, 0.82, 0.1, 1)
                    Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
                else:
                    Color(0.5, 0.5, 0.55, 1)
                    Line(circle=(cx, cy, r), width=2)
        self._text(f"Key moments left: {left} of {total}", x0 + w / 2, fy + fh - sp(12), sp(18))

    def _draw_field(self, x0: float, fy: float, w: float, fh: float) -> None:
        # 100 yards of field plus two 10-yard end zones.
        yard = w / 120.0
        gx = x0 + 10 * yard  # the home goal line
        with self.canvas:
            Color(0.1, 0.45, 0.18, 1)
            Rectangle(pos=(x0, fy), size=(w, fh))
            Color(0.12, 0.2, 0.55, 1)
            Rectangle(pos=(x0, fy), size=(10 * yard, fh))
            Color(0.55, 0.12, 0.12, 1)
            Rectangle(pos=(gx + 100 * yard, fy), size=(10 * yard, fh))
            Color(1, 1, 1, 0.9)
            # The yard lines stop short of the top so the yard numbers sit clear of them.
            numbers = sp(26)
            for i in range(0, 101, 10):
                x = gx + i * yard
                top = fy + fh if i in (0, 100) else fy + fh - numbers
                Line(points=[x, fy, x, top], width=1.5 if i % 50 else 2.5)
        self._text(self.home.upper(), x0 + 5 * yard, fy + fh / 2, sp(20), angle_label=True)
        self._text(self.away.upper(), gx + 105 * yard, fy + fh / 2, sp(20), angle_label=True)
        for i in range(10, 100, 10):
            self._text(str(50 - abs(50 - i)), gx + i * yard, fy + fh - sp(13), sp(20), bold=True)
        view = self.view
        if view.down_column is not None:
            self._draw_down_columns(x0 + w, fy, view.down_column)
        if view.gain is not None:
            with self.canvas:
                Color(1, 0.85, 0.0, 1)
                Line(points=[gx + view.gain * yard, fy, gx + view.gain * yard, fy + fh], width=4)
        if view.ball is not None:
            bx, by = gx + view.ball * yard, fy + fh / 2 - sp(6)
            r = sp(13)
            with self.canvas:
                Color(0.3, 0.7, 1.0, 1)
                Line(points=[bx, fy, bx, fy + fh], width=3)
                Color(0.55, 0.3, 0.12, 1)
                Ellipse(pos=(bx - r * 1.5, by - r), size=(r * 3, r * 2))
                Color(1, 1, 1, 1)
                d = view.attacking
                tip = bx + d * (r * 1.5 + sp(34))
                base = bx + d * (r * 1.5 + sp(8))
                Triangle(points=[base, by + sp(12), base, by - sp(12), tip, by])

    def _draw_down_columns(self, right: float, fy: float, down: int) -> None:
        """1st & Goal's down columns, under the away end zone: the current down lit."""
        size, gap = sp(26), sp(4)
        left = right - 4 * (size + gap)
        for n in range(1, 5):
            x = left + (n - 1) * (size + gap)
            with self.canvas:
                Color(*((1, 0.85, 0.0, 1) if n == down else (0.25, 0.28, 0.33, 1)))
                Rectangle(pos=(x, fy - size - sp(4)), size=(size, size))
            self._text(str(n), x + size / 2, fy - size / 2 - sp(4), sp(18), bold=True)

    def _text(
        self,
        text: str,
        cx: float,
        cy: float,
        size: float,
        *,
        bold: bool = False,
        angle_label: bool = False,
    ) -> None:
        if not text:
            return
        key = (text, size, bold or angle_label)
        texture = self._textures.get(key)
        if texture is None:
            # Yard numbers and team names repeat on every redraw; render each once.
            label = CoreLabel(text=text, font_size=size, bold=bold or angle_label)
            label.refresh()
            texture = self._textures[key] = label.texture
        tw, th = texture.size
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, pos=(cx - tw / 2, cy - th / 2), size=(tw, th))


class Drawer(BoxLayout):
    """The log drawer; it takes the touches that land on it so the pad underneath stays still."""

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            super().on_touch_down(touch)
            return True
        return False


class LogRow(RecycleDataViewBehavior, Label):
    """One entry of the play-by-play; a long press offers to strike or restore it."""

    hold_seconds = LONG_PRESS_SECONDS
    seq = NumericProperty(0)
    actionable = BooleanProperty(False)
    last = BooleanProperty(False)
    standing = BooleanProperty(True)
    entry = StringProperty("")

    __events__ = ("on_long_press",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.press_event: Any = None

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos) and self.actionable:
            self.release()
            self.press_event = Clock.schedule_once(self._held, self.hold_seconds)
            # The finger may lift outside the row (or the log may scroll): watch it anyway.
            touch.grab(self)
        return bool(super().on_touch_down(touch))

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self.release()
            return True
        return bool(super().on_touch_up(touch))

    def release(self) -> None:
        if self.press_event is not None:
            self.press_event.cancel()
            self.press_event = None

    def _held(self, _dt: float) -> None:
        self.press_event = None
        self.dispatch("on_long_press")

    def on_long_press(self) -> None:
        pass


class GameRow(RecycleDataViewBehavior, Button):
    """A stored game on the home screen; tapping it reopens the game."""

    game_id = StringProperty("")
