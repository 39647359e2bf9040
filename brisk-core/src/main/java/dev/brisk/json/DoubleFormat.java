package dev.brisk.json;

import java.math.BigInteger;

/**
 * Writes a finite double as the shortest decimal that reads back to the same double, choosing the
 * one closest to it when several are that short (where one digit would do, two are written when
 * that is closer: {@code 4.9E-324}, as {@code Double.toString} specifies) (Raffaello Giulietti's Schubfach algorithm, "The
 * Schubfach way to render doubles", 2020). JDK 19 and later use the same algorithm in {@code
 * Double.toString}; JDK 17, which Brisk supports, sometimes writes more digits than needed
 * (JDK-4511638), so Brisk carries its own.
 *
 * <p>The text has the layout of {@code Double.toString}: plain ({@code 0.001}, {@code 1234567.0})
 * for magnitudes in [10<sup>-3</sup>, 10<sup>7</sup>), otherwise computerized scientific notation
 * ({@code 1.0E-5}, {@code 4.9E-324}). Both are valid JSON numbers, and the ".0" keeps a whole
 * double recognisable as a floating-point number to other readers.
 *
 * <p>Two kinds of double take a short path to the same text: whole numbers below 2<sup>53</sup>, and
 * doubles of [10<sup>-3</sup>, 10<sup>7</sup>) with up to four decimals (prices, measures: {@code
 * 523.17}), which are written from their digits without the powers of ten (mixpanel-shaped
 * org.json batches, one such double in 23 values, 11 % faster in a same-JVM A/B).
 *
 * <p>The table of 617 126-bit powers of ten is computed exactly with {@link BigInteger} once, when
 * the class is first used. Stateless and thread-safe.
 */
final class DoubleFormat {
  private DoubleFormat() {}

  /** The most bytes {@link #write} writes. */
  static final int MAX_CHARS = 24;

  private static final int P = 53; // precision of double
  private static final int Q_MIN = -1074; // exponent of the smallest subnormal
  private static final long C_MIN = 1L << (P - 1);
  private static final long C_TINY = 3; // ceil(2^(P-1) 10^-(17-1) ...): subnormals below it need a digit more
  private static final int K_MIN = -324;
  private static final int K_MAX = 292;
  private static final long MASK_63 = (1L << 63) - 1;

  /** g1 and g0 of floor(10^-k 2^-r) + 1, for k in [K_MIN, K_MAX], with r = flog2pow10(-k) - 125. */
  private static final long[] G = table();

  private static long[] table() {
    long[] g = new long[2 * (K_MAX - K_MIN + 1)];
    for (int k = K_MIN; k <= K_MAX; k++) {
      int r = flog2pow10(-k) - 125;
      BigInteger num = BigInteger.ONE;
      BigInteger den = BigInteger.ONE;
      if (k < 0) {
        num = num.multiply(BigInteger.TEN.pow(-k));
      } else {
        den = den.multiply(BigInteger.TEN.pow(k));
      }
      if (r < 0) {
        num = num.shiftLeft(-r);
      } else {
        den = den.shiftLeft(r);
      }
      BigInteger v = num.divide(den).add(BigInteger.ONE);
      int i = 2 * (k - K_MIN);
      g[i] = v.shiftRight(63).longValueExact();
      g[i + 1] = v.longValue() & MASK_63;
    }
    return g;
  }

  /** floor(log10(2^e)) for |e| <= 5456721. */
  private static int flog10pow2(int e) {
    return (int) (e * 661_971_961_083L >> 41);
  }

  /** floor(log10(3/4 2^e)) for |e| <= 2_132_163. */
  private static int flog10threeQuartersPow2(int e) {
    return (int) (e * 661_971_961_083L + -274_743_187_321L >> 41);
  }

  /** floor(log2(10^e)) for |e| <= 1_233_110. */
  private static int flog2pow10(int e) {
    return (int) (e * 913_124_641_741L >> 38);
  }

