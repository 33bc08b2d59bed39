"""Reusable Kivy widgets: house floors, explorer panels, prompt bar, dice pad, seat-rotated boxes."""
