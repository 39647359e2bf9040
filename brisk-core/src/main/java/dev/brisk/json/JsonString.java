package dev.brisk.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A JSON string. Immutable and safe to share.
 *
 * <p>A string read from JSON keeps its bytes as they stood in the input (valid UTF-8, escapes
 * unresolved) and decodes them to a {@code String} only when {@link #value()} is first called;
 * writing it out again copies the bytes. The decoded value is cached in a plain field: two threads
 * may both decode it, and both get equal strings (a {@code String} is safely published through
 * its final fields), so no lock or volatile is needed.
 */
public final class JsonString extends JsonValue {
  /**
   * An array holding the JSON string content without the quotes from {@code off}, {@code len}
   * bytes (its own copy, a copy of the whole document shared by the tree's strings, or with {@link
   * Json.Builder#shareInput} the input itself), or null when made from a String.
   */
  private final byte[] raw;
  private final int off;
  private final int len;
  /** True when the content holds backslash escapes. */
  private final boolean escaped;
  private String value;

  private JsonString(String value) {
    super(K_STRING);
    this.raw = null;
    this.off = 0;
    this.len = 0;
    this.escaped = false;
    this.value = value;
  }

  JsonString(byte[] raw, int off, int len, boolean escaped) {
    super(K_STRING);
    this.raw = raw;
    this.off = off;
    this.len = len;
    this.escaped = escaped;
  }

  /**
   * The string {@code value}; written, it is escaped as JSON needs.
   *
   * @throws NullPointerException when {@code value} is null (JSON null is {@link
   *     JsonNull#INSTANCE})
   */
  public static JsonString of(String value) {
    return new JsonString(Objects.requireNonNull(value, "value"));
  }

  @Override
  public Type type() {
    return Type.STRING;
  }

  @Override
  public String asString() {
    return value();
  }

  /**
   * Whether the input this string was read from wrote it with backslash escapes ({@code \n},
   * {@code \u00e9}, ...). Writing a string read without escapes copies its input bytes, which are
   * then exactly what writing its text gives; one read with escapes is copied with its escapes as
   * they were. False for a string made from a {@code String}.
   */
  public boolean hasEscapes() {
    return escaped;
  }

  /** The text of this string. */
  public String value() {
    String v = value;
    if (v == null) {
      v = escaped ? JsonReader.decodeEscaped(raw, off, off + len) : new String(raw, off, len, StandardCharsets.UTF_8);
      value = v;
    }
    return v;
  }

  /** For {@link JsonWriter#member(String, JsonValue)}: false when it must take the general way. */
  boolean writeMember(EncodedNames.Entry encodedName, JsonWriter w) {
    return raw != null ? w.rawMember(encodedName, raw, off, len, true) : w.stringMember(encodedName, value);
  }

  void writeTo(JsonWriter w) {
    if (raw != null) {
      w.rawString(raw, off, len, this);
    } else {
      w.value(value);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof JsonString)) {
      return false;
    }
    JsonString s = (JsonString) o;
    if (raw != null && s.raw != null && !escaped && !s.escaped) {
      // One text has one unescaped UTF-8 form.
      return Arrays.equals(raw, off, off + len, s.raw, s.off, s.off + s.len);
    }
    return value().equals(s.value());
  }

  @Override
  public int hashCode() {
    return value().hashCode();
  }
}
