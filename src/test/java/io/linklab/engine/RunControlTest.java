package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A Stop interrupts the run's thread, except while it stops its processes and takes in their last lines. */
class RunControlTest {

    private final RunControl control = new RunControl("test-run");

    @AfterEach
    void clearTheInterruptForTheNextTest() {
        Thread.interrupted();
    }

    @Test
    void aStopInterruptsTheRunsThread() {
        control.runsOn(Thread.currentThread());
        control.cancel("the user");
        assertTrue(Thread.interrupted());
        assertTrue(control.cancelled());
    }

    @Test
    void aStopDuringTheCleanUpDoesNotInterruptItAndAnEarlierInterruptIsCleared() {
        control.runsOn(Thread.currentThread());
        control.cancel("the user");
        control.holdInterrupts();
        assertFalse(Thread.currentThread().isInterrupted(), "the first Stop's interrupt, still pending");
        control.cancel("the user, again");
        assertFalse(Thread.currentThread().isInterrupted(), "a second Stop during the clean-up");
        assertTrue(control.cancelled());
    }

    @Test
    void aStopThatCameDuringTheCleanUpInterruptsOnceTheRunGoesOn() {
        control.runsOn(Thread.currentThread());
        control.holdInterrupts();
        control.cancel("the user");
        assertFalse(Thread.currentThread().isInterrupted());
        control.allowInterrupts();
        assertTrue(Thread.interrupted(), "the run must not start its next step after a Stop");
    }

    @Test
    void withoutAStopTheRunGoesOnUninterrupted() {
        control.runsOn(Thread.currentThread());
        control.holdInterrupts();
        control.allowInterrupts();
        assertFalse(Thread.interrupted());
        control.cancel("the user");
        assertTrue(Thread.interrupted(), "interrupts are back after the clean-up");
    }
}
