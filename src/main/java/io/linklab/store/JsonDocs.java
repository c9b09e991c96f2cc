package io.linklab.store;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.model.Printable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Reading and writing LinkLab's versioned JSON documents: a "format" name and a "version" number
 * first, pretty-printed so they diff well in version control, written atomically. Public for the documents kept
 * outside this package (a matrix's matrix.json).
 */
public final class JsonDocs {

    /**
     * Writes the documents and binds them to records. A record takes each value only in its own JSON type: Jackson
     * would otherwise read "22" as a port, 5 as a user name, 22.5 as port 22 and "NaN" as a position, all of
     * which a hand-edited file means as a mistake.
     */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .addModule(new SimpleModule("json-types-only")
                    .addDeserializer(String.class, new OnlyToken<>(String.class) {
                        @Override
                        String value(JsonParser p) throws IOException {
                            return p.hasToken(JsonToken.VALUE_STRING) ? p.getText() : null;
                        }
                    })
                    .addDeserializer(Integer.class, new OnlyToken<>(Integer.class) {
                        @Override
                        Integer value(JsonParser p) throws IOException {
                            return p.hasToken(JsonToken.VALUE_NUMBER_INT)
                                            && p.getNumberType() == JsonParser.NumberType.INT
                                    ? p.getIntValue()
                                    : null;
                        }
                    })
                    .addDeserializer(Double.class, new OnlyToken<>(Double.class) {
                        @Override
                        Double value(JsonParser p) throws IOException {
                            return p.currentToken().isNumeric() ? p.getDoubleValue() : null;
                        }
                    }))
            .build();

    /**
     * The largest lab or plan file read. A plan is about 1 KiB; a lab of 1000 hosts with 8 interfaces each and
     * 4000 links is about 2 MiB pretty-printed, so 4 MiB leaves room for twice that, while the JSON tree of a
     * file that size (a few tens of MiB) cannot hurt the app. Anything bigger is not one of these files (a
     * capture, an image, /dev/zero) and is refused before it is read whole.
     */
    static final int MAX_BYTES = 4 << 20;

    private static final List<String> HEADER = List.of("format", "version");

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

    /** A value read only from the JSON token of its own type; any other token is a mismatch naming the type. */
    private abstract static class OnlyToken<T> extends StdScalarDeserializer<T> {
        OnlyToken(Class<T> type) {
            super(type);
        }

        /** The value at the parser's token, or null when the token is of another type. */
        abstract T value(JsonParser p) throws IOException;

        @Override
        public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            T v = value(p);
            if (v == null) {
                @SuppressWarnings("unchecked")
                T never = (T) ctxt.handleUnexpectedToken(handledType(), p);
                return never;
            }
            return v;
        }
    }

    /**
     * {@code doc} (a document's tree, or a part of it) as the record {@code type}, whose components are named as the
     * fields are. A field the record does not know is refused, since a misspelt "stream" must
     * not silently become the default. A value of the wrong JSON type is refused naming its path from {@code doc}
     * ("hosts[0].port") and the value found.
     */
    public static <T> T bind(String name, JsonNode doc, Class<T> type) throws FileFormatException {
        return bind(name, doc, type, List.of());
    }

    /**
     * The body of a {@link #document} as {@code body}, as {@link #bind} reads it. The header is left to {@link #read},
     * which checks it where a document is a file of its own; inside another document (a matrix's lab) it is taken as
     * it is.
     */
    public static <T> T bindBody(String name, JsonNode doc, Class<T> body) throws FileFormatException {
        return bind(name, doc instanceof ObjectNode o ? o.deepCopy().remove(HEADER) : doc, body, HEADER);
    }

    private static <T> T bind(String name, JsonNode doc, Class<T> type, List<String> alsoKnown)
            throws FileFormatException {
        try {
            return MAPPER.treeToValue(doc, type);
        } catch (UnrecognizedPropertyException e) {
            Set<String> known = e.getKnownPropertyIds().stream()
                    .map(String::valueOf)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (e.getPath().size() == 1) {
                known.addAll(alsoKnown);
            }
            throw new FileFormatException(
                    name + ": unknown field \"" + path(e.getPath()) + "\" (known: " + String.join(", ", known) + ")");
        } catch (JsonMappingException e) {
            Class<?> expected = e instanceof MismatchedInputException m ? m.getTargetType() : null;
            throw new FileFormatException(name + ": \"" + path(e.getPath()) + "\" must be " + describe(expected)
                    + ", not " + Printable.brief(String.valueOf(found(doc, e.getPath()))));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new FileFormatException(name + ": cannot be read (" + readable(e.getMessage()) + ")", e);
        }
    }

    /**
     * The elements of a list field as read (none when it was left out or null); a null element is refused as a
     * value of the wrong type, since a list of objects holds objects.
     */
    public static <T> List<T> elements(String name, String field, List<T> read, Class<T> type)
            throws FileFormatException {
        if (read == null) {
            return List.of();
        }
        int i = read.indexOf(null);
        if (i >= 0) {
            throw new FileFormatException(
                    name + ": \"" + field + "[" + i + "]\" must be " + describe(type) + ", not null");
        }
        return read;
    }

    /** A required object field left out or null, refused as a value of the wrong type. */
    public static <T> T object(String name, String field, T read, Class<T> type) throws FileFormatException {
        if (read == null) {
            throw new FileFormatException(name + ": \"" + field + "\" must be " + describe(type) + ", not null");
        }
        return read;
    }

    /** "hosts[0].interfaces[1].mtu" for Jackson's path of references from a document's root. */
    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
            } else {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static JsonNode found(JsonNode doc, List<JsonMappingException.Reference> refs) {
        JsonNode n = doc;
        for (JsonMappingException.Reference r : refs) {
            n = r.getFieldName() != null ? n.path(r.getFieldName()) : n.path(r.getIndex());
        }
        return n;
    }

    /** What a value of {@code type} is in a file, in words a user editing it knows. */
    private static String describe(Class<?> type) {
        if (type == null) {
            return "another value";
        }
        if (type == String.class) {
            return "a string in quotes";
        }
        if (type == Integer.class || type == int.class) {
            return "a whole number";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "a list [ … ]";
        }
        List<BeanPropertyDefinition> fields = MAPPER.getDeserializationConfig()
                .introspect(MAPPER.constructType(type))
                .findProperties();
        return "an object such as {"
                + fields.stream().map(f -> "\"" + f.getName() + "\": …").collect(Collectors.joining(", ")) + "}";
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
