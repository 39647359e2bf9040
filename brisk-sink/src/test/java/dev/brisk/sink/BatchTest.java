package dev.brisk.sink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A batch the sink forms records only where its events end (they lie one line break apart), and
 * must answer exactly as a batch that lists where each starts ({@link Batch#of}).
 */
class BatchTest {
  static final List<String> EVENTS = List.of("{\"a\":1}", "42", "\"\u00e9t\u00e9\"", "[true,null]", "{}");

  /** The events as the sink's writer leaves them: from the buffer's start, a line break apart, stale bytes after. */
  static Batch contiguous() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int[] ends = new int[EVENTS.size() + 3]; // longer than the count, as the writer's array is
    int[] origins = new int[ends.length];
    for (int i = 0; i < EVENTS.size(); i++) {
      if (i > 0) {
        out.write('\n');
      }
      out.writeBytes(EVENTS.get(i).getBytes(StandardCharsets.UTF_8));
      ends[i] = out.size();
      origins[i] = i;
    }
    out.writeBytes("STALE".getBytes(StandardCharsets.UTF_8)); // what an earlier, longer batch left
    return new Batch(out.toByteArray(), ends, origins, EVENTS.size());
  }

  static String ndjson(Batch b) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    b.writeNdjson(out);
    return out.toString(StandardCharsets.UTF_8);
  }

  static String array(Batch b) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    b.writeJsonArray(out);
    return out.toString(StandardCharsets.UTF_8);
  }

  static void assertSame(Batch expected, Batch actual) throws IOException {
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.eventString(i), actual.eventString(i), "event " + i);
      assertEquals(expected.length(i), actual.length(i), "length " + i);
      assertArrayEquals(expected.event(i), actual.event(i), "bytes " + i);
      assertEquals(expected.eventString(i),
          new String(actual.buffer(), actual.start(i), actual.length(i), StandardCharsets.UTF_8), "start " + i);
      assertEquals(expected.origin(i), actual.origin(i), "origin " + i);
    }
    assertEquals(expected.ndjsonBytes(), actual.ndjsonBytes());
    assertEquals(ndjson(expected), ndjson(actual));
    assertEquals(array(expected), array(actual));
  }

  @Test
  void aContiguousBatchAnswersAsOneThatListsItsStarts() throws IOException {
    Batch listed = Batch.of(EVENTS.toArray(new String[0]));
    Batch b = contiguous();
    assertSame(listed, b);
    assertEquals(String.join("\n", EVENTS) + "\n", ndjson(b));
    assertEquals(String.join("\n", EVENTS).getBytes(StandardCharsets.UTF_8).length + 1, b.ndjsonBytes());
    assertThrows(IndexOutOfBoundsException.class, () -> b.start(EVENTS.size()));
    assertThrows(IndexOutOfBoundsException.class, () -> b.length(-1));
  }

  @Test
  void selectionsAndSlicesOfAContiguousBatchKeepTheirEvents() throws IOException {
    Batch listed = Batch.of(EVENTS.toArray(new String[0]));
    Batch b = contiguous();
    int[] picks = {4, 0, 2};
    assertSame(listed.select(picks, 3), b.select(picks, 3));
    assertSame(listed.slice(1, 4), b.slice(1, 4));
    assertSame(listed.slice(0, 0), b.slice(0, 0));
    assertEquals("{}\n{\"a\":1}\n\"\u00e9t\u00e9\"\n", ndjson(b.select(picks, 3)));
  }

  @Test
  void anEmptyContiguousBatchWritesNothing() throws IOException {
    Batch b = new Batch(new byte[8], new int[4], new int[4], 0);
    assertEquals(0, b.size());
    assertEquals(0, b.ndjsonBytes());
    assertEquals("", ndjson(b));
    assertEquals("[]", array(b));
  }
}
