package dev.brisk.opensearch;

import dev.brisk.jsonp.BriskJsonProvider;
import dev.brisk.jsonp.BriskJsonp;
import dev.brisk.schema.Codec;
import dev.brisk.schema.Codecs;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.opensearch.client.json.JsonpDeserializable;
import org.opensearch.client.json.JsonpDeserializer;
import org.opensearch.client.json.JsonpMapper;
import org.opensearch.client.json.JsonpSerializable;

/**
 * A {@link JsonpMapper} for the opensearch-java client (3.x; also tested with 2.26) that finds how
 * to read and write each class once, and then does it at byte speed.
 *
 * <ul>
 *   <li>The client's own model classes (annotated {@code @JsonpDeserializable}) through their
 *       {@code _DESERIALIZER}, found once per class rather than by reflection on every call (what
 *       {@code JsonpMapperBase} does);
 *   <li>your classes through their Brisk codec ({@code @JsonCodec}, {@link Codecs#get}), which
 *       reads the document's bytes in place from Brisk's parser and writes into Brisk's generator;
 *   <li>strings, booleans, JSON-P values and numbers ({@code Integer}, {@code Long}, {@code Short},
 *       {@code Byte}, {@code Double}, {@code Float}, {@code BigDecimal} and {@code BigInteger}
 *       exactly, {@code Number}) directly;
 *   <li>anything else through the fallback mapper you give ({@code JacksonJsonpMapper}, say), on
 *       that mapper's own parser and generator with the value passed over as bytes (slower, but
 *       JacksonJsonpMapper accepts no other provider's), or a clear error naming the class and the
 *       three ways to support it.
 * </ul>
 *
 * <pre>{@code
 * OpenSearchClient client = new OpenSearchClient(ApacheHttpClient5TransportBuilder
 *     .builder(host).setMapper(new BriskJsonpMapper()).build());
 * }</pre>
 *
 * <p>{@link #jsonProvider()} is {@link BriskJsonProvider#instance()}: no ServiceLoader lookup.
 * Immutable and thread-safe; {@link #withAttribute} returns a new mapper sharing the caches.
 */
public final class BriskJsonpMapper implements JsonpMapper {
  private final JsonpMapper fallback;
  private final boolean ignoreUnknownFields;
  private final Map<String, Object> attributes;
  private final Resolved resolved;

  /** How each class is read and written, resolved on first use. */
  private static final class Resolved {
    final JsonpMapper fallback;
    final ClassValue<Reader> readers = new ClassValue<>() {
      @Override
      protected Reader computeValue(Class<?> type) {
        return reader(type);
      }
    };
    final ClassValue<Writer> writers = new ClassValue<>() {
      @Override
      protected Writer computeValue(Class<?> type) {
        return writer(type);
      }
    };

    Resolved(JsonpMapper fallback) {
      this.fallback = fallback;
    }

