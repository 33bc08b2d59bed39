"""Tag enrolment from the admin menu, in a real window on the mock backend: the operator picks a piece,
the simulator's hand lays a tag on the enrol pad, and the registry ``hauntable enroll`` writes (the
table's SQLite file in the data directory) holds the mapping. Assertions are on what the operator reads."""

from __future__ import annotations

from pathlib import Path

from hauntable.table.registry import Tag, TagRegistry


def unlock(h) -> None:
    h.app.go("admin")
    h.frames(3)
    for d in "1234":
        h.tap_text(d)
    h.tap(h.find(name=None, text=h.app.t("admin.ok")))


def tap_piece(h, text: str) -> None:
    """Scroll the admin page to a piece's button, as a finger would, then tap it."""
    from kivy.uix.scrollview import ScrollView

    button = h.find(text)
    view = next(w for w in h.walk() if isinstance(w, ScrollView))
    for _ in range(3):  # the button's centre to the view's centre, as far as the page scrolls
        _, y = button.to_window(*button.center)
        _, middle = view.to_window(*view.center)
        spare = view.children[0].height - view.height
        if spare > 0:
            view.scroll_y = min(1.0, max(0.0, view.scroll_y + (y - middle) / spare))
        h.frames(2)
    h.tap(button)


def wait_for(h, text: str, frames: int = 600) -> str:
    for _ in range(frames):
        if text in h.texts():
            break
        h.frames(1)
    return h.texts()


def registry(data_dir: str) -> list[Tag]:
    with TagRegistry(Path(data_dir) / "table.sqlite3") as reg:
        return reg.all()


def test_a_tile_tag_is_enrolled_by_touch_and_lands_in_the_cli_registry(make_app, tmp_path):
    data = str(tmp_path / "data")
    h = make_app(data_dir=data)
    unlock(h)
    h.tap_text("Enrol tags")
    assert "Tap a piece below, then lay its tag on the enrol pad." in h.texts()
    assert "0 of 48 have their tags" in h.texts()
    tap_piece(h, "Kitchen  0/1")
    assert "Lay the tag of the room tile Kitchen on the enrol pad." in h.texts()
    tap_piece(h, "Simulator: lay a new tag on the pad")
    uid = "04:E1:00:00:00:00:01"
    text = wait_for(h, "Saved:")
    assert f"Saved: tag {uid} is the room tile Kitchen. Lift it off the pad." in text
    assert "Kitchen  1/1" in text and "1 of 48 has its tag" in text
    assert registry(data) == [Tag(uid, "tile", "Kitchen")]

    # the same tag still on the pad for the next piece: named, not saved
    tap_piece(h, "Library  0/1")
    text = wait_for(h, "already enrolled")
    assert f"Tag {uid} is already enrolled as the room tile Kitchen. Lay another tag." in text
    tap_piece(h, "Simulator: lay a new tag on the pad")  # the operator swaps the tag: saved
    text = wait_for(h, "Saved:")
    assert "Saved: tag 04:E1:00:00:00:00:02 is the room tile Library." in text
    assert {t.name for t in registry(data)} == {"Kitchen", "Library"}

    # a piece with its tag: said so, and its tag can be forgotten to enrol a new one
    tap_piece(h, "Kitchen  1/1")
    assert f"The room tile Kitchen already has its tag ({uid})." in h.texts()
    tap_piece(h, "Forget the tag of Kitchen, to enrol a new one")
    assert f"Tag {uid} forgotten: the room tile Kitchen can be enrolled again." in h.texts()
    assert {t.name for t in registry(data)} == {"Library"}


def test_an_empty_pad_is_reported_after_the_wait(make_app, tmp_path, monkeypatch):
    from hauntable.kiosk.enrol import EnrolDesk

    monkeypatch.setattr(EnrolDesk, "TIMEOUT_S", 0.3)
    h = make_app(data_dir=str(tmp_path / "data"))
    unlock(h)
    h.tap_text("Enrol tags")
    tap_piece(h, "Betrayal: cards")
    tap_piece(h, "Crystal Ball  0/1")
    text = wait_for(h, "No tag was read")
    assert "No tag was read on the enrol pad in 0 s. Tap the piece to try again." in text
    assert registry(str(tmp_path / "data")) == []


def test_figures_are_enrolled_in_chinese(make_app, tmp_path):
    data = str(tmp_path / "data")
    h = make_app(data_dir=data, language="zh")
    unlock(h)
    h.tap_text("登记标签")
    tap_piece(h, "Geisterstunde：棋子")  # noqa: RUF001 (the Chinese catalog's colon)
    tap_piece(h, "座位 2  0/1")
    tap_piece(h, "模拟器：放一个新标签")  # noqa: RUF001
    text = wait_for(h, "已保存")
    assert "已保存：标签 04:E1:00:00:00:00:01 是座位 2 的棋子。" in text  # noqa: RUF001
    assert registry(data) == [Tag("04:E1:00:00:00:00:01", "figure", "2")]
