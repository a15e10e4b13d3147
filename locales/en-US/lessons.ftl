# The lessons' words (the lessons themselves: crates/engine/src/lessons/*.txt).
# Ids: lesson-COURSE-LESSON-title, -goal, -step-N (why the learner's N-th move, from 1) and
# -trap-MOVE (why that refused move is refused, in the rule's own words), as
# Lesson::message_ids derives them. Dark plays x, Light plays o.

## Push the Line · Standoff

lesson-push-first-move-title = The board and a first move
lesson-push-first-move-goal = Move one of your pieces forward, then again.
lesson-push-first-move-step-1 = The board is a honeycomb of 61 cells, five to a side. Each side has 14 pieces, with open ground between them at the start. Move your piece on C4 one cell forward, to D5.
lesson-push-first-move-step-2 = Turns alternate, and Light has answered. Step forward again, from D5 to E6. In a real game each turn lasts 60 seconds, the first move alternates from round to round, and you can change the difficulty in Game Settings at any time.

lesson-push-groups-title = Moving a group
lesson-push-groups-goal = Move three pieces forward together, then back.
lesson-push-groups-step-1 = Take up to three of your pieces standing in a straight line with no gap: C3, D4 and E5. Along their own line the whole group steps one cell forward.
lesson-push-groups-step-2 = A move along the group's own line goes forwards or backwards: step the same three back one cell.

lesson-push-broadside-title = Moving sideways
lesson-push-broadside-goal = Move your row of three forward, side by side.
lesson-push-broadside-step-1 = Your pieces on C3, C4 and C5 move as one, sideways to their line, into D3, D4 and D5. In a broadside move every cell the group moves into must be empty.
lesson-push-broadside-trap-C3C4C5-NE = Light's piece on D6 is in the way: “Every destination must be empty, so a broadside never pushes anyone.”

lesson-push-two-push-one-title = Two push one
lesson-push-two-push-one-goal = Push Light's piece back two cells, one push at a time.
lesson-push-two-push-one-step-1 = Two of your pieces in a line push one: D4 and E5 move forward along their line and shove Light's piece from F6 to G7.
lesson-push-two-push-one-step-2 = A push moves the pushed piece exactly one cell, never all the way along the line. Push again for one more cell.
lesson-push-two-push-one-trap-E5-NE = A piece alone cannot push: “A single piece moves the same way; it simply cannot push.”

lesson-push-standoff-title = A standoff
lesson-push-standoff-goal = Break the standoff and push two of Light's pieces.
lesson-push-standoff-step-1 = Your two pieces face two of Light's, and equal numbers cannot push. Bring the piece on C2 into the line, to C3.
lesson-push-standoff-step-2 = Now three push two: C3, D4 and E5 shove the pieces on F6 and G7 one cell.
lesson-push-standoff-trap-D4E5-NE = “Equal numbers on the line stand each other off (one on one, two on two, three on three) and nobody moves.”

lesson-push-blocked-title = Blocked by your own piece
lesson-push-blocked-goal = Clear the way, then push.
lesson-push-blocked-step-1 = Your own piece on G7 stands right behind Light's piece, so that piece has nowhere to go and cannot be pushed. Move G7 out of the way.
lesson-push-blocked-step-2 = The cell behind Light's piece is empty now: push it.
lesson-push-blocked-trap-C3D4E5-NE = “If one of your own pieces sits behind them, they cannot be pushed; your own pieces in the way block you the same way.”

lesson-push-push-off-title = Off the board
lesson-push-push-off-goal = Push one of Light's pieces off the board.
lesson-push-push-off-step-1 = Light's piece on E1 stands at the edge of the board. E2 and E3 push it over the edge: a piece pushed off is out for good and never returns.
lesson-push-push-off-trap-E2-W = “A single piece moves the same way; it simply cannot push.”

lesson-push-stuck-title = When a side cannot move
lesson-push-stuck-goal = Leave Light without a move, and move again.
lesson-push-stuck-step-1 = Close the last gap: move C7 to B6. Now not one of Light's pieces can move.
lesson-push-stuck-step-2 = Light had no legal move, so its turn was skipped and play came back to you. Being stuck is not a loss in this game.

