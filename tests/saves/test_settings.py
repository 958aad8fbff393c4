"""Settings: defaults, round trip, invalid fields fall back, damaged files are moved aside."""

from __future__ import annotations

import json
from pathlib import Path

from saves import Settings, load_settings, save_settings, settings_path
from saves.atomic import backup_of


def test_defaults_when_there_is_no_file(home: Path) -> None:
    assert load_settings() == (Settings(), [])


def test_settings_round_trip(home: Path) -> None:
    mine = Settings(language="de", bot_speed="fast", four_colour=True, card_scale=1.2)
    save_settings(mine)
    assert load_settings() == (mine, [])
    assert settings_path() == home / "config" / "settings.json"


def test_invalid_and_unknown_fields_fall_back_to_defaults(home: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    data = {"version": 1, "sound": False, "card_scale": 9, "language": "<script>",
            "bot_speed": "warp", "four_colour": "yes", "colour_blind": True}  # fmt: skip
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, problems = load_settings()
    assert settings == Settings(sound=False)
    assert len(problems) == 6 and any("colour_blind" in p for p in problems)
    # the file as it was is kept in damaged/, the repaired settings are written back
    assert problems.copied is not None and json.loads(problems.copied.read_bytes()) == data
    assert str(problems.copied) in problems[-1] and problems.rewritten
    assert not problems.moved and not problems.from_backup
    assert load_settings() == (Settings(sound=False), [])


def test_damaged_settings_are_moved_aside_and_the_backup_used(home: Path) -> None:
    save_settings(Settings(sound=False))
    save_settings(Settings(sound=False, table_colour="wine"))
    path = settings_path()
    path.write_bytes(b'{"version": 1, "sou')
    settings, problems = load_settings()
    assert settings == Settings(sound=False)
    assert "cut short" in problems[0] and "backup" in problems[1]
    (moved,) = (path.parent / "damaged").iterdir()
    assert moved.read_bytes() == b'{"version": 1, "sou'


def test_when_both_are_damaged_the_defaults_are_used(home: Path) -> None:
    save_settings(Settings(sound=False))
    save_settings(Settings(sound=False))
    settings_path().write_bytes(b"\x00")
    backup_of(settings_path()).write_text("[]", encoding="utf-8")
    settings, problems = load_settings()
    assert settings == Settings() and len(problems) == 3
    assert len(list((settings_path().parent / "damaged").iterdir())) == 2


def test_newer_settings_are_not_guessed_at(home: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"version": 4, "sound": false}', encoding="utf-8")
    settings, problems = load_settings()
    assert settings == Settings() and "newer" in problems[0]


def test_a_base_folder_keeps_settings_apart(home: Path, tmp_path: Path) -> None:
    save_settings(Settings(sound=False), base=tmp_path / "other")
    assert load_settings() == (Settings(), [])
    assert load_settings(tmp_path / "other")[0].sound is False
