package dev.brisk.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * SIMD within a register: tests eight bytes at once, read as one little-endian long.
 *
 * <p>{@link #specialBytes} marks the bytes a string scanner must stop at, in two terms. Per byte,
 * without a borrow: {@code (b ^ 0x02) - 0x21} has its high bit set when {@code b ^ 0x02} is below
 * 0x21, which is b below 0x20 (the XOR only swaps control characters among themselves) or b a
 * quote (0x22 becomes 0x20), and when {@code b ^ 0x02} is 0xA1 or more (most b >= 0x80); {@code
 * (b ^ '\\') - 1} when b is a backslash, and for every b >= 0x80 but 0xDC, which the first term
 * marks. No ASCII byte from 0x20 up but the quote and the backslash is marked (the first term is at
 * most 0x5E there, the second at most 0x7E), so the usual {@code & ~v} of the zero-byte test is not
 * needed. A borrow comes only from a byte below that underflowed, which is itself marked, so a
 * false mark can only stand above a true one: the lowest mark is always exact, which is all a
 * scanner uses. The first term stands for three this class had before ({@code (b ^ '"') - 1},
 * {@code b - 0x20} and b itself), with which users documents were written 4-5 % slower and read at
 * 100 KB 7 % slower (same-JVM A/Bs, RESULTS.md).
 */
final class Swar {
  private Swar() {}

  static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  static final VarHandle SHORTS =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long BACKSLASHES = ONES * '\\';
  private static final long QUESTION_MARKS = ONES * '?';
  /** XOR-ed in, turns a quote into 0x20: one subtraction of 0x21 then marks it and the controls. */
  private static final long TWOS = ONES * 0x02;
  private static final long QUOTE_BOUNDS = ONES * 0x21;

  /**
   * Non-zero when one of the eight bytes is a quote, a backslash, a control character (below
   * 0x20) or not ASCII (0x80 and up); the lowest set bit is the high bit of the first such byte.
   */
  static long specialBytes(long x) {
    return ((x ^ TWOS) - QUOTE_BOUNDS | (x ^ BACKSLASHES) - ONES) & HIGHS;
  }

  /**
   * Whether {@code b} holds a {@code '?'}, eight bytes a step: {@code (t - 1) & ~t} has a byte's
   * high bit set exactly when some byte of {@code t} is zero (a borrow can only make a false mark
   * above a true one), and the bytes of {@code t = x ^ '?'...} are zero where x holds '?'.
   */
  static boolean hasQuestionMark(byte[] b) {
    int i = 0;
    for (int n = b.length - 7; i < n; i += 8) {
      long t = (long) LONGS.get(b, i) ^ QUESTION_MARKS;
      if (((t - ONES) & ~t & HIGHS) != 0) {
        return true;
      }
    }
    for (; i < b.length; i++) {
      if (b[i] == '?') {
        return true;
      }
    }
    return false;
  }

  /**
   * Non-zero when one of the eight bytes is not an ASCII digit; the lowest set bit is the high bit
   * of the first such byte. Per byte, {@code b - '0'} has its high bit set when b is below '0' (or
   * from 0xB0 up) and {@code b + 0x46} when b is above '9' (up to 0xB9): a digit sets neither, and
   * every other byte one of them. A borrow (from a byte below '0') or a carry (from one of 0xBA and
   * up) comes only from a byte that is itself marked, so a false mark can only stand above a true
   * one.
   */
  static long nonDigits(long x) {
    return (x - 0x3030303030303030L | x + 0x4646464646464646L) & 0x8080808080808080L;
  }

  /**
   * The marks a writer's scan of a string's Latin-1 bytes stops at: {@link #plainMarks} in
   * getBytes' copy ({@code copy}), where a '?' may stand for a character Latin-1 lacks, and {@link
   * #specialBytes} in the string's own array, where a '?' is itself.
   */
  static long stops(long x, boolean copy) {
    return copy ? plainMarks(x) : specialBytes(x);
  }

  /** {@link #stops} for one byte {@code c} (sign-extended, so every byte from 0x80 up stops). */
  static boolean stopsAt(int c, boolean copy) {
    return c < 0x20 || c == '"' || c == '\\' || copy && c == '?';
  }

  /**
   * The length of the plain prefix of all of {@code src}, found by reading it a word at a time
   * (the last word overlapping the one before it) and writing nothing, for the caller to copy with
   * one {@code System.arraycopy}: users documents were written by a codec 5-7 % faster at 100 KB
   * and 0-3 % faster at 1 KB than with {@link #copyPlain}'s store of every word (same-JVM A/Bs,
   * RESULTS.md). Plain is ASCII from 0x20 up without quote or backslash, and, when {@code copy}
   * says that {@code src} came from {@link String#getBytes(java.nio.charset.Charset) getBytes},
   * without {@code '?'} (there a '?' may stand for a character Latin-1 lacks; in a string's own
   * array it is itself).
   */
  static int plainLength(byte[] src, boolean copy) {
    int last = src.length - 8; // the array's own bound, the one the view's index check tests
    int i = 0;
    for (; i <= last; i += 8) {
      long x = (long) LONGS.get(src, i);
      long m = stops(x, copy);
      if (m != 0) {
        return i + (Long.numberOfTrailingZeros(m) >>> 3);
      }
    }
    if (i == src.length) {
      return i;
    }
    if (last >= 0) { // the rest, shorter than a word: the last word, over bytes found plain already
      long x = (long) LONGS.get(src, last);
      long m = stops(x, copy);
      return m == 0 ? src.length : last + (Long.numberOfTrailingZeros(m) >>> 3);
    }
    for (; i < src.length; i++) {
      int c = src[i];
      if (stopsAt(c, copy)) {
        return i;
      }
    }
    return i;
  }

  /**
   * Copies the plain prefix of {@code src[from, to)} to {@code dst} at {@code at}, and returns the
   * index in {@code src} where that prefix ends. Plain is as for {@link #plainLength}: ASCII from
   * 0x20 up without quote or backslash, and, when {@code copy} says that {@code src} came from
   * {@link String#getBytes(java.nio.charset.Charset) getBytes}, without {@code '?'} (the
   * replacement for a character getBytes could not encode, which only the caller can tell from a
   * real one). Copies in whole words, so bytes after the prefix may be written too, never beyond
   * {@code at + (to - from)}: the caller overwrites them.
   */
  static int copyPlain(byte[] src, int from, int to, byte[] dst, int at, boolean copy) {
    final int shift = at - from;
    int i = from;
    while (i + 8 <= to) {
      long x = (long) LONGS.get(src, i);
      LONGS.set(dst, i + shift, x);
      long m = stops(x, copy);
      if (m != 0) {
        return i + (Long.numberOfTrailingZeros(m) >>> 3);
      }
      i += 8;
    }
    if (i == to) {
      return i;
    }
    // The rest, shorter than a word: one more word ending at 'to', overlapping bytes already
    // found plain (which, being plain, carry no mark, true or false).
    if (to - from >= 8) {
      int j = to - 8;
      long x = (long) LONGS.get(src, j);
      LONGS.set(dst, j + shift, x);
      long m = stops(x, copy);
      return m == 0 ? to : j + (Long.numberOfTrailingZeros(m) >>> 3);
    }
    if (to - i >= 4) {
      int x = (int) INTS.get(src, i);
      INTS.set(dst, i + shift, x);
      long y = x & 0xFFFFFFFFL; // the upper four bytes zero, marked as controls, and masked off
      long m = stops(y, copy) & 0x80808080L;
      if (m != 0) {
        return i + (Long.numberOfTrailingZeros(m) >>> 3);
      }
      i += 4;
    }
    for (; i < to; i++) {
      int c = src[i];
      if (stopsAt(c, copy)) {
        return i;
      }
      dst[i + shift] = (byte) c;
    }
    return i;
  }

  /**
   * The high bit of every byte of {@code x} that a scan of getBytes' copy must stop at, and maybe
   * above: {@link #specialBytes}' two terms and {@code (b ^ '?') - 1}, which marks '?' (and every
   * b >= 0x80 but 0xBF, marked already), with the same exact lowest mark.
   */
  static long plainMarks(long x) {
    return ((x ^ TWOS) - QUOTE_BOUNDS | (x ^ BACKSLASHES) - ONES | (x ^ QUESTION_MARKS) - ONES)
        & HIGHS;
  }
}
