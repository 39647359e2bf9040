package dev.brisk.json;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/** A JSON array. Immutable; make one with {@link #of} or {@link #builder()}. */
public final class JsonArray extends JsonValue implements Iterable<JsonValue> {
  static final JsonArray EMPTY = new JsonArray(new JsonValue[0]);

  final JsonValue[] values; // read by TreeEquality

  JsonArray(JsonValue[] values) {
    super(K_ARRAY);
    this.values = values;
  }

  /**
   * An array of {@code values}, in order; the array given is copied.
   *
   * @throws NullPointerException when an element is null (JSON null is {@link JsonNull#INSTANCE})
   */
  public static JsonArray of(JsonValue... values) {
    JsonValue[] copy = values.clone();
    for (JsonValue v : copy) {
      Objects.requireNonNull(v, "array element");
    }
    return new JsonArray(copy);
  }

  /** A builder of an array, empty. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Type type() {
    return Type.ARRAY;
  }

  @Override
  public JsonArray asArray() {
    return this;
  }

  /** The number of elements. */
  public int size() {
    return values.length;
  }

  /** Whether the array has no elements. */
  public boolean isEmpty() {
    return values.length == 0;
  }

  /** The element at {@code index}. @throws IndexOutOfBoundsException */
  public JsonValue get(int index) {
    return values[index];
  }

  /** An unmodifiable list view. */
  public List<JsonValue> asList() {
    return new AbstractList<>() {
      @Override
      public JsonValue get(int index) {
        return values[index];
      }

      @Override
      public int size() {
        return values.length;
      }
    };
  }

  @Override
  public Iterator<JsonValue> iterator() {
    return asList().iterator();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JsonArray && TreeEquality.equal(this, (JsonArray) o);
  }

  @Override
  public int hashCode() {
    return TreeEquality.hash(this); // Arrays.hashCode of the elements, at any depth
  }

  /** Collects elements for a {@link JsonArray}; not thread-safe. */
  public static final class Builder {
    private JsonValue[] values = new JsonValue[8];
    private int n;

    Builder() {}

    /**
     * Adds {@code v} as the next element.
     *
     * @throws NullPointerException when {@code v} is null (JSON null is {@link JsonNull#INSTANCE})
     */
    public Builder add(JsonValue v) {
      Objects.requireNonNull(v, "value (use JsonNull.INSTANCE for null)");
      if (n == values.length) {
        values = Arrays.copyOf(values, n * 2);
      }
      values[n++] = v;
      return this;
    }

    /** Adds a string element. @throws NullPointerException when {@code s} is null */
    public Builder add(String s) {
      return add(JsonString.of(s));
    }

    /** Adds a number element. */
    public Builder add(long v) {
      return add(JsonNumber.of(v));
    }

    /**
     * Adds a number element, the shortest decimal that reads back to {@code v}.
     *
     * @throws JsonException for NaN and the infinities, which JSON cannot express
     */
    public Builder add(double v) {
      return add(JsonNumber.of(v));
    }

    /** Adds {@code true} or {@code false}. */
    public Builder add(boolean v) {
      return add(JsonBoolean.of(v));
    }

    /** The array of the elements added so far; the builder may go on adding for another. */
    public JsonArray build() {
      return new JsonArray(Arrays.copyOf(values, n));
    }
  }
}
