package dev.brisk.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonReader#keep} and {@link Json#keptReader}: a thread's next reader of the same {@code
 * Json} is the one it kept, holding none of the bytes it read before; a reader in use, a reader of
 * another {@code Json}, another thread's and a stream's are never taken. And {@link
 * JsonReader#fromStream}, whose reader's buffer goes back to the thread without the stream being
 * closed.
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

  /** A stream of bytes that records the arrays it is asked to fill and whether it was closed. */
  static final class RecordingInput extends ByteArrayInputStream {
    final List<byte[]> arrays = new ArrayList<>();
    boolean closed;

    RecordingInput(String json) {
      super(bytes(json));
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
      arrays.add(b);
      return super.read(b, off, len);
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  @Test
  void fromStreamReadsWithTheThreadsStreamBufferAndLeavesTheStreamOpen() {
    RecordingInput first = new RecordingInput("[\"a\"]");
    RecordingInput second = new RecordingInput("[\"b\"]");
    RecordingInput inner = new RecordingInput("[\"c\"]");
    assertEquals("a", JsonReader.fromStream(first, KeptReaderTest::firstString));
    String[] innerString = new String[1];
    assertEquals("b", JsonReader.fromStream(second, r -> {
      innerString[0] = JsonReader.fromStream(inner, KeptReaderTest::firstString);
      return firstString(r);
    }));
    assertEquals("c", innerString[0]);
    assertFalse(first.closed || second.closed || inner.closed, "the streams are the caller's to close");
    // A reader hands its buffer itself to the stream: the second read into the first's buffer,
    // the one inside it into another.
    assertSame(first.arrays.get(0), second.arrays.get(0));
    assertNotSame(second.arrays.get(0), inner.arrays.get(0));
    assertThrows(NullPointerException.class, () -> JsonReader.fromStream(null, JsonReader::next));
  }

  @Test
  void fromStreamGivesTheBufferBackWhenTheBodyThrowsAndALeakedReaderIsAtTheEnd() {
    RecordingInput bad = new RecordingInput("[\"a\" \"b\"]");
    JsonReader[] leaked = new JsonReader[1];
    JsonException e = assertThrows(JsonException.class, () -> JsonReader.fromStream(bad, r -> {
      leaked[0] = r;
      while (r.next() != JsonToken.END_DOCUMENT) {
        // reads on to the missing comma
      }
      return null;
    }));
    assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    // The next call reads with the same buffer; the reader that escaped its body meets the end of
    // its input there, not the next reader's bytes.
    RecordingInput next = new RecordingInput("[\"d\"]");
    assertEquals("d", JsonReader.fromStream(next, KeptReaderTest::firstString));
    assertSame(bad.arrays.get(0), next.arrays.get(0));
    JsonException after = assertThrows(JsonException.class, leaked[0]::next);
    assertTrue(after.getMessage().startsWith("unexpected end of input"), after.getMessage());
  }

  @Test
  void aBufferGrownForALongStringIsNotKept() {
    String big = "w".repeat(40_000);
    RecordingInput longOne = new RecordingInput("[\"" + big + "\"]");
    assertEquals(big, JsonReader.fromStream(longOne, KeptReaderTest::firstString));
    assertTrue(longOne.arrays.get(longOne.arrays.size() - 1).length > 16 * 1024, "grown for the string");
    RecordingInput next = new RecordingInput("[\"e\"]");
    assertEquals("e", JsonReader.fromStream(next, KeptReaderTest::firstString));
    assertEquals(16 * 1024, next.arrays.get(0).length);
  }
}
