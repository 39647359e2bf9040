package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.brisk.testkit.SmallStack;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Hostile input gets a JsonException at the right place, never a StackOverflowError, an
 * OutOfMemoryError or a hang. The timeouts below are hang guards, tens of times what the work takes
 * on a slow machine, not performance assertions; speed is measured in brisk-bench.
 */
class HostileInputTest {
  static final Duration HANG_GUARD = Duration.ofSeconds(120);

  /** An InputStream of {@code head}, then {@code body} repeated until {@code total} bytes, then {@code tail}. */
  static final class Generated extends InputStream {
    private final byte[] head;
    private final byte[] body;
    private final byte[] tail;
    private final long bodyBytes;
    private long pos;

    Generated(String head, String body, long bodyBytes, String tail) {
      this.head = head.getBytes(StandardCharsets.UTF_8);
      this.body = body.getBytes(StandardCharsets.UTF_8);
      this.tail = tail.getBytes(StandardCharsets.UTF_8);
      this.bodyBytes = bodyBytes - bodyBytes % this.body.length;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      long total = head.length + bodyBytes + tail.length;
      if (pos >= total) {
        return -1;
      }
      int n = 0;
      while (n < len && pos < total) {
        if (pos < head.length) {
          b[off + n++] = head[(int) pos++];
        } else if (pos < head.length + bodyBytes) {
          int at = (int) ((pos - head.length) % body.length);
          int k = (int) Math.min(Math.min(len - n, body.length - at), head.length + bodyBytes - pos);
          System.arraycopy(body, at, b, off + n, k);
          n += k;
          pos += k;
        } else {
          b[off + n++] = tail[(int) (pos++ - head.length - bodyBytes)];
        }
      }
      return n;
    }
  }

  @Test
  void depthOfOneHundredThousandArrays() {
    byte[] deep = "[".repeat(100_000).getBytes(StandardCharsets.US_ASCII);
    for (JsonException e : both(deep)) {
      assertEquals(1000, e.offset(), "the 1001st '[' is one too deep");
      assertTrue(e.getMessage().contains("maxDepth (1000)"), e.getMessage());
      assertTrue(e.path().matches("\\$(\\[0\\]){999,1000}"), "the path itself is whole");
      assertTrue(e.getMessage().length() < 400, "the message shows the path shortened: " + e.getMessage());
      assertTrue(e.getMessage().contains("path " + e.shownPath() + ")"), e.getMessage());
      assertShortened(e);
      assertTrue(e.shownPath().startsWith("$[0][0][0]") && e.shownPath().endsWith("[0][0][0]"), e.shownPath());
    }
  }

