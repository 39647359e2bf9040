package dev.brisk.json;

/**
 * Decimal digits of non-negative longs, for the writer's integers and {@link DoubleFormat}'s
 * significands: the count from the bit length and one table compare, the digits four at a time
 * (two pairs from one division, each pair one two-byte store), in int arithmetic once the rest
 * fits an int. Stateless and thread-safe.
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

  /** Writes the {@code n = count(v)} digits of {@code v >= 0} at {@code b[p]}; returns p + n. */
  static int write(long v, int n, byte[] b, int p) {
    int i = p + n;
    while (v > Integer.MAX_VALUE) {
      long q = v / 10_000;
      write4((int) (v - q * 10_000), b, i - 4);
      i -= 4;
      v = q;
    }
    int w = (int) v;
    while (w >= 10_000) {
      int q = w / 10_000;
      write4(w - q * 10_000, b, i - 4);
      i -= 4;
      w = q;
    }
    // The last one to four digits.
    if (w >= 100) {
      int q = w / 100;
      Swar.SHORTS.set(b, i - 2, (short) PAIRS_LE[w - q * 100]);
      i -= 2;
      w = q;
    }
    writeUnder100(w, b, w >= 10 ? i - 2 : i - 1);
    return p + n;
  }

  /**
   * Writes the four digits of {@code 0 <= v < 10000}, leading zeros included, at {@code b[p]}:
   * its two pairs come from one division, not one after the other as a loop of pairs has them
   * (each pair's division waits for the last), so long numbers are written a third faster.
   */
  private static void write4(int v, byte[] b, int p) {
    int hi = v / 100;
    int lo = v - hi * 100;
    Swar.INTS.set(b, p, PAIRS_LE[hi] | PAIRS_LE[lo] << 16);
  }
}
