# 应用自身的文字（规则文字在 rules.ftl，由种子文件生成）。

app-title = Qipan · 棋盘
heading-games = 棋种
heading-settings = 对局设置
heading-moves = 棋谱
heading-rules = 规则
tab-play = 对局
board-label = 棋盘
rules-overview = 概览

setting-language = 语言
lang-en = English
lang-zh = 中文
setting-difficulty = 难度
level-easy = 简单
level-medium = 中等
level-hard = 困难
level-master = 大师
setting-side = 你执
side-first = 先手（黑方）
side-second = 后手（白方）
side-dark = 黑方
side-light = 白方
side-cannons = 土炮
side-soldiers = 空手
push-first-note = 本局{ $side }先走；每局轮流先手。
setting-two-players = 双人同屏（不用电脑）
setting-solidarity = 团结机制（困阻棋）

action-new = 新对局
action-undo = 悔棋
action-redo = 重做
action-save = 保存
action-load = 读取
action-resume = 从这里接着下
save-path = 文件
move-start = 开局
move-skip = （超时）
reviewing = 正在回看棋谱：计时已暂停。

turn-you = 轮到你走（{ $side }）
turn-computer = 电脑（{ $side }）思考中…
turn-side = 轮到{ $side }走
timer-seconds = { $seconds } 秒
timeout-skipped = 时间到：{ $side }这一手被跳过。
game-over = 对局结束
game-over-win = { $side }获胜
game-over-draw = 和棋

reason-no-move = { $side }已无棋可走。
reason-draw-no-move = { $side }无棋可走，且未达成其他胜负条件：和棋。
reason-pushed-six = { $side }已有 6 枚棋子被推出棋盘。
reason-two-left = { $side }只剩两枚棋子。
reason-cannons-gone = 3 枚土炮已全部被拿掉。
reason-platforms = 空手同时占满了 3 座炮台。
reason-last-soldiers = 最后的空手走上了炮台，且没有被土炮吃掉。
reason-soldiers-gone = 空手已被全部吃光。
reason-platform-capture = 土炮吃掉了一枚站在炮台上的空手。
reason-resigned = { $side }认输。

push-count = 推出场外：黑方 { $x } 颗 · 白方 { $o } 颗（先推 6 颗获胜）
push-pass = { $side }无子可动：这一手跳过。
push-stuck = 双方都走不了。
maddell-hand = 手中棋子：黑方 { $x } · 白方 { $o }
maddell-take = 成「直」了！选一枚对方棋子拿掉。
sc-shared-movable = 双城：双方都能动它。
sc-shared-locked = 锁定：上一手刚动过双城，这一手不能动任何双城。
sc-shared-blocked = 走不动：它旁边没有空棋点。

saved = 已把对局保存到 { $path }。
loaded = 已从 { $path } 读取对局。
err-io = 无法使用文件 { $path }：{ $error }
err-json = 这不是可读取的存档：{ $error }
err-not-save = 这个文件不是 Qipan 的对局存档。
err-version = 这个存档的版本是 { $version }，当前版本的 Qipan 读不了。
err-game = 存档里的棋种不认识：{ $game }
err-human = 存档里的执子方不认识：{ $human }
err-start = 存档里的开局局面“{ $position }”不是这个棋种的有效局面。
err-move-malformed = 第 { $number } 手（“{ $move }”）不是这个棋种的记谱写法。
err-move-illegal = 第 { $number } 手（“{ $move }”）在那个局面下不合规则。
err-after-end = 第 { $number } 手出现在对局结束之后。
err-cursor = 存档里的棋谱位置超出了最后一手。
err-serialize = 无法写出这盘棋：{ $error }
engine-error = 电脑无法给出着法：{ $error }

