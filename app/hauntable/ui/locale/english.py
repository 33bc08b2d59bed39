# ruff: noqa: RUF001  (natural-language text: its punctuation and letters are meant)
"""The English messages: the source text every catalog translates, and the English the table shows.

``message(key, text)`` is one message; ``plural(key, count, singular, plural)`` one that takes a count, with
its forms chosen by the number in its ``{count}`` placeholder (``i18n.ntr``; ``i18n.tr`` picks them too).
Babel's Python extractor reads these calls into ``ui.pot`` (``scripts/catalogs.py extract``, docs/ui.md):
the key becomes the msgctxt and the text the msgid, so a translator's tool shows the English beside each
translation and marks a translation fuzzy when its English changes; a ``# TRANSLATORS:`` comment above a
call goes into the template with it. Keys are grouped by screen or by what they word: ``out.<code>`` an
engine outcome, ``rej.<rule>`` a refusal, ``ask.<code>`` a card's or rule's question, ``referee.<code>``
the table referee's messages. Room, card, explorer, monster and token names stay as printed (parameters).
"""

MESSAGES: dict[str, str] = {}
PLURALS: dict[str, tuple[str, str, str]] = {}  # key -> (count parameter, singular, plural)


def message(key: str, text: str) -> None:
    MESSAGES[key] = text


def plural(key: str, count: str, singular: str, plural: str) -> None:
    PLURALS[key] = (count, singular, plural)


