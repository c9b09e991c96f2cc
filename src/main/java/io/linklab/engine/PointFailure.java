package io.linklab.engine;

/** A sweep point (or one repetition) failed for a reason the user reads; the sweep goes on. */
final class PointFailure extends Exception {

    PointFailure(String message) {
        super(message);
    }
}
