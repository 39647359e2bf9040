package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Strings as the writer encodes them, against a reference encoder written here character by
 * character: Latin-1 letters (which the writer takes from the string's Latin-1 bytes), a real '?'
 * next to characters Latin-1 lacks (which those bytes show as '?'), escapes, characters of two,
 * three and four UTF-8 bytes, lone surrogates; into the growable buffer and through small stream
 * buffers whose end falls anywhere in them. And read back: the same strings, some characters
 * written as {@code \\u} escapes, from an array and from a stream, short and past the characters
 * the reader keeps for decoding.
 */
class StringEncodingTest {
  static final String[] PIECES = {
    "a", "plain ascii ", "0123456789abcdef", "?", "??", "\u00e9", "\u00ff", "\u0080", "\u00a0", "Zo\u00eb M\u00fcller",
    "\"", "\\", "\n", "\u0001", "\u001f", "\u007f", "/", "\u20ac", "\u6771\u4eac", "\ud83d\ude00", "\ud800", "\udc00",
    "\u2028"
  };

  /**
   * JSON text of s as the writer's defaults have it, one character at a time: short escapes where
   * JSON has them, {@code \\u} for other control characters and lone surrogates, UTF-8 otherwise.
   */
  static String reference(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
          if (c < 0x20 || Character.isSurrogate(c) && !pair) {
            sb.append(String.format("\\u%04x", (int) c));
          } else if (pair) {
            sb.append(c).append(s.charAt(++i));
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.append('"').toString();
  }

  static String randomString(SplittableRandom r, int pieces) {
    StringBuilder sb = new StringBuilder();
    for (int k = pieces; k > 0; k--) {
      sb.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }

  @Test
  void everyStringIsEncodedAsTheReferenceHasIt() {
    SplittableRandom r = new SplittableRandom(20261126);
    for (int n = 0; n < 20_000; n++) {
      String s = randomString(r, r.nextInt(12));
      String want = reference(s);
      assertEquals(want, JsonWriter.create().value(s).toString(), s);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JsonWriter w = JsonWriter.options().bufferSize(64 + r.nextInt(64)).to(out);
      w.beginArray().value("x".repeat(r.nextInt(64))).value(s).endArray().flush();
      String streamed = out.toString(StandardCharsets.UTF_8);
      assertEquals(want, streamed.substring(streamed.indexOf("\",") + 2, streamed.length() - 1), s);
    }
  }

  /**
   * Around the length up to which a string is written by a loop over its characters where
   * java.lang is not opened ({@link JsonWriter#SHORT_CHARS}; longer ones from a Latin-1 copy):
   * every piece above at every position of a plain string, as a value and as a member's value.
   * The loop must stop and hand over at the piece's first character, whatever the length.
   */
  @Test
  void shortStringsOnBothSidesOfTheCharacterLoopsLimitAreEncodedAsTheReferenceHasThem() {
    int checked = 0;
    for (int len = 0; len <= JsonWriter.SHORT_CHARS + 2; len++) {
      for (String piece : PIECES) {
        for (int at = 0; at <= len; at++) {
          String s = "a".repeat(at) + piece + "b".repeat(len - at);
          String want = reference(s);
          assertEquals(want, JsonWriter.create().value(s).toString(), s);
          assertEquals("{\"k\":" + want + "}", JsonWriter.create().beginObject().member("k", s).endObject().toString(), s);
          checked++;
        }
      }
      String plain = "p".repeat(len);
      assertEquals(reference(plain), JsonWriter.create().value(plain).toString());
    }
    assertEquals(PIECES.length * (JsonWriter.SHORT_CHARS + 3) * (JsonWriter.SHORT_CHARS + 4) / 2, checked);
  }

  @Test
  void aLongLatin1StringWithEscapesPastTheBufferIsWhole() {
    String s = "\u00e9\"a?b\u0001".repeat(700); // 4 200 characters: past the fast path's 4 096
    String t = "\u00e9\"a?b\u0001".repeat(600);
    for (String v : new String[] {s, t}) {
      assertEquals(reference(v), JsonWriter.create().value(v).toString());
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JsonWriter.options().bufferSize(64).to(out).value(v).flush();
      assertEquals(reference(v), out.toString(StandardCharsets.UTF_8));
    }
  }

  /** JSON text of s with a random share of its characters as backslash escapes of their own. */
  static String withEscapes(String s, SplittableRandom r) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\' || c < 0x20 || Character.isSurrogate(c) || r.nextInt(8) == 0) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }

  @Test
  void everyStringReadsBackAsItWasWritten() {
    SplittableRandom r = new SplittableRandom(20261127);
    List<String> strings = new ArrayList<>();
    StringBuilder json = new StringBuilder("[");
    for (int n = 0; n < 3_000; n++) {
      String s = randomString(r, n % 100 == 0 ? 2_000 : r.nextInt(12)); // now and then past 8 192 bytes
      strings.add(s);
      json.append(n == 0 ? "" : ",").append(r.nextBoolean() ? withEscapes(s, r) : reference(s));
    }
    byte[] bytes = json.append(']').toString().getBytes(StandardCharsets.UTF_8);
    for (JsonReader reader : new JsonReader[] {JsonReader.of(bytes), JsonReader.of(new ByteArrayInputStream(bytes))}) {
      try (JsonReader in = reader) {
        assertEquals(JsonToken.BEGIN_ARRAY, in.next());
        for (String s : strings) {
          assertEquals(s, in.nextString());
        }
        assertEquals(JsonToken.END_ARRAY, in.next());
      }
    }
  }
}
