# 教学课程的文字（课程本身见 crates/engine/src/lessons/*.txt）。
# 编号：lesson-课程-课-title、-goal、-step-N（学习者第 N 步为什么这样走，从 1 数起）和
# -trap-着法（这步不合规则的原因，尽量用规则原文），由 Lesson::message_ids 生成。黑方执 x，白方执 o。

## 推珠棋·隔空

lesson-push-first-move-title = 棋盘和第一步
lesson-push-first-move-goal = 把一颗棋子往前走一格，再走一格。
lesson-push-first-move-step-1 = 棋盘是每边 5 格的六角蜂窝，共 61 个棋位。双方各 14 枚棋子，开局时中间隔着一片空地。把 C4 上的棋子往前走一格，走到 D5。
lesson-push-first-move-step-2 = 双方轮流走，白方已经应了一手。再往前走一格，从 D5 走到 E6。正式对局每步限时 60 秒，每局轮流先手，难度随时可以在“对局设置”里换。

lesson-push-groups-title = 整队走
lesson-push-groups-goal = 三颗棋子一起往前走，再一起退回来。
lesson-push-groups-step-1 = 每次可以挑 1–3 颗连成一条直线、中间没有空格的自己的棋子：C3、D4、E5。沿着它们自身排列的方向，整队往前走一格。
lesson-push-groups-step-2 = 沿队伍自身方向走，可以往前也可以往后：让这三颗一起退回一格。

lesson-push-broadside-title = 侧移
lesson-push-broadside-goal = 让横着的三颗棋子并排往前走。
lesson-push-broadside-step-1 = C3、C4、C5 三颗整队朝排列方向以外的方向平移，走到 D3、D4、D5。侧移时，每个落点都必须是空位。
lesson-push-broadside-trap-C3C4C5-NE = D6 上有白方的棋子挡着：“侧移：……落点必须全是空位——侧移永远推不到人。”

lesson-push-two-push-one-title = 两颗推一颗
lesson-push-two-push-one-goal = 把白方的棋子推回两格，一次推一格。
lesson-push-two-push-one-step-1 = 连成一线的两颗可以推对方一颗：D4、E5 沿自身方向直推，把白方的棋子从 F6 顶到 G7。
lesson-push-two-push-one-step-2 = “一次只推一格，不是一路推到底。”再推一次，把它再顶一格。
lesson-push-two-push-one-trap-E5-NE = 单颗推不动人：“单颗棋子也能走，只是它谁也推不动。”

lesson-push-standoff-title = 对峙
lesson-push-standoff-goal = 打破对峙，推动白方两颗棋子。
lesson-push-standoff-step-1 = 你的两颗对着白方的两颗，数量相等谁也推不动。把 C2 上的棋子补到这条线上，走到 C3。
lesson-push-standoff-step-2 = 现在是三颗对两颗：C3、D4、E5 把 F6、G7 上的两颗一起顶走一格。
lesson-push-standoff-trap-D4E5-NE = “双方数量相等时（1 对 1、2 对 2、3 对 3）形成对峙，谁也推不动。”

lesson-push-blocked-title = 被自己的棋子挡住
lesson-push-blocked-goal = 先让开路，再推。
lesson-push-blocked-step-1 = 你自己的棋子在 G7，正贴在白方棋子后面，那颗棋子没处可退，就推不动。先把 G7 挪开。
lesson-push-blocked-step-2 = 白方棋子后面空出来了：推过去。
lesson-push-blocked-trap-C3D4E5-NE = “如果后面贴着你自己的棋子，就推不动；自己的棋子挡路时也一样，推不动就是不能走这一步。”

lesson-push-push-off-title = 推出棋盘
lesson-push-push-off-goal = 把白方一颗棋子推出棋盘。
lesson-push-push-off-step-1 = 白方在 E1 的棋子正好在棋盘边上。E2、E3 两颗把它推下去：被挤出棋盘的棋子永久离场，不能再回来。
lesson-push-push-off-trap-E2-W = “单颗棋子也能走，只是它谁也推不动。”

lesson-push-stuck-title = 一方走不了的时候
lesson-push-stuck-goal = 让白方无子可动，你再走一步。
lesson-push-stuck-step-1 = 堵上最后一个缺口：把 C7 走到 B6。这下白方一颗棋子也动不了。
lesson-push-stuck-step-2 = 白方一步也走不了，这一手就跳过，又轮到你走。在这个棋里，走不动不算输。