    private Reader reader(Class<?> type) {
      JsonpDeserializable a = type.getAnnotation(JsonpDeserializable.class);
      if (a != null) {
        JsonpDeserializer<?> d = staticField(type, a.field());
        return (p, m) -> d.deserialize(p, m);
      }
      if (type == String.class) {
        return (p, m) -> JsonpDeserializer.stringDeserializer().deserialize(p, m);
      }
      if (type == Integer.class) {
        return (p, m) -> JsonpDeserializer.integerDeserializer().deserialize(p, m);
      }
      if (type == Long.class) {
        return (p, m) -> JsonpDeserializer.longDeserializer().deserialize(p, m);
      }
      if (type == Double.class) {
        return (p, m) -> JsonpDeserializer.doubleDeserializer().deserialize(p, m);
      }
      if (type == Float.class) {
        return (p, m) -> JsonpDeserializer.floatDeserializer().deserialize(p, m);
      }
      if (type == Short.class || type == Byte.class) {
        boolean isShort = type == Short.class;
        return (p, m) -> {
          Integer v = JsonpDeserializer.integerDeserializer().deserialize(p, m);
          if (v == null) {
            return null;
          }
          if (isShort ? v != v.shortValue() : v != v.byteValue()) {
            throw new JsonParsingException(v + " is out of the range of " + type.getSimpleName(), p.getLocation());
          }
          return isShort ? (Object) v.shortValue() : (Object) v.byteValue();
        };
      }
      if (type == BigDecimal.class) {
        return (p, m) -> exactNumber(p, m);
      }
      if (type == BigInteger.class) {
        return (p, m) -> {
          BigDecimal v = exactNumber(p, m);
          try {
            // The provider's conversion: it refuses a fraction, and an integer too long to expand
            // (1e99999999 is a dozen bytes; BigDecimal.toBigIntegerExact took 100 s over it)
            return v == null ? null : BriskJsonProvider.instance().createValue(v).bigIntegerValueExact();
          } catch (ArithmeticException e) {
            throw new JsonParsingException(v + " is not an integer a BigInteger holds here: " + e.getMessage(), p.getLocation());
          }
        };
      }
      if (type == Number.class) {
        return (p, m) -> JsonpDeserializer.numberDeserializer().deserialize(p, m);
      }
      if (type == Boolean.class) {
        return (p, m) -> JsonpDeserializer.booleanDeserializer().deserialize(p, m);
      }
      if (JsonValue.class.isAssignableFrom(type)) {
        return (p, m) -> {
          p.next();
          return type.cast(p.getValue());
        };
      }
      Codec<?> codec = codec(type);
      if (codec != null) {
        return (p, m) -> BriskJsonp.readNext(p, codec::read);
      }
      if (fallback != null) {
        // The fallback reads with its own provider's parser (JacksonJsonpMapper accepts no other):
        // the value is handed over as bytes.
        return (p, m) -> {
          p.next();
          byte[] bytes = p.getValue().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
          try (JsonParser own = fallback.jsonProvider().createParser(new java.io.ByteArrayInputStream(bytes))) {
            return fallback.deserialize(own, type);
          }
        };
      }
      return (p, m) -> {
        throw missing(type, "read");
      };
    }

    private Writer writer(Class<?> type) {
      if (JsonpSerializable.class.isAssignableFrom(type)) {
        return (v, g, m) -> ((JsonpSerializable) v).serialize(g, m);
      }
      if (JsonValue.class.isAssignableFrom(type)) {
        return (v, g, m) -> g.write((JsonValue) v);
      }
      if (type == String.class) {
        return (v, g, m) -> g.write((String) v);
      }
      if (type == Integer.class || type == Long.class || type == Short.class || type == Byte.class) {
        return (v, g, m) -> g.write(((Number) v).longValue());
      }
      if (type == Double.class) {
        return (v, g, m) -> g.write((Double) v);
      }
      if (type == Float.class) {
        // The float's own shortest decimal (0.1f as 0.1, not its double 0.10000000149011612)
        return (v, g, m) -> g.write(Double.parseDouble(v.toString()));
      }
      if (type == BigDecimal.class) {
        return (v, g, m) -> g.write((BigDecimal) v);
      }
      if (type == BigInteger.class) {
        return (v, g, m) -> g.write((BigInteger) v);
      }
      if (type == Boolean.class) {
        return (v, g, m) -> g.write((Boolean) v);
      }
      @SuppressWarnings("unchecked")
      Codec<Object> codec = (Codec<Object>) codec(type);
      if (codec != null) {
        return (v, g, m) -> BriskJsonp.write(g, w -> codec.write(v, w));
      }
      if (fallback != null) {
        // The fallback writes with its own provider's generator; the result is written to ours.
        return (v, g, m) -> {
          java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
          try (JsonGenerator own = fallback.jsonProvider().createGenerator(bytes)) {
            fallback.serialize(v, own);
          }
          try (jakarta.json.JsonReader r = BriskJsonProvider.instance()
              .createReader(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            g.write(r.readValue());
          }
        };
      }
      return (v, g, m) -> {
        throw missing(type, "write");
      };
    }

    /**
     * A number read exactly, as its BigDecimal; like the client's own number deserializers, a
     * string holding a number is taken too, and JSON null is null.
     */
    private static BigDecimal exactNumber(JsonParser p, JsonpMapper m) {
      JsonParser.Event e = p.next();
      if (e == JsonParser.Event.VALUE_NULL) {
        return null;
      }
      if (e == JsonParser.Event.VALUE_NUMBER) {
        return p.getBigDecimal();
      }
      if (e == JsonParser.Event.VALUE_STRING) {
        try {
          return new BigDecimal(p.getString());
        } catch (NumberFormatException x) {
          throw new JsonParsingException("expected a number, found the string \"" + p.getString() + "\"", p.getLocation());
        }
      }
      throw new JsonParsingException("expected a number, found " + e, p.getLocation());
    }

    private static Codec<?> codec(Class<?> type) {
      try {
        return Codecs.get(type);
      } catch (IllegalArgumentException e) {
        return null; // no generated codec for this class
      }
    }

    private static JsonpDeserializer<?> staticField(Class<?> type, String name) {
      try {
        Field f = type.getDeclaredField(name);
        if (!Modifier.isStatic(f.getModifiers())) {
          throw new IllegalStateException(type.getName() + "." + name + " is not static");
        }
        f.setAccessible(true);
        return (JsonpDeserializer<?>) f.get(null);
      } catch (ReflectiveOperationException | RuntimeException e) {
        throw new IllegalStateException("cannot read the deserializer " + type.getName() + "." + name + ": " + e, e);
      }
    }

    private static IllegalStateException missing(Class<?> type, String what) {
      return new IllegalStateException("BriskJsonpMapper cannot " + what + " " + type.getName()
          + ": it is not one of the client's model classes, has no Brisk codec (annotate it with"
          + " @dev.brisk.schema.JsonCodec and add brisk-schema-processor to annotationProcessorPaths),"
          + " and no fallback mapper was given (new BriskJsonpMapper(new JacksonJsonpMapper()))");
    }
  }

