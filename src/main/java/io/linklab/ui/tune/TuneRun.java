package io.linklab.ui.tune;

import io.linklab.counters.HostCounterRow;
import io.linklab.engine.RunHandle;
import io.linklab.engine.RunListener;
import io.linklab.engine.RunOutcome;
import io.linklab.model.TestPlan;
import io.linklab.tune.TuneDriver;
import io.linklab.tune.TuneFiles;
import io.linklab.tune.TuneReport;
import io.linklab.tune.TuneRequest;
import io.linklab.tune.TuneResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A tune started from the window: one engine run whose points the tuner chooses, each probe handed to the
 * {@link TuneModel} as it ends; at the end the result goes into the run's folder (tune.csv, tune.txt,
 * tune-winner.json, as the command line writes them) and into the model. No JavaFX: the caller starts it off the
 * FX thread.
 */
public final class TuneRun {

    /** Starts a run whose points {@code driver} chooses, in a new folder of the results store; returns at once. */
    @FunctionalInterface
    public interface Launcher {
        RunHandle start(TuneRequest request, TuneDriver driver, RunListener listener) throws IOException;
    }

    private TuneRun() {}

    /**
     * Starts the tune; {@code ended} hears of the run's end (on the run's thread) after the model has the result.
     *
     * @throws IOException when the run folder cannot be made
     */
    public static RunHandle start(Launcher launcher, TuneRequest request, TuneModel model, Consumer<RunOutcome> ended)
            throws IOException {
        TuneDriver driver = new TuneDriver(request, System.nanoTime(), model::step);
        return launcher.start(request, driver, new RunListener() {
            @Override
            public void hostCounters(String point, List<HostCounterRow> rows) {
                driver.hostCounters(rows);
            }

            @Override
            public void runFinished(RunOutcome outcome) {
                model.finished(result(driver, request, outcome), outcome.ok() ? null : outcome.message());
                ended.accept(outcome);
            }
        });
    }

    /** The result's lines and winner, written into the run's folder beside its other files. */
    static TuneModel.Result result(TuneDriver driver, TuneRequest request, RunOutcome outcome) {
        TuneResult r = driver.result();
        if (r == null) {
            return new TuneModel.Result(
                    List.of("no setting measured: the run ended before the search began (" + outcome.message() + ")"),
                    null);
        }
        TestPlan winner = r.best() == null ? null : driver.fullLength(r.best());
        List<String> lines = new ArrayList<>(TuneReport.lines(r, request.linkSpeedBps(), winner));
        if (outcome.runDir() != null) {
            try {
                TuneFiles.write(outcome.runDir(), r, winner, lines);
            } catch (IOException e) {
                lines.add("could not write the tune's files into " + outcome.runDir() + ": " + e.getMessage());
            }
        }
        return new TuneModel.Result(lines, winner);
    }
}