  @Test
  void longNamesInADeepPathLeaveTheMessageShortAndNoSurrogatePairCut() {
    // Names of emoji (two chars each), short ones and ones longer than the shown start and end
    // (so that no '.' is near a cut point), after an ASCII letter or not: at one parity or the
    // other some cut falls inside a pair unless it is moved.
    for (int k : new int[] {1, 2, 3, 60, 61}) {
      for (String prefix : new String[] {"", "x"}) {
        String name = prefix + "\uD83D\uDE00".repeat(k);
        byte[] doc = ("{\"" + name + "\":").repeat(1001).getBytes(StandardCharsets.UTF_8);
        for (JsonException e : both(doc)) {
          assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
          assertTrue(e.path().length() > 1000 * 2 * k, "whole");
          assertTrue(e.getMessage().length() < 400, e.getMessage());
          assertShortened(e);
          String shown = e.shownPath();
          for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            if (Character.isHighSurrogate(c)) {
              assertTrue(i + 1 < shown.length() && Character.isLowSurrogate(shown.charAt(i + 1)), shown);
            } else if (Character.isLowSurrogate(c)) {
              assertTrue(i > 0 && Character.isHighSurrogate(shown.charAt(i - 1)), shown);
            }
          }
        }
      }
    }
    JsonException shortPath = assertThrows(JsonException.class, () -> Json.parse("{\"a\":[1,x]}"));
    assertEquals(shortPath.path(), shortPath.shownPath(), "a short path is shown whole");
  }

  @Test
  void depthOfOneHundredThousandObjects() {
    byte[] deep = "{\"a\":".repeat(100_000).getBytes(StandardCharsets.US_ASCII);
    for (JsonException e : both(deep)) {
      assertEquals(5000, e.offset());
      assertTrue(e.path().startsWith("$.a.a.a."), e.path());
    }
  }

  @Test
  void aMillionDigitNumber() {
    byte[] number = ("[" + "7".repeat(1_000_000) + "]").getBytes(StandardCharsets.US_ASCII);
    for (JsonException e : both(number)) {
      assertEquals(1, e.offset());
      assertEquals("$[0]", e.path());
      assertTrue(e.getMessage().contains("maxNumberLength (1000"), e.getMessage());
    }
  }

  @Test
  void hugeExponentsAreKeptButNotExpanded() {
    JsonNumber n = Json.parse("1e999999999").asNumber();
    assertEquals("1e999999999", n.toString());
    assertThrows(ArithmeticException.class, n::bigIntegerValue);
    JsonReader r = JsonReader.of("1e999999999");
    r.next();
    assertThrows(JsonException.class, r::getBigInteger);
    assertThrows(JsonException.class, r::getLong);
    assertThrows(JsonException.class, r::getDouble);
    JsonReader r2 = JsonReader.of("1e99999999999999");
    r2.next();
    assertThrows(JsonException.class, r2::getBigDecimal, "exponent beyond BigDecimal's int scale");
  }

  @Test
  void negativeExponentsAndScalesAtTheIntLimitAreNotExpandedEither() {
    // Each of these took BigDecimal to 10^(a billion or more): a hang on a dozen bytes.
    assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> {
      for (String text : new String[] {"1e-999999999", "-1.5e-999999999", "1e2147483647", "-1e-2147483647"}) {
        JsonNumber n = Json.parse(text).asNumber();
        ArithmeticException e = assertThrows(ArithmeticException.class, n::bigIntegerValue, text);
        assertTrue(e.getMessage().endsWith(": " + text), e.getMessage());
        JsonReader r = JsonReader.of(text);
        r.next();
        assertThrows(JsonException.class, r::getBigInteger, text);
        assertThrows(JsonException.class, r::getLong, text);
        assertEquals(n, Json.parse(text));
      }
      assertEquals(java.math.BigInteger.ZERO, Json.parse("0e-999999999").asNumber().bigIntegerValue());
      for (String z : new String[] {"-0.0e-999999999", "0e999999999"}) {
        JsonReader zero = JsonReader.of(z);
        zero.next();
        assertEquals(java.math.BigInteger.ZERO, zero.getBigInteger(), z);
      }
      assertEquals(java.math.BigInteger.ZERO, Json.parse("0e999999999").asNumber().bigIntegerValue());
      assertEquals(java.math.BigInteger.ONE, Json.parse("100e-2").asNumber().bigIntegerValue());
      // An int scale overflowed in the long check: out of range, not "rounding necessary".
      ArithmeticException e = assertThrows(ArithmeticException.class, Json.parse("1e2147483647").asNumber()::longValue);
      assertEquals("out of the range of long: 1e2147483647", e.getMessage());
    });
    // A scale that stripping its zeros would push past an int still hashes, as equals compares.
    JsonNumber big = Json.parse("100e2147483647").asNumber();
    assertEquals(big.hashCode(), Json.parse("1000e2147483646").asNumber().hashCode());
    assertEquals(big, Json.parse("1000e2147483646").asNumber());
    assertTrue(big.hashCode() != Json.parse("200e2147483647").asNumber().hashCode());
    NumberFormatException beyond =
        assertThrows(NumberFormatException.class, Json.parse("1e-2147483649").asNumber()::bigDecimalValue);
    assertEquals("the number 1e-2147483649 is beyond a BigDecimal: its exponent is out of range", beyond.getMessage());
  }

  @Test
  void exponentsBeyondAnIntScaleGiveZeroOrSayWhatTheNumberIsNotForTheTypeAskedFor() {
    // Zero with any exponent is 0: as a long, a BigInteger, a BigDecimal, in the reader and the tree.
    for (String z : new String[] {"0e99999999999999999999", "-0.000E-99999999999999999999"}) {
      JsonReader r = JsonReader.of(z);
      r.next();
      assertEquals(0, r.getInt(), z);
      assertEquals(0L, r.getLong(), z);
      assertEquals(java.math.BigInteger.ZERO, r.getBigInteger(), z);
      assertEquals(0, r.getBigDecimal().signum(), z);
      JsonNumber n = Json.parse(z).asNumber();
      assertEquals(0, n.intValue(), z);
      assertEquals(0L, n.longValue(), z);
      assertEquals(java.math.BigInteger.ZERO, n.bigIntegerValue(), z);
      assertEquals(0, n.bigDecimalValue().signum(), z);
      assertEquals(Json.parse("0"), n, z);
      assertEquals(Json.parse("0").hashCode(), n.hashCode(), z);
    }
    // Any other number there is below 1 (negative exponent) or too large (positive): errors that
    // name the type asked for and say which, not "expected a BigDecimal".
    String[][] cases = {
      {"1e-99999999999999999999", "an int (the number 1e-99999999999999999999 is not an integer in range)",
          "a long (the number 1e-99999999999999999999 is not an integer in range)",
          "an integer (the number 1e-99999999999999999999 has a fraction)",
          "not an integer: 1e-99999999999999999999", "not an integer: 1e-99999999999999999999"},
      {"-5E+99999999999999999999", "an int (the number -5E+99999999999999999999 is out of range)",
          "a long (the number -5E+99999999999999999999 is out of range)",
          "a BigInteger of at most maxNumberLength digits (-5E+99999999999999999999)",
          "out of the range of long: -5E+99999999999999999999", "integer too large to expand: -5E+99999999999999999999"},
    };
    for (String[] c : cases) {
      JsonReader r = JsonReader.of(c[0]);
      r.next();
      assertTrue(assertThrows(JsonException.class, r::getInt).getMessage().startsWith("expected " + c[1]), c[0]);
      assertTrue(assertThrows(JsonException.class, r::getLong).getMessage().startsWith("expected " + c[2]), c[0]);
      assertTrue(assertThrows(JsonException.class, r::getBigInteger).getMessage().startsWith("expected " + c[3]), c[0]);
      assertTrue(assertThrows(JsonException.class, r::getBigDecimal).getMessage().contains("is out of range"), c[0]);
      JsonNumber n = Json.parse(c[0]).asNumber();
      assertEquals(c[4], assertThrows(ArithmeticException.class, n::longValue).getMessage());
      assertEquals(c[5], assertThrows(ArithmeticException.class, n::bigIntegerValue).getMessage());
      assertThrows(NumberFormatException.class, n::bigDecimalValue);
    }
  }

  @Test
  void aHundredMegabyteStringStopsAtTheLimitInBoundedMemory() {
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          JsonReader r = JsonReader.of(new Generated("[\"", "abcdefgh", 100_000_000, "\"]"));
          r.next();
          JsonException e = assertThrows(JsonException.class, r::next);
          assertEquals(1, e.offset(), "points at the opening quote");
          assertTrue(e.getMessage().contains("maxStringLength (20000000"), e.getMessage());
          assertTrue(r.bufferCapacity() <= 64 * 1024 * 1024, "buffer " + r.bufferCapacity());
        });
  }

  @Test
  void aGigabyteStreamParsesInConstantMemory() {
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          String event = "{\"id\":1234567,\"name\":\"Ab\\u00e9 cd\",\"tags\":[1.5,true,null,\"x\"]},\n";
          JsonReader r = JsonReader.of(new Generated("[", event, 1L << 30, "{}]"));
          long tokens = 0;
          while (r.next() != JsonToken.END_DOCUMENT) {
            tokens++;
          }
          long events = (1L << 30) / event.length();
          assertEquals(events * 13 + 4, tokens);
          assertEquals(JsonReader.DEFAULT_BUFFER, r.bufferCapacity(), "the buffer never grew");
        });
  }

  @Test
  void truncatedAtEveryOffset() {
    byte[] doc =
        ("{\"users\":[{\"_id\":\"45166552176594981065\",\"index\":692815193,\"isActive\":true,"
                + "\"name\":\"x\\u00e9y \u00e9\u20ac\",\"latitude\":-2.6395313895198393e-1,"
                + "\"tags\":[\"a\",\"b\"],\"friends\":[{\"id\":\"1\",\"n\":null,\"f\":false}],\"e\":{},\"z\":[]}]}")
            .getBytes(StandardCharsets.UTF_8);
    Json.parse(doc); // whole, it is fine
    for (int len = 0; len < doc.length; len++) {
      byte[] cut = Arrays.copyOf(doc, len);
      for (JsonException e : both(cut)) {
        int at = len;
        assertTrue(e.offset() <= at, () -> "offset " + e.offset() + " past the cut at " + at);
        assertTrue(
            e.getMessage().contains("end of input"),
            () -> "cut at " + at + ": " + e.getMessage());
      }
    }
  }

  @Test
  void collidingNamesAreNotQuadratic() {
    // 2^16 distinct names with one String.hashCode ("Aa" and "BB" collide, and so do their
    // concatenations): a table keyed on hashCode alone would take 2^31 comparisons.
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          StringBuilder sb = new StringBuilder("{");
          int n = 1 << 16;
          for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "\"" : ",\"");
            for (int bit = 15; bit >= 0; bit--) {
              sb.append((i >> bit & 1) == 0 ? "Aa" : "BB");
            }
            sb.append("\":").append(i);
          }
          sb.append('}');
          JsonObject o = Json.parse(sb.toString()).asObject();
          assertEquals(n, o.size());
          assertEquals(n - 1, o.getNumber("BB".repeat(16)).intValue());
        });
  }

  @Test
  void limitsCanBeTightenedAndLoosened() {
    Json tight =
        Json.builder().maxDepth(2).maxStringLength(3).maxNameLength(2).maxMembers(2)
            .maxDocumentLength(20).maxNumberLength(3).build();
    assertThrows(JsonException.class, () -> tight.read("[[[]]]"));
    assertThrows(JsonException.class, () -> tight.read("[\"abcd\"]"));
    assertThrows(JsonException.class, () -> tight.read("{\"abc\":1}"));
    assertThrows(JsonException.class, () -> tight.read("[1,2,3]"));
    assertThrows(JsonException.class, () -> tight.read("{\"a\":1,\"b\":2,\"c\":3}"));
    assertThrows(JsonException.class, () -> tight.read("[1234]"));
    JsonException doc = assertThrows(JsonException.class, () -> tight.read(new ByteArrayInputStream(
        "[1,2,                         3]".getBytes(StandardCharsets.US_ASCII))));
    assertEquals(20, doc.offset());
    assertEquals(Json.parse("[[\"abc\"]]"), tight.read("[[\"abc\"]]"));
    Json deep = Json.builder().maxDepth(5000).build();
    String nested = "[".repeat(5000) + "]".repeat(5000);
    assertEquals(nested, Json.toString(deep.read(nested)), "no recursion in reading or writing");
  }

  @Test
  void deepTreesCompareAndHashWithoutRecursion() throws Throwable {
    int levels = 20_000; // an object and an array per level: 40 000 deep
    String open = "{\"a\":[".repeat(levels);
    String close = "]}".repeat(levels);
    Json deep = Json.builder().maxDepth(2 * levels).build();
    JsonValue x = deep.read(open + "1" + close);
    JsonValue same = deep.read(open + "1.0" + close); // numbers are equal by value
    JsonValue other = deep.read(open + "2" + close);
    JsonValue longer = deep.read(open + "1,2" + close);
    SmallStack.run(() -> { // recursing through 40 000 levels would overflow its stack
      assertEquals(x, same);
      assertEquals(x.hashCode(), same.hashCode());
      assertNotEquals(x, other);
      assertNotEquals(x, longer);
      assertNotEquals(x.hashCode(), other.hashCode());
    });
  }

  @Test
  void treesHashAsListsAndMapsDoAndCompareObjectsInAnyOrder() {
    JsonValue v = Json.parse("{\"a\":[1,\"x\",{\"b\":null,\"c\":[true,false,[]]}],\"d\":{},\"e\":[[[2.5]]]}");
    assertEquals(recursiveHash(v), v.hashCode());
    assertEquals(Json.parse("{\"a\":1,\"b\":[2,{\"c\":3,\"d\":4}]}"), Json.parse("{\"b\":[2,{\"d\":4,\"c\":3}],\"a\":1}"));
    assertNotEquals(Json.parse("{\"a\":1,\"b\":[2]}"), Json.parse("{\"a\":1,\"c\":[2]}"));
    assertNotEquals(Json.parse("[1,[2]]"), Json.parse("[1,{}]"));
    assertNotEquals(Json.parse("[[1],[2]]"), Json.parse("[[1],[2,3]]"));
    assertNotEquals(Json.parse("[[1],[2]]"), Json.parse("[[1],[3]]"));
    assertNotEquals(Json.parse("{\"a\":{\"b\":1}}"), Json.parse("{\"a\":{\"b\":null}}"));
    assertNotEquals(Json.parse("[]"), Json.parse("{}"));
  }

  /** The hash code's definition, written recursively. */
  private static int recursiveHash(JsonValue v) {
    if (v instanceof JsonArray) {
      int h = 1;
      for (JsonValue e : (JsonArray) v) {
        h = 31 * h + recursiveHash(e);
      }
      return h;
    }
    if (v instanceof JsonObject) {
      JsonObject o = (JsonObject) v;
      int h = 0;
      for (String n : o.names()) {
        h += n.hashCode() ^ recursiveHash(o.get(n));
      }
      return h;
    }
    return v.hashCode();
  }

  /** The shown path is the whole path's start and end, with the count of what is left out between. */
  static void assertShortened(JsonException e) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(.*?)\\.\\.\\.\\((\\d+) characters\\)\\.\\.\\.(.*)")
        .matcher(e.shownPath());
    assertTrue(m.matches(), e.shownPath());
    assertTrue(e.path().startsWith(m.group(1)) && e.path().endsWith(m.group(3)), e.shownPath());
    assertEquals(e.path().length(), m.group(1).length() + Integer.parseInt(m.group(2)) + m.group(3).length());
  }

  /** Parses b whole and one byte at a time; both must fail the same way. */
  static JsonException[] both(byte[] b) {
    JsonException whole = assertThrows(JsonException.class, () -> Json.parse(b));
    JsonException bytes = assertThrows(JsonException.class, () -> Json.parse(new OneByteInputStream(b)));
    assertEquals(whole.getMessage(), bytes.getMessage());
    return new JsonException[] {whole, bytes};
  }
}