lesson-push-win-title = Six pushed off wins
lesson-push-win-goal = Push Light's sixth piece off the board.
lesson-push-win-step-1 = Light has already lost five pieces. Push the piece on E2 back to the edge.
lesson-push-win-step-2 = Push it off: the first side to push six pieces off wins. That is the only way a game ends; there is no automatic draw.
lesson-push-win-trap-E3-W = “A single piece moves the same way; it simply cannot push.”

## Line-Board Shuang Cheng

lesson-shuangcheng-first-move-title = The board and a first move
lesson-shuangcheng-first-move-goal = Play the first moves of a game.
lesson-shuangcheng-first-move-step-1 = Nine points: the top corners meet at the top hub, the bottom corners at the bottom hub, a shared piece stands left and right, and the centre starts empty. Move your bottom hub piece into the centre.
lesson-shuangcheng-first-move-step-2 = Light moved a shared piece, so you may not move one now. Step your centre piece into the empty point on the left. Each turn lasts 60 seconds, and the difficulty can be changed in Game Settings at any time.

lesson-shuangcheng-one-step-title = One step to the empty point
lesson-shuangcheng-one-step-goal = Step a piece into the empty point.
lesson-shuangcheng-one-step-step-1 = A move is one step along a line into the empty point, with your own piece or a shared one. Step your centre piece left.
lesson-shuangcheng-one-step-trap-c-th = That point is taken: “one step along a line to an adjacent empty point. No jumping, no capturing.”
lesson-shuangcheng-one-step-trap-br-l = That would jump over the shared piece on the bottom hub: “No jumping, no capturing.”

lesson-shuangcheng-shared-pieces-title = The shared pieces
lesson-shuangcheng-shared-pieces-goal = Move a shared piece on two turns in a row.
lesson-shuangcheng-shared-pieces-step-1 = Either player can move either shared piece. Move the right shared piece up to the top right corner.
lesson-shuangcheng-shared-pieces-step-2 = Light could not answer with a shared piece, but you may use one again: the same player can move a shared piece on consecutive turns. Move it on into the top hub.

lesson-shuangcheng-locked-title = Locked shared pieces
lesson-shuangcheng-locked-goal = Wait one turn, then move a shared piece.
lesson-shuangcheng-locked-step-1 = Light has just moved a shared piece, so this turn you may not move either of them. Step your bottom left piece into the bottom hub.
lesson-shuangcheng-locked-step-2 = You have taken one turn with your own piece, so the shared pieces are free again: move the centre one to the left.
lesson-shuangcheng-locked-trap-c-bh = “Once either shared piece was just moved, the other player cannot move any shared piece on their very next turn.”
lesson-shuangcheng-locked-trap-r-bh = “Once either shared piece was just moved, the other player cannot move any shared piece on their very next turn.”

lesson-shuangcheng-no-move-title = Win by leaving no move
lesson-shuangcheng-no-move-goal = Leave Light with no legal move.
lesson-shuangcheng-no-move-step-1 = Step your bottom right piece up to the right. The empty point is now the bottom right corner, and only your pieces touch it: Light has no legal move and loses.

lesson-shuangcheng-locked-out-title = Win with the lock
lesson-shuangcheng-locked-out-goal = Win by moving a shared piece.
lesson-shuangcheng-locked-out-step-1 = Move the shared piece from the bottom hub to the left. None of Light's own pieces touches the empty point, only yours and the shared ones, and Light may not move a shared piece right after you did: with not even a shared piece to move, Light loses.

lesson-shuangcheng-trap-title = Trapping with the shared pieces
lesson-shuangcheng-trap-goal = Trap Light in two moves.
lesson-shuangcheng-trap-step-1 = Move the centre shared piece up into the top hub. Light may not answer with a shared piece, so it has to step into the centre.
lesson-shuangcheng-trap-step-2 = That emptied the right point: step in from the bottom right corner. Only your pieces touch the empty corner, and Light is trapped with nowhere left to step.

## Sixpenny Maddell

