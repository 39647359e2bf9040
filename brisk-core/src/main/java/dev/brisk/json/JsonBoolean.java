package dev.brisk.json;

/**
 * JSON {@code true} and {@code false}: the two instances {@link #TRUE} and {@link #FALSE}.
 * Immutable, so safe to share between threads.
 */
public final class JsonBoolean extends JsonValue {
  public static final JsonBoolean TRUE = new JsonBoolean(true);
  public static final JsonBoolean FALSE = new JsonBoolean(false);

  private final boolean value;

  private JsonBoolean(boolean value) {
    super(K_BOOLEAN);
    this.value = value;
  }

  public static JsonBoolean of(boolean value) {
    return value ? TRUE : FALSE;
  }

  @Override
  public Type type() {
    return Type.BOOLEAN;
  }

  @Override
  public boolean asBoolean() {
    return value;
  }

  public boolean value() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JsonBoolean && ((JsonBoolean) o).value == value;
  }

  @Override
  public int hashCode() {
    return Boolean.hashCode(value);
  }
}
