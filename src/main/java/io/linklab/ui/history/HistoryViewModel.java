package io.linklab.ui.history;

import io.linklab.model.Verdict;
import io.linklab.ui.tasks.TaskRunner;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The history list: runs of the library, a search filter, and the operations on them. Disk work goes through the
 * app's task runner, results come back on the FX thread; tests pass {@link TaskRunner#sameThread()}.
 */
public final class HistoryViewModel {

    private final RunLibrary library;
    private final TaskRunner tasks;
    private final ObservableList<PastRun> runs = FXCollections.observableArrayList();
    private final FilteredList<PastRun> shown = new FilteredList<>(runs, r -> true);
    private final StringProperty filter = new SimpleStringProperty("");
    private final ObjectProperty<Verdict.Outcome> verdict = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    public HistoryViewModel(RunLibrary library, TaskRunner tasks) {
        this.library = library;
        this.tasks = tasks;
        filter.addListener((o, was, now) -> applyFilters());
        verdict.addListener((o, was, now) -> applyFilters());
    }

    private void applyFilters() {
        String now = filter.get();
        String[] words = now == null
                ? new String[0]
                : now.toLowerCase(Locale.ROOT).trim().split("\\s+");
        Verdict.Outcome only = verdict.get();
        shown.setPredicate(r -> {
            if (only != null && r.verdict() != only) {
                return false;
            }
            String text = r.searchText();
            for (String w : words) {
                if (!w.isEmpty() && !text.contains(w)) {
                    return false;
                }
            }
            return true;
        });
    }

    /** Only the runs with this verdict (NONE: those without one); null for every run. */
    public ObjectProperty<Verdict.Outcome> verdictFilterProperty() {
        return verdict;
    }

    /** The runs that pass the filter, newest first. */
    public ObservableList<PastRun> shown() {
        return shown;
    }

    /** Words that must all appear in a run's id, name, note, tool, hosts or plan. */
    public StringProperty filterProperty() {
        return filter;
    }

    /** What the last operation did or why it failed, for the status line. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** FX thread: shows a message in the status line. */
    public void say(String text) {
        message.set(text);
    }

    public void refresh() {
        task(
                library::list,
                list -> {
                    runs.setAll(list);
                    message.set(list.size() + (list.size() == 1 ? " run" : " runs"));
                },
                "cannot list the runs");
    }

    public void open(String id, Consumer<PastRun> then) {
        task(
                () -> library.open(id),
                run -> {
                    sayReadWarnings(List.of(run));
                    then.accept(run);
                },
                "cannot open run " + id);
    }

    public void openAll(List<String> ids, Consumer<List<PastRun>> then) {
        task(
                () -> {
                    List<PastRun> out = new ArrayList<>();
                    for (String id : ids) {
                        out.add(library.open(id));
                    }
                    return out;
                },
                runs -> {
                    sayReadWarnings(runs);
                    then.accept(runs);
                },
                "cannot open the runs to compare");
    }

    /** What had to be skipped while reading runs (damaged journal lines), said once per opening. */
    private void sayReadWarnings(List<PastRun> opened) {
        List<String> warnings =
                opened.stream().map(PastRun::readWarning).filter(w -> w != null).toList();
        if (!warnings.isEmpty()) {
            message.set(String.join("; ", warnings));
        }
    }

    public void rename(String id, String name) {
        change(() -> library.rename(id, name), "renamed " + id, "cannot rename run " + id);
    }

    public void annotate(String id, String note) {
        change(() -> library.annotate(id, note), "note saved for " + id, "cannot save the note of run " + id);
    }

    public void delete(List<String> ids) {
        change(
                () -> {
                    for (String id : ids) {
                        library.delete(id);
                    }
                },
                "deleted " + String.join(", ", ids),
                "cannot delete");
    }

    /** Changes the library in the background, then shows its runs as they are now and says {@code done}. */
    private void change(IoChange change, String done, String failure) {
        task(
                () -> {
                    change.run();
                    return library.list();
                },
                list -> {
                    runs.setAll(list);
                    message.set(done);
                },
                failure);
    }

    /** Runs {@code work} in the background; its result or its error message comes back on the FX thread. */
    public <T> void task(IoWork<T> work, Consumer<T> then, String failure) {
        tasks.run(
                work::run,
                then,
                e -> message.set(
                        failure + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())));
    }

    /** Disk work that may fail with a message for the user. */
    @FunctionalInterface
    public interface IoWork<T> {
        T run() throws IOException;
    }

    /** A change to the library on disk that may fail with a message for the user. */
    @FunctionalInterface
    private interface IoChange {
        void run() throws IOException;
    }
}