# TRANSLATORS: the product's name: keep it
message("app.title", "Hauntable")
message("attract.tagline", "A haunted house, built one room at a time.")
message("attract.touch", "Touch to play")
# TRANSLATORS: the game's printed title
message("attract.game", "Betrayal at House on the Hill")
plural(
    "attract.unfinished",
    "n",
    "A game was not finished: {players}. Started {started} UTC, {n} move logged.",
    "A game was not finished: {players}. Started {started} UTC, {n} moves logged.",
)
message("attract.resume", "Resume this game")
message("attract.resuming", "Resuming the game, replaying its moves: {done}/{total}")
# TRANSLATORS: {what} is an English sentence for the operator, e.g. "The table's readers stopped"
message("trouble.restart", "{what}. The table restarts by itself within a minute; the game is saved.")
message("attract.new_game", "Start a new game")
message("setup.title", "Who plays?")
message("setup.seat", "Seat {n}")
message("setup.add", "Add a seat")
# TRANSLATORS: the on-screen keyboard's keys for typing a player's name
message("keys.space", "Space")
message("keys.done", "Done")
message("setup.remove", "Remove a seat")
message("setup.start", "Start the game")
message("setup.back", "Back")
message("setup.side", "Other side")
message("setup.need", "3 to 6 players, each with an explorer.")
message("setup.language", "Language")
message("setup.age", "Age {age}")
message("trait.speed", "Speed")
message("trait.might", "Might")
message("trait.sanity", "Sanity")
message("trait.knowledge", "Knowledge")
message("floor.basement", "Basement")
message("floor.ground", "Ground floor")
message("floor.upper", "Upper floor")
message("dir.N", "North")
message("dir.E", "East")
message("dir.S", "South")
message("dir.W", "West")
message("dir.up", "Upstairs")
message("dir.down", "Downstairs")
message("action.move", "Go {dir}")
message("action.end", "End turn")
message("action.cross", "Try to cross")
message("action.fall", "Fall")
message("action.ride", "Ride the elevator")
message("action.attack", "Attack {who}")
message("play.round", "Round {n}")
message("play.omens", "Omens drawn: {n}")
message("play.turn", "{who}'s turn")
message("play.haunt_round", "Haunt round {n}")
message("play.monsters_turn", "The monsters' turn")
plural("play.moves_left", "n", "{n} move left", "{n} moves left")
message("play.items", "Items")
message("play.omens_held", "Omens")
message("play.carries", "Carries")
message("play.dead", "dead")
message("map.monster", "monster")
message("group.open", "{group} ({n}) …")
message("group.back", "◀ Back")
message("group.move", "Move")
message("group.attack", "Attack")
message("group.cards", "Items and omens")
message("group.haunt", "Haunt actions")
message("group.other", "More")
message("group.victory", "Victory")
message("group.explorer", "Explorers")
message("group.monsters", "Monsters")
message("group.tokens", "Tokens")
message("group.counters", "Counters")
message("haunt.side.heroes", "Heroes")
message("haunt.side.traitor", "Traitor")
message("haunt.goal_book", "as the haunt book says (haunt {n})")
message("end.traitor", "The traitor, unmasked: {who}")
message("end.no_traitor", "No traitor: the house itself played against the heroes")
message("end.deaths", "Who died")
message("end.none_died", "Nobody died.")
message("end.death", "{who} died in the {room} (haunt round {n})")
message("end.death_where", "{who} died in the {room}")
message("end.turning", "Turning points of the haunt")
message("end.when", "Round {n}: {what}")
message("end.export", "Save this picture and the game's log to the USB stick")
message("end.exported", "Saved on {drive}: {files}")
message("end.failed", "Could not write to {drive}: {error}")
message("counter.track", "Turn/Damage track ({name}): {n}")
message("track.turn", "turn")  # the Turn/Damage track's "turn" clip (counter.track, out.haunt.track)
message("counter.dread", "Dread")
message("counter.grabs", "Grabs")
message("counter.barricades", "Barricades")
message("counter.chains", "Chains")
message("counter.terror", "Terror")
message("counter.flooded", "Flooded floors")
message("counter.closed", "Doors closed")
message("counter.lit", "Candles lit")
message("counter.escaped", "Escaped")
message("counter.rites", "Rites")
message("counter.summons", "Summons")
message("map.stunned", "stunned (struck through)")
message("map.token", "haunt token")
message("play.here", "in the {room}")
message("play.happened", "What happened")
plural("prompt.action", "n", "{who}: your turn ({n} move left)", "{who}: your turn ({n} moves left)")
plural("prompt.roll", "n", "{who}: roll {n} die ({purpose})", "{who}: roll {n} dice ({purpose})")
plural(
    "prompt.roll_target",
    "n",
    "{who}: roll {n} die for {trait} ({purpose}); {target} or more succeeds",
    "{who}: roll {n} dice for {trait} ({purpose}); {target} or more succeeds",
)
plural(
    "prompt.split",
    "n",
    "{who}: take {n} {damage} damage; choose how much each trait loses",
    "{who}: take {n} {damage} damage; choose how much each trait loses",
)
message("prompt.rotation", "{who}: turn the {tile}")
# TRANSLATORS: the haunt roll's heading: {omens} is the number of omens drawn so far
plural(
    "prompt.haunt_roll",
    "n",
    "{who}: haunt roll, {n} die: a total below {omens} (the omens drawn) and the haunt begins",
    "{who}: haunt roll, {n} dice: a total below {omens} (the omens drawn) and the haunt begins",
)
# TRANSLATORS: a monster's fight roll: {thrower} is " (thrown by NAME)" or empty
plural(
    "prompt.monster_roll",
    "n",
    "{monster}{thrower}: roll {n} die for {trait} ({purpose})",
    "{monster}{thrower}: roll {n} dice for {trait} ({purpose})",
)
message("prompt.thrown_by", "thrown by {who}")
message("prompt.target", "{who}: choose a cell on the map ({purpose})")
message("prompt.tile", "Lay a {floor} tile on the lit cell")
message("prompt.card", "{who}: draw a card from the {deck} deck onto the draw pad")
message("damage.physical", "physical")
message("damage.mental", "mental")
message("deck.omen", "Omen")
message("deck.item", "Item")
message("deck.event", "Event")
message("dice.throw_tower", "Throw into the tower")
message("dice.roll_virtual", "Roll virtual dice")
message("dice.manual", "Dice by hand: tap each die to set its face")
message("dice.enter", "Enter these dice")
message("dice.source.tower", "tower")
message("dice.source.virtual", "virtual")
message("dice.source.hand", "entered by hand")
message("tower.ready", "Dice tower ready ({source}): throw the dice into it")
message("tower.not_ready", "Dice tower not answering ({state}): roll virtual dice or enter them by hand")
message("tower.rethrow", "Throw again the die at the {where}: the tower could not read it")
message("tower.and", " and ")
message("tower.place.some", "tray")
message("tower.place.back-left", "back left")
message("tower.place.back-middle", "back middle")
message("tower.place.back-right", "back right")
message("tower.place.front-left", "front left")
message("tower.place.front-middle", "front middle")
message("tower.place.front-right", "front right")
plural(
    "tower.count",
    "n",
    "The game asks for {n} die and the tray holds {seen}: take them all out and throw {n}",
    "The game asks for {n} dice and the tray holds {seen}: take them all out and throw {n}",
)
message("tower.fault.rethrow", "A die could not be read: throw it again")
message("tower.fault.clear", "Take every die out of the dice tray before the next throw")
message("tower.fault.kind", "Those are not the dice this game plays with: take them out")
message("tower.fault.overflow", "Too many dice in the tray: take them out and throw fewer")
message("tower.fault.stale", "Dice lie in the tray from before the tower started: take them out")
message("tower.fault.jam", "A die is stuck in the dice tower's chute")
message("tower.fault.uncalibrated", "The dice tower is not calibrated: calibrate it from the admin menu")
# TRANSLATORS: a damage split's button: how much each trait LOSES (not the values it ends at)
message("split.option", "{a} −{n} · {b} −{m}")
message("rotation.option", "Turn {n}×: doors {doors}")
message("target.option", "{floor} {x},{y}")
message("refusal.stale", "That choice was for an earlier moment of the game; choose again.")
message("sim.title", "Table simulator")
message("sim.place_tile", "Lay next tile")
message("sim.draw_card", "Card on draw pad")
message("live.lay_tile", "Lay the new tile on the lit cell of the table.")
message("live.draw_card", "Lay the card you drew on the draw pad.")
message("live.unavailable", "The table's readers are not working ({error}): the simulator panel stands in.")
message("sim.throw", "Throw dice in tower")
message("sim.pull", "Pull / return tile")
message("sim.unplug", "Unplug / plug tower")
message("sim.flicker", "Flicker a reader")
message("sim.no_tile_wanted", "No tile is wanted now.")
message("sim.no_card_wanted", "No card is wanted now.")
message("sim.no_roll_wanted", "No dice roll is wanted now.")
message("sim.tile_placed", "Laid the {tile} at {x},{y}.")
message("sim.no_tile_fits", "No tile left in the stack fits the {floor}.")
message("sim.card_drawn", "Laid the card {card} on the draw pad.")
message("sim.deck_empty", "The {deck} deck is empty.")
message("sim.dice_thrown", "The tower read {faces}.")
message("sim.tower_unplugged", "The dice tower is unplugged: enter the dice by hand.")
message("sim.tower_plugged", "The dice tower is plugged in.")
message("sim.tile_pulled", "The {tile} was lifted off its cell: put it back.")
message("sim.tile_back", "The {tile} is back on its cell.")
message("sim.nothing_to_pull", "No tile to pull.")
plural(
    "sim.flickered",
    "times",
    "The reader under the {tile} flickered {times} time; nothing changed.",
    "The reader under the {tile} flickered {times} times; nothing changed.",
)
message("sim.nothing_to_flicker", "No reader has a tile on it.")
# TRANSLATORS: the table referee's own sentence, already worded
message("sim.referee", "{message}")
message("haunt.title", "The haunt begins")
message("haunt.number", "Haunt {n}")
message("haunt.omen", "The {omen} in the {room}")
message("haunt.revealed", "Revealed by {who}")
message("haunt.book", "Open the haunt books at haunt {n}.")
message("haunt.play", "Play the haunt")
message("haunt.over", "The haunt is over")
message("haunt.won.heroes", "The heroes win!")
message("haunt.won.traitor", "The traitor's side wins!")
message("haunt.traitor", "The traitor: {who}")
message("haunt.summary", "{rooms} explored in {rounds}; {omens} drawn.")
# TRANSLATORS: {rooms} in haunt.summary: with the words your haunt.summary needs around it
plural("haunt.summary.rooms", "n", "{n} room", "{n} rooms")
# TRANSLATORS: {rounds} in haunt.summary
plural("haunt.summary.rounds", "n", "{n} round", "{n} rounds")
# TRANSLATORS: {omens} in haunt.summary
plural("haunt.summary.omens", "n", "{n} omen", "{n} omens")
message("haunt.again", "New game")
message("secret.pass", "Pass the table to {who}. Everyone else, look away.")
message("secret.show", "I am {who}: show my token")
message("secret.token", "Your token: {n}")
message("secret.tokens", "Your tokens: {tokens}")
message("secret.traitor_for_good", "You have held token 1: you are a traitor for good. Never reveal it.")
message(
    "secret.traitor",
    "Token 1: you are the traitor. Keep it secret; you may reveal yourself here at any time.",
)
message("secret.hero", "You are not the traitor. Find out who is.")
message("secret.hide", "Hide it and pass on")
message("secret.reveal", "Reveal: I am the traitor")
message("secret.pick", "Who looks at their secret token?")
message("secret.back", "Back to the game")
message("secret.button", "Secret tokens")
message("secret.tell", "I am {who}: tell my token")
message("secret.which", "Look at your token in secret: which number is it?")
message("secret.tell_room", "I am {who}: choose my room")
message("secret.where", "Choose in secret the room your move ends in (nobody else sees it).")
# a printed haunt's rules cards (H2.2): each side's book is its own while the haunt is played
message("card.button.heroes", "Heroes' card")
message("card.button.traitor", "Traitor: read your card")
message("card.button.all", "Rules card")
message("card.away", "{who}, the traitor: look away. The heroes read their card.")
message("card.show.heroes", "We are the heroes: show our card")
message("card.show.traitor", "I am {who}: show my card")
message("card.title.heroes", "Heroes' card: {haunt}")
message("card.title.traitor", "Traitor's card: {haunt}")
message("card.title.all", "Rules card: {haunt}")
message("card.by_hand", "Left to the players:")
message("card.hide", "Hide the card and go back")
message(
    "haunt.goals_apart",
    "each side's goal is its own (H2.2): read your card with the buttons on the right.",
)
message(
    "handoff.note.traitor",
    "{who}: the 'Traitor: read your card' button shows your card with this table's numbers, to you alone.",
)
message("handoff.note.heroes", "{who}, the traitor, stays away until the heroes tap ready (H2.2).")
message("admin.title", "Admin")
message("admin.pin", "Enter the admin PIN")
message("admin.wrong_pin", "Wrong PIN.")
message("admin.ok", "OK")
message("admin.language", "Language")
message("admin.rotation", "Seat {n} faces {deg}°")
message("admin.idle", "Back to the attract screen after {n} s idle")
message("admin.abandon", "Abandon the game")
message("admin.board", "Castle board (Geisterstunde)")
message("admin.haunts", "Haunt numbers")
message(
    "haunts.help",
    "The numbers the table enforces for each printed haunt, as our sources read them. If your book says "
    "otherwise, correct them here: every game started from now on uses your numbers (its log keeps them). "
    "A corrected number is fixed for every player count.",
)
message("haunts.corrected", "  (corrected)")
message("haunts.head", "Haunt {number}: {name} (sources: {confidence} confidence)")
message("haunts.number", "{name}: as read {printed} (at a table of four: {value})")
message("haunts.fixed", "; this table: {value}")
message("haunts.reset", "As printed again")
message("haunts.all", "All haunts")
message("board.title", "The castle board (Geisterstunde)")
message(
    "board.help",
    "Read each room's crest and each door's colour off your printed board. Tap a room for its crest, "
    "a bar between two rooms for its door (wall, red, green, blue), a bar under the south row for an exit.",
)
message("board.in_use_ours", "In use: the proposed board.")
message("board.in_use_own", "In use: this table's own board.")
message(
    "board.ok", "The board holds: every ghost card names one room, every key one door, no room is cut off."
)
message("board.save", "Save: the next game is played on this board")
message("board.default", "Back to the proposed board")
message("board.saved", "Saved: the next Geisterstunde game is played on this board.")
message("board.exit", "Exit {colour}")
message(
    "board.error.twin_crests",
    "Rooms {other} and {nb} both show the {crest} and both lie next to room {room}: "
    "a ghost card must name one room.",
)
message("board.error.two_doors", "Room {room} has two {colour} doors: a key must name one door.")
message("board.error.unreachable", "No runner can reach room {room} from the treasury.")
message("board.error.dead_end", "Room {room} has fewer than two doors.")
message("board.error.no_exit", "The castle needs at least one exit.")
message("admin.resume", "Back to the game")
message("admin.resume_logged", "Resume the last unfinished game")
message("admin.nothing_to_resume", "No unfinished game in the log.")
message("admin.quit", "Quit to desktop")
message("admin.close", "Close")
message("admin.choose_pin", "No admin PIN yet: choose one (4 to 8 digits)")
message("admin.new_pin", "Type the new PIN (4 to 8 digits)")
message("admin.pin_saved", "PIN saved.")
message("admin.pin_format", "A PIN is 4 to 8 digits.")
message(
    "admin.pin_damaged",
    "The admin PIN record is lost or damaged, so the menu stays locked. Reset the PIN at the table's "
    "console: hauntable admin-pin --reset",
)
plural("admin.wrong_pin_left", "n", "Wrong PIN: {n} try left.", "Wrong PIN: {n} tries left.")
message("admin.locked", "Too many wrong PINs: try again in {n} s.")
message("admin.change_pin", "Change the PIN")
message("admin.back", "< Back")
message("admin.export", "Export game logs to a USB drive")
message("admin.house_rules", "House rules for the next game")
message("admin.selftest", "Hardware self-test")
message("export.no_log", "This table keeps no game log (started with --no-log).")
message("export.no_drive", "No USB drive is mounted. Plug one in, wait a moment, then look again.")
message("export.look_again", "Look for a drive again")
message("export.drive", "Drive: {drive}")
message("export.pick", "Tap a game to write it to this drive:")
message("export.pick_many", "Several drives: tap the drive to switch. Tap a game to write it:")
message("export.no_games", "The log holds no games yet.")
plural(
    "export.game",
    "n",
    "Game {id} · {started} · {players} · {n} move · {status}",
    "Game {id} · {started} · {players} · {n} moves · {status}",
)
message("export.done", "Game {id} written to {path}. The drive can be removed.")
message("export.failed", "Could not write to {drive}: {error}")
message("status.playing", "unfinished")
message("status.over", "over")
message("status.abandoned", "abandoned")
message("rules.next_game", "Tap a rule to change it; the next game started uses these.")
message("rules.defaults", "Back to the defaults")
message("rule.haunt_roll_dice", "Haunt roll dice")
message("rule.misfit_tiles", "Tiles for another floor")
message("rule.door_matching", "Doors when laying a tile")
message("rule.barrier_failure", "Failed barrier roll")
message("rule.elevator_zero_damage", "Mystic Elevator 0, several explorers")
message("rule.damage_at_lowest", "Damage to a trait at its lowest step")
message("rule.once_per_game_bonus", "Once-per-game room bonus")
message("rule.revolving_wall", "Revolving Wall room tile")
message("rule.monster_secret_passages", "Monsters and secret passages")
message("rule.haunt_mode", "Haunts the table knows")
message("rule.window_rooms", "Rooms with an outside window")
message("rule.birthday_today", "A birthday today")
message("rule.leave_minimum", "One room past opponents")
message("rule.collapse_later", "Collapsed Room, later explorers")
message("rule.collapse_tile", "Collapsed Room, the first faller's tile")
message("rule.traitor_barriers", "The traitor at a barrier")
message("rule.closing_floor", "A floor every tile would close")
message("rule.monster_speed_roll", "Monster speed rolls")
message("rule.monster_stunned_in_turn", "Monster stunned in its own turn")
message("rule.collapse_monster_token", "A monster first through the Collapsed Room")
message("rule.trading", "Trading")
# TRANSLATORS: rulev.RULE.VALUE: a value worded for that one house rule (rulev.VALUE serves the others)
message("rulev.birthday_today.counts", "counts as the next")
message("rulev.birthday_today.after_today", "only after today")
message("rulev.leave_minimum.per_turn", "once a turn")
message("rulev.leave_minimum.per_room", "from every room")
message("rulev.collapse_later.choose", "may simply fall")
message("rulev.collapse_later.roll", "roll Speed, fall on a failure")
message("rulev.collapse_tile.drawn", "the next tile drawn")
message("rulev.collapse_tile.chosen", "chosen from the stack")
message("rulev.traitor_barriers.roll", "rolls like anyone")
message("rulev.traitor_barriers.free", "crosses freely (not the Vault)")
message("rulev.closing_floor.lay_first", "lay the tile, then rearrange")
message("rulev.closing_floor.rearrange_first", "rearrange, then lay the tile")
message("rulev.monster_speed_roll.turn_start", "all at the turn's start")
message("rulev.monster_speed_roll.per_group", "as each kind acts")
message("rulev.monster_stunned_in_turn.skip_next", "skips its next turn")
message("rulev.monster_stunned_in_turn.recover_now", "recovers at this turn's end")
message("rulev.collapse_monster_token.landing", "its room is the room below")
message("rulev.collapse_monster_token.first_explorer", "the first explorer to fall lays it")
message("rulev.trading.exchange", "both ways (exchange)")
message("rulev.trading.give", "giving only")
message("rulev.forbidden", "forbidden")
message("rulev.scripted", "run by the table")
message("rulev.book", "always from the books")
message("rulev.data", "our guess")
message("rulev.ask", "ask the table")
message("rulev.six", "six dice")
message("rulev.per_omen", "one die per omen")
message("rulev.discard", "set aside")
message("rulev.bottom", "under the stack")
message("rulev.connect_all", "connect all doors possible")
message("rulev.free", "free turn, one door meets")
message("rulev.stop", "movement stops")
message("rulev.go_elsewhere", "may go elsewhere")
message("rulev.each", "a die each")
message("rulev.shared", "one roll for all")
message("rulev.allowed", "allowed")
message("rulev.must_drop", "must go elsewhere")
message("rulev.per_explorer", "per explorer")
message("rulev.per_room", "once for the room")
message("rulev.True", "on")
message("rulev.False", "off")
message("selftest.running", "Self-test running...")
message("selftest.summary", "{layout} on the {backend} backend: {devices}, {faults}")
# TRANSLATORS: {devices} in selftest.summary
plural("selftest.devices", "n", "{n} device", "{n} devices")
# TRANSLATORS: {faults} in selftest.summary
plural("selftest.faults", "n", "{n} fault", "{n} faults")
message("selftest.failed", "The self-test could not start: {error}")
message("selftest.fault", "FAULT {device} ({wiring}): {detail}")
message("selftest.ok", "{kind}: {n} ok")
message("selftest.again", "Run the self-test again")
message(
    "selftest.in_game",
    "Checked during a game: the game's own readers. "
    "The reset pulse, buttons and LEDs are checked between games.",
)
message("device.reader", "RFID readers")
message("device.tower", "dice towers")
message("device.button", "buttons")
message("device.led", "LEDs")
message("out.move", "{who} moves to the {room}")
# TRANSLATORS: {inputs} is what was taken back, in the log's own words (e.g. "rotate 2")
message("out.take_back", "Taken back: {inputs}")
message("out.card.omen", "{who} draws the omen {card}")
message("out.card.item", "{who} draws the item {card}")
message("out.card.event", "{who} draws the event {card}")
# TRANSLATORS: {faces} the dice faces ("2+0+1"), {purpose} what it is for, {source} where the dice came from
message("out.roll", "{who} rolls {faces} = {total} ({purpose}, {source})")
message("out.roll.table", "The table")
message("roll_source.tower", "dice tower")
message("roll_source.virtual", "virtual dice")
message("roll_source.hand", "by hand")
message("roll_source.other", "dice")
message("out.turn.start", "{who}'s turn")
message("out.turn.end", "{who} ends the turn")
message("out.haunt.no", "Haunt roll {total}: not below {omens}. The house waits...")
# Geisterstunde
message("attract.geisterstunde", "Geisterstunde: escape the haunted castle")
# TRANSLATORS: the game's printed title
message("castle.title", "Geisterstunde")
message("castle.round", "Round {n}")
message("castle.ghost", "Ghost: {who} ({room})")
message("castle.turn", "{who}'s turn")
message("castle.hands", "Keys in hand: {hands}")
message("castle.top", "Top card's crest: {crest}")
message("castle.top_none", "The draw pile is empty")
message("castle.plan", "Ghost's cards: {shown} + {hidden} face down")
message("castle.dungeon", "Dungeon")
message("castle.treasury", "Treasury")
message("castle.room", "room {id}")
message("castle.won", "{who} escapes and wins!")
message("castle.ask.plan", "{who} (ghost): lay 1 to 4 crest cards face down")
message("castle.ask.turn", "{who}: play keys, or skip and take a card")
message("castle.ask.turn_more", "{who}: another key, or end the move")
message("castle.ask.discard", "{who}: five keys, discard one")
message("castle.ask.draw", "{who}: take the top card?")
message("castle.ask.reveal", "{who} (ghost): turn over card {card} of {of}")
message("castle.ask.victim", "{who} (ghost): whom do you catch?")
message("castle.key", "Play a {colour} key")
message("castle.end", "End the move")
message("castle.skip", "Skip, take a card")
message("castle.reveal", "Turn over the next card")
message("castle.catch", "Catch {who}")
message("castle.discard", "Discard a {colour} key ({crest})")
message("castle.draw", "Take the top card ({crest})")
message("castle.pass", "Leave it")
message("castle.plan_lay", "Lay the cards ({n})")
message("castle.plan_clear", "Take them back")
message("crest.lion", "Lion")
message("crest.eagle", "Eagle")
message("crest.lily", "Lily")
message("crest.tower", "Tower")
message("crest.dragon", "Dragon")
message("colour.red", "red")
message("colour.green", "green")
message("colour.blue", "blue")
message("gs.game.start", "{ghost} is the ghost; the others start in the treasury")
message("gs.deal.swap", "{who} was dealt four {colour} keys and swaps them")
message("gs.deal.done", "{who} has four keys")
message("gs.pile.reshuffle", "The discards are shuffled into a new draw pile")
message("gs.pile.reshuffle_table", "The draw pile is empty: shuffle the discards into a new pile")
message("gs.deal.shuffle_back", "The four keys are shuffled back into the pile")
plural(
    "gs.ghost.plan",
    "cards",
    "The ghost lays {cards} card face down",
    "The ghost lays {cards} cards face down",
)
message("gs.runner.key", "{who} opens the {colour} door into {room}")
message("gs.runner.stuck", "{who} has no key for a door here: the move ends")
message("gs.runner.skip", "{who} skips and takes the top card")
message("gs.runner.refill", "{who} ends on the top card's crest and takes it")
message("gs.runner.discard", "{who} discards a key")
message("gs.runner.pass", "{who} leaves the top card")
message("gs.game.won", "{who} unlocks the {colour} exit and escapes!")
message("gs.ghost.step", "The ghost turns over the {crest} and floats into {room}")
message("gs.ghost.blocked", "The ghost turns over the {crest} but cannot follow it")
message("gs.ghost.catch", "The ghost catches {who} in {room}!")
message("gs.roles.swap", "{ghost} is the new ghost; {runner} runs on from {room}")
message("gs.round.end", "The ghost takes its cards back: a new round")
message("castle.for_ghost", "To the ghost: {text}")
message(
    "castle.live.plan",
    "Ghost: lay 1 to 4 crest cards face down on the plan slots, from slot 1 on. "
    "Four are the plan at once; for fewer, tap The cards are laid.",
)
message("castle.live.plan_done", "The cards are laid")
message("castle.paused", "Play waits for the table: put the figure back first.")
message(
    "castle.live.turn", "Move your figure through a door whose key you hold, or lay the key on the key slot."
)
message("castle.live.draw", "Lay the top card of the pile on the key slot.")
message("castle.live.discard", "Lay the key you give up on the key slot.")
message(
    "castle.live.reveal", "Ghost: turn over your next card and set your figure down in the room it shows."
)
message("gsref.the_ghost", "the ghost")
message("gsref.figure", "{name}'s figure")
message("gsref.reader_silent", "Reader {place} is not answering")
message("gsref.unknown_tag", "Unknown tag {uid}: the operator enrols it in the admin menu (Enrol tags)")
message("gsref.no_plan", "No plan is awaited now")
message("gsref.plan_empty", "Lay 1 to 4 crest cards on the plan slots, from slot 1 on (G2.1)")
message("gsref.plan_later", "The ghost lays its cards at the start of a round (G2.4)")
message("gsref.slot_crest", "Slot {slot} takes a ghost crest card, not a key")
message("gsref.plan_gap", "Lay the cards from slot 1 on, with no gap (slot {slot} is empty)")
plural(
    "gsref.plan_more",
    "n",
    "{n} card lies: lay another, or confirm the plan",
    "{n} cards lie: lay another, or confirm the plan",
)
message("gsref.put_back", "put {back} back in {back_room}")
message("gsref.ghost_card", "That is a ghost card: it belongs on the plan slots")
message("gsref.no_key", "No key card expected now")
message("gsref.back", "{who} is back")
message("gsref.belongs", "{who} belongs in {room}")
message("gsref.stray.float", "The ghost floats only as its cards are turned over (G5.1)")
message("gsref.stray.no_door", "No door leads from {here} to {there} (G3.2)")
message(
    "gsref.stray.no_key_for_door",
    "{player} holds no {colour} key for the door from {here} to {there} (G3.3)",
)
message("gsref.stray.not_move", "It is not {player}'s move")
message("ghostsetup.title", "Geisterstunde: who plays?")
message("ghostsetup.ghost", "First ghost")
message("ghostsetup.rules", "House rules")
message("ghostsetup.start", "Start (touch)")
message("ghostsetup.start_live", "Start on the table")
message("ghostsetup.start_table", "Start on the simulated table")
message("ghostsetup.rule.impossible_plan", "A card the ghost cannot follow")
message("ghostsetup.rule.impossible_plan.refuse", "refused when laid")
message("ghostsetup.rule.impossible_plan.stop", "the ghost stops there")
message("ghostsetup.rule.mono_hand", "Start hand of one colour")
message("ghostsetup.rule.mono_hand.until_mixed", "swap until mixed")
message("ghostsetup.rule.mono_hand.once", "swap once")
message("ghostsetup.rule.crest_refill", "Top card on your crest")
message("ghostsetup.rule.crest_refill.take", "taken")
message("ghostsetup.rule.crest_refill.ask", "ask")
message("ghostsetup.rule.refill", "Keys taken in a turn")
message("ghostsetup.rule.refill.one", "one card")
message("ghostsetup.rule.refill.both", "skip, then the crest too")
message("ghostsetup.rule.mono_swap", "A swapped start hand")
message("ghostsetup.rule.mono_swap.discard", "to the discards")
message("ghostsetup.rule.mono_swap.shuffle_back", "shuffled back")
plural(
    "out.move.opponents",
    "extra",
    "Getting past the opponents costs {who} {extra} more move",
    "Getting past the opponents costs {who} {extra} more moves",
)
message("out.land", "{who} lands in the {room}")
message("out.game.start", "A new game: the explorers enter the house")
message("out.collapse.held", "The floor of the Collapsed Room holds")
message("out.collapse.fell", "The floor of the Collapsed Room gives way")
message("out.movement.stopped", "{who} must stop moving this turn")
message("out.vault.open", "{who} opens the Vault (rolled {total})")
message("out.elevator.moved", "The Mystic Elevator moves to the {floor} {x},{y}")
message("out.elevator.stays", "The Mystic Elevator stays where it is")
message("out.card.armor", "{who}'s Armor takes 1 point of the damage")
message("out.damage.none", "{who} takes no damage")
plural(
    "out.damage.physical",
    "amount",
    "{who} takes {amount} physical damage",
    "{who} takes {amount} physical damage",
)
plural(
    "out.damage.mental",
    "amount",
    "{who} takes {amount} mental damage",
    "{who} takes {amount} mental damage",
)
message("out.turn.first", "{who} has the next birthday and goes first")
message(
    "out.haunt.begins",
    "The haunt begins! {who} revealed it with the {omen} in the {room}: haunt {number}",
)
message("out.card.medallion", "{who}'s Medallion protects them")
message("out.fall", "{who} lets go and falls")
plural(
    "out.trait.lose",
    "steps",
    "{who} loses {steps} {trait} (now {value})",
    "{who} loses {steps} {trait} (now {value})",
)
plural(
    "out.trait.gain",
    "steps",
    "{who} gains {steps} {trait} (now {value})",
    "{who} gains {steps} {trait} (now {value})",
)
message("out.trait.lowest", "{who}'s {trait} drops to its lowest step")
message("out.stack.reshuffle", "The room stack is empty: the set-aside tiles are shuffled into a new stack")
message(
    "out.stack.reshuffle_under",
    "The room stack holds only tiles already drawn: the set-aside tiles are shuffled in under it",
)
message("out.room.discovered", "{who} discovers the {room} ({floor} {x},{y})")
plural(
    "out.stack.misfits",
    "count",
    "{count} tile for another floor set aside face down",
    "{count} tiles for another floor set aside face down",
)
plural(
    "out.stack.closing",
    "count",
    "{count} tile that would close the floor set aside",
    "{count} tiles that would close the floor set aside",
)
message("out.floor.rearranged", "No tile could keep the floor open: the {room} is turned to open a door")
message(
    "out.floor.shifted",
    "No tile could keep the floor open: the {room} moves next door, to {x},{y}, so a doorway opens "
    "where it stood",
)
message(
    "out.floor.swapped",
    "No tile could keep the floor open: the {room} and the {other} swap places so a door opens",
)
message("out.deck.reshuffle", "The {deck} deck is reshuffled from its discards")
message("out.deck.empty", "No {deck} cards are left to draw")
message("out.deck.reshuffle_table", "The {deck} deck is empty: shuffle its discards into a new deck")
message("out.card.token", "{card}: a {token} token is put in the {room}")
message("out.card.no_room", "{card}: the {room} is not in the house yet")
message("out.card.no_such_room", "{card}: there is no such room in the house")
message("out.card.nearest", "{card}: the nearest explorer is {who}")
message("out.card.nothing", "{card}: nothing happens")
message("out.card.discard_kept", "{who} discards {card}")
message("out.card.kept", "{who} keeps {card} in front of them")
message("out.card.nobody", "{card}: nobody is affected")
message("out.item.take", "{who} picks up the {card}")
message("out.card.untoken", "The {token} token is removed")
message("out.card.mesmerized", "{who} is mesmerized by the Music Box: the turn ends")
message("out.item.drop", "{who} drops the {card}")
message("out.card.grave_dirt", "{who} suffers the Grave Dirt")
message("out.item.use", "{who} uses the {card}")
message("out.card.mask_on", "{who} puts on the Mask")
message("out.card.mask_off", "{who} takes off the Mask")
message("out.card.restore", "{who}'s {trait} is restored")
message("out.card.feather", "The Angel Feather sets the roll to {total}")
message("out.card.bbc", "{who} holds the Bell, Book and Candle together: +2 in every trait")
message("out.card.dynamite", "The Dynamite is thrown into the {room}")
message("out.card.dynamite_hit", "{who} is caught in the blast")
message("out.card.dynamite_escaped", "{who} escapes the blast")
message("admin.enrol", "Enrol tags")
message("admin.layout", "Table layout")
message("admin.dice", "Dice tower: calibrate and check")
message(
    "dicecal.no_tower",
    "No dice tower is configured (hauntable ui --tower PORT, or a [[tower]] in the layout).",
)
message(
    "dicecal.intro",
    "A camera dice tower is calibrated in two steps: take every die out of the tray and tap 1; then throw "
    "all the tower's dice in, apart, and tap 2. Check the reader at any time.",
)
message("dicecal.link", "Tower on {port}: link {state}")
message("dicecal.empty", "1. The tray is empty")
message("dicecal.dice", "2. The dice are thrown")
message("dicecal.check", "Check the reader")
message("dicecal.waiting", "Asking the tower...")
message("dicecal.refused", "The tower refused: {why}")
message("dicecal.empty_done", "Empty tray kept (light {light}). Now throw all the dice in, apart, and tap 2.")
plural(
    "dicecal.dice_done",
    "n",
    "Calibrated: {n} die read, {side} px wide, showing {faces}. Compare with the tray, then take it out.",
    "Calibrated: {n} dice read, {side} px wide, showing {faces}. Compare with the tray, then take them out.",
)
message("dicecal.healthy", "The reader is healthy: {detail}")
message("dicecal.unhealthy", "The reader needs attention: {detail}")
plural(
    "layout.in_use",
    "n",
    "In use now: {name} ({file}), {backend} backend, board {board}, {n} reader",
    "In use now: {name} ({file}), {backend} backend, board {board}, {n} readers",
)
message("layout.load_failed", "The layout in use does not load: {error}")
plural(
    "layout.floor",
    "n",
    "{floor}: the reader under each cell, north at the top ({n} reader)",
    "{floor}: the reader under each cell, north at the top ({n} readers)",
)
plural("layout.slots", "n", "Slots ({n} reader):", "Slots ({n} readers):")
message("layout.no_slots", "No slot readers (no draw or enrol pad).")
message("layout.slot.draw", "draw pad")
message("layout.slot.enrol", "enrol pad")
message("layout.slot.key", "key slot")
message("layout.slot.seat", "seat {n}")
message("layout.slot.ghost", "ghost {n}")
message("layout.slot.figure", "figure {n}")
message("layout.choose", "Choose a layout; it is used from the next start of the app:")
message("layout.option", "{name}  ({file}, {where})")
message("layout.packaged", "packaged")
message("layout.data", "data folder")
message("layout.chosen", "chosen")
message("layout.broken", "{file} ({where}) cannot be chosen: {error}")
message("layout.saved", "{file} chosen: used from the next start of the app.")
message("enrol.pick", "Tap a piece below, then lay its tag on the enrol pad.")
message("enrol.lay", "Lay the tag of the {piece} on the enrol pad.")
message("enrol.saved", "Saved: tag {uid} is the {piece}. Lift it off the pad.")
message("enrol.already", "Tag {uid} is already enrolled as the {piece}. Lay another tag.")
message("enrol.same", "Tag {uid} is already the {piece}: nothing to do.")
message("enrol.full", "The {piece} already has its tag ({uids}).")
message("enrol.forget", "Forget the tag of {name}, to enrol a new one")
message("enrol.forgotten", "Tag {uids} forgotten: the {piece} can be enrolled again.")
message("enrol.none", "No tag was read on the enrol pad in {n} s. Tap the piece to try again.")
message("enrol.two", "More than one tag on the pad: leave only the tag of the {piece}.")
message("enrol.fault", "The enrol pad does not answer: {error}")
message("enrol.refused", "Not saved: {error}")
message("enrol.sim_lay", "Simulator: lay a new tag on the pad")
message("enrol.sim_lift", "Simulator: lift the tag off the pad")
message("enrol.sim_laid", "Simulator: tag {uid} laid on the enrol pad.")
message("enrol.sim_lifted", "Simulator: the pad is empty.")
message("enrol.cat.betrayal.tile", "Betrayal: room tiles")
message("enrol.cat.betrayal.card", "Betrayal: cards")
message("enrol.cat.geisterstunde.card", "Geisterstunde: cards")
message("enrol.cat.geisterstunde.figure", "Geisterstunde: figures")
plural("enrol.count", "n", "{n} of {total} has its tag", "{n} of {total} have their tags")
message("enrol.figure_name", "seat {name}")
message("enrol.piece.tile", "room tile {name}")
message("enrol.piece.card", "card {name}")
message("enrol.piece.figure", "figure of {name}")
message("floor.any", "any floor")
message("out.card.rerolled", "The roll is now {total}")
message("out.card.idol", "{who} rubs the Idol: 2 more dice, 1 Sanity")
message("out.card.adrenaline", "{who} uses the Adrenaline Shot: +4 to this roll")
message("out.card.meant", "{who} uses the kept roll: {total}")
message("out.card.say.keep", "{card}: {who} keeps the total {total} for a later roll")
message("out.card.say.reflection", "{card}: your reflection hands you an item")
message("out.card.say.top3", "{card}: look at the top 3 of one stack and put them back in any order")
message(
    "out.card.say.search",
    "{card}: {who} searches the item or event stack, shuffles it and puts the chosen card on top",
)
message("out.card.say.peek", "{card}: {who} may look at the top room tile")
message(
    "out.card.say.no attacks before the haunt: nothing happens",
    "{card}: no attacks before the haunt: nothing happens",
)
message("out.card.say.the Candle lights the way: no effect", "{card}: the Candle lights the way: no effect")
message("out.card.say.the hidden switch is not found", "{card}: the hidden switch is not found")
message("out.card.hurt", "The {card} hurts {who} ({attack} against {total})")
message("out.card.defended", "{who} fends off the {card} ({total} against {attack})")
message("out.card.no_tile.goes", "{card}: no room tile can be laid; {who} goes to the {room}")
message("out.card.no_tile.chooses", "{card}: no room tile can be laid; {who} chooses a room")
message("out.card.item_moved", "{who}'s {card} is blown into the Entrance Hall")
message("out.card.swap", "{who} discards the Puzzle Box and draws another item")
message("out.card.reorder", "{who} rearranges the top of a stack")
message("out.card.room_moved", "The {room} moves to {floor} {x},{y}")
message("out.card.item_lost", "{who} loses the {card}")
message("out.card.item_back", "{who} hands the {card} through the mirror")
message("out.card.crystal", "{who} shuffles the {deck} stack and puts a card of their choice on top")
message("out.item.given", "{who} gives the {card} to {to}")
plural(
    "out.card.still_stuck",
    "n",
    "{who} is still stuck ({n} failed attempt)",
    "{who} is still stuck ({n} failed attempts)",
)
message("out.card.music_box.opens", "{who} opens the Music Box")
message("out.card.music_box.closes", "{who} closes the Music Box")
message("out.card.bbc_lost", "{who} no longer holds the Bell, Book and Candle: -2 in every trait")
message("out.item.refused", "{who} refuses the {card}")
message("out.item.trade_offer", "{who} offers {to} a trade")
message("out.item.trade_refused", "{who} refuses the trade")
message("out.item.used_up", "{who} discards the {card} after using it")
message("out.card.passage", "{who} takes the {card} to the {room}")
message("out.card.dog_fetch", "The Dog brings {who} the {card} from the {room}")
message("out.card.dog_leave", "The Dog leaves {who}'s {card} in the {room}")
message("out.card.music_resisted", "{who} shakes off the melody")
message("out.item.offer", "{who} offers the {card} to {to}")
message("out.card.heal", "{who} heals 1 {trait}")
message("out.card.stolen", "{who} takes the {card} from {victim}")
message("out.card.spirit_board", "{who} looks at the top room tile")
message(
    "out.floor.closed",
    "No tile can keep the {floor} open and no turn, shift or swap of a laid tile opens it again: it is "
    "complete (B3.3)",
)
message("out.floor.complete", "No tile is left for the {floor}: it is complete (B3.4)")
message("out.barrier.failed", "{who} fails to pass the {room} (rolled {total}, needs {target})")
message("out.barrier.crossed", "{who} crosses the {room} (rolled {total})")
message("out.barrier.side", "{who} is on the {dir} side of the {room}")
message("out.room.slide", "{who} slides down the {room} to the {to}")
message("out.room.exit_ok", "{who} leaves the {room} unharmed (rolled {total})")
message("out.room.exit_fail", "{who} rolled {total} leaving the {room}")
message("out.elevator.roll", "The Mystic Elevator rolls {total}: {floor}")
message("out.room.end_turn", "{who} ends the turn in the {room}")
message("out.room.bonus", "{who} ends the turn in the {room} for the first time")
message("rej.B2.1", "No movement left this turn: each room entered costs 1 Speed.")
message("rej.B2.3", "Movement is over for this turn.")
message("rej.B2.4", "No stairs lead that way from this room.")
message("rej.B2.6", "No door there: only doors that meet a door can be passed.")
message("rej.B2.7", "The front door is locked: nobody leaves the house.")
message("rej.B3.1", "That tile cannot be laid here: it belongs on another floor or is not in the stack.")
message("rej.B3.2", "Lay the tile beyond the door used, turned so its doors meet.")
message("rej.B3.3", "That tile would close the floor: set it aside and draw another.")
message(
    "rej.B3.3.5",
    "Move the tiles as the screen says first: the readers have not seen every moved tile in its new place.",
)
message("rej.B3.4", "This floor is complete: no room tiles are left for it.")
message("rej.B3.5", "That is not the card this room asks for.")
message("rej.B4.3", "Split the damage exactly, onto the traits it may go to.")
message("rej.B5.1", "Roll exactly the dice asked for; Betrayal dice show 0, 1 or 2.")
message("rej.B5.2", "This roll was already tried this turn: try again next turn.")
message("rej.B6.1", "The barrier in this room must be crossed first.")
message("rej.B6.3", "There is nowhere to fall from this room.")
message("rej.B6.4", "The Mystic Elevator cannot do that now.")
message("rej.B6.5", "The Vault is already open and empty.")
message("rej.B6.6", "There is nowhere to fall to yet.")
message("rej.C2", "That item or omen cannot be used now (each acts once per turn).")
message("rej.C3", "That trade is not possible: both explorers must be in one room.")
message("rej.C4", "There is no such item lying in this room.")
message("rej.C10", "Stuck: nothing can be done until freed.")
message("rej.C11", "That secret passage leads nowhere now.")
message("rej.C12", "That card cannot help this roll.")
message("rej.E1", "This input cannot be read.")
message("rej.E2", "That is not what the game is waiting for now.")
message("takeback.button", "Take back")
message("takeback.title", "Take back the last move")
# TRANSLATORS: {who} is an explorer's name, {what} the move as its button said (e.g. "Go North Foyer")
message("takeback.ask", "Take back {who}'s last move: {what}")
message("takeback.what.place", "the {tile} laid at {floor} {x},{y}")
message("takeback.what.card", "the card {card} drawn")
message("takeback.hands", "At the table, put back:")
message("takeback.figure", "{who}'s figure into the {room}")
message("takeback.tile", "the {tile} off the table, back on top of the room stack")
message("takeback.turn", "the {tile} turned back as the map shows")
message("takeback.card", "the card {card} back on top of its deck")
message("takeback.agree", "Everyone else agrees:")
message("takeback.agrees", "{who} agrees")
message("takeback.confirm", "Take it back")
message("takeback.cancel", "Cancel")
message("takeback.close", "Close")
message("takeback.sim", "The simulator's hands put the table back as it was.")
message("rej.E3", "The game cannot go back that far.")
message("rej.E3.1", "Dice were rolled: a roll cannot be taken back.")
message("rej.E3.2", "A room tile was drawn from the virtual stack: it cannot be taken back.")
message("rej.E3.3", "A card was drawn from a virtual deck: it cannot be taken back.")
message("rej.E3.4", "A secret was revealed: it cannot be taken back.")
message("rej.E3.5", "Only the moves of one turn can be taken back.")
message("rej.E3.6", "There is nothing to take back.")
message("rej.G2.1", "The ghost lays 1 to 4 crest cards, each crest once.")
message("rej.G2.2", "The ghost's path cannot follow that card: no neighbouring room shows its crest.")
message("rej.G3.2", "This room has no door of that colour.")
message("rej.G3.3", "Only a key in the runner's hand can be played.")
message("rej.G4.1", "Play a key, or skip the turn and take a card.")
message("rej.G4.2", "That is not the card to take from the pile.")
message("rej.G4.4", "That key card is not in this hand.")
message("rej.G4.5", "That key cannot come from the pile: all its cards are in hands or discarded.")
message("rej.G5.3", "The ghost catches only a figure in its own room.")
message("rej.H1.5", "Name a living explorer as the traitor, only when the haunt asks for one.")
message("rej.H4.3", "Only the hidden traitor can reveal a token.")
message("rej.H5.1", "Not enough movement to get past the opponents in this room.")
message("rej.H5.2", "That monster cannot do that now.")
message(
    "rej.H5.6",
    "The Stairs from Basement are laid only for a monster trapped in the basement, at an open basement "
    "doorway.",
)
message("rej.H6.1", "The heroes need a survivor to win.")
message("rej.H7.1", "That is not an action of this haunt now.")
message("rej.H7.4", "This haunt does not let that explorer hold that card.")
message(
    "rej.H7.3",
    "That haunt tool does not fit now: the explorer is not in the house, the token is out of reach, or it "
    "is not their turn.",
)
message("rej.K1", "No attack now: one attack a turn, after the haunt has begun, in one room.")
message("rej.K2", "That is not an opponent who can be attacked.")
message("rej.K3", "That trait cannot be attacked.")
message("rej.K4", "Attacks are made with Might unless a card or the haunt allows another trait.")
message("rej.K5", "That weapon cannot be used for this attack.")
message("rej.K6", "The target is neither here nor in line of sight.")
message("rej.code.rule/illegal", "That is not allowed now.")
# a printed haunt's action refused: {action} is the action's button words, {where} where it may be done
# ("in the Chapel"), {need} what it still needs, {side} the side's name (haunt files, the haunts catalog)
message("rej.haunt.side", "Only the {side} may do that: {action}.")
message("rej.haunt.used", "{action}: already tried this turn (one haunt roll a turn, H7.2).")
message("rej.haunt.where", "{action}: not possible here.")
message("rej.haunt.where.text", "{action}: only {where}.")
message("rej.haunt.requires", "{action}: not possible yet.")
message("rej.haunt.requires.text", "{action}: not possible yet: {need}.")
message("rej.haunt.monster", "Only a monster can do that.")
message("rej.haunt.rule", "haunt {n}, {name}")
# the rules card of a printed haunt: a rule the table leaves to the players, and the weak-sources warning
message("haunt.card.by_hand", "By hand: {gap}")
message("haunt.card.low", "Low confidence: these rules come from one unofficial source; your book decides.")
message("rej.code.input/unreadable", "This input cannot be read.")
message("rej.code.input/not_awaited", "That is not what the game is waiting for now.")
message(
    "rej.code.ui/new_turn", "A new turn has just begun: that tap came too soon and was ignored. Tap again."
)
message("rej.code.table/paused", "Play waits: a tile of the house is off the table. Put it back first.")
message("out.combat.attack", "{who} attacks {target} ({trait})")
message("out.haunt43.exchange", "{who} and {other} exchange a token in secret")
message("out.printed.collapsed", "The {room} collapses")
message("out.printed.jumped", "{who} jumps into the {room}")
message("out.combat.unseen_nobody", "{who} attacks {target}, who is not there: the attack is spent")
message("out.combat.unseen_missed", "{who} attacks {target} in the {room}: not there, the attack is spent")
message("out.combat.attack.frenzy", "{who} attacks {target} in a bloody frenzy")
message("out.traitor.revolving", "{who} is the traitor and slips through the {card}")
message("out.monster.move", "{monster} moves to the {room}")
message("out.monster.side", "{monster} stands on the {dir} side of the {room}")
message("out.combat.tie", "{who} and {target} are evenly matched ({total} each): nobody is hurt")
message("out.combat.won", "{winner} beats {loser} ({attack} against {total})")
message("out.combat.lost", "{winner} beats {loser} ({total} against {attack})")
message("out.combat.safe.distance", "{who} fired from a distance and takes no damage (K6)")
message("out.combat.safe.stunned", "{who} is stunned and cannot hurt {target} (K7)")
message("out.combat.steal", "{who} steals the {card} from {victim} (K8)")
message("out.card.blood_dagger", "The Blood Dagger drinks from {who}")
message("out.card.dagger_ok", "The Sacrificial Dagger is steady in the hand")
message("out.card.dagger_price", "The Sacrificial Dagger feeds on the mind")
message("out.card.dagger_twists", "The Sacrificial Dagger twists in {who}'s hand: no attack")
message("out.explorer.killed", "{who} is killed")
message("out.explorer.dies", "{who} dies in the {room} (K9)")
message("out.explorer.dies_cards", "{who}'s {names} stay in the {room} for others to take")
message("out.companion.waits", "The {card} stays in the {room}: the next explorer to enter takes it in")
message("out.companion.custody", "{who} takes the {card} into their care")
message("out.haunt.ready", "The haunt begins")
message("out.haunt.victory.heroes", "The heroes win")
message("out.haunt.victory.traitor", "The traitor wins")
message("out.haunt.victory.house", "The house wins")
message("out.haunt.victory.traitors", "The traitors win")
# TRANSLATORS: the reason after "The heroes win: " when no haunt file gives it (the engine's own rules)
message("victory.why.agreed", "the other side agrees")
message("victory.why.house_alone", "nobody is left to stand against the house")
message("victory.why.hidden_alone", "only the hidden traitor is left")
message("victory.why.escaped", "every surviving hero has escaped")
message("victory.why.no_hero_side", "no hero is left on the heroes' side")
message("victory.why.no_hero_alive", "no hero is left alive")
message("out.haunt.token", "A {token} token is put in the {room}")
message("out.haunt.traitor", "{who} is the traitor")
message("out.haunt.reveal", "{who} reveals token 1: the traitor!")
message("out.haunt.stairs", "{who} lays the Stairs from Basement at {floor} {x},{y}; the stack is shuffled")
message("out.haunt.token_off", "The {token} is taken away")
message("out.traitor.declines", "{who} is the traitor and declines the {card}")
message("out.haunt.hidden", "The traitor of haunt {number} is hidden: tokens are dealt face down")
message(
    "out.haunt.tokens_again",
    "The tokens told are not 1 to {last} once each: everyone looks at their token again (H4.1)",
)
message("out.haunt.tokens_told", "Every explorer has told their token in secret (H4.1)")
message("out.haunt.no_traitor", "Haunt {number} has no traitor (yet)")
message("out.haunt.round", "Haunt round {round}")
message("out.haunt.token_shown", "{who} is dead and shows token {token}")
# a printed haunt's special action: {action} is the action's words from the haunt file
message("out.printed.action", "{who}: {action}")
message("out.printed.success", "{who} succeeds: {action} ({total})")
message("out.printed.failure", "{who} fails: {action} ({total})")
message("out.printed.moved", "{who} is moved to the {room}")
message("out.printed.monster_holds", "{monster} now holds the {token}")
message("out.printed.hands_card", "{who} hands the {card} to {monster}")
message("out.printed.set_aside", "{who} sets the {card} aside")
message("out.printed.weakened", "{monster} is weakened: Might 5")
message("out.printed.bomb", "{who}'s bomb goes off in the {room}!")
message("out.printed.ages", "{who} ages to {years}")
message("out.printed.statue_dazed", "{monster} is beaten: it cannot strike next turn")
message("out.printed.discards", "{who} discards the {card}")
message("out.combat.unharmed", "{who} takes no harm")
# a haunt's bonus to a fight roll (haunt 29: the Monster adds 2): {total} is the roll with it
message("out.combat.bonus", "{who}'s roll gets the haunt's bonus +{n}: {total}")
# TRANSLATORS: {sentence} is a haunt file's own sentence (English in the file): keep it as it is
message("out.printed.tell", "{sentence}")
message("out.monster.hit", "{monster} takes a hit ({n})")
message("out.monster.unharmed", "{monster} cannot be harmed")
message("out.haunt.traitor_dead", "{who} was the traitor")
message("out.monster.appears", "{monster} appears in the {room}")
message("out.monster.killed", "{monster} is killed")
message("out.monster.removed", "{monster} is taken out of the house")
message("out.haunt.escaped", "{who} escapes from the house")
message("out.haunt.left_play", "{who} leaves play")
message("out.haunt.side.heroes", "{who} joins the heroes")
message("out.haunt.side.traitor", "{who} joins the traitor")
message("out.haunt.token_carry", "{who} carries the {token}")
message("out.haunt.token_drop", "{who} drops the {token} in the {room}")
message("out.haunt.token_hand", "{who} hands the {token} to {to}")
message("out.haunt.counter", "Counter {name}: {value}")
message("out.haunt.track", "The {name} track stands at {value}")
message("out.monster.stunned", "{monster} is stunned")
message("out.monster.turn", "The monsters' turn")
plural(
    "out.monster.speed",
    "total",
    "{monster} may move {total} space this turn",
    "{monster} may move {total} spaces this turn",
)
message("out.monster.mesmerized", "{monster} is mesmerized by the Music Box: its move ends")
message("out.monster.drops", "{monster} drops the {item}")
message("out.monster.skips", "{monster} is stunned and skips this turn")
message("out.monster.music_resisted", "{monster} shakes off the melody")
message("out.monster.move_over", "{monster} is stunned: its move is over")
message("out.monster.recovers", "{monster} recovers")
message("out.monster.slide", "{monster} slides down to the {room}")
message("out.monster.falls", "{monster} drops through the {hole} to the {room}")
message("out.traitor.ignores", "{who} is the traitor and is not harmed")
message("out.traitor.elevator", "{who} is the traitor and sends the Mystic Elevator where they like")
message("out.card.token.wall", "Revolving Wall: the wall between the {room} and the {other} turns")
message("monster.pad", "New monster {name} in the {room}: its traits from the haunt book (–: none)")
message("monster.place", "Place it")
message("monster.back", "Back")
message("action.use", "Use the {card}")
message("action.drop", "Drop the {card}")
message("action.take", "Pick up the {card}")
message("action.give", "Give the {card}\nto {who}")
message("action.trade", "Trade with\n{who}")
message("action.free", "Free {who}")
message("action.tools", "Haunt tools")
message("action.back", "Back")
message("action.claim.heroes", "The heroes claim victory")
message("action.claim.traitor", "The traitor claims victory")
message("action.check", "{who}: {trait} roll")
message("action.trait_up", "{who}: {trait} +{n}")
message("action.trait_down", "{who}: {trait} −{n}")
message("action.escape", "{who} escapes the house")
message("action.leave", "{who} leaves play")
message("action.side.heroes", "{who} joins the heroes")
message("action.side.traitor", "{who} joins the traitor")
message("action.kill", "{name} is killed")
message("action.remove", "Take {name} out of the house")
message("action.carry", "{who} takes the {name}")
message("action.token_drop", "{who} lays the {name} down")
message("action.counter_up", "Counter {name} +{n}")
message("action.counter_down", "Counter {name} −{n}")
message("action.track_up", "Track {name} +{n}")
message("action.track_down", "Track {name} −{n}")
message("prompt.tools", "{who}: haunt tools")
message("purpose.book", "the book's roll")
message("option.none", "No target")
message("out.haunt.claim.heroes", "The heroes claim victory")
message("out.haunt.claim.traitor", "The traitor claims victory")
message("out.haunt.claim.house", "The house claims victory")
message("out.haunt.claim_refused", "The claim is refused: play goes on")
plural("out.haunt.check.total", "total", "{who} rolls {total} for {trait}", "{who} rolls {total} for {trait}")
plural(
    "out.haunt.check.success",
    "total",
    "{who} rolls {total} for {trait} ({target}+): success",
    "{who} rolls {total} for {trait} ({target}+): success",
)
plural(
    "out.haunt.check.fail",
    "total",
    "{who} rolls {total} for {trait} ({target}+): fails",
    "{who} rolls {total} for {trait} ({target}+): fails",
)
message("ask.claim_heroes", "The heroes claim victory: does the traitor agree that the haunt is won?")
message("ask.claim_traitor", "The traitor claims victory: do the heroes agree that the haunt is won?")
message("ask.claim_house", "The house claims victory: do the heroes agree that the haunt is won?")
message("ask.check_target", "{who}: {trait} roll - what total does the book ask for?")
message("action.monster_new", "New monster {name}\nin the {room}")
message("action.monster_move", "Move {name}\nto the {room}")
message("action.stun", "{name} is stunned")
message("action.token_put", "Token {name}\nin the {room}")
message("action.token_off", "Take token {name} away")
message("action.traitor", "{who} is the traitor")
message("option.yes", "Yes")
message("option.no", "No")
message("option.accept", "Accept")
message("option.refuse", "Refuse")
message("option.nothing", "Nothing")
message("option.keep", "Keep it")
message("option.all", "All")
message("prompt.rearrange", "{who}: rearrange the {floor} on the table: {changes}. Then tap Done.")
message("rearrange.move", "move the {room} to {x},{y}")
message("rearrange.turn", "turn the {room} as the map shows")
message("option.done", "Done")
message("sim.rearrange", "Move the tiles as asked")
plural("sim.rearranged", "n", "Moved {n} tile as the screen asked.", "Moved {n} tiles as the screen asked.")
message("sim.no_rearrange_wanted", "Nothing needs rearranging now.")
message("action.monster_go", "Go to the {room}")
message("action.monster_end", "End this monster's move")
message("action.ready", "Ready")
message("purpose.haunt", "haunt")
message("purpose.elevator", "Mystic Elevator")
message("purpose.open", "open the {room}")
message("purpose.leave", "leaving the {room}")
message("purpose.cross", "cross the {room}")
message("purpose.floor_holds", "does the floor of the {room} hold")
message("purpose.attack", "attack on {who}")
message("purpose.defence", "defence against {who}")
message("purpose.monster_speed", "{monster}: speed")
message("purpose.physical", "physical damage")
message("purpose.mental", "mental damage")
message("purpose.collapse_jump", "jump clear of the {room}")
message("deck.rooms", "Room tiles")
message("ask.tell_token", "{who}: look at your token in secret and tell its number (only you see this)")
message("ask.collapse_room", "{who}: choose the next room to collapse")
message("ask.jump_room", "{who}: choose the room you jump into")
message("ask.hide_room", "{who}: choose in secret the room your move ends in (only you see this)")
message("ask.traitor_card", "{who}: as the traitor, take the {card} or decline it?")
plural(
    "ask.skull",
    "n",
    "{who}: take the {n} mental damage as physical (Skull)?",
    "{who}: take the {n} mental damage as physical (Skull)?",
)
message("ask.window", "{card}: does the {room} tile show an outside window?")
message("ask.collapse_tile", "{who}: you fall - choose the basement tile to lay")
message("ask.barrier_side", "{who}: you land in the {room} - on which side of its barrier?")
message("ask.monster_side", "{monster} stops in the {room}: on which side of its barrier?")
plural(
    "ask.trait_gain",
    "n",
    "{who}: {card} - choose a trait to gain {n} step",
    "{who}: {card} - choose a trait to gain {n} steps",
)
plural(
    "ask.trait_lose",
    "n",
    "{who}: {card} - choose a trait to lose {n} step",
    "{who}: {card} - choose a trait to lose {n} steps",
)
message("ask.choose", "{who}: {card} - {question}")
message("ask.new_room_floor", "{who}: {card} - which floor is the tile drawn for?")
message("ask.angel_feather", "{who}: {card} - name the result")
message("ask.reroll", "{who}: keep the roll of {total}, or reroll?")
message("ask.reroll_which", "{who}: {card} - which dice are thrown again?")
message("ask.trade", "{who}: take the {card} from {giver}?")
message("ask.trade_offer", "{who}: trade with {other} - which card do you offer?")
message("ask.trade_ask", "{who}: trade with {other} - which of {other}'s cards do you ask for?")
message("ask.trade_give", "{who}: give the {card} to {taker}?")
message("ask.trade_swap", "{who}: give the {card} to {giver} for the {offer}?")
message("ask.dog", "{who}: send the Dog to")
message("ask.pick_item.entrance", "{who}: {card} - choose an item to put in the Entrance Hall")
message("ask.pick_item.discard", "{who}: {card} - draw one of {owner}'s items face down and say which it is")
message("ask.pick_item.stack", "{who}: {card} - choose an item to hand through the mirror")
message("ask.mirror", "{who}: which Image in the Mirror is this?")
message("ask.meant_stack", "{who}: {card} - which stack?")
message("ask.meant_order", "{who} only: {card} - put the top of the {deck} stack in this order")
message("ask.revolving_wall", "{who}: {card} - which wall turns?")
message("ask.bloody", "{who}: {card} - whom must you attack?")
message("ask.crystal_stack", "{who}: {card} - search which stack?")
message("ask.crystal_card", "{who} only: {card} - which card goes on top?")
message("ask.closer", "{card}: bring {name} from the {room} to the {to}, 1 space closer to {near}?")
message("ask.patient", "{who}: {card} - whom do you treat?")
message("ask.heal", "{who}: {card} - heal which trait of {patient}?")
message("ask.push", "{who}: {card} - push whom where?")
message("ask.pickpocket", "{who}: {card} - take which item?")
message("ask.top_tile", "{who} only - {card}: the top room tile is the {room}")
plural(
    "ask.steal",
    "n",
    "{who}: deal {n} physical damage to {loser}, or steal a card instead?",
    "{who}: deal {n} physical damage to {loser}, or steal a card instead?",
)
message("question.odd", "look for what is odd? (Knowledge roll: 4+ an item, lower loses 1 Sanity)")
message("question.brush", "brush it away (Speed) or stand still (Sanity)?")
message("question.trait_roll", "choose a trait to roll")
message("question.meant", "reorder the top of a deck, or keep a roll for later?")
message("question.lowest", "your {trait} is already lowest: choose another trait to drop")
message("option.take", "Take it")
message("option.decline", "Decline")
message("option.bring", "Bring it")
message("option.leave", "Leave it")
message("option.seen", "Seen")
message("option.reorder", "Reorder")
message("option.mental", "As mental")
message("option.physical", "As physical")
message("option.keep_roll", "Keep a roll")
message("option.zeros", "The 0s")
message("option.zeros_ones", "The 0s and 1s")
message("option.mirror_for", "An item for you")
message("option.mirror_from", "An item from you")
plural("option.deal", "n", "Deal {n} damage", "Deal {n} damage")
message("option.steal", "Steal the {card}")
message("option.fetch", "Fetch the {card}\nfrom the {room}")
message("option.leave_in", "Leave the {card}\nin the {room}")
message("option.push", "{who}\nto the {room}")
message("option.die", "The {n}s")
message(
    "handoff.traitor",
    "{who}, you are the traitor: read haunt {number} in the {tome}, away from the others; the heroes "
    "read haunt {number} in {secrets}. Tap ready when you are back.",
)
message(
    "handoff.hidden",
    "Haunt {number}: everyone reads it in {secrets}. Each explorer looks at their own token in secret; "
    "whoever holds token 1 is the traitor. Tap ready.",
)
message(
    "handoff.hidden_table",
    "Haunt {number}: everyone reads it in {secrets}. Deal the numbered tokens 1 to {last} face down, one to "
    "each explorer; each looks at their own in secret, and whoever holds token 1 is the traitor. Tap "
    "ready.",
)
message("handoff.open", "Haunt {number}: everyone reads it in {secrets}. Tap ready when set.")
# a printed haunt the table referees from its file (docs/haunt-files.md): {name} is the printed haunt's name
message(
    "handoff.printed.traitor",
    "{who}, you are the traitor: read haunt {number}, {name}, in the {tome}, away from the others. Tap ready "
    "when you are back.",
)
message(
    "handoff.printed.heroes",
    "Heroes: read haunt {number}, {name}, in {secrets} and check the rules card the table enforces. Tap "
    "ready when your side is set.",
)
message("handoff.printed.open", "Haunt {number}, {name}: everyone reads it in {secrets}. Tap ready when set.")
message(
    "handoff.printed.hidden",
    "Haunt {number}, {name}: everyone reads it in {secrets}. Each explorer looks at their own token in "
    "secret; whoever holds token 1 is the traitor. Tap ready when set.",
)
message(
    "handoff.scenario",
    "Haunt {number}: the table runs its own scenario for this haunt, {name}, not the printed one: do "
    "not read the books. Heroes: {heroes} Traitor: {traitor} Tap ready.",
)
message(
    "handoff.scenario.traitor",
    "Haunt {number}: {who}, you are the traitor. The table runs its own scenario for this haunt, "
    "{name}, not the printed one: do not read the books. Heroes: {heroes} Traitor: {traitor} Tap "
    "ready.",
)
plural(
    "prompt.monster",
    "n",
    "{monster} ({kind}), in the {room}: {n} move left",
    "{monster} ({kind}), in the {room}: {n} moves left",
)
plural(
    "prompt.monster_plain",
    "n",
    "{monster}, in the {room}: {n} move left",
    "{monster}, in the {room}: {n} moves left",
)
message("act.accuse", "Accuse")
message("act.frighten", "Frighten")
message("act.take", "Take")
message("act.unlock", "Unlock the door")
message("act.escape", "Escape")
message("act.snap", "Snap")
message("act.pick", "Pick up")
message("act.light", "Light")
message("act.chill", "Chill")
message("act.grab", "Grab")
message("act.roar", "Roar")
message("act.burn", "Burn")
message("act.barricade", "Barricade")
message("act.chain", "Chain")
message("act.desecrate", "Desecrate")
message("act.exorcise", "Exorcise")
message("act.summon", "Summon")
message("act.banish", "Banish")
message("act.close", "Close")
message("act.search_stairs", "Lay the Stairs\nfrom Basement")
message("referee.put_back", "Put the {name} back at {floor} {x},{y}")
message("referee.reader_silent", "Reader {place} is not answering ({detail})")
plural(
    "referee.stacked.cell",
    "n",
    "{n} tile is stacked on {place} ({names}): leave only one there",
    "{n} tiles are stacked on {place} ({names}): leave only one there",
)
plural(
    "referee.stacked.pad",
    "n",
    "{n} tag lies on the draw pad ({names}). Lay one card at a time",
    "{n} tags lie on the draw pad ({names}). Lay one card at a time",
)
plural(
    "referee.stacked.slot",
    "n",
    "{n} tag lies on {place} ({names}): leave only one there",
    "{n} tags lie on {place} ({names}): leave only one there",
)
message("referee.no_roll", "No roll expected now")
message(
    "referee.unknown_tag",
    "Unknown tag {uid}: the operator enrols it in the admin menu (Enrol tags) or with hauntable enroll",
)
message("referee.tile_on_pad", "The {name} is a room tile: lay it in the house")
message("referee.card_on_cell", "{name} is a card: lay it on the draw pad")
message("referee.lay_at", "Lay the {name} at {floor} {x},{y} (B3.3)")
message("referee.in_place_next", "The {name} is in place; now lay the {room} at {floor} {x},{y}")
message("referee.in_place_turn", "The {name} is in place: tap Done once the {turned} is turned")
message("referee.back", "The {name} is back")
message("referee.no_reader", "No reader under {floor} {x},{y} on this table")
message("referee.no_draw_pad", "This table has no draw pad")
message("referee.slot", "slot {slot}")
message("target_purpose.collapse", "where the fallen tile joins the basement")
message("target_purpose.collapse_existing", "the basement room you land in")
message("target_purpose.elevator", "the doorway the Mystic Elevator moves to")
message("target_purpose.stairs", "the basement doorway where the Stairs from Basement are laid")
message("purpose.task", "{action} (task)")
# TRANSLATORS: a printed haunt's roll, named by the haunt action it is for
message("purpose.printed_roll", "{action}")
message("purpose.printed_monster_roll", "{monster}: {action}")
message("purpose.printed_counter_roll", "{counter}")  # a printed haunt's counter by its label
message("purpose.escape_card", "escape the {card}")  # Dynamite's Speed roll; the card's printed name
# TRANSLATORS: a printed haunt's token that belongs to someone: "Body of Zoe Ingstrom", "Corpse of Victim 2"
message("token.of", "{token} of {who}")
message("act.resist", "Resist")
message("act.slip", "Slip away")
message("act.stand", "Stand firm")
message("act.hold", "Hold on")
