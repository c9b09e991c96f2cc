package io.linklab.tools;

import io.linklab.model.Direction;
import io.linklab.model.MeasurementSink;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.ToolEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Keeps everything a parser emits, for assertions. */
public class CollectingSink implements MeasurementSink {

    public final List<Sample> samples = new ArrayList<>();
    public final List<Summary> summaries = new ArrayList<>();
    public final List<ToolEvent> events = new ArrayList<>();
    public final Map<String, String> meta = new LinkedHashMap<>();
    public final List<String> metaLog = new ArrayList<>();

    @Override
    public void sample(Sample sample) {
        samples.add(sample);
    }

    @Override
    public void summary(Summary summary) {
        summaries.add(summary);
    }

    @Override
    public void event(ToolEvent event) {
        events.add(event);
    }

    @Override
    public void meta(String key, String value) {
        meta.put(key, value);
        metaLog.add(key + "=" + value);
    }

    /** Feeds every line of a file (split on \n, a trailing \r left for the parser) and finishes. */
    public static CollectingSink parse(StreamingParser parser, CollectingSink sink, Path file) {
        try {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            for (String line : text.split("\n", -1)) {
                parser.feed(line);
            }
            parser.finish();
            return sink;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public List<Summary> summaries(Role role) {
        return summaries.stream().filter(s -> s.role() == role).collect(Collectors.toList());
    }

    public List<Summary> summaries(Role role, Direction d) {
        return summaries.stream()
                .filter(s -> s.role() == role && s.direction() == d)
                .collect(Collectors.toList());
    }

    public Summary only(Role role, String stream) {
        List<Summary> found = summaries.stream()
                .filter(s -> s.role() == role && s.stream().equals(stream))
                .collect(Collectors.toList());
        if (found.size() != 1) {
            throw new AssertionError("expected one " + role + " summary of stream " + stream + ", got " + found);
        }
        return found.get(0);
    }

    public List<Sample> samples(String stream) {
        return samples.stream().filter(s -> s.stream().equals(stream)).collect(Collectors.toList());
    }
}
