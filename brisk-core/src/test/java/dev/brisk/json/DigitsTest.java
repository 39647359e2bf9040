package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DigitsTest {
  private static void check(long v) {
    String expected = Long.toString(v);
    assertEquals(expected.length(), Digits.count(v), expected);
    byte[] b = new byte[30];
    java.util.Arrays.fill(b, (byte) 'x');
    int end = Digits.write(v, b, 3);
    assertEquals(expected, new String(b, 3, end - 3, StandardCharsets.US_ASCII));
    assertEquals('x', b[2], "nothing written before the digits");
    int room = 3 + Math.max(expected.length(), 8); // the documented room
    for (int i = room; i < b.length; i++) {
      assertEquals('x', b[i], "nothing written past the room, " + expected);
    }
  }

  /** Every number of up to eight digits split into its digits, against division by ten. */
  @Test
  void everyEightDigitNumber() {
    for (int v = 0; v < 100_000_000; v++) {
      long d = Digits.digits8(v);
      int rest = v;
      for (int i = 7; i >= 0; i--) {
        int digit = (int) (d >>> (i << 3)) & 0xFF;
        if (digit != rest % 10) {
          assertEquals(rest % 10, digit, "digit " + i + " of " + v);
        }
        rest /= 10;
      }
    }
  }

  @Test
  void everyDigitCountAndItsEdges() {
    // Around each power of ten and each power of two: where the count's estimate changes.
    for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10 * 10; p *= 10) {
      for (long d = -2; d <= 2; d++) {
        if (p + d >= 0) {
          check(p + d);
        }
      }
      if (p > Long.MAX_VALUE / 10) {
        break;
      }
    }
    for (int bit = 0; bit < 63; bit++) {
      long p = 1L << bit;
      check(p - 1);
      check(p);
      check(p + 1);
    }
    check(0);
    check(Long.MAX_VALUE);
    check(Integer.MAX_VALUE);
    check(Integer.MAX_VALUE + 1L);
    Random random = new Random(7);
    for (int i = 0; i < 100_000; i++) {
      check(random.nextLong() >>> (1 + random.nextInt(63))); // non-negative
    }
  }

  /** The digits with a point after the first dp, for every digit count and every dp it takes. */
  @Test
  void pointedDigitsForEveryCountAndPlace() {
    Random random = new Random(20261203);
    for (int n = 2; n <= 19; n++) {
      long low = pow10(n - 1);
      long high = n == 19 ? Long.MAX_VALUE : pow10(n) - 1;
      for (int dp = 1; dp < n && dp <= 7; dp++) {
        checkPointed(low, dp);
        checkPointed(low + 1, dp);
        checkPointed(high, dp);
        for (int i = 0; i < 2_000; i++) {
          checkPointed(low + Math.floorMod(random.nextLong(), high - low + 1), dp);
        }
      }
    }
  }

  private static long pow10(int e) {
    long p = 1;
    for (int i = 0; i < e; i++) {
      p *= 10;
    }
    return p;
  }

  private static void checkPointed(long v, int dp) {
    String digits = Long.toString(v);
    String expected = digits.substring(0, dp) + "." + digits.substring(dp);
    byte[] b = new byte[40];
    java.util.Arrays.fill(b, (byte) 'x');
    int end = Digits.writePointed(v, digits.length(), dp, b, 5);
    assertEquals(expected, new String(b, 5, end - 5, StandardCharsets.US_ASCII), "dp " + dp);
    assertEquals('x', b[4], "nothing written before the digits");
    int room = 5 + Math.max(digits.length() + 1, 9); // the documented room
    for (int i = room; i < b.length; i++) {
      assertEquals('x', b[i], "nothing written past the room, " + expected);
    }
  }

  /** JsonWriter.writeLong, whose numbers under 100 take a short path: every side of it. */
  @Test
  void writeLongAroundTheShortPathForNumbersUnder100() {
    long[] edges = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE, -1000, Long.MAX_VALUE};
    for (long v = -300; v <= 300; v++) {
      checkWriteLong(v);
    }
    for (long v : edges) {
      checkWriteLong(v);
    }
    byte[] b = new byte[4];
    assertEquals(3, Digits.writeUnder100(7, b, 2), "one digit, one byte");
    assertEquals(4, Digits.writeUnder100(42, b, 2), "two digits, two bytes");
    assertEquals("42", new String(b, 2, 2, StandardCharsets.US_ASCII));
  }

  private static void checkWriteLong(long v) {
    byte[] b = new byte[30];
    b[25] = 'x'; // nothing written past the number
    int end = JsonWriter.writeLong(v, b, 5);
    assertEquals(Long.toString(v), new String(b, 5, end - 5, StandardCharsets.US_ASCII));
    assertEquals('x', b[25]);
  }
}
