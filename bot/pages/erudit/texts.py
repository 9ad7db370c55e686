"""Every text the Erudit page shows, in Russian and English, and the rest of its visual contract.

The server sends the page's language's table with each game (``view["texts"]``) and words its
rejections from it, so the page, the tests and the bot's site profile read the same strings.
Templates take ``{word}``, ``{score}`` and ``{n}``. Premium labels are per theme; ``\\n``
breaks a label into two lines on the square.

What the page looks like (bot/pages/erudit/): the turn line across the top (``your_turn``,
``thinking``; at the end a coloured banner ``won``/``lost``/``draw`` followed by the final
``you : computer`` score); under it the 15x15 board; the score panels ``you`` (left) and
``computer`` (right) level with the turn line, big digits under the label, and under the
computer's panel the bag line (``bag``); each side's words and points listed under its panel.
Under the board: one message line (info in the theme's text colour, rejections in red), the
rack of seven slots (a used slot stays empty), then the buttons ``play``, ``recall``,
``exchange``, ``pass``, ``new`` (while exchanging: ``swap``, ``cancel``, ``new``). A tile is a
square with its letter in upper case and its value in the bottom right corner; a wildcard on
the rack is a star with no value; a wildcard on the board shows its letter in italics, in
another colour (classic red, wood blue), with no value. The computer's last move is a tile
colour of its own (classic yellow, wood green) until its next move; tiles laid this turn have
a frame (classic blue, wood white). Placing a wildcard opens a dialog over the board:
``choose_letter``, the alphabet as buttons (8 columns in Russian, 7 in English), ``cancel``.
"""

from __future__ import annotations

TITLES = {
    "erudit": "gamebot Эрудит",
    "scrabble-ru": "gamebot Скрэббл",
    "scrabble-en": "gamebot Scrabble",
}

TEXTS: dict[str, dict[str, str]] = {
    "ru": {
        "you": "Вы",
        "computer": "Компьютер",
        "your_turn": "Ваш ход",
        "thinking": "Ходит компьютер…",
        "loading": "Загрузка…",
        "error": "Ошибка",
        "bag": "В мешке: {n}",
        "play": "Сделать ход",
        "recall": "Вернуть фишки",
        "exchange": "Обмен",
        "swap": "Обменять",
        "cancel": "Отмена",
        "pass": "Пропустить ход",
        "new": "Новая игра",
        "choose_letter": "Выберите букву",
        "exchange_hint": "Отметьте фишки для обмена и нажмите «Обменять»",
        "exchange_none": "Отметьте хотя бы одну фишку",
        "drag_hint": "Перетащите фишку на поле",
        "click_hint": "Сначала выберите фишку",
        "you_played": "Вы: {word} +{score}",
        "computer_played": "Компьютер: {word} +{score}",
        "you_exchanged": "Вы обменяли фишки: {n}",
        "computer_exchanged": "Компьютер обменял фишки: {n}",
        "you_passed": "Вы пропустили ход",
        "computer_passed": "Компьютер пропустил ход",
        "won": "Вы победили",
        "lost": "Победил компьютер",
        "draw": "Ничья",
        "end_out": "Игра окончена: фишки кончились",
        "end_scoreless": "Игра окончена: шесть ходов подряд без очков",
        "end_passes": "Игра окончена: оба игрока пропустили ход",
        "list_tiles": "фишки на руке",
        "list_exchange": "обмен",
        "list_pass": "пропуск",
        "game_number": "игра {n}",
        "reject_empty": "Сначала поставьте фишки на поле",
        "reject_line": "Фишки должны стоять в одном ряду",
        "reject_gap": "Между фишками не должно быть пустых клеток",
        "reject_centre": "Первое слово должно проходить через центр",
        "reject_touch": "Слово должно касаться фишек на поле",
        "reject_short": "Слово должно быть не короче двух букв",
        "reject_dictionary": "Слова «{word}» нет в словаре",
        "reject_exchange": "Обмен невозможен: в мешке меньше {n} фишек",
        "premium_classic_T": "3×\nслово",
        "premium_classic_D": "2×\nслово",
        "premium_classic_t": "3×\nбуква",
        "premium_classic_d": "2×\nбуква",
        "premium_wood_T": "С×3",
        "premium_wood_D": "С×2",
        "premium_wood_t": "Б×3",
        "premium_wood_d": "Б×2",
    },
    "en": {
        "you": "You",
        "computer": "Computer",
        "your_turn": "Your turn",
        "thinking": "Computer is thinking…",
        "loading": "Loading…",
        "error": "Error",
        "bag": "Tiles left: {n}",
        "play": "Play",
        "recall": "Recall",
        "exchange": "Exchange",
        "swap": "Swap",
        "cancel": "Cancel",
        "pass": "Pass",
        "new": "New game",
        "choose_letter": "Choose a letter",
        "exchange_hint": "Mark the tiles to swap, then press Swap",
        "exchange_none": "Mark at least one tile",
        "drag_hint": "Drag the tile onto the board",
        "click_hint": "Pick a rack tile first",
        "you_played": "You: {word} +{score}",
        "computer_played": "Computer: {word} +{score}",
        "you_exchanged": "You swapped tiles: {n}",
        "computer_exchanged": "Computer swapped tiles: {n}",
        "you_passed": "You passed",
        "computer_passed": "Computer passed",
        "won": "You won",
        "lost": "Computer won",
        "draw": "Draw",
        "end_out": "Game over: out of tiles",
        "end_scoreless": "Game over: six scoreless turns in a row",
        "end_passes": "Game over: both players passed",
        "list_tiles": "tiles on rack",
        "list_exchange": "swap",
        "list_pass": "pass",
        "game_number": "game {n}",
        "reject_empty": "Place tiles on the board first",
        "reject_line": "The tiles must be in one row or column",
        "reject_gap": "No empty squares between the tiles",
        "reject_centre": "The first word must cover the centre square",
        "reject_touch": "The word must touch the tiles on the board",
        "reject_short": "A word needs at least two letters",
        "reject_dictionary": '"{word}" is not in the dictionary',
        "reject_exchange": "Cannot swap: fewer than {n} tiles in the bag",
        "premium_classic_T": "3×\nword",
        "premium_classic_D": "2×\nword",
        "premium_classic_t": "3×\nletter",
        "premium_classic_d": "2×\nletter",
        "premium_wood_T": "TW",
        "premium_wood_D": "DW",
        "premium_wood_t": "TL",
        "premium_wood_d": "DL",
    },
}


def text(lang: str, key: str, **values: object) -> str:
    """One text of the page in ``lang``, its ``{placeholders}`` filled."""
    return TEXTS[lang][key].format(**values)
