package dev.brisk.json;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A Latin-1 string's own bytes, for the writer: a string whose characters are all Latin-1 (the
 * usual kind: the JDK keeps such a string as one byte per character) is written from its own
 * array instead of from a copy that {@code getBytes(ISO_8859_1)} allocates (without the copy a
 * users document's write by its codec ran 1.21-1.24 times as fast on JDK 17; RESULTS.md). Two ways
 * reach the array, tried in this order:
 *
 * <ol>
 *   <li><b>Opened</b>: where the application opens {@code java.lang} to Brisk ({@code --add-opens
 *       java.base/java.lang=ALL-UNNAMED} with Brisk on the class path, {@code --add-opens
 *       java.base/java.lang=dev.brisk.json} with it on the module path), through the handles
 *       {@link MethodHandles#privateLookupIn} gives. Any JDK.
 *   <li><b>Unsafe</b>: otherwise, through {@code sun.misc.Unsafe}'s {@code getObject} and {@code
 *       getByte} (of the module {@code jdk.unsupported}), as fastjson2 and wast read it: on JDK 17
 *       to 23, and on JDK 24 and later only where the JVM allows those methods without a warning
 *       ({@code --sun-misc-unsafe-memory-access=allow}, which sets the system property {@value
 *       #MEMORY_ACCESS_PROPERTY}); by default JDK 24 and later print a warning at their first use
 *       (JEP 498), so Brisk leaves them alone there. Never where the system property {@value
 *       #UNSAFE_PROPERTY} is {@code false}.
 * </ol>
 *
 * <p>Either way, only two fields are read, the array is never written to, nor kept, and {@code
 * String}'s layout is checked once, on sample strings, before the way is taken: a JDK whose strings
 * are laid out otherwise, or run with {@code -XX:-CompactStrings}, gets the copy. Where neither way
 * is open {@link #latin1} answers null and the writer takes the copy. The bytes written are the
 * same every way; the build runs the writer's tests each way.
 *
 * <p>Stateless and thread-safe.
 */
final class StringBytes {
  private StringBytes() {}

  /** The system property that, set to {@code false}, keeps Brisk from using {@code sun.misc.Unsafe}. */
  static final String UNSAFE_PROPERTY = "dev.brisk.json.unsafe";

  /**
   * The system property in which JDK 24 and later keep the launcher's {@code
   * --sun-misc-unsafe-memory-access} option ({@code allow}, {@code warn}, {@code debug} or {@code
   * deny}; JEP 498); only {@code allow} lets Unsafe's memory methods run without a warning.
   */
  static final String MEMORY_ACCESS_PROPERTY = "sun.misc.unsafe.memory.access";

  /** The way taken: {@code "opened"}, {@code "unsafe"} or {@code "copy"}. */
  static final String WAY;

  /** Whether {@link #latin1} can answer: {@link #WAY} is not the copy. */
  static final boolean OPEN;

  // The opened way.
  private static final VarHandle VALUE;
  private static final VarHandle CODER;

  // The Unsafe way: Unsafe.getObject(Object, long) and getByte(Object, long) bound to the
  // instance, invoked as constants (the JIT inlines them as it does direct calls); looked up by
  // name so that nothing here names sun.misc at compile time.
  private static final MethodHandle GET_OBJECT;
  private static final MethodHandle GET_BYTE;
  private static final long VALUE_OFFSET;
  private static final long CODER_OFFSET;

  static {
    VarHandle value = null;
    VarHandle coder = null;
    try {
      MethodHandles.Lookup l = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup());
      value = l.findVarHandle(String.class, "value", byte[].class);
      coder = l.findVarHandle(String.class, "coder", byte.class);
      if (!laidOutAsExpected(value, coder, null, null, 0, 0)) {
        value = coder = null;
      }
    } catch (Throwable e) {
      // Not opened (IllegalAccessException), or no such fields: maybe the Unsafe way, else the copy.
      value = coder = null;
    }
    VALUE = value;
    CODER = coder;

    MethodHandle getObject = null;
    MethodHandle getByte = null;
    long valueOffset = -1;
    long coderOffset = -1;
    if (value == null && unsafeAllowed(Runtime.version().feature(), System.getProperty(UNSAFE_PROPERTY),
        System.getProperty(MEMORY_ACCESS_PROPERTY))) {
      try {
        Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
        Field the = unsafeClass.getDeclaredField("theUnsafe");
        the.setAccessible(true); // jdk.unsupported opens sun.misc to every module
        Object unsafe = the.get(null);
        MethodHandles.Lookup pub = MethodHandles.publicLookup();
        MethodHandle offset = pub.findVirtual(unsafeClass, "objectFieldOffset",
            MethodType.methodType(long.class, Field.class)).bindTo(unsafe);
        valueOffset = (long) offset.invokeExact(String.class.getDeclaredField("value"));
        coderOffset = (long) offset.invokeExact(String.class.getDeclaredField("coder"));
        getObject = pub.findVirtual(unsafeClass, "getObject",
            MethodType.methodType(Object.class, Object.class, long.class)).bindTo(unsafe);
        getByte = pub.findVirtual(unsafeClass, "getByte",
            MethodType.methodType(byte.class, Object.class, long.class)).bindTo(unsafe);
        if (!laidOutAsExpected(null, null, getObject, getByte, valueOffset, coderOffset)) {
          getObject = getByte = null;
        }
      } catch (Throwable e) {
        // No jdk.unsupported in the module graph, no such fields, or a JDK that refuses: the copy.
        getObject = getByte = null;
      }
    }
    GET_OBJECT = getObject;
    GET_BYTE = getByte;
    VALUE_OFFSET = valueOffset;
    CODER_OFFSET = coderOffset;
    WAY = value != null ? "opened" : getObject != null ? "unsafe" : "copy";
    OPEN = !WAY.equals("copy");
  }

  /**
   * Whether the Unsafe way may be tried on JDK {@code feature}, with {@code property} the value of
   * {@value #UNSAFE_PROPERTY} and {@code memoryAccess} that of {@value #MEMORY_ACCESS_PROPERTY}
   * (either may be null): never where the first is {@code false}; otherwise below JDK 24, and on
   * 24 and later where the JVM allows Unsafe's memory methods without a warning.
   */
  static boolean unsafeAllowed(int feature, String property, String memoryAccess) {
    if ("false".equalsIgnoreCase(property == null ? "" : property.trim())) {
      return false;
    }
    return feature < 24 || "allow".equals(memoryAccess);
  }

  /**
   * Whether {@code value} and {@code coder} as read from sample strings, by the opened way's
   * handles (non-null {@code valueField}) or else by Unsafe's, are as this class expects: a
   * Latin-1 string as coder 0 with its bytes (or, under -XX:-CompactStrings, not as coder 0), and
   * a string beyond Latin-1 never as coder 0.
   */
  private static boolean laidOutAsExpected(VarHandle valueField, VarHandle coderField,
      MethodHandle getObject, MethodHandle getByte, long valueOffset, long coderOffset) throws Throwable {
    String[] latin1 = {"", "plain", "Zo\u00eb \u00ff", new String(new char[] {'a', '\u00e9'})};
    String[] beyond = {"\u0100", "a\u20ac"};
    for (String[] samples : new String[][] {latin1, beyond}) {
      for (String s : samples) {
        byte[] value = valueField != null
            ? (byte[]) valueField.get(s)
            : (byte[]) (Object) getObject.invokeExact((Object) s, valueOffset);
        int coder = coderField != null ? (byte) coderField.get(s) : (byte) getByte.invokeExact((Object) s, coderOffset);
        boolean expected = samples == beyond
            ? coder != 0
            : coder != 0 || Arrays.equals(value, s.getBytes(StandardCharsets.ISO_8859_1));
        if (!expected) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The string's own array of Latin-1 bytes, one per character, or null when the string has a
   * character beyond Latin-1 or neither way is open. The caller must not write to it.
   */
  static byte[] latin1(String s) {
    if (VALUE != null) {
      return (byte) CODER.get(s) == 0 ? (byte[]) VALUE.get(s) : null;
    }
    if (GET_OBJECT != null) {
      try { // the handles straight from their static final fields, where the JIT folds them
        return (byte) GET_BYTE.invokeExact((Object) s, CODER_OFFSET) == 0
            ? (byte[]) (Object) GET_OBJECT.invokeExact((Object) s, VALUE_OFFSET)
            : null;
      } catch (Throwable e) { // Unsafe's reads throw nothing; the compiler cannot know that
        throw new IllegalStateException(e);
      }
    }
    return null;
  }
}
