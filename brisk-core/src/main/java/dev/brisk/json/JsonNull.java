package dev.brisk.json;

/** JSON {@code null}: the one instance {@link #INSTANCE}. Immutable, so safe to share between threads. */
public final class JsonNull extends JsonValue {
  /** JSON {@code null}, the only instance. */
  public static final JsonNull INSTANCE = new JsonNull();

  private JsonNull() {
    super(K_NULL);
  }

  @Override
  public Type type() {
    return Type.NULL;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JsonNull;
  }

  @Override
  public int hashCode() {
    return 0;
  }
}
