"""The Kivy tablet app (issue: the tablet). Only this package may import Kivy."""
