package dev.brisk.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The member names a codec expects, encoded once, for {@link JsonReader#nextField}. A name of up
 * to 15 bytes of printable ASCII (no quote or backslash) is kept as two masked little-endian words
 * that hold the name and its closing quote, so that the reader compares it with the input in two
 * loads and two compares, without scanning it first. Other names are compared byte by byte.
 *
 * <p>Immutable and thread-safe; make one per codec and share it.
 */
public final class JsonNames {
  final byte[][] utf8;
  final byte[][] quoted; // "name": for names that need no escape, else null
  /*
   * fastLength and words hold the keys' lengths and words again, laid flat: the reader's loops
   * over all names (nextConstantMember's scan of an enum's constants, the name lookup, and
   * nextFieldInOrder's compare) read them from two arrays instead of following a Key per name.
   */
  final int[] fastLength; // keys[i].length: the name's length when the two words hold it, else -1
  final long[] words; // per name i, at 4 * i: keys[i]'s word 0, mask 0, word 1, mask 1
  final Key[] keys;
  /** For the writer: {@code "name":} and {@code ,"name":} as words, when the second fits 16 bytes. */
  final WriteKey[] writeKeys;

  /**
   * One name in the form {@link JsonReader}'s one-call member reads compare ({@link
   * JsonReader#nextStringMember} and its kin): the name's bytes and its closing quote as two
   * masked little-endian words, and the name's length; for a name that the words cannot hold (more
   * than 15 bytes, or not printable ASCII) length -1 and four zeros, which no input matches. Get
   * one from {@link JsonNames#key}.
   *
   * <p>A record so that, held in a {@code static final} field, the JIT takes its components as
   * constants: the compare is then two loads from the input and no loads from a table (the users
   * and Eishay documents read 5 % and 3 % faster than with the names' arrays, same-JVM A/B medians,
   * RESULTS.md). The constructor accepts only such a form, so no key makes the reader take bytes
   * that are not a well-formed name for one.
   *
   * <p>Immutable and thread-safe.
   *
   * @param word0 the first eight bytes of the name and its closing quote, masked
   * @param mask0 the mask of {@code word0}: {@code 0xff} for each byte the name and quote fill
   * @param word1 the next eight bytes, masked
   * @param mask1 the mask of {@code word1}
   * @param length the name's length in bytes (0 to 15), or -1 for a name compared otherwise
   */
  public record Key(long word0, long mask0, long word1, long mask1, int length) {
    /**
     * Checks that the words hold {@code length} bytes of printable ASCII other than quote and
     * backslash, then a quote, and nothing else.
     *
     * @throws IllegalArgumentException otherwise
     */
    public Key {
      if (length == -1) {
        if ((word0 | mask0 | word1 | mask1) != 0) {
          throw new IllegalArgumentException("a key of length -1 has four zero words");
        }
      } else if (length < 0 || length > 15) {
        throw new IllegalArgumentException("a key's length is 0 to 15, or -1; not " + length);
      } else {
        int k = length + 1; // the name and its quote
        if (mask0 != mask0(k) || mask1 != mask1(k) || (word0 & ~mask0) != 0 || (word1 & ~mask1) != 0) {
          throw new IllegalArgumentException("the masks of a key of length " + length + " cover exactly "
              + k + " bytes, and the words have no bits outside them");
        }
        for (int j = 0; j < length; j++) {
          int x = byteAt(word0, word1, j);
          if (x < 0x20 || x >= 0x80 || x == '"' || x == '\\') {
            throw new IllegalArgumentException(String.format(
                "byte %d of a key's name is 0x%02x: not printable ASCII other than quote and backslash", j, x));
          }
        }
        if (byteAt(word0, word1, length) != '"') {
          throw new IllegalArgumentException("a key's name is followed by its closing quote");
        }
      }
    }

    /** The key of a name's UTF-8 bytes. */
    static Key of(byte[] b) {
      if (b.length > 15 || !plain(b)) {
        return new Key(0, 0, 0, 0, -1);
      }
      byte[] withQuote = Arrays.copyOf(b, 16);
      withQuote[b.length] = '"';
      int k = b.length + 1;
      long m0 = mask0(k);
      long m1 = mask1(k);
      return new Key((long) Swar.LONGS.get(withQuote, 0) & m0, m0, (long) Swar.LONGS.get(withQuote, 8) & m1, m1, b.length);
    }

    private static long mask0(int k) {
      return k >= 8 ? -1L : (1L << (8 * k)) - 1;
    }

    private static long mask1(int k) {
      return k <= 8 ? 0L : k == 16 ? -1L : (1L << (8 * (k - 8))) - 1;
    }

    private static int byteAt(long word0, long word1, int j) {
      return (int) ((j < 8 ? word0 >>> (8 * j) : word1 >>> (8 * (j - 8))) & 0xff);
    }

    /** The name, as in {@code Key[height]}, or {@code Key[-1]} for a key no input matches. */
    @Override
    public String toString() {
      if (length < 0) {
        return "Key[-1]";
      }
      StringBuilder s = new StringBuilder("Key[");
      for (int j = 0; j < length; j++) {
        s.append((char) byteAt(word0, word1, j));
      }
      return s.append(']').toString();
    }
  }

  /**
   * One name in the form {@link JsonWriter}'s member calls write it: {@code "name":} and {@code
   * ,"name":} as two little-endian words each (the bytes past them zero), and the length of the
   * first; for a name those words cannot hold (one whose {@code ,"name":} passes 16 bytes, or
   * that needs escaping) length 0 and four zeros, and the writer copies the name's bytes instead.
   * Get one from {@link JsonNames#writeKey}.
   *
   * <p>A record for the same reason as {@link Key}: held in a {@code static final} field, its words
   * are constants to the JIT, and writing a name is two stores of immediates (the Eishay and users
   * documents written 10 % and 5 % faster than from the names' arrays, same-JVM A/B, RESULTS.md).
   * The constructor accepts only the words of a well-formed name that needs no escaping, so no
   * key makes the writer write bytes that are not JSON.
   *
   * <p>Immutable and thread-safe.
   *
   * @param plain0 the first eight bytes of {@code "name":}
   * @param plain1 the next eight, zero past the colon
   * @param comma0 the first eight bytes of {@code ,"name":}
   * @param comma1 the next eight, zero past the colon
   * @param length the length of {@code "name":} in bytes (3 to 15), or 0 for a name written otherwise
   */
  public record WriteKey(long plain0, long plain1, long comma0, long comma1, int length) {
    static final WriteKey NONE = new WriteKey(0, 0, 0, 0, 0);

    /**
     * Checks that the words are those {@link JsonNames} makes for a name of {@code length - 3}
     * bytes of well-formed UTF-8 that needs no escaping.
     *
     * @throws IllegalArgumentException otherwise
     */
    public WriteKey {
      if (length == 0) {
        if ((plain0 | plain1 | comma0 | comma1) != 0) {
          throw new IllegalArgumentException("a write key of length 0 has four zero words");
        }
      } else {
        if (length < 3 || length > 15) {
          throw new IllegalArgumentException("a write key's length is 3 to 15, or 0; not " + length);
        }
        byte[] name = Arrays.copyOfRange(bytes(plain0, plain1), 1, length - 2);
        byte[] q = quoted(name);
        long[] w = q == null ? null : writeWords(q);
        if (w == null || q.length != length || !Arrays.equals(new String(name, StandardCharsets.UTF_8)
            .getBytes(StandardCharsets.UTF_8), name) || w[0] != plain0 || w[1] != plain1 || w[2] != comma0
            || w[3] != comma1) {
          throw new IllegalArgumentException("the words of a write key are \"name\": and ,\"name\": for a name"
              + " of well-formed UTF-8 that needs no escaping, zero past the colon");
        }
      }
    }

    /** The name, as in {@code WriteKey[height]}, or {@code WriteKey[0]} for a name written otherwise. */
    @Override
    public String toString() {
      if (length == 0) {
        return "WriteKey[0]";
      }
      return "WriteKey[" + new String(bytes(plain0, plain1), 1, length - 3, StandardCharsets.UTF_8) + "]";
    }

    /**
     * The sixteen bytes of two little-endian words. Static: the compact constructor runs before
     * the fields are set, so it passes its parameters.
     */
    private static byte[] bytes(long plain0, long plain1) {
      byte[] plain = new byte[16];
      Swar.LONGS.set(plain, 0, plain0);
      Swar.LONGS.set(plain, 8, plain1);
      return plain;
    }
  }

  private JsonNames(String[] names) {
    int n = names.length;
    utf8 = new byte[n][];
    quoted = new byte[n][];
    fastLength = new int[n];
    words = new long[4 * n];
    keys = new Key[n];
    writeKeys = new WriteKey[n];
    for (int i = 0; i < n; i++) {
      checkWellFormed(names[i], i);
      byte[] b = names[i].getBytes(StandardCharsets.UTF_8);
      utf8[i] = b;
      quoted[i] = quoted(b);
      long[] w = quoted[i] == null ? null : writeWords(quoted[i]);
      writeKeys[i] = w == null ? WriteKey.NONE : new WriteKey(w[0], w[1], w[2], w[3], quoted[i].length);
      Key key = Key.of(b);
      keys[i] = key;
      words[4 * i] = key.word0;
      words[4 * i + 1] = key.mask0;
      words[4 * i + 2] = key.word1;
      words[4 * i + 3] = key.mask1;
      fastLength[i] = key.length;
    }
  }

  /**
   * A name must have a UTF-8 form: {@code getBytes} would turn a lone surrogate into {@code ?}, and
   * the codec would write and match a name other than the one it was given.
   */
  private static void checkWellFormed(String name, int index) {
    if (name == null) {
      throw new NullPointerException("name " + index + " is null");
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw new IllegalArgumentException(String.format(
            "name %d has a lone surrogate (U+%04X at index %d), which has no UTF-8 form", index, (int) c, i));
      }
    }
  }

  /**
   * {@code quoted} ({@code "name":}) and {@code ,"name":} as two little-endian words each, the
   * bytes past them zero, for the writer's two-store names; null when the second passes 16 bytes.
   */
  static long[] writeWords(byte[] quoted) {
    int n = quoted.length;
    if (n + 1 > 16) {
      return null;
    }
    byte[] plain = Arrays.copyOf(quoted, 16);
    byte[] comma = new byte[16];
    comma[0] = ',';
    System.arraycopy(quoted, 0, comma, 1, n);
    return new long[] {(long) Swar.LONGS.get(plain, 0), (long) Swar.LONGS.get(plain, 8),
        (long) Swar.LONGS.get(comma, 0), (long) Swar.LONGS.get(comma, 8)};
  }

  /** The bytes {@code "name":}, when the name needs no escape; else null. */
  private static byte[] quoted(byte[] b) {
    String s = new String(b, StandardCharsets.UTF_8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == '"' || c == '\\' || c == '/' || c == 0x2028 || c == 0x2029
          || Character.isSurrogate(c)) {
        return null;
      }
    }
    byte[] q = new byte[b.length + 3];
    q[0] = '"';
    System.arraycopy(b, 0, q, 1, b.length);
    q[b.length + 1] = '"';
    q[b.length + 2] = ':';
    return q;
  }

  private static boolean plain(byte[] b) {
    for (byte x : b) {
      if (x < 0x20 || x == '"' || x == '\\') { // negative bytes are not ASCII
        return false;
      }
    }
    return true;
  }

  /**
   * The names, in the order whose indexes {@link JsonReader#nextField} returns.
   *
   * @throws IllegalArgumentException when a name holds a lone surrogate (it has no UTF-8 form)
   */
  public static JsonNames of(String... names) {
    return new JsonNames(names.clone());
  }

  /**
   * Name {@code i} as a {@link Key}, for the reader's one-call member reads; generated codecs keep
   * each in a {@code static final} field.
   *
   * @throws IndexOutOfBoundsException when {@code i} is not below {@link #size()}
   */
  public Key key(int i) {
    return keys[Objects.checkIndex(i, keys.length)];
  }

  /**
   * Name {@code i} as a {@link WriteKey}, for the writer's member calls; generated codecs keep
   * each in a {@code static final} field.
   *
   * @throws IndexOutOfBoundsException when {@code i} is not below {@link #size()}
   */
  public WriteKey writeKey(int i) {
    return writeKeys[Objects.checkIndex(i, writeKeys.length)];
  }

  /** How many names there are. */
  public int size() {
    return utf8.length;
  }

  /** The UTF-8 bytes of name {@code i} (a copy). */
  public byte[] utf8(int i) {
    return utf8[i].clone();
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("JsonNames[");
    for (int i = 0; i < utf8.length; i++) {
      b.append(i == 0 ? "" : ", ").append(new String(utf8[i], StandardCharsets.UTF_8));
    }
    return b.append(']').toString();
  }
}
