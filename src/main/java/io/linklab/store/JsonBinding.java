package io.linklab.store;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linklab.model.Printable;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Hand-edited documents bound to the records that spell them, refusing what a person would mean as a mistake, in
 * words that name the file and the field.
 */
public final class JsonBinding {

    private JsonBinding() {}

    /**
     * Each value only in its own JSON type: Jackson would otherwise read "22" as a port, 5 as a user name, 22.5 as
     * port 22 and "NaN" as a position.
     */
    static Module jsonTypesOnly() {
        return new SimpleModule("json-types-only")
                .addDeserializer(String.class, new OnlyToken<>(String.class) {
                    @Override
                    String value(JsonParser p) throws IOException {
                        return p.hasToken(JsonToken.VALUE_STRING) ? p.getText() : null;
                    }
                })
                .addDeserializer(Integer.class, new OnlyToken<>(Integer.class) {
                    @Override
                    Integer value(JsonParser p) throws IOException {
                        return p.hasToken(JsonToken.VALUE_NUMBER_INT) && p.getNumberType() == JsonParser.NumberType.INT
                                ? p.getIntValue()
                                : null;
                    }
                })
                .addDeserializer(Double.class, new OnlyToken<>(Double.class) {
                    @Override
                    Double value(JsonParser p) throws IOException {
                        return p.currentToken().isNumeric() ? p.getDoubleValue() : null;
                    }
                });
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
     * The body of a {@link JsonDocs#document} (or any part of a document's tree) as the record {@code type}, whose
     * components are named as the fields are. A field the record does not know is refused, since a misspelt "stream"
     * must not silently become the default; a value of the wrong JSON type is refused naming its path ("hosts[0].port")
     * and the value found. The header is left to {@link JsonDocs#read}, which checks it where a document is a file of
     * its own; inside another document (a matrix's lab) it is taken as it is.
     */
    public static <T> T bindBody(String name, JsonNode doc, Class<T> type) throws FileFormatException {
        JsonNode body = doc instanceof ObjectNode o ? withoutHeader(o) : doc;
        try {
            return JsonDocs.MAPPER.treeToValue(body, type);
        } catch (UnrecognizedPropertyException e) {
            Set<String> known = e.getKnownPropertyIds().stream()
                    .map(String::valueOf)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (e.getPath().size() == 1) {
                known.addAll(JsonDocs.HEADER);
            }
            throw new FileFormatException(
                    name + ": unknown field \"" + path(e.getPath()) + "\" (known: " + String.join(", ", known) + ")");
        } catch (JsonMappingException e) {
            Class<?> expected = e instanceof MismatchedInputException m ? m.getTargetType() : null;
            throw new FileFormatException(name + ": \"" + path(e.getPath()) + "\" must be " + describe(expected)
                    + ", not " + Printable.brief(String.valueOf(found(body, e.getPath()))));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new FileFormatException(name + ": cannot be read (" + JsonDocs.readable(e.getMessage()) + ")", e);
        }
    }

    /**
     * The document's fields but its header, sharing their values with it: copying the whole tree (a matrix's
     * plan holds its whole lab) only to drop the header's two fields would walk every value twice.
     */
    private static ObjectNode withoutHeader(ObjectNode doc) {
        ObjectNode body = doc.objectNode();
        body.setAll(doc);
        body.remove(JsonDocs.HEADER);
        return body;
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
        if (Collection.class.isAssignableFrom(type)) {
            return "a list [ … ]";
        }
        List<BeanPropertyDefinition> fields = JsonDocs.MAPPER
                .getDeserializationConfig()
                .introspect(JsonDocs.MAPPER.constructType(type))
                .findProperties();
        return "an object such as {"
                + fields.stream().map(f -> "\"" + f.getName() + "\": …").collect(Collectors.joining(", ")) + "}";
    }
}