  /**
   * Writes finite {@code v} at {@code pos} (capacity for {@link #MAX_CHARS} bytes is the caller's
   * job) and returns the position after it.
   */
  static int write(double v, byte[] buf, int pos) {
    return write(v, buf, pos, true);
  }

  /**
   * {@link #write} without its short paths for integers and few decimals: Schubfach for every
   * double, which tests hold the short paths' texts against.
   */
  static int writeBySchubfach(double v, byte[] buf, int pos) {
    return write(v, buf, pos, false);
  }

  private static int write(double v, byte[] buf, int pos, boolean shortPaths) {
    long bits = Double.doubleToRawLongBits(v);
    long t = bits & ((1L << (P - 1)) - 1);
    int bq = (int) (bits >>> (P - 1)) & 0x7FF;
    if (bits < 0) {
      buf[pos++] = '-';
    }
    if (bq != 0) {
      // Normal: v = c 2^q with c = 2^52 + t.
      int mq = -Q_MIN + 1 - bq;
      long c = C_MIN | t;
      if (shortPaths && 0 < mq && mq < P) {
        long f = c >> mq;
        if (f << mq == c) {
          return format(f, 0, buf, pos); // an integer below 2^53: exact as it is
        }
      }
      double a = Math.abs(v);
      if (shortPaths && a >= 1e-3 && a < 1e7) {
        // A double of up to four decimals (prices, measures): when the decimal m / 10^4 reads
        // back to it (the division rounds as a reader does), m's digits are its shortest text,
        // with no other as short: doubles below 10^7 lie at most 2^-29 apart, decimals of four
        // places 10^-4. The text is toDecimal's (DoubleRoundTripTest holds them together).
        double m = Math.rint(a * 1e4);
        if (m / 1e4 == a) {
          return fewDecimals((long) m, buf, pos);
        }
      }
      return toDecimal(-mq, c, 0, buf, pos);
    }
    if (t != 0) {
      // Subnormal.
      return t < C_TINY ? toDecimal(Q_MIN, 10 * t, -1, buf, pos) : toDecimal(Q_MIN, t, 0, buf, pos);
    }
    buf[pos] = '0';
    buf[pos + 1] = '.';
    buf[pos + 2] = '0';
    return pos + 3;
  }

  /**
   * Writes m / 10^4 for 10 <= m < 10^11 not a multiple of 10^4 (a double of [10^-3, 10^7) that is
   * not whole): the whole part, the point, and the four decimals without their trailing zeros.
   */
  private static int fewDecimals(long m, byte[] buf, int pos) {
    long whole = m / 10_000;
    pos = Digits.write(whole, buf, pos);
    buf[pos++] = '.';
    // The four decimals as the low four digits of eight: bytes 4-7 of digits8, most significant
    // first; those of them that are zero at the end (bytes 7, 6, 5) are not written.
    long four = Digits.digits8((int) (m - whole * 10_000)) >>> 32;
    int n = 4 - (Integer.numberOfLeadingZeros((int) four) >>> 3);
    Swar.INTS.set(buf, pos, (int) four + 0x3030_3030);
    return pos + n;
  }

  private static int toDecimal(int q, long c, int dk, byte[] buf, int pos) {
    int out = (int) c & 0x1;
    long cb = c << 2;
    long cbr = cb + 2;
    long cbl;
    int k;
    // The rounding interval is asymmetric only at the bottom of a binade (except the lowest).
    if (c != C_MIN | q == Q_MIN) {
      cbl = cb - 2;
      k = flog10pow2(q);
    } else {
      cbl = cb - 1;
      k = flog10threeQuartersPow2(q);
    }
    int h = q + flog2pow10(-k) + 2;
    int i = 2 * (k - K_MIN);
    long g1 = G[i];
    long g0 = G[i + 1];
    long vb = rop(g1, g0, cb << h);
    long vbl = rop(g1, g0, cbl << h);
    long vbr = rop(g1, g0, cbr << h);

    long s = vb >> 2;
    if (s >= 100) {
      // One digit less may do: s' = floor(s / 10) * 10 and t' = s' + 10.
      long sp10 = 10 * Math.multiplyHigh(s, 115_292_150_460_684_698L << 4);
      long tp10 = sp10 + 10;
      boolean upin = vbl + out <= sp10 << 2;
      boolean wpin = (tp10 << 2) + out <= vbr;
      if (upin != wpin) {
        return format(upin ? sp10 : tp10, k, buf, pos);
      }
    }
    long tt = s + 1;
    boolean uin = vbl + out <= s << 2;
    boolean win = (tt << 2) + out <= vbr;
    if (uin != win) {
      return format(uin ? s : tt, k + dk, buf, pos);
    }
    // Both s and s + 1 are in the interval: take the closer, or the even one on a tie.
    long cmp = vb - (s + tt << 1);
    return format(cmp < 0 || cmp == 0 && (s & 0x1) == 0 ? s : tt, k + dk, buf, pos);
  }

