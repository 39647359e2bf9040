package dev.brisk.json;

/**
 * JSON {@code true} and {@code false}: the two instances {@link #TRUE} and {@link #FALSE}.
 * Immutable, so safe to share between threads.
 */
public final class JsonBoolean extends JsonValue {
  /** JSON {@code true}. */
  public static final JsonBoolean TRUE = new JsonBoolean(true);
  /** JSON {@code false}. */
  public static final JsonBoolean FALSE = new JsonBoolean(false);

  private final boolean value;

  private JsonBoolean(boolean value) {
    super(K_BOOLEAN);
    this.value = value;
  }

  /** {@link #TRUE} or {@link #FALSE}. */
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

  /** The value, as {@link #asBoolean()} gives it. */
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
