package dev.brisk.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A Latin-1 string's own bytes, for the writer, where the application has opened {@code
 * java.lang} to Brisk: {@code --add-opens java.base/java.lang=ALL-UNNAMED} with Brisk on the class
 * path, {@code --add-opens java.base/java.lang=dev.brisk.json} with it on the module path. Then a
 * string whose characters are all Latin-1 (the usual kind: the JDK keeps such a string as one
 * byte per character) is written from its own array, instead of from a copy that {@code
 * getBytes(ISO_8859_1)} allocates. Without the option, or if a JDK's {@code String} is not laid
 * out as this class expects (checked once, on sample strings), {@link #latin1} answers null and the
 * writer takes the copy: the same bytes come out either way.
 *
 * <p>Only reads are made through these handles, and the array is never written to, nor kept.
 * No {@code sun.misc.Unsafe}: the handles are the ones {@link MethodHandles#privateLookupIn} gives
 * to code the module system lets in. Stateless and thread-safe.
 */
final class StringBytes {
  private StringBytes() {}

  private static final VarHandle VALUE;
  private static final VarHandle CODER;

  /** Whether {@link #latin1} can answer: java.lang is open to Brisk and String is as expected. */
  static final boolean OPEN;

  static {
    VarHandle value = null;
    VarHandle coder = null;
    try {
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup());
      value = l.findVarHandle(String.class, "value", byte[].class);
      coder = l.findVarHandle(String.class, "coder", byte.class);
      if (!laidOutAsExpected(value, coder)) {
        value = coder = null;
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Not opened (IllegalAccessException), or no such fields: the copy it is.
      value = coder = null;
    }
    VALUE = value;
    CODER = coder;
    OPEN = value != null;
  }

  /** Latin-1 strings read as coder 0 with their bytes; others, and -XX:-CompactStrings, not. */
  private static boolean laidOutAsExpected(VarHandle value, VarHandle coder) {
    String[] samples = {"", "plain", "Zo\u00eb \u00ff", new String(new char[] {'a', '\u00e9'})};
    for (String s : samples) {
      if ((byte) coder.get(s) == 0
          && !Arrays.equals((byte[]) value.get(s), s.getBytes(StandardCharsets.ISO_8859_1))) {
        return false;
      }
    }
    // A string beyond Latin-1 must not read as Latin-1.
    return (byte) coder.get("\u0100") != 0 && (byte) coder.get("a\u20ac") != 0;
  }

  /**
   * The string's own array of Latin-1 bytes, one per character, or null when the string has a
   * character beyond Latin-1 or java.lang is not open. The caller must not write to it.
   */
  static byte[] latin1(String s) {
    if (!OPEN) {
      return null;
    }
    return (byte) CODER.get(s) == 0 ? (byte[]) VALUE.get(s) : null;
  }
}
