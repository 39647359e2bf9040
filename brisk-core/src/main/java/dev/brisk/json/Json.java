package dev.brisk.json;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The entry point: parse JSON to a tree, write a tree to JSON, and make readers and writers.
 *
 * <pre>{@code
 * JsonValue doc = Json.parse(bytes);                        // strict RFC 8259, default limits
 * String name = doc.asObject().getObject("user").getString("name");
 * byte[] out = Json.toBytes(doc);
 *
 * Json lenient = Json.builder().allowComments(true).maxDepth(64).build();
 * JsonValue cfg = lenient.read(configBytes);
 * }</pre>
 *
 * <p>The static methods use {@link #DEFAULT}. A {@code Json} made by {@link #builder()} carries its
 * own limits and options and has the same operations as instance methods ({@link #read(byte[])}
 * for {@code parse}, {@link #write(JsonValue)} for {@code toBytes}; Java does not allow a static
 * and an instance method of the same signature).
 *
 * <p><b>Thread-safety:</b> a {@code Json} is immutable and safe to share between threads; make
 * one per configuration and keep it. The readers and writers it makes are not thread-safe.
 */
public final class Json {
  static final int ALLOW_COMMENTS = 1;
  static final int ALLOW_TRAILING_COMMAS = 2;
  static final int MULTIPLE_VALUES = 4;
  static final int SHARE_INPUT = 8;
  /** A reader's array is Brisk's own (a copy, or a String's bytes): its strings share it. */
  static final int OWN_INPUT = 16;

  /** Strict RFC 8259 with {@link JsonLimits#DEFAULTS}. */
  public static final Json DEFAULT = new Json(JsonLimits.DEFAULTS, 0, false, null);

  private final JsonLimits limits;
  private final int flags;
  private final boolean rejectDuplicateNames;
  private final String indent;

  private Json(JsonLimits limits, int flags, boolean rejectDuplicateNames, String indent) {
    this.limits = limits;
    this.flags = flags;
    this.rejectDuplicateNames = rejectDuplicateNames;
    this.indent = indent;
  }

  // ---- static, with the defaults ----

  /**
   * Parses one JSON value from UTF-8 bytes; the tree does not refer to the array (see {@link
   * #read(byte[], int, int)}). @throws JsonException when malformed
   */
  public static JsonValue parse(byte[] utf8) {
    return DEFAULT.read(utf8);
  }

  /** Parses one JSON value from a string. @throws JsonException when malformed */
  public static JsonValue parse(String json) {
    return DEFAULT.read(json);
  }

  /**
   * Parses one JSON value from a UTF-8 stream, reading it incrementally, and closes it.
   *
   * @throws JsonException when malformed
   * @throws java.io.UncheckedIOException when reading fails
   */
  public static JsonValue parse(InputStream utf8) {
    return DEFAULT.read(utf8);
  }

  /** The compact UTF-8 JSON of {@code value}. */
  public static byte[] toBytes(JsonValue value) {
    return DEFAULT.write(value);
  }

  /** The compact JSON text of {@code value}. */
  public static String toString(JsonValue value) {
    return DEFAULT.writeString(value);
  }

  /** A builder of a configured {@code Json}, starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  // ---- instance ----

  /**
   * Reads one JSON value from UTF-8 bytes with this instance's limits and options; the tree does
   * not refer to the array (see {@link #read(byte[], int, int)}).
   *
   * @throws JsonException when the bytes are malformed or break a limit, with where and what
   */
  public JsonValue read(byte[] utf8) {
    return read(utf8, 0, utf8.length);
  }

  /**
   * Reads one value from {@code len} bytes of {@code utf8} from {@code off}. The tree never refers
   * to the caller's array unless {@link Builder#shareInput} is on: a document of up to 1 MiB is
   * copied once and the tree's strings refer to that copy (so a string kept from the tree keeps at
   * most 1 MiB reachable); a larger one has each string's bytes copied out.
   */
  public JsonValue read(byte[] utf8, int off, int len) {
    if ((flags & SHARE_INPUT) == 0 && len <= COPY_ONCE_LIMIT) {
      Objects.checkFromIndexSize(off, len, utf8.length);
      // One copy of the whole input instead of one small array per string.
      byte[] own = java.util.Arrays.copyOfRange(utf8, off, off + len);
      return readOwn(own);
    }
    return readOne(reader(utf8, off, len));
  }

  /**
   * One value from an array of Brisk's own, read with the thread's kept reader ({@link
   * #keptReader}): making a reader is a good part of reading a small event.
   */
  private JsonValue readOwn(byte[] own) {
    JsonReader r = JsonReader.takeKept(this);
    r = r != null ? r.resetOwn(own) : ownReader(own);
    JsonValue v = readOne(r);
    r.keep(); // closed: lets go of the array, which the tree's strings may still share
    return v;
  }

  /** The largest document {@link #read(byte[], int, int)} copies whole. */
  static final int COPY_ONCE_LIMIT = 1 << 20;

  /**
   * Reads one JSON value from text with this instance's limits and options. The text is encoded
   * to UTF-8 once, and the tree's strings share that copy; a lone surrogate is read as its escape
   * (see {@link #reader(String)}).
   *
   * @throws JsonException when the text is malformed or breaks a limit
   */
  public JsonValue read(String json) {
    return readOwn(utf8(json));
  }

  /**
   * Reads one JSON value from a UTF-8 stream, incrementally, with this instance's limits and
   * options (the tree is bounded by {@link JsonLimits#maxTreeLength()}), and closes the stream.
   *
   * @throws JsonException when the input is malformed or breaks a limit
   * @throws java.io.UncheckedIOException when reading the stream fails
   */
  public JsonValue read(InputStream utf8) {
    try (JsonReader r = reader(utf8)) {
      return readOne(r);
    }
  }

  private JsonValue readOne(JsonReader r) {
    JsonValue v = r.readTree(rejectDuplicateNames);
    if (v == null) { // a reader of a sequence found none (empty input); one value was asked for
      throw r.noValue();
    }
    if ((flags & MULTIPLE_VALUES) == 0) {
      r.next(); // END_DOCUMENT, or an error for trailing data
    }
    return v;
  }

  /**
   * Reads a sequence of values (NDJSON: one per line) and gives each to {@code each}; closes the
   * stream. Works with any instance, whether or not it allows multiple values.
   */
  public void readValues(InputStream utf8, Consumer<? super JsonValue> each) {
    try (JsonReader r = new JsonReader(null, 0, 0, utf8, limits, flags | MULTIPLE_VALUES, null)) {
      JsonValue v;
      while ((v = r.readTree(rejectDuplicateNames)) != null) {
        each.accept(v);
      }
    }
  }

  /** The JSON of {@code value}, compact or indented as configured, as UTF-8. */
  public byte[] write(JsonValue value) {
    Objects.requireNonNull(value, "value");
    if (indent != null) {
      JsonWriter w = newWriter(null, ANY_DEPTH);
      TreeWriter.write(value, w);
      return w.toByteArray();
    }
    return JsonWriter.toBytes(w -> TreeWriter.write(value, w), ANY_DEPTH);
  }

  /** Writes {@code value} to {@code out}, and flushes it (it is not closed). */
  public void write(JsonValue value, OutputStream out) {
    Objects.requireNonNull(value, "value");
    JsonWriter.writeThenRelease(newWriter(Objects.requireNonNull(out, "out"), ANY_DEPTH), w -> TreeWriter.write(value, w));
  }

  /** The JSON text of {@code value}. */
  public String writeString(JsonValue value) {
    Objects.requireNonNull(value, "value");
    if (indent != null) {
      return new String(write(value), StandardCharsets.UTF_8);
    }
    return JsonWriter.toText(w -> TreeWriter.write(value, w), ANY_DEPTH);
  }

  /** A tree is written without recursion and cannot hold itself: any depth it has is written. */
  private static final int ANY_DEPTH = Integer.MAX_VALUE;

  private JsonWriter newWriter(OutputStream out, int maxDepth) {
    return new JsonWriter(out, out == null ? 256 : JsonWriter.STREAM_BUFFER, indent, false, false, maxDepth);
  }

  /** A reader with this instance's limits and options. */
  public JsonReader reader(byte[] utf8) {
    return reader(utf8, 0, utf8.length);
  }

  /**
   * A reader of {@code len} bytes of {@code utf8} from {@code off}, with this instance's limits and
   * options. It reads the array in place: the array must not change while the reader is in use.
   *
   * @throws IndexOutOfBoundsException when {@code off} and {@code len} do not fit the array
   */
  public JsonReader reader(byte[] utf8, int off, int len) {
    return new JsonReader(utf8, off, len, null, limits, flags, this);
  }

  /**
   * A reader of {@code len} bytes of {@code utf8} from {@code off}, as {@link #reader(byte[], int,
   * int)} gives, but the one the calling thread last {@linkplain JsonReader#keep kept}, when this
   * instance made it, {@linkplain JsonReader#reset reset} to these bytes: for a thread that reads
   * many small documents one after another, where making a reader is a good part of the work.
   * Give it back with {@link JsonReader#keep} when done (not after an error: the next one then
   * makes a new reader); a thread that reads a document inside another gets a new reader for it,
   * as the kept one is in use.
   *
   * <pre>{@code
   * JsonReader r = json.keptReader(event, 0, event.length);
   * ... read one event ...
   * r.keep();
   * }</pre>
   *
   * <p>Each thread keeps the readers of the last two {@code Json}s it kept one of, in a {@code
   * ThreadLocal}: a thread that ends lets go of them, but each of a million virtual threads that
   * reads a document keeps one too.
   */
  public JsonReader keptReader(byte[] utf8, int off, int len) {
    JsonReader r = JsonReader.takeKept(this);
    return r != null ? r.reset(utf8, off, len) : reader(utf8, off, len);
  }

  /**
   * A reader of JSON text given as chars. A lone surrogate in it, which UTF-8 has no form for, is
   * read as its escape (a backslash, u and four hex digits): kept in a string, an error anywhere else.
   */
  public JsonReader reader(String json) {
    return ownReader(utf8(json)); // the reader's own: its strings may share it
  }

  /** {@code json} as UTF-8, with each lone surrogate written as its JSON escape. */
  static byte[] utf8(String json) {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    // getBytes writes a lone surrogate as '?': only a text whose bytes have one can hold one
    // (a word-at-a-time scan: a tenth of a nanosecond a byte).
    if (!Swar.hasQuestionMark(b)) {
      return b;
    }
    StringBuilder escaped = null;
    int n = json.length();
    for (int i = 0; i < n; i++) {
      char c = json.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(json.charAt(i + 1))) {
        if (escaped != null) {
          escaped.append(c).append(json.charAt(i + 1));
        }
        i++;
      } else if (Character.isSurrogate(c)) {
        if (escaped == null) {
          escaped = new StringBuilder(n + 16).append(json, 0, i);
        }
        escaped.append("\\u").append(Integer.toHexString(0x10000 | c).substring(1));
      } else if (escaped != null) {
        escaped.append(c);
      }
    }
    return escaped == null ? b : escaped.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** A reader of an array of Brisk's own, which nobody else changes: its strings may share it. */
  private JsonReader ownReader(byte[] own) {
    return new JsonReader(own, 0, own.length, null, limits, flags | OWN_INPUT, this);
  }

  /**
   * A reader of a UTF-8 stream, with this instance's limits and options, reading through a buffer
   * of its own as it goes. Closing the reader closes the stream.
   */
  public JsonReader reader(InputStream utf8) {
    return new JsonReader(null, 0, 0, Objects.requireNonNull(utf8, "stream"), limits, flags, null);
  }

  /**
   * A writer with this instance's indent, into a growable buffer. It writes no deeper than this
   * instance's {@link JsonLimits#maxDepth()} reads.
   */
  public JsonWriter writer() {
    return newWriter(null, limits.maxDepth());
  }

  /** A writer with this instance's indent and depth limit, to {@code out}. */
  public JsonWriter writer(OutputStream out) {
    return newWriter(Objects.requireNonNull(out, "out"), limits.maxDepth());
  }

  /** The limits this instance's readers enforce ({@link JsonLimits#DEFAULTS} unless set). */
  public JsonLimits limits() {
    return limits;
  }

  /** Sets up a {@link Json}; not thread-safe, but what it builds is. */
  public static final class Builder {
    private JsonLimits limits = JsonLimits.DEFAULTS;
    private int flags;
    private boolean rejectDuplicateNames;
    private String indent;

    Builder() {}

    /** All the limits at once, replacing any set before (default {@link JsonLimits#DEFAULTS}). */
    public Builder limits(JsonLimits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /**
     * The deepest nesting of arrays and objects read, and written by this instance's writers
     * (default 1 000).
     *
     * @throws IllegalArgumentException when {@code v} is not positive
     */
    public Builder maxDepth(int v) {
      limits = limits.withMaxDepth(v);
      return this;
    }

    /**
     * The most characters of one number (default 1 000): a longer one, whose conversion to a big
     * number costs more than linear time, is an error.
     *
     * @throws IllegalArgumentException when {@code v} is not positive
     */
    public Builder maxNumberLength(int v) {
      limits = limits.withMaxNumberLength(v);
      return this;
    }

    /**
     * The most UTF-8 bytes of one string value, as encoded in the input (default 20 000 000).
     *
     * @throws IllegalArgumentException when {@code v} is not positive
     */
    public Builder maxStringLength(int v) {
      limits = limits.withMaxStringLength(v);
      return this;
    }

    /**
     * The most UTF-8 bytes of one member name, as encoded in the input (default 50 000).
     *
     * @throws IllegalArgumentException when {@code v} is not positive
     */
    public Builder maxNameLength(int v) {
      limits = limits.withMaxNameLength(v);
      return this;
    }

    /** The most bytes of input one reader reads; -1 (the default) for no limit. */
    public Builder maxDocumentLength(long v) {
      limits = limits.withMaxDocumentLength(v);
      return this;
    }

    /** The most members of one object or elements of one array; -1 (the default) for no limit. */
    public Builder maxMembers(int v) {
      limits = limits.withMaxMembers(v);
      return this;
    }

    /** See {@link JsonLimits#maxTreeLength()}; -1 for no limit. */
    public Builder maxTreeLength(long v) {
      limits = limits.withMaxTreeLength(v);
      return this;
    }

    /** Accept {@code //} and {@code /* *}{@code /} comments (off by default: not JSON). */
    public Builder allowComments(boolean on) {
      flags = on ? flags | ALLOW_COMMENTS : flags & ~ALLOW_COMMENTS;
      return this;
    }

    /** Accept one comma before {@code ]} or {@code }} (off by default: not JSON). */
    public Builder allowTrailingCommas(boolean on) {
      flags = on ? flags | ALLOW_TRAILING_COMMAS : flags & ~ALLOW_TRAILING_COMMAS;
      return this;
    }

    /**
     * Let readers read a sequence of top-level values, each on a line of its own (NDJSON / JSON
     * Lines); {@link JsonReader#next()} returns {@link JsonToken#END_DOCUMENT} after the last, or
     * at once for input of white space only (a sequence of no values).
     */
    public Builder multipleValues(boolean on) {
      flags = on ? flags | MULTIPLE_VALUES : flags & ~MULTIPLE_VALUES;
      return this;
    }

    /**
     * Let the strings of trees read from a byte array refer to that array instead of a copy: a
     * tree then costs one small object per string and no copy. (Without it, a document of up to 1
     * MiB is copied once and its strings refer to the copy; a larger one has each string copied
     * out.) Only for arrays the caller hands over: the array must not change while any value read
     * from it is in use, and one string kept keeps the whole array reachable. Off by default.
     * Streams are read into the reader's own buffer and copy as before; a {@code String} input is
     * encoded into an array of the reader's own, whose strings always share it.
     */
    public Builder shareInput(boolean on) {
      flags = on ? flags | SHARE_INPUT : flags & ~SHARE_INPUT;
      return this;
    }

    /** Make a member name given twice in one object an error, instead of the last value winning. */
    public Builder rejectDuplicateNames(boolean on) {
      this.rejectDuplicateNames = on;
      return this;
    }

    /**
     * Indent written JSON by this string per level; null (the default) for compact output.
     *
     * @throws IllegalArgumentException when it holds anything but spaces, tabs and line breaks
     */
    public Builder indent(String indent) {
      this.indent = JsonWriter.checkIndent(indent);
      return this;
    }

    /** A {@code Json} with what was set; the builder may go on and build others. */
    public Json build() {
      return new Json(limits, flags, rejectDuplicateNames, indent);
    }
  }
}
