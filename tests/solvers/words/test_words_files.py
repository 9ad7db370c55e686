"""Word files: the documented format, and errors that name file, line and characters."""

import pytest

from solvers.words import RUSSIAN_ALPHABET, WordListError, english_words, load_word_file


def write(tmp_path, data: bytes):
    path = tmp_path / "words.txt"
    path.write_bytes(data)
    return path


def test_reads_words_uppercases_and_folds_yo(tmp_path):
    path = write(tmp_path, "\ufeffёж\n  Стол  \n\n# a comment\nЕЖ\r\nкот".encode())
    assert load_word_file(path) == frozenset({"ЕЖ", "СТОЛ", "КОТ"})


def test_alphabet_restricts_letters_and_names_the_line(tmp_path):
    path = write(tmp_path, "кот\ndog\n".encode())
    assert load_word_file(path) == frozenset({"КОТ", "DOG"})
    with pytest.raises(WordListError) as info:
        load_word_file(path, RUSSIAN_ALPHABET)
    message = str(info.value)
    assert f"{path}:2:" in message
    assert "'D'" in message and "'O'" in message and "'G'" in message


def test_non_letters_are_reported(tmp_path):
    path = write(tmp_path, "кот\nкресло-качалка\nдва слова\n".encode())
    with pytest.raises(WordListError, match=r":2: .*'-'"):
        load_word_file(path)
    path = write(tmp_path, "два слова\n".encode())
    with pytest.raises(WordListError, match=r":1: .*U\+0020"):
        load_word_file(path)


def test_bad_encoding_names_line_and_byte(tmp_path):
    path = write(tmp_path, "кот\n".encode() + "пёс".encode("cp1251") + b"\n")
    with pytest.raises(WordListError, match=r":2: not UTF-8 text \(byte 0xef at column 1\)"):
        load_word_file(path)


def test_empty_and_missing_files(tmp_path):
    with pytest.raises(WordListError, match="no words"):
        load_word_file(write(tmp_path, b"# nothing\n\n"))
    with pytest.raises(WordListError, match="cannot read"):
        load_word_file(tmp_path / "absent.txt")


def test_word_list_error_is_a_value_error():
    assert issubclass(WordListError, ValueError)


def test_english_enable_list():
    words = english_words()
    assert len(words) == 172_820
    assert {"AARDVARK", "QAT", "ZYZZYVA"} <= words
    assert all(word.isupper() and word.isalpha() for word in words)
