package dev.brisk.jsonp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * JSON-P writes the same JSON whatever it writes to and however it is asked: a generator or a
 * {@code JsonWriter}, to an {@code OutputStream} (UTF-8) or to a {@code Writer} (the core writer's
 * UTF-8 decoded into chars, its buffer ends falling inside multi-byte characters), a whole value
 * or one generator call per event, compact or pretty. Seeded random trees with long strings of
 * escapes, control characters, non-ASCII, surrogate pairs, lone surrogates and U+2028; what is
 * written must read back to the tree.
 *
 * <p>{@code -Dbrisk.fuzz.documents=N -Dbrisk.fuzz.seed=S} runs more, or other, documents.
 */
class WriterTargetsAgreeTest {
  static final String[] PIECES = {
    "a", "plain text ", "\"", "\\", "/", "</", "\n", "\t", "\u0000", "\u001f", "\u007f", "\u00e9", "\u20ac",
    "\u2028", "\ud83d\ude00", "\ud800", "\udc00", "\uffff", "0123456789"
  };

  private final SplittableRandom r = new SplittableRandom(Long.getLong("brisk.fuzz.seed", 20261124L));
  private final JsonProvider provider = BriskJsonProvider.instance();
  private final JsonGeneratorFactory pretty = provider.createGeneratorFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));

  @Test
  void everyTargetGetsTheSameJson() {
    int n = Integer.getInteger("brisk.fuzz.documents", 400);
    for (int i = 0; i < n; i++) {
      boolean big = r.nextInt(8) == 0;
      int depth = big ? 1 : 3; // a big one has up to 40 members a level, and strings past 8 KiB
      JsonValue tree = r.nextInt(10) == 0 ? value(0, big) : r.nextBoolean() ? object(depth, big) : array(depth, big);
      String what = "document " + i;

      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (JsonGenerator g = provider.createGenerator(bytes)) {
        g.write(tree);
      }
      String want = bytes.toString(UTF_8);
      assertEquals(tree, read(want), what + ": read back");
      assertEquals(want, tree.toString(), what + ": toString");

      StringWriter chars = new StringWriter();
      try (JsonGenerator g = provider.createGenerator(chars)) {
        g.write(tree);
      }
      assertEquals(want, chars.toString(), what + ": a generator to a Writer");

      bytes.reset();
      try (JsonGenerator g = provider.createGenerator(bytes)) {
        events(tree, null, g);
      }
      assertEquals(want, bytes.toString(UTF_8), what + ": one generator call per event");

      if (tree instanceof jakarta.json.JsonStructure || r.nextBoolean()) {
        bytes.reset();
        try (jakarta.json.JsonWriter w = provider.createWriter(bytes)) {
          w.write(tree);
        }
        assertEquals(want, bytes.toString(UTF_8), what + ": a JsonWriter to a stream");
        chars = new StringWriter();
        try (jakarta.json.JsonWriter w = provider.createWriter(chars)) {
          w.write(tree);
        }
        assertEquals(want, chars.toString(), what + ": a JsonWriter to a Writer");
      }

      bytes.reset();
      try (JsonGenerator g = pretty.createGenerator(bytes)) {
        g.write(tree);
      }
      String prettyText = bytes.toString(UTF_8);
      assertEquals(tree, read(prettyText), what + ": pretty, read back");
      chars = new StringWriter();
      try (JsonGenerator g = pretty.createGenerator(chars)) {
        events(tree, null, g);
      }
      assertEquals(prettyText, chars.toString(), what + ": pretty, one call per event to a Writer");
    }
  }

  private JsonValue read(String json) {
    try (jakarta.json.JsonReader in = provider.createReader(new StringReader(json))) {
      return in.readValue();
    }
  }

  /** Writes {@code v} (member {@code name} when not null) one generator call per event. */
  private void events(JsonValue v, String name, JsonGenerator g) {
    switch (v.getValueType()) {
      case OBJECT:
        if (name == null) {
          g.writeStartObject();
        } else {
          g.writeStartObject(name);
        }
        for (Map.Entry<String, JsonValue> e : v.asJsonObject().entrySet()) {
          events(e.getValue(), e.getKey(), g);
        }
        g.writeEnd();
        break;
      case ARRAY:
        if (name == null) {
          g.writeStartArray();
        } else {
          g.writeStartArray(name);
        }
        for (JsonValue e : v.asJsonArray()) {
          events(e, null, g);
        }
        g.writeEnd();
        break;
      case STRING:
        String s = ((JsonString) v).getString();
        if (name == null) {
          g.write(s);
        } else if (r.nextBoolean()) {
          g.write(name, s);
        } else {
          g.writeKey(name).write(s);
        }
        break;
      case NUMBER:
        JsonNumber num = (JsonNumber) v;
        BigDecimal d = num.bigDecimalValue();
        boolean asLong = num.isIntegral() && d.scale() <= 0 && d.precision() < 19 && r.nextBoolean();
        if (name == null) {
          if (asLong) {
            g.write(num.longValueExact());
          } else {
            g.write(d);
          }
        } else if (asLong) {
          g.write(name, num.longValueExact());
        } else {
          g.write(name, d);
        }
        break;
      case TRUE:
      case FALSE:
        if (name == null) {
          g.write(v == JsonValue.TRUE);
        } else {
          g.write(name, v == JsonValue.TRUE);
        }
        break;
      default:
        if (name == null) {
          g.writeNull();
        } else {
          g.writeNull(name);
        }
    }
  }

  private JsonValue value(int depth, boolean big) {
    if (depth > 0 && r.nextInt(3) == 0) {
      return r.nextBoolean() ? object(depth - 1, big) : array(depth - 1, big);
    }
    switch (r.nextInt(5)) {
      case 0:
        return provider.createValue(string(big && r.nextInt(10) == 0 ? 6000 : 40));
      case 1:
        return provider.createValue(new BigDecimal(
            new String[] {"0", "-7", "123456789012345678901234567890", "2.5E-8", "1E+400", "0.10", "-0.0"}[r.nextInt(7)]));
      case 2:
        return provider.createValue(r.nextLong());
      case 3:
        return r.nextBoolean() ? JsonValue.TRUE : JsonValue.FALSE;
      default:
        return JsonValue.NULL;
    }
  }

  private JsonValue object(int depth, boolean big) {
    JsonObjectBuilder b = provider.createObjectBuilder();
    for (int i = r.nextInt(big ? 40 : 6); i > 0; i--) {
      b.add(string(12), value(depth, big));
    }
    return b.build();
  }

  private JsonValue array(int depth, boolean big) {
    JsonArrayBuilder b = provider.createArrayBuilder();
    for (int i = r.nextInt(big ? 40 : 6); i > 0; i--) {
      b.add(value(depth, big));
    }
    return b.build();
  }

  private String string(int maxPieces) {
    StringBuilder sb = new StringBuilder();
    for (int i = r.nextInt(maxPieces + 1); i > 0; i--) {
      sb.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }
}
