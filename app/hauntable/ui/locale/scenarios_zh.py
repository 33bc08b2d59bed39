# ruff: noqa: RUF001  (a catalog of natural-language text: its punctuation and letters are meant)
"""Our own scenarios' names and goals (``haunts/h*.py``) in Simplified Chinese, shown in the translated
hand-off.

Keyed by haunt number; a test checks every scenario has all three and that each keeps the English
numbers. Room and token names stay as printed.
"""

SCENARIO_TEXT: dict[int, dict[str, str]] = {
    1: {
        "name": "被缚之灵",
        "heroes": "在第 9 轮开始前烧掉 3 个 Bone 标记（在骨头所在房间：知识 4+，任务检定）。",
        "traitor": (
            "你立即死亡；你的灵魂积聚恐惧：每当它惊吓英雄（在有英雄的房间执行灵魂行动，理智 4+ 可抵抗），"
            "恐惧就增加。恐惧达到玩家人数的两倍时获胜，或第 9 轮开始时仍有未烧掉的骨头时获胜。"
        ),
    },
    4: {
        "name": "爬行大军",
        "heroes": (
            "封锁没有清醒爬行者的房间（力量 4+，任务检定）；封锁房间数达到玩家人数减一时获胜。"
            "爬行者不能进入被封锁的房间。"
        ),
        "traitor": (
            "你的爬行者（比玩家多一个）抓住遇到的英雄（速度 4+ 可挣脱，每个爬行者回合一次）；"
            "抓住的次数达到玩家人数时获胜，或第 10 轮开始时获胜。"
        ),
    },
    6: {
        "name": "地下的野兽",
        "heroes": "束缚野兽：3 条锁链（在它的房间，力量 5+，任务检定）或在战斗中将它击晕，每次计一。",
        "traitor": (
            "野兽（力量 8，速度 3，理智 4）每回合对同房间的英雄咆哮一次（每人理智 3+ 可坚持）；"
            "咆哮击溃英雄的次数达到玩家人数时获胜，或第 10 轮开始时获胜。"
        ),
    },
    12: {
        "name": "饥饿之屋",
        "heroes": "在第 11 轮开始前把 3 个 Candle 标记带到 Entrance Hall（在其房间拾起，在大厅放下）。",
        "traitor": "（房屋）阴影使遇到的英雄发冷；第 11 轮开始时房屋获胜。",
    },
    13: {
        "name": "驱魔",
        "heroes": (
            "在仪式房间（Pentagram Chamber，或作祟开始的房间）以理智或知识 5+ 作为任务检定；"
            "成功次数达到玩家人数的一半加一时获胜。"
        ),
        "traitor": (
            "你的恶魔在屋中游荡。在仪式房间，知识 4+（你的任务检定）可抵消一次成功；第 9 轮开始时获胜。"
        ),
    },
    21: {
        "name": "上锁的门",
        "heroes": (
            "拿到钥匙，打开 Entrance Hall 的前门并从那里逃脱：两名英雄逃脱时获胜"
            "（若活着的英雄不足两名，则全部逃脱）。"
        ),
        "traitor": (
            "两只猎犬追逐钥匙：与持钥匙者同处的猎犬迫使其进行速度 4+ 检定，失败则掉落钥匙。"
            "第 12 轮开始或没有英雄存活时获胜。"
        ),
    },
    34: {
        "name": "我们之中的陌生人",
        "heroes": (
            "揭露叛徒：指控你房间里的一名探险者（知识 4+，任务检定）以查看其标记；揭露标记 1 即获胜。"
            "叛徒现身后，在其所在房间将其放逐（理智 5+）即获胜。"
        ),
        "traitor": "隐藏到第 8 轮开始，或现身并在作祟开始的房间召唤 2 次（知识 4+，任务检定）。",
    },
    37: {
        "name": "上涨的洪水",
        "heroes": (
            "关闭 Basement Landing 的水闸：以力量或速度 5+ 作为任务检定，两次。"
            "在被淹的房间里每回合最多移动 2 个房间。"
        ),
        "traitor": "地下室已被淹没；第 5 轮开始时一楼被淹。你可自由游动。第 9 轮开始时获胜。",
    },
}
