"""The contract between server and page: typed snapshot models, and the page's terms."""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_game import FixedDice
from yahtzee.codec import to_json
from yahtzee.game import Game, Roll, Score
from yahtzee.rules import BOXES, POSSIBLE_POINTS, Box
from yahtzee.server import create_app
from yahtzee.server.assets import STATIC_DIR, asset_version, first_modules
from yahtzee.server.page_modules import imports_of, read_modules
from yahtzee.snapshot import Snapshot, view_of
from yahtzee.solver import Table
from yahtzee.terms import page_terms
from yahtzee.words import identity_terms, identity_zh, open_boxes_zh


@pytest.fixture(scope="module")
def client(solver_table: Table) -> Iterator[TestClient]:
    with TestClient(create_app(seed=99, table=solver_table)) as test_client:
        yield test_client


def _schema(spec: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    name = ref["$ref"].rsplit("/", 1)[-1]
    schema: dict[str, Any] = spec["components"]["schemas"][name]
    return schema


def test_the_snapshot_is_typed_in_the_api_document(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    for response in ("GameResponse", "HintResponse", "ComputerResponse"):
        view = spec["components"]["schemas"][response]["properties"]["view"]
        snap = _schema(spec, view)
        assert {"phase", "dice", "sides", "result", "joker", "rounds"} <= set(snap["properties"])
        assert "chances" not in snap["required"] and "sides" in snap["required"]
        assert {"current", "sides"} <= set(snap["required"])
    side = spec["components"]["schemas"]["SideView"]
    assert {"boxes", "upper_needed", "name", "player", "hints_left"} <= set(side["properties"])
    box = spec["components"]["schemas"]["BoxView"]
    assert set(box["required"]) == {
        "key", "name", "section", "points", "preview", "allowed", "zero", "confirm"
    }  # fmt: skip


def test_every_reply_matches_its_model(client: TestClient) -> None:
    body = client.post("/api/new", json={"mode": "vs", "difficulty": "expert"}).json()
    view = body["view"]
    assert set(view) <= set(Snapshot.__dataclass_fields__)
    # Optional: the 胜率 once its tables are loaded, the day of a daily challenge.
    assert set(Snapshot.__dataclass_fields__) - set(view) <= {"chances", "daily"}


def test_the_snapshot_is_frozen_and_its_json_plain() -> None:
    game = Game.new().apply(Roll(), FixedDice([4] * 5)).apply(Score(Box.YAHTZEE))
    view = view_of(game)
    with pytest.raises(AttributeError):
        view.round = 5  # type: ignore[misc]
    data = view.to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["held"] == [False] * 5 and "chances" not in data
    assert data["sides"][0]["boxes"][11]["key"] == "yahtzee"


def test_the_terms_come_from_the_rules() -> None:
    terms = page_terms()
    assert [b.key for b in terms.boxes] == list(BOXES)
    assert [b.name for b in terms.boxes][:3] == ["一点", "二点", "三点"]
    notes = {b.key: b.note for b in terms.boxes}
    assert notes[Box.FULL_HOUSE] == "三带二 · 25" and notes[Box.YAHTZEE] == "五颗相同 · 50"
    assert notes[Box.FOURS] == "所有 4 相加"
    sums = {t.key: t.note for t in terms.sums}
    assert sums["upper_subtotal"] == "满 63 奖励 35"
    assert sums["yahtzee_bonus"] == "快艇记 50 后每再出一次 +100"
    assert [(t.key, t.name) for t in terms.levels] == [
        ("beginner", "入门"), ("normal", "普通"), ("expert", "高手")
    ]  # fmt: skip
    assert terms.sides == ("你", "电脑")
    assert (terms.rounds, terms.max_rolls, terms.upper_target, terms.upper_bonus) == (13, 3, 63, 35)
    # 375 in the boxes (with the upper bonus) and twelve Yahtzee bonuses of 100.
    assert terms.max_total == 1575 == sum(max(POSSIBLE_POINTS[b]) for b in BOXES) + 35 + 1200
    assert terms.max_decisions == 39


def test_the_page_and_the_api_carry_the_same_terms(client: TestClient) -> None:
    api = client.get("/api/terms")
    assert api.status_code == 200 and api.headers["content-type"] == "application/json"
    page = client.get("/").text
    found = re.search(r'<script type="application/json" id="terms">(.*?)</script>', page)
    assert found is not None
    assert json.loads(found.group(1).replace("<\\/", "</")) == api.json()
    assert page.index('id="terms"') < page.index("</head>")
    spec = client.get("/api/openapi.json").json()
    terms = spec["paths"]["/api/terms"]["get"]["responses"]["200"]["content"]
    assert _schema(spec, terms["application/json"]["schema"])["title"] == "PageTerms"


def test_the_review_is_typed_in_the_api_document(client: TestClient) -> None:
    spec = client.get("/api/openapi.json").json()
    review = spec["paths"]["/api/review"]["post"]["responses"]["200"]["content"]
    report = _schema(spec, review["application/json"]["schema"])
    assert report["title"] == "ReviewReport"
    assert set(report["required"]) == {"summary", "decisions", "mistakes", "risks"}
    decision = spec["components"]["schemas"]["DecisionView"]
    assert {"open_boxes", "upper_subtotal", "upper_needed", "open_text"} <= set(
        decision["required"]
    )
    assert "win_gain" not in decision["required"] and "options" in decision["required"]
    assert "shown" in spec["components"]["schemas"]["SummaryView"]["required"]


def test_the_identity_terms_are_written_once() -> None:
    terms = identity_terms(254.5877, 31.24, 18.36, 267, 0.0)
    assert (terms.start, terms.luck, terms.loss, terms.risk) == ("254.6", "+31.2", "18.4", None)
    assert terms.gap == "0.4"  # 254.6 + 31.2 − 18.4 = 267.4
    assert identity_zh(254.5877, 31.24, 18.36, 267) == (
        "开局期望 254.6 ＋ 运气 +31.2 − 失误 18.4 ＝ 267（各项已四舍五入，相加与总分差 0.4）"
    )
    risky = identity_terms(254.5877, -3.04, 10.0, 239, 2.55)
    assert (risky.luck, risky.risk, risky.gap) == ("−3.0", "2.5", "0.1")


@pytest.mark.parametrize(
    ("open_boxes", "upper", "text"),
    [
        (list(BOXES), 0, "这时计分表还全空着"),
        (
            [b for b in BOXES if b not in (Box.SIXES, Box.CHANCE)],
            24,
            "这时还空着：一点、二点、三点、四点、五点、三条、四条、葫芦、小顺、大顺、快艇；"
            "上区已得 24 分，离 63 分的奖励线还差 39 分",
        ),
        (
            [b for b in BOXES if b not in (Box.SIXES, Box.CHANCE, Box.FIVES, Box.FOURS)],
            65,
            "这时还空着：一点、二点、三点、三条、四条、葫芦、小顺、大顺、快艇；"
            "上区已得 65 分，35 分奖励已经拿到",
        ),
        ([Box.SMALL_STRAIGHT], 0, "这时还空着：小顺"),
    ],
)
def test_a_decision_says_which_boxes_were_open(
    open_boxes: list[Box], upper: int, text: str
) -> None:
    assert open_boxes_zh(open_boxes, upper) == text


def test_each_decision_of_a_review_carries_its_open_boxes(client: TestClient) -> None:
    game = Game.new()
    dice = FixedDice([6, 6, 6, 6, 6] + [1, 2, 3, 4, 5] * 12)
    for box in [Box.SIXES, *[b for b in BOXES if b is not Box.SIXES]]:
        game = game.apply(Roll(), dice).apply(Score(box))
    body = client.post("/api/review", json={"game": to_json(game)}).json()
    first, second, last = body["decisions"][0], body["decisions"][1], body["decisions"][-1]
    assert first["open_boxes"] == [b.value for b in BOXES] and first["upper_needed"] == 63
    assert first["open_text"] == "这时计分表还全空着"
    assert second["upper_subtotal"] == 30 and second["upper_needed"] == 33
    assert second["open_text"].startswith("这时还空着：一点、二点、三点、四点、五点、三条")
    assert last["open_boxes"] == ["chance"] and last["open_text"] == "这时还空着：机会"


def test_the_page_preloads_the_modules_of_its_first_load(client: TestClient) -> None:
    page = client.get("/").text
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/\w+/js/([\w./-]+\.js)">', page)
    assert preloaded == first_modules() and preloaded[0] == "main.js"
    assert {"game/controller.js", "lib/terms.js", "lib/dom.js", "ui/view.js", "ui/sheet.js"} <= set(
        preloaded
    )
    # What loads on first use stays out: the review, a practice round.
    lazy = {"review/review.js", "review/review-view.js", "practice/practice-round.js"}
    lazy.add("lib/chart.js")
    assert not lazy & set(preloaded)
    for name in preloaded:
        assert client.get(f"/static/js/{name}").status_code == 200


def _static_closure(modules: dict[str, str], name: str, seen: set[str]) -> set[str]:
    """``name`` and every module it imports statically, found depth first (first_load goes
    breadth first: two walks that must meet)."""
    if name not in seen:
        seen.add(name)
        for dep in imports_of(name, modules[name]).static:
            _static_closure(modules, dep, seen)
    return seen


def test_the_preload_list_is_main_js_and_its_static_imports_in_every_folder() -> None:
    modules = read_modules()
    closure = _static_closure(modules, "main.js", set())
    assert set(first_modules()) == closure
    assert len(first_modules()) == len(closure)  # each once
    assert {posixpath.dirname(name) for name in closure} >= {"game", "ui", "lib"}


def test_a_module_moved_into_a_subfolder_is_still_preloaded(tmp_path: Path) -> None:
    js = tmp_path / "js"
    (js / "a" / "b").mkdir(parents=True)
    (js / "main.js").write_text('import { x } from "./a/one.js";\nimport("./lazy.js");\n')
    (js / "a" / "one.js").write_text('export {\n  y,\n} from "./b/two.js";\nexport const x = 1;\n')
    (js / "a" / "b" / "two.js").write_text('import "../../lib.js"; // from "./not-this.js"\n')
    (js / "lib.js").write_text("export const y = 2;\n")
    (js / "lazy.js").write_text("")
    assert first_modules(tmp_path) == ["main.js", "a/one.js", "a/b/two.js", "lib.js"]


def test_every_static_file_is_versioned_and_served(client: TestClient) -> None:
    page = client.get("/").text
    version = re.search(r'"/static/([0-9a-f]{12})/js/main\.js"', page)
    assert version is not None and version.group(1) == asset_version()
    files = sorted(p for p in STATIC_DIR.rglob("*") if p.is_file())
    assert any(p.parent.parent.name == "js" for p in files)  # modules inside subfolders
    for path in files:
        name = path.relative_to(STATIC_DIR).as_posix()
        for url in (f"/static/{version.group(1)}/{name}", f"/static/{name}"):
            answer = client.get(url)
            assert answer.status_code == 200, url
            assert answer.content == path.read_bytes(), url
    # The service worker is this release's: it names the version the page's URLs carry.
    worker = client.get("/sw.js").text
    assert f'const VERSION = "{version.group(1)}";' in worker


def test_the_terms_explain_every_box_and_the_review_figures() -> None:
    terms = page_terms()
    rules = {g.key: g.text for g in terms.box_rules}
    assert list(rules)[:13] == [b.value for b in BOXES]
    assert list(rules)[13:] == ["upper_bonus", "yahtzee_bonus"]
    assert rules["full_house"] == "葫芦：三颗相同加一对，25 分"
    assert rules["small_straight"] == "小顺：四颗连号（1234、2345 或 3456），30 分"
    assert rules["large_straight"] == "大顺：五颗连号（12345 或 23456），40 分"
    assert rules["three_of_a_kind"] == "三条：至少三颗相同，得五颗总和"
    assert rules["yahtzee"] == "快艇：五颗相同，50 分"
    assert rules["sixes"] == "六点：点数为 6 的骰子相加，最多 30 分"
    assert rules["upper_bonus"] == "上区奖励：一点到六点合计满 63 分，再加 35 分"
    assert rules["yahtzee_bonus"].startswith("快艇加成：「快艇」记了 50 分后，每再掷出一次")
    for gloss in (*terms.box_rules, *terms.glossary):
        # One line that names its word first: 「名：…」.
        assert gloss.text.startswith(gloss.name + "：") and "\n" not in gloss.text
    names = {g.key: g.name for g in terms.glossary}
    assert names == {
        "expected": "期望总分",
        "luck": "运气",
        "loss": "失误",
        "average_loss": "平均每步失误",
        "same_dice": "高手同骰",
        "risk": "求胜取舍",
        "without_luck": "去掉运气的得分",
    }


def test_the_terms_walk_a_newcomer_through_a_turn() -> None:
    steps = page_terms().tour
    assert [step.key for step in steps] == ["roll", "hold", "score", "upper_bonus"]
    assert "最多掷 3 次" in steps[0].text and "13 格" in steps[2].text
    assert "满 63 分，再奖励 35 分" in steps[3].text
    # About half a minute of reading: a few hundred characters in all.
    assert sum(len(step.text) for step in steps) < 300


def test_the_terms_endpoint_carries_the_rules_and_the_glossary(client: TestClient) -> None:
    body = client.get("/api/terms").json()
    assert body["box_rules"][8] == {
        "key": "full_house",
        "name": "葫芦",
        "text": "葫芦：三颗相同加一对，25 分",
    }
    assert [g["key"] for g in body["glossary"]][:3] == ["expected", "luck", "loss"]
    spec = client.get("/api/openapi.json").json()
    gloss = spec["components"]["schemas"]["Gloss"]
    assert set(gloss["required"]) == {"key", "name", "text"}
