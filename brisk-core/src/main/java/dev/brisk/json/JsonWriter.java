package dev.brisk.json;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes JSON as UTF-8 bytes, into a growable buffer ({@link #toByteArray()}) or through a
 * fixed-size buffer to an {@link OutputStream}.
 *
 * <pre>{@code
 * JsonWriter w = JsonWriter.create();
 * w.beginObject().name("id").value(42).name("tags").beginArray().value("a").endArray().endObject();
 * byte[] json = w.toByteArray();   // {"id":42,"tags":["a"]}
 * }</pre>
 *
 * <p><b>Exact.</b> Doubles are written in the shortest form that reads back to the same double
 * (see {@link #value(double)}); NaN and the infinities are not JSON and are refused with a {@link
 * JsonException}. Big numbers are written in full.
 *
 * <p><b>Escaping.</b> {@code "}, {@code \} and the control characters U+0000..U+001F are always
 * escaped, as are lone surrogates in a Java string (as {@code \}{@code uD800}, so the text stays
 * valid UTF-8 and reads back to the same string). Options escape {@code </} as {@code <\/} for
 * HTML script blocks and U+2028/U+2029 for JavaScript.
 *
 * <p><b>Structure</b> is checked: a value where a name is due, or an unbalanced end, is an {@link
 * IllegalStateException}. Several top-level values are written one per line (NDJSON).
 *
 * <p><b>Thread-safety:</b> none; one writer belongs to one thread at a time. A writer may be
 * {@link #reset()} and reused to avoid allocation.
 */
public final class JsonWriter implements Closeable, Flushable {
  // State of each nesting level.
  private static final byte S_TOP_EMPTY = 0;
  private static final byte S_TOP_DONE = 1;
  private static final byte S_ARRAY_EMPTY = 2;
  private static final byte S_ARRAY = 3;
  private static final byte S_OBJECT_EMPTY = 4;
  private static final byte S_OBJECT = 5;
  private static final byte S_NAME = 6; // a name was written, its value is due

  /** Per ASCII char: 0 write as is, else the char after the backslash ('u' for a six-character escape). */
  private static final byte[] ESCAPE = new byte[128];

  static {
    for (int c = 0; c < 0x20; c++) {
      ESCAPE[c] = 'u';
    }
    ESCAPE['"'] = '"';
    ESCAPE['\\'] = '\\';
    ESCAPE['\b'] = 'b';
    ESCAPE['\f'] = 'f';
    ESCAPE['\n'] = 'n';
    ESCAPE['\r'] = 'r';
    ESCAPE['\t'] = 't';
  }

  /** ESCAPE, with '/' marked too: where the fast path stops when {@code </} is escaped. */
  private static final byte[] ESCAPE_SLASH = ESCAPE.clone();

  static {
    ESCAPE_SLASH['/'] = '/';
  }

  /** Strings up to this length take the fast path of writeString; longer ones go in chunks. */
  private static final int MAX_CHARS = 4096;

  /**
   * Strings of up to this many characters are written by a loop over their characters where the
   * string's own array is not open to Brisk, rather than from a {@code getBytes(ISO_8859_1)} copy:
   * org.json batches, whose values are short, 3-6 % faster on JDK 17 and JDK 25; users documents
   * written by a codec (mostly strings of 20 characters) level at 1 KB and 1 % slower at 100 KB
   * (same-JVM A/Bs, RESULTS.md). At 16 the codec's 10-character strings were 2.9 % slower.
   */
  static final int SHORT_CHARS = 8;

  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final byte[] MIN_LONG =
      "-9223372036854775808".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private OutputStream out; // not final: toStream's kept writer is given each call's stream
  private byte[] buf;
  private int pos;
  private long flushed;

  private byte[] stack; // of at most maxDepth + 1 levels: room() grows it or finds the limit
  private int depth;
  private long topLevelValues;
  /** For error messages only: the last name (String or UTF-8 bytes) and element count per level. */
  private Object[] pathNames;
  private int[] counts;

  /** The deepest nesting written; deeper is a JsonException (a value that holds itself, say). */
  private int maxDepth;

  private final String indent;
  private final boolean escapeSlash;
  private final boolean escapeLineSeparators;
  /** Compact and without the optional escapes: names are copied from {@link EncodedNames}. */
  private final boolean plainNames;

  /** The buffer of a writer to a stream, unless set otherwise. */
  static final int STREAM_BUFFER = 8192;

  /** The stream buffer a closed writer leaves to the thread's next one. */
  private static final SpareBuffer SPARE = new SpareBuffer(STREAM_BUFFER);

  private static final byte[] CLOSED = new byte[0];

  JsonWriter(OutputStream out, int bufferSize, String indent, boolean escapeSlash, boolean escapeLs, int maxDepth) {
    if (maxDepth <= 0) {
      throw new IllegalArgumentException("maxDepth must be positive, was " + maxDepth);
    }
    this.out = out;
    this.maxDepth = maxDepth;
    int levels = (int) Math.min(32, maxDepth + 1L);
    stack = new byte[levels];
    pathNames = new Object[levels];
    counts = new int[levels];
    this.buf = out != null && bufferSize == STREAM_BUFFER
        ? SPARE.take() // this writer's until release()
        : new byte[Math.max(bufferSize, 64)];
    this.indent = indent == null || indent.isEmpty() ? null : indent;
    this.escapeSlash = escapeSlash;
    this.escapeLineSeparators = escapeLs;
    this.plainNames = this.indent == null && !escapeSlash && !escapeLs;
    stack[0] = S_TOP_EMPTY;
  }

  /** A compact writer into a growable buffer. */
  public static JsonWriter create() {
    return new JsonWriter(null, 512, null, false, false, JsonLimits.DEFAULTS.maxDepth());
  }

  /**
   * A compact writer to {@code out} through a buffer of 8 KiB. Call {@link #flush()} or {@link
   * #close()} at the end; {@link #close()} closes {@code out}.
   */
  public static JsonWriter of(OutputStream out) {
    return new JsonWriter(out, STREAM_BUFFER, null, false, false, JsonLimits.DEFAULTS.maxDepth());
  }

  /**
   * {@code indent}, when it is JSON white space (spaces, tabs, line breaks) or null: anything else
   * would be written between the tokens and make the output something other than JSON.
   *
   * @throws IllegalArgumentException for any other character
   */
  static String checkIndent(String indent) {
    if (indent != null) {
      for (int i = 0; i < indent.length(); i++) {
        char c = indent.charAt(i);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
          throw new IllegalArgumentException(String.format(
              "an indent may hold only JSON white space (spaces, tabs, line breaks), not U+%04X at index %d", (int) c, i));
        }
      }
    }
    return indent;
  }

  /** Options for a writer: pretty printing and the optional escapes. */
  public static Options options() {
    return new Options();
  }

  /** Settings for a {@link JsonWriter}; not thread-safe, but the writers it makes are independent. */
  public static final class Options {
    private String indent;
    private boolean escapeSlash;
    private boolean escapeLineSeparators;
    private int bufferSize = STREAM_BUFFER;
    private int maxDepth = JsonLimits.DEFAULTS.maxDepth();

    Options() {}

    /**
     * The deepest nesting of arrays and objects written (default 1000, the reader's default):
     * deeper is a {@link JsonException} with the path. It turns an object graph that holds itself,
     * written by a codec, into an error instead of a {@code StackOverflowError}.
     */
    public Options maxDepth(int levels) {
      if (levels <= 0) {
        throw new IllegalArgumentException("maxDepth must be positive, was " + levels);
      }
      this.maxDepth = levels;
      return this;
    }

    /**
     * Pretty-print with this indent per level (e.g. two spaces); null or empty for compact.
     *
     * @throws IllegalArgumentException when it holds anything but spaces, tabs and line breaks
     */
    public Options indent(String indent) {
      this.indent = checkIndent(indent);
      return this;
    }

    /** Escape {@code </} as {@code <\/}, so that JSON can sit in an HTML script block. */
    public Options escapeSlash(boolean on) {
      this.escapeSlash = on;
      return this;
    }

    /** Escape U+2028 and U+2029, which JavaScript before ES2019 takes as line ends. */
    public Options escapeLineSeparators(boolean on) {
      this.escapeLineSeparators = on;
      return this;
    }

    /** The size of the buffer in front of an {@link OutputStream}. */
    public Options bufferSize(int bytes) {
      this.bufferSize = bytes;
      return this;
    }

    /** A writer into a growable buffer. */
    public JsonWriter create() {
      return new JsonWriter(null, 512, indent, escapeSlash, escapeLineSeparators, maxDepth);
    }

    /** A writer to {@code out}. */
    public JsonWriter to(OutputStream out) {
      return new JsonWriter(out, bufferSize, indent, escapeSlash, escapeLineSeparators, maxDepth);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Structure

  /**
   * Begins an object, where a value may stand (after a name, in an array, at the top level).
   *
   * @throws JsonException when it would nest deeper than the writer's depth limit
   * @throws IllegalStateException in an object where a name is due
   */
  public JsonWriter beginObject() {
    if (depth + 1 == stack.length) {
      room(); // before anything is written: past maxDepth, the writer stays as it was
    }
    beforeValue();
    push(S_OBJECT_EMPTY);
    ensure(1);
    buf[pos++] = '{';
    return this;
  }

  /**
   * Ends the innermost object.
   *
   * @throws IllegalStateException when not in an object, or after a name whose value is missing
   */
  public JsonWriter endObject() {
    byte s = stack[depth];
    if (s != S_OBJECT && s != S_OBJECT_EMPTY) {
      throw new IllegalStateException(
          s == S_NAME ? "endObject() after a name: the name's value is missing" : "endObject() outside an object");
    }
    depth--;
    if (indent != null && s == S_OBJECT) {
      newline();
    }
    ensure(1);
    buf[pos++] = '}';
    return this;
  }

  /**
   * Begins an array, where a value may stand.
   *
   * @throws JsonException when it would nest deeper than the writer's depth limit
   * @throws IllegalStateException in an object where a name is due
   */
  public JsonWriter beginArray() {
    if (depth + 1 == stack.length) {
      room(); // before anything is written: past maxDepth, the writer stays as it was
    }
    beforeValue();
    push(S_ARRAY_EMPTY);
    ensure(1);
    buf[pos++] = '[';
    return this;
  }

  /** Ends the innermost array. @throws IllegalStateException when not in an array */
  public JsonWriter endArray() {
    byte s = stack[depth];
    if (s != S_ARRAY && s != S_ARRAY_EMPTY) {
      throw new IllegalStateException("endArray() outside an array");
    }
    depth--;
    if (indent != null && s == S_ARRAY) {
      newline();
    }
    ensure(1);
    buf[pos++] = ']';
    return this;
  }

  private void push(byte state) {
    depth++;
    stack[depth] = state;
    counts[depth] = 0;
  }

  /** A new depth limit for a writer that has nothing open; its levels stay at most maxDepth + 1. */
  private void limitDepth(int levels) {
    maxDepth = levels;
    if (stack.length > levels + 1L) {
      int n = (int) Math.min(32, levels + 1L);
      stack = Arrays.copyOf(stack, n);
      pathNames = new Object[n];
      counts = new int[n];
    }
  }

  /** Room for one more level, or the error when that level would pass maxDepth. */
  private void room() {
    if (depth + 1 > maxDepth) { // the path names the member or element that would have held it
      throw new JsonException("nesting deeper than maxDepth (" + maxDepth + "): a value that holds itself?"
          + " (JsonWriter.Options.maxDepth sets the limit)", path());
    }
    int n = (int) Math.min(2L * (depth + 1), maxDepth + 1L);
    stack = Arrays.copyOf(stack, n);
    pathNames = Arrays.copyOf(pathNames, n);
    counts = Arrays.copyOf(counts, n);
  }

  /**
   * Writes a member whose value is a string: {@code name(name).value(v)} in one call, for writers
   * of maps and trees whose names are strings (codecs have {@link #member(JsonNames, int,
   * String)}). No path name is kept for it, as for the codecs' members: a path shows an innermost
   * level's name only while its value is pending.
   *
   * @throws NullPointerException when {@code name} is null: a member's name cannot be (so for the
   *     long, double and boolean forms below)
   */
  public JsonWriter member(String name, String v) {
    EncodedNames.Entry e = plainEntry(name);
    if (v != null && e != null && stringMember(e, v)) {
      return this;
    }
    return name(name).value(v);
  }

  /**
   * For the member calls of a compact writer: the name of the shared cache's entry {@code e} and
   * the string {@code v}, or nothing and false where a name may not stand.
   */
  boolean stringMember(EncodedNames.Entry e, String v) {
    if (!encodedName(e, 0)) {
      return false;
    }
    writeString(v);
    return true;
  }

  /** Member {@code name} and {@code v}, as {@code name(name).value(v)}. */
  public JsonWriter member(String name, long v) {
    EncodedNames.Entry e = plainEntry(name);
    if (e != null && longMember(e, v)) {
      return this;
    }
    return name(name).value(v);
  }

  /**
   * Member {@code name} and {@code v}, as {@code name(name).value(v)}.
   *
   * @throws JsonException for NaN and the infinities, with the member's path
   */
  public JsonWriter member(String name, double v) {
    EncodedNames.Entry e = plainEntry(name);
    if (e != null && Double.isFinite(v) && encodedName(e, DoubleFormat.MAX_CHARS)) {
      pos = DoubleFormat.write(v, buf, pos);
      return this;
    }
    return name(name).value(v);
  }

  /** Member {@code name} and {@code v}, as {@code name(name).value(v)}. */
  public JsonWriter member(String name, boolean v) {
    EncodedNames.Entry e = plainEntry(name);
    if (e != null && encodedName(e, 5)) {
      return bool(v);
    }
    return name(name).value(v);
  }

  /**
   * The shared cache's entry for {@code name} when this writer writes names as the cache has them
   * (compact, without the optional escapes), else null; null too for names too long to cache.
   */
  private EncodedNames.Entry plainEntry(String name) {
    Objects.requireNonNull(name, "a member name cannot be null");
    return plainNames ? EncodedNames.SHARED.entry(name) : null;
  }

  /**
   * Writes a member name; the member's value must follow.
   *
   * @throws NullPointerException when {@code name} is null: a member's name cannot be
   */
  public JsonWriter name(String name) {
    Objects.requireNonNull(name, "a member name cannot be null");
    if (plainNames) {
      // Compact, without the optional escapes, and the name encoded before: two word stores for
      // a short name, else one copy.
      EncodedNames.Entry e = EncodedNames.SHARED.entry(name);
      if (e != null && encodedName(e, 0)) {
        stack[depth] = S_NAME;
        pathNames[depth] = name;
        return this;
      }
    }
    byte s = stack[depth];
    if (s == S_OBJECT) {
      ensure(1);
      buf[pos++] = ',';
    } else if (s != S_OBJECT_EMPTY) {
      throw new IllegalStateException(
          s == S_NAME ? "name() twice: the previous name's value is missing" : "name() outside an object");
    }
    stack[depth] = S_NAME;
    pathNames[depth] = name;
    if (indent != null) {
      newline();
    }
    byte[] encoded = escapeSlash || escapeLineSeparators ? null : EncodedNames.SHARED.get(name);
    if (encoded != null) {
      int n = encoded.length;
      ensure(n + 1);
      System.arraycopy(encoded, 0, buf, pos, n);
      pos += n;
    } else {
      writeString(name);
      ensure(2);
      buf[pos++] = ':';
    }
    if (indent != null) {
      buf[pos++] = ' ';
    }
    return this;
  }

  /**
   * Writes a member name given as its UTF-8 bytes, which must need no escaping (codecs pre-encode
   * their field names once).
   */
  public JsonWriter name(byte[] utf8) {
    byte s = stack[depth];
    if (s == S_OBJECT) {
      ensure(1);
      buf[pos++] = ',';
    } else if (s != S_OBJECT_EMPTY) {
      throw new IllegalStateException("name() outside an object or twice");
    }
    stack[depth] = S_NAME;
    pathNames[depth] = utf8;
    if (indent != null) {
      newline();
    }
    ensure(utf8.length + 4);
    buf[pos++] = '"';
    System.arraycopy(utf8, 0, buf, pos, utf8.length);
    pos += utf8.length;
    buf[pos++] = '"';
    buf[pos++] = ':';
    if (indent != null) {
      buf[pos++] = ' ';
    }
    return this;
  }

  /**
   * Writes member name {@code i} of {@code names}, encoded once with its quotes and colon: the same
   * output as {@link #name(String)}. Codecs call {@link #name(JsonNames, int, JsonNames.WriteKey)}.
   */
  public JsonWriter name(JsonNames names, int i) {
    return name(names, i, names.writeKey(i));
  }

  /**
   * Writes member name {@code i} of {@code names}, whose {@link JsonNames#writeKey} is {@code key},
   * in two word stores (or one copy, for a name the key's words cannot hold). The fastest way for
   * codecs to write their field names, with the key in a {@code static final} field; the same
   * output as {@link #name(String)}.
   */
  public JsonWriter name(JsonNames names, int i, JsonNames.WriteKey key) {
    if (!memberName(names, i, key, 0)) { // pretty printing, or a name where none may stand: the general way
      return name(new String(names.utf8[i], java.nio.charset.StandardCharsets.UTF_8));
    }
    stack[depth] = S_NAME;
    pathNames[depth] = names.utf8[i];
    return this;
  }

  /** Member name {@code i} of {@code names} and the string {@code v}, as {@code name(names, i).value(v)}. */
  public JsonWriter member(JsonNames names, int i, String v) {
    return member(names, i, names.writeKey(i), v);
  }

  /**
   * Writes member name {@code i} of {@code names} (whose {@link JsonNames#writeKey} is {@code key})
   * and the string {@code v} (null writes null): the same output and checks as {@code name(names,
   * i).value(v)}, in one call. For codecs.
   */
  public JsonWriter member(JsonNames names, int i, JsonNames.WriteKey key, String v) {
    if (v == null || !memberName(names, i, key, 0)) {
      return name(names, i, key).value(v);
    }
    writeString(v);
    return this;
  }

  /** Member name {@code i} of {@code names} and {@code v}, as {@code name(names, i).value(v)}. */
  public JsonWriter member(JsonNames names, int i, long v) {
    return member(names, i, names.writeKey(i), v);
  }

  /** Member name {@code i} of {@code names} (its write key {@code key}) and {@code v}, in one call. For codecs. */
  public JsonWriter member(JsonNames names, int i, JsonNames.WriteKey key, long v) {
    if (!memberName(names, i, key, 20)) {
      return name(names, i, key).value(v);
    }
    pos = writeLong(v, buf, pos);
    return this;
  }

  /**
   * Member name {@code i} of {@code names} and {@code v}, as {@code name(names, i).value(v)}.
   *
   * @throws JsonException for NaN and the infinities, with the member's path
   */
  public JsonWriter member(JsonNames names, int i, double v) {
    return member(names, i, names.writeKey(i), v);
  }

  /**
   * Member name {@code i} of {@code names} (its write key {@code key}) and {@code v}, in one call.
   * For codecs.
   *
   * @throws JsonException for NaN and the infinities, with the member's path
   */
  public JsonWriter member(JsonNames names, int i, JsonNames.WriteKey key, double v) {
    if (!Double.isFinite(v) || !memberName(names, i, key, DoubleFormat.MAX_CHARS)) {
      return name(names, i, key).value(v);
    }
    pos = DoubleFormat.write(v, buf, pos);
    return this;
  }

  /** Member name {@code i} of {@code names} and {@code v}, as {@code name(names, i).value(v)}. */
  public JsonWriter member(JsonNames names, int i, boolean v) {
    return member(names, i, names.writeKey(i), v);
  }

  /** Member name {@code i} of {@code names} (its write key {@code key}) and {@code v}, in one call. For codecs. */
  public JsonWriter member(JsonNames names, int i, JsonNames.WriteKey key, boolean v) {
    if (!memberName(names, i, key, 5)) {
      return name(names, i, key).value(v);
    }
    return bool(v);
  }

  /**
   * Writes member {@code name} with the tree value {@code v} (null writes null): the same output
   * and checks as {@code name(name).value(v)}, in one call. In a compact writer without the
   * optional escapes, a string or number of a parsed tree goes out with its encoded name in one
   * step; for tree writers.
   */
  public JsonWriter member(String name, JsonValue v) {
    if (plainNames && v != null && v.kind >= JsonValue.K_STRING) {
      EncodedNames.Entry encoded = EncodedNames.SHARED.entry(name);
      if (encoded != null) {
        boolean done;
        switch (v.kind) {
          case JsonValue.K_STRING:
            done = ((JsonString) v).writeMember(encoded, this);
            break;
          case JsonValue.K_NUMBER:
            done = ((JsonNumber) v).writeMember(encoded, this);
            break;
          case JsonValue.K_BOOLEAN:
            done = encodedName(encoded, 5);
            if (done) {
              bool(v == JsonBoolean.TRUE);
            }
            break;
          default:
            done = encodedName(encoded, 4);
            if (done) {
              nullLiteral();
            }
        }
        if (done) {
          return this;
        }
      }
    }
    return name(name).value(v);
  }

  /**
   * For {@link #member(String, JsonValue)}: writes the encoded name and {@code len} bytes of valid
   * JSON value text from {@code raw} (in quotes when {@code quoted}), or nothing and false where a
   * name may not stand.
   */
  boolean rawMember(EncodedNames.Entry encoded, byte[] raw, int off, int len, boolean quoted) {
    if (!encodedName(encoded, len + 2)) {
      return false;
    }
    byte[] b = buf;
    int p = pos;
    if (quoted) {
      b[p++] = '"';
    }
    System.arraycopy(raw, off, b, p, len);
    p += len;
    if (quoted) {
      b[p++] = '"';
    }
    pos = p;
    return true;
  }

  /** For the member calls of a compact writer: the encoded name and a long, or false as above. */
  boolean longMember(EncodedNames.Entry encoded, long v) {
    if (!encodedName(encoded, 20)) {
      return false;
    }
    pos = writeLong(v, buf, pos);
    return true;
  }

  /**
   * In a compact writer, inside an object and between members: writes name {@code i} of {@code
   * names} with its comma and colon, leaves room for {@code room} more bytes, moves to "a member
   * written" and returns true. Otherwise writes nothing and returns false: the caller takes the
   * general way, which pretty-prints or throws as it should. The name is not kept for {@link
   * #path()}: the fused {@code member} calls write the value at once, so no later error needs it,
   * and {@link #name(JsonNames, int, JsonNames.WriteKey)} keeps it itself. {@code key} is name
   * {@code i}'s {@link JsonNames#writeKey}: its words, constants to the JIT where a codec holds the
   * key in a static final field.
   */
  private boolean memberName(JsonNames names, int i, JsonNames.WriteKey key, int room) {
    int n = key.length();
    if (n == 0 || indent != null) {
      byte[] q = names.quoted[i];
      return q != null && indent == null && encodedName(q, room);
    }
    return wordName(key.plain0(), key.plain1(), key.comma0(), key.comma1(), n, room);
  }

  /**
   * Writes, inside an object and between members, a name of {@code n} bytes ({@code "name":}, at
   * most 15) given as two little-endian words, and the same after a comma as two more; leaves
   * room for {@code room} more bytes and returns true; anywhere else returns false. Two word
   * stores (the bytes past the name are scratch, overwritten by what follows) are faster than
   * copying an array: users documents written by a codec 5-7 % faster (same-JVM A/B).
   */
  private boolean wordName(long plain0, long plain1, long comma0, long comma1, int n, int room) {
    int d = depth;
    byte s = stack[d];
    if (s != S_OBJECT && s != S_OBJECT_EMPTY) {
      return false;
    }
    ensure(16 + room);
    byte[] b = buf;
    int p = pos;
    if (s == S_OBJECT) {
      Swar.LONGS.set(b, p, comma0);
      Swar.LONGS.set(b, p + 8, comma1);
      pos = p + n + 1;
    } else {
      stack[d] = S_OBJECT;
      Swar.LONGS.set(b, p, plain0);
      Swar.LONGS.set(b, p + 8, plain1);
      pos = p + n;
    }
    return true;
  }

  /** {@link #encodedName(byte[], int)} for a name of the shared cache, in words when it is short. */
  private boolean encodedName(EncodedNames.Entry e, int room) {
    int n = e.shortLength;
    return n == 0 ? encodedName(e.encoded, room) : wordName(e.plain0, e.plain1, e.comma0, e.comma1, n, room);
  }

  /**
   * {@link #memberName}'s work for a name already encoded with its quotes and colon ({@code q}):
   * inside an object and between members, writes it (after a comma when a member came before),
   * leaves room for {@code room} more bytes and returns true; anywhere else returns false.
   */
  private boolean encodedName(byte[] q, int room) {
    int d = depth;
    byte s = stack[d];
    if (s != S_OBJECT && s != S_OBJECT_EMPTY) {
      return false;
    }
    int n = q.length;
    ensure(n + 1 + room);
    byte[] b = buf;
    int p = pos;
    if (s == S_OBJECT) {
      b[p++] = ',';
    } else {
      stack[d] = S_OBJECT;
    }
    System.arraycopy(q, 0, b, p, n);
    pos = p + n;
    return true;
  }

  private void beforeValue() {
    byte s = stack[depth];
    switch (s) {
      case S_NAME:
        stack[depth] = S_OBJECT;
        return;
      case S_ARRAY:
        counts[depth]++;
        ensure(1);
        buf[pos++] = ',';
        if (indent != null) {
          newline();
        }
        return;
      case S_ARRAY_EMPTY:
        stack[depth] = S_ARRAY;
        counts[depth] = 1;
        if (indent != null) {
          newline();
        }
        return;
      case S_TOP_EMPTY:
        stack[depth] = S_TOP_DONE;
        topLevelValues++;
        return;
      case S_TOP_DONE:
        ensure(1);
        buf[pos++] = '\n'; // NDJSON: one top-level value per line
        topLevelValues++;
        return;
      default:
        throw new IllegalStateException("a value in an object needs a name() first");
    }
  }

  private void newline() {
    int n = indent.length();
    ensure(1 + depth * n);
    buf[pos++] = '\n';
    for (int d = 0; d < depth; d++) {
      for (int i = 0; i < n; i++) {
        buf[pos++] = (byte) indent.charAt(i);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Values

  /** Writes a string, or null when {@code s} is null. */
  public JsonWriter value(String s) {
    if (s == null) {
      return nullValue();
    }
    beforeValue();
    writeString(s);
    return this;
  }

  /** Writes {@code true} or {@code false}. @throws IllegalStateException where a name is due */
  public JsonWriter value(boolean b) {
    beforeValue();
    ensure(5);
    return bool(b);
  }

  private JsonWriter bool(boolean b) {
    if (b) {
      buf[pos] = 't';
      buf[pos + 1] = 'r';
      buf[pos + 2] = 'u';
      buf[pos + 3] = 'e';
      pos += 4;
    } else {
      buf[pos] = 'f';
      buf[pos + 1] = 'a';
      buf[pos + 2] = 'l';
      buf[pos + 3] = 's';
      buf[pos + 4] = 'e';
      pos += 5;
    }
    return this;
  }

  /** Writes {@code null}. @throws IllegalStateException where a name is due */
  public JsonWriter nullValue() {
    beforeValue();
    ensure(4);
    return nullLiteral();
  }

  /** {@code null}, where room for it is made. */
  private JsonWriter nullLiteral() {
    buf[pos] = 'n';
    buf[pos + 1] = 'u';
    buf[pos + 2] = 'l';
    buf[pos + 3] = 'l';
    pos += 4;
    return this;
  }

  /** Writes {@code v} in decimal. @throws IllegalStateException where a name is due */
  public JsonWriter value(long v) {
    beforeValue();
    ensure(20);
    pos = writeLong(v, buf, pos);
    return this;
  }

  /**
   * Writes the shortest decimal that reads back to exactly {@code v}, in the layout of {@code
   * Double.toString} ({@code 0.1}, {@code 1.0E-5}, {@code 100.0}).
   *
   * @throws JsonException for NaN and the infinities, which JSON cannot express
   */
  public JsonWriter value(double v) {
    if (!Double.isFinite(v)) {
      throw notFinite(v);
    }
    beforeValue();
    ensure(DoubleFormat.MAX_CHARS);
    pos = DoubleFormat.write(v, buf, pos);
    return this;
  }

  /**
   * Writes {@code v} as {@code Float.toString} does ({@code 0.1}, {@code 1.0E10}): a decimal that
   * reads back, as a float, to exactly {@code v}. (Widened to a double, 0.1f would be written
   * 0.10000000149011612.)
   *
   * @throws JsonException for NaN and the infinities, which JSON cannot express
   */
  public JsonWriter value(float v) {
    if (!Float.isFinite(v)) {
      throw notFinite(v);
    }
    return rawNumber(Float.toString(v));
  }

  private JsonException notFinite(double v) {
    return new JsonException(
        "cannot write " + v + ": JSON has no NaN or infinity (write null or a string instead)", path());
  }

  /** Writes {@code v} exactly; null writes null. */
  public JsonWriter value(BigDecimal v) {
    if (v == null) {
      return nullValue();
    }
    return rawNumber(v.toString());
  }

  /** Writes {@code v} exactly; null writes null. */
  public JsonWriter value(BigInteger v) {
    if (v == null) {
      return nullValue();
    }
    return rawNumber(v.toString());
  }

  /** Writes a number given as text, checked against the JSON number grammar. */
  public JsonWriter numberText(String text) {
    if (!isJsonNumber(text)) {
      throw new JsonException("not a JSON number: '" + text + "'", path());
    }
    return rawNumber(text);
  }

  private JsonWriter rawNumber(String text) {
    beforeValue();
    int n = text.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[pos++] = (byte) text.charAt(i);
    }
    return this;
  }

  /** Writes ASCII number bytes known to be valid (from the reader or the tree). */
  JsonWriter rawNumber(byte[] ascii) {
    beforeValue();
    ensure(ascii.length);
    System.arraycopy(ascii, 0, buf, pos, ascii.length);
    pos += ascii.length;
    return this;
  }

  /**
   * Writes string content that is already valid JSON (from the reader), unless an optional escape
   * is on, in which case the decoded text is escaped afresh.
   */
  void rawString(byte[] raw, int off, int len, JsonString s) {
    if (escapeSlash || escapeLineSeparators) {
      value(s.value());
      return;
    }
    beforeValue();
    ensure(len + 2);
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    System.arraycopy(raw, off, b, p, len);
    p += len;
    b[p++] = '"';
    pos = p;
  }

  /**
   * Copies bytes that already hold exactly one complete JSON value in UTF-8, such as an event read
   * and checked before, or one written by another writer. They are not checked here: the caller
   * vouches for them (invalid bytes make invalid output). They are copied as they are, also under
   * pretty printing.
   */
  public JsonWriter rawValue(byte[] json, int off, int len) {
    java.util.Objects.checkFromIndexSize(off, len, json.length);
    if (len == 0) {
      throw new IllegalArgumentException("a raw JSON value cannot be empty");
    }
    beforeValue();
    ensure(len);
    System.arraycopy(json, off, buf, pos, len);
    pos += len;
    return this;
  }

  /** Whether one complete top-level value has been written (and nothing is left open). */
  public boolean isComplete() {
    return depth == 0 && topLevelValues != 0; // the count moves with stack[0]'s S_TOP_DONE, and is a field
  }

  /**
   * How many top-level values have been begun since this writer was made or {@link #reset()}:
   * more than one makes a sequence (NDJSON), each value after the first on a line of its own. A
   * caller that takes one value from code it does not control checks it is 1.
   */
  public long topLevelValues() {
    return topLevelValues;
  }

  /** Writes a tree value; null writes JSON null. */
  public JsonWriter value(JsonValue v) {
    if (v == null) {
      return nullValue();
    }
    TreeWriter.write(v, this);
    return this;
  }

  static boolean isJsonNumber(String s) {
    int i = 0;
    int n = s.length();
    if (i < n && s.charAt(i) == '-') {
      i++;
    }
    if (i >= n) {
      return false;
    }
    if (s.charAt(i) == '0') {
      i++;
    } else if (s.charAt(i) >= '1' && s.charAt(i) <= '9') {
      while (i < n && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) {
        i++;
      }
    } else {
      return false;
    }
    if (i < n && s.charAt(i) == '.') {
      i++;
      int d = i;
      while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
        i++;
      }
      if (i == d) {
        return false;
      }
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      int d = i;
      while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
        i++;
      }
      if (i == d) {
        return false;
      }
    }
    return i == n;
  }

  static int writeLong(long v, byte[] b, int p) {
    if (v >= 0 && v < 100) {
      return Digits.writeUnder100((int) v, b, p); // counts, flags, ages: no digit count needed
    }
    if (v < 0) {
      if (v == Long.MIN_VALUE) {
        System.arraycopy(MIN_LONG, 0, b, p, MIN_LONG.length);
        return p + MIN_LONG.length;
      }
      b[p++] = '-';
      v = -v;
    }
    return Digits.write(v, b, p);
  }

  /** Writes {@code s} quoted and escaped, in chunks so that a huge string needs no huge buffer. */
  private void writeString(String s) {
    int len = s.length();
    ensure(len + 2);
    byte[] b = buf;
    int p = pos;
    b[p++] = '"';
    // Fast path: ASCII that needs no escape, written straight into room reserved once. A string
    // gives its Latin-1 bytes in one call (for a Latin-1 string, the usual kind, its own array,
    // only read, where StringBytes can reach it; getBytes' copy otherwise), whose plain prefix is
    // found eight bytes at a time and copied in one arraycopy: faster than a loop over its
    // characters (users documents written by a codec: 13-30 % faster, same-JVM A/B). A character
    // Latin-1 lacks comes out of getBytes' copy as '?', so there a '?' is taken as itself only
    // where the string has one.
    int i = 0;
    byte[] latin1 = null;
    boolean copy = false; // latin1 is getBytes' copy, not the string's own array
    if (len <= MAX_CHARS && !escapeSlash) {
      latin1 = StringBytes.latin1(s);
      if (latin1 == null && len > SHORT_CHARS && s.charAt(0) <= 0xFF) {
        // (A string that starts with a character Latin-1 lacks, CJK text say, goes the character
        // way at once: its Latin-1 bytes would be a slow copy full of '?'. So does a short one,
        // for which the copy costs more than the loop.)
        latin1 = s.getBytes(StandardCharsets.ISO_8859_1);
        copy = true;
      }
    }
    if (latin1 != null) {
      int n = latin1.length; // shorter than len when a surrogate pair became one '?'
      i = Swar.plainLength(latin1, copy);
      System.arraycopy(latin1, 0, b, p, i);
      p += i;
      if (i == len) {
        // All plain: the closing quote goes into the room reserved above, with no second ensure
        // (users documents written by a codec 5 % faster at 100 KB, same-JVM A/B, RESULTS.md).
        b[p] = '"';
        pos = p + 1;
        return;
      }
      if (i < n) {
        pos = p;
        i = latin1Rest(s, latin1, i, n, copy);
        p = pos;
      }
    } else {
      final byte[] esc = escapeSlash ? ESCAPE_SLASH : ESCAPE;
      for (; i < len; i++) {
        char c = s.charAt(i);
        if (c >= 128 || esc[c] != 0) {
          break;
        }
        b[p++] = (byte) c;
      }
    }
    pos = p;
    if (i < len) {
      writeStringSlow(s, i, len);
    }
    ensure(1);
    buf[pos++] = '"';
  }

  /**
   * Goes on with writeString's fast path from its first byte that is not plain ASCII, {@code
   * latin1[i]}, up to {@code n}: a Latin-1 letter becomes its two UTF-8 bytes, a quote, backslash
   * or control character its escape, and the plain runs between are copied a word at a time
   * (accented text was written a character at a time, slower than Jackson). A byte above 0x7F is
   * the string's own character. When {@code copy} says that {@code latin1} is getBytes' copy, a
   * '?' may stand for a character Latin-1 lacks: there it stops, and returns that index (up to
   * which string and bytes agree index for index); in the string's own array a '?' is plain.
   * Returns the index reached: n, or that '?'.
   */
  private int latin1Rest(String s, byte[] latin1, int i, int n, boolean copy) {
    while (i < n) {
      ensure(n - i + 6); // this character's escape, at most 6 bytes, and the plain run after it
      byte[] b = buf;
      int p = pos;
      int c = latin1[i] & 0xFF;
      if (c >= 0x80) {
        b[p++] = (byte) (0xC0 | c >> 6);
        b[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (c == '?') { // only in getBytes' copy
        if (s.charAt(i) != '?') {
          return i;
        }
        b[p++] = '?';
      } else { // below 0x80 copyPlain stops only at '"', '\\', control characters and that '?'
        p = escape((char) c, ESCAPE[c], b, p);
      }
      i++;
      int k = Swar.copyPlain(latin1, i, n, b, p, copy);
      pos = p + (k - i);
      i = k;
    }
    return i;
  }

  private void writeStringSlow(String s, int i, int len) {
    while (i < len) {
      int chunkEnd = Math.min(len, i + 1024);
      ensure((chunkEnd - i) * 6);
      byte[] b = buf;
      int p = pos;
      for (; i < chunkEnd; i++) {
        char c = s.charAt(i);
        if (c < 128) {
          byte e = ESCAPE[c];
          if (e == 0) {
            if (c == '/' && escapeSlash && i > 0 && s.charAt(i - 1) == '<') {
              b[p++] = '\\';
            }
            b[p++] = (byte) c;
          } else {
            p = escape(c, e, b, p);
          }
        } else if (c < 0x800) {
          b[p++] = (byte) (0xC0 | c >> 6);
          b[p++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isSurrogate(c)) {
          if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(s.charAt(i + 1))) {
            int cp = Character.toCodePoint(c, s.charAt(++i));
            b[p++] = (byte) (0xF0 | cp >> 18);
            b[p++] = (byte) (0x80 | (cp >> 12 & 0x3F));
            b[p++] = (byte) (0x80 | (cp >> 6 & 0x3F));
            b[p++] = (byte) (0x80 | (cp & 0x3F));
          } else {
            p = unicodeEscape(c, b, p); // a lone surrogate is not UTF-8; keep it as an escape
          }
        } else if ((c == '\u2028' || c == '\u2029') && escapeLineSeparators) {
          p = unicodeEscape(c, b, p);
        } else {
          b[p++] = (byte) (0xE0 | c >> 12);
          b[p++] = (byte) (0x80 | (c >> 6 & 0x3F));
          b[p++] = (byte) (0x80 | (c & 0x3F));
        }
      }
      pos = p;
    }
  }

  /** Writes ASCII character {@code c}'s escape, {@code e = ESCAPE[c]} (not 0), at {@code b[p]}; returns the end. */
  private static int escape(char c, byte e, byte[] b, int p) {
    if (e == 'u') {
      return unicodeEscape(c, b, p);
    }
    b[p] = '\\';
    b[p + 1] = e;
    return p + 2;
  }

  private static int unicodeEscape(char c, byte[] b, int p) {
    b[p] = '\\';
    b[p + 1] = 'u';
    b[p + 2] = HEX[c >> 12];
    b[p + 3] = HEX[c >> 8 & 0xF];
    b[p + 4] = HEX[c >> 4 & 0xF];
    b[p + 5] = HEX[c & 0xF];
    return p + 6;
  }

  // ---------------------------------------------------------------------------------------------
  // Buffer

  /** Makes room for n more bytes: grows the buffer, or flushes it to the stream. */
  private void ensure(int n) {
    if (buf.length - pos < n) {
      makeRoom(n);
    }
  }

  private void makeRoom(int n) {
    if (out != null) {
      flushBuffer();
      if (buf.length >= n) {
        return;
      }
    }
    buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
  }

  private void flushBuffer() {
    try {
      out.write(buf, 0, pos);
    } catch (IOException e) {
      throw new UncheckedIOException("writing JSON output", e);
    }
    flushed += pos;
    pos = 0;
  }

  /** The bytes written so far (to the buffer; with a stream, those not flushed yet). */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /**
   * The array holding the bytes written so far, from index 0 to {@link #size()}: for handing them
   * to I/O without a copy. Valid until the next write or {@link #reset()}, either of which may
   * replace the array. Only for a writer into a growable buffer ({@link #create()}).
   *
   * @throws IllegalStateException for a writer to a stream, whose buffer holds only a part
   */
  public byte[] buffer() {
    if (out != null) {
      throw new IllegalStateException("a writer to a stream has no buffer of everything written");
    }
    return buf;
  }

  /** The UTF-8 bytes written so far, decoded; for tests and messages. */
  @Override
  public String toString() {
    return new String(buf, 0, pos, java.nio.charset.StandardCharsets.UTF_8);
  }

  /** How many bytes were written in all. */
  public long size() {
    return flushed + pos;
  }

  /** Copies the buffered bytes to {@code target}. */
  public void writeTo(OutputStream target) throws IOException {
    target.write(buf, 0, pos);
  }

  /**
   * For a writer to a stream, flushed: gives its buffer to the next writer this thread makes. A
   * write after it goes to a new array, never to another writer's.
   */
  void release() {
    if (buf != CLOSED) {
      byte[] b = buf;
      buf = CLOSED;
      pos = 0;
      SPARE.give(b);
    }
  }

  /** Forgets everything written and the structure, keeping the buffer for reuse. */
  public void reset() {
    pos = 0;
    flushed = 0;
    depth = 0;
    stack[0] = S_TOP_EMPTY;
    topLevelValues = 0;
  }

  /**
   * Whether writers in this JVM take a Latin-1 string's bytes from the string's own array, or from
   * a copy. They read the array where the application opens {@code java.lang} to Brisk ({@code
   * --add-opens java.base/java.lang=ALL-UNNAMED} with Brisk on the class path, {@code --add-opens
   * java.base/java.lang=dev.brisk.json} with it on the module path, or {@code Add-Opens:
   * java.base/java.lang} in an executable jar's manifest), and otherwise through {@code
   * sun.misc.Unsafe} on JDK 17 to 23, and on JDK 24 and later where the JVM runs with {@code
   * --sun-misc-unsafe-memory-access=allow}, unless the system property {@code
   * dev.brisk.json.unsafe} is {@code false}; they copy otherwise (by default JDK 24 and later warn
   * at Unsafe's memory methods, so Brisk does not use them there). The bytes written are the same
   * every way; only the speed differs. Fixed for the life of the JVM.
   */
  public static boolean stringsFromOwnArrays() {
    return StringBytes.OPEN;
  }

  /**
   * Runs {@code body} on a compact writer that the calling thread keeps for the next call, and
   * returns the bytes it wrote: a document then allocates only its result, not a buffer grown
   * from nothing. A buffer grown past 1 MiB is not kept. Re-entrant: a call inside {@code body}
   * gets a writer of its own. When {@code body} throws, the writer is dropped.
   */
  public static byte[] toBytes(java.util.function.Consumer<? super JsonWriter> body) {
    return toBytes(body, JsonLimits.DEFAULTS.maxDepth());
  }

  /** {@link #toBytes(java.util.function.Consumer)} with another depth limit (trees: any depth). */
  static byte[] toBytes(java.util.function.Consumer<? super JsonWriter> body, int maxDepth) {
    return withKept(body, maxDepth, JsonWriter::toByteArray);
  }

  /**
   * {@link #toBytes(java.util.function.Consumer)} for a caller that needs the JSON as a String:
   * written with the writer the calling thread keeps, and decoded once, straight from its buffer
   * (org.json batches of 1, 100 and 2000 messages, which mixpanel-java takes as a String, came out
   * 11, 21 and 15 % faster this way than through a writer of their own; same-JVM A/B). Any thread
   * may call it; re-entrant as {@code toBytes} is; when {@code body} throws, the writer is dropped.
   */
  public static String toText(java.util.function.Consumer<? super JsonWriter> body) {
    return toText(body, JsonLimits.DEFAULTS.maxDepth());
  }

  /** {@link #toText(java.util.function.Consumer)} with another depth limit (trees: any depth). */
  static String toText(java.util.function.Consumer<? super JsonWriter> body, int maxDepth) {
    return withKept(body, maxDepth, JsonWriter::toString);
  }

  /**
   * Runs {@code body} on a compact writer to {@code out}, then flushes the writer and {@code out}
   * without closing {@code out}: {@link #toBytes(java.util.function.Consumer)} for a stream. The
   * writer, with its 8 KiB buffer, is the one the calling thread keeps for this method, and goes
   * back to it afterwards (without {@code out}), so that a document written this way allocates no
   * writer and no buffer (a writer from {@link #of(OutputStream)} that is flushed but not closed
   * takes a new buffer each time). Any thread may call it; a call inside {@code body} gets a
   * writer of its own. When {@code body} throws, nothing more is written or flushed, the writer is
   * dropped (its buffer kept), and a document past 8 KiB may have reached {@code out} in part
   * already.
   *
   * @throws UncheckedIOException when {@code out} throws
   */
  public static void toStream(OutputStream out, java.util.function.Consumer<? super JsonWriter> body) {
    Objects.requireNonNull(out, "out");
    JsonWriter[] slot = KEPT_STREAM.get();
    JsonWriter w = slot[0];
    slot[0] = null; // taken out while in use
    if (w == null) {
      w = of(out);
    } else {
      w.out = out;
      if (w.buf == CLOSED) { // the last body closed it, and its buffer went to SPARE
        w.buf = SPARE.take();
      }
    }
    boolean done = false;
    try {
      writeAndFlush(w, body);
      done = true;
    } finally {
      w.out = null; // the caller's stream is not kept
      if (!done) {
        w.release();
      }
    }
    w.reset();
    if (w.buf != CLOSED && w.buf.length != STREAM_BUFFER) {
      // Grown for a raw value larger than the buffer, or made anew by a write after close().
      w.buf = new byte[STREAM_BUFFER];
    }
    if (slot[0] == null) {
      slot[0] = w;
    } else { // a call inside body kept its writer first
      w.release();
    }
  }

  /** The writer each thread keeps for {@link #toStream}, out of its slot while in use. */
  private static final ThreadLocal<JsonWriter[]> KEPT_STREAM = ThreadLocal.withInitial(() -> new JsonWriter[1]);

  /**
   * {@link #toStream(OutputStream, java.util.function.Consumer)}'s work on a stream writer made
   * with the caller's options ({@link Json#write(JsonValue, OutputStream)}'s indent, say).
   */
  static void writeThenRelease(JsonWriter w, java.util.function.Consumer<? super JsonWriter> body) {
    try {
      writeAndFlush(w, body);
    } finally {
      w.release();
    }
  }

  /** Runs {@code body} on a stream writer, then flushes it and its stream unless body closed it. */
  private static void writeAndFlush(JsonWriter w, java.util.function.Consumer<? super JsonWriter> body) {
    body.accept(w);
    // CLOSED: the body closed the writer, flushing and closing out, and wrote nothing after.
    if (w.buf != CLOSED) {
      w.flush();
    }
  }

  /**
   * Runs {@code body} on the thread's kept writer (taken out of its slot while in use, so that a
   * call inside {@code body} makes a writer of its own), then returns what {@code result} makes
   * of the writer and keeps it for the next call; drops it when {@code body} throws.
   */
  private static <R> R withKept(
      java.util.function.Consumer<? super JsonWriter> body,
      int maxDepth,
      java.util.function.Function<JsonWriter, R> result) {
    JsonWriter[] slot = KEPT.get();
    JsonWriter w = slot[0];
    slot[0] = null; // taken out while in use
    if (w == null) {
      w = new JsonWriter(null, 4096, null, false, false, maxDepth);
    } else if (w.maxDepth != maxDepth) {
      w.limitDepth(maxDepth);
    }
    body.accept(w);
    R out = result.apply(w);
    w.reset();
    w.trimTo(MAX_KEPT_BUFFER);
    slot[0] = w;
    return out;
  }

  private static final int MAX_KEPT_BUFFER = 1 << 20;
  private static final ThreadLocal<JsonWriter[]> KEPT = ThreadLocal.withInitial(() -> new JsonWriter[1]);

  /** Drops a buffer grown past {@code max} bytes, so that a kept writer does not hold a huge one. */
  void trimTo(int max) {
    if (buf.length > max) {
      buf = new byte[4096];
      pos = 0;
    }
  }

  /** The JSON path of the value being written, such as {@code $.users[3].latitude}. */
  public String path() {
    StringBuilder sb = new StringBuilder("$");
    for (int d = 1; d <= depth; d++) {
      byte s = stack[d];
      boolean innermost = d == depth;
      if (s == S_ARRAY || s == S_ARRAY_EMPTY) {
        // Outer levels hold the element being written; the innermost, the one about to be.
        int index = innermost ? counts[d] : counts[d] - 1;
        sb.append('[').append(Math.max(index, 0)).append(']');
      } else if (s == S_NAME || !innermost) {
        Object n = pathNames[d];
        JsonReader.appendName(
            sb, n instanceof byte[] ? new String((byte[]) n, java.nio.charset.StandardCharsets.UTF_8) : String.valueOf(n));
      }
    }
    return sb.toString();
  }

  /** Writes the buffer to the stream, and flushes the stream. No-op without a stream. */
  @Override
  public void flush() {
    if (out != null) {
      flushBuffer();
      try {
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Flushes and closes the stream, if any.
   *
   * @throws IllegalStateException when an array or object is still open
   */
  @Override
  public void close() {
    flush();
    if (out != null) {
      release();
      try {
        out.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (depth != 0) {
      throw new IllegalStateException("closed with " + depth + " array(s) or object(s) still open");
    }
  }
}