# 浏览器版（src/ui/storage_web.rs）。
page-title = { $game } · { $app }
saved-web = 已把对局下载为 { $path }。
save-web-note = 在浏览器里，“保存”会把对局下载为这个文件名，“读取”会打开你选择的文件。
confirm-new = 开始新对局？这一局的棋步将会丢失。
confirm-new-yes = 是，重新开始
confirm-new-no = 继续下棋
err-restore = 无法恢复上次的对局，已开始新对局。（{ $error }）
point-label = { $name }，{ $what }
point-label-action = { $name }，{ $what }，{ $action }
piece-dark = 黑子
piece-light = 白子
piece-cannon = 土炮
piece-soldier = 空手
piece-shared = 双城
point-empty = 空
act-select = 可走
act-selected = 已选
act-step = 走到这里
act-place = 放在这里
act-capture = 吃这里的子
act-take = 提走这枚棋子
act-push = 可被推
keys-heading = 键盘
keys-arrows = ← ↑ → ↓
keys-arrows-what = 在棋盘的棋点之间移动
keys-enter = Enter、空格
keys-enter-what = 点选光圈里的棋点
keys-escape = Esc
keys-escape-what = 取消所选
keys-undo = Ctrl+Z
keys-redo = Ctrl+Y、Ctrl+Shift+Z
keys-new = N
keys-help = F1
computer-moved = 电脑（{ $side }）走了 { $move }。
engine-retry = 让电脑再想一次
engine-hot-seat = 双方都由你来下

# “关于”一行：绘制窗口所用的渲染器（src/renderer.rs 的 renderer_in_use()）。
about-renderer = 渲染器：{ $renderer }

# 教练（src/ui/coach.rs）。局面评估："黑方 +1.3"（领先的子力），"黑方 7 步内获胜"（双方最佳应对下到终局的步数），"和棋"。
setting-coach = 教练
coach-off = 关闭
coach-hints = 仅提示
coach-full = 全部
action-hint = 提示
keys-hint = H
hint-thinking = 正在寻找最佳着法…
hint-move = 提示：{ $move }（{ $score }）
eval-ahead = { $side } { $pieces }
eval-wins-in = { $side } { $plies ->
    [0] 已获胜
   *[other] { $plies } 步内获胜
}
eval-draw = 双方最佳应对下为和棋
eval-thinking = 正在评估…
eval-bar = 局面评估：{ $value }
label-best = 最佳
label-good = 好棋
label-inaccuracy = 缓着
label-mistake = 失误
label-blunder = 败着
alert-loss = { $label }：{ $move } 损失 { $pieces } 子。{ $best } 更好。
alert-threw-win = { $label }：{ $move } 葬送了胜局。{ $best } 可保持胜势。
alert-threw-draw = { $label }：{ $move } 把和局下成了败局。{ $best } 可守和。
alert-into-loss = { $label }：{ $move } 走进了必败局面。{ $best } 更好。
alert-undo = 悔棋
alert-dismiss = 继续下
action-review = 复盘
heading-review = 复盘
review-none = 教练可以逐步复盘这盘棋，指出形势在哪里发生了转折。
review-running = 正在复盘…… { $percent }%
review-stop = 停止
review-again = 重新复盘（对局已继续）
review-close = 关闭复盘
review-chart = 全局形势曲线（以{ $side }视角，单位：子）
review-better = 更好：{ $move }
board-suggested = 教练推荐：{ $move }。
board-played = 实战：{ $move }。

# 三角直棋的解算表（src/ui/perfect_play.rs）：后台准备时与就绪后状态栏的提示。
perfect-loading = 完美着法：正在读取解算表…
perfect-building = 完美着法：正在解算本棋… { $percent }%
perfect-ready = 完美着法已就绪
perfect-ready-unsaved = 完美着法已就绪（未能保存，下次将重新解算：{ $error }）
perfect-failed = 无法启用完美着法：{ $error }。电脑改用搜索。

