"""Saves through the app: autosave while playing, Continue after a restart, the saved-games
screen, damaged saves and their backups, settings and statistics notices, statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

import saves
from game import actions as A
from game import record as rec
from game.match import Match, Player
from game.rules import preset
from game.view import view_for
from saves.store import rebuild
from tests.ui.harness import Screens, table_match
from ui.app import start_app
from ui.screens.saved_games import SavedGamesScene
from ui.screens.stats import StatsScene
from ui.screens.title import TitleScene
from ui.table.keeper import human_orders
from ui.table.scene import TableScene

HANDS = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
STOCK = "10H KH 4C 6D 7S 8D QS 2D JH 3C"
FIXTURES = Path(__file__).resolve().parent.parent / "saves" / "fixtures" / "v1"


def classic() -> Match:
    """Classic: the human (seat 0) to draw; seat 1 a medium bot."""
    return table_match("classic", HANDS, STOCK, upcard="KD")


def romme() -> Match:
    """Rommé for three: the human and two bots, a seeded deal."""
    seats = [Player("Anna"), Player("Ben", "bot", "easy"), Player("Cid", "bot", "easy")]
    return Match(preset("romme", players=3), seats, 7)


def at_table(app: Screens, match: Match) -> TableScene:
    """Sit the app down at a match, as the new-game screen does."""
    app.nav.start_match(match)
    app.step()
    assert isinstance(app.scene, TableScene)
    return app.scene


def restart(app: Screens) -> Screens:
    """Quit the app (pending saves are written) and start a new one on the same folder."""
    app.app.close()
    return Screens()


def until_human(app: Screens, table: TableScene) -> None:
    """Step until the bots have played and the human is to move."""
    for _ in range(600):
        if table.match.current == 0:
            return
        app.step()
    raise AssertionError(f"the bot is still to move after {table.match.actions}")


def saved_files(name: str) -> list[Path]:
    """Files of the saves folder matching a pattern."""
    return sorted(saves.saves_dir().glob(name))


def meld_and_reorder(app: Screens) -> None:
    """Draw, meld 7H 8H 9H by dragging, then drag KS to the left end of the hand."""
    app.key(pygame.K_d)
    app.select("7H", "8H", "9H")
    app.drag(app.grab_point("8H"), app.open_table())
    app.settle()
    left = app.scene.placement.where[app.scene.order[0]]
    app.drag(app.grab_point("KS"), (left.x + 2, left.y + left.h // 2))
    app.settle()


# --- autosave ------------------------------------------------------------------------------


def test_every_action_and_reorder_is_autosaved_with_the_hand_order() -> None:
    app = Screens()
    table = at_table(app, classic())
    meld_and_reorder(app)
    assert table.match.actions == ["draw", "meld 7H 8H 9H"]
    assert table.order[0].face.notation() == "KS"
    assert app.nav.saver.flush()
    [info] = saves.list_saves()
    loaded = saves.open_save(info.path)
    assert isinstance(loaded, saves.Loaded)
    assert loaded.match.actions == table.match.actions
    assert loaded.orders[0] == table.order
    assert info.seats == ("P0", "Bot1") and info.preset == "classic" and not info.over


def test_bot_moves_are_autosaved_too() -> None:
    app = Screens()
    table = at_table(app, classic())
    app.key(pygame.K_d)
    app.settle()
    card = table.order[-1]
    table.play(A.discard_of(card.face), app.now)  # the bot answers in the next frames
    until_human(app, table)
    assert len(table.match.actions) >= 4
    assert app.nav.saver.flush()
    loaded = saves.open_save(saves.list_saves()[0].path)
    assert isinstance(loaded, saves.Loaded)
    assert loaded.match.actions == table.match.actions


# --- Continue ------------------------------------------------------------------------------


def test_continue_after_a_restart_resumes_the_same_position_order_and_undo() -> None:
    app = Screens()
    table = at_table(app, classic())
    meld_and_reorder(app)
    view, order = table.view, list(table.order)
    app = restart(app)
    assert isinstance(app.scene, TitleScene) and app.scene.controls()[0].key == "continue"
    app.press("continue")
    resumed = app.scene
    assert isinstance(resumed, TableScene) and resumed is not table
    assert resumed.view == view  # the human seat's whole view, legal actions included
    assert resumed.order == order
    assert A.Undo() in resumed.view.legal
    app.key(pygame.K_u)
    assert resumed.match.actions[-1] == "undo" and not resumed.match.round.table
    assert app.nav.saver.flush()
    loaded = saves.open_save(saves.list_saves()[0].path)
    assert isinstance(loaded, saves.Loaded) and loaded.match.actions[-1] == "undo"


def test_continue_restores_each_human_hand_order_in_pass_and_play() -> None:
    app = Screens()
    match = table_match("classic", HANDS, STOCK, upcard="KD", bot_seats=())
    table = at_table(app, match)
    app.take_over()  # P0 takes the screen
    app.key(pygame.K_r)  # sorted by rank
    app.key(pygame.K_d)
    app.settle()
    table.play(A.discard_of(table.order[0].face), app.now)
    app.take_over()  # P1 takes the screen
    app.key(pygame.K_r)
    orders = human_orders(table)
    assert set(orders) == {0, 1}
    app = restart(app)
    app.press("continue")
    resumed = app.scene
    app.take_over()
    assert resumed.me == 1 and resumed.order == orders[1]
    assert resumed.orders[0] == orders[0]


# --- the saved-games screen ----------------------------------------------------------------


def open_saved_games(app: Screens) -> SavedGamesScene:
    app.nav.title()
    app.step()
    app.press("saves")
    assert isinstance(app.scene, SavedGamesScene)
    return app.scene


def test_saved_games_lists_two_matches_and_deletes_one_after_asking() -> None:
    app = Screens()
    at_table(app, classic())
    app.key(pygame.K_d)
    at_table(app, romme())
    assert app.nav.saver.flush()
    screen = open_saved_games(app)
    by_preset = {i.preset: i for i in screen.infos}
    assert sorted(by_preset) == ["classic", "romme"]
    assert by_preset["classic"].name == "Rummy – P0"
    assert by_preset["romme"].seats == ("Anna", "Ben", "Cid")
    app.key(pygame.K_DOWN)
    assert screen.chosen == 1
    gone, kept = screen.infos[1], screen.infos[0]
    app.key(pygame.K_DELETE)
    assert screen.mode == "confirm" and app.focus() == "delete_no"
    app.key(pygame.K_RETURN)  # Keep: nothing deleted
    assert len(screen.infos) == 2 and screen.mode == "list"
    app.press("delete")
    app.press("delete_yes")
    assert [i.path for i in screen.infos] == [kept.path]
    assert saved_files("*.json") == [kept.path]
    assert not saved_files(gone.path.name + "*")  # the backup went with it


def test_saved_games_opens_a_match_with_the_mouse_and_renames_one() -> None:
    app = Screens()
    at_table(app, classic())
    app.key(pygame.K_d)
    at_table(app, romme())
    app.nav.close_table()
    assert app.nav.saver.flush()
    screen = open_saved_games(app)
    row = [i.preset for i in screen.infos].index("classic")
    if screen.chosen == row:
        app.click(screen.row_rect(1 - row).centre)  # a click on another line chooses it
    app.click(screen.row_rect(row).centre)
    assert screen.chosen == row and isinstance(app.scene, SavedGamesScene)
    app.press("rename")
    for _ in range(40):
        app.key(pygame.K_BACKSPACE)
    app.type("Evening game")
    app.key(pygame.K_RETURN)
    row = [i.preset for i in screen.infos].index("classic")
    assert screen.infos[row].name == "Evening game" and screen.chosen == row
    app.click(screen.row_rect(row).centre)  # a second click opens
    table = app.scene
    assert isinstance(table, TableScene) and table.match.actions == ["draw"]
    assert table.keeper is not None and table.keeper.slot.name == "Evening game"


# --- damaged saves -------------------------------------------------------------------------


def test_a_damaged_save_is_told_on_the_title_moved_aside_and_its_backup_opens() -> None:
    app = Screens()
    at_table(app, classic())
    meld_and_reorder(app)
    app = restart(app)
    [path] = saved_files("*.json")
    assert path.with_name(path.name + ".bak").exists()
    path.write_text('{"format": 1, "rules": ', encoding="utf-8")
    app = Screens()
    app.press("continue")
    title = app.scene
    assert isinstance(title, TitleScene)
    notice = app.nav.notices[0]
    moved = saved_files("damaged/*")
    assert len(moved) == 1 and not path.exists()
    assert str(moved[0]) in " ".join(notice.lines) and "ends too early" in notice.detail
    assert [c.key for c in title.controls()] == ["notice.backup", "notice.ok"]
    app.step()  # the panel is drawn
    app.press("notice.backup")
    table = app.scene
    assert isinstance(table, TableScene)
    # the backup is an earlier state that reached the disk (the worker skips stale ones)
    assert table.match.actions in ([], ["draw"], ["draw", "meld 7H 8H 9H"])
    assert table.status.text.startswith("Opened from the backup")
    assert app.nav.saver.flush() and path.exists()  # it goes on saving to its own file


def test_a_damaged_save_in_the_list_shows_its_problem_and_the_notice() -> None:
    app = Screens()
    at_table(app, classic())
    app.nav.close_table()
    assert app.nav.saver.flush()
    [path] = saved_files("*.json")
    path.write_bytes(b"\x00\xff garbage")
    screen = open_saved_games(app)
    assert screen.infos[0].problem is not None
    app.step()
    app.key(pygame.K_RETURN)  # open the chosen (first) match
    assert isinstance(app.scene, SavedGamesScene) and app.nav.notices
    assert [c.key for c in screen.controls()] == ["notice.ok"]  # no backup: one save only
    app.key(pygame.K_ESCAPE)
    assert not app.nav.notices and screen.infos == []


def test_damaged_settings_and_statistics_are_told_once_at_start() -> None:
    for path in (saves.settings_path(), saves.stats_path()):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{nope", encoding="utf-8")
    pygame.display.init()
    pygame.font.init()
    app = start_app(pygame.display.set_mode((1280, 800)), inline_bots=True)
    titles = [n.title for n in app.nav.notices]
    assert titles == [
        "Your settings could not be read completely",
        "Your statistics could not be read completely",
    ]
    assert (saves.config_dir() / "damaged").is_dir() and (saves.data_dir() / "damaged").is_dir()
    again = start_app(pygame.display.set_mode((1280, 800)), inline_bots=True)
    assert again.nav is not None and again.nav.notices == []


# --- statistics ------------------------------------------------------------------------------


def near_the_end() -> Match:
    """Classic, seat 1 (a bot) one discard away from ending the match."""
    data = json.loads((FIXTURES / "classic_finished.json").read_text(encoding="utf-8"))
    data.pop("save")
    data["actions"] = data["actions"][:-1]
    return rebuild(rec.load(data))


def test_statistics_count_a_finished_match_once() -> None:
    app = Screens()
    table = at_table(app, near_the_end())
    app.settle()
    assert table.match.over
    assert app.nav.saver.flush()
    assert saves.load_stats()[0].of("classic").matches_played == 1
    app.nav.title()
    app.step()
    app.press("saves")
    app.key(pygame.K_RETURN)  # the finished match, opened again
    assert isinstance(app.scene, TableScene) and app.scene.match.over
    app = restart(app)
    app.press("saves")
    app.key(pygame.K_RETURN)
    app.step(3)
    assert app.nav.saver.flush()
    stats = saves.load_stats()[0].of("classic")
    assert (stats.matches_played, stats.matches_won, stats.rounds_played) == (1, 0, 7)
    app.nav.title()
    app.step()
    app.press("stats")
    assert isinstance(app.scene, StatsScene)
    assert app.scene.stats["classic"].matches_played == 1
    app.step()


# --- autosave problems -----------------------------------------------------------------------


def test_a_failing_autosave_is_told_on_the_status_line_and_play_goes_on() -> None:
    app = Screens()
    table = at_table(app, classic())
    assert app.nav.saver.flush()
    [path] = saved_files("*.json")
    path.unlink()
    path.mkdir()  # the save cannot be written where a folder stands
    app.key(pygame.K_d)
    assert app.nav.saver.flush()
    app.step()
    assert table.status.kind == "warning" and table.status.text.startswith("Not saved")
    app.settle()
    table.play(A.discard_of(table.order[-1].face), app.now)
    until_human(app, table)
    path.rmdir()
    app.key(pygame.K_d)  # the next action is saved again
    assert app.nav.saver.flush() and app.nav.saver.problem is None
    loaded = saves.open_save(path)
    assert isinstance(loaded, saves.Loaded) and loaded.match.actions == table.match.actions


def test_the_worker_is_closed_when_the_app_quits() -> None:
    app = Screens()
    at_table(app, classic())
    app.key(pygame.K_d)
    app.post(pygame.QUIT)
    app.step()
    assert not app.app.running
    app.app.close()
    assert app.nav.saver.closed
    loaded = saves.open_save(saves.list_saves()[0].path)
    assert isinstance(loaded, saves.Loaded) and view_for(loaded.match, 0).phase == "play"


def test_statistics_count_each_round_as_it_ends() -> None:
    data = json.loads((FIXTURES / "classic_finished.json").read_text(encoding="utf-8"))
    data.pop("save")
    full = rebuild(rec.load(data))
    actions = list(full.actions)
    probe = rec.load({**data, "actions": []}).start()
    end = next(i for i, a in enumerate(actions) if probe.apply(a) is None and probe.results)
    data["actions"] = actions[:end]  # the round's last action still to come
    app = Screens()
    table = at_table(app, rebuild(rec.load(data)))
    if table.match.players[table.match.current].kind == "human":
        table.play(A.parse(actions[end]), app.now)
    app.step(200)
    assert table.match.results and not table.match.over
    assert app.nav.saver.flush()
    stats = saves.load_stats()[0].of("classic")
    assert stats.rounds_played == sum(r.end.scored for r in table.match.results) >= 1
    assert stats.matches_played == 0


def test_a_finished_round_of_a_saved_match_can_be_watched_again() -> None:
    from ui.table.rewind_view import RewindView

    app = Screens()
    table = at_table(app, near_the_end())
    assert len(table.match.results) >= 2
    assert app.nav.saver.flush()
    app = restart(app)
    app.press("saves")
    app.key(pygame.K_RETURN)  # the saved match, opened again at the table
    app.step(3)
    table = app.scene
    assert isinstance(table, TableScene)
    table.overlay = None  # past its sheet
    app.key(pygame.K_w)
    view = table.overlay
    assert isinstance(view, RewindView) and view.index == len(table.match.results) - 1
    view.at = 0
    assert view.caption(table).endswith("as dealt")
    assert sum(len(h) for h in view.frames[0].hands) == 20  # classic, two hands of ten
