package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Strings' own Latin-1 bytes, read where java.lang is opened to Brisk or through {@code
 * sun.misc.Unsafe}. This class runs three times in the build (four on JDK 24 and later), and the
 * property {@code brisk.test.stringsWay} tells each run which way it means to take, so that each
 * checks it took it (the writer's own tests, which the other runs repeat, then cover the writer on
 * that way):
 * the default run, with nothing set ({@code unsafe} on JDK 17 to 23, {@code copy} on 24 and
 * later); the {@code string-internals} run, with {@code --add-opens java.base/java.lang=ALL-UNNAMED}
 * ({@code opened}); the {@code string-copies} run, with {@code -Ddev.brisk.json.unsafe=false}
 * ({@code copy}); on JDK 24 and later, the {@code string-unsafe-allowed} run, with {@code
 * -Dsun.misc.unsafe.memory.access=allow}, the property that those JDKs set for {@code
 * --sun-misc-unsafe-memory-access=allow} and read either way ({@code unsafe}).
 */
class StringBytesTest {
  private static final String EXPECT_WAY = expectedWay();

  private static String expectedWay() {
    String way = System.getProperty("brisk.test.stringsWay");
    if (way != null) {
      return way;
    }
    return Runtime.version().feature() < 24 ? "unsafe" : "copy";
  }

  @Test
  void theRunTakesTheWayItMeans() {
    assertEquals(EXPECT_WAY, StringBytes.WAY, "StringBytes.WAY on JDK " + Runtime.version());
    boolean open = !EXPECT_WAY.equals("copy");
    assertEquals(open, StringBytes.OPEN);
    assertEquals(open, JsonWriter.stringsFromOwnArrays(), "what JsonWriter tells its users");
  }

  @Test
  void unsafeBelowJdk24OrWhereTheJvmAllowsItSilentlyAndNeverWhenThePropertyIsFalse() {
    assertTrue(StringBytes.unsafeAllowed(17, null, null));
    assertTrue(StringBytes.unsafeAllowed(23, "", null));
    assertTrue(StringBytes.unsafeAllowed(21, "true", "warn"));
    assertFalse(StringBytes.unsafeAllowed(24, null, null), "JDK 24 warns at Unsafe's memory methods");
    assertFalse(StringBytes.unsafeAllowed(25, "true", null), "the property alone does not silence the JDK");
    assertFalse(StringBytes.unsafeAllowed(25, null, "warn"));
    assertFalse(StringBytes.unsafeAllowed(25, null, "debug"));
    assertFalse(StringBytes.unsafeAllowed(26, null, "deny"));
    assertTrue(StringBytes.unsafeAllowed(24, null, "allow"), "--sun-misc-unsafe-memory-access=allow");
    assertTrue(StringBytes.unsafeAllowed(25, "true", "allow"));
    assertFalse(StringBytes.unsafeAllowed(25, "false", "allow"));
    assertFalse(StringBytes.unsafeAllowed(17, "false", null));
    assertFalse(StringBytes.unsafeAllowed(17, " FALSE ", null));
  }

  @Test
  void aLatin1StringGivesItsOwnArrayAndNoOtherStringDoes() {
    String[] latin1 = {"", "user-123456", "Zo\u00eb M\u00fcller?", new StringBuilder("built \u00ff").toString()};
    for (String s : latin1) {
      byte[] b = StringBytes.latin1(s);
      if (!StringBytes.OPEN) {
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