  @FunctionalInterface
  private interface Reader {
    Object read(JsonParser parser, JsonpMapper mapper);
  }

  @FunctionalInterface
  private interface Writer {
    void write(Object value, JsonGenerator generator, JsonpMapper mapper);
  }

  /** A mapper without a fallback: classes it cannot read or write are an error. */
  public BriskJsonpMapper() {
    this(null);
  }

  /** A mapper that hands classes it has no codec for to {@code fallback}. */
  public BriskJsonpMapper(JsonpMapper fallback) {
    this(new Resolved(fallback), fallback, true, Collections.emptyMap());
  }

  private BriskJsonpMapper(Resolved resolved, JsonpMapper fallback, boolean ignoreUnknownFields, Map<String, Object> attributes) {
    this.resolved = resolved;
    this.fallback = fallback;
    this.ignoreUnknownFields = ignoreUnknownFields;
    this.attributes = attributes;
  }

  @Override
  public JsonProvider jsonProvider() {
    return BriskJsonProvider.instance();
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T deserialize(JsonParser parser, Class<T> clazz) {
    return (T) resolved.readers.get(clazz).read(parser, this);
  }

  @Override
  public <T> void serialize(T value, JsonGenerator generator) {
    if (value == null) {
      generator.writeNull();
      return;
    }
    resolved.writers.get(value.getClass()).write(value, generator, this);
  }

  /**
   * True (the client's default): members the client's model does not know are skipped. A
   * fallback mapper decides this for the classes it reads.
   */
  @Override
  public boolean ignoreUnknownFields() {
    return ignoreUnknownFields;
  }

  /** This mapper with unknown members of the client's model classes rejected (false) or skipped. */
  public BriskJsonpMapper ignoreUnknownFields(boolean ignore) {
    return new BriskJsonpMapper(resolved, fallback, ignore, attributes);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T attribute(String name) {
    return (T) attributes.get(name);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T attribute(String name, T defaultValue) {
    Object v = attributes.get(name);
    return v == null ? defaultValue : (T) v;
  }

  @Override
  public <T> JsonpMapper withAttribute(String name, T value) {
    if (Objects.equals(attributes.get(name), value)) {
      return this;
    }
    Map<String, Object> m = new HashMap<>(attributes);
    m.put(name, value);
    return new BriskJsonpMapper(resolved, fallback, ignoreUnknownFields, Collections.unmodifiableMap(m));
  }
}
