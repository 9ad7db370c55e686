"""Seed 001's greedy rule, one node at a time and for whole subtrees at once.

Greedy guesses the letter the least (prior-weighted) candidate mass lacks: the fewest words
that would make the guess a miss. Right guesses are free. Ties go to the earliest letter of the
alphabet, as ``min`` over ``ascii_lowercase`` does in the seed.

``greedy_misses`` plays greedy to the end for many (word, starting node) instances together,
level by level with numpy, so the look-ahead solvers can price a guess by greedy's future.
"""

from __future__ import annotations

import numpy as np

from solvers.hangman.lexicon import WordClass


def letter_mass(wc: WordClass, idx: np.ndarray) -> np.ndarray:
    """Prior mass of the candidates containing each letter (26 values)."""
    return wc.weights[idx] @ wc.present[idx]


def _groups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For sorted ``keys``: group number of each row and the size of each group."""
    first = np.empty(keys.size, dtype=bool)
    first[:1] = True
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    gid = np.cumsum(first) - 1
    return gid, np.bincount(gid)


def greedy_misses(
    wc: WordClass, words: np.ndarray, node: np.ndarray, guessed: np.ndarray
) -> np.ndarray:
    """Misses greedy makes from each instance's node until its word is the only candidate.

    ``words[j]`` is the hidden word of instance ``j`` and ``node[j]`` its node: instances of a
    node share its candidate set (exactly the words of that node's instances) and its guessed
    letters ``guessed[node]`` (a (nodes, 26) bool array). ``node`` must be sorted, ids 0..k-1.
    """
    misses = np.zeros(words.size, dtype=np.int64)
    dtype = np.int32 if wc.uniform else np.float64
    shift = np.int64(1) << np.int64(wc.length)
    inst = np.arange(words.size)  # which instance each active row is
    w = np.asarray(words, dtype=np.int64)
    count = np.zeros(words.size, dtype=np.int64)  # misses so far of each active row
    key = np.asarray(node, dtype=np.int64)
    parent = np.arange(np.asarray(guessed).shape[0])
    guessed = np.asarray(guessed, dtype=bool)
    while True:
        # Rows are sorted by key; rows sharing a key form a node. A lone row's word is known.
        gid, sizes = _groups(key)
        keep = sizes[gid] > 1
        if not keep.all():
            done = ~keep
            misses[inst[done]] = count[done]
            inst, w, count, gid = inst[keep], w[keep], count[keep], gid[keep]
            if not inst.size:
                return misses
            kept = sizes > 1
            gid = (np.cumsum(kept) - 1)[gid]
            guessed = guessed[kept]
        starts = np.flatnonzero(np.r_[True, gid[1:] != gid[:-1]])
        mass = np.add.reduceat(wc.letter_table[w], starts, axis=0, dtype=dtype)
        mass[guessed] = -1
        best = np.argmax(mass, axis=1)
        pm = wc.by_word[w, best[gid]]
        count += pm == 0
        key = gid * shift + pm
        order = np.argsort(key, kind="stable")
        key, inst, w, count, gid = key[order], inst[order], w[order], count[order], gid[order]
        # Each new node inherits its parent's guessed letters plus the letter just guessed.
        first = np.r_[True, key[1:] != key[:-1]]
        parent = gid[first]
        guessed = guessed[parent]
        guessed[np.arange(parent.size), best[parent]] = True
