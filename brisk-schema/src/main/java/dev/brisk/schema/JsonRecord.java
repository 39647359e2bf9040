package dev.brisk.schema;

import dev.brisk.json.JsonWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.Map;

/**
 * An event of a schema compiled by {@link Schemas#compile(String)}: the value class the schema's
 * codec reads into and writes from. Each schema gets a generated subclass with a typed field and
 * accessor per schema field ({@code user.name()}); this class gives access by field name and
 * index for code that does not know the schema at build time.
 *
 * <p>A field is <em>absent</em> when the document did not have it or had {@code null}: {@link
 * #get} returns null, and a primitive getter such as {@link #getInt} throws. Records compare
 * equal when they are of the same compiled schema and their fields are equal (arrays by
 * content); {@link #toString()} is the record as compact JSON.
 *
 * <p>Immutable and thread-safe (arrays inside are not copied: do not change them).
 */
public abstract class JsonRecord {
  private final RecordType type;
  private final long present;
  private final long[] presentMore;
  private final Map<String, dev.brisk.json.JsonValue> unknown;

  /** For generated subclasses. */
  protected JsonRecord(
      RecordType type, long present, long[] presentMore, Map<String, dev.brisk.json.JsonValue> unknown) {
    this.type = type;
    this.present = present;
    this.presentMore = presentMore;
    this.unknown = unknown;
  }

  /** The schema of this record. */
  public final RecordType type() {
    return type;
  }

  /** The schema's name. */
  public final String typeName() {
    return type.name();
  }

  /** The number of fields the schema declares. */
  public final int size() {
    return type.size();
  }

  /** The name of field {@code index} in declared order. */
  public final String fieldName(int index) {
    return type.fieldName(index);
  }

  /** The index of the field, or -1 when the schema declares none of that name. */
  public final int indexOf(String field) {
    return type.indexOf(field);
  }

  /**
   * The value of field {@code index}: a String, boxed primitive, BigInteger, BigDecimal,
   * java.time value, UUID, array, nested JsonRecord, or core tree ({@code JsonValue}); null when
   * absent.
   */
  public abstract Object get(int index);

  /**
   * The value of the named field, as {@link #get(int)}.
   *
   * @throws IllegalArgumentException when the schema has no such field
   */
  public final Object get(String field) {
    return get(type.require(field));
  }

  /**
   * True when field {@code index} was present and not null.
   *
   * @throws IndexOutOfBoundsException when the schema has no field {@code index}
   */
  public final boolean has(int index) {
    if (index < 0 || index >= type.size()) {
      throw type.noField(index);
    }
    long word = index < 64 ? present : presentMore[(index >>> 6) - 1];
    return (word >>> (index & 63) & 1) != 0;
  }

  /** True when the named field was present and not null. */
  public final boolean has(String field) {
    return has(type.require(field));
  }

  /**
   * The named field's string.
   *
   * @throws IllegalStateException when it is absent, null or not a string
   */
  public final String getString(String field) {
    return (String) typed(field, String.class, "string");
  }

  /**
   * The field's number as an int, exactly.
   *
   * @throws ArithmeticException when it is not an integer in the range of int (a long field
   *     holding 5000000000, a double holding 1.5): it is never cut to fit
   */
  public final int getInt(String field) {
    long v = integral(field, "an int");
    if ((int) v != v) {
      throw notA(field, v, "an int");
    }
    return (int) v;
  }

  /**
   * The field's number as a long, exactly.
   *
   * @throws ArithmeticException when it is not an integer in the range of long
   */
  public final long getLong(String field) {
    return integral(field, "a long");
  }

  private long integral(String field, String what) {
    Number n = (Number) typed(field, Number.class, "number");
    if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte) {
      return n.longValue();
    }
    try {
      BigDecimal d = n instanceof BigDecimal ? (BigDecimal) n
          : n instanceof BigInteger ? new BigDecimal((BigInteger) n) : new BigDecimal(n.doubleValue());
      return d.longValueExact(); // fails fast for a scale far from 0, such as 1E-999999999
    } catch (ArithmeticException | NumberFormatException e) {
      throw notA(field, n, what);
    }
  }

  private ArithmeticException notA(String field, Object value, String what) {
    return new ArithmeticException("field \"" + field + "\" of " + type.name() + " is " + value + ", not " + what);
  }

  /**
   * The named field's number as a double.
   *
   * @throws IllegalStateException when it is absent, null or not a number
   */
  public final double getDouble(String field) {
    return ((Number) typed(field, Number.class, "number")).doubleValue();
  }

  /**
   * The named field's boolean.
   *
   * @throws IllegalStateException when it is absent, null or not a boolean
   */
  public final boolean getBoolean(String field) {
    return (Boolean) typed(field, Boolean.class, "boolean");
  }

  /** A nested record, or null when absent. */
  public final JsonRecord getRecord(String field) {
    int i = type.require(field);
    Object v = get(i);
    if (v != null && !(v instanceof JsonRecord)) {
      throw new IllegalStateException(
          "field \"" + field + "\" of " + type.name() + " is " + article(v.getClass().getSimpleName()) + ", not a record");
    }
    return (JsonRecord) v;
  }

  private Object typed(String field, Class<?> kind, String what) {
    int i = type.require(field);
    Object v = get(i);
    if (v == null) {
      throw new IllegalStateException(
          "field \"" + field + "\" of " + type.name() + " is absent (missing or null); check has(\"" + field + "\")");
    }
    if (!kind.isInstance(v)) {
      throw new IllegalStateException(
          "field \"" + field + "\" of " + type.name() + " is " + article(v.getClass().getSimpleName()) + ", not a " + what);
    }
    return v;
  }

  /** "a String", "an Integer". */
  private static String article(String noun) {
    return ("AEIOU".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
  }

  /** Members the document had beyond the schema's fields, when the codec captures them. */
  public final Map<String, dev.brisk.json.JsonValue> unknown() {
    return unknown == null ? Collections.emptyMap() : Collections.unmodifiableMap(unknown);
  }

  @Override
  public final boolean equals(Object o) {
    return RecordEquality.equal(this, o); // records nested beyond the stack compare too
  }

  @Override
  public final int hashCode() {
    return RecordEquality.hash(this);
  }

  /**
   * The record as compact JSON, written by its schema's codec with the writer the thread keeps
   * and decoded once ({@link JsonWriter#toText}).
   */
  @Override
  public final String toString() {
    Codec<JsonRecord> c = type.codec();
    if (c == null) {
      return type.name() + "(unbound)";
    }
    return JsonWriter.toText(w -> c.write(this, w));
  }
}
