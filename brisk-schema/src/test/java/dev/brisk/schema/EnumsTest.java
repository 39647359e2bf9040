package dev.brisk.schema;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonWriter;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * How generated codecs read an enum constant ({@link CodecSupport#readEnum}): a small enum by its
 * names' bytes, a large one by a map, both giving the same constants and the same errors; and
 * write one ({@link CodecSupport#writeText}), from its name encoded once.
 */
class EnumsTest {
  enum Color { RED, GREEN, GREENER }

  /** Constants with bodies are instances of classes of their own. */
  enum Op {
    PLUS {
      @Override
      int apply(int a, int b) {
        return a + b;
      }
    },
    Caf\u00e9 {
      @Override
      int apply(int a, int b) {
        return a * b;
      }
    };

    abstract int apply(int a, int b);
  }

  /** More constants than are matched one by one. */
  enum Many { C0, C1, C2, C3, C4, C5, C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19 }

  private static Object read(String json, Class<?> type) {
    JsonReader r = JsonReader.of(json.getBytes(UTF_8));
    r.next();
    return CodecSupport.readEnum(r, type);
  }

  @Test
  void aConstantIsFoundByItsNameAsWrittenOrEscaped() {
    assertSame(Color.RED, read("\"RED\"", Color.class));
    assertSame(Color.GREEN, read("\"GREEN\"", Color.class));
    assertSame(Color.GREENER, read("\"GREENER\"", Color.class), "not taken for GREEN, its prefix");
    assertSame(Color.GREEN, read("\"GR\\u0045EN\"", Color.class));
    assertTrue(Many.values().length > 16, "the map's path");
    for (Many m : Many.values()) {
      assertSame(m, read("\"" + m.name() + "\"", Many.class));
    }
    assertSame(Many.C17, read("\"C\\u00317\"", Many.class));
  }

  @Test
  void anUnknownNameOrAnotherKindOfValueSaysWhatWasExpected() {
    for (Class<?> type : Arrays.asList(Color.class, Many.class)) {
      JsonException unknown = assertThrows(JsonException.class, () -> read("\"BLUE\"", type));
      assertTrue(unknown.getMessage().contains("(" + type.getSimpleName() + ") but found \"BLUE\""), unknown.getMessage());
      JsonException lowerCase = assertThrows(JsonException.class, () -> read("\"red\"", type));
      assertTrue(lowerCase.getMessage().contains("but found \"red\""), lowerCase.getMessage());
      JsonException number = assertThrows(JsonException.class, () -> read("1", type));
      assertTrue(number.getMessage().contains("a constant of " + type.getSimpleName()), number.getMessage());
    }
    JsonException unknown = assertThrows(JsonException.class, () -> read("\"BLUE\"", Color.class));
    assertTrue(unknown.getMessage().contains("expected one of [RED, GREEN, GREENER]"), "in declared order: " + unknown.getMessage());
    assertEquals(0, unknown.offset());
  }

  @Test
  void aConstantIsWrittenAsItsNameUnderEveryOption() {
    assertTrue(Op.PLUS.getClass() != Op.class, "a constant with a body");
    for (JsonWriter.Options o : Arrays.asList(JsonWriter.options(), JsonWriter.options().indent("  "),
        JsonWriter.options().escapeSlash(true).escapeLineSeparators(true))) {
      JsonWriter w = o.create();
      w.beginArray();
      for (Object v : Arrays.asList(Color.GREEN, Op.PLUS, Op.valueOf("Caf\u00e9"), null, Many.C17)) {
        CodecSupport.writeText(w, v);
      }
      w.endArray();
      JsonWriter want = o.create().beginArray().value("GREEN").value("PLUS").value("Caf\u00e9").nullValue()
          .value("C17").endArray();
      assertEquals(want.toString(), w.toString());
    }
  }
}
