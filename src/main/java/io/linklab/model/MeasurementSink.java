package io.linklab.model;

/**
 * Where parsed measurements go, as soon as each is complete: live charts, the run journal, CSV.
 * Implementations are called from the thread that feeds the parser.
 */
public interface MeasurementSink {

    void sample(Sample sample);

    void summary(Summary summary);

    void event(ToolEvent event);

    /** Facts about the run the tool printed: "tool", "version", "protocol", "local", "remote", "cpu.local"… */
    default void meta(String key, String value) {
    }
}
