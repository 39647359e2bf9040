package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** {@link JsonWriter#toBytes} and {@link JsonWriter#toText}, which write with the writer the thread keeps. */
class KeptWriterTest {
  private static final Consumer<JsonWriter> EVENT = w -> w.beginObject()
      .member("name", "\u00e9t\u00e9 \ud83d\ude00 \"quoted\"")
      .member("n", 12345678901L)
      .member("x", 0.1)
      .endObject();

  @Test
  void textIsTheBytesDecoded() {
    byte[] bytes = JsonWriter.toBytes(EVENT);
    String text = JsonWriter.toText(EVENT);
    assertEquals("{\"name\":\"\u00e9t\u00e9 \ud83d\ude00 \\\"quoted\\\"\",\"n\":12345678901,\"x\":0.1}", text);
    assertEquals(text, new String(bytes, StandardCharsets.UTF_8));
    assertEquals("", JsonWriter.toText(w -> { }));
  }

  @Test
  void aCallInsideTheBodyHasAWriterOfItsOwn() {
    String[] inner = new String[1];
    byte[][] innerBytes = new byte[1][];
    String outer = JsonWriter.toText(w -> {
      w.beginArray().value("before");
      inner[0] = JsonWriter.toText(EVENT);
      innerBytes[0] = JsonWriter.toBytes(x -> x.beginArray().value(1).endArray());
      w.value("after").endArray();
    });
    assertEquals("[\"before\",\"after\"]", outer);
    assertEquals(JsonWriter.toText(EVENT), inner[0]);
    assertArrayEquals("[1]".getBytes(StandardCharsets.UTF_8), innerBytes[0]);
  }

  @Test
  void aBodyThatThrowsLeavesNothingBehind() {
    RuntimeException boom = new IllegalStateException("boom");
    assertEquals(boom, assertThrows(IllegalStateException.class, () -> JsonWriter.toText(w -> {
      w.beginObject().name("half");
      throw boom;
    })));
    assertThrows(IllegalStateException.class, () -> JsonWriter.toBytes(w -> {
      w.beginArray().value("half");
      throw boom;
    }));
    // The next calls start from an empty writer at the top level.
    assertEquals("[true]", JsonWriter.toText(w -> w.beginArray().value(true).endArray()));
    assertArrayEquals("7".getBytes(StandardCharsets.UTF_8), JsonWriter.toBytes(w -> w.value(7)));
  }

  @Test
  void aDocumentPastTheKeptSizeIsWrittenWhole() {
    String big = "x".repeat(3 << 20);
    String text = JsonWriter.toText(w -> w.beginArray().value(big).endArray());
    assertEquals(big.length() + 4, text.length());
    assertEquals("[\"" + big + "\"]", text);
    assertEquals("{}", JsonWriter.toText(w -> w.beginObject().endObject()));
    assertArrayEquals("[]".getBytes(StandardCharsets.UTF_8), JsonWriter.toBytes(w -> w.beginArray().endArray()));
  }
}
