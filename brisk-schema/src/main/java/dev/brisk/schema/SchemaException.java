package dev.brisk.schema;

/**
 * Schema text that is not a valid schema, or a class the generator cannot make a codec for. The
 * message says what is wrong and where: {@code line 3, column 7: unknown type 'strng' ...}.
 */
public class SchemaException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;
  private final String reason;

  /** A fault at {@code line} and {@code column} (both from 1) of the schema text. */
  public SchemaException(String reason, int line, int column) {
    super("line " + line + ", column " + column + ": " + reason);
    this.line = line;
    this.column = column;
    this.reason = reason;
  }

  /**
   * A fault that is not at a place in the text (a class the generator cannot handle, a failed
   * compile).
   */
  public SchemaException(String message, Throwable cause) {
    super(message, cause);
    this.line = 0;
    this.column = 0;
    this.reason = message;
  }

  /** What is wrong, without the place: for messages that give the place their own way. */
  public String reason() {
    return reason;
  }

  /** The line (from 1) in the schema text, or 0 when the fault is not in the text. */
  public int line() {
    return line;
  }

  /** The column (from 1, in characters), or 0 when the fault is not in the text. */
  public int column() {
    return column;
  }
}
