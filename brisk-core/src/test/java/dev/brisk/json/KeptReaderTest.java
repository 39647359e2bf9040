package dev.brisk.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.lang.reflect.Field;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonReader#keep} and {@link Json#keptReader}: a thread's next reader of the same {@code
 * Json} is the one it kept, holding none of the bytes it read before; a reader in use, a reader of
 * another {@code Json}, another thread's and a stream's are never taken.
 */
class KeptReaderTest {
  static byte[] bytes(String json) {
    return json.getBytes(UTF_8);
  }

  static String firstString(JsonReader r) {
    r.next();
    r.next();
    return r.getString();
  }

  @Test
  void theNextKeptReaderOfTheSameJsonIsTheOneKeptAndHoldsNoneOfTheBytesItRead() throws Exception {
    Json json = Json.builder().build();
    byte[] first = bytes("[\"a\"]");
    JsonReader r = json.keptReader(first, 0, first.length);
    assertEquals("a", firstString(r));
    r.keep();
    Field buf = JsonReader.class.getDeclaredField("buf");
    buf.setAccessible(true);
    assertNotSame(first, buf.get(r), "a kept reader holds the bytes it read");

    byte[] second = bytes("xx[\"b\"]");
    JsonReader again = json.keptReader(second, 2, second.length - 2);
    assertSame(r, again);
    assertEquals("b", firstString(again));
    again.keep();
  }

  @Test
  void aReaderInUseAnotherJsonsAnotherThreadsAndAStreamsAreNotTaken() throws Exception {
    Json json = Json.builder().build();
    byte[] doc = bytes("[\"a\"]");
    JsonReader outer = json.keptReader(doc, 0, doc.length);
    outer.keep();
    assertSame(outer, json.keptReader(doc, 0, doc.length));
    JsonReader inner = json.keptReader(doc, 0, doc.length); // a read inside a read
    assertNotSame(outer, inner);
    inner.keep();
    outer.keep(); // the last kept stays
    assertSame(outer, json.keptReader(doc, 0, doc.length));
    outer.keep();

    Json other = Json.builder().maxStringLength(3).build();
    JsonReader others = other.keptReader(doc, 0, doc.length);
    assertNotSame(outer, others);
    assertSame(outer, json.keptReader(doc, 0, doc.length), "another Json's call took the reader");
    outer.keep();

    JsonReader elsewhere = CompletableFuture.supplyAsync(() -> json.keptReader(doc, 0, doc.length)).get();
    assertNotSame(outer, elsewhere);

    JsonReader stream = json.reader(new ByteArrayInputStream(doc));
    assertEquals("a", firstString(stream));
    stream.keep(); // only closed
    assertSame(outer, json.keptReader(doc, 0, doc.length));
  }

  @Test
  void jsonReadAndParseReadWithTheKeptReader() {
    byte[] doc = bytes("[\"a\"]");
    JsonReader r = Json.DEFAULT.keptReader(doc, 0, doc.length);
    r.keep();
    assertEquals(Json.parse("[\"x\"]"), Json.DEFAULT.read(bytes("[\"x\"]")));
    assertSame(r, Json.DEFAULT.keptReader(doc, 0, doc.length), "Json.read did not give back the reader it took");
    assertEquals("a", firstString(r));
  }

  @Test
  void aThreadKeepsTheReadersOfTheLastTwoJsonsItKeptOneOf() {
    Json a = Json.builder().build();
    Json b = Json.builder().maxDepth(10).build();
    Json c = Json.builder().maxDepth(20).build();
    byte[] doc = bytes("[\"a\"]");
    JsonReader ra = a.keptReader(doc, 0, doc.length);
    ra.keep();
    JsonReader rb = b.keptReader(doc, 0, doc.length);
    rb.keep();
    for (int i = 0; i < 3; i++) { // alternating, as JSON-P parsing and Json.parse on one thread
      JsonReader x = a.keptReader(doc, 0, doc.length);
      assertSame(ra, x);
      assertEquals("a", firstString(x));
      x.keep();
      JsonReader y = b.keptReader(doc, 0, doc.length);
      assertSame(rb, y);
      y.keep();
    }
    JsonReader rc = c.keptReader(doc, 0, doc.length);
    rc.keep(); // drops a's, the older
    assertNotSame(ra, a.keptReader(doc, 0, doc.length));
    assertSame(rb, b.keptReader(doc, 0, doc.length));
    assertSame(rc, c.keptReader(doc, 0, doc.length));
  }

  @Test
  void aReaderKeptByAnotherThreadGoesToThatThread() throws Exception {
    Json json = Json.builder().build();
    byte[] doc = bytes("[\"a\"]");
    JsonReader r = json.keptReader(doc, 0, doc.length);
    r.keep(); // kept once by this thread: it knows this thread's holder
    assertSame(r, json.keptReader(doc, 0, doc.length));
    // Handed to another thread, which keeps it and then reads with its kept reader.
    JsonReader there = CompletableFuture.supplyAsync(() -> {
      r.keep();
      return json.keptReader(doc, 0, doc.length);
    }).get();
    assertSame(r, there, "the other thread did not keep it");
    assertNotSame(r, json.keptReader(doc, 0, doc.length), "kept into the holder of the thread it came from");
  }
}
