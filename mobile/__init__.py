"""The Kivy tablet app (issue: the tablet). Only this package may import Kivy."""

import os

# Kivy reads these when it is first imported, so they are set here, before any module of the
# app imports it: the app's own command line is parsed by zebra, not by Kivy, and a desktop
# window opens in landscape at a tablet's size.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KCFG_GRAPHICS_WIDTH", "1280")
os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", "800")
