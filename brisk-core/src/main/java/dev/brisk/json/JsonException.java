package dev.brisk.json;

/**
 * Thrown for every malformed, unexpected or over-limit input, and for values that cannot be
 * written as JSON (NaN, infinities).
 *
 * <p>When the error comes from reading, it says where: {@link #offset()} is the 0-based byte
 * offset in the input, {@link #line()} and {@link #column()} are 1-based (the column counts bytes
 * from the start of the line), and {@link #path()} is the JSON path of the value being read, such
 * as {@code $.users[3].name}. The message repeats all of them so that a log line alone is enough
 * to find the fault. Errors from writing have no position: offset, line and column are -1 and the
 * path is the writer's path.
 *
 * <p>Instances are immutable and safe to share.
 */
public class JsonException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String reason;
  private final long offset;
  private final long line;
  private final long column;
  private final String path;

  /** An error with a known position in the input. */
  public JsonException(String reason, long offset, long line, long column, String path) {
    this(reason, offset, line, column, path, null);
  }

  /** An error with a known position in the input, caused by {@code cause}. */
  public JsonException(
      String reason, long offset, long line, long column, String path, Throwable cause) {
    super(format(reason, offset, line, column, path), cause);
    this.reason = reason;
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.path = path == null ? "$" : path;
  }

  /** An error that has no position in an input, such as a value that cannot be written. */
  public JsonException(String reason, String path) {
    this(reason, -1, -1, -1, path, null);
  }

  private static String format(String reason, long offset, long line, long column, String path) {
    if (offset < 0) {
      return path == null ? reason : reason + " (at " + path + ")";
    }
    return reason
        + " at line "
        + line
        + ", column "
        + column
        + " (offset "
        + offset
        + ", path "
        + (path == null ? "$" : path)
        + ")";
  }

  /** What went wrong, without the position. */
  public String reason() {
    return reason;
  }

  /** 0-based byte offset of the fault in the input, or -1 when not reading. */
  public long offset() {
    return offset;
  }

  /** 1-based line of the fault, or -1 when not reading. */
  public long line() {
    return line;
  }

  /** 1-based column of the fault, counted in bytes from the start of its line, or -1. */
  public long column() {
    return column;
  }

  /** The JSON path of the value at fault, such as {@code $.users[3].name}; {@code $} at the top. */
  public String path() {
    return path;
  }
}
