package io.linklab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.testing.RecordedRuns;
import java.io.IOException;
import java.nio.file.Path;

/** The recorded runs, and one of them with hostile values planted where hosts and users put text. */
final class ReportFixtures {

    static final String SCRIPT_HOST = "<script>document.title='pwned'</script>";
    static final String AMP_KERNEL = "Linux 6.1 & \"friends\" <b>bold</b>";
    static final String QUOTED_NAME = "Rack \"A\" O'Neil's <acceptance> & co";

    private ReportFixtures() {}

    static Path copy(String name, Path into) throws IOException {
        return RecordedRuns.copy(name, into.resolve(name));
    }

    /**
     * The single run with hostile values where hosts and the user put them: the client's host name a script, the
     * server's kernel with ampersand, quotes and markup, the run's name with quotes; and the expected rate
     * {@code expectedBps}.
     */
    static Path planted(Path into, double expectedBps) throws IOException {
        Path dir = copy("single", into);
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(dir.resolve("run.json").toFile());
        root.put("name", QUOTED_NAME);
        ((ObjectNode) root.path("hosts").path("client")).put("hostname", SCRIPT_HOST);
        ((ObjectNode) root.path("hosts").path("server")).put("hostname", "server-b.lab");
        ((ObjectNode) root.path("hosts").path("server")).put("kernel", AMP_KERNEL);
        ((ObjectNode) root.path("expect")).put("expected_bps", expectedBps);
        json.writeValue(dir.resolve("run.json").toFile(), root);
        return dir;
    }
}
