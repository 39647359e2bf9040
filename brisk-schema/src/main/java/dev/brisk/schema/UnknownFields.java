package dev.brisk.schema;

/** What a codec does with a member its type does not declare. */
public enum UnknownFields {
  /** Skip it (the default): documents may carry more than the schema says. */
  SKIP,
  /** Fail with a {@code JsonException} naming the member and its path. */
  REJECT,
  /**
   * Keep it, as a core tree, and write it back after the declared fields: {@link
   * JsonRecord#unknown()} for schema records, a {@code Map<String, JsonValue>} property marked
   * {@link JsonCodec.Unknown} for annotated classes.
   */
  CAPTURE
}
