package dev.brisk.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The immutable JSON-P values: {@link JsonObject} over an insertion-ordered map, {@link JsonArray}
 * over a list, {@link JsonString}, and {@link JsonNumber} keeping the exact decimal it was read
 * or built from. {@code toString()} is compact JSON (written by the core writer). Thread-safe.
 */
final class Values {
  private Values() {}

  static JsonString string(String s) {
    return new Str(Objects.requireNonNull(s, "value"));
  }

  static JsonNumber number(BigDecimal d) {
    return new Num(Objects.requireNonNull(d, "value"));
  }

  static JsonNumber number(long v) {
    return new IntNum(v);
  }

  static JsonNumber number(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw new NumberFormatException("JSON has no " + v + ": a number must be finite");
    }
    return new Num(BigDecimal.valueOf(v));
  }

  static JsonNumber number(BigInteger v) {
    return new Num(new BigDecimal(Objects.requireNonNull(v, "value")));
  }

  /**
   * What to say of valid JSON number text that no BigDecimal holds (its exponent is beyond an
   * int's range, as in 1e9999999999), as JSON-P numbers must be.
   */
  static String beyondBigDecimal(String text, NumberFormatException e) {
    return "the number " + (text.length() > 40 ? text.substring(0, 40) + "..." : text)
        + " is beyond a BigDecimal, which JSON-P numbers are: its exponent is out of range (" + e.getMessage() + ")";
  }

  /** Whether valid JSON number text is an integer written without a fraction or an exponent. */
  static boolean digitsOnly(String text) {
    return text.indexOf('.') < 0 && !hasExponent(text);
  }

  static boolean hasExponent(String numberText) {
    return numberText.indexOf('e') >= 0 || numberText.indexOf('E') >= 0;
  }

  /** A number from its JSON text, exactly; {@code integral}: the text is {@link #digitsOnly}. */
  static JsonNumber numberText(String text, boolean integral) {
    if (integral && text.length() <= 18) {
      return new IntNum(Long.parseLong(text));
    }
    return new Num(decimal(text));
  }

  /**
   * {@code new BigDecimal(text)}, as JSON-P defines numbers, for valid JSON number text; zero with an
   * exponent beyond BigDecimal's int scale ({@code 0e99999999999}) is 0, as brisk-core reads it.
   *
   * @throws NumberFormatException for any other number with such an exponent
   */
  static BigDecimal decimal(String text) {
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      return dev.brisk.json.JsonNumber.parse(text).bigDecimalValue();
    }
  }

  static JsonObject object(Map<String, JsonValue> members) {
    int n = members.size();
    String[] keys = new String[n];
    JsonValue[] values = new JsonValue[n];
    int i = 0;
    for (Map.Entry<String, JsonValue> e : members.entrySet()) {
      keys[i] = e.getKey();
      values[i++] = e.getValue();
    }
    return new Obj(keys, values, n);
  }

  /** An object of the first {@code n} names and values (the arrays are kept, not copied). */
  static JsonObject object(String[] keys, JsonValue[] values, int n) {
    return new Obj(keys, values, n);
  }

  static JsonArray array(List<JsonValue> items) {
    return new Arr(Collections.unmodifiableList(items));
  }

  /**
   * The JSON-P value of a core tree, one level at a time: an object or an array wraps the core
   * container and converts each member or element when first asked for it (so the conversion never
   * recurses); scalars are converted at once, to what the parser's events make of them.
   */
  static JsonValue fromCore(dev.brisk.json.JsonValue v) {
    switch (v.type()) {
      case OBJECT: {
        dev.brisk.json.JsonObject o = (dev.brisk.json.JsonObject) v;
        int n = o.size();
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
          keys[i] = o.nameAt(i);
        }
        return new Obj(keys, new JsonValue[n], n, o);
      }
      case ARRAY:
        return new Arr(new CoreList((dev.brisk.json.JsonArray) v));
      case STRING:
        return new Str((dev.brisk.json.JsonString) v);
      case NUMBER:
        try {
          return numberText(v.toString(), ((dev.brisk.json.JsonNumber) v).isIntegral());
        } catch (NumberFormatException e) {
          throw new jakarta.json.JsonException(beyondBigDecimal(v.toString(), e), e);
        }
      case BOOLEAN:
        return ((dev.brisk.json.JsonBoolean) v).value() ? JsonValue.TRUE : JsonValue.FALSE;
      default:
        return JsonValue.NULL;
    }
  }

  /** The elements of a core array, each converted on first access (see {@link Obj#value}). */
  private static final class CoreList extends AbstractList<JsonValue> implements java.util.RandomAccess {
    private final dev.brisk.json.JsonArray core;
    private final JsonValue[] values;

    CoreList(dev.brisk.json.JsonArray core) {
      this.core = core;
      this.values = new JsonValue[core.size()];
    }

    @Override
    public JsonValue get(int index) {
      JsonValue v = values[index];
      if (v == null) {
        v = fromCore(core.get(index));
        values[index] = v;
      }
      return v;
    }

    @Override
    public int size() {
      return values.length;
    }
  }

  static String toJson(JsonValue v) {
    return Generators.toJson(v);
  }

  /**
   * A string: its text, or the core tree's string it was read as, decoded when first asked for
   * (the core string keeps its text once decoded) and written by copying its input bytes when it
   * had no escapes there.
   */
  static final class Str implements JsonString {
    private final String value; // null when read from a core tree
    final dev.brisk.json.JsonString core; // null when made from a String

    Str(String value) {
      this.value = value;
      this.core = null;
    }

    Str(dev.brisk.json.JsonString core) {
      this.value = null;
      this.core = core;
    }

    @Override
    public ValueType getValueType() {
      return ValueType.STRING;
    }

    @Override
    public String getString() {
      return core != null ? core.value() : value;
    }

    @Override
    public CharSequence getChars() {
      return getString();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof JsonString && getString().equals(((JsonString) o).getString());
    }

    @Override
    public int hashCode() {
      return getString().hashCode();
    }

    @Override
    public String toString() {
      return toJson(this);
    }
  }

  /** The most digits a number's integer part may have to be made a BigInteger (as Parsson's limit). */
  static final int MAX_BIG_INTEGER_DIGITS = 100_000;

  /**
   * {@code v} as a BigInteger, truncated or {@code exact}, without the work BigDecimal would do for
   * a large scale: {@code 1e999999999} would be expanded to a billion digits, {@code 1e-999999999}
   * divided by 10^999999999, each a hang on input of a dozen bytes.
   *
   * @throws ArithmeticException when the integer part has more than {@link
   *     #MAX_BIG_INTEGER_DIGITS} digits, or when {@code exact} and {@code v} has a fraction
   */
  static BigInteger bigInteger(BigDecimal v, boolean exact) {
    long digits = (long) v.precision() - v.scale(); // in long: 1e2147483647 overflows an int
    if (v.signum() == 0 || digits <= 0) { // below 1
      if (exact && v.signum() != 0) {
        throw new ArithmeticException("Rounding necessary: " + v + " is not an integer");
      }
      return BigInteger.ZERO;
    }
    if (digits > MAX_BIG_INTEGER_DIGITS) {
      throw new ArithmeticException("the integer part of " + v + " has " + digits + " digits, more than the "
          + MAX_BIG_INTEGER_DIGITS + " a BigInteger is made of here");
    }
    return exact ? v.toBigIntegerExact() : v.toBigInteger();
  }

  /** Base for numbers: equality and hash by {@link BigDecimal}, as the specification says. */
  abstract static class NumBase implements JsonNumber {
    @Override
    public ValueType getValueType() {
      return ValueType.NUMBER;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof JsonNumber && bigDecimalValue().equals(((JsonNumber) o).bigDecimalValue());
    }

    @Override
    public int hashCode() {
      return bigDecimalValue().hashCode();
    }
  }

  static final class IntNum extends NumBase {
    private final long value;

    IntNum(long value) {
      this.value = value;
    }

    @Override
    public boolean isIntegral() {
      return true;
    }

    @Override
    public int intValue() {
      return (int) value;
    }

    @Override
    public int intValueExact() {
      return Math.toIntExact(value);
    }

    @Override
    public long longValue() {
      return value;
    }

    @Override
    public long longValueExact() {
      return value;
    }

    @Override
    public BigInteger bigIntegerValue() {
      return BigInteger.valueOf(value);
    }

    @Override
    public BigInteger bigIntegerValueExact() {
      return BigInteger.valueOf(value);
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
    public Number numberValue() {
      return value;
    }

    @Override
    public String toString() {
      return Long.toString(value);
    }
  }

  static final class Num extends NumBase {
    private final BigDecimal value;

    Num(BigDecimal value) {
      this.value = value;
    }

    @Override
    public boolean isIntegral() {
      return value.scale() == 0;
    }

    @Override
    public int intValue() {
      return value.intValue();
    }

    @Override
    public int intValueExact() {
      return value.intValueExact();
    }

    @Override
    public long longValue() {
      return value.longValue();
    }

    @Override
    public long longValueExact() {
      return value.longValueExact();
    }

    @Override
    public BigInteger bigIntegerValue() {
      return bigInteger(value, false);
    }

    @Override
    public BigInteger bigIntegerValueExact() {
      return bigInteger(value, true);
    }

    @Override
    public double doubleValue() {
      return value.doubleValue();
    }

    @Override
    public BigDecimal bigDecimalValue() {
      return value;
    }

    @Override
    public Number numberValue() {
      return value;
    }

    @Override
    public String toString() {
      return value.toString();
    }
  }

  /**
   * An object as two arrays, names and values, in insertion order: no map entry per member. A
   * name is found by a scan of the names' hash codes, or, past 16 members, through an index built
   * on first use.
   */
  static final class Obj extends AbstractMap<String, JsonValue> implements JsonObject {
    final String[] keys;
    private final JsonValue[] values; // read through value(i): null where not converted yet
    final int n;
    final dev.brisk.json.JsonObject core; // what values converts from, or null
    private volatile Map<String, Integer> index; // built once, on first lookup in a large object

    Obj(String[] keys, JsonValue[] values, int n) {
      this(keys, values, n, null);
    }

    private Obj(String[] keys, JsonValue[] values, int n, dev.brisk.json.JsonObject core) {
      this.keys = keys;
      this.values = values;
      this.n = n;
      this.core = core;
    }

    /**
     * Value {@code i}. An object read from bytes converts each member of the core tree on first
     * access; two threads may both convert one, and each gets an equal, immutable value, safely
     * published through its final fields.
     */
    JsonValue value(int i) {
      JsonValue v = values[i];
      if (v == null) {
        v = fromCore(core.valueAt(i));
        values[i] = v;
      }
      return v;
    }

    int find(Object key) {
      if (!(key instanceof String)) {
        return -1;
      }
      if (n <= 16) {
        int h = key.hashCode();
        for (int i = 0; i < n; i++) {
          String k = keys[i];
          if (k.hashCode() == h && k.equals(key)) {
            return i;
          }
        }
        return -1;
      }
      Map<String, Integer> idx = index;
      if (idx == null) {
        idx = new java.util.HashMap<>(n * 2);
        for (int i = 0; i < n; i++) {
          idx.put(keys[i], i);
        }
        index = idx; // volatile: a thread that sees it sees it whole
      }
      Integer i = idx.get(key);
      return i == null ? -1 : i;
    }

    @Override
    public ValueType getValueType() {
      return ValueType.OBJECT;
    }

    @Override
    public Set<Entry<String, JsonValue>> entrySet() {
      return new java.util.AbstractSet<>() {
        @Override
        public java.util.Iterator<Entry<String, JsonValue>> iterator() {
          return new java.util.Iterator<>() {
            int i;

            @Override
            public boolean hasNext() {
              return i < n;
            }

            @Override
            public Entry<String, JsonValue> next() {
              if (i >= n) {
                throw new java.util.NoSuchElementException();
              }
              int k = i++;
              return new SimpleImmutableEntry<>(keys[k], value(k));
            }
          };
        }

        @Override
        public int size() {
          return n;
        }
      };
    }

    @Override
    public JsonValue get(Object key) {
      int i = find(key);
      return i < 0 ? null : value(i);
    }

    @Override
    public boolean containsKey(Object key) {
      return find(key) >= 0;
    }

    @Override
    public int size() {
      return n;
    }

    @Override
    public JsonArray getJsonArray(String name) {
      return (JsonArray) get(name);
    }

    @Override
    public JsonObject getJsonObject(String name) {
      return (JsonObject) get(name);
    }

    @Override
    public JsonNumber getJsonNumber(String name) {
      return (JsonNumber) get(name);
    }

    @Override
    public JsonString getJsonString(String name) {
      return (JsonString) get(name);
    }

    @Override
    public String getString(String name) {
      return getJsonString(name).getString();
    }

    @Override
    public String getString(String name, String defaultValue) {
      JsonValue v = get(name);
      return v instanceof JsonString ? ((JsonString) v).getString() : defaultValue;
    }

    @Override
    public int getInt(String name) {
      return getJsonNumber(name).intValue();
    }

    @Override
    public int getInt(String name, int defaultValue) {
      JsonValue v = get(name);
      return v instanceof JsonNumber ? ((JsonNumber) v).intValue() : defaultValue;
    }

    @Override
    public boolean getBoolean(String name) {
      JsonValue v = get(name);
      if (v == null) {
        throw new NullPointerException("no member '" + name + "'");
      }
      if (v == JsonValue.TRUE) {
        return true;
      }
      if (v == JsonValue.FALSE) {
        return false;
      }
      throw new ClassCastException("member '" + name + "' is " + v.getValueType() + ", not a boolean");
    }

    @Override
    public boolean getBoolean(String name, boolean defaultValue) {
      JsonValue v = get(name);
      return v == JsonValue.TRUE ? true : v == JsonValue.FALSE ? false : defaultValue;
    }

    @Override
    public boolean isNull(String name) {
      JsonValue v = get(name);
      if (v == null) {
        throw new NullPointerException("no member '" + name + "'");
      }
      return v.getValueType() == ValueType.NULL;
    }

    /** As {@code Map.equals}, compared without recursion between JSON-P objects. */
    @Override
    public boolean equals(Object o) {
      if (o instanceof JsonObject) {
        return Equality.equal(this, o);
      }
      return super.equals(o);
    }

    /** As {@code Map.hashCode}, computed without recursion. */
    @Override
    public int hashCode() {
      return Equality.hash(this);
    }

    @Override
    public String toString() {
      return toJson(this);
    }
  }

  static final class Arr extends AbstractList<JsonValue> implements JsonArray {
    private final List<JsonValue> items;

    Arr(List<JsonValue> items) {
      this.items = items;
    }

    /** The core array this one was read as, or null. */
    dev.brisk.json.JsonArray core() {
      return items instanceof CoreList ? ((CoreList) items).core : null;
    }

    @Override
    public ValueType getValueType() {
      return ValueType.ARRAY;
    }

    @Override
    public JsonValue get(int index) {
      return items.get(index);
    }

    @Override
    public int size() {
      return items.size();
    }

    @Override
    public JsonObject getJsonObject(int index) {
      return (JsonObject) items.get(index);
    }

    @Override
    public JsonArray getJsonArray(int index) {
      return (JsonArray) items.get(index);
    }

    @Override
    public JsonNumber getJsonNumber(int index) {
      return (JsonNumber) items.get(index);
    }

    @Override
    public JsonString getJsonString(int index) {
      return (JsonString) items.get(index);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends JsonValue> List<T> getValuesAs(Class<T> clazz) {
      return (List<T>) items; // a view: an element of another type fails when it is used, as specified
    }

    @Override
    public String getString(int index) {
      return getJsonString(index).getString();
    }

    @Override
    public String getString(int index, String defaultValue) {
      JsonValue v = index >= 0 && index < items.size() ? items.get(index) : null;
      return v instanceof JsonString ? ((JsonString) v).getString() : defaultValue;
    }

    @Override
    public int getInt(int index) {
      return getJsonNumber(index).intValue();
    }

    @Override
    public int getInt(int index, int defaultValue) {
      JsonValue v = index >= 0 && index < items.size() ? items.get(index) : null;
      return v instanceof JsonNumber ? ((JsonNumber) v).intValue() : defaultValue;
    }

    @Override
    public boolean getBoolean(int index) {
      JsonValue v = items.get(index);
      if (v == JsonValue.TRUE) {
        return true;
      }
      if (v == JsonValue.FALSE) {
        return false;
      }
      throw new ClassCastException("item " + index + " is " + v.getValueType() + ", not a boolean");
    }

    @Override
    public boolean getBoolean(int index, boolean defaultValue) {
      JsonValue v = index >= 0 && index < items.size() ? items.get(index) : null;
      return v == JsonValue.TRUE ? true : v == JsonValue.FALSE ? false : defaultValue;
    }

    @Override
    public boolean isNull(int index) {
      return items.get(index).getValueType() == ValueType.NULL;
    }

    /** As {@code List.equals}, compared without recursion between JSON-P arrays. */
    @Override
    public boolean equals(Object o) {
      if (o instanceof JsonArray) {
        return Equality.equal(this, o);
      }
      return super.equals(o);
    }

    /** As {@code List.hashCode}, computed without recursion. */
    @Override
    public int hashCode() {
      return Equality.hash(this);
    }

    @Override
    public String toString() {
      return toJson(this);
    }
  }
}
