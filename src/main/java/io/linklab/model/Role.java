package io.linklab.model;

/** Which side of a flow reported an end-of-test total. */
public enum Role {
    SENDER,
    RECEIVER;

    public String csv() {
        return this == SENDER ? "sender" : "receiver";
    }
}