lesson-maddell-placing-title = The board and placing
lesson-maddell-placing-goal = Place your first pieces.
lesson-maddell-placing-step-1 = Three triangles inside each other, joined by lines between the middles of their sides: eighteen points. Each side holds six pieces and places one on any empty point in turn. Place one on b2.
lesson-maddell-placing-step-2 = Place another on c2: with b2 that is two on the line joining the triangles. Each turn lasts 60 seconds, and the difficulty can be changed in Game Settings at any time.

lesson-maddell-mill-title = Making a mill
lesson-maddell-mill-goal = Make a mill and take a piece.
lesson-maddell-mill-step-1 = Place on a3: a1, a2 and a3 are three in a row along a side, a mill, and a mill lets you take one of Light's pieces at once. Take the one on b4.

lesson-maddell-spoke-title = Mills on the joining lines
lesson-maddell-spoke-goal = Make a mill on a line that joins the triangles.
lesson-maddell-spoke-step-1 = Place on c4: a4, b4 and c4 fill one of the lines joining the triangles, and that is a mill too. Take a1, which also spoils Light's row on the outer side.

lesson-maddell-protected-title = Pieces in a mill are safe
lesson-maddell-protected-goal = Make a mill and take the piece you may.
lesson-maddell-protected-step-1 = Place on a3 for a mill. Light's pieces on b1, b2 and b3 form a mill and cannot be taken, so take the one outside it, on c6.
lesson-maddell-protected-trap-a3xb2 = “A piece inside a mill cannot be taken”, as long as the other player has a piece outside one.

lesson-maddell-all-in-mills-title = When every piece is in a mill
lesson-maddell-all-in-mills-goal = Take a piece out of a mill.
lesson-maddell-all-in-mills-step-1 = Place on a3 for a mill. Every one of Light's pieces sits in a mill, so any of them may be taken: take b2.

lesson-maddell-double-title = Two mills at once
lesson-maddell-double-goal = Complete two mills with one piece.
lesson-maddell-double-step-1 = Place on a3: it completes a1, a2, a3 and a3, a4, a5 at the same time, and still takes only one piece.

lesson-maddell-slide-title = Sliding
lesson-maddell-slide-goal = Slide a piece to an empty point next to it.
lesson-maddell-slide-step-1 = Every piece has been placed, so now you move instead: slide a1 along its line to the empty point a6.
lesson-maddell-slide-trap-a1-a2 = a2 is taken: “Pieces never jump over another piece, and never land on an occupied point.”
lesson-maddell-slide-trap-a1-a3 = That jumps over the piece on a2: “Pieces never jump over another piece, and never land on an occupied point.”

lesson-maddell-two-left-title = Down to two pieces
lesson-maddell-two-left-goal = Take Light down to two pieces.
lesson-maddell-two-left-step-1 = Slide a4 to a3 to complete a1, a2, a3, and take b1. Light is left with two pieces, can never make another mill, and loses.

lesson-maddell-no-move-title = No move left
lesson-maddell-no-move-goal = Leave Light unable to move.
lesson-maddell-no-move-step-1 = Slide b6 out to a6. Light's pieces on the corners a1, a3 and a5 are walled in by yours: Light cannot move a single piece and loses.

## Two-or-Three-Step Blockade

lesson-blockade-first-move-title = The board and a first move
lesson-blockade-first-move-goal = Make your first move.
lesson-blockade-first-move-step-1 = 25 points on lines across and down, with 12 short diagonals in the middle. Each side has 7 pieces, along its edge and the two side points next to it. Move c1 two points straight up, to c3. Each turn lasts 60 seconds, and the difficulty can be changed in Game Settings at any time.

lesson-blockade-two-or-three-title = Two or three steps
lesson-blockade-two-or-three-goal = Make a three-step move, then a two-step move.
lesson-blockade-two-or-three-step-1 = Follow one line for exactly two or three steps: move b1 three points up, to b4.
lesson-blockade-two-or-three-step-2 = Now two steps: d1 up to d3.
lesson-blockade-two-or-three-trap-c1-c2 = “A one-step move is not allowed.”
lesson-blockade-two-or-three-trap-a2-a3 = “A one-step move is not allowed.”

