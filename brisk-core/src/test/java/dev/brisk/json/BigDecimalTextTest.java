package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * JsonNumber.isBigDecimalText says exactly whether BigDecimal.toString() gives the text back, for
 * texts without an exponent; with one it says false (also for those BigDecimal writes alike).
 */
class BigDecimalTextTest {
  static void check(String text) {
    boolean exponent = text.indexOf('e') >= 0 || text.indexOf('E') >= 0;
    boolean expected = !exponent && new BigDecimal(text).toString().equals(text);
    assertEquals(expected, JsonNumber.parse(text).isBigDecimalText(), text);
    assertEquals(expected, Json.parse(text).asNumber().isBigDecimalText(), text + " read");
  }

  @Test
  void zerosPointsAndExponentsAroundTheEdges() {
    for (String t : new String[] {"0", "-0", "0.0", "-0.0", "0.000000", "0.0000000", "-0.000000",
        "0.000001", "0.0000001", "0.0000012", "0.00001", "-0.000001", "-0.0000001", "1", "-1",
        "10", "1.0", "1.50", "-12.500", "1e3", "1E+3", "1E3", "0e0", "123456789012345678901234567890",
        "-9223372036854775808", "9223372036854775808.5", "0.10", "0.010000"}) {
      check(t);
    }
  }

  @Test
  void randomNumbers() {
    SplittableRandom r = new SplittableRandom(3);
    for (int t = 0; t < 200_000; t++) {
      StringBuilder s = new StringBuilder(r.nextBoolean() ? "-" : "");
      if (r.nextInt(3) == 0) {
        s.append('0');
      } else {
        s.append((char) ('1' + r.nextInt(9)));
        for (int i = r.nextInt(20); i > 0; i--) {
          s.append((char) ('0' + r.nextInt(10)));
        }
      }
      if (r.nextBoolean()) {
        s.append('.');
        for (int i = r.nextInt(8); i > 0; i--) {
          s.append('0');
        }
        for (int i = r.nextInt(4); i >= 0; i--) {
          s.append((char) ('0' + r.nextInt(10)));
        }
      }
      if (r.nextInt(8) == 0) {
        s.append(r.nextBoolean() ? 'e' : 'E').append(r.nextBoolean() ? "+" : "").append(r.nextInt(30));
      }
      check(s.toString());
    }
  }

  @Test
  void longsAreAlwaysTheirOwnText() {
    for (long v : new long[] {0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE, 1000, -256}) {
      assertTrue(JsonNumber.of(v).isBigDecimalText());
      assertEquals(Long.toString(v), new BigDecimal(JsonNumber.of(v).toString()).toString());
    }
  }
}
