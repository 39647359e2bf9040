package dev.brisk.json;

/** The tokens a {@link JsonReader} reports. */
public enum JsonToken {
  BEGIN_OBJECT,
  END_OBJECT,
  BEGIN_ARRAY,
  END_ARRAY,
  /** An object member's name; the value follows as the next token. */
  NAME,
  STRING,
  NUMBER,
  TRUE,
  FALSE,
  NULL,
  /** No more input: the document (or, with multiple values, the last document) has ended. */
  END_DOCUMENT;

  /** True for the tokens that are a whole value on their own: strings, numbers, literals. */
  public boolean isScalar() {
    return this == STRING || this == NUMBER || this == TRUE || this == FALSE || this == NULL;
  }
}