lesson-blockade-straight-title = Straight lines only
lesson-blockade-straight-goal = Move along a short diagonal.
lesson-blockade-straight-step-1 = The short diagonals are lines too: c1 goes two steps up the diagonal, through d2, to e3.
lesson-blockade-straight-trap-b1-c2 = “You cannot turn along the way.”
lesson-blockade-straight-trap-a2-a4 = a4 is taken: “The final point must be empty.”

lesson-blockade-no-jumping-title = No jumping, no capturing
lesson-blockade-no-jumping-goal = Find a move with a clear path.
lesson-blockade-no-jumping-step-1 = d1 has a clear path: move it two points up, to d3.
lesson-blockade-no-jumping-trap-c2-c4 = Light's piece on c3 is in the way: “Every point crossed along the way must be empty. If any piece blocks the path, you cannot jump over it.”
lesson-blockade-no-jumping-trap-e1-e3 = Your own piece on e2 is in the way: “If any piece blocks the path, you cannot jump over it.”
lesson-blockade-no-jumping-trap-a2-a4 = Light's piece stands on a4: “Pieces do not capture each other.”

lesson-blockade-blockade-title = Win by blocking
lesson-blockade-blockade-goal = Leave Light without a move.
lesson-blockade-blockade-step-1 = Move c1 three points up, to c4. Every path of Light's is now blocked in its first or second step: Light has no two-step or three-step move and loses.

lesson-blockade-back-and-forth-title = Back and forth
lesson-blockade-back-and-forth-goal = Move out, then back again.
lesson-blockade-back-and-forth-step-1 = Move b1 up to b3.
lesson-blockade-back-and-forth-step-2 = There are no captures, so pieces may move back and forth: take b3 home to b1. Light does the same, and the position repeats. If a game goes on too long, start a new round from Game Settings.

lesson-blockade-solidarity-alone-title = Solidarity: no piece moves alone
lesson-blockade-solidarity-alone-goal = Give your lone piece a neighbour, then move it.
lesson-blockade-solidarity-alone-step-1 = The Solidarity rule is on here (it is off by default; turn it on in Game Settings). Your piece on c3 has no piece beside it, so it cannot move. Move b1 up to b3, next to it.
lesson-blockade-solidarity-alone-step-2 = c3 has a neighbour now: move it two points right, to e3, beside Light's piece on e4.
lesson-blockade-solidarity-alone-trap-c3-a3 = “When it is on, a piece with no other piece directly beside it along a drawn line cannot move.”
lesson-blockade-solidarity-alone-trap-c3-e3 = “When it is on, a piece with no other piece directly beside it along a drawn line cannot move.”

lesson-blockade-solidarity-landing-title = Solidarity: land beside a piece
lesson-blockade-solidarity-landing-goal = Move to a point beside another piece.
lesson-blockade-solidarity-landing-step-1 = Move c1 three points up, to c4: it lands beside Light's piece on c5, and a neighbour of either side counts.
lesson-blockade-solidarity-landing-trap-c1-c3 = c3 has no piece beside it: “After a move, the new point must also be directly beside at least one other piece.”
lesson-blockade-solidarity-landing-trap-b1-b3 = b3 has no piece beside it: “After a move, the new point must also be directly beside at least one other piece.”

## Earthen Cannon Chess

lesson-cannon-first-move-title = The board and a first move
lesson-cannon-first-move-goal = Make the cannons' first move.
lesson-cannon-first-move-step-1 = A board of 5 by 6 points: three cannons in the middle of the top row, fifteen soldiers on the bottom three rows and two empty rows between. Before a round you choose a side, and the cannons always move first: step the middle cannon down to c5. Each turn lasts 60 seconds, and the difficulty can be changed in Game Settings at any time.

