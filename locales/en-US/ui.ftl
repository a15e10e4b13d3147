# The app's own words (the rule texts are in rules.ftl, made from the seeds).

app-title = Qipan · 棋盘
heading-games = Games
heading-settings = Game Settings
heading-moves = Moves
heading-rules = Rules
tab-play = Play
board-label = Board
rules-overview = Overview

setting-language = Language
lang-en = English
lang-zh = 中文
setting-difficulty = Difficulty
level-easy = Easy
level-medium = Medium
level-hard = Hard
level-master = Master
setting-side = You play
side-first = First (Dark)
side-second = Second (Light)
side-dark = Dark
side-light = Light
side-cannons = Cannons
side-soldiers = Soldiers
side-choice-soldiers = Soldiers (the rules' bare hands)
push-first-note = Next game: { $side } moves first (the first move alternates from game to game).
setting-two-players = Two people on one screen (no computer)
setting-coordinates = Coordinates on the board
setting-untimed = Play the computer without the clock
setting-sound = Sounds
setting-volume = Volume
setting-volume-value = { $volume }%
setting-solidarity = Solidarity rule (Blockade)

action-new = New game
action-undo = Undo
action-redo = Redo
action-save = Save
action-load = Load
action-resume = Play on from here
save-path = File
move-start = Start
move-skip = (time out)
reviewing = Looking back through the moves: the clock is stopped.

turn-you = Your move ({ $side })
turn-computer = The computer ({ $side }) is thinking…
turn-side = { $side } to move
timer-seconds = { $seconds } s
timeout-skipped = Time ran out: { $side } lost the turn.
game-over = Game over
game-over-win = { $side } wins
game-over-draw = Draw
game-over-aborted = Game aborted

reason-no-move = { $side } has no legal move left.
reason-draw-no-move = { $side } has no legal move and no other result was reached: a draw.
reason-pushed-six = Six of { $side }'s pieces were pushed off the board.
reason-two-left = { $side } is down to two pieces.
reason-cannons-gone = All three cannons are gone.
reason-platforms = Soldiers stand on all three platforms.
reason-last-soldiers = The last soldiers reached the platforms and were not captured.
reason-soldiers-gone = Every soldier has been captured.
reason-platform-capture = A cannon captured a soldier standing on a platform.
reason-resigned = { $side } resigned.
reason-agreed = Both players agreed to a draw.
reason-abandoned = { $side } left and lost a turn: the game was claimed.
reason-out-of-time = { $side } ran out of days for a move.
reason-aborted = The game was aborted before its second move: no rating changed.
reason-never-started = { $side } never started: their first turn ran out before their first move. No rating changed.

push-count = Pushed off: { $o } dark, { $x } light pieces (pushing off six wins)
push-pass = { $side } cannot move: the turn is skipped.
push-stuck = Neither side can move.
maddell-hand = In hand: Dark { $x } · Light { $o }
maddell-take = Mill! Choose a piece to take.
sc-shared-movable = Shared piece: either side may move it.
sc-shared-locked = Locked: the last move moved a shared piece, so no shared piece may move this turn.
sc-shared-blocked = Blocked: there is no empty point next to it.

saved = Saved the game to { $path }.
loaded = Loaded the game from { $path }.
err-io = Could not use the file { $path }: { $error }
err-json = This is not a readable saved game: { $error }
err-not-save = This file is not a Qipan saved game.
err-version = This saved game has version { $version }, which this version of Qipan cannot read.
err-game = The saved game names an unknown game: { $game }
err-human = The saved game names an unknown player side: { $human }
err-start = The saved start position “{ $position }” is not a valid position for this game.
err-move-malformed = Move { $number } (“{ $move }”) is not written in this game’s notation.
err-move-illegal = Move { $number } (“{ $move }”) is against the rules in that position.
err-after-end = Move { $number } comes after the game was already over.
err-cursor = The saved move pointer is past the last move.
err-serialize = The game could not be written: { $error }
engine-error = The computer could not answer: { $error }
engine-error-no-move = the game is over
engine-error-crashed = its search failed ({ $why })

# The browser build (src/ui/storage/web.rs, src/ui/page.rs).
page-title = { $game } · { $app }
app-start-failed = Qipan could not start in this browser; the browser's console says why.
saved-web = Downloaded the game as { $path }.
save-web-note = In the browser, Save downloads the game under this file name, and Load opens a file you choose.
confirm-new = Start a new game? The moves of this one will be lost.
confirm-new-yes = Yes, start again
confirm-new-no = Keep playing
err-restore = The games from last time could not be restored, so a fresh game starts. ({ $error })
point-label = { $name }, { $what }
point-label-action = { $name }, { $what }, { $action }
# A point whose name is a riddle read out: its name, then what it means (Shuang Cheng).
point-name-spoken = { $name } ({ $meaning })
sc-point-tl = top-left corner
sc-point-th = top hub
sc-point-tr = top-right corner
sc-point-l = left middle
sc-point-c = centre
sc-point-r = right middle
sc-point-bl = bottom-left corner
sc-point-bh = bottom hub
sc-point-br = bottom-right corner
piece-dark = dark piece
piece-light = light piece
piece-cannon = cannon
piece-soldier = soldier
piece-shared = shared piece
point-empty = empty
act-select = can move
act-selected = selected
act-step = move here
act-place = place here
act-capture = capture here
act-take = take this piece
act-push = can be pushed
keys-heading = Keyboard
keys-arrows = ← ↑ → ↓
keys-arrows-what = Move between the points of the board
keys-enter = Enter, Space
keys-enter-what = Tap the point in the ring
keys-escape = Esc
keys-escape-what = Forget the selection
keys-undo = Ctrl+Z
keys-redo = Ctrl+Y, Ctrl+Shift+Z
keys-new = N
keys-help = F1
computer-moved = The computer ({ $side }) played { $move }.
engine-retry = Ask the computer again
engine-hot-seat = Play both sides

# About Qipan (src/ui/about.rs), folded at the end of the settings: the version, what draws
# the window (src/renderer.rs, renderer_in_use(), e.g. "wgpu · Vulkan · llvmpipe" or
# "glow · WebGL 2.0 · …"), and the licences. $file is THIRD-PARTY-LICENSES.txt, $path where
# it is on this computer.
about-heading = About Qipan
about-version = Version { $version }
about-renderer = Renderer: { $renderer }
about-licence = Qipan is free software, under the MIT or the Apache 2.0 licence, as you choose.
about-fonts = Fonts: Noto Sans CJK SC (SIL Open Font License 1.1), Ubuntu Light (Ubuntu Font Licence 1.0) and Hack (MIT and Bitstream Vera licences).
about-crates = The Rust crates built into Qipan, each with the full text of its licence, are listed in { $file }, which comes with every download.
about-crates-open = Read the licences
about-crates-here = On this computer: { $path }

# The coach (src/ui/coach.rs). Scores: "Dark +1.3" (pieces ahead), "Dark wins in 7" (moves of
# either side until the end, with best play), "Draw".
setting-coach = Coach
coach-off = Off
coach-hints = Hints only
coach-full = Full
action-hint = Hint
action-flip = Flip board
keys-hint = H
hint-thinking = Looking for the best move…
hint-move = Hint: { $move } ({ $score })
eval-ahead = { $side } { $pieces }
eval-wins-in = { $side } { $plies ->
    [0] has won
    [one] wins in 1 move
   *[other] wins in { $plies } moves
}
eval-draw = Draw with best play
eval-thinking = Evaluating…
eval-bar = Evaluation: { $value }
label-best = Best
label-good = Good
label-inaccuracy = Inaccuracy
label-mistake = Mistake
label-blunder = Blunder
alert-loss = { $label }: { $move } gives up { $pieces } pieces. { $best } was better.
alert-threw-win = { $label }: { $move } throws the win away. { $best } kept it.
alert-threw-draw = { $label }: { $move } turns a draw into a loss. { $best } held it.
alert-into-loss = { $label }: { $move } walks into a forced loss. { $best } was better.
alert-undo = Take it back
alert-dismiss = Play on
action-review = Review the game
heading-review = Review
review-none = The coach can go through the game move by move and show where it turned.
review-running = Reviewing the game… { $percent }%
review-stop = Stop
review-again = Review again (the game went on)
review-close = Close the review
review-chart = Evaluation over the game (for { $side }, in pieces)
review-chart-plain = Evaluation over the game (above the middle, { $side } stands better)
review-better = better: { $move }
board-suggested = Coach's move: { $move }.
board-played = Played: { $move }.

# Sixpenny Maddell's solved table (src/ui/perfect_play.rs): a note in the status line while
# it is prepared in the background, and once it is ready.
perfect-loading = Perfect play: reading the solved table…
perfect-building = Perfect play: solving the game… { $percent }%
perfect-ready = Perfect play ready
perfect-ready-unsaved = Perfect play ready (not stored, so it is solved again next time: { $error })
perfect-failed = No perfect play: { $error }. The computer searches instead.

# Playing a friend on another device (src/ui/online.rs).
online-heading = Play online
online-intro = Play the game on the board with a friend on another device: create a room and send them its link, or join theirs with its code.
online-side = Your side
online-side-random = Random
online-server = Server
online-server-malformed = A server's address starts with wss:// (or ws:// on this computer or your local network).
online-server-cleartext = Your key would cross the internet unencrypted over ws://. Use { $address } instead.
online-server-use-secure = Use { $address }
online-create = Create a game
online-join-code = Room code
online-join = Join
online-room = Room { $room }
online-link-copy = Copy link
online-share = Share…
online-copied = Link copied
online-qr = QR code of the room's link
online-off-note = Undo, hints and the coach are off in an online game.
online-resign = Resign
online-rematch = Rematch
online-rematch-asked = Rematch asked
online-rematch-waiting = You asked for a rematch: it starts when { $name } asks too.
online-rematch-offered = { $name } wants a rematch.
online-rematch-accept = Accept the rematch
online-rematch-decline = Decline
online-rematch-declined = { $name } declined the rematch.
online-the-other-player = the other player
# The same, where it starts a sentence.
online-the-other-player-start = The other player
online-request-sent = Sent: waiting for the server…
online-request-unanswered = The server has not answered for { $seconds } s. The connection is being tried again; nothing is lost.
online-leave-running = The game is still on, and its clock runs while you are away: every turn you miss is lost. Leave it anyway?
online-leave-yes = Leave the game
online-leave-no = Stay
online-leave = Leave
online-you-play = You play { $side }
online-spectating = Watching
online-connecting = Connecting…
online-reconnecting = Connection lost; trying again in { $seconds } s
online-waiting = Waiting for your friend: send them the link
online-friend-here = Your friend is here
online-friend-left = Your friend has left; the clock keeps running
online-opponent-here = Your opponent is here
online-opponent-left = Your opponent has left; the clock keeps running
online-against-computer = You are playing the computer
online-refused = The server refused: { $reason }
# What the server's error codes mean (shared/spec/online.md); an unknown code is shown as it is.
online-error-no-such-room = there is no room with that code
online-error-bad-token = this device holds no seat in that room
online-error-not-your-turn = it is not your turn
online-error-illegal-move = that move is not allowed
online-error-stale = the game had moved on; the board shows it now
online-error-game-over = the game is over
online-error-rate-limited = too many messages at once; wait a moment
online-error-too-large = the message was too large
online-error-malformed = the server did not understand this app
online-error-unknown-game = the server does not know this game
online-error-unavailable = the server could not store the game; try again
online-unreadable = The server's game does not read here: { $error }

## Playing someone new (src/ui/online.rs, players.rs, records.rs, status.rs;
## shared/spec/lobby.md): a name, its key, seeking, the players and fair play on the board,
## the rating changes at the end, profiles and leaderboards.
online-friend-heading = Play a friend
online-error-bad-name = a name is 3 to 20 letters, digits, _ or -
online-error-name-taken = that name is taken
online-error-bad-key = no player has that key on this server
online-error-not-logged-in = choose a name or log in first
online-error-busy = finish your game with someone new first
online-error-cannot-abort = a game can be aborted only before its second move
online-error-cannot-claim = the other player has not lost a turn since leaving
online-error-bad-days = days per move are 1, 2, 3, 5, 7 or 14
online-error-too-many-games = you have 50 games by correspondence going: finish one first
online-error-own-seek = that seek is your own
online-error-no-such-seek = that seek is no longer open
online-error-own-challenge = you cannot challenge yourself
online-error-no-such-player = no player has that name (the computer takes no challenges)
online-error-no-such-challenge = that challenge is no longer open
online-error-too-many-challenges = you have 20 open challenges: cancel one first
lobby-intro = Play people of about your strength, with a rating in each game. Choose a name first: it is yours for good.
lobby-name = Your name
lobby-choose = Choose this name
lobby-name-rule = 3 to 20 letters (of any script), digits, underscores (_) or hyphens (-)
lobby-have-key = Played on another device? Log in with its key.
lobby-key = Key
lobby-log-in = Log in
lobby-registering = Choosing the name { $name }…
lobby-logging-in = Logging in…
lobby-you-are = You play as { $name } · { $game }: { $rating }
lobby-no-rating = not rated yet
lobby-seek-rated = Play someone (rated)
lobby-seek-casual = Casual game
lobby-seek-note = A game of { $game }, the game on the board. If nobody comes soon, the computer plays you.
lobby-rated = rated
lobby-casual = casual
lobby-asking = Asking for a { $kind } game of { $game }…
lobby-waiting = Looking for an opponent: { $game }, { $kind } · { $seconds } s
lobby-cancel = Cancel
lobby-cancelling = Cancelling…
lobby-other-device = Play on another device
lobby-key-note = Your key is you: enter it on another device to play there under your name. Keep it secret.
lobby-key-said = Your key: { $key }
lobby-key-copy = Copy the key
lobby-key-copied = Key copied
lobby-key-qr = QR code of your key
lobby-log-out-note = Log out only with your key kept somewhere: without it this name is lost.
lobby-log-out = Log out on this device
lobby-paired-note = A game with someone new: leaving does not stop the clock.
lobby-player = { $name } ({ $rating })
lobby-player-bot = { $name } ({ $rating }, the computer)
player-computer = Computer ({ $level })
lobby-error-name-rule = A name is 3 to 20 letters (of any script), digits, _ or -.
lobby-error-key-text = That is not a key: a key is 32 letters and digits, as your other device shows it.
lobby-error-no-name = Choose a name first (Play online).
lobby-error-has-name = This device has a name already: log out first.
lobby-error-record = That game's record cannot be shown here.
players-seat = { $side }: { $player }
players-seat-you = { $side }: { $player } · you
fair-draw-offer = Offer a draw
fair-draw-offered = Draw offered
fair-draw-accept = Accept the draw
fair-offered-to-you = { $name } offers a draw.
fair-abort = Abort
fair-claim = Claim the win
fair-claim-why = { $name } left and has lost a turn since: you may claim the win.
fair-draw-decline = Decline
fair-draw-declined = Draw declined
fair-declined-note = You declined the draw: play on. The offer lapses with your move.
fair-resign-rated = Resign this game? It counts as a loss in your rating.
fair-resign-casual = Resign this game? It counts as a loss.
fair-resign-yes = Yes, resign
fair-resign-no = Keep playing
rating-provisional = { $rating }?
rating-up = +{ $points }
rating-down = −{ $points }
rating-same = ±0
end-rating = { $name }: { $before } → { $after } ({ $change })
end-rating-asking = Asking the server for the rating changes…
end-rating-unknown = The rating changes could not be fetched.
variant-solidarity = { $game } (solidarity)
profile-heading = Profile
profile-mine = My profile ({ $name })
profile-no-name = Choose a name in Play online to have a profile.
profile-missing = There is no player named { $name }.
profile-computer = A computer player.
profile-ratings = Ratings
profile-provisional-note = A rating marked ? is provisional: it settles after a few games.
profile-chart = Ratings over the last games
profile-chart-said = Chart of the ratings over the last games: { $games }
profile-no-rated-games = No rated games yet.
profile-games = Last games
profile-no-games = No games yet.
profile-game = { $game }: { $result } against { $other } ({ $change })
profile-won = won
profile-lost = lost
profile-drawn = drawn
profile-aborted = aborted
profile-unfinished = not finished
profile-unknown-player = a friend
profile-review-game = Review: { $game }
profile-games-after = These games open in the review once your game online is over.
records-game = Game
records-rating = Rating
records-games = Games
records-asking = Asking the server…
records-failed = The server could not be reached: { $error }
records-retry = Try again
records-refresh = Refresh
leaderboard-heading = Leaderboard
leaderboard-rank = Rank
leaderboard-name = Player
leaderboard-missing = The server does not know this game.
leaderboard-empty = Nobody is on this leaderboard yet: it lists players whose rating has settled.

## Puzzles
puzzles-heading = Puzzles
puzzles-intro = Find the move: positions of this game in which exactly one move wins.
puzzles-not-online = Puzzles wait until the online game is over.
puzzle-next = Next puzzle
puzzle-daily = Puzzle of the day
puzzle-daily-label = Puzzle of the day
puzzle-skip = Another puzzle
puzzle-restart = Start again
puzzle-hint = Show the move
puzzle-hint-move = The move: { $move }
puzzle-leave = Back to the game
puzzle-prompt-win = { $side } to move and win in { $moves ->
        [one] one move
       *[other] { $moves } moves
    }
puzzle-prompt-gain = { $side } to move: win { $pieces ->
        [one] a piece
       *[other] { $pieces } pieces
    }
puzzle-prompt-push-off = { $side } to move: find the push that pushes off { $pieces ->
        [one] a piece
       *[other] { $pieces } pieces
    }
puzzle-prompt-capture = { $side } to move: find the move that wins { $pieces ->
        [one] a soldier
       *[other] { $pieces } soldiers
    }
puzzle-prompt-boxed = { $side } to move: find the move that boxes a cannon in
puzzle-about = Puzzle rating { $difficulty } · { $theme }
puzzle-your-move = Your move.
puzzle-try-again = Not that one: it was taken back. Try again, or ask for the move.
puzzle-right = Right! The reply comes…
puzzle-wrong = Not that one.
puzzle-solved = Solved!
puzzle-solved-after = Solved, after a wrong try.
puzzle-rating = Your puzzle rating: { $rating } ± { $deviation } · solved { $solved }, failed { $failed }
puzzle-theme-mill = a mill
puzzle-theme-push-off = a push off the board
puzzle-theme-capture = a capture
puzzle-theme-boxed = a cannon boxed in
puzzle-theme-platform = the platforms
puzzle-theme-blockade = a blockade
puzzle-theme-exact = an exact win
puzzle-theme-other = a winning move

## Statistics
stats-heading = Statistics
stats-computer-rating = Your rating against the computer: { $rating } ± { $deviation }
stats-suggested = Suggested level: { $level }
stats-try-level = Play at that level
stats-level = Level
stats-level-rating = Rating
stats-games = Games
stats-wins = Won
stats-draws = Drawn
stats-losses = Lost
stats-chart = Ratings after each result
stats-chart-computer = Against the computer
stats-chart-puzzles = Puzzles
stats-no-history = Finish a game against the computer or a puzzle, and your ratings appear here.

## Links
link-opened = The game from the link is on the board.
link-error = This link does not open: { $reason }. Your games are as they were.
link-err-game = it names an unknown game, “{ $game }”
link-err-position = “{ $position }” is not a position of this game
link-err-move-malformed = its move { $number }, “{ $move }”, is not a move of this game
link-err-move-illegal = its move { $number }, “{ $move }”, is against the rules there
link-err-after-end = its move { $number } comes after the game ended
link-err-ply = “{ $ply }” is not a move of its line
link-replace = Replace your game in progress with the link's?
link-replace-yes = Replace it
link-replace-no = Keep mine
action-copy-link = Copy link
link-copied = Link copied:

## Board editor
editor-open = Set up
editor-heading = Set up a position
editor-intro = Tap the points to put and take pieces, or use the arrow keys and Enter. The game in progress waits meanwhile.
editor-status = Setting up a position of { $game }
editor-board-label = Board editor
editor-palette = A tap puts:
editor-cycle = Each in turn
editor-erase = Nothing
editor-shared = Shared
editor-act-cycle = tap to change
editor-act-put = tap to put the chosen piece
editor-act-clear = tap to take the piece away
editor-to-move = To move:
editor-side-moves = { $side } moves
editor-hand = { $side } in hand: { $count }
editor-hand-fewer = { $side }: one fewer in hand
editor-hand-more = { $side }: one more in hand
editor-clear = Clear the board
editor-start = Start position
editor-current = The game's position
editor-valid = This position can be played.
editor-play-as = Play as { $side }
editor-two-players = Two players
editor-analyse = Analyse
editor-copy-text = Copy position text
editor-copied = Copied:
editor-close = Back to the game
editor-replace = Replace your game in progress with this position?
editor-err-point-count = The board has { $found } points; this game's has { $expected }.
editor-err-no-such-point = A piece stands on point { $index }, which this board does not have.
editor-err-not-in-game = The piece on { $point } is not a piece of this game.
editor-err-too-many = Too many pieces for { $side }: { $found } on the board, at most { $most }.
editor-err-too-many-shared = Too many shared pieces: { $found } on the board, at most { $most }.
editor-err-too-few = { $side } has { $found ->
    [one] 1 piece
   *[other] { $found } pieces
}, but this game never takes one: all { $needed } must be on the board.
editor-err-too-few-shared = { $found ->
    [one] 1 shared piece
   *[other] { $found } shared pieces
}, but this game never takes one: both must be on the board.
editor-err-no-hands = This game has no pieces in hand.
editor-err-hand-too-big = { $side } has { $hand } in hand and { $board } on the board: more than the { $most } pieces a side has.
editor-err-lost-too-many = { $side } has lost { $lost ->
    [one] 1 piece
   *[other] { $lost } pieces
}, but { $other } has placed too few pieces to have taken more than { $most }.
editor-err-boxed-cannon = The cannon on { $point } is boxed in: the rules remove such a cannon at once, so no game gets here.
editor-err-finished = This game is already over here: { $reason }
editor-err-text = This position does not read: { $reason }

## Refusals: why the session did not do what was asked (src/ui/words.rs). The status line
## says it for a few seconds. refused-move wraps a reason that is also the server's word.
refused-move = Not played: { $reason }.
refused-move-malformed = “{ $move }” is not written in this game’s notation
refused-other-game = that is a move of another game
refused-online = Not while you play online: the server holds the game.
refused-not-online = You are not playing online now.
refused-puzzle = Not while a puzzle is on the board: go back to the game first.
refused-no-puzzle = There is no puzzle here.
refused-puzzle-hint = The move is shown only after a wrong try.
refused-editing = Not while a position is being set up: go back to the game first.
refused-editor-not-open = The board editor is not open.
refused-editor-open = The board editor is already open.
refused-editor-no-point = This board has no point { $index }.
refused-editor-piece = There is no { $piece } in this game.
refused-editor-hand = This game has no pieces in hand, or not that many.
refused-editor-not-asking = There is no question to answer.
refused-setup = The position was not played. { $reason }
refused-local = Not in a game on this screen.
refused-not-local = Only in a game on this screen: leave what is on the board first.
refused-already-local = That game is already on the board.
refused-already-online = You are in a room already: leave it first.
refused-already-puzzle = A puzzle is on the board already.
refused-online-no-game = The server has not sent the game yet.
refused-online-spectating = You are watching this game: only its players move.
refused-online-no-seat = You have no seat in this room yet.
refused-online-move-pending = Your last move is still on its way to the server.
refused-online-offline = Not connected: trying again by itself.
refused-online-over = The game is over.
refused-online-abort = Too late to abort: two moves are played (resign instead).
refused-online-draw-offered = Your draw offer stands until the other player moves.
refused-online-claim = Nothing to claim: the other player is here, or has not lost a turn since leaving.
refused-seeking = Not while the server is asked for a game: cancel first.
refused-not-seeking = You are not looking for a game now.
refused-already-seeking = The server is asked already: wait, or cancel.
refused-archive = Not in a finished game: go back to your own game first.
refused-no-archive = No finished game is on the board.
refused-already-archive = That game is on the board already.
refused-no-puzzles = There are no puzzles of { $game } yet.
refused-puzzle-unplayable = Puzzle { $number } could not be set up.
refused-looking-back = you are looking back through the moves

## Lessons: each game taught by playing it (the lessons' own words: lessons.ftl).
learn-heading = Learn
learn-intro = Short lessons on a real board, one rule at a time. Play the lesson's move; a wrong one is explained and taken back.
learn-not-online = Lessons wait until the game with your friend is over.
learn-course = { $game }: { $done } of { $count } lessons done
learn-row = { $number }. { $title }
learn-state-new = new
learn-state-done = done
learn-begin = Start lesson { $number }
learn-number = Lesson { $number } of { $count }
learn-goal = Goal: { $goal }
learn-show-me = Show me
learn-shown = The lesson's move: { $move }
learn-next = Next lesson
learn-retry = Restart the lesson
learn-leave = Leave the lesson
learn-your-move = Your move.
learn-right = Right! The reply comes…
learn-wrong = Not that one: it is taken back in a moment.
learn-try-again = Try again.
learn-done = Lesson done!
learn-course-done = That was the last lesson of this course: you have met every rule of the game.
learn-off-line = { $move } is allowed, but it is not the lesson's move. { $goal }
learn-refused-illegal = The rules do not allow { $move } here.
learn-refused-malformed = { $move } is no move of this game: no piece ever moves that way.
learn-offer = New to { $game }? Learn it by playing, one rule at a time, starting with “{ $title }”.
learn-offer-yes = Start the first lesson
learn-offer-no = No, thanks
rules-try-it = Try it
rules-try-it-lesson = Opens the lesson “{ $title }”.
refused-lesson = Not during a lesson: go back to the game first.
refused-no-lesson = There is no lesson on the board.
refused-already-lesson = A lesson is on the board already.
refused-lesson-unknown = The lessons of { $game } have no lesson “{ $lesson }”.
refused-lesson-no-course = The lessons of { $game } could not be read.
refused-lesson-finished = This lesson is done: go on to the next one, or start it again.
refused-lesson-last = That was the last lesson of this course.

## Playing at your own pace (src/ui/your_games.rs, challenges.rs, online.rs, settings.rs;
## shared/spec/correspondence.md): your games on every device, days a move, open seeks,
## challenges by name, notifications.
online-heading-waiting = Play online ({ $count })
tab-play-waiting = Play ({ $count })
title-waiting = ({ $count }) { $title }
lobby-error-own-challenge = You cannot challenge yourself.
lobby-error-not-listed = That game is not among your games any more.
lobby-error-no-turn = No other game waits for your move.
time-live = live
time-days = { $days ->
    [one] 1 day a move
   *[other] { $days } days a move
}
time-choice-live = Live
time-choice-days = { $days ->
    [one] 1 day
   *[other] { $days } days
}
left-days = { $days } d { $hours } h left
left-hours = { $hours } h { $minutes } min left
left-minutes = { $minutes } min left
left-seconds = { $seconds } s left
yours-heading = Your games
yours-connecting = Connecting to the server…
yours-asking = Asking the server for your games…
yours-key-refused = This server does not know your key: your games are on another server.
yours-none = No games going. Seek one below, or challenge someone by name.
yours-waiting = { $count ->
    [one] 1 game waits for your move.
   *[other] { $count } games wait for your move.
}
yours-none-waiting = No game waits for your move.
yours-next = Next game where it's my turn
yours-your-turn = your turn
yours-their-turn = their turn
yours-game = { $opponent } · { $game } · { $turn } · { $left }
yours-on-board = on the board
yours-refresh = Refresh your games
yours-challenges = Your challenges
yours-challenge = To { $name }: { $game } · { $kind } · { $time }
yours-challenge-cancel = Cancel
yours-challenge-cancel-said = Cancel the challenge to { $name }
yours-seeks = Your open seeks
yours-seek = { $game } · { $kind } · { $time }
yours-seek-withdraw = Withdraw
yours-seek-withdraw-said = Withdraw the seek: { $seek }
challenge-incoming = { $name } ({ $rating }) challenges you: { $game } · { $kind } · { $time }
challenge-accept = Accept
challenge-accept-said = Accept { $name }'s challenge
challenge-decline = Decline
challenge-decline-said = Decline { $name }'s challenge
challenge-heading = Challenge a player
challenge-name = Player's name
challenge-time = Time of the challenge:
challenge-rated = Rated
challenge-send = Send the challenge
challenge-note = A game of { $game }, the game on the board. A live challenge lapses after 60 seconds.
challenge-again = Challenge again
challenge-player = Challenge { $name }
challenge-short = Challenge
link-challenge-sent = Challenge sent: it waits for the answer.
link-declined = { $name } declined your challenge.
link-declined-someone = Your challenge was declined.
link-seek-placed = Your seek is open: it waits for an opponent even when the app is closed.
link-new-game = A new game started: it is in Your games.
link-open = Open it
link-dismiss = OK
seek-time = Time:
seek-days-note = { $days }: the game goes on while the app is closed, and the server keeps the time.
seek-days-rated = Seek (rated)
seek-days-casual = Seek (casual)
seek-open-heading = Open seeks: { $game }
seek-open-none = Nobody seeks a game of this with days a move just now.
seek-open-row = { $name } ({ $rating }) · { $kind } · { $time }
seek-open-yours = your seek
seek-accept = Accept
seek-accept-said = Accept { $name }'s seek
seek-open-refresh = Refresh the open seeks
seek-open-asking = Asking for the open seeks…
seek-open-failed = The open seeks could not be fetched: { $error }
corr-note = { $time }: the server keeps the time, and you may close the app between moves.
notify-your-turn = Your move against { $name }
notify-challenge = { $name } challenges you
setting-notifications = Tell me of moves and challenges (notifications)
setting-notifications-allow = Allow notifications in this browser
setting-notifications-denied = This browser blocks notifications for this page.