lesson-push-win-title = 推出 6 颗获胜
lesson-push-win-goal = 把白方第 6 颗棋子推出棋盘。
lesson-push-win-step-1 = 白方已经被推出 5 颗。先把 E2 上的棋子顶回棋盘边上。
lesson-push-win-step-2 = 推下去：先把对方 6 枚棋子推出场外的一方获胜。这是分出胜负的唯一办法，这一版没有自动和局。
lesson-push-win-trap-E3-W = “单颗棋子也能走，只是它谁也推不动。”

## 线板双城棋

lesson-shuangcheng-first-move-title = 棋盘和第一步
lesson-shuangcheng-first-move-goal = 走出一盘棋的开头几步。
lesson-shuangcheng-first-move-step-1 = 9 个棋点：上方两角连着上枢纽，下方两角连着下枢纽，左右各放一枚双城，正中心开局是空的。把你下枢纽上的棋子走进中心。
lesson-shuangcheng-first-move-step-2 = 白方刚动了双城，所以你这一手不能动双城。把中心的棋子走到左边空出来的棋点上。每步限时 60 秒，难度随时可以在“对局设置”里换。

lesson-shuangcheng-one-step-title = 一步走到空点
lesson-shuangcheng-one-step-goal = 把一枚棋子走进空棋点。
lesson-shuangcheng-one-step-step-1 = 每一手都是用自己的棋子或一枚双城，沿连线走一步进空棋点。把中心的棋子往左走一步。
lesson-shuangcheng-one-step-trap-c-th = 那个棋点上有子：“沿连线走一步到相邻的空棋点。不能跳跃，也不能吃子。”
lesson-shuangcheng-one-step-trap-br-l = 这样要跳过下枢纽上的双城：“不能跳跃，也不能吃子。”

lesson-shuangcheng-shared-pieces-title = 两枚双城
lesson-shuangcheng-shared-pieces-goal = 连着两个回合动双城。
lesson-shuangcheng-shared-pieces-step-1 = 两枚双城谁都能用。把右边的双城走到右上角。
lesson-shuangcheng-shared-pieces-step-2 = 白方这一手不能用双城应对，你却可以再动：同一方可以连续动双城。把它接着走进上枢纽。

lesson-shuangcheng-locked-title = 双城被锁住时
lesson-shuangcheng-locked-goal = 先等一手，再动双城。
lesson-shuangcheng-locked-step-1 = 白方刚动过双城，这一手你两枚双城都不能动。把左下角的棋子走进下枢纽。
lesson-shuangcheng-locked-step-2 = 你已经走了一步自己的棋子，双城又能动了：把中心的双城走到左边。
lesson-shuangcheng-locked-trap-c-bh = “只要刚才走的是任意一枚双城，对方下一回合不能紧接着也动双城。”
lesson-shuangcheng-locked-trap-r-bh = “只要刚才走的是任意一枚双城，对方下一回合不能紧接着也动双城。”

lesson-shuangcheng-no-move-title = 让对方无棋可走
lesson-shuangcheng-no-move-goal = 让白方一步也走不了。
lesson-shuangcheng-no-move-step-1 = 把右下角的棋子走到右边。现在空出来的是右下角，挨着它的只有你的棋子：白方无棋可走，就输了。

lesson-shuangcheng-locked-out-title = 用锁定取胜
lesson-shuangcheng-locked-out-goal = 动一枚双城取胜。
lesson-shuangcheng-locked-out-step-1 = 把下枢纽的双城走到左边。挨着空棋点的只有你的棋子和双城，白方的棋子一枚也没有；而你刚动过双城，白方紧接着不能动：两枚双城也动不了，白方就输了。

lesson-shuangcheng-trap-title = 借双城围堵
lesson-shuangcheng-trap-goal = 两步困住白方。
lesson-shuangcheng-trap-step-1 = 把中心的双城走进上枢纽。白方这一手不能动双城，只好把棋子走进中心。
lesson-shuangcheng-trap-step-2 = 这样右边就空了：从右下角走进去。挨着空出来的角的只有你的棋子，白方被逼得没有空位可走。

## 三角直棋

