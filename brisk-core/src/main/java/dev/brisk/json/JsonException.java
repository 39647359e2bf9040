package dev.brisk.json;

import java.util.Optional;

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
 * <p>A message stays short whatever the input: a path longer than {@value #MAX_SHOWN_PATH}
 * characters (a thousand levels of nesting, or long member names) is shown by its start and end
 * ({@link #shownPath()}), while {@link #path()} keeps it whole.
 *
 * <p>When a reader option would have accepted the input, {@link #acceptedWith()} names it, and the
 * message ends with the {@link Json.Builder} call that turns it on; {@link #reason()} leaves that
 * call out, so that a front end with options of its own (a command line, a JSON-P config map) can
 * name its own instead ({@link #messageWithoutOption()} is the message without it).
 *
 * <p>Instances are immutable and safe to share.
 */
public class JsonException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The longest path a message shows whole. */
  public static final int MAX_SHOWN_PATH = 200;

  private static final int SHOWN_HEAD = 80;
  private static final int SHOWN_TAIL = 100;

  /** A reader option, off by default, that accepts input strict JSON refuses. */
  public enum ReaderOption {
    /** Line and block comments: {@code Json.builder().allowComments(true)}. */
    ALLOW_COMMENTS("Json.builder().allowComments(true)"),
    /** A comma before {@code ]} or {@code }}: {@code Json.builder().allowTrailingCommas(true)}. */
    ALLOW_TRAILING_COMMAS("Json.builder().allowTrailingCommas(true)"),
    /**
     * Values one after another, each on a line of its own (NDJSON): {@code
     * Json.builder().multipleValues(true)}.
     */
    MULTIPLE_VALUES("Json.builder().multipleValues(true)");

    private final String builderCall;

    ReaderOption(String builderCall) {
      this.builderCall = builderCall;
    }
  }

  /** What is wrong, without the position. */
  private final String reason;
  /** The byte offset in the input where it went wrong, or -1 when written rather than read. */
  private final long offset;
  /** The line (from 1) of {@link #offset}, or -1. */
  private final long line;
  /** The column (from 1) of {@link #offset}, or -1. */
  private final long column;
  /** The JSON path of the value, such as {@code $.users[3].name}. */
  private final String path;
  /** The reader option that would accept the input, or null. */
  private final ReaderOption acceptedWith;

  /** An error with a known position in the input. */
  public JsonException(String reason, long offset, long line, long column, String path) {
    this(reason, offset, line, column, path, null);
  }

  /** An error with a known position in the input, caused by {@code cause}. */
  public JsonException(
      String reason, long offset, long line, long column, String path, Throwable cause) {
    this(reason, offset, line, column, path, cause, null);
  }

  /** An error that {@code acceptedWith}, when not null, would have accepted. */
  JsonException(String reason, long offset, long line, long column, String path, Throwable cause,
      ReaderOption acceptedWith) {
    super(format(reason, offset, line, column, path)
        + acceptedBy(acceptedWith == null ? null : acceptedWith.builderCall), cause);
    this.reason = reason;
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.path = path == null ? "$" : path;
    this.acceptedWith = acceptedWith;
  }

  /**
   * How a message ends when {@code setting} would have accepted the input: {@code "; " + setting
   * + " accepts it"}, or nothing for null. The core names its builder call; a front end with
   * options of its own (a command line, a JSON-P config map) names its own in the same words.
   */
  public static String acceptedBy(String setting) {
    return setting == null ? "" : "; " + setting + " accepts it";
  }

  /** An error that has no position in an input, such as a value that cannot be written. */
  public JsonException(String reason, String path) {
    this(reason, -1, -1, -1, path, null);
  }

  private static String format(String reason, long offset, long line, long column, String path) {
    if (offset < 0) {
      return path == null ? reason : reason + " (at " + shorten(path) + ")";
    }
    return reason
        + " at line "
        + line
        + ", column "
        + column
        + " (offset "
        + offset
        + ", path "
        + (path == null ? "$" : shorten(path))
        + ")";
  }

  /**
   * {@code path} as a message shows it: whole up to {@link #MAX_SHOWN_PATH} characters; otherwise
   * about its first 80 and last 100, cut where a member or index begins when one is near.
   */
  static String shorten(String path) {
    return shorten(path, true);
  }

  /**
   * Text from the input as a message quotes it (a member name, a string value): whole up to
   * {@link #MAX_SHOWN_PATH} characters, otherwise its first 80 and last 100 around {@code
   * ...(N characters)...}, so that a message stays short whatever the input holds. Never cuts a
   * surrogate pair in two.
   */
  public static String excerpt(String text) {
    return shorten(text, false);
  }

  private static String shorten(String s, boolean atSteps) {
    int n = s.length();
    if (n <= MAX_SHOWN_PATH) {
      return s;
    }
    int head = SHOWN_HEAD;
    int tail = n - SHOWN_TAIL;
    if (atSteps) {
      for (int i = SHOWN_HEAD; i > SHOWN_HEAD / 2; i--) {
        if (startsStep(s.charAt(i))) {
          head = i;
          break;
        }
      }
      for (int i = tail; i < n - SHOWN_TAIL / 2; i++) {
        if (startsStep(s.charAt(i))) {
          tail = i;
          break;
        }
      }
    }
    if (Character.isLowSurrogate(s.charAt(head))) {
      head--;
    }
    if (Character.isLowSurrogate(s.charAt(tail))) {
      tail++;
    }
    return s.substring(0, head) + "...(" + (tail - head) + " characters)..." + s.substring(tail);
  }

  private static boolean startsStep(char c) {
    return c == '.' || c == '[';
  }

  /** What went wrong, without the position and without the option that would accept it. */
  public String reason() {
    return reason;
  }

  /**
   * The reader option that would have accepted the input at fault, if one would: a comment where
   * comments are off, a trailing comma where those are off, a second value on a line of its own
   * where only one value is read. Empty for every other error.
   */
  public Optional<ReaderOption> acceptedWith() {
    return Optional.ofNullable(acceptedWith);
  }

  /**
   * The message without the {@link Json.Builder} call that turns {@link #acceptedWith()} on: the
   * reason and where, for a front end that names its own way to accept the input.
   */
  public String messageWithoutOption() {
    return format(reason, offset, line, column, path);
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

  /**
   * The JSON path of the value at fault, such as {@code $.users[3].name}; {@code $} at the top.
   * Always whole, however long; the message shows {@link #shownPath()}.
   */
  public String path() {
    return path;
  }

  /**
   * The path as the message shows it: {@link #path()} when it has at most {@link
   * #MAX_SHOWN_PATH} characters, else its start and end around {@code ...(N characters)...},
   * for log lines that must stay short.
   */
  public String shownPath() {
    return shorten(path);
  }
}
