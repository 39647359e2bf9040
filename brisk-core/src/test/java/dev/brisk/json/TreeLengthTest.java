package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * maxTreeLength: a value read into memory from a stream that does not end fails with a
 * JsonException after about that many bytes, instead of filling the heap; reading token by token,
 * reading from bytes, and the other values of a sequence are not bounded by it.
 */
class TreeLengthTest {
  static final int LIMIT = 1 << 20;
  static final Json SMALL = Json.builder().maxTreeLength(LIMIT).build();

  /** Counts the bytes it passes on. */
  static final class Counted extends FilterInputStream {
    long served;

    Counted(InputStream in) {
      super(in);
    }

    @Override
    public int read(byte[] b, int off, int len) throws java.io.IOException {
      int n = super.read(b, off, len);
      served += Math.max(n, 0);
      return n;
    }
  }

  /** {@code head}, then {@code body} for as long as anyone reads. */
  static Counted endless(String head, String body) {
    return new Counted(new HostileInputTest.Generated(head, body, Long.MAX_VALUE / 2, ""));
  }

  @Test
  void theDefaultIs64MiB() {
    assertEquals(64L << 20, JsonLimits.DEFAULTS.maxTreeLength());
    assertEquals(-1, JsonLimits.DEFAULTS.withMaxTreeLength(-5).maxTreeLength(), "negative: no limit");
    assertTrue(JsonLimits.DEFAULTS.toString().contains("maxTreeLength=67108864"));
  }

  @Test
  void aTreeFromAStreamThatNeverEndsStopsAtTheLimit() {
    for (String[] shape : new String[][] {{"[", "0,"}, {"{\"a\":[", "\"\","}, {"[", "{\"k\":[1.5]},"}}) {
      Counted in = endless(shape[0], shape[1]);
      JsonException e = assertTimeoutPreemptively(HostileInputTest.HANG_GUARD,
          () -> assertThrows(JsonException.class, () -> SMALL.read(in)));
      assertTrue(e.getMessage().startsWith(
          "value read into memory from a stream longer than maxTreeLength (1048576 bytes) at line 1"),
          e.getMessage());
      assertTrue(e.offset() > LIMIT && e.offset() <= LIMIT + 64 * 1024, "stopped near the limit: " + e.offset());
      assertTrue(in.served <= LIMIT + 128 * 1024, "read no further than the limit and a buffer: " + in.served);
    }
  }

  @Test
  void aTreeAfterTokensCountsFromItsOwnStart() {
    // Two megabytes of tokens first, then a small value as a tree: only the tree is counted.
    String skipped = "[" + "0,".repeat(LIMIT) + "0]";
    JsonReader r = SMALL.reader(new ByteArrayInputStream(
        ("{\"skip\":" + skipped + ",\"keep\":[1,2,3]}").getBytes(StandardCharsets.UTF_8)));
    assertEquals(JsonToken.BEGIN_OBJECT, r.next());
    assertEquals(JsonToken.NAME, r.next());
    r.next();
    r.skipChildren();
    assertEquals(JsonToken.NAME, r.next());
    assertEquals("keep", r.getName());
    assertEquals(JsonToken.BEGIN_ARRAY, r.next());
    assertEquals(Json.parse("[1,2,3]"), r.readValue());
  }

  @Test
  void readingTokenByTokenIsNotBounded() {
    Counted in = new Counted(new HostileInputTest.Generated("[", "0,", 3L * LIMIT, "0]"));
    JsonReader r = SMALL.reader(in);
    long n = 0;
    JsonToken t;
    while ((t = r.next()) != JsonToken.END_DOCUMENT) {
      n += t == JsonToken.NUMBER ? 1 : 0;
    }
    assertEquals(3L * LIMIT / 2 + 1, n);
  }

  @Test
  void eachValueOfASequenceHasABudgetOfItsOwn() {
    String line = "[" + "0,".repeat(LIMIT / 4) + "0]\n"; // a quarter of the limit
    Counted in = new Counted(new HostileInputTest.Generated("", line, 8L * line.length(), ""));
    List<JsonValue> values = new ArrayList<>();
    SMALL.readValues(in, values::add);
    assertEquals(8, values.size());
  }

  @Test
  void bytesInMemoryAreNotBounded() {
    byte[] big = ("[" + "0,".repeat(LIMIT) + "0]").getBytes(StandardCharsets.UTF_8);
    assertEquals(LIMIT + 1, ((JsonArray) SMALL.read(big)).size());
  }

  @Test
  void aCallerThatBuildsAValueBoundsItWithBeginValue() {
    Counted in = endless("[", "\"ab\",");
    JsonReader r = SMALL.reader(in);
    List<String> built = new ArrayList<>();
    JsonException e = assertThrows(JsonException.class, () -> {
      long begun = r.beginValue();
      try {
        r.next();
        while (r.next() == JsonToken.STRING) {
          built.add(r.getString());
        }
      } finally {
        r.endValue(begun);
      }
    });
    assertTrue(e.getMessage().contains("maxTreeLength (1048576 bytes)"), e.getMessage());
    assertTrue(built.size() > LIMIT / 5 - 1000 && built.size() <= LIMIT / 5 + 20_000, "read " + built.size());
  }
}
