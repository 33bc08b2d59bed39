"""The Kivy touchscreen table app (``hauntable ui``).

Layers, so that most of it is testable without a window:

- Kivy-free: ``channel`` (the one path from a tap to ``Session.submit``), ``simulator`` (the one adapter
  that stands in for the table hardware), ``viewmodel`` (state -> what to draw), ``prompt_heading`` and
  ``button_labels`` (the prompt's words), ``i18n`` and ``fonts``.
- Kivy: ``widgets/`` (house floors, explorer panels, prompt bar, dice pad, rotated seat boxes),
  ``screens/`` (a ``.py`` with properties and a ``.kv`` per screen) and ``app`` (screen manager + wiring).

The UI never decides a rule (house style 14): buttons come from ``prompt.choices()``, refusals come from
the engine's ``Rejection`` and are shown at the seat that caused them.
"""
