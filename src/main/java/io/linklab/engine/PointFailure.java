package io.linklab.engine;

/** A sweep point (or one repetition) failed for a reason the user reads; the sweep goes on. */
final class PointFailure extends Exception {

    private final boolean wholePoint;

    PointFailure(String message) {
        this(message, false);
    }

    /** @param wholePoint true when no repetition of the point can run (its MTU could not be set) */
    PointFailure(String message, boolean wholePoint) {
        super(message);
        this.wholePoint = wholePoint;
    }

    boolean wholePoint() {
        return wholePoint;
    }
}