  /** Rounds to odd the 128-bit product of g and cp, keeping the upper 64 bits. */
  private static long rop(long g1, long g0, long cp) {
    long x1 = Math.multiplyHigh(g0, cp);
    long y0 = g1 * cp;
    long y1 = Math.multiplyHigh(g1, cp);
    long z = (y0 >>> 1) + x1;
    long vbp = y1 + (z >>> 63);
    return vbp | (z & MASK_63) + MASK_63 >>> 63;
  }

  /** Writes f 10^e, f > 0, in the layout of Double.toString. */
  private static int format(long f, int e, byte[] buf, int pos) {
    if (f % 10 == 0) {
      // Trailing zeros, of which f < 2^63 has at most 18, taken off 8, 8, 4, 2 and 1 at a time:
      // a decimal such as 123.45 comes out of toDecimal as 12345000000000000, and one zero at a
      // time cost it a dozen divisions (a 2-digit-cents double took 50 ns to write, a 17-digit
      // one 36 ns).
      if (f % 100_000_000 == 0) {
        f /= 100_000_000;
        e += 8;
        if (f % 100_000_000 == 0) {
          f /= 100_000_000;
          e += 8;
        }
      }
      if (f % 10_000 == 0) {
        f /= 10_000;
        e += 4;
      }
      if (f % 100 == 0) {
        f /= 100;
        e += 2;
      }
      if (f % 10 == 0) {
        f /= 10;
        e++;
      }
    }
    // Digits of f, most significant first, into buf after the room the layout may need.
    int n = Digits.count(f);
    int dp = n + e; // v = 0.d1...dn x 10^dp
    if (dp >= -2 && dp <= 7) {
      if (dp <= 0) {
        buf[pos++] = '0';
        buf[pos++] = '.';
        for (int i = 0; i < -dp; i++) {
          buf[pos++] = '0';
        }
        Digits.write(f, buf, pos);
        return pos + n;
      }
      if (dp < n) {
        return Digits.writePointed(f, n, dp, buf, pos); // MAX_CHARS of room covers its words
      }
      Digits.write(f, buf, pos);
      pos += n;
      for (int i = n; i < dp; i++) {
        buf[pos++] = '0';
      }
      buf[pos++] = '.';
      buf[pos++] = '0';
      return pos;
    }
    // d1.d2...dnE(dp-1)
    Digits.write(f, buf, pos + 1);
    buf[pos] = buf[pos + 1];
    buf[pos + 1] = '.';
    pos += n + 1;
    if (n == 1) {
      buf[pos++] = '0';
    }
    buf[pos++] = 'E';
    int x = dp - 1;
    if (x < 0) {
      buf[pos++] = '-';
      x = -x;
    }
    if (x >= 100) {
      buf[pos++] = (byte) ('0' + x / 100);
      x %= 100;
      buf[pos++] = (byte) ('0' + x / 10);
    } else if (x >= 10) {
      buf[pos++] = (byte) ('0' + x / 10);
    }
    buf[pos++] = (byte) ('0' + x % 10);
    return pos;
  }
}
