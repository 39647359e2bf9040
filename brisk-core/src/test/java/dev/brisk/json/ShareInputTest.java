package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Trees whose strings refer to the input array (shareInput, and String input) read, compare and
 * write as trees whose strings copy their bytes; without the option they do not change when the
 * caller's array does.
 */
class ShareInputTest {
  static final String DOC =
      "{\"a\":\"plain\",\"b\":\"q\\\" \\\\ \\n \\u00e9 \\ud83d\\ude00\",\"c\":\"\u00fc\u65e5\",\"d\":\"\","
          + "\"e\":[\"x\",\"y\",{\"f\":\"plain\"}],\"n\":[1,2.50,-3e2]}";
  static final Json SHARING = Json.builder().shareInput(true).build();

  @Test
  void sharedStringsAreTheCopiedStrings() {
    byte[] utf8 = DOC.getBytes(StandardCharsets.UTF_8);
    JsonValue copied = Json.parse(utf8.clone());
    JsonValue shared = SHARING.read(utf8.clone());
    JsonValue fromString = Json.parse(DOC);
    assertEquals(copied, shared);
    assertEquals(copied, fromString);
    assertEquals(copied.hashCode(), shared.hashCode());
    assertArrayEquals(Json.toBytes(copied), Json.toBytes(shared));
    assertArrayEquals(Json.toBytes(copied), Json.toBytes(fromString));
    assertEquals("q\" \\ \n \u00e9 \ud83d\ude00", shared.asObject().get("b").asString());
    assertEquals("\u00fc\u65e5", shared.asObject().get("c").asString());
    assertEquals("", shared.asObject().get("d").asString());
    // Equal unescaped strings at other offsets of other arrays.
    assertEquals(shared.asObject().get("a"), shared.asObject().get("e").asArray().get(2).asObject().get("f"));
  }

  @Test
  void aSliceOfALargerArray() {
    byte[] doc = DOC.getBytes(StandardCharsets.UTF_8);
    byte[] padded = new byte[doc.length + 10];
    Arrays.fill(padded, (byte) 'z');
    System.arraycopy(doc, 0, padded, 5, doc.length);
    assertEquals(Json.parse(doc), SHARING.read(padded, 5, doc.length));
    assertArrayEquals(Json.toBytes(Json.parse(doc)), Json.toBytes(SHARING.read(padded, 5, doc.length)));
  }

  @Test
  void withoutTheOptionStringsOwnTheirBytes() {
    byte[] utf8 = "[\"abc\"]".getBytes(StandardCharsets.UTF_8);
    JsonValue copied = Json.parse(utf8);
    JsonValue shared = SHARING.read(utf8);
    utf8[2] = 'X';
    assertEquals("abc", copied.asArray().get(0).asString());
    assertEquals("[\"abc\"]", Json.toString(copied));
    // The shared tree was told the array would not change; it reads what is there now.
    assertNotEquals("abc", new String(Json.toBytes(shared), StandardCharsets.UTF_8).substring(2, 5));
  }

  @Test
  void aDocumentOverTheCopyOnceLimitHasEachStringCopied() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; sb.length() <= Json.COPY_ONCE_LIMIT; i++) {
      sb.append(i == 0 ? "" : ",").append("\"s").append(i).append(" \\u00e9\"");
    }
    String text = sb.append(']').toString();
    for (int extra : new int[] {0, 1}) { // just over the limit, and a slice of a larger array
      byte[] utf8 = new byte[text.length() + extra];
      System.arraycopy(text.getBytes(StandardCharsets.UTF_8), 0, utf8, extra, text.length());
      assertEquals(true, text.length() > Json.COPY_ONCE_LIMIT);
      JsonValue v = Json.DEFAULT.read(utf8, extra, text.length());
      Arrays.fill(utf8, (byte) '0'); // the caller's array changes; the tree must not
      assertEquals(Json.parse(text), v);
      assertEquals("s7 \u00e9", v.asArray().get(7).asString());
    }
  }

  @Test
  void errorsInACopiedSliceCountFromTheSlicesStart() {
    byte[] padded = "zzzzz[1,2,}zz".getBytes(StandardCharsets.UTF_8);
    JsonException e = assertThrows(JsonException.class, () -> Json.DEFAULT.read(padded, 5, 6));
    assertEquals(5, e.offset());
    assertEquals(6, e.column());
    assertThrows(IndexOutOfBoundsException.class, () -> Json.DEFAULT.read(padded, 10, 5));
  }

  @Test
  void streamsIgnoreTheOption() {
    byte[] utf8 = DOC.getBytes(StandardCharsets.UTF_8);
    JsonValue v = SHARING.read(new OneByteInputStream(utf8));
    assertEquals(Json.parse(utf8), v);
  }
}
