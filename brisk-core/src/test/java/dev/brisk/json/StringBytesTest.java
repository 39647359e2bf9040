package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Strings' own Latin-1 bytes, read where java.lang is opened to Brisk. This class runs twice in
 * the build: in the default test run, where nothing is opened, and in the {@code
 * string-internals} run, with {@code --add-opens java.base/java.lang=ALL-UNNAMED}; the property
 * {@code brisk.test.stringsOpen} says which, so that each run checks it took the path it meant to
 * (the writer's own tests, which the second run repeats, then cover the writer on that path).
 */
class StringBytesTest {
  private static final boolean EXPECT_OPEN = Boolean.getBoolean("brisk.test.stringsOpen");

  @Test
  void openExactlyWhenTheRunOpensJavaLang() {
    assertEquals(EXPECT_OPEN, StringBytes.OPEN,
        "StringBytes.OPEN in a run with brisk.test.stringsOpen=" + EXPECT_OPEN);
    assertEquals(EXPECT_OPEN, JsonWriter.stringsFromOwnArrays(), "what JsonWriter tells its users");
  }

  @Test
  void aLatin1StringGivesItsOwnArrayAndNoOtherStringDoes() {
    String[] latin1 = {"", "user-123456", "Zo\u00eb M\u00fcller?", new StringBuilder("built \u00ff").toString()};
    for (String s : latin1) {
      byte[] b = StringBytes.latin1(s);
      if (!EXPECT_OPEN) {
        assertNull(b, s);
        continue;
      }
      assertArrayEquals(s.getBytes(StandardCharsets.ISO_8859_1), b, s);
      assertSame(b, StringBytes.latin1(s), "the string's own array, not a copy: " + s);
    }
    for (String s : new String[] {"\u20ac", "a\u0100", "\u6771\u4eac", "\ud83d\ude00", "Zo\u00eb \u2028"}) {
      assertNull(StringBytes.latin1(s), "beyond Latin-1: " + s);
    }
  }

  @Test
  void theWriterWritesTheSameBytesEitherWay() {
    String[] strings = {"user-123456", "Zo\u00eb M\u00fcller", "line\n\"quoted\" ?", "\u00ff\u00e9", "a\u20ac?", ""};
    for (String s : strings) {
      assertEquals(StringEncodingTest.reference(s),
          new String(JsonWriter.create().value(s).toByteArray(), StandardCharsets.UTF_8), s);
    }
  }
}