lesson-cannon-moving-title = One step along a line
lesson-cannon-moving-goal = Step a cannon down the corner diagonal.
lesson-cannon-moving-step-1 = Every move is one step along a drawn line to an empty point next to it. Besides the lines across and down there are two diagonals, at the sides of the top row: e6 steps down one to d5.
lesson-cannon-moving-trap-c6-b5 = No line joins c6 and b5: the only diagonals are “the two extra diagonals at the top row's sides”.
lesson-cannon-moving-trap-c6-c4 = “Move one of your pieces one step along a drawn line.”

lesson-cannon-capture-title = The cannon's capture
lesson-cannon-capture-goal = Capture a soldier.
lesson-cannon-capture-step-1 = Look down the c file: one empty point, c5, then a soldier on c4. The cannon jumps the gap and captures it. Only cannons capture, and a cannon may also choose not to and make an ordinary move.

lesson-cannon-over-pieces-title = Over the pieces in between
lesson-cannon-over-pieces-goal = Capture beyond the pieces in between.
lesson-cannon-over-pieces-step-1 = Look down from c5 and ignore the soldier on c4 in between. Then comes exactly one empty point, c3, and the soldier on c2 right after it: capture it.

lesson-cannon-count-gaps-title = Count the gaps
lesson-cannon-count-gaps-goal = Get in range, then capture.
lesson-cannon-count-gaps-step-1 = From b6 two empty points lie before the soldier on b3, so there is no capture. Step down to b5.
lesson-cannon-count-gaps-step-2 = Now exactly one empty point, b4, lies before b3: capture it.
lesson-cannon-count-gaps-trap-c6xc4 = Down the c file there is no empty point at all: “No empty gap, or two empty gaps in a row? You cannot capture.”
lesson-cannon-count-gaps-trap-b6xb3 = b5 and b4 are both empty: “No empty gap, or two empty gaps in a row? You cannot capture.”

lesson-cannon-surround-title = Surrounding a cannon
lesson-cannon-surround-goal = Box in the cannon on a4.
lesson-cannon-surround-step-1 = The cannon on a4 has one free neighbour left, a5. Fill it from b5: with every neighbouring point blocked, the cannon cannot move and is removed.
lesson-cannon-surround-trap-b4-a4 = “Soldiers cannot capture a cannon directly.”

lesson-cannon-cannons-gone-title = The last cannon
lesson-cannon-cannons-gone-goal = Remove the last cannon.
lesson-cannon-cannons-gone-step-1 = The last cannon is on e6, and its only free neighbour is d6. Step in from c6: the cannon is boxed in and removed, and with all three cannons gone the soldiers win.
lesson-cannon-cannons-gone-trap-d5-e6 = “Soldiers cannot capture a cannon directly.”

lesson-cannon-platforms-title = Holding the three starting points
lesson-cannon-platforms-goal = Stand on all three of the cannons' starting points.
lesson-cannon-platforms-step-1 = Your soldiers already stand on b6 and c6. Step onto d6: three soldiers on all three of the cannons' starting points at once win the game.

lesson-cannon-last-soldiers-title = The last soldiers
lesson-cannon-last-soldiers-goal = Bring your last soldiers safely onto the cannons' starting points.
lesson-cannon-last-soldiers-step-1 = Only two soldiers are left. Step onto d6, so that both stand on the cannons' starting points. No cannon can capture either of them, so whatever the cannons play, the soldiers win.

lesson-cannon-all-soldiers-title = Capturing every soldier
lesson-cannon-all-soldiers-goal = Capture the last soldier.
lesson-cannon-all-soldiers-step-1 = One soldier is left, on c4, with exactly one empty point before it. Capture it: with every soldier captured, the cannons win.

lesson-cannon-platform-capture-title = A soldier on a starting point
lesson-cannon-platform-capture-goal = Capture the soldier on b6.
lesson-cannon-platform-capture-step-1 = A soldier stands on b6, one of the cannons' own starting points. From d6 along the top row there is one empty point, c6, then the soldier: capture it, and the cannons win at once.

lesson-cannon-draw-title = No move: a draw
lesson-cannon-draw-goal = See what happens when a side cannot move.
lesson-cannon-draw-step-1 = Step the cannon on a4 down to a3. The three soldiers are walled in with no legal move, and no other result has been reached: the round ends in a draw.
