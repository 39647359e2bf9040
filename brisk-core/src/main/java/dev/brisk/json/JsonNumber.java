package dev.brisk.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A JSON number. It keeps the exact decimal text it was read or made from ({@link #toString()}
 * gives it back, so {@code 1.10} stays {@code 1.10} and a 40-digit integer stays whole), and it
 * converts exactly: {@link #longValue()} and {@link #intValue()} fail rather than truncate, {@link
 * #doubleValue()} rounds correctly, {@link #bigDecimalValue()} is the exact value.
 *
 * <p>Equality is numeric: {@code 1}, {@code 1.0} and {@code 1e0} are equal, and so have equal hash
 * codes. The one exception: a number other than zero whose exponent is beyond a BigDecimal's int
 * scale ({@code 1e-2147483649}) equals only numbers of the same text. Immutable, so safe to share
 * between threads.
 */
public abstract class JsonNumber extends JsonValue {
  JsonNumber() {
    super(K_NUMBER);
  }

  private static final LongNumber[] SMALL = new LongNumber[256 + 1024];

  static {
    for (int i = 0; i < SMALL.length; i++) {
      SMALL[i] = new LongNumber(i - 256);
    }
  }

  /** The number {@code value} (small ones are shared instances). */
  public static JsonNumber of(long value) {
    if (value >= -256 && value < 1024) {
      return SMALL[(int) value + 256];
    }
    return new LongNumber(value);
  }

  /**
   * The shortest decimal that reads back to {@code value}.
   *
   * @throws JsonException for NaN and the infinities
   */
  public static JsonNumber of(double value) {
    if (!Double.isFinite(value)) {
      throw new JsonException("JSON has no NaN or infinity: " + value, "$");
    }
    byte[] b = new byte[DoubleFormat.MAX_CHARS];
    int n = DoubleFormat.write(value, b, 0);
    return new TextNumber(java.util.Arrays.copyOf(b, n));
  }

  /**
   * The number {@code value}, digit for digit as its {@code toString()} gives it (which may have
   * an exponent, {@code 1E+3}): never rounded through a double.
   */
  public static JsonNumber of(BigDecimal value) {
    return new TextNumber(value.toString().getBytes(StandardCharsets.US_ASCII));
  }

  /** The number {@code value}, every digit of it. */
  public static JsonNumber of(BigInteger value) {
    return new TextNumber(value.toString().getBytes(StandardCharsets.US_ASCII));
  }

  /**
   * The number with this exact text.
   *
   * @throws JsonException when the text is not a JSON number
   */
  public static JsonNumber parse(String text) {
    Objects.requireNonNull(text, "text");
    if (!JsonWriter.isJsonNumber(text)) {
      throw new JsonException("not a JSON number: '" + text + "'", "$");
    }
    return new TextNumber(text.getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  public final Type type() {
    return Type.NUMBER;
  }

  @Override
  public final JsonNumber asNumber() {
    return this;
  }

  /** True when the text has no fraction or exponent. */
  public abstract boolean isIntegral();

  /**
   * The value as an int.
   *
   * @throws ArithmeticException "not an integer: 1.5" or "out of the range of int: 1e10"
   */
  public int intValue() {
    long v = exactLong("int");
    if ((int) v != v) {
      throw new ArithmeticException("out of the range of int: " + this);
    }
    return (int) v;
  }

  /**
   * The value as a long.
   *
   * @throws ArithmeticException "not an integer: 1.5" or "out of the range of long: 1e19"
   */
  public long longValue() {
    return exactLong("long");
  }

  /** The value as a long, or an error naming {@code type} (the one asked for) when it is none. */
  abstract long exactLong(String type);

  /** The nearest double; an infinity when the value is beyond the range of double. */
  public abstract double doubleValue();

  /**
   * The exact value. Zero is 0 whatever its exponent ({@code 0e99999999999} too).
   *
   * @throws NumberFormatException when the number is not zero and its exponent is beyond a
   *     BigDecimal's int scale, as in {@code 1e-2147483649} (such a number is kept, compared and
   *     written as its text)
   */
  public abstract BigDecimal bigDecimalValue();

  /**
   * The exact value.
   *
   * @throws ArithmeticException when it is not an integer, or has more than 100 000 digits
   */
  public BigInteger bigIntegerValue() {
    BigDecimal d = exactOrNull();
    if (d == null) { // not zero, exponent beyond an int: below 1, or far too many digits
      throw new ArithmeticException((beyondScale() < 0 ? "not an integer: " : "integer too large to expand: ") + this);
    }
    if (d.signum() == 0) {
      return BigInteger.ZERO;
    }
    long digits = integerDigits(d);
    if (digits > 100_000) {
      // 1e999999999 is a short text but a huge integer: refuse rather than allocate it.
      throw new ArithmeticException("integer too large to expand: " + this);
    }
    if (digits <= 0) {
      // Below 1: 1e-999999999 has a fraction, which BigDecimal would find by dividing by 10^999999999.
      throw new ArithmeticException("not an integer: " + this);
    }
    try {
      return d.toBigIntegerExact();
    } catch (ArithmeticException e) { // BigDecimal says "Rounding necessary"
      throw new ArithmeticException("not an integer: " + this);
    }
  }

  /**
   * The digits of {@code d}'s integer part (its precision less its scale; 0 or less below 1),
   * computed in long: with a scale near {@code Integer.MIN_VALUE}, as in {@code 1e2147483647},
   * the int difference overflows.
   */
  static long integerDigits(BigDecimal d) {
    return (long) d.precision() - d.scale();
  }

  /**
   * For the text {@code b[off, end)} of a JSON number that {@link BigDecimal} refuses (its exponent
   * is beyond an int scale): 0 when its digits are all zeros, so that it is 0; -1 when the
   * exponent is negative, so that it is not zero and nearer zero than 1; 1 when the exponent is
   * positive, so that it has more than two billion integer digits. BigDecimal refuses an exponent
   * only when it is beyond an int by more than the text's length, so fewer than 2^30 digits cannot
   * bring a negative one up to 1: a longer text gives 1, which callers take as "too large".
   */
  static int beyondScale(byte[] b, int off, int end) {
    boolean zero = true;
    int p = off;
    for (; p < end && b[p] != 'e' && b[p] != 'E'; p++) {
      if (b[p] >= '1' && b[p] <= '9') {
        zero = false;
      }
    }
    if (zero) {
      return 0;
    }
    return p + 1 < end && b[p + 1] == '-' && end - off < 1 << 30 ? -1 : 1;
  }

  /** {@link #beyondScale(byte[], int, int)} of this number's text. */
  int beyondScale() {
    byte[] t = toString().getBytes(StandardCharsets.US_ASCII);
    return beyondScale(t, 0, t.length);
  }

  /**
   * True when the text is exactly what {@code bigDecimalValue().toString()} gives and has no
   * exponent: not a negative zero, and, below 1, at most five zeros after the point before the
   * first other digit (from there {@link BigDecimal#toString()} writes an exponent). False for
   * every text with an exponent, even one BigDecimal writes alike. APIs that write numbers in
   * BigDecimal's form (JSON-P does) can then write the text as it is.
   */
  public boolean isBigDecimalText() {
    return isBigDecimalText(toString().getBytes(StandardCharsets.US_ASCII));
  }

  static boolean isBigDecimalText(byte[] t) {
    int n = t.length;
    boolean neg = n > 0 && t[0] == '-';
    int i = neg ? 1 : 0;
    for (int k = i; k < n; k++) {
      if (t[k] == 'e' || t[k] == 'E') {
        return false;
      }
    }
    if (i >= n || t[i] != '0') {
      return true; // an integer part from 1 up: BigDecimal writes it plainly, as read
    }
    // 0, or 0.fff: count the zeros after the point.
    int f = i + 2; // the first fraction digit, when there is a point
    if (f > n) {
      return !neg; // "0" is itself; "-0" becomes "0"
    }
    int k = f;
    while (k < n && t[k] == '0') {
      k++;
    }
    if (k == n) {
      return !neg && n - f <= 6; // zero with a scale: "0.000000" plainly, "0E-7" past six
    }
    return k - f <= 5;
  }

  abstract void writeTo(JsonWriter w);

  /** For {@link JsonWriter#member(String, JsonValue)}: false when it must take the general way. */
  abstract boolean writeMember(EncodedNames.Entry encodedName, JsonWriter w);

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof JsonNumber)) {
      return false;
    }
    JsonNumber n = (JsonNumber) o;
    if (this instanceof LongNumber && n instanceof LongNumber) {
      return ((LongNumber) this).value == ((LongNumber) n).value;
    }
    BigDecimal a = exactOrNull();
    BigDecimal b = n.exactOrNull();
    if (a == null || b == null) {
      return toString().equals(n.toString()); // exponent beyond BigDecimal: compare the text
    }
    return a.compareTo(b) == 0;
  }

  @Override
  public int hashCode() {
    BigDecimal d = exactOrNull();
    if (d == null) {
      return toString().hashCode();
    }
    if (d.signum() == 0) {
      return 0;
    }
    try {
      return d.stripTrailingZeros().hashCode();
    } catch (ArithmeticException e) {
      // Stripped, the scale would pass an int's range (100e2147483647): strip it in a long. Equal
      // numbers all land here, so the hash still agrees with equals.
      BigInteger u = d.unscaledValue();
      long scale = d.scale();
      BigInteger[] qr;
      while ((qr = u.divideAndRemainder(BigInteger.TEN))[1].signum() == 0) {
        u = qr[0];
        scale--;
      }
      return 31 * u.hashCode() + Long.hashCode(scale);
    }
  }

  BigDecimal exactOrNull() {
    try {
      return bigDecimalValue();
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** A number that is a long written canonically. */
  static final class LongNumber extends JsonNumber {
    final long value;

    LongNumber(long value) {
      this.value = value;
    }

    @Override
    public boolean isBigDecimalText() {
      return true;
    }

    @Override
    public boolean isIntegral() {
      return true;
    }

    @Override
    long exactLong(String type) {
      return value;
    }

    @Override
    public double doubleValue() {
      return value;
    }

    @Override
    public BigDecimal bigDecimalValue() {
      return BigDecimal.valueOf(value);
    }

    @Override
    public BigInteger bigIntegerValue() {
      return BigInteger.valueOf(value);
    }

    @Override
    void writeTo(JsonWriter w) {
      w.value(value);
    }

    @Override
    boolean writeMember(EncodedNames.Entry encodedName, JsonWriter w) {
      return w.longMember(encodedName, value);
    }

    @Override
    public int hashCode() {
      return value == 0 ? 0 : BigDecimal.valueOf(value).stripTrailingZeros().hashCode();
    }

    @Override
    public String toString() {
      return Long.toString(value);
    }
  }

  /** Any other number, as its exact ASCII text. */
  static final class TextNumber extends JsonNumber {
    private final byte[] text;

    TextNumber(byte[] text) {
      this.text = text;
    }

    @Override
    public boolean isIntegral() {
      for (byte b : text) {
        if (b == '.' || b == 'e' || b == 'E') {
          return false;
        }
      }
      return true;
    }

    @Override
    long exactLong(String type) {
      BigDecimal d = exactOrNull();
      if (d == null) { // not zero, exponent beyond an int
        throw new ArithmeticException((beyondScale() < 0 ? "not an integer: " : "out of the range of " + type + ": ") + this);
      }
      long digits = integerDigits(d);
      if (digits > 19) {
        throw new ArithmeticException("out of the range of " + type + ": " + this);
      }
      if (digits <= 0 && d.signum() != 0) { // below 1, told without dividing by 10^999999999
        throw new ArithmeticException("not an integer: " + this);
      }
      try {
        return d.longValueExact(); // the scale is below the text's length here
      } catch (ArithmeticException e) { // BigDecimal says "Rounding necessary" or "Overflow"
        throw new ArithmeticException(
            (d.remainder(BigDecimal.ONE).signum() != 0 ? "not an integer: " : "out of the range of " + type + ": ") + this);
      }
    }

    @Override
    public double doubleValue() {
      return Double.parseDouble(toString());
    }

    @Override
    public BigDecimal bigDecimalValue() {
      String t = toString();
      try {
        return new BigDecimal(t);
      } catch (NumberFormatException e) { // the text is valid JSON: only its exponent can be too large
        if (beyondScale(text, 0, text.length) == 0) {
          return BigDecimal.ZERO;
        }
        throw new NumberFormatException("the number " + t + " is beyond a BigDecimal: its exponent is out of range");
      }
    }

    @Override
    public boolean isBigDecimalText() {
      return isBigDecimalText(text);
    }

    @Override
    void writeTo(JsonWriter w) {
      w.rawNumber(text);
    }

    @Override
    boolean writeMember(EncodedNames.Entry encodedName, JsonWriter w) {
      return w.rawMember(encodedName, text, 0, text.length, false);
    }

    @Override
    public String toString() {
      return new String(text, StandardCharsets.US_ASCII);
    }
  }
}
