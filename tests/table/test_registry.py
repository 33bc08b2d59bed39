"""The tag registry: enrol once, refuse duplicates, name unknown tags, export and import."""

from __future__ import annotations

import pytest

from hauntable.table.registry import RegistryError, TagRegistry


def test_enrol_and_look_up_in_any_spelling():
    reg = TagRegistry(":memory:")
    reg.enrol("04a25b1c7f8001", "tile", "Kitchen")
    assert reg.lookup("04:A2:5B:1C:7F:80:01").name == "Kitchen"
    assert reg.lookup(bytes.fromhex("04a25b1c7f8001")).kind == "tile"


def test_duplicates_are_refused():
    reg = TagRegistry(":memory:")
    reg.enrol("04:A2:5B:1C:7F:80:01", "tile", "Kitchen")
    with pytest.raises(RegistryError, match="already enrolled as the tile Kitchen"):
        reg.enrol("04:A2:5B:1C:7F:80:01", "card", "Axe")
    with pytest.raises(RegistryError, match="The tile Kitchen already has tag 04:A2:5B:1C:7F:80:01"):
        reg.enrol("04:A2:5B:1C:7F:80:02", "tile", "Kitchen")
    reg.enrol("04:A2:5B:1C:7F:80:03", "card", "Dog", copies=2)
    reg.enrol("04:A2:5B:1C:7F:80:04", "card", "Dog", copies=2)  # a card printed twice has two tags
    with pytest.raises(RegistryError):
        reg.enrol("04:A2:5B:1C:7F:80:05", "card", "Dog", copies=2)


@pytest.mark.parametrize(("uid", "kind"), [("04:A2", "tile"), ("zz", "tile"), ("04:A2:5B:1C", "monster")])
def test_malformed_enrolments_are_refused(uid, kind):
    with pytest.raises(RegistryError):
        TagRegistry(":memory:").enrol(uid, kind, "Kitchen")


def test_an_unknown_tag_is_a_message_never_a_crash():
    reg = TagRegistry(":memory:")
    assert reg.lookup("04:A2:5B:1C:7F:80:09") is None
    assert reg.lookup("garbage") is None
    assert (
        reg.describe("04:A2:5B:1C:7F:80:09")
        == "Unknown tag 04:A2:5B:1C:7F:80:09: the operator enrols it in the admin menu (Enrol tags) "
        "or with hauntable enroll"
    )


def test_registry_persists_in_the_table_database(tmp_path):
    path = tmp_path / "table.sqlite3"
    with TagRegistry(path) as reg:
        reg.enrol("04:A2:5B:1C:7F:80:01", "tile", "Kitchen")
    with TagRegistry(path) as reg:
        assert reg.lookup("04:A2:5B:1C:7F:80:01").name == "Kitchen"


def test_export_import_round_trip_and_all_or_nothing():
    a = TagRegistry(":memory:")
    a.enrol("04:A2:5B:1C:7F:80:01", "tile", "Kitchen")
    a.enrol("04:A2:5B:1C:7F:80:02", "card", "Axe")
    b = TagRegistry(":memory:")
    assert b.import_json(a.export()) == 2
    assert b.all() == a.all()
    assert b.import_json(a.export()) == 0  # the same tags again: nothing to add, no error
    c = TagRegistry(":memory:")
    c.enrol("04:A2:5B:1C:7F:80:09", "card", "Axe")  # conflicts with the export's Axe
    with pytest.raises(RegistryError):
        c.import_json(a.export())
    assert [t.name for t in c.all()] == ["Axe"]  # the Kitchen was not half-imported
    with pytest.raises(RegistryError, match="not a tag registry export"):
        c.import_json("[1, 2]")
