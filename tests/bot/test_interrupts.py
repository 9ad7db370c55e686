"""An interrupt inside a block that must run whole is raised after it, never inside it."""

from __future__ import annotations

import os
import signal

import pytest

from bot.run.interrupts import held_interrupts


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_in_the_block_comes_after_it(sig):
    done = []
    before = signal.getsignal(sig)
    with pytest.raises(KeyboardInterrupt), held_interrupts():
        os.kill(os.getpid(), sig)
        done.append("rest of the block")
    assert done == ["rest of the block"]
    assert signal.getsignal(sig) == before  # the handler is given back


def test_a_block_with_no_interrupt_ends_quietly():
    with held_interrupts():
        pass
