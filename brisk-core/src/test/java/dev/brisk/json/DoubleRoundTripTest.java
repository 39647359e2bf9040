package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Doubles go out shortest and come back bit for bit. */
class DoubleRoundTripTest {

  static double roundTrip(double d) {
    byte[] json = JsonWriter.create().value(d).toByteArray();
    JsonReader r = JsonReader.of(json);
    r.next();
    return r.getDouble();
  }

  static String write(double d) {
    return JsonWriter.create().value(d).toString();
  }

  @ParameterizedTest
  @ValueSource(
      doubles = {
        0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1e23, 2e-3, 41.074136711612084, 2.6395313895198393,
        110.5363758848371, 9007199254740991.0, 9007199254740992.0, 9007199254740993.0,
        9007199254740994.0, 1e308, 1.7976931348623157e308, 5e-324, 4.9e-324, 2.2250738585072014e-308,
        2.225073858507201e-308, 1e-5, 1e7, 9999999.999999998, 123456789012345678.0,
        Double.MIN_NORMAL, Double.MAX_VALUE, Double.MIN_VALUE, 1.0E-322, 2.0E-322, 3.0E-322
      })
  void hardCasesRoundTripBitForBit(double d) {
    assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits(roundTrip(d)), write(d));
    assertShortest(d, write(d));
  }

  @Test
  void powersOfTwoAroundTwoToThe53() {
    for (int k = -1; k <= 1; k++) {
      double d = Math.pow(2, 53) + k;
      assertEquals(d, roundTrip(d));
    }
  }

  @Test
  void knownTextsAreTheShortest() {
    assertEquals("1.0E23", write(1e23)); // JDK 17's Double.toString writes 9.999999999999999E22
    assertEquals("0.002", write(2e-3));
    assertEquals("-0.0", write(-0.0));
    assertEquals("4.9E-324", write(Double.MIN_VALUE));
    assertEquals("1.7976931348623157E308", write(Double.MAX_VALUE));
    assertEquals("41.074136711612084", write(41.074136711612084));
    assertEquals("100.0", write(100.0));
    assertEquals("1.0E7", write(1e7));
  }

  @Test
  void randomBitPatternsRoundTripAndAreShortest() {
    SplittableRandom random = new SplittableRandom(20261121);
    for (int i = 0; i < 200_000; i++) {
      double d = Double.longBitsToDouble(random.nextLong());
      if (!Double.isFinite(d)) {
        continue;
      }
      String text = write(d);
      assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits(roundTrip(d)), text);
      if (i % 8 == 0) {
        assertShortest(d, text);
      }
    }
  }

  /**
   * A decimal of at most 15 significant digits is the shortest text of the double nearest it
   * (two such decimals never share a double), so the writer must give back exactly those digits:
   * for cents, for whole numbers with up to 22 trailing zeros, and for small and huge scales, which
   * between them take every path of the writer's trailing-zero removal (0 to 18 zeros).
   */
  @Test
  void decimalsOfFewDigitsAreWrittenAsThoseDigits() {
    SplittableRandom random = new SplittableRandom(20261126);
    for (int i = 0; i < 100_000; i++) {
      int digits = 1 + random.nextInt(15);
      long m = random.nextLong(1, BigDecimal.TEN.pow(digits).longValueExact());
      int scale = switch (i % 4) {
        case 0 -> 2; // cents
        case 1 -> -random.nextInt(23); // whole, with trailing zeros
        case 2 -> random.nextInt(-10, 20);
        default -> random.nextInt(-300, 300);
      };
      BigDecimal decimal = BigDecimal.valueOf(m, scale);
      double d = decimal.doubleValue();
      if (d == 0 || Double.isInfinite(d) || Math.abs(d) < Double.MIN_NORMAL) {
        continue; // subnormals have fewer than 15 digits of precision
      }
      String text = write(d);
      assertEquals(0, decimal.compareTo(new BigDecimal(text)), () -> decimal + " written as " + text);
      String jdk = Double.toString(d);
      if (decimal.compareTo(new BigDecimal(jdk)) == 0) { // JDK 17's text, where it is the shortest
        assertEquals(jdk, text, decimal::toString);
      }
    }
    assertEquals("123.45", write(123.45));
    assertEquals("1.0E18", write(1e18));
    assertEquals("1.234E-5", write(1.234e-5));
    assertEquals("9.0071992547409E15", write(9007199254740900.0));
  }

  /**
   * The short path for doubles of up to four decimals writes what Schubfach alone writes: for
   * decimals of 0 to 17 places (which the path takes, or leaves when they have more than four),
   * their neighbours one unit in the last place away (which it must leave), the edges of its
   * range, and random doubles.
   */
  @Test
  void fewDecimalsPathAgreesWithSchubfach() {
    SplittableRandom random = new SplittableRandom(20261129);
    for (int i = 0; i < 300_000; i++) {
      int places = i % 7;
      double d = random.nextLong(1, 2_000_000_000_000_000L) / Math.pow(10, places + random.nextInt(12));
      if (random.nextBoolean()) {
        d = -d;
      }
      assertSameAsSchubfach(d);
      assertSameAsSchubfach(Math.nextUp(d));
      assertSameAsSchubfach(Math.nextDown(d));
      assertSameAsSchubfach(random.nextDouble(1e-3, 1e7));
      assertSameAsSchubfach(random.nextDouble(1e-5, 1e15));
    }
    for (double edge : new double[] {1e-3, 1e7, 0.0011, 0.001, 9999999.9999, 9999999.999999998, 0.1, 0.3}) {
      for (double d : new double[] {edge, Math.nextUp(edge), Math.nextDown(edge), -edge}) {
        assertSameAsSchubfach(d);
      }
    }
    assertEquals("523.17", write(523.17));
    assertEquals("0.0011", write(0.0011));
    assertEquals("-1234.5678", write(-1234.5678));
  }

  private static void assertSameAsSchubfach(double d) {
    byte[] b = new byte[DoubleFormat.MAX_CHARS + 8];
    int n = DoubleFormat.write(d, b, 0);
    String fast = new String(b, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
    n = DoubleFormat.writeBySchubfach(d, b, 0);
    String schubfach = new String(b, 0, n, java.nio.charset.StandardCharsets.US_ASCII);
    assertEquals(schubfach, fast, () -> "for the double " + new BigDecimal(d));
  }

  @Test
  void nanAndInfinityAreRefused() {
    for (double d : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      JsonException e = assertThrows(JsonException.class, () -> JsonWriter.create().value(d));
      assertFalse(e.getMessage().isEmpty());
    }
  }

  @Test
  void readingRoundsCorrectly() {
    // Halfway cases and long inputs that need the slow path.
    String[] inputs = {
      "2.2250738585072011e-308", "0.1000000000000000055511151231257827021181583404541015625",
      "9007199254740993", "1e-400", "123456789012345678901234567890e-10", "7.2057594037927933e16",
      "4.9406564584124654e-324", "2.47032822920623272e-324"
    };
    for (String s : inputs) {
      JsonReader r = JsonReader.of(s);
      r.next();
      assertEquals(Double.parseDouble(s), r.getDouble(), s);
    }
  }

  @Test
  void numbersBeyondDoubleRangeAreAnErrorNotInfinity() {
    JsonReader r = JsonReader.of("[1e400]");
    r.next();
    r.next();
    JsonException e = assertThrows(JsonException.class, r::getDouble);
    assertEquals("$[0]", e.path());
    assertEquals(new BigDecimal("1e400"), r.getBigDecimal());
  }

  /**
   * No decimal with fewer significant digits reads back to d, except that, as {@code
   * Double.toString} specifies from JDK 19 on, a two-digit decimal may stand where one digit would
   * do when it is closer to d (4.9E-324 rather than 5E-324). If a shorter one did, the nearest one below or above
   * d at that precision would, since the set of decimals that read back to d is an interval.
   */
  static void assertShortest(double d, String text) {
    if (d == 0) {
      return;
    }
    BigDecimal exact = new BigDecimal(d);
    int digits = new BigDecimal(text).stripTrailingZeros().precision();
    if (digits <= 2) {
      return;
    }
    MathContext fewer = new MathContext(digits - 1, RoundingMode.FLOOR);
    BigDecimal down = exact.round(fewer);
    BigDecimal up = exact.round(new MathContext(digits - 1, RoundingMode.CEILING));
    assertFalse(down.doubleValue() == d, () -> text + " is not shortest: " + down + " reads back too");
    assertFalse(up.doubleValue() == d, () -> text + " is not shortest: " + up + " reads back too");
  }
}
