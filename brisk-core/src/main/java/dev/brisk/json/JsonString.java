package dev.brisk.json;

import java.util.Objects;

/** A JSON string. Immutable. */
public final class JsonString extends JsonValue {
  private final String value;

  private JsonString(String value) {
    this.value = value;
  }

  public static JsonString of(String value) {
    return new JsonString(Objects.requireNonNull(value, "value"));
  }

  @Override
  public Type type() {
    return Type.STRING;
  }

  @Override
  public String asString() {
    return value;
  }

  /** The text of this string. */
  public String value() {
    return value;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JsonString && ((JsonString) o).value.equals(value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }
}
