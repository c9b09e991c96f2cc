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
    default void meta(String key, String value) {}

    /** Passes everything on to {@code target}; a subclass changes what it overrides (counts, filters, copies). */
    class Forwarding implements MeasurementSink {
        private final MeasurementSink target;

        public Forwarding(MeasurementSink target) {
            this.target = target;
        }

        @Override
        public void sample(Sample sample) {
            target.sample(sample);
        }

        @Override
        public void summary(Summary summary) {
            target.summary(summary);
        }

        @Override
        public void event(ToolEvent event) {
            target.event(event);
        }

        @Override
        public void meta(String key, String value) {
            target.meta(key, value);
        }
    }
}