# 和朋友在线对弈（src/ui/online.rs）。
online-heading = 和朋友对弈
online-intro = 和另一台设备上的朋友下棋盘上的这盘棋：创建房间并把链接发给对方，或输入对方的房间号加入。
online-side = 你执
online-side-random = 随机
online-server = 服务器
online-create = 创建对局
online-join-code = 房间号
online-join = 加入
online-room = 房间 { $room }
online-link-copy = 复制链接
online-share = 分享…
online-copied = 已复制链接
online-qr = 房间链接的二维码
online-off-note = 在线对局不能悔棋，也没有提示和教练。
online-resign = 认输
online-rematch = 再来一局
online-leave = 离开
online-you-play = 你执{ $side }
online-spectating = 观战中
online-connecting = 正在连接…
online-reconnecting = 连接中断，{ $seconds } 秒后重试
online-waiting = 等待朋友加入：把链接发给对方
online-friend-here = 朋友已在线
online-friend-left = 朋友已离开，计时照常进行
online-refused = 服务器拒绝：{ $reason }
# 服务器错误码的含义（shared/spec/online.md）；未知的错误码照原样显示。
online-error-no-such-room = 没有这个房间号
online-error-bad-token = 这台设备在该房间里没有座位
online-error-not-your-turn = 还没轮到你
online-error-illegal-move = 这步棋不合规则
online-error-stale = 对局已有新进展，棋盘已更新
online-error-game-over = 对局已结束
online-error-rate-limited = 消息太频繁，请稍等
online-error-too-large = 消息太长
online-error-malformed = 服务器看不懂本应用的消息
online-error-unknown-game = 服务器不认识这个棋种
online-error-unavailable = 服务器暂时无法保存对局，请重试
online-unreadable = 无法读取服务器上的对局：{ $error }

## Puzzles
puzzles-heading = 习题
puzzles-intro = 找出那一步：本棋的局面中，只有一步能赢。
puzzles-not-online = 和朋友的对局结束后才能做习题。
puzzle-next = 下一题
puzzle-daily = 每日一题
puzzle-daily-label = 每日一题
puzzle-skip = 换一题
puzzle-restart = 重新开始
puzzle-hint = 显示正解
puzzle-hint-move = 正解：{ $move }
puzzle-leave = 回到对局
puzzle-prompt-win = { $side }走，{ $moves }步取胜
puzzle-prompt-gain = { $side }走，吃掉{ $pieces }子
puzzle-prompt-push-off = { $side }走：找出推下{ $pieces }颗棋子的那一推
puzzle-prompt-capture = { $side }走：找出吃掉{ $pieces }个兵的那一步
puzzle-prompt-boxed = { $side }走：找出困死一门炮的那一步
puzzle-about = 题目等级分 { $difficulty } · { $theme }
puzzle-your-move = 该你走了。
puzzle-try-again = 不是这一步，已撤回。再试一次，或查看正解。
puzzle-right = 正确！对方应着……
puzzle-wrong = 不是这一步。
puzzle-solved = 解出！
puzzle-solved-after = 解出（走错过一次）。
puzzle-rating = 你的习题等级分：{ $rating } ± { $deviation } · 解出 { $solved }，失败 { $failed }
puzzle-theme-mill = 成三
puzzle-theme-push-off = 推出棋盘
puzzle-theme-capture = 吃子
puzzle-theme-boxed = 困住炮
puzzle-theme-platform = 占领炮台
puzzle-theme-blockade = 封锁
puzzle-theme-exact = 精确取胜
puzzle-theme-other = 制胜一步

## Statistics
stats-heading = 统计
stats-computer-rating = 你对电脑的等级分：{ $rating } ± { $deviation }
stats-suggested = 建议难度：{ $level }
stats-try-level = 用这个难度下
stats-level = 难度
stats-level-rating = 等级分
stats-games = 局数
stats-wins = 胜
stats-draws = 和
stats-losses = 负
stats-chart = 每次结果后的等级分
stats-chart-computer = 对电脑
stats-chart-puzzles = 习题
stats-no-history = 和电脑下完一局或做完一道习题后，这里会显示你的等级分。

## Links
link-opened = 链接中的对局已摆上棋盘。
link-error = 无法打开此链接：{ $reason }。你的对局没有改变。
link-err-game = 它指向未知的棋种“{ $game }”
link-err-position = “{ $position }”不是本棋的局面
link-err-move-malformed = 其中第 { $number } 步“{ $move }”不是本棋的走法
link-err-move-illegal = 其中第 { $number } 步“{ $move }”在该局面下不合规则
link-err-after-end = 其中第 { $number } 步在对局结束之后
link-err-ply = “{ $ply }”不是其棋谱中的一步
link-replace = 用链接中的对局替换你正在下的这盘吗？
link-replace-yes = 替换
link-replace-no = 保留我的
action-copy-link = 复制链接
link-copied = 链接已复制：
