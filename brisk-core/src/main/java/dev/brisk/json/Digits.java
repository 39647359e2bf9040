package dev.brisk.json;

/**
 * Decimal digits of non-negative longs, for the writer's integers and {@link DoubleFormat}'s
 * significands: the count from the bit length and one table compare, the digits eight at a time
 * (split by multiplies in the lanes of a long, then one store). Stateless and thread-safe.
 */
final class Digits {
  private Digits() {}

  /** "00" to "99", each as the little-endian short of its two bytes, stored in one write. */
  private static final int[] PAIRS_LE = new int[100];

  /** 10^0 to 10^18. */
  private static final long[] POW10 = new long[19];

  static {
    for (int i = 0; i < 100; i++) {
      PAIRS_LE[i] = ('0' + i / 10) | ('0' + i % 10) << 8;
    }
    POW10[0] = 1;
    for (int i = 1; i < 19; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  /** The number of decimal digits of {@code v >= 0} (1 for 0). */
  static int count(long v) {
    // floor(log10(2) * bit length) is the digit count or one less; 1233 / 4096 ~ log10(2).
    int t = (64 - Long.numberOfLeadingZeros(v | 1)) * 1233 >>> 12;
    return t < 19 && v >= POW10[t] ? t + 1 : Math.max(t, 1);
  }

  /** Writes the one or two digits of {@code 0 <= v < 100} at {@code b[p]}; returns the end. */
  static int writeUnder100(int v, byte[] b, int p) {
    if (v < 10) {
      b[p] = (byte) ('0' + v);
      return p + 1;
    }
    Swar.SHORTS.set(b, p, (short) PAIRS_LE[v]);
    return p + 2;
  }

  /** '0' in each byte of a long: added to eight digits 0-9, their ASCII bytes. */
  private static final long ZEROS = 0x3030_3030_3030_3030L;

  /**
   * Writes the {@code count(v)} digits of {@code v >= 0} at {@code b[p]}; returns the end. The
   * digits go eight at a time, each eight one store of a long, so {@code b} must have room for
   * {@code max(count(v), 8)} bytes at {@code p}: past the digits of a number under 10^8 the
   * store leaves bytes the caller writes over or does not count.
   */
  static int write(long v, byte[] b, int p) {
    if (v < 100_000_000) {
      return upTo8((int) v, b, p);
    }
    long hi = v / 100_000_000;
    int lo = (int) (v - hi * 100_000_000);
    if (hi < 100_000_000) {
      p = upTo8((int) hi, b, p);
    } else { // 17 to 19 digits: hi's own top is under 1000
      long top = hi / 100_000_000;
      p = upTo8((int) top, b, p);
      Swar.LONGS.set(b, p, digits8((int) (hi - top * 100_000_000)) + ZEROS);
      p += 8;
    }
    Swar.LONGS.set(b, p, digits8(lo) + ZEROS);
    return p + 8;
  }

  /**
   * Writes the {@code n = count(v)} digits of {@code v >= 0} with a '.' after the first {@code dp}
   * of them ({@code 1 <= dp < n}, {@code dp <= 7}: a double's plain layout) at {@code b[p]};
   * returns the end, {@code p + n + 1}. {@code b} must have room for {@code max(n + 1, 9)} bytes
   * at {@code p}. The digits go as in {@link #write}, one place to the right, and then one word at
   * {@code p} holds the first {@code dp} digits, the point and the next ones, made from the first
   * eight digits as they are still in registers: reading them back from the array instead, across
   * two of the stores just made, is a load the CPU cannot forward from its store buffer.
   */
  static int writePointed(long v, int n, int dp, byte[] b, int p) {
    long first; // the first eight digits, those past n garbage
    if (n <= 8) {
      first = digits8((int) v) + ZEROS >>> ((8 - n) << 3);
      Swar.LONGS.set(b, p + 1, first);
    } else {
      long hi = v / 100_000_000;
      long low = digits8((int) (v - hi * 100_000_000)) + ZEROS;
      int k = n - 8; // hi's digits
      if (k > 8) { // 17 to 19 digits: hi's own top is under 1000
        long top = hi / 100_000_000;
        long mid = digits8((int) (hi - top * 100_000_000)) + ZEROS;
        k -= 8;
        first = digits8((int) top) + ZEROS >>> ((8 - k) << 3);
        Swar.LONGS.set(b, p + 1, first);
        Swar.LONGS.set(b, p + 1 + k, mid);
        Swar.LONGS.set(b, p + 9 + k, low);
        first |= mid << (k << 3);
      } else {
        first = digits8((int) hi) + ZEROS >>> ((8 - k) << 3);
        Swar.LONGS.set(b, p + 1, first);
        Swar.LONGS.set(b, p + 1 + k, low);
        if (k < 8) {
          first |= low << (k << 3);
        }
      }
    }
    long before = (1L << (dp << 3)) - 1;
    Swar.LONGS.set(b, p, first & before | (long) '.' << (dp << 3) | first << 8 & ~before << 8);
    return p + n + 1;
  }

  /**
   * Writes {@code 0 <= v < 10^8} without its leading zeros, as one long store at {@code b[p]} (8
   * bytes of room); returns the end.
   */
  private static int upTo8(int v, byte[] b, int p) {
    long d = digits8(v);
    // A leading zero digit is a zero byte at the low end; the last digit counts as non-zero, so
    // that 0 is written as "0".
    int lead = Long.numberOfTrailingZeros(d | 1L << 56) >>> 3;
    Swar.LONGS.set(b, p, d + ZEROS >>> (lead << 3));
    return p + 8 - lead;
  }

  /**
   * The eight decimal digits of {@code 0 <= v < 10^8}, each 0-9, as the bytes of a little-endian
   * long, the most significant first: the two halves of four digits in 32-bit lanes, each split
   * into pairs by one multiply (x * 10486 >>> 20 is x / 100 below 10^4) and each pair into digits
   * by another (x * 103 >>> 10 is x / 10 below 100), all lanes at once. DigitsTest checks every v.
   */
  static long digits8(int v) {
    int hi = v / 10_000;
    long quads = hi | (long) (v - hi * 10_000) << 32;
    long hundreds = (quads * 10_486L >>> 20) & 0x0000_007F_0000_007FL;
    long pairs = hundreds | (quads - 100 * hundreds) << 16;
    long tens = (pairs * 103L >>> 10) & 0x000F_000F_000F_000FL;
    return tens | (pairs - 10 * tens) << 8;
  }
}
