"""Learn a program's look while playing: new looks as they appear, names from the game's logic.

The reader refuses a cell that fits no look of its skin. Here such cells are grouped into new
looks (:func:`vision.minesweeper.looks.add_looks`) and every settled frame the bot accepts is given,
as
look indices with the moves that led to it, to :class:`calibration.minesweeper.names.Naming`, which
keeps for every look only the names under which all the frames stay a possible game. A look with one
name left joins the skin under that name; a look whose every remaining name is a number reads
as an opened cell of unknown number (``_``: safe, unconstraining), so play goes on until the
rules name it (at the latest when a game ends: a lost board shows every mine, a won one leaves
only mines covered, and either fixes every number). Tesseract and colours name nothing.

While the skin has looks not yet named, every accepted frame is observed; once it has none the
learner is idle until a frame is refused, and then starts from the last board the loop trusted.
A frame the rules cannot fit (two glyphs taken for one look, a dialog over the board) is
refused, and is left to the loop's misread handling as if learning did not exist.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bot.errors import GamebotError
from bot.run.game import LearnedGlyph, LearnRefused
from calibration.minesweeper.names import Contradiction, Naming
from solvers.minesweeper.moves import Move
from solvers.minesweeper.state import CELL_CHARS, Board
from vision.core.frame import Frame
from vision.minesweeper.looks import (
    FAMILY_RADIUS,
    FRESH_SPREAD,
    add_looks,
    distances,
    fresh,
    look_indices,
    unlike_pairs,
)
from vision.minesweeper.skin import MANIFEST, NAMEABLE, Skin, save_skin

if TYPE_CHECKING:
    from bot.games.minesweeper.skin_copies import SkinCopies
    from vision.minesweeper.reader import BoardLocation

#: At most this many new looks come from one frame: more is not new glyphs appearing but a
#: frame gone wrong (a dialog over the board, the wrong skin). Programs that let a background
#: show through opened cells (kmines) draw one glyph in a few looks across the board.
MAX_NEW_LOOKS = 32
#: Rounds of taking in cells still refused once the new looks are in.
JOIN_ROUNDS = 6


#: What :meth:`GlyphLearning.observe` puts back when a frame is refused.
_State = tuple[Skin | None, list[int], dict[str, int],
               dict[int, tuple[str, tuple[np.ndarray, ...]]], list[str], tuple[object, ...]]

MOVES_KEPT = 2000  # moves remembered for the next observed frame (one game has a few hundred)


class GlyphLearning:
    """Learning during one session: the skin as it grows, its names, and where it is kept.

    ``into`` None keeps the learned skin in memory only; a folder saves it there whenever a
    look is added or named, so a stop or a crash loses nothing. ``name`` is the grown skin's
    name (default: the folder's, else ``<skin>-learned``). ``copies`` keeps a numbered copy of
    every change in a recording (:mod:`bot.games.minesweeper.skin_copies`), for replay.
    """

    def __init__(self, into: Path | None = None, name: str | None = None,
                 auto_opens: bool = False, copies: SkinCopies | None = None) -> None:
        self.into = into
        self.copies = copies
        self.name = name or (into.name if into is not None else None)
        self.auto_opens = auto_opens
        self.learned: list[LearnedGlyph] = []
        self.refuted_mines: int | None = None  # a total a frame showed to be none
        self.withdrawn: list[str] = []  # names a finished board showed wrong (then taken back)
        self._named: dict[int, tuple[str, tuple[np.ndarray, ...]]] = {}  # named this session
        self.skin: Skin | None = None
        self.naming: Naming | None = None
        self._char_id: dict[str, int] = {}
        self._unnamed_ids: list[int] = []
        self._moves: list[Move] = []
        self._last: np.ndarray | None = None  # pixels of the last frame observed
        if into is not None:
            check_learn_into(into)

    # --- state --------------------------------------------------------------------------------
    def start(self, skin: Skin, mines: int | None) -> None:
        """Take ``skin`` (its named looks and the names its unnamed ones may still have)."""
        self.naming = Naming(mines, self.auto_opens)
        self._char_id = {}
        self._unnamed_ids = [self.naming.add_look(c) for c in skin.unnamed_candidates]
        if self.name is None:
            self.name = skin.name if skin.name.endswith("-learned") else f"{skin.name}-learned"
        self.skin = skin if skin.name == self.name else replace(skin, name=self.name, path=None)
        self._moves = []
        self._last = None

    @property
    def active(self) -> bool:
        """Frames are being observed: the skin has looks whose names are not known yet."""
        return self.skin is not None and bool(self.skin.unnamed)

    def new_game(self, fresh: bool = True) -> None:
        if self.naming is not None:
            self.naming.new_game(fresh)
        self._moves = []
        self._last = None

    def sent(self, moves: list[Move]) -> None:
        """Moves sent since the last frame observed (the next frame's transition). A learner
        with nothing left to learn observes no frame, so only the last ``MOVES_KEPT`` are
        kept: far more than one frame's transition, and a night of games keeps no more."""
        self._moves += moves
        if len(self._moves) > MOVES_KEPT:
            del self._moves[:-MOVES_KEPT]

    def _keep(self) -> None:
        """The skin changed: save it where it is kept, and a copy in the recording."""
        assert self.skin is not None
        if self.into is not None:
            save_atomically(self.skin, self.into)
        if self.copies is not None:
            self.copies.save(self.skin)

    # --- frames -------------------------------------------------------------------------------
    def _ids(self, skin: Skin) -> np.ndarray:
        """Naming look id of every look index of :func:`vision.minesweeper.looks.look_indices`."""
        assert self.naming is not None
        out = []
        for ch in skin.chars:
            if ch not in self._char_id:
                self._char_id[ch] = self.naming.add_look(ch)
            out.append(self._char_id[ch])
        return np.asarray(out + self._unnamed_ids, np.int64)

    def observe(self, frame: Frame, location: BoardLocation, first: bool = False,
                previous: Board | None = None) -> list[LearnedGlyph]:
        """Add a settled frame: new looks for refused cells, then every name the frames fix.

        ``first``: the frame is a game's first (a fresh board). ``previous``: the last board
        the loop trusted, used when the learner was idle and has no frame of this game yet.
        Raises :class:`LearnRefused`, and keeps its state as it was, when the frame cannot be
        fitted or when it would leave a cell that cannot be read (a look that may still be
        covered, a flag or a mine as well as a number).
        """
        if self.skin is None or self.naming is None:
            raise LearnRefused("learning has not started (no skin)")
        if self._last is not None and not first and np.array_equal(self._last, frame.pixels):
            return []
        state: _State = (self.skin, list(self._unnamed_ids), dict(self._char_id),
                         dict(self._named), list(self.withdrawn), self.naming.snapshot())
        try:
            return self._observe(frame, location, first, previous)
        except LearnRefused:
            self._restore(state)
            total = self.naming.mines
            if total is None:
                raise
        # A frame no naming fits under the game's mine total may be one that fits none
        # (a dialog over the board), or the total may be wrong (a timer read as the counter):
        # without it, a frame that fits shows the total to be no total.
        self.naming.mines = None
        try:
            learned = self._observe(frame, location, first, previous)
        except LearnRefused:
            self._restore(state)
            self.naming.mines = total
            raise
        shown = self._mines_of_a_loss(frame, location)
        if shown is not None and shown <= total:
            # A lost board showing fewer mines than the total is one caught while they go off
            # (the Windows 7 look, on a loaded machine): no evidence against the total (more
            # mines shown than it says would be), so the frame is not taken.
            self._restore(state)
            self.naming.mines = total
            raise LearnRefused(f"a lost board with {shown} of {total} mines shown (they are"
                               " going off): looked at again")
        self.refuted_mines = total
        return learned

    def _mines_of_a_loss(self, frame: Frame, location: BoardLocation) -> int | None:
        """The mines (the one that went off, the others, the flags) the frame shows, read with
        the names as they are now, if it shows the mine that went off; else None."""
        assert self.skin is not None and self.naming is not None
        idx = look_indices(frame.pixels, location.grid, self.skin)
        looks = self._ids(self.skin)[np.maximum(idx, 0)][idx >= 0]
        names = [self.naming.name(int(look)) for look in looks]
        if "X" not in names:
            return None
        return sum(name in ("X", "*", "F") for name in names)

    def _restore(self, state: _State) -> None:
        assert self.naming is not None
        skin, unnamed, char_id, named, withdrawn, saved = state
        # copies: the state may be restored twice (a retry without the mine total)
        self.skin, self._unnamed_ids, self._char_id = skin, list(unnamed), dict(char_id)
        self._named, self.withdrawn = dict(named), list(withdrawn)
        self.naming.restore(saved)

    def set_mines(self, mines: int) -> None:
        """The game's mine total for the naming, unless a frame showed it to be none."""
        if self.naming is not None and mines != self.refuted_mines:
            self.naming.mines = mines

    def _observe(self, frame: Frame, location: BoardLocation, first: bool,
                 previous: Board | None) -> list[LearnedGlyph]:
        assert self.skin is not None and self.naming is not None
        skin = self.skin
        grid = location.grid
        idx = look_indices(frame.pixels, grid, skin)
        refused = [(int(r), int(c)) for r, c in np.argwhere(idx < 0)]
        total = 0
        for radius in (None, *((0.0,) * JOIN_ROUNDS)):  # alike cells as one look; then any
            if not refused:  # left (a new variant can leave a cell between two looks) alone
                break
            skin, added = add_looks(skin, frame, grid, refused, radius)
            total += added
            if total > MAX_NEW_LOOKS:
                raise LearnRefused(f"{total} new looks in one frame (at most {MAX_NEW_LOOKS}):"
                                   " not a settled picture of the board")
            self._unnamed_ids += [self.naming.add_look(NAMEABLE) for _ in range(added)]
            skin = self._absorb(skin)
            self._mark_covered_alike(skin)
            idx = look_indices(frame.pixels, grid, skin)
            refused = [(int(r), int(c)) for r, c in np.argwhere(idx < 0)]
        if refused:
            r, c = refused[0]
            raise LearnRefused(f"cell ({r}, {c}) fits none of the looks grouped from it")
        if first and not self.auto_opens and not fresh(skin, idx):
            raise LearnRefused("the board after a new game does not show alike covered cells")
        ids = self._ids(skin)
        looks = ids[idx]
        if first and self.auto_opens:  # covered cells of a fresh board are drawn alike
            self.naming.unlike |= {(int(ids[a]), int(ids[b])) for a, b in unlike_pairs(skin, idx)}
        if first:
            self.naming.new_game(True)
        elif not self.naming.in_game():
            self.naming.new_game(False)
            if previous is not None:
                self._observe_board(previous)
        try:
            self.naming.observe(looks, self._moves)
        except Contradiction as exc:
            wrong = self.naming.misnamed(looks)
            if not wrong:
                raise LearnRefused(f"no naming of the looks fits this frame: {exc}") from exc
            skin = self._withdraw(skin, wrong)  # two glyphs were taken for one look
            looks = self._ids(skin)[look_indices(frame.pixels, grid, skin)]
            try:
                self.naming.observe(looks, self._moves)
            except Contradiction as again:
                raise LearnRefused(f"no naming of the looks fits this frame: {again}") from exc
        for look in np.unique(looks).tolist():
            if self.naming.name(look) is None and not (self.naming.is_opened(look)
                                                        or self.naming.opened_or_hit(look)):
                r, c = (int(v) for v in np.argwhere(looks == look)[0])
                raise LearnRefused(f"the look at ({r}, {c}) may still be any of"
                                   f" {self.naming.candidates[look]!r}")
        self._moves = []
        self._last = frame.pixels
        self.skin = skin
        named = self._apply()
        learned = []
        for ch, look in named:
            where = np.argwhere(looks == look)
            cell = (int(where[0][0]), int(where[0][1])) if len(where) else (-1, -1)
            learned.append(LearnedGlyph(cell, ch))
        self.learned += learned
        if self.skin is not skin or total or named:
            self._keep()
        return learned

    def _mark_covered_alike(self, skin: Skin) -> None:
        """Tell the naming which unnamed looks are drawn like a covered cell (within
        :data:`vision.minesweeper.looks.FRESH_SPREAD` of one), so that a covered cell lit under the
        pointer is not taken for one that was opened."""
        assert self.naming is not None
        covered = [skin.cells["#"], *skin.variants.get("#", ())] if "#" in skin.cells else []
        if not covered:
            return
        for imgs, look in zip(skin.unnamed, self._unnamed_ids, strict=True):
            if distances(list(imgs), covered).min() <= FRESH_SPREAD:
                self.naming.covered_alike.add(look)

    def _absorb(self, skin: Skin) -> Skin:
        """Unnamed looks drawn like a named one (within
        :data:`vision.minesweeper.looks.FAMILY_RADIUS`)
        join it, when the frames allow that name: cells that look alike share a name, and two
        near-identical looks under different names would leave cells between them unread."""
        assert self.naming is not None
        if not skin.unnamed or not skin.cells:
            return skin
        named = [(ch, img) for ch in skin.chars for img in (skin.cells[ch],
                                                            *skin.variants.get(ch, ()))]
        variants = {k: list(v) for k, v in skin.variants.items()}
        unnamed, cands, ids = [], [], []
        for imgs, cand, look in zip(skin.unnamed, skin.unnamed_candidates, self._unnamed_ids,
                                    strict=True):
            near = distances(list(imgs), [img for _, img in named]).min(axis=0)
            j = int(near.argmin())
            ch = named[j][0]
            if near[j] <= FAMILY_RADIUS and ch in self.naming.candidates[look]:
                try:
                    self.naming.fix(look, ch, f"it is drawn like a {ch!r}")
                except Contradiction:
                    pass
                else:
                    variants.setdefault(ch, []).extend(imgs)
                    self._named[look] = (ch, imgs)
                    continue
            unnamed.append(imgs)
            cands.append(cand)
            ids.append(look)
        if len(unnamed) == len(skin.unnamed):
            return skin
        self._unnamed_ids = ids
        return replace(skin, variants={k: tuple(v) for k, v in variants.items()},
                       unnamed=tuple(unnamed), unnamed_candidates=tuple(cands), path=None)

    def verify(self, frame: Frame, location: BoardLocation) -> list[str]:
        """Check a game's last board against the names: a finished board fixes every number
        (:meth:`calibration.minesweeper.names.Naming.misnamed`). A look it shows misnamed loses its
        name (see :meth:`_withdraw`); returns the names taken back."""
        if self.skin is None or self.naming is None:
            return []
        idx = look_indices(frame.pixels, location.grid, self.skin)
        if (idx < 0).any():
            return []
        wrong = self.naming.misnamed(self._ids(self.skin)[idx])
        if not wrong:
            return []
        before = len(self.withdrawn)
        self.skin = self._withdraw(self.skin, wrong)
        self._keep()
        return self.withdrawn[before:]

    def _withdraw(self, skin: Skin, wrong: list[int]) -> Skin:
        """The skin with the looks a finished board showed misnamed (two glyphs taken for one)
        put back among the unnamed: read as opened cells of unknown number from now on, and
        never named again in this session. A name the skin came with goes with all its looks."""
        assert self.naming is not None
        cells = dict(skin.cells)
        variants = {k: list(v) for k, v in skin.variants.items()}
        unnamed, cands = list(skin.unnamed), list(skin.unnamed_candidates)
        by_id = {look: ch for ch, look in self._char_id.items()}
        for look in wrong:
            held = self._named.pop(look, None)
            if held is not None and held[0] in cells:
                ch, images = held[0], list(held[1])
            elif look in by_id and by_id[look] in cells:
                held, ch = None, by_id[look]
                images = [cells[ch], *variants.get(ch, [])]
            else:
                continue
            every = [cells[ch], *variants.get(ch, [])]
            rest = [v for v in every if all(v is not i for i in images)]
            if rest:
                cells[ch], variants[ch] = rest[0], rest[1:]
            else:
                cells.pop(ch, None)
                variants.pop(ch, None)
                self._char_id.pop(ch, None)
            gone = look if held is not None else self.naming.add_look()
            self.naming.withdraw(gone)
            if held is None:
                self.naming.withdraw(look)
            unnamed.append(tuple(images))
            cands.append(self.naming.candidates[gone])
            self._unnamed_ids.append(gone)
            self.withdrawn.append(ch)
        variants = {k: v for k, v in variants.items() if v and k in cells}
        return replace(skin, cells=cells, variants={k: tuple(v) for k, v in variants.items()},
                       unnamed=tuple(unnamed), unnamed_candidates=tuple(cands), path=None)

    def _observe_board(self, board: Board) -> None:
        """The last trusted board as a frame of named looks (only when none has an unknown
        number: an opened cell of unknown look cannot be put back)."""
        assert self.naming is not None
        chars = [CELL_CHARS[v] for v in board.cells]
        if any(ch not in NAMEABLE for ch in chars):  # '_' or '?': no look to put back
            return
        for ch in set(chars):
            if ch not in self._char_id:
                self._char_id[ch] = self.naming.add_look(ch)
        looks = np.asarray([self._char_id[ch] for ch in chars], np.int64)
        self.naming.observe(looks.reshape(board.rows, board.cols))

    def _apply(self) -> list[tuple[str, int]]:
        """Move every look the naming fixed into the skin under its name; narrow the others'
        candidates. Returns (character, naming id) of the looks named now."""
        assert self.skin is not None and self.naming is not None
        skin = self.skin
        cells = dict(skin.cells)
        variants = {k: list(v) for k, v in skin.variants.items()}
        unnamed, cands, ids, named = [], [], [], []
        for imgs, look in zip(skin.unnamed, self._unnamed_ids, strict=True):
            name = self.naming.name(look)
            if name is None:
                unnamed.append(imgs)
                cands.append(self.naming.candidates[look])
                ids.append(look)
                continue
            first, more = imgs[0], list(imgs[1:])
            if name in cells:
                more.insert(0, first)
            else:
                cells[name] = first
                self._char_id.setdefault(name, look)
            if more:
                variants.setdefault(name, []).extend(more)
            self._named[look] = (name, imgs)
            named.append((name, look))
        if not named and tuple(cands) == skin.unnamed_candidates:
            return []
        self.skin = replace(skin, cells=cells, variants={k: tuple(v) for k, v in variants.items()},
                            unnamed=tuple(unnamed), unnamed_candidates=tuple(cands), path=None)
        self._unnamed_ids = ids
        return named


def check_learn_into(folder: Path) -> None:
    """``--learn-into`` may name a new folder or a skin folder, never other files (a save
    replaces the folder)."""
    if folder.exists() and (not folder.is_dir() or (
        any(folder.iterdir()) and not (folder / MANIFEST).is_file()
    )):
        raise GamebotError(f"--learn-into {folder}: exists and is not a skin folder")


def save_atomically(skin: Skin, folder: Path, name: str | None = None) -> Path:
    """Write ``skin`` as a skin folder without ever leaving a half-written one at ``folder``;
    it is named ``name`` (default: the folder's name).

    The folder is written beside it and renamed into place; an older skin there is renamed
    aside first and removed after (between the two renames the path is briefly absent).
    """
    check_learn_into(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    fresh_dir = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=folder.parent))
    try:
        save_skin(replace(skin, name=name or folder.name), fresh_dir)
    except BaseException:
        shutil.rmtree(fresh_dir, ignore_errors=True)
        raise
    old = None
    if folder.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old-", dir=folder.parent))
        os.replace(folder, old / folder.name)
    os.replace(fresh_dir, folder)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return folder
