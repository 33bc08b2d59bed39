"""Finding the USB drive a log export may go to (kiosk/media.py): only mounts under /media or /run/media."""

from __future__ import annotations

from pathlib import Path

from hauntable.kiosk import media


def test_only_writable_removable_mounts_are_offered(tmp_path, monkeypatch):
    stick = tmp_path / "media" / "pi" / "MY STICK"
    stick.mkdir(parents=True)
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "/dev/mmcblk0p2 / ext4 rw 0 0\n"
        f"/dev/sda1 {str(stick).replace(' ', chr(92) + '040')} vfat rw 0 0\n"
        "/dev/sdb1 /media/gone vfat rw 0 0\n"
        "proc /proc proc rw 0 0\n"
    )
    monkeypatch.setattr(media, "MEDIA_ROOTS", (str(tmp_path / "media") + "/", "/run/media/"))
    assert media.removable_drives(env={}, mounts=str(mounts)) == [stick]


def test_the_override_wins_and_a_missing_one_means_no_drive(tmp_path):
    assert media.removable_drives(env={"HAUNTABLE_EXPORT_DIR": str(tmp_path)}) == [tmp_path]
    assert media.removable_drives(str(tmp_path / "nope"), env={}) == []
    assert media.removable_drives(env={}, mounts=str(tmp_path / "no-proc")) == []


def test_an_export_is_whole_and_named_by_date_and_game(tmp_path):
    from hauntable.gamelog import GameLog
    from hauntable.games.betrayal import GameConfig
    from hauntable.session import Session

    with GameLog(tmp_path / "t.sqlite3") as log:
        session = Session.new("betrayal", GameConfig.quick("zoe", "ox", "vivian", today="11-05"), log=log)
        session.submit(session.game.inputs.parse("move E"))
        path = media.export_game(log, session.game_id, tmp_path)
        assert path.name == f"hauntable-{log.game(1).created[:10]}-game1.jsonl"
        assert len(Path(path).read_text().splitlines()) == 2
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary left
