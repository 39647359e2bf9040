package dev.brisk.json;

/**
 * An immutable JSON value: one of {@link JsonObject}, {@link JsonArray}, {@link JsonString},
 * {@link JsonNumber}, {@link JsonBoolean} and {@link JsonNull}. Trees are safe to share between
 * threads. {@link #toString()} is the compact JSON text; {@link #equals} compares by JSON meaning
 * (object members in any order, numbers by numeric value).
 */
public abstract class JsonValue {
  static final byte K_OBJECT = 0;
  static final byte K_ARRAY = 1;
  static final byte K_STRING = 2;
  static final byte K_NUMBER = 3;
  static final byte K_BOOLEAN = 4;
  static final byte K_NULL = 5;

  /** The kind, as a field: the writer switches on it instead of a virtual call per value. */
  final byte kind;

  JsonValue(byte kind) {
    this.kind = kind;
  }

  /** The kinds of JSON value. */
  public enum Type {
    /** A {@link JsonObject}. */
    OBJECT,
    /** A {@link JsonArray}. */
    ARRAY,
    /** A {@link JsonString}. */
    STRING,
    /** A {@link JsonNumber}. */
    NUMBER,
    /** A {@link JsonBoolean}. */
    BOOLEAN,
    /** {@link JsonNull#INSTANCE}. */
    NULL
  }

  /** Which kind of value this is. */
  public abstract Type type();

  /** Whether this is JSON {@code null}. */
  public final boolean isNull() {
    return type() == Type.NULL;
  }

  /** This value as an object. @throws IllegalStateException when it is not one */
  public JsonObject asObject() {
    throw wrongType("an object");
  }

  /** This value as an array. @throws IllegalStateException when it is not one */
  public JsonArray asArray() {
    throw wrongType("an array");
  }

  /** This value as a number. @throws IllegalStateException when it is not one */
  public JsonNumber asNumber() {
    throw wrongType("a number");
  }

  /** The text of this string. @throws IllegalStateException when it is not a string */
  public String asString() {
    throw wrongType("a string");
  }

  /** This boolean. @throws IllegalStateException when it is not a boolean */
  public boolean asBoolean() {
    throw wrongType("a boolean");
  }

  IllegalStateException wrongType(String expected) {
    return new IllegalStateException(
        "expected " + expected + " but the value is " + type().name().toLowerCase(java.util.Locale.ROOT));
  }

  /** The compact JSON text of this value. */
  @Override
  public String toString() {
    return Json.toString(this);
  }
}
