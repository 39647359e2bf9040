package dev.brisk.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * SIMD within a register: tests eight bytes at once, read as one little-endian long.
 *
 * <p>{@link #specialBytes} marks the bytes a string scanner must stop at. The zero-byte test
 * {@code (v - 0x01..) & ~v & 0x80..} can mark a byte falsely, but only above a true mark (the
 * borrow runs upward), so the lowest mark is always exact, which is all a scanner uses.
 */
final class Swar {
  private Swar() {}

  static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long QUOTES = ONES * '"';
  private static final long BACKSLASHES = ONES * '\\';
  private static final long SPACES = ONES * 0x20;

  /**
   * Non-zero when one of the eight bytes is a quote, a backslash, a control character (below
   * 0x20) or not ASCII (0x80 and up); the lowest set bit is the high bit of the first such byte.
   */
  static long specialBytes(long x) {
    long q = x ^ QUOTES;
    long b = x ^ BACKSLASHES;
    return ((q - ONES) & ~q | (b - ONES) & ~b | (x - SPACES) & ~x | x) & HIGHS;
  }
}