lesson-maddell-placing-title = 棋盘和落子
lesson-maddell-placing-goal = 放下你的头两枚棋子。
lesson-maddell-placing-step-1 = 三个套在一起的三角形，边的中点之间用线连起来，一共 18 个棋点。双方各 6 枚棋子，轮流放到任意空棋点上，一次放一枚。先放在 b2。
lesson-maddell-placing-step-2 = 再放在 c2：和 b2 一起占了连接三角形的那条线上的两个点。每步限时 60 秒，难度随时可以在“对局设置”里换。

lesson-maddell-mill-title = 成「直」
lesson-maddell-mill-goal = 成一条「直」，拿掉一枚棋子。
lesson-maddell-mill-step-1 = 放在 a3：a1、a2、a3 三枚连在一条边上，就成了一条「直」，可以马上拿掉白方一枚棋子。拿掉 b4 上的那枚。

lesson-maddell-spoke-title = 连线上的「直」
lesson-maddell-spoke-goal = 在连接三角形的线上成「直」。
lesson-maddell-spoke-step-1 = 放在 c4：a4、b4、c4 占满了一条连接三角形的线，这也是一条「直」。拿掉 a1，顺便拆掉白方在外圈那条边上的威胁。

lesson-maddell-protected-title = 「直」里的棋子拿不走
lesson-maddell-protected-goal = 成「直」，拿掉能拿的那枚。
lesson-maddell-protected-step-1 = 放在 a3 成「直」。白方 b1、b2、b3 连成了一条「直」，拿不走，所以拿掉「直」外面 c6 上的那枚。
lesson-maddell-protected-trap-a3xb2 = “在「直」里的棋子拿不走”，只要对方还有棋子不在「直」里。

lesson-maddell-all-in-mills-title = 全都在「直」里时
lesson-maddell-all-in-mills-goal = 从「直」里拿掉一枚。
lesson-maddell-all-in-mills-step-1 = 放在 a3 成「直」。白方的棋子全都在「直」里，那就哪一枚都可以拿：拿掉 b2。

lesson-maddell-double-title = 一步成两条「直」
lesson-maddell-double-goal = 用一枚棋子同时连成两条「直」。
lesson-maddell-double-step-1 = 放在 a3：a1、a2、a3 和 a3、a4、a5 同时成「直」，可还是只能拿掉一枚。

lesson-maddell-slide-title = 走子
lesson-maddell-slide-goal = 把一枚棋子走到旁边的空点上。
lesson-maddell-slide-step-1 = 棋子都放完了，改成走棋：把 a1 沿线走到旁边的空点 a6。
lesson-maddell-slide-trap-a1-a2 = a2 上已经有棋子：“棋子不能跳过别的棋子，也不能走到已经有棋子的点上。”
lesson-maddell-slide-trap-a1-a3 = 这样要跳过 a2 上的棋子：“棋子不能跳过别的棋子，也不能走到已经有棋子的点上。”

lesson-maddell-two-left-title = 只剩两枚
lesson-maddell-two-left-goal = 把白方吃到只剩两枚。
lesson-maddell-two-left-step-1 = 把 a4 走到 a3，连成 a1、a2、a3 这条「直」，拿掉 b1。白方只剩两枚，再也连不成「直」，就输了。

lesson-maddell-no-move-title = 一步也走不了
lesson-maddell-no-move-goal = 让白方一枚棋子都动不了。
lesson-maddell-no-move-step-1 = 把 b6 走到外圈的 a6。白方在 a1、a3、a5 三个角上的棋子被你的棋子团团围住：一枚都动不了，白方就输了。

## 两三步困阻棋

lesson-blockade-first-move-title = 棋盘和第一步
lesson-blockade-first-move-goal = 走出你的第一步。
lesson-blockade-first-move-step-1 = 25 个棋点由横线、竖线连成方格，中间还有 12 条短斜线。双方各 7 枚棋子，摆在自己一边的边上和两个侧棋点。把 c1 笔直往上走两步，走到 c3。每步限时 60 秒，难度随时可以在“对局设置”里换。

lesson-blockade-two-or-three-title = 走两步或三步
lesson-blockade-two-or-three-goal = 先走一次三步，再走一次两步。
lesson-blockade-two-or-three-step-1 = 沿同一条线走，正好两步或三步：把 b1 往上走三步，到 b4。
lesson-blockade-two-or-three-step-2 = 这次走两步：d1 往上走到 d3。
lesson-blockade-two-or-three-trap-c1-c2 = “不能只走一步。”
lesson-blockade-two-or-three-trap-a2-a3 = “不能只走一步。”

