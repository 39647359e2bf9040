package dev.brisk.json;

/** The tokens a {@link JsonReader} reports. */
public enum JsonToken {
  /** <code>&#123;</code>: an object begins. */
  BEGIN_OBJECT,
  /** <code>&#125;</code>: the innermost object ends. */
  END_OBJECT,
  /** {@code [}: an array begins. */
  BEGIN_ARRAY,
  /** {@code ]}: the innermost array ends. */
  END_ARRAY,
  /** An object member's name; the value follows as the next token. */
  NAME,
  /** A string value. */
  STRING,
  /** A number value. */
  NUMBER,
  /** The literal {@code true}. */
  TRUE,
  /** The literal {@code false}. */
  FALSE,
  /** The literal {@code null}. */
  NULL,
  /** No more input: the document (or, with multiple values, the last document) has ended. */
  END_DOCUMENT;

  /** True for the tokens that are a whole value on their own: strings, numbers, literals. */
  public boolean isScalar() {
    return this == STRING || this == NUMBER || this == TRUE || this == FALSE || this == NULL;
  }
}
