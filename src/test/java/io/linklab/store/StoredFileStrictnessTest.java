package io.linklab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.HostSpec;
import io.linklab.model.TestPlan;
import io.linklab.model.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a hand-edited lab or plan file may hold: each mistake is refused naming the file and the field, and what may
 * be left out or null is read with its default.
 */
class StoredFileStrictnessTest {

    @TempDir
    Path dir;

    private static final String LAB = "{'format':'linklab-topology','version':1,%s}";
    private static final String HOST = "'hosts':[{'id':'a','management':'10.0.0.1'%s}]";
    private static final String PLAN = "{'format':'linklab-plan','version':1,'client':{'login':'local'%s},"
            + "'server':{'login':'local'},'target':'127.0.0.1'%s}";

    private static String json(String single) {
        return single.replace('\'', '"');
    }

    private Path file(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, json(text));
        return f;
    }

    /** Writes {@code text} as {@code name} and checks that {@code reader} refuses it naming the file and {@code field}. */
    private void assertRefused(String name, ThrowingConsumer<Path> reader, String text, String field) throws Exception {
        Path f = file(name, text);
        String m = assertThrows(FileFormatException.class, () -> reader.accept(f), text)
                .getMessage();
        assertTrue(m.startsWith(f + ": "), m);
        assertTrue(m.contains(json(field)), m);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                ",'port':'22'          | port'",
                ",'port':22.5          | port'",
                ",'port':3000000000    | port'",
                ",'user':5             | user'",
                ",'user':true          | user'",
                ",'name':{}            | name'",
                ",'name':['a']         | name'",
                ",'x':'1'              | x'",
                ",'x':'NaN'            | x'",
                ",'y':true             | y'",
                ",'interfaces':{}      | interfaces'",
                ",'interfaces':[1]     | 'hosts[0].interfaces[0]'",
                ",'interfaces':[{'mtu':'9000','name':'e'}] | mtu'",
                ",'interfaces':[{'mtu':1500}]              | 'hosts[0].interfaces[0].name'",
                ",'interfaces':[{'name':'e','vlan':1}]     | 'hosts[0].interfaces[0].vlan'",
                ",'extra':1            | 'hosts[0].extra'",
                ",'id':null            | 'hosts[0].id'",
                ",'management':''      | 'hosts[0].management'",
            })
    void aHostsMistakeNamesTheFileAndTheField(String fields, String named) throws Exception {
        assertRefused("lab.json", TopologyFiles::read, String.format(LAB, String.format(HOST, fields)), named);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "'name':1                                    | name'",
                "'hosts':{}                                  | hosts'",
                "'hosts':[1]                                 | 'hosts[0]'",
                "'hosts':[null]                              | 'hosts[0]'",
                "'hosts':[{'management':'10.0.0.1'}]         | 'hosts[0].id'",
                "'host':[]                                   | 'host'",
                "'switches':[{'id':'s','maxMtu':'9000'}]     | maxMtu'",
                "'switches':[{'id':'s','ports':48}]          | 'switches[0].ports'",
                "'switches':[{'id':'s'},{'id':'s'}]          | 'switches[1].id'",
                "'switches':[{'id':'s'}],'links':[{'a':'s','b':{'node':'s'}}]                     | 'links[0].a'",
                "'switches':[{'id':'s'}],'links':[{'b':{'node':'s'}}]                             | 'links[0].a'",
                "'switches':[{'id':'s'}],'links':[{'a':{'node':'s','port':1},'b':{'node':'s'}}]   | 'links[0].a.port'",
                "'switches':[{'id':'s'}],'links':[{'a':{'node':'s'},'b':{'node':'s'},'speed':10}] | speed'",
                "'switches':[{'id':'s'}],'links':[{'a':{'node':'s'},'b':{}}]                      | 'links[0].b.node'",
                "'links':{}                                  | links'",
            })
    void aLabMistakeNamesTheFileAndTheField(String fields, String named) throws Exception {
        assertRefused("lab.json", TopologyFiles::read, String.format(LAB, fields), named);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "'name':null,'hosts':null,'switches':null,'links':null",
                "'hosts':[{'id':'a','management':'local','name':null,'user':null,'port':null,'identity':null,"
                        + "'jump':null,'interfaces':null,'x':null,'y':null}]",
                "'hosts':[{'id':'a','management':'local','x':5,'y':-1,'interfaces':[{'name':'lo','address':null,"
                        + "'mtu':null,'speed':null}]}]",
                "'switches':[{'id':'s','name':null,'model':null,'maxMtu':null,'x':1,'y':2.5}],"
                        + "'links':[{'id':null,'a':{'node':'s','interface':null},'b':{'node':'s'},'speed':null,"
                        + "'expect':null}]",
            })
    void whatALabMayLeaveOutIsReadWithItsDefault(String fields) throws Exception {
        Topology t = TopologyFiles.read(file("lab.json", String.format(LAB, fields)));
        assertTrue(t.name().equals("Untitled"), t.name());
        for (HostSpec h : t.hosts()) {
            assertEquals("a", h.name());
            assertEquals(22, h.sshPort());
        }
        t.links().forEach(l -> assertEquals("link1", l.id()));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "                          | ,'duration':'10'                      | duration'",
                "                          | ,'duration':1.5                       | duration'",
                "                          | ,'interval':'1'                       | interval'",
                "                          | ,'protocol':1                         | protocol'",
                "                          | ,'protocol':'sctp'                    | protocol'",
                "                          | ,'mode':'both'                        | mode'",
                "                          | ,'tool':'ttcp'                        | tool'",
                "                          | ,'client':'local'                     | client'",
                "                          | ,'server':null                        | server'",
                "                          | ,'target':5                           | target'",
                ",'port':1                 |                                       | 'client.port'",
                ",'cpus':'x'               |                                       | client.cpus",
                ",'cpus':5                 |                                       | cpus'",
                ",'login':5                |                                       | login'",
                "                          | ,'sweep':[]                           | sweep'",
                "                          | ,'sweep':{'kind':'mtu'}               | 'sweep.values'",
                "                          | ,'sweep':{'values':[1]}               | 'sweep.kind'",
                "                          | ,'sweep':{'kind':'mtu','values':5}    | 'sweep.values'",
                "                          | ,'sweep':{'kind':'mtu','values':[null]} | 'sweep.values'",
                "                          | ,'sweep':{'kind':'mtu','values':[{}]}   | 'sweep.values'",
                "                          | ,'sweep':{'kind':'mtu','values':[1],'x':1} | 'sweep.x'",
                "                          | ,'sweep':{'kind':'colour','values':[1]} | kind'",
                "                          | ,'streams':0                          | streams",
            })
    void aPlansMistakeNamesTheFileAndTheField(String client, String fields, String named) throws Exception {
        String text = String.format(PLAN, client == null ? "" : client, fields == null ? "" : fields);
        assertRefused("plan.json", PlanFiles::read, text, named);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                ",'tool':null,'protocol':null,'bitrate':null,'duration':null,'interval':null,'omit':null,"
                        + "'streams':null,'processes':null,'port':null,'mode':null,'window':null,"
                        + "'messageSize':null,'repetitions':null,'sweep':null",
                ",'interval':1,'mode':'BIDIR','protocol':'Tcp'",
            })
    void whatAPlanMayLeaveOutIsReadWithItsDefault(String fields) throws Exception {
        TestPlan p = PlanFiles.read(file("plan.json", String.format(PLAN, ",'interface':null,'cpus':null", fields)));
        TestPlan d = TestPlan.defaults(p.client(), p.server(), p.target());
        assertEquals(d.toBuilder().mode(p.mode()).build(), p);
    }

    @Test
    void aSweepsValuesMayBeNumbersOrTextAsWritten() throws Exception {
        TestPlan p = PlanFiles.read(
                file("plan.json", String.format(PLAN, "", ",'sweep':{'kind':'window','values':[65536,'4M']}")));
        assertEquals(List.of("65536", "4M"), p.sweep().values());
    }
}
