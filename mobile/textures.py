"""Label textures kept by what they show, so a text the table has shown before is not drawn again.

Under software GL (and on a tablet's GPU, less so) most of a tap's frame is text: each label
whose text changes is laid out, rasterised by the font engine and uploaded as a texture, and an
upload into a texture the last frame drew waits for that frame to finish. Much of what a tap
shows has been shown before: the dice faces of the next roll, "Home rolls the white die" again,
the pad's heading for the same form, the log drawer's rows moving down by one as an entry is
added on top. A label here asks :data:`TEXTURES` for the texture of exactly its text and every
font option that shapes it (``Cache.key``); a hit is the same texture object, with no layout,
no rasterising and no upload; a miss is rendered once by a core label of its own, which keeps
the texture and is never given another text, so a cached texture is never drawn over (and a
lost GL context refreshes it with the text it shows).

``kivy.cache.Cache`` is not used: at its limit each new entry walks and heaps every entry to
find the oldest, and it cannot bound the memory the textures take, which is what matters here;
an ordered dict is an LRU in O(1) and the budget is counted in pixels.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from kivy.core.text.markup import MarkupLabel
from kivy.utils import get_hex_from_color

# At most this many texture pixels are kept for texts no label may show again (RGBA: 4 bytes a
# pixel, about 24 MB); a texture some label still shows is kept alive by that label anyway.
PIXEL_BUDGET = 6_000_000
ENTRY_LIMIT = 512


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    return value


class Cache:
    """Rendered label textures by (core label class, text, text size, every font option)."""

    def __init__(self, pixel_budget: int = PIXEL_BUDGET, entry_limit: int = ENTRY_LIMIT) -> None:
        self.pixel_budget = pixel_budget
        self.entry_limit = entry_limit
        self._entries: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._pixels = 0
        # Off, a label renders as stock Kivy does (the benchmark's bare counterpart).
        self.enabled = True
        # Texts rendered (misses) and served from the cache (hits), since the app started.
        self.renders = 0
        self.hits = 0
        # When a list, each text rendered is added to it (the tests and the benchmark look).
        self.log: list[str] | None = None

    @staticmethod
    def key(core: Any, text: str) -> tuple[Any, ...]:
        """What the texture depends on: the text as the core label renders it, the box it is
        laid out in, and every option (font, size, colour, alignment, padding...). The text and
        its box are kept apart from the options: the options' copies of them are stale."""
        options = tuple(
            (name, _frozen(value))
            for name, value in sorted(core.options.items())
            if name not in ("text", "text_size")
        )
        return (type(core), text, _frozen(core.text_size), options)

    def texture_for(self, core: Any, text: str) -> Any:
        """A core label that has rendered ``text`` with ``core``'s options, its texture ready."""
        key = self.key(core, text)
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            self.hits += 1
            return entry
        entry = type(core)()
        entry.options = {
            name: list(value) if isinstance(value, list) else value
            for name, value in core.options.items()
        }
        entry.text = text
        entry.text_size = core.text_size
        entry.refresh()
        if entry.texture is not None:
            # Rendered and uploaded now, once: a markup label's references need it, and a
            # texture the cache hands out must never be filled again later.
            entry.texture.bind()
        self.renders += 1
        if self.log is not None:
            self.log.append(text)
        self._entries[key] = entry
        self._pixels += self._size(entry)
        while self._entries and (
            self._pixels > self.pixel_budget or len(self._entries) > self.entry_limit
        ):
            _, old = self._entries.popitem(last=False)
            self._pixels -= self._size(old)
        return entry

    @staticmethod
    def _size(entry: Any) -> int:
        texture = entry.texture
        return int(texture.width * texture.height) if texture is not None else 0

    def keys(self) -> set[tuple[Any, ...]]:
        return set(self._entries)

    def forget(self, key: tuple[Any, ...]) -> None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._pixels -= self._size(entry)

    def clear(self) -> None:
        self._entries.clear()
        self._pixels = 0

    def __len__(self) -> int:
        return len(self._entries)


TEXTURES = Cache()


class Cached:
    """Mixin for a Label: its texture comes from :data:`TEXTURES` (see the module's docstring),
    otherwise exactly as ``Label.texture_update`` makes it."""

    _label: Any
    text: str
    halign: str
    strip: bool
    disabled: bool
    color: Any
    disabled_color: Any
    texture: Any
    texture_size: Any
    is_shortened: bool
    refs: Any
    anchors: Any
    _shown_entry: Any = None

    def texture_update(self, *largs: Any) -> None:
        core = self._label
        if not TEXTURES.enabled or core is None:
            super().texture_update(*largs)  # type: ignore[misc]
            TEXTURES.renders += 1
            if TEXTURES.log is not None:
                TEXTURES.log.append(self.text)
            return
        markup = type(core) is MarkupLabel
        blank = not core.text or (
            (self.halign == "justify" or self.strip) and not core.text.strip()
        )
        if blank:
            super().texture_update(*largs)  # type: ignore[misc]  # nothing is rendered
            return
        text = core.text
        if markup:
            # As Label.texture_update does: the label's colour is markup around its text.
            shown = self.text.strip() if self.halign == "justify" or self.strip else self.text
            colour = self.disabled_color if self.disabled else self.color
            text = f"[color={get_hex_from_color(colour)}]{shown}[/color]"
            core.text = text
        entry = TEXTURES.texture_for(core, text)
        # Held while shown: the core label outlives its eviction from the cache, so a lost GL
        # context (an Android pause) still refreshes the texture this label draws.
        self._shown_entry = entry
        self.texture = None
        if markup:
            self.refs = entry.refs
            self.anchors = entry.anchors
        texture = entry.texture
        if texture is not None:
            self.texture = texture
            self.texture_size = list(texture.size)
        self.is_shortened = entry.is_shortened
