"""The disk cache: values round-trip, damaged or stale files are rebuilt, writes are atomic."""

import marshal
import zlib

import pytest

from solvers.words import cache

TRIE = {"К": {"О": {"Т": {"$": "КОТ", "#": 3}, "#": 3}, "#": 3}, "#": 3}


def test_round_trip_keeps_values_and_shared_subtrees(tmp_path):
    shared = {"": True}
    graph = {"A": shared, "B": shared}
    path = cache.store("graph", "v1", (graph, 2, frozenset({"AB"})), tmp_path)
    assert path is not None and path.exists()
    loaded, size, words = cache.load("graph", "v1", tmp_path)
    assert loaded == graph and size == 2 and words == {"AB"}
    assert loaded["A"] is loaded["B"]  # a DAWG stays a DAWG


def test_cached_builds_once_with_one_line_on_stderr(tmp_path, capsys):
    calls = []

    def build():
        calls.append(1)
        return TRIE

    assert cache.cached("trie", "v1", build, "building the test tree", tmp_path) == TRIE
    assert cache.cached("trie", "v1", build, "building the test tree", tmp_path) == TRIE
    assert calls == [1]
    err = capsys.readouterr().err
    assert err.count("building the test tree…") == 1 and err.count("\n") == 1
    assert err.rstrip().endswith(" s")


def test_a_new_key_rebuilds_and_removes_the_old_file(tmp_path):
    cache.store("trie", "v1", TRIE, tmp_path)
    assert cache.load("trie", "v2", tmp_path) is None
    cache.store("trie", "v2", {"#": 0}, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [cache.cache_path("trie", "v2", tmp_path).name]
    cache.store("other", "v1", TRIE, tmp_path)  # another name is left alone
    assert cache.load("trie", "v2", tmp_path) == {"#": 0}


def test_the_key_includes_the_python_and_marshal_versions():
    key = cache.full_key("data-1")
    assert key.startswith("data-1-") and f"m{marshal.version}" in key
    assert f"c{cache.FORMAT_VERSION}" in key


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: data[:-1] + bytes([data[-1] ^ 0xFF]),  # one byte flipped
        lambda data: b"not a cache file at all",
        lambda data: b"",
        lambda data: data.replace(cache.MAGIC, b"x" * len(cache.MAGIC)),
    ],
    ids=["truncated", "flipped", "garbage", "empty", "bad-magic"],
)
def test_a_damaged_file_is_rebuilt(tmp_path, damage, capsys):
    path = cache.store("trie", "v1", TRIE, tmp_path)
    path.write_bytes(damage(path.read_bytes()))
    assert cache.load("trie", "v1", tmp_path) is None
    rebuilt = cache.cached("trie", "v1", lambda: TRIE, "rebuilding", tmp_path)
    assert rebuilt == TRIE and "rebuilding" in capsys.readouterr().err
    assert cache.load("trie", "v1", tmp_path) == TRIE


def test_a_valid_checksum_over_a_bad_payload_is_still_refused(tmp_path):
    path = cache.store("trie", "v1", TRIE, tmp_path)
    data = path.read_bytes()
    payload = b"\xff\xff junk"
    head = data[: len(data) - len(marshal.dumps(TRIE)) - 12]
    path.write_bytes(
        head + len(payload).to_bytes(8, "big") + zlib.crc32(payload).to_bytes(4, "big") + payload
    )
    assert cache.load("trie", "v1", tmp_path) is None


def test_writes_leave_no_temporary_files(tmp_path):
    for version in range(3):
        cache.store("trie", f"v{version}", TRIE, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == [cache.cache_path("trie", "v2", tmp_path).name]


def test_a_folder_that_cannot_be_created_only_costs_the_rebuild(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert cache.store("trie", "v1", TRIE, blocker / "sub") is None
    assert cache.cached("trie", "v1", lambda: TRIE, None, blocker / "sub") == TRIE


def test_cache_dir_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "gamebot"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_dir().parts[-2:] == (".cache", "gamebot")
