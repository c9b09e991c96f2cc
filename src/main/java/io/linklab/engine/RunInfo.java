package io.linklab.engine;

import io.linklab.model.TestPlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a run is about to do, known before its first sample.
 *
 * @param runDir   where the run's journal, raw output and CSVs are written
 * @param points   sweep point labels in order ("" alone outside sweeps)
 * @param commands the exact command lines per host label
 */
public record RunInfo(
        String runId, TestPlan plan, Path runDir, List<String> points, Map<String, List<String>> commands) {}