lesson-blockade-straight-title = 只走直线
lesson-blockade-straight-goal = 沿短斜线走一步棋。
lesson-blockade-straight-step-1 = 短斜线也是实线：c1 沿斜线经过 d2，走两步到 e3。
lesson-blockade-straight-trap-b1-c2 = “中途不能转向。”
lesson-blockade-straight-trap-a2-a4 = a4 上有棋子：“最后必须停在空棋点。”

lesson-blockade-no-jumping-title = 不能越子，也不吃子
lesson-blockade-no-jumping-goal = 找一步路上没有阻挡的棋。
lesson-blockade-no-jumping-step-1 = d1 前面的路是空的：往上走两步，到 d3。
lesson-blockade-no-jumping-trap-c2-c4 = 白方在 c3 的棋子挡着路：“走过的每一个中间棋点都必须是空的。前面有任何棋子挡路，就不能从它上面越过去。”
lesson-blockade-no-jumping-trap-e1-e3 = 你自己在 e2 的棋子挡着路：“前面有任何棋子挡路，就不能从它上面越过去。”
lesson-blockade-no-jumping-trap-a2-a4 = a4 上是白方的棋子：“棋子不会吃掉别的棋子。”

lesson-blockade-blockade-title = 困住就赢
lesson-blockade-blockade-goal = 让白方无棋可走。
lesson-blockade-blockade-step-1 = 把 c1 往上走三步，到 c4。白方每一条路的第一步或第二步都被堵住了：找不到合法的两步或三步走法，白方就输了。

lesson-blockade-back-and-forth-title = 走过去再走回来
lesson-blockade-back-and-forth-goal = 走出去，再走回来。
lesson-blockade-back-and-forth-step-1 = 把 b1 往上走到 b3。
lesson-blockade-back-and-forth-step-2 = 这款棋不吃子，棋子可以来回走：把 b3 走回 b1。白方也走了回去，局面重复了。如果很久没有分出胜负，可以到“对局设置”里开始新的一局。

lesson-blockade-solidarity-alone-title = 团结机制：落单的棋子不能动
lesson-blockade-solidarity-alone-goal = 给落单的棋子找个邻居，再走它。
lesson-blockade-solidarity-alone-step-1 = 这里开了团结机制（默认关闭，可以在“对局设置”里开启）。你在 c3 的棋子旁边没有任何棋子，暂时不能动。把 b1 往上走到 b3，挨着它。
lesson-blockade-solidarity-alone-step-2 = c3 现在有邻居了：往右走两步到 e3，落在白方 e4 那枚棋子旁边。
lesson-blockade-solidarity-alone-trap-c3-a3 = “开启后，一枚棋子如果没有沿实线紧邻任何其他棋子，就暂时不能动。”
lesson-blockade-solidarity-alone-trap-c3-e3 = “开启后，一枚棋子如果没有沿实线紧邻任何其他棋子，就暂时不能动。”

lesson-blockade-solidarity-landing-title = 团结机制：落在棋子旁边
lesson-blockade-solidarity-landing-goal = 走到挨着别的棋子的棋点上。
lesson-blockade-solidarity-landing-step-1 = 把 c1 往上走三步到 c4：它落在白方 c5 那枚棋子旁边，相邻的棋子是哪一方的都算。
lesson-blockade-solidarity-landing-trap-c1-c3 = c3 旁边没有棋子：“落子以后，新位置也必须沿实线紧邻至少一枚其他棋子。”
lesson-blockade-solidarity-landing-trap-b1-b3 = b3 旁边没有棋子：“落子以后，新位置也必须沿实线紧邻至少一枚其他棋子。”

## 土炮空手棋

lesson-cannon-first-move-title = 棋盘和第一步
lesson-cannon-first-move-goal = 走出土炮的第一步。
lesson-cannon-first-move-step-1 = 棋盘是 5 列 6 行：3 枚土炮在最上面一行的中间，15 枚空手坐满最下面三行，中间两行是空的。开局前先选执哪一方，每局固定由土炮方先走：把中间的土炮往下走一步，到 c5。每步限时 60 秒，难度随时可以在“对局设置”里换。

