package dev.brisk.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonReader#reset} leaves a reader as a new one of the same bytes would be, whatever it did
 * before. Compared field by field, so that a field added to the reader later and not reset fails
 * here. (SourcesAgreeTest reads thousands of documents through one reset reader per setting.)
 */
class ReaderResetTest {
  /**
   * Kept across resets on purpose: a scratch array whose contents no read depends on, and the
   * holder of the thread that kept the reader last (where keep() puts it, not what it reads).
   */
  static final Set<String> SCRATCH = Set.of("chars", "keptIn");

  /** Per-level arrays: only level 0 must be as new; deeper levels are written when entered. */
  static final Set<String> LEVELS = Set.of("kinds", "counts", "nameRef");

  static final byte[] NEXT = "{\"next\":[1,2.5,\"three\"]}".getBytes(UTF_8);

  @Test
  void aResetReaderIsANewReaderFieldByField() throws Exception {
    Json strict = Json.DEFAULT;
    Json lax = Json.builder().allowComments(true).multipleValues(true).maxDepth(40).build();
    List<Consumer<JsonReader>> befores = new ArrayList<>();
    befores.add(r -> {}); // never read
    befores.add(r -> { // to the end, or to its error (the third document has one)
      try {
        readAll(r);
      } catch (JsonException expected) {
        // what matters is the state it left
      }
    });
    befores.add(r -> { // halfway, two levels down, on a name
      r.next();
      r.next();
      r.next();
      r.next();
    });
    Json sharing = Json.builder().shareInput(true).build();
    for (Json json : new Json[] {strict, lax, sharing}) {
      String[] docs = {
        "{\"a\":[1,{\"b\":\"caf\u00e9 \\u00e9\"}],\"c\":-12.5e3}",
        "[[[[[[[[[[[[[[[[[[[[\"deep\"]]]]]]]]]]]]]]]]]]]]", // grows the per-level arrays
        "{\"a\":[1,2,", // ends too soon
        "{\"x\":\"\u20ac\u20ac\u20ac\"} // a comment\n{\"y\":1}",
      };
      for (String doc : docs) {
        for (Consumer<JsonReader> before : befores) {
          for (boolean fromString : new boolean[] {false, true}) {
            JsonReader used = fromString ? json.reader(doc) : json.reader(doc.getBytes(UTF_8));
            before.accept(used);
            byte[] around = ("xx" + new String(NEXT, UTF_8) + "yy").getBytes(UTF_8);
            assertSame(used, used.reset(around, 2, NEXT.length));
            JsonReader fresh = json.reader(around, 2, NEXT.length);
            assertSameFields(fresh, used, doc);
            assertEquals(transcript(json.reader(NEXT)), transcript(used), doc);
          }
        }
      }
    }
  }

  @Test
  void aResetReaderCopiesStringsOutOfTheCallersBytes() {
    JsonReader r = Json.DEFAULT.reader("\"its own bytes, shared by its trees\"");
    byte[] mine = "[\"mine\"]".getBytes(UTF_8);
    r.reset(mine, 0, mine.length).next();
    JsonValue tree = r.readValue();
    mine[2] = 'X';
    assertEquals("[\"mine\"]", Json.toString(tree));
  }

  @Test
  void resetRefusesAStreamReaderABadRangeAndALongDocument() {
    JsonReader stream = Json.DEFAULT.reader(new ByteArrayInputStream(NEXT));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> stream.reset(NEXT, 0, 1));
    assertTrue(e.getMessage().contains("stream"), e.getMessage());
    JsonReader r = Json.DEFAULT.reader(NEXT);
    assertThrows(IndexOutOfBoundsException.class, () -> r.reset(NEXT, 1, NEXT.length));
    assertThrows(IndexOutOfBoundsException.class, () -> r.reset(NEXT, -1, 2));
    JsonReader small = Json.builder().maxDocumentLength(10).build().reader(new byte[] {'1'});
    JsonException tooLong = assertThrows(JsonException.class, () -> small.reset(NEXT, 0, NEXT.length));
    assertTrue(tooLong.getMessage().contains("maxDocumentLength"), tooLong.getMessage());
    // after a refusal it still reads what it is given next
    assertEquals(JsonToken.NUMBER, small.reset(new byte[] {'7'}, 0, 1).next());
    assertEquals(7, small.getInt());
  }

  @Test
  void closeLetsGoOfTheBytesAndResetReadsAgain() throws Exception {
    byte[] bytes = NEXT.clone();
    JsonReader r = Json.DEFAULT.reader(bytes);
    r.next();
    r.close();
    Field buf = JsonReader.class.getDeclaredField("buf");
    buf.setAccessible(true);
    assertTrue(buf.get(r) != bytes, "a closed reader still holds the caller's bytes");
    r.reset(bytes, 0, bytes.length);
    assertEquals(transcript(Json.DEFAULT.reader(NEXT)), transcript(r));
  }

  private static void readAll(JsonReader r) {
    while (r.next() != JsonToken.END_DOCUMENT) {
      if (r.token() == JsonToken.STRING) {
        r.getString();
      }
    }
  }

  private static String transcript(JsonReader r) {
    StringBuilder sb = new StringBuilder();
    for (JsonToken t = r.next(); t != JsonToken.END_DOCUMENT; t = r.next()) {
      sb.append(t).append(' ').append(r.path()).append(' ').append(r.line()).append(':').append(r.column());
      if (t == JsonToken.STRING || t == JsonToken.NAME) {
        sb.append(' ').append(r.getString());
      } else if (t == JsonToken.NUMBER) {
        sb.append(' ').append(r.getNumberText());
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static void assertSameFields(JsonReader fresh, JsonReader used, String doc) throws Exception {
    int compared = 0;
    for (Field f : JsonReader.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) || SCRATCH.contains(f.getName())) {
        continue;
      }
      f.setAccessible(true);
      Object want = f.get(fresh);
      Object got = f.get(used);
      String what = f.getName() + " after " + doc;
      if (LEVELS.contains(f.getName())) {
        assertEquals(java.lang.reflect.Array.get(want, 0), java.lang.reflect.Array.get(got, 0), what);
      } else if (f.getType().isPrimitive() || f.getType() == String[].class) {
        assertEquals(want, got, what); // a String[] is null in both
      } else {
        assertSame(want, got, what);
      }
      compared++;
    }
    assertTrue(compared > 30, compared + " fields compared");
  }
}
