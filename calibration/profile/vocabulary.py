"""The words word-game pages commonly put on their buttons and in their messages, by meaning
and language: what a drafted profile looks for among the text lines read off a page.

A label found on the page is drafted as read (it is the page's own); a phrase that only shows
later (a refused word, the game's end) cannot be seen on a fresh page, so the common ones are
drafted as guesses the user is told about. Longer, more telling labels come first: the first
that matches a line wins.
"""

from __future__ import annotations

#: Buttons: profile key -> language -> labels.
BUTTONS: dict[str, dict[str, tuple[str, ...]]] = {
    "submit": {
        "ru": ("Сделать ход", "Отправить", "Походить", "Подтвердить", "Готово", "Играть"),
        "uk": ("Зробити хід", "Завершити хід", "Надіслати", "Підтвердити", "Готово"),
        "en": ("Finished Turn", "Make move", "End the turn", "End turn", "Play word", "Submit",
               "Done", "Play"),
    },
    "cancel": {
        "ru": ("Вернуть фишки", "Отмена", "Отменить", "Сбросить", "Очистить"),
        "uk": ("Повернути фішки", "Скасувати", "Очистити"),
        "en": ("Recall", "Take back", "Cancel", "Clear", "Reset"),
    },
    "pass": {
        "ru": ("Пропустить ход", "Пропустить", "Пас"),
        "uk": ("Пропустити хід", "Пропустити"),
        "en": ("Skip turn", "Pass", "Skip"),
    },
    "new-game": {
        "ru": ("Новая игра", "Начать игру", "Начать заново", "Начать"),
        "uk": ("Нова гра", "Почати", "Розпочати"),
        "en": ("New game", "Start new game", "Play again", "Restart", "Start"),
    },
    "exchange": {
        "ru": ("Обмен", "Поменять"),
        "uk": ("Обмін",),
        "en": ("Exchange", "Swap"),
    },
}

#: Page phrases: profile ``texts`` kind -> language -> phrases.
PHRASES: dict[str, dict[str, tuple[str, ...]]] = {
    "turn-ours": {
        "ru": ("Ваш ход", "Твой ход"),
        "uk": ("Ваш хід", "Твій хід"),
        "en": ("Your turn", "Your move"),
    },
    "turn-theirs": {
        "ru": ("Ходит компьютер", "Ход компьютера", "Ход соперника", "Соперник думает"),
        "uk": ("Хід опонента", "Хід суперника", "Хід комп'ютера"),
        "en": ("Computer is thinking", "Opponent's turn", "Computer's turn", "Thinking"),
    },
    "rejected": {
        "ru": ("нет в словаре", "Такого слова нет", "Неизвестное слово", "Недопустимый ход"),
        "uk": ("Слово не знайдено", "немає в словнику", "Недопустимий хід"),
        "en": ("not in the dictionary", "not found in the dictionary", "not found in dictionary",
               "Word not found", "Invalid word", "Invalid move", "Invalid placement",
               "not a valid word"),
    },
    "won": {
        "ru": ("Вы победили", "Вы выиграли", "Победа"),
        "uk": ("Ви перемогли", "Ти переміг", "Перемога"),
        "en": ("You won", "You win", "You have won"),
    },
    "lost": {
        "ru": ("Победил компьютер", "Вы проиграли", "Поражение"),
        "uk": ("Ви програли", "Ти програв", "Поразка"),
        "en": ("Computer won", "Computer wins", "Computer has won", "You lost", "You lose"),
    },
    "drawn": {
        "ru": ("Ничья",),
        "uk": ("Нічия",),
        # (not "Draw" or "Tie" alone: a word the page lists as played is a whole-word match
        # too; our wood page's drafted play ended a game "drawn" 267:358 on the bot's TIE)
        "en": ("It's a draw", "Game drawn", "It's a tie", "Draw game"),
    },
    "over": {
        "ru": ("Игра окончена", "Конец игры"),
        "uk": ("Гру завершено", "Кінець гри", "Переможець"),
        "en": ("Game over", "Final score", "Winner"),
    },
}

#: Phrases a fresh page shows (read there, kept only when read); the rest are guessed.
SEEN_AT_START = ("turn-ours", "turn-theirs")

#: Labels beside the two scores: ours, then theirs.
SCORE_LABELS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "ru": (("Вы", "Игрок 1", "Вами"), ("Компьютер", "Соперник", "Бот", "Игрок 2")),
    "uk": (("Ти", "Ви", "Гравець 1"), ("Бот", "Комп'ютер", "Суперник", "Опонент", "Гравець 2")),
    "en": (("You", "Player 1", "Me"), ("Computer", "Opponent", "Bot", "AI", "Player 2")),
}

#: A menu's button that starts the game (a page that opens on a menu, not on the board).
START: dict[str, dict[str, tuple[str, ...]]] = {
    "start": {
        "ru": ("Начать игру", "Новая игра", "Начать", "Играть", "Старт"),
        "uk": ("Почати гру", "Нова гра", "Почати", "Розпочати", "Грати"),
        "en": ("Start game", "New game", "Start", "Play"),
    },
}

#: Buttons that close a results box or a notice (guessed, optional: clicked only if shown).
DISMISS: dict[str, tuple[str, ...]] = {
    "ru": ("OK", "Закрыть", "Понятно", "Вернуться в меню", "В меню"),
    "uk": ("OK", "Зрозуміло", "Закрити", "Повернутися до меню", "До меню"),
    "en": ("OK", "Got it", "Close", "Return to the menu", "Back to menu"),
}