lesson-cannon-moving-title = 沿线走一步
lesson-cannon-moving-goal = 让土炮沿角上的斜线走一步。
lesson-cannon-moving-step-1 = 每一步都是沿画出的线走一格，走到相邻的空位上。除了横线和竖线，第一行两侧还有两条斜线：e6 沿斜线走到 d5。
lesson-cannon-moving-trap-c6-b5 = c6 和 b5 之间没有线：斜线只有“第一行两侧那两条额外的斜线”。
lesson-cannon-moving-trap-c6-c4 = “把自己的一枚棋子沿棋盘上画出的一条线……移动一步。”

lesson-cannon-capture-title = 土炮吃子
lesson-cannon-capture-goal = 吃掉一枚空手。
lesson-cannon-capture-step-1 = 沿 c 列往下看：先是一个空位 c5，紧接着 c4 上有一枚空手。土炮跳过空位把它吃掉。只有土炮能吃子，而且吃不吃由你：也可以不吃，走别的一步。

lesson-cannon-over-pieces-title = 中间的棋不用管
lesson-cannon-over-pieces-goal = 隔着中间的棋子吃子。
lesson-cannon-over-pieces-step-1 = 从 c5 往下看，中间 c4 上的空手不用管。接着正好是一个空位 c3，空位另一边紧挨着 c2 上的空手：吃掉它。

lesson-cannon-count-gaps-title = 数一数空位
lesson-cannon-count-gaps-goal = 先走到能吃的位置，再吃。
lesson-cannon-count-gaps-step-1 = 从 b6 往下，到 b3 的空手之前有两个空位，吃不了。先往下走一步，到 b5。
lesson-cannon-count-gaps-step-2 = 现在 b3 前面正好只有一个空位 b4：吃掉它。
lesson-cannon-count-gaps-trap-c6xc4 = c 列上一个空位都没有：“没有空位，或连续两个空位，都不能吃。”
lesson-cannon-count-gaps-trap-b6xb3 = b5、b4 都是空的：“没有空位，或连续两个空位，都不能吃。”

lesson-cannon-surround-title = 围死土炮
lesson-cannon-surround-goal = 把 a4 上的土炮围死。
lesson-cannon-surround-step-1 = a4 上的土炮只剩一个空着的邻点 a5。从 b5 走进去：四周全被堵住、走不了的土炮就会被拿掉。
lesson-cannon-surround-trap-b4-a4 = “空手不能直接吃土炮。”

lesson-cannon-cannons-gone-title = 最后一枚土炮
lesson-cannon-cannons-gone-goal = 拿掉最后一枚土炮。
lesson-cannon-cannons-gone-step-1 = 最后一枚土炮在 e6，它唯一空着的邻点是 d6。从 c6 走进去：土炮被围死拿掉，3 枚土炮全没了，空手方获胜。
lesson-cannon-cannons-gone-trap-d5-e6 = “空手不能直接吃土炮。”

lesson-cannon-platforms-title = 占满三座炮台
lesson-cannon-platforms-goal = 占住土炮出发的全部 3 个位置。
lesson-cannon-platforms-step-1 = 你的空手已经站在 b6 和 c6。再走上 d6：3 枚空手同时占住土炮出发的 3 个位置，空手方获胜。

lesson-cannon-last-soldiers-title = 最后的空手
lesson-cannon-last-soldiers-goal = 把最后的空手安全地送上炮台。
lesson-cannon-last-soldiers-step-1 = 空手只剩两枚了。走上 d6，两枚都站在土炮出发的位置上。哪一枚土炮都吃不到它们，不管土炮怎么走，空手方都获胜。

lesson-cannon-all-soldiers-title = 吃光空手
lesson-cannon-all-soldiers-goal = 吃掉最后一枚空手。
lesson-cannon-all-soldiers-step-1 = 只剩一枚空手在 c4，它前面正好一个空位。吃掉它：空手被全部吃光，土炮方获胜。

lesson-cannon-platform-capture-title = 炮台上的空手
lesson-cannon-platform-capture-goal = 吃掉 b6 上的空手。
lesson-cannon-platform-capture-step-1 = 一枚空手占了 b6，那是土炮自己出发的位置。从 d6 沿第一行看，先是一个空位 c6，接着就是这枚空手：吃掉它，土炮方立刻获胜。

lesson-cannon-draw-title = 无路可走：和棋
lesson-cannon-draw-goal = 看看一方走不了时会怎样。
lesson-cannon-draw-step-1 = 把 a4 的土炮往下走到 a3。三枚空手被堵得一步都走不了，而上面那些胜负条件都还没达成：这一局算和棋。
