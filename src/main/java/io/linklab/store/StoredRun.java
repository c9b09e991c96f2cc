package io.linklab.store;

import io.linklab.model.Direction;
import io.linklab.model.Headline;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import io.linklab.model.SweepRow;
import io.linklab.model.ToolEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run read back from its folder: its record and everything its journal holds.
 *
 * @param damage journal lines that could not be read back and were skipped (say so once, where the run is shown)
 */
public record StoredRun(
        Path dir,
        RunRecord record,
        List<RunJournal.Entry<Sample>> samples,
        List<RunJournal.Entry<Summary>> summaries,
        List<RunJournal.Entry<ToolEvent>> events,
        List<SweepRow> rows,
        RunJournal.Damage damage) {

    static StoredRun open(Path dir) throws IOException, FileFormatException {
        RunRecord r = ResultsStore.record(dir);
        RunJournal.Contents c = RunJournal.read(dir);
        return new StoredRun(dir, r, c.samples(), c.summaries(), c.events(), c.rows(), c.damage());
    }

    public String id() {
        return record.id();
    }

    /** The headline figure per direction ({@link Headline}); empty when nothing was measured. */
    public Map<Direction, Double> headline() {
        return Headline.of(rows);
    }
}
