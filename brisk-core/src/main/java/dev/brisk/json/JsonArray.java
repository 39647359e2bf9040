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

  public static JsonArray of(JsonValue... values) {
    JsonValue[] copy = values.clone();
    for (JsonValue v : copy) {
      Objects.requireNonNull(v, "array element");
    }
    return new JsonArray(copy);
  }

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

  public int size() {
    return values.length;
  }

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

    public Builder add(JsonValue v) {
      Objects.requireNonNull(v, "value (use JsonNull.INSTANCE for null)");
      if (n == values.length) {
        values = Arrays.copyOf(values, n * 2);
      }
      values[n++] = v;
      return this;
    }

    public Builder add(String s) {
      return add(JsonString.of(s));
    }

    public Builder add(long v) {
      return add(JsonNumber.of(v));
    }

    public Builder add(double v) {
      return add(JsonNumber.of(v));
    }

    public Builder add(boolean v) {
      return add(JsonBoolean.of(v));
    }

    public JsonArray build() {
      return new JsonArray(Arrays.copyOf(values, n));
    }
  }
}
