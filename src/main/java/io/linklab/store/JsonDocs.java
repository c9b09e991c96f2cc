package io.linklab.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reading and writing LinkLab's versioned JSON documents: a "format" name and a "version" number
 * first, pretty-printed so they diff well in version control, written atomically. Public for the documents kept
 * outside this package (a matrix's matrix.json).
 */
public final class JsonDocs {

    /** Writes the documents, and binds them to records as {@link JsonBinding} says. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(JsonBinding.jsonTypesOnly())
            .build();

    /**
     * The largest lab or plan file read. A plan is about 1 KiB; a lab of 1000 hosts with 8 interfaces each and
     * 4000 links is about 2 MiB pretty-printed, so 4 MiB leaves room for twice that, while the JSON tree of a
     * file that size (a few tens of MiB) cannot hurt the app. Anything bigger is not one of these files (a
     * capture, an image, /dev/zero) and is refused before it is read whole.
     */
    static final int MAX_BYTES = 4 << 20;

    /** The fields every document starts with, which {@link #read} checks. */
    static final List<String> HEADER = List.of("format", "version");

    private JsonDocs() {}

    private static ObjectNode header(String format, int version) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", format);
        root.put("version", version);
        return root;
    }

    /** The document of {@code body}, a record of its fields after the header. */
    public static ObjectNode document(String format, int version, Object body) {
        return header(format, version).setAll((ObjectNode) MAPPER.valueToTree(body));
    }

    public static void write(Path file, JsonNode doc) throws IOException {
        AtomicFile.writeString(file, MAPPER.writeValueAsString(doc) + "\n");
    }

    public static ObjectNode read(Path file, String format, int maxVersion) throws FileFormatException {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw tooBig(file, size);
            }
            // Read to one byte past the limit: a file that grows, or a device that reports size 0, stops there.
            bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw tooBig(file, -1);
            }
        } catch (IOException e) {
            throw new FileFormatException(file + ": cannot read it (" + e.getMessage() + ")", e);
        }
        return parse(file.toString(), new String(bytes, StandardCharsets.UTF_8), format, maxVersion);
    }

    private static FileFormatException tooBig(Path file, long size) {
        String how = size < 0 ? "more than " + mib(MAX_BYTES) : mib(size);
        return new FileFormatException(file + ": " + how + " is too big for a LinkLab " + "lab or plan file (at most "
                + mib(MAX_BYTES) + "); is this the right file?");
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
    }

    /**
     * Jackson's message with its source locations as `line L, column C`: it quotes them as `[Source: REDACTED
     * (`StreamReadFeature…` disabled); line: 1, column: 1]`, library internals a user cannot act on.
     */
    static String readable(String jacksonMessage) {
        return jacksonMessage
                .replaceAll("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]", "line $1, column $2")
                .replaceAll("\\s*\\R\\s*", " ")
                .strip();
    }

    static ObjectNode parse(String name, String text, String format, int maxVersion) throws FileFormatException {
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null
                    ? ""
                    : " line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr();
            throw new FileFormatException(
                    name + where + ": not valid JSON (" + readable(e.getOriginalMessage()) + ")", e);
        }
        if (node == null || !node.isObject()) {
            throw new FileFormatException(name + ": expected a JSON object with \"format\": \"" + format + "\"");
        }
        String actual = node.path("format").asText("");
        if (!format.equals(actual)) {
            throw new FileFormatException(
                    name + ": \"format\" is '" + actual + "', expected '" + format + "' — is this the right file?");
        }
        int version = node.path("version").asInt(-1);
        if (version < 1) {
            throw new FileFormatException(name + ": \"version\" must be a whole number from 1");
        }
        if (version > maxVersion) {
            throw new FileFormatException(name + ": written by a newer LinkLab (version " + version
                    + "; this one reads up to " + maxVersion + "); update LinkLab to open it");
        }
        return (ObjectNode) node;
    }

    /** The constant {@code spelled} names as {@link #spelling} writes it, in any case; null: {@code fallback}. */
    static <E extends Enum<E>> E enumValue(String name, String field, String spelled, Class<E> type, E fallback)
            throws FileFormatException {
        if (spelled == null) {
            return fallback;
        }
        for (E e : type.getEnumConstants()) {
            if (spelling(e).equals(spelled.toLowerCase())) {
                return e;
            }
        }
        StringBuilder known = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            known.append(known.length() == 0 ? "" : ", ").append(spelling(e));
        }
        throw new FileFormatException(name + ": \"" + field + "\" is '" + spelled + "'; expected one of " + known);
    }

    static String spelling(Enum<?> e) {
        return e.name().toLowerCase().replace('_', '-');
    }
}
