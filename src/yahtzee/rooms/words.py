"""The words of the room page (好友房), written into the page with the other terms
(``yahtzee.terms``): the page keeps none of its own. ``{name}``, ``{place}`` and the like are
filled in by the page."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RoomWords:
    title: str = "好友房"
    intro: str = "建一个房间，把链接发给朋友，各用自己的手机一起玩"
    create: str = "创建房间"
    code: str = "房间码"
    copy: str = "复制链接"
    copied: str = "链接已复制，发给朋友吧"
    copy_failed: str = "复制不了，请长按链接自己复制"
    nickname: str = "昵称"
    nickname_hint: str = "朋友们看到的名字"
    nickname_needed: str = "先填一个昵称，朋友们才认得出你"
    join: str = "加入房间"
    join_title: str = "加入好友房 {code}"
    seats: str = "座位"
    owner: str = "房主"
    you: str = "你"
    away: str = "离线"
    stand_in: str = "电脑代打中"
    add_computer: str = "添加电脑"
    start: str = "开始游戏"
    waiting: str = "等房主开始游戏…"
    need_two: str = "至少要两个座位才能开始"
    full: str = "座位已满"
    your_turn: str = "轮到你了"
    their_turn: str = "轮到{name}"
    roll: str = "掷骰子"
    roll_again: str = "再掷 ({used}/{max})"
    rolled: str = "已掷 ({used}/{max})：选一格登记"
    waiting_roll: str = "{name}正在掷骰"
    stood_in: str = "{name}离开太久，普通电脑替他打这一轮"
    returned: str = "{name}回来了"
    reconnecting: str = "连接中断，正在重连…"
    confirm_zero: str = "再点一次「{box}」，确认记 0 分"
    over: str = "本局结束"
    place: str = "第 {place} 名"
    points: str = "{total} 分"
    review: str = "复盘"
    lobby: str = "回大厅"
    loading: str = "正在进入房间…"
    gone: str = "这个房间已经结束或过期了"
    round: str = "第 {round} / {rounds} 回合"
