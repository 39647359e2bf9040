package dev.brisk.json;

import ch.randelshofer.fastdoubleparser.JsonDoubleParser;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A pull parser over UTF-8 JSON: {@link #next()} moves to the next token, and the getters read the
 * current one.
 *
 * <pre>{@code
 * try (JsonReader r = JsonReader.of(bytes)) {
 *   r.expect(JsonToken.BEGIN_OBJECT);
 *   while (r.next() == JsonToken.NAME) {
 *     if (r.nameEquals(ID)) { r.next(); id = r.getLong(); }  // ID = "id".getBytes(UTF_8)
 *     else r.skipValue();
 *   }
 * }
 * }</pre>
 *
 * <p><b>Input.</b> A {@code byte[]} range is parsed in place. An {@link InputStream} is read
 * incrementally into a buffer of 16 KiB that grows only to hold one token longer than that, and
 * never past the token limits, so a stream of any size parses in constant memory. A {@code String}
 * is encoded to UTF-8 first.
 *
 * <p><b>Strict by default.</b> RFC 8259 exactly: no comments, trailing commas, single quotes,
 * leading zeros, unescaped control characters, invalid UTF-8 (overlong forms, encoded surrogates,
 * truncated sequences), byte order mark, or data after the value. Comments, trailing commas and a
 * sequence of top-level values (NDJSON) can be allowed through {@link Json.Builder}. An escaped lone
 * surrogate such as {@code "\\ud800"} (an escaped lone surrogate) is accepted and decoded to that lone {@code char}, which
 * {@link JsonWriter} escapes again, so such strings round-trip exactly.
 *
 * <p><b>Errors.</b> Every fault is a {@link JsonException} with byte offset, line, column and JSON
 * path. Getters that do not match the current token (a string read as a number, a number that does
 * not fit an {@code int}) fail the same way, which makes the reader a sound base for codecs.
 *
 * <p><b>Limits</b> of {@link JsonLimits} are checked while reading, before memory is spent.
 *
 * <p><b>Thread-safety:</b> none; one reader belongs to one thread at a time.
 */
public final class JsonReader implements Closeable {
  static final int DEFAULT_BUFFER = 16 * 1024;

  // What the next call to next() accepts.
  private static final int E_VALUE = 0; // a value: at the top, or after ':'
  private static final int E_FIRST_ELEMENT = 1; // after '[': a value or ']'
  private static final int E_ARRAY_NEXT = 2; // after an element: ',' or ']'
  private static final int E_FIRST_NAME = 3; // after '{': a name or '}'
  private static final int E_OBJECT_NEXT = 4; // after a member: ',' or '}'
  private static final int E_COLON = 5; // after a name: ':' and a value
  private static final int E_END = 6; // after the top-level value
  private static final int E_NAME_NEXT = 7; // after a member and its comma: a name
  private static final int E_ELEMENT_NEXT = 8; // after an element and its comma: a value

  private static final JsonToken[] TOKENS = JsonToken.values();
  private static final int T_BEGIN_OBJECT = JsonToken.BEGIN_OBJECT.ordinal();
  private static final int T_END_OBJECT = JsonToken.END_OBJECT.ordinal();
  private static final int T_BEGIN_ARRAY = JsonToken.BEGIN_ARRAY.ordinal();
  private static final int T_END_ARRAY = JsonToken.END_ARRAY.ordinal();
  private static final int T_NAME = JsonToken.NAME.ordinal();
  private static final int T_STRING = JsonToken.STRING.ordinal();
  private static final int T_NUMBER = JsonToken.NUMBER.ordinal();
  private static final int T_TRUE = JsonToken.TRUE.ordinal();
  private static final int T_FALSE = JsonToken.FALSE.ordinal();
  private static final int T_NULL = JsonToken.NULL.ordinal();
  private static final int T_END_DOCUMENT = JsonToken.END_DOCUMENT.ordinal();

  private static final byte K_TOP = 0;
  private static final byte K_ARRAY = 1;
  private static final byte K_OBJECT = 2;

  /** Byte classes inside a string: 0 plain ASCII, 1 quote, 2 backslash, 3 control, 4 non-ASCII. */
  private static final byte[] STRING_CLASS = new byte[256];

  static {
    for (int c = 0; c < 0x20; c++) {
      STRING_CLASS[c] = 3;
    }
    STRING_CLASS['"'] = 1;
    STRING_CLASS['\\'] = 2;
    for (int c = 0x80; c < 0x100; c++) {
      STRING_CLASS[c] = 4;
    }
  }

  private static final double[] POW10 = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22
  };

  // Limits and options, copied to final fields for the hot paths.
  private final int maxDepth;
  private final int maxNumberLength;
  private final int maxStringLength;
  private final int maxNameLength;
  private final long maxDocumentLength;
  private final int maxMembers;
  private final int memberLimit;
  private final long maxTreeLength;
  private final boolean allowComments;
  private final boolean allowTrailingCommas;
  private final boolean multipleValues;
  /**
   * Strings of trees refer to the input array instead of copying from it: when the array is
   * Brisk's own, or the caller asked for it (Json.Builder#shareInput). Not final: {@link #reset}
   * sets it to {@link #shareCallersInput}, as the bytes it is given are the caller's.
   */
  private boolean shareInput;
  /** Whether the caller asked for strings that refer to its array (Json.Builder#shareInput). */
  private final boolean shareCallersInput;
  /** The {@code Json} whose keptReader may reuse this reader once kept; null: never kept. */
  private final Json keeper;
  /** The holder of the thread that last kept this reader ({@link #keep}), or null. */
  private Kept keptIn;

  // Input.
  private final InputStream in;
  private byte[] buf;
  private int pos;
  private int end;
  private boolean eof;
  /** Absolute input offset of buf[0]. For a byte[] range it is -off, so base + index is 0-based. */
  private long base;
  /** Buffer index from which bytes must be kept on refill (start of the token being read), or -1. */
  private int mark = -1;
  /** Absolute input offset where the value being built in memory began (see beginValue), or -1. */
  private long valueStart = -1;

  private long line = 1;
  private long lineStart;
  /** The line on which the last top-level value ended. */
  private long topValueLine;

  // Structure: one slot per nesting level; level 0 is the top.
  private int depth;
  private int expect = E_VALUE;
  private byte[] kinds = new byte[8]; // grown by push(); most documents are shallow
  private int[] counts = new int[8];
  /**
   * Per level: start << 32 | length << 1 | escaped of the last name, or -1 when it is in names[].
   */
  private long[] nameRef = new long[8];
  /** Per level: names kept as Strings when their bytes left the buffer; allocated on first use. */
  private String[] names;

  // The current token: its ordinal, or -1 before the first. Not the enum constant itself: a
  // reference store would cost a garbage collector barrier on every token.
  private int tok = -1;
  private int tokStart;
  private int tokEnd;
  private boolean tokEscaped;
  private boolean tokNonAscii;
  private boolean integral;
  private boolean longOk;
  /** True when longValue is still to be worked out from the token's digits: see longOk(). */
  private boolean valuePending;
  private long longValue;

  /**
   * @param keeper the {@code Json} whose {@link Json#keptReader} may reuse this reader once it is
   *     {@linkplain #keep kept}: the one that made it with its own limits and flags; null for a
   *     reader made with other flags, which is never kept
   */
  JsonReader(byte[] data, int off, int len, InputStream in, JsonLimits limits, int flags, Json keeper) {
    this.keeper = in == null ? keeper : null; // a stream reader reads one stream
    this.maxDepth = limits.maxDepth();
    this.maxNumberLength = limits.maxNumberLength();
    this.maxStringLength = limits.maxStringLength();
    this.maxNameLength = limits.maxNameLength();
    this.maxDocumentLength = limits.maxDocumentLength();
    this.maxMembers = limits.maxMembers();
    this.memberLimit = maxMembers < 0 ? Integer.MAX_VALUE : maxMembers;
    this.maxTreeLength = limits.maxTreeLength();
    this.allowComments = (flags & Json.ALLOW_COMMENTS) != 0;
    this.allowTrailingCommas = (flags & Json.ALLOW_TRAILING_COMMAS) != 0;
    this.multipleValues = (flags & Json.MULTIPLE_VALUES) != 0;
    this.shareCallersInput = (flags & Json.SHARE_INPUT) != 0;
    this.shareInput = in == null && (flags & (Json.SHARE_INPUT | Json.OWN_INPUT)) != 0;
    this.in = in;
    if (in == null) {
      checkRange(data, off, len);
      this.buf = data;
      this.pos = off;
      this.end = off + len;
      this.eof = true;
      this.base = -off;
      checkDocumentLength(off, len);
    } else {
      this.buf = SPARE.take(); // this reader's until close()
    }
  }

  /**
   * Makes this reader read {@code len} bytes of {@code utf8} from {@code off} as a new document,
   * with its limits and options, as a new reader from the same {@link Json} would, but without
   * making one: for a thread that reads many small documents (events, say) one after another,
   * where making a reader is a good part of the work. Whatever this reader was doing, and however
   * it ended (at the end, halfway or with an error), is forgotten; the values it returned are
   * unaffected. The strings of trees are copied out of {@code utf8} (unless the {@code Json}
   * shares input: {@link Json.Builder#shareInput}), even for a reader of {@link Json#reader(String)},
   * whose trees shared its own bytes.
   *
   * <p>Like the rest of a reader, not thread-safe: one thread at a time, and the caller must not
   * go on using the reader for the document it read before.
   *
   * @return this reader
   * @throws IllegalStateException when this reader reads a stream (make a new reader for each)
   * @throws IndexOutOfBoundsException when {@code off} and {@code len} are not a range of {@code utf8}
   * @throws JsonException when {@code len} is over maxDocumentLength
   */
  public JsonReader reset(byte[] utf8, int off, int len) {
    return reset(utf8, off, len, shareCallersInput);
  }

  /** {@link #reset} to a whole array of Brisk's own, which the strings of trees then share. */
  JsonReader resetOwn(byte[] own) {
    return reset(own, 0, own.length, true);
  }

  private JsonReader reset(byte[] utf8, int off, int len, boolean share) {
    if (in != null) {
      throw new IllegalStateException("reset() is for a reader of bytes in memory; this one reads a stream");
    }
    checkRange(utf8, off, len);
    // Every field the constructor or a read sets, back to what a new reader of these bytes has
    // (ReaderResetTest compares the two field by field, so a field added later is not forgotten).
    shareInput = share;
    buf = utf8;
    pos = off;
    end = off + len;
    eof = true;
    base = -off;
    mark = -1;
    valueStart = -1;
    line = 1;
    lineStart = 0;
    topValueLine = 0;
    depth = 0;
    expect = E_VALUE;
    kinds[0] = K_TOP;
    counts[0] = 0;
    nameRef[0] = 0;
    names = null;
    tok = -1;
    tokStart = 0;
    tokEnd = 0;
    tokEscaped = false;
    tokNonAscii = false;
    integral = false;
    longOk = false;
    valuePending = false;
    longValue = 0;
    checkDocumentLength(off, len);
    return this;
  }

  private static void checkRange(byte[] utf8, int off, int len) {
    if (off < 0 || len < 0 || off > utf8.length - len) {
      throw new IndexOutOfBoundsException(
          "offset " + off + ", length " + len + ", array length " + utf8.length);
    }
  }

  /** Refuses, before reading any of it, a document in memory over maxDocumentLength. */
  private void checkDocumentLength(int off, int len) {
    if (maxDocumentLength >= 0 && len > maxDocumentLength) {
      throw error("document longer than maxDocumentLength (" + maxDocumentLength + " bytes)", off + (int) maxDocumentLength);
    }
  }

  /**
   * Closes this reader and keeps it for the calling thread's next {@link Json#keptReader} of the
   * {@code Json} that made it, which then reads its document with this reader instead of making a
   * new one. A thread keeps the readers of the last two {@code Json}s it kept one of (a thread
   * that parses with JSON-P and reads trees with {@code Json.parse}, say): keeping a third's
   * drops the older. A reader of a stream is only closed.
   *
   * <p>The caller gives the reader up: it must not use it, or keep it, again; values it returned
   * before are unaffected. A kept reader holds none of the bytes it read, only its own few hundred
   * bytes, and at most 16 KiB of characters it kept for decoding strings.
   */
  public void keep() {
    close();
    if (keeper != null) {
      // The holder this reader was last kept in, when it is the calling thread's: one ThreadLocal
      // lookup per document instead of two (takeKept's), for a reader kept by the same thread.
      Kept k = keptIn;
      if (k == null || k.thread != Thread.currentThread()) {
        k = Kept.THREAD.get();
        keptIn = k;
      }
      JsonReader last = k.last;
      if (last != null && last.keeper != keeper) {
        k.before = last;
      }
      k.last = this;
    }
  }

  /** The calling thread's kept reader when {@code json} made it, taken from the thread; else null. */
  static JsonReader takeKept(Json json) {
    Kept k = Kept.THREAD.get();
    JsonReader r = k.last;
    // Taken while in use: a read inside a read makes a reader of its own.
    if (r != null && r.keeper == json) {
      k.last = k.before;
      k.before = null;
      return r;
    }
    r = k.before;
    if (r != null && r.keeper == json) {
      k.before = null;
      return r;
    }
    return null;
  }

  /** A thread's kept readers ({@link #keep}), of two different {@code Json}s. */
  private static final class Kept {
    static final ThreadLocal<Kept> THREAD = ThreadLocal.withInitial(Kept::new);
    /**
     * The thread whose holder this is (withInitial runs in it). A reader kept past its thread's
     * end keeps that Thread object reachable, as any other reference to it would.
     */
    final Thread thread = Thread.currentThread();
    /** The reader kept last. */
    JsonReader last;
    /** The one kept before it, of another Json. */
    JsonReader before;
  }

  /** The stream buffer a closed reader leaves to the thread's next one. */
  private static final SpareBuffer SPARE = new SpareBuffer(DEFAULT_BUFFER);

  private static final byte[] CLOSED = new byte[0];

  /** Reads in a row that may return no bytes before the stream is taken as broken. */
  static final int MAX_ZERO_READS = 1000;

  /** A strict reader with default limits over the whole array. */
  public static JsonReader of(byte[] utf8) {
    return Json.DEFAULT.reader(utf8);
  }

  /** A strict reader with default limits over {@code len} bytes of {@code utf8} from {@code off}. */
  public static JsonReader of(byte[] utf8, int off, int len) {
    return Json.DEFAULT.reader(utf8, off, len);
  }

  /** A strict reader with default limits over a UTF-8 stream; {@link #close()} closes it. */
  public static JsonReader of(InputStream utf8) {
    return Json.DEFAULT.reader(utf8);
  }

  /** A strict reader with default limits over a string (encoded to UTF-8 first). */
  public static JsonReader of(String json) {
    return Json.DEFAULT.reader(json);
  }

  /**
   * Runs {@code body} on a strict reader with default limits over the UTF-8 stream {@code utf8}
   * and returns what it returns, without closing {@code utf8}. The reader's 16 KiB buffer is the
   * one the calling thread keeps for stream readers, and goes back to it afterwards, also when
   * {@code body} throws: a small document read this way allocates no buffer (a reader from {@link
   * #of(InputStream)} gives its buffer back only when closed, which closes the stream). The reader
   * must not be used after {@code body} returns; bytes it read ahead of where {@code body} stopped
   * are not given back to the stream. Any thread may call it; a call inside {@code body} gets a
   * buffer of its own.
   */
  public static <T> T fromStream(InputStream utf8, java.util.function.Function<? super JsonReader, ? extends T> body) {
    JsonReader r = of(Objects.requireNonNull(utf8, "utf8"));
    try {
      return body.apply(r);
    } finally {
      r.release();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Tokens

  /**
   * Moves to the next token and returns it. At the end of the input returns {@link
   * JsonToken#END_DOCUMENT}, and keeps returning it.
   *
   * @throws JsonException when the input is malformed or over a limit
   */
  public JsonToken next() {
    // Every branch ends in one of three steps, each written once: the JIT then compiles one copy
    // of the value, name and end code, whatever the order in which it meets them. Several call
    // sites made it inline the value code two or three times, or none, from one run to the next,
    // and the larger outcome was a quarter slower. The name and value steps are written out here
    // rather than called: a callee that C2 happened to compile on its own first is "already
    // compiled into a big method" and then never inlined (seen with value(): that JMH fork of
    // TokenSkipBenchmark ran at 8.3k ops/s, the five others with the same code at 11.2-12.5k).
    int b = skipWhitespace();
    int step; // S_VALUE, S_ELEMENT, S_NAME or S_END
    switch (expect) {
      case E_VALUE:
        step = S_VALUE;
        break;
      case E_FIRST_ELEMENT:
        step = b == ']' ? S_END : S_ELEMENT;
        break;
      case E_ARRAY_NEXT:
        if (b == ',') {
          pos++;
          b = skipWhitespace();
          step = b == ']' && allowTrailingCommas ? S_END : S_ELEMENT;
        } else if (b == ']') {
          step = S_END;
        } else {
          throw unexpected(b, "',' or ']'");
        }
        break;
      case E_ELEMENT_NEXT:
        step = b == ']' && allowTrailingCommas ? S_END : S_ELEMENT;
        break;
      case E_FIRST_NAME:
        step = b == '}' ? S_END : S_NAME;
        break;
      case E_OBJECT_NEXT:
        if (b == ',') {
          pos++;
          b = skipWhitespace();
          step = b == '}' && allowTrailingCommas ? S_END : S_NAME;
        } else if (b == '}') {
          step = S_END;
        } else {
          throw unexpected(b, "',' or '}'");
        }
        break;
      case E_NAME_NEXT:
        step = b == '}' && allowTrailingCommas ? S_END : S_NAME;
        break;
      case E_COLON:
        if (b != ':') {
          throw unexpected(b, "':'");
        }
        pos++;
        b = skipWhitespace();
        step = S_VALUE;
        break;
      default: // E_END
        if (b < 0) {
          tok = T_END_DOCUMENT;
          return JsonToken.END_DOCUMENT;
        }
        if (!multipleValues) {
          throw unexpected(b, "the end of the input after the value");
        }
        if (line == topValueLine) {
          throw unexpected(b, "a line break before the next value (one value per line)");
        }
        counts[0]++;
        step = S_VALUE;
    }
    if (step == S_NAME) {
      if (b != '"') {
        throw unexpected(b, A_NAME);
      }
      int d = depth;
      int n = counts[d];
      if (n >= memberLimit) {
        throw tooManyMembers();
      }
      // Counted once scanned: an error in the name is at the path of the member before it, or
      // of the object for its first (whose level may still hold an old object's name).
      scanString(maxNameLength, "member name", "maxNameLength");
      counts[d] = n + 1;
      // One store: where the name is; decoded only for a path, or kept as a String by fill().
      nameRef[d] = (long) tokStart << 32 | (long) (tokEnd - tokStart) << 1 | (tokEscaped ? 1 : 0);
      int p = pos;
      if (p < end && buf[p] == ':') {
        pos = p + 1; // compact JSON: take the colon now and go straight to the value next time
        expect = E_VALUE;
      } else {
        expect = E_COLON;
      }
      tok = T_NAME;
      return JsonToken.NAME;
    }
    if (step == S_END) {
      return end();
    }
    if (step == S_ELEMENT && ++counts[depth] > memberLimit) {
      throw tooManyElements();
    }
    JsonToken t;
    if (b == '"') {
      scanString(maxStringLength, "string", "maxStringLength");
      t = JsonToken.STRING;
    } else if ((b >= '0' && b <= '9') || b == '-') {
      scanNumber();
      t = JsonToken.NUMBER;
    } else if (b == '{') {
      push(K_OBJECT);
      expect = E_FIRST_NAME;
      tok = T_BEGIN_OBJECT;
      return JsonToken.BEGIN_OBJECT;
    } else if (b == '[') {
      push(K_ARRAY);
      expect = E_FIRST_ELEMENT;
      tok = T_BEGIN_ARRAY;
      return JsonToken.BEGIN_ARRAY;
    } else {
      if (b < 0 && multipleValues && depth == 0) { // a sequence of no values: empty, or white space
        tok = T_END_DOCUMENT;
        return JsonToken.END_DOCUMENT;
      }
      t = literalToken(b);
    }
    afterValue();
    tok = t.ordinal();
    return t;
  }

  private static final int S_VALUE = 0;
  private static final int S_ELEMENT = 1;
  private static final int S_NAME = 2;
  private static final int S_END = 3;

  /** The current token, or null before the first {@link #next()}. */
  public JsonToken token() {
    return tok < 0 ? null : TOKENS[tok];
  }

  /**
   * Moves to the next token and checks that it is {@code expected}.
   *
   * @throws JsonException when it is another token
   */
  public void expect(JsonToken expected) {
    if (next() != expected) {
      throw typeError(describe(expected));
    }
  }

  /**
   * When the current token begins an object or array, moves to the token that ends it; otherwise
   * does nothing. Everything skipped is still checked.
   */
  public void skipChildren() {
    if (tok == T_BEGIN_OBJECT || tok == T_BEGIN_ARRAY) {
      int target = depth - 1;
      while (depth > target) {
        next();
      }
    }
  }

  /** Moves past the next whole value: use it after a {@link JsonToken#NAME} you do not want. */
  public void skipValue() {
    next();
    skipChildren();
  }

  /** Reads true, false or null starting with {@code b}, or reports what is there instead. */
  private JsonToken literalToken(int b) {
    switch (b) {
      case 't':
        literal("true", TRUE);
        return JsonToken.TRUE;
      case 'f':
        literal("false", ALSE);
        return JsonToken.FALSE;
      case 'n':
        literal("null", NULL);
        return JsonToken.NULL;
      default:
        throw unexpected(b, A_VALUE);
    }
  }

  /**
   * Sets what may follow a value. In compact JSON the comma after it is taken now, so that the next
   * call goes straight to the name or element (an error there reads the same either way).
   */
  private void afterValue() {
    int d = depth;
    byte k = kinds[d];
    if (k == K_TOP) {
      expect = E_END;
      topValueLine = line;
      return;
    }
    if (k == K_OBJECT) {
      afterInside(E_NAME_NEXT, E_OBJECT_NEXT);
    } else {
      afterInside(E_ELEMENT_NEXT, E_ARRAY_NEXT);
    }
  }

  /**
   * {@link #afterValue} for the short paths of the fused getters, which start where a value is
   * expected: below the top that is always a member's value, so the container is an object.
   */
  private void afterMemberValue() {
    if (depth == 0) {
      afterValue();
    } else {
      afterInside(E_NAME_NEXT, E_OBJECT_NEXT);
    }
  }

  /**
   * {@link #afterMemberValue} for the one-call member reads ({@link #nextStringMember} and the
   * like), which only read where {@link #nameAhead} found a name: inside an object, so at depth 1
   * or more, where afterMemberValue's test of the depth is always false.
   */
  private void afterOneCallMember() {
    afterInside(E_NAME_NEXT, E_OBJECT_NEXT);
  }

  /**
   * {@link #afterValue} for the short path of {@link #nextStringElement}, which starts where an
   * element is expected: the container is an array (calling afterValue, which looks up the
   * level's kind, made seed 000's parse slower: median 0.977 in a same-JVM A/B).
   */
  private void afterElement() {
    afterInside(E_ELEMENT_NEXT, E_ARRAY_NEXT);
  }

  /**
   * After a value inside an object or array: takes the comma that follows it, if any, and expects
   * {@code next} (a name or element after a comma), else {@code last} (a comma or the end).
   */
  private void afterInside(int next, int last) {
    int p = pos;
    if (p < end && buf[p] == ',') {
      pos = p + 1;
      expect = next;
    } else {
      expect = last;
    }
  }

  private void push(byte kind) {
    int d = depth + 1;
    if (d > maxDepth) {
      throw tooDeep();
    }
    if (d == kinds.length) {
      grow(d * 2);
    }
    kinds[d] = kind;
    counts[d] = 0;
    depth = d;
    pos++;
  }

  private void grow(int n) {
    kinds = Arrays.copyOf(kinds, n);
    counts = Arrays.copyOf(counts, n);
    nameRef = Arrays.copyOf(nameRef, n);
    if (names != null) {
      names = Arrays.copyOf(names, n);
    }
  }

  /** The error for one member more than maxMembers, at the reader's position. */
  private JsonException tooManyMembers() {
    return error("object has more than maxMembers (" + maxMembers + ") members", pos);
  }

  /** The error for one element more than maxMembers, at the reader's position. */
  private JsonException tooManyElements() {
    return error("array has more than maxMembers (" + maxMembers + ") elements", pos);
  }

  private JsonException tooDeep() {
    return error("nesting deeper than maxDepth (" + maxDepth + ")", pos);
  }

  /** The closing bracket of the innermost container, at pos. */
  private JsonToken end() {
    JsonToken t = kinds[depth] == K_OBJECT ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
    pos++;
    depth--;
    afterValue();
    tok = t.ordinal();
    return t;
  }

  /** Skips white space (and comments when allowed); returns the next byte unconsumed, or -1. */
  private int skipWhitespace() {
    int p = pos;
    if (p < end) {
      int b = buf[p] & 0xFF;
      if (b > ' ' && b != '/') {
        return b; // compact JSON: no white space between tokens
      }
    } else if (eof) {
      return -1; // the end of a document in memory: nothing to fill
    }
    return skipWhitespaceSlow();
  }

  /**
   * White space, line counting, buffer refills and comments, in one method: it is then too large
   * for the JIT to inline into {@link #next()}, whatever the profile says, and the hot path stays
   * the same small code in every run.
   */
  private int skipWhitespaceSlow() {
    int p = pos;
    while (true) {
      if (p >= end) {
        pos = p;
        if (!fill()) {
          return -1;
        }
        p = pos;
      }
      int b = buf[p] & 0xFF;
      if (b > ' ') {
        pos = p;
        if (b != '/' || !allowComments) {
          return b;
        }
        // A comment: skip it and go on with the white space after it.
        long start = base + pos; // absolute: a refill may move the bytes down
        if (!ensure(2)) {
          throw error("unexpected end of input in a comment", (int) (start - base));
        }
        int kind = buf[pos + 1];
        if (kind == '/') {
          pos += 2;
          while (true) {
            if (pos >= end && !fill()) {
              return -1;
            }
            if (buf[pos] == '\n') {
              break; // the newline itself is white space
            }
            pos++;
          }
        } else if (kind == '*') {
          pos += 2;
          while (true) {
            if (!ensure(2)) {
              throw error("unterminated comment: the /* at offset " + start + " has no */", end);
            }
            byte c = buf[pos];
            if (c == '*' && buf[pos + 1] == '/') {
              pos += 2;
              break;
            }
            pos++;
            if (c == '\n') {
              line++;
              lineStart = base + pos;
            }
          }
        } else {
          throw unexpected('/', A_VALUE);
        }
        p = pos;
        continue;
      }
      if (b == ' ' || b == '\t' || b == '\r') {
        p++;
      } else if (b == '\n') {
        p++;
        line++;
        lineStart = base + p;
      } else {
        pos = p;
        return b;
      }
    }
  }

  private void literal(String word, int last4) {
    int n = word.length();
    int p = pos;
    if (p + 8 <= end) {
      // One compare for the word's last four bytes (its first byte chose this literal): all of
      // true and null, and false after its 'f'.
      if ((int) Swar.INTS.get(buf, p + n - 4) == last4) {
        tokStart = p;
        pos = p + n;
        tokEnd = pos;
        return;
      }
    }
    literalSlow(word);
  }

  /** The literal at pos near the end of the buffer, or one that differs from {@code word}. */
  private void literalSlow(String word) {
    int n = word.length();
    if (!ensure(n)) {
      // Report the first byte that differs, or the end of the input.
      for (int i = 0; i < end - pos; i++) {
        if (buf[pos + i] != word.charAt(i)) {
          throw badLiteral(word, pos + i);
        }
      }
      throw error("unexpected end of input in literal '" + word + "'", end);
    }
    for (int i = 0; i < n; i++) {
      if (buf[pos + i] != word.charAt(i)) {
        throw badLiteral(word, pos + i);
      }
    }
    tokStart = pos;
    pos += n;
    tokEnd = pos;
  }

  private static final int TRUE = 't' | 'r' << 8 | 'u' << 16 | 'e' << 24;
  private static final int NULL = 'n' | 'u' << 8 | 'l' << 16 | 'l' << 24;
  private static final int ALSE = 'a' | 'l' << 8 | 's' << 16 | 'e' << 24;

  private JsonException badLiteral(String word, int at) {
    return error(
        "invalid literal: expected '" + word + "' but found " + describe(buf[at] & 0xFF), at);
  }

  // ---------------------------------------------------------------------------------------------
  // Trees

  /**
   * Reads the next whole value as a tree, straight from the bytes: the same checks, limits and
   * error messages as {@link #next()}, without a token per step. Iterative, so the depth is bounded
   * by the limit, never by the thread's stack. The members of all open containers share one stack
   * of values and one of names, so a parse allocates those two arrays and the tree, whatever its
   * depth. Returns null at the end of the input (between the values of a multi-value reader).
   * From a stream, the value may span at most maxTreeLength bytes.
   */
  JsonValue readTree(boolean rejectDuplicates) {
    long begun = beginValue();
    try {
      return readTreeNow(rejectDuplicates);
    } finally {
      endValue(begun);
    }
  }

  private JsonValue readTreeNow(boolean rejectDuplicates) {
    int b = skipWhitespace();
    if (expect == E_END) {
      if (b < 0) {
        tok = T_END_DOCUMENT;
        return null;
      }
      next(); // checks the line break between values, or reports the trailing data
      return treeFromToken(rejectDuplicates);
    }
    if (expect != E_VALUE) {
      throw new IllegalStateException("a tree can be read only where a whole value begins");
    }
    if (b != '{' && b != '[') {
      JsonToken t = next(); // expecting a value: next() reads it
      return t == JsonToken.END_DOCUMENT ? null : scalarTree(t); // a sequence of no values
    }
    JsonValue[] values = new JsonValue[32];
    String[] names = new String[32];
    int top = 0; // values (and names) of all open containers, innermost last
    int[] starts = new int[8]; // where each open container's members begin on the stacks
    // Per level, the names of the last object closed there: the objects of an array are mostly
    // alike, and an object with the same names (the same String instances, from the name cache)
    // shares that array instead of copying and checking its own.
    String[][] shapes = new String[8][];
    // Name prediction (see NameCache): the name entry each open container is the value of (null
    // at the top, UNLINKED under an escaped or long name), and the innermost object's last name.
    NameCache.Entry[] owners = new NameCache.Entry[8];
    NameCache.Entry owner = null;
    NameCache.Entry prev = null;
    final NameCache cache = NameCache.SHARED;
    final int base = depth; // the depth around the tree
    push(b == '{' ? K_OBJECT : K_ARRAY);
    // The innermost open container, kept in locals and changed only when one opens or closes.
    int d = depth;
    int start = 0;
    boolean object = b == '{';
    int closer = object ? '}' : ']';
    while (true) {
      if (top + 1 >= values.length) {
        // Room for this step's one new entry, whatever it is.
        names = Arrays.copyOf(names, values.length * 2);
        values = Arrays.copyOf(values, values.length * 2);
      }
      b = skipWhitespace();
      boolean first = top == start;
      boolean close = false;
      if (first) {
        close = b == closer;
      } else if (b == ',') {
        pos++;
        b = skipWhitespace();
        close = b == closer && allowTrailingCommas;
      } else if (b == closer) {
        close = true;
      } else {
        throw unexpected(b, object ? "',' or '}'" : "',' or ']'");
      }
      if (close) {
        pos++;
        depth--;
        JsonValue done;
        if (object) {
          int level = d - base - 1;
          String[] shape = shapes[level];
          if (shape != null && top > start && sameNames(shape, names, start, top)) {
            done = JsonObject.withNames(shape, Arrays.copyOfRange(values, start, top));
          } else {
            JsonObject o = closeObject(names, values, start, top, rejectDuplicates);
            done = o;
            shapes[level] = o.nameArray();
          }
        } else {
          done = top == start ? JsonArray.EMPTY : new JsonArray(Arrays.copyOfRange(values, start, top));
        }
        if (depth == base) {
          return finishTree(object ? JsonToken.END_OBJECT : JsonToken.END_ARRAY, done);
        }
        top = start;
        values[top - 1] = done; // the slot kept for it in its parent
        d = depth;
        start = starts[d - base - 1];
        object = kinds[d] == K_OBJECT;
        closer = object ? '}' : ']';
        prev = object ? owner : null; // an object's value closed: its name was the last one
        owner = owners[d - base - 1];
        continue;
      }
      if (object && b != '"') {
        throw unexpected(b, A_NAME);
      }
      // A member is counted once its name is read, as next() counts it: an error in the name, or
      // one member too many, is at the path of the member before it, or of the object for its
      // first (a level whose count is 0 is left out of a path, whatever name it still holds).
      if (object ? counts[d] >= memberLimit : ++counts[d] > memberLimit) {
        throw object ? tooManyMembers() : tooManyElements();
      }
      if (object) {
        NameCache.Entry e =
            cache.at(
                prev != null
                    ? prev.nextSlot
                    : owner != null ? owner.firstSlot : cache.rootFirstSlot);
        int q = pos + 1;
        if (e != null && NameCache.matches(e, buf, q, end)) {
          // The predicted name: the same bytes as a name already scanned and checked.
          nameRef[d] = (long) q << 32 | (long) e.len << 1;
          names[top] = e.name;
          pos = q + e.len + 1;
        } else {
          scanString(maxNameLength, "member name", "maxNameLength");
          nameRef[d] =
              (long) tokStart << 32 | (long) (tokEnd - tokStart) << 1 | (tokEscaped ? 1 : 0);
          e =
              tokEscaped
                  ? NameCache.UNLINKED
                  : cache.entry(buf, tokStart, tokEnd - tokStart, !tokNonAscii);
          names[top] = e.slot < 0 ? decodeToken() : e.name;
          learn(cache, prev, owner, e);
        }
        counts[d]++;
        prev = e;
        int p = pos;
        if (p + 1 < end && buf[p] == ':' && (b = buf[p + 1] & 0xFF) > ' ' && b != '/') {
          pos = p + 1; // compact JSON: the colon, then the value's first byte
        } else {
          b = skipWhitespace();
          if (b != ':') {
            throw unexpected(b, "':'");
          }
          pos++;
          b = skipWhitespace();
        }
      }
      // A value: b is its first byte; its slot on the stacks is top.
      if (b == '"') {
        scanString(maxStringLength, "string", "maxStringLength");
        values[top++] = stringTree();
      } else if ((b >= '0' && b <= '9') || b == '-') {
        scanNumber();
        values[top++] = numberTree();
      } else if (b == '{' || b == '[') {
        push(b == '{' ? K_OBJECT : K_ARRAY);
        int level = depth - base - 1;
        if (level == starts.length) {
          starts = Arrays.copyOf(starts, level * 2);
          shapes = Arrays.copyOf(shapes, level * 2);
          owners = Arrays.copyOf(owners, level * 2);
        }
        // The new container is the value of the last name if it is a member, else an element
        // of an array and under the same name as that array.
        if (object) {
          owner = prev;
        }
        owners[level] = owner;
        prev = null;
        // The container's own slot (top) is filled when it closes; its members start after it.
        top++;
        starts[level] = top;
        d = depth;
        start = top;
        object = b == '{';
        closer = object ? '}' : ']';
      } else {
        values[top++] = literalTree(b);
      }
    }
  }

  /** true, false or null inside a tree (without afterValue: the tree loop reads the commas). */
  private JsonValue literalTree(int b) {
    switch (b) {
      case 't':
        literal("true", TRUE);
        return JsonBoolean.TRUE;
      case 'f':
        literal("false", ALSE);
        return JsonBoolean.FALSE;
      case 'n':
        literal("null", NULL);
        return JsonNull.INSTANCE;
      default:
        throw unexpected(b, A_VALUE);
    }
  }

  /**
   * Links a name that was not predicted to what came before it, for the next object of the same
   * shape: to the previous name of its object, else to the name its object is under, else as the
   * first name of a top-level object. A link is written only when it changes.
   */
  private static void learn(
      NameCache cache, NameCache.Entry prev, NameCache.Entry owner, NameCache.Entry e) {
    int slot = e.slot;
    if (slot < 0) {
      return;
    }
    if (prev != null) {
      if (prev.slot >= 0 && prev.nextSlot != slot) {
        prev.nextSlot = slot;
      }
    } else if (owner != null) {
      if (owner.slot >= 0 && owner.firstSlot != slot) {
        owner.firstSlot = slot;
      }
    } else if (cache.rootFirstSlot != slot) {
      cache.rootFirstSlot = slot;
    }
  }

  /** Whether {@code names[start..top)} are the very strings of {@code shape}, in its order. */
  private static boolean sameNames(String[] shape, String[] names, int start, int top) {
    if (shape.length != top - start) {
      return false;
    }
    for (int i = 0; i < shape.length; i++) {
      if (shape[i] != names[start + i]) {
        return false;
      }
    }
    return true;
  }

  private JsonObject closeObject(
      String[] names, JsonValue[] values, int start, int top, boolean rejectDuplicates) {
    int n = top - start;
    try {
      return JsonObject.create(
          Arrays.copyOfRange(names, start, top),
          Arrays.copyOfRange(values, start, top),
          n,
          rejectDuplicates);
    } catch (JsonObject.DuplicateName d) {
      throw error(
          "duplicate member name '" + d.name + "' (this Json instance rejects duplicates)", pos - 1);
    }
  }

  private JsonValue finishTree(JsonToken end, JsonValue done) {
    afterValue();
    tok = end.ordinal();
    return done;
  }

  /** The tree of the value whose first token next() has just read. */
  private JsonValue treeFromToken(boolean rejectDuplicates) {
    JsonToken t = token();
    if (t == JsonToken.BEGIN_OBJECT || t == JsonToken.BEGIN_ARRAY) {
      // Step back onto the opening bracket and read the container as a tree.
      depth--;
      pos--;
      expect = E_VALUE;
      return readTree(rejectDuplicates);
    }
    return scalarTree(t);
  }

  private JsonValue scalarTree(JsonToken t) {
    switch (t) {
      case STRING:
        return stringTree();
      case NUMBER:
        return numberTree();
      case TRUE:
        return JsonBoolean.TRUE;
      case FALSE:
        return JsonBoolean.FALSE;
      default:
        return JsonNull.INSTANCE;
    }
  }

  /** The tree of the current string token. */
  private JsonString stringTree() {
    int n = tokEnd - tokStart;
    return shareInput
        ? new JsonString(buf, tokStart, n, tokEscaped)
        : new JsonString(Arrays.copyOfRange(buf, tokStart, tokEnd), 0, n, tokEscaped);
  }

  private JsonNumber numberTree() {
    return isLongExact()
        ? JsonNumber.of(longValue)
        : new JsonNumber.TextNumber(Arrays.copyOfRange(buf, tokStart, tokEnd));
  }

  // ---------------------------------------------------------------------------------------------
  // Strings

  /**
   * Scans a string whose opening quote is at pos; leaves tokStart/tokEnd around its content. The
   * fast path takes plain ASCII eight bytes at a time and ends at the closing quote; anything else
   * (escapes, UTF-8, control characters, the end of the buffer) goes to {@link #scanStringSlow}.
   */
  private void scanString(int max, String what, String limitName) {
    final byte[] bf = buf;
    final int e = end;
    final int start = pos + 1;
    int p = start;
    while (p + 8 <= e) {
      // Swar.specialBytes, written out here so that this loop stays small enough to inline.
      long x = (long) Swar.LONGS.get(bf, p);
      long m =
          ((x ^ 0x0202020202020202L) - 0x2121212121212121L
                  | (x ^ 0x5C5C5C5C5C5C5C5CL) - 0x0101010101010101L)
              & 0x8080808080808080L;
      if (m != 0) {
        int z = Long.numberOfTrailingZeros(m);
        p += z >>> 3;
        // The byte at the mark, taken from the word rather than loaded again: usually the quote.
        if ((int) (x >>> (z & 56)) << 24 == '"' << 24) {
          // The quote's end as the byte loop below has it (a shared method: a median 1-2 % slower).
          if (p - start > max) {
            throw tooLong(what, limitName, max, start);
          }
          endString(start, p, false, false);
          return;
        }
        break;
      }
      p += 8;
    }
    while (p < e) {
      int c = bf[p];
      if (c == '"') {
        if (p - start > max) {
          throw tooLong(what, limitName, max, start);
        }
        endString(start, p, false, false);
        return;
      }
      if (STRING_CLASS[c & 0xFF] != 0) {
        break;
      }
      p++;
    }
    scanStringSlow(start, p, max, what, limitName);
  }

  /** The current token is the string content from {@code from} to the quote at {@code quote}. */
  private void endString(int from, int quote, boolean escaped, boolean nonAscii) {
    tokStart = from;
    tokEnd = quote;
    tokEscaped = escaped;
    tokNonAscii = nonAscii;
    pos = quote + 1;
  }

  private JsonException tooLong(String what, String limitName, int max, int start) {
    return error(what + " longer than " + limitName + " (" + max + " bytes)", start - 1);
  }

  private void scanStringSlow(int start, int p, int max, String what, String limitName) {
    mark = start;
    boolean escaped = false;
    boolean nonAscii = false;
    final byte[] cls = STRING_CLASS;
    while (true) {
      byte[] bf = buf;
      int e = end;
      while (p < e) {
        int c = bf[p] & 0xFF;
        int k = cls[c];
        if (k == 0) {
          p++;
          while (p + 8 <= e) {
            long m = Swar.specialBytes((long) Swar.LONGS.get(bf, p));
            if (m != 0) {
              p += Long.numberOfTrailingZeros(m) >>> 3;
              break;
            }
            p += 8;
          }
          continue;
        }
        if (k == 1) {
          int from = mark;
          mark = -1;
          if (p - from > max) {
            throw tooLong(what, limitName, max, from);
          }
          endString(from, p, escaped, nonAscii);
          return;
        }
        if (p - mark > max) {
          // Too long before this escape or character: said first, as a stream reader does at
          // its buffer's end, whatever the bytes after it.
          throw tooLong(what, limitName, max, mark);
        }
        if (k == 2) {
          escaped = true;
          p = escape(p);
        } else if (k == 3) {
          throw error(
              "unescaped control character U+00" + hex2(c) + " in " + what + " (escape it as \\u00"
                  + hex2(c) + ")",
              p);
        } else {
          nonAscii = true;
          p = utf8(p, c);
        }
        bf = buf;
        e = end;
      }
      if (p - mark > max) {
        throw tooLong(what, limitName, max, mark);
      }
      pos = p;
      if (!fill()) {
        throw error("unexpected end of input in " + what + ": missing closing '\"'", mark - 1);
      }
      p = pos;
    }
  }

  /** Checks the escape sequence at p (a backslash); returns the index after it. May refill. */
  private int escape(int p) {
    pos = p;
    if (!ensure(2)) {
      throw error("unexpected end of input in an escape sequence", pos);
    }
    p = pos;
    int c = buf[p + 1];
    switch (c) {
      case '"':
      case '\\':
      case '/':
      case 'b':
      case 'f':
      case 'n':
      case 'r':
      case 't':
        return p + 2;
      case 'u':
        if (!ensure(6)) {
          throw error("unexpected end of input in a \\u escape", end);
        }
        p = pos;
        for (int i = 2; i < 6; i++) {
          if (hexValue(buf[p + i]) < 0) {
            throw error("invalid \\u escape: expected 4 hex digits", p + i);
          }
        }
        return p + 6;
      default:
        throw error("invalid escape sequence '\\" + printable(c & 0xFF) + "'", p);
    }
  }

  /** Checks the UTF-8 sequence whose lead byte c is at p; returns the index after it. */
  private int utf8(int p, int c) {
    int n;
    int lo = 0x80;
    int hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      if (c == 0xE0) {
        lo = 0xA0; // shorter forms are overlong
      } else if (c == 0xED) {
        hi = 0x9F; // U+D800..U+DFFF are surrogates, not characters
      }
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      if (c == 0xF0) {
        lo = 0x90;
      } else if (c == 0xF4) {
        hi = 0x8F; // above U+10FFFF
      }
    } else {
      throw error("invalid UTF-8: byte 0x" + hex2(c) + " cannot start a character", p);
    }
    pos = p;
    if (!ensure(n)) {
      throw error("unexpected end of input in a " + n + "-byte UTF-8 sequence", pos);
    }
    p = pos;
    int c1 = buf[p + 1] & 0xFF;
    if (c1 < lo || c1 > hi) {
      throw error("invalid UTF-8: byte 0x" + hex2(c1) + " after lead byte 0x" + hex2(c), p + 1);
    }
    for (int i = 2; i < n; i++) {
      int ci = buf[p + i] & 0xFF;
      if (ci < 0x80 || ci > 0xBF) {
        throw error("invalid UTF-8: byte 0x" + hex2(ci) + " is not a continuation byte", p + i);
      }
    }
    return p + n;
  }

  /**
   * The current {@link JsonToken#STRING} or {@link JsonToken#NAME}, decoded. Names are shared
   * through a small cache, so repeated names are decoded once.
   */
  public String getString() {
    JsonToken t = token();
    if (t == JsonToken.STRING) {
      return decodeToken();
    }
    if (t == JsonToken.NAME) {
      return getName();
    }
    throw typeError("a string");
  }

  /** The current member name; the current token must be {@link JsonToken#NAME}. */
  public String getName() {
    if (tok != T_NAME) {
      throw typeError("a member name");
    }
    if (tokEscaped) {
      return decodeToken();
    }
    return NameCache.SHARED.get(buf, tokStart, tokEnd - tokStart, !tokNonAscii);
  }

  /**
   * True when the current name equals the pre-encoded UTF-8 bytes {@code utf8}, compared without
   * decoding or allocating (unless the name in the input uses escapes).
   */
  public boolean nameEquals(byte[] utf8) {
    if (tok != T_NAME) {
      throw typeError("a member name");
    }
    return tokenEquals(utf8);
  }

  /** The current name's or string's content equals {@code utf8}; decoded only if it has escapes. */
  private boolean tokenEquals(byte[] utf8) {
    if (!tokEscaped) {
      return Arrays.equals(buf, tokStart, tokEnd, utf8, 0, utf8.length);
    }
    return decodeToken().equals(new String(utf8, StandardCharsets.UTF_8));
  }

  /**
   * True when the current string equals the UTF-8 bytes {@code utf8}, compared without decoding
   * or allocating (unless the string in the input uses escapes): for codecs that match a string
   * against known values, such as an enum's constants.
   *
   * @throws JsonException when the current token is not a string
   */
  public boolean stringEquals(byte[] utf8) {
    if (tok != T_STRING) {
      throw typeError("a string");
    }
    return tokenEquals(utf8);
  }

  /**
   * A hash of the current member name's UTF-8 bytes, equal to {@link #nameHash(byte[])} of the
   * decoded name; computed over the input without decoding or allocating (unless the name uses
   * escapes). Generated codecs switch on it to find a field.
   */
  public int nameHash() {
    if (tok != T_NAME) {
      throw typeError("a member name");
    }
    if (!tokEscaped) {
      return hash(buf, tokStart, tokEnd);
    }
    byte[] decoded = decodeToken().getBytes(StandardCharsets.UTF_8);
    return hash(decoded, 0, decoded.length);
  }

  /** The hash {@link #nameHash()} gives for a name whose UTF-8 bytes are {@code utf8} (FNV-1a). */
  public static int nameHash(byte[] utf8) {
    return hash(utf8, 0, utf8.length);
  }

  private static int hash(byte[] b, int from, int to) {
    int h = 0x811c9dc5;
    for (int i = from; i < to; i++) {
      h = (h ^ (b[i] & 0xff)) * 0x01000193;
    }
    return h;
  }

  /**
   * Reads the value that begins at the current token as a tree; afterwards the reader stands on
   * the value's last token, as after {@link #skipChildren()}.
   *
   * @throws IllegalStateException when the current token does not begin a value
   */
  public JsonValue readValue() {
    JsonToken t = token();
    if (t == null || t == JsonToken.NAME || t == JsonToken.END_OBJECT
        || t == JsonToken.END_ARRAY || t == JsonToken.END_DOCUMENT) {
      throw new IllegalStateException("readValue() needs the first token of a value, not " + t);
    }
    return treeFromToken(false);
  }

  /**
   * An error at the current token, with its offset, line, column and JSON path: for codecs that
   * find a value they cannot take (a date that does not parse, a string too long for a char).
   */
  public JsonException error(String reason) {
    return errorAt(reason, tokenIndex(), path());
  }

  /**
   * Starts a value that the caller builds in memory from what it reads (a codec does), and returns
   * what {@link #endValue} needs. Until then, reading more than {@link JsonLimits#maxTreeLength()}
   * bytes from a stream is a {@link JsonException}, so that a stream that does not end cannot fill
   * the heap. Nested calls count from the outermost. Trees ({@link #readValue()}) do this
   * themselves; reading token by token does not, and is not bounded by it.
   *
   * <pre>{@code
   * long begun = r.beginValue();
   * try {
   *   ... read the value ...
   * } finally {
   *   r.endValue(begun);
   * }
   * }</pre>
   */
  public long beginValue() {
    long outer = valueStart;
    if (outer < 0) {
      valueStart = base + pos;
    }
    return outer;
  }

  /** Ends the value that {@link #beginValue} started; {@code begun} is what it returned. */
  public void endValue(long begun) {
    valueStart = begun;
  }

  /** What {@link #nextField} returns when the next name is not the expected one. */
  public static final int OTHER_NAME = -1;

  /** What {@link #nextField} returns at the end of the object. */
  public static final int END_OF_OBJECT = -2;

  /**
   * Moves to the next member name of the current object, for codecs that expect the members in a
   * known order. Returns {@code expected} when the name equals {@code names}' name {@code
   * expected}; {@link #OTHER_NAME} when it is another name (find it with {@link #nameHash()} and
   * {@link #nameEquals}); {@link #END_OF_OBJECT} at the closing brace. In compact input the
   * expected name is recognised by comparing two words with the input, without scanning it.
   * Otherwise the same as {@link #next()} and {@link #nameEquals}, with the same checks.
   *
   * @throws IllegalStateException when the reader is not inside an object between members
   */
  public int nextField(JsonNames names, int expected) {
    return expectedName(names, expected) ? expected : nextFieldSlow(names, expected);
  }

  /**
   * {@link #nextField}, for members that may be left out: when the name is not {@code expected}
   * but the one after it ({@code expected + 1}, as when a writer omits a null member), recognised
   * the same way, returns {@code expected + 1}; and in compact input, when it is another of the
   * names (of up to 32 names), recognised the same way, returns that one's index. Callers must
   * take any index it returns, not only {@code expected}; generated codecs do.
   *
   * @throws IllegalStateException when the reader is not inside an object between members
   */
  public int nextFieldInOrder(JsonNames names, int expected) {
    if (expectedName(names, expected)) {
      return expected;
    }
    if (expectedName(names, expected + 1)) {
      return expected + 1;
    }
    int other = otherName(names);
    if (other >= 0) {
      return other;
    }
    return nextEndOfObject() ? END_OF_OBJECT : nextFieldSlow(names, expected);
  }

  /**
   * For codecs, after the last member they expect: when the object's closing brace comes right
   * after its last member in compact input (or the object is empty), moves past it as {@link
   * #next()} would and returns true; otherwise changes nothing and returns false, and the caller
   * goes on with {@link #nextFieldInOrder}.
   */
  public boolean nextEndOfObject() {
    // The state says the reader is in an object; next() would take the same step, by way of its
    // white space and state switch (a tenth of reading a 60-byte object by its codec).
    final int p = pos;
    if ((expect == E_OBJECT_NEXT || expect == E_FIRST_NAME) && p < end && buf[p] == '}') {
      end();
      return true;
    }
    return false;
  }

  /**
   * What {@link #nextStringMember} returns when the next member is not the expected one: an
   * instance of its own, never one that the reader returns as a value. Private, and tested by
   * {@link #notThisMember}, because a compiler may take a public static final String for a
   * constant and put an equal literal in its place (Janino, which compiles run-time schemas, does).
   */
  @SuppressWarnings("StringOperationCanBeSimplified")
  private static final String NOT_THIS_MEMBER = new String("(not this member)");

  /** Whether {@code s}, returned by {@link #nextStringMember}, says that the member was not read. */
  public static boolean notThisMember(String s) {
    return s == NOT_THIS_MEMBER;
  }

  /**
   * For codecs that expect the members in a known order, a string member in one call. When the
   * next member is {@code key}'s name (a {@link JsonNames#key}), recognised as {@link #nextField}
   * recognises it, with a colon and a string right after it ({@code "name":"value"}), moves past
   * both and returns the value, as {@link #nextField} and {@link #nextString} would. Otherwise it changes nothing
   * and returns a marker that {@link #notThisMember} recognises: the caller then goes on with
   * {@link #nextFieldInOrder}, which also finds names in input that is not compact, and values
   * that are null.
   *
   * @throws JsonException when the string is malformed or longer than maxStringLength
   */
  public String nextStringMember(JsonNames.Key key) {
    // nameAhead's compare and nextString's short path in one body (nameAhead is small enough for
    // C2 to inline): a small method calling expectedName and nextString was inlined into a
    // codec's readValue whose budget left both as calls (no gain; RESULTS.md, 2026-11-26).
    final byte[] b = buf;
    final int q = nameAhead(key, 1); // after the name's closing quote
    if (q >= 0 && b[q] == ':' && b[q + 1] == '"') {
      takeMember(q);
      pos = q + 1;
      scanString(maxStringLength, "string", "maxStringLength");
      afterOneCallMember();
      tok = T_STRING;
      return decodeToken();
    }
    return NOT_THIS_MEMBER;
  }

  /** What {@link #nextIntMember} returns when it did not read the member: no int it reads. */
  public static final long NOT_AN_INT_MEMBER = Long.MIN_VALUE;

  /**
   * For codecs that expect the members in a known order, an int member in one call, as {@link
   * #nextStringMember} is for strings. When the next member is {@code key}'s name, recognised as
   * {@link #nextField} recognises it, with a colon and an integer of up to nine digits right after
   * it ({@code "name":123}), moves past both and returns the value, as {@link #nextField} and
   * {@link #nextInt} would. Otherwise (another name, white space, null, a longer
   * number, a fraction, the end of the buffer near) it changes nothing and returns {@link
   * #NOT_AN_INT_MEMBER}: the caller then goes on with {@link #nextFieldInOrder} and {@link
   * #nextInt}, which take every case and check it.
   *
   * @throws JsonException when the object has more members than maxMembers
   */
  public long nextIntMember(JsonNames.Key key) {
    return integerMember(key, 9);
  }

  /**
   * For codecs that expect the members in a known order, a long member in one call: {@link
   * #nextIntMember} for an integer of up to 18 digits, as {@link #nextField} and {@link #nextLong}
   * would read it; otherwise it changes nothing and returns {@link #NOT_AN_INT_MEMBER}.
   *
   * @throws JsonException when the object has more members than maxMembers
   */
  public long nextLongMember(JsonNames.Key key) {
    return integerMember(key, 18);
  }

  /** nextIntMember and nextLongMember: an integer of up to {@code digits} digits (9 or 18). */
  private long integerMember(JsonNames.Key key, int digits) {
    final byte[] b = buf;
    final int q = nameAhead(key, digits + 3); // the colon after the name's closing quote
    if (q >= 0 && b[q] == ':') {
      // nextInt's short path, written out here too: one helper for both read the Eishay
      // document 2 % slower (same-JVM A/B median 0.982, RESULTS.md).
      final int start = q + 1;
      final boolean neg = b[start] == '-';
      final int first = neg ? start + 1 : start;
      int c = b[first];
      if (c >= '1' && c <= '9') {
        long v = c - '0';
        int e = first + 1;
        for (int last = first + digits; e < last && (c = b[e]) >= '0' && c <= '9'; e++) {
          v = v * 10 + (c - '0');
        }
        c = b[e];
        if ((c < '0' || c > '9') && c != '.' && c != 'e' && c != 'E' && e - start <= maxNumberLength) {
          takeMember(q);
          tokEscaped = false;
          tokNonAscii = false;
          numberToken(start, e, true);
          valuePending = false;
          long value = neg ? -v : v;
          longValue = value;
          afterOneCallMember();
          tok = T_NUMBER;
          return value;
        }
      }
    }
    return NOT_AN_INT_MEMBER;
  }

  /**
   * For codecs that expect the members in a known order, the name of a member whose value is an
   * object or array, and the value's first token, in one call. When the next member is {@code
   * key}'s name, recognised as {@link #nextField} recognises it, with a colon and a
   * brace or bracket right after it (no white space between), moves past the name
   * and onto the brace or bracket, as {@link #nextField} and {@link #next()} would, and returns
   * true: the current token is then {@link JsonToken#BEGIN_OBJECT} or {@link
   * JsonToken#BEGIN_ARRAY}. Otherwise it changes nothing and returns false: the caller then goes
   * on with {@link #nextFieldInOrder} and {@link #next()}.
   *
   * @throws JsonException when the object has more members than maxMembers, or the value nests
   *     deeper than maxDepth
   */
  public boolean nextContainerMember(JsonNames.Key key) {
    final byte[] b = buf;
    final int q = nameAhead(key, 1); // the colon after the name's closing quote
    if (q >= 0 && b[q] == ':' && (b[q + 1] == '{' || b[q + 1] == '[')) {
      takeMember(q);
      pos = q + 1;
      if (b[q + 1] == '{') {
        push(K_OBJECT);
        expect = E_FIRST_NAME;
        tok = T_BEGIN_OBJECT;
      } else {
        push(K_ARRAY);
        expect = E_FIRST_ELEMENT;
        tok = T_BEGIN_ARRAY;
      }
      return true;
    }
    return false;
  }

  /** What {@link #nextBooleanMember} returns when it did not read the member: neither 0 nor 1. */
  public static final int NOT_A_BOOLEAN_MEMBER = -1;

  /**
   * For codecs that expect the members in a known order, a boolean member in one call, as {@link
   * #nextStringMember} is for strings. When the next member is {@code key}'s name, recognised as
   * {@link #nextField} recognises it, with a colon and {@code true} or {@code false} right after
   * it, moves past both, as {@link #nextField} and {@link #nextBoolean} would, and returns 1 or 0.
   * Otherwise (another name, white space, null, the end of the buffer near) it changes nothing and
   * returns {@link #NOT_A_BOOLEAN_MEMBER}: the caller then goes on with {@link #nextFieldInOrder}
   * and {@link #nextBoolean}, which take every case and check it.
   *
   * @throws JsonException when the object has more members than maxMembers
   */
  public int nextBooleanMember(JsonNames.Key key) {
    final byte[] b = buf;
    final int q = nameAhead(key, 8); // the colon; nextBoolean's short path wants eight bytes
    if (q >= 0 && b[q] == ':') {
      final int p = q + 1;
      final int v = (int) Swar.INTS.get(b, p) == TRUE ? 1
          : b[p] == 'f' && (int) Swar.INTS.get(b, p + 1) == ALSE ? 0 : NOT_A_BOOLEAN_MEMBER;
      if (v >= 0) {
        takeMember(q);
        tokStart = p;
        pos = tokEnd = p + 5 - v; // true is four bytes, false five
        afterOneCallMember();
        tok = v == 1 ? T_TRUE : T_FALSE;
        return v;
      }
    }
    return NOT_A_BOOLEAN_MEMBER;
  }

  /**
   * For codecs that expect the members in a known order, a double member in one call, as {@link
   * #nextStringMember} is for strings. When the next member is {@code key}'s name, recognised as
   * {@link #nextField} recognises it, with a colon and a number right after it, moves past both
   * and returns the number as {@link #nextField} and {@link #nextDouble} would (exactly, with the
   * same errors). Otherwise (another name, white space, null, the end of the buffer near) it
   * changes nothing and returns NaN, which no JSON number reads as: test it with {@link
   * Double#isNaN}; the caller then goes on with {@link #nextFieldInOrder} and {@link #nextDouble}.
   *
   * @throws JsonException when the number is malformed, too long, or beyond a double's range, or
   *     the object has more members than maxMembers
   */
  public double nextDoubleMember(JsonNames.Key key) {
    final byte[] b = buf;
    final int q = nameAhead(key, 1); // the colon after the name's closing quote
    if (q >= 0 && b[q] == ':') {
      final int c = b[q + 1];
      if ((c >= '0' && c <= '9') || c == '-') {
        takeMember(q);
        pos = q + 1;
        scanNumber(); // numberAfterName's steps
        afterOneCallMember();
        tok = T_NUMBER;
        return getDouble();
      }
    }
    return Double.NaN;
  }

  /** What {@link #nextConstantMember} returns when it did not read the member: no index it returns. */
  public static final int NOT_A_CONSTANT_MEMBER = -1;

  /**
   * For codecs that expect the members in a known order, a member whose value is one of a few
   * known strings (an enum's constants) in one call, as {@link #nextStringMember} is for any
   * string. When the next member is {@code key}'s name, recognised as {@link
   * #nextField} recognises it, with a colon and a string right after it that is {@code
   * constants}' name {@code c} byte for byte ({@code "name":"CONSTANT"}), moves past both, as
   * {@link #nextField} and {@link #nextString} would, and returns {@code c}. The string is
   * compared as {@link #nextField} compares names, without scanning it: constants of up to 15
   * bytes of printable ASCII, and of up to 32 constants. Otherwise (another
   * name, white space, null, another string, one with escapes, the end of the buffer near) it
   * changes nothing and returns {@link #NOT_A_CONSTANT_MEMBER}: the caller then goes on with
   * {@link #nextFieldInOrder} and {@link #next()}, which take every case and check it.
   *
   * @throws JsonException when the object has more members than maxMembers
   */
  public int nextConstantMember(JsonNames.Key key, JsonNames constants) {
    final byte[] b = buf;
    final int[] valueLengths = constants.fastLength;
    final int n = valueLengths.length;
    final int q = n <= SCANNED_NAMES ? nameAhead(key, 18) : -1; // the colon after the name
    if (q >= 0 && b[q] == ':' && b[q + 1] == '"') {
      final int v = q + 2; // the string's first byte
      final long w0 = (long) Swar.LONGS.get(b, v);
      final long w1 = (long) Swar.LONGS.get(b, v + 8);
      final long[] values = constants.words; // each name and its closing quote, as for names
      for (int c = 0, j = 0; c < n; c++, j += 4) {
        final int vlen = valueLengths[c]; // -1 for a constant the words cannot hold
        if (vlen >= 0 && (w0 & values[j + 1]) == values[j] && (w1 & values[j + 3]) == values[j + 2]) {
          if (vlen > maxStringLength) {
            break; // the general way gives the error
          }
          takeMember(q);
          endString(v, v + vlen, false, false);
          afterOneCallMember();
          tok = T_STRING;
          return c;
        }
      }
    }
    return NOT_A_CONSTANT_MEMBER;
  }

  /**
   * For the fused member reads: when the next name is {@code key}'s in compact input, recognised
   * by the same two words as {@link #expectedName} compares, with at least {@code room} bytes in
   * the buffer after the byte that follows its closing quote, the index of that byte (its colon,
   * in compact input); otherwise -1. Changes nothing.
   */
  private int nameAhead(JsonNames.Key key, int room) {
    final byte[] b = buf;
    final int p = pos;
    // expect is E_FIRST_NAME (3) or E_NAME_NEXT (7): the only states that give 7 with bit 2 set
    if ((expect | 4) == E_NAME_NEXT && p + 18 <= end && b[p] == '"') {
      final int len = key.length();
      final int q = p + len + 2;
      if (len >= 0 && len <= maxNameLength && q + room < end
          && ((long) Swar.LONGS.get(b, p + 1) & key.mask0()) == key.word0()
          && ((long) Swar.LONGS.get(b, p + 9) & key.mask1()) == key.word1()) {
        return q;
      }
    }
    return -1;
  }

  /**
   * Counts the member whose name {@link #nameAhead} found (its closing quote before {@code q}) and
   * keeps where the name is, for paths.
   */
  private void takeMember(int q) {
    final int d = depth;
    if (++counts[d] > memberLimit) {
      throw tooManyMembers();
    }
    final int p = pos;
    nameRef[d] = (long) (p + 1) << 32 | (long) (q - p - 2) << 1;
  }

  /**
   * In compact input with the reader between members: when the next name is {@code names}' name
   * {@code i}, recognised by comparing two words with the input, moves past it (and its colon) as
   * {@link #next()} would and returns true; otherwise changes nothing and returns false.
   */
  private boolean expectedName(JsonNames names, int i) {
    // nameAhead's compare written out again: through nameAhead and takeMember this one read the
    // Eishay and users documents 2 % slower (same-JVM A/B medians 0.984 and 0.980).
    final byte[] b = buf;
    final int p = pos;
    final int[] lengths = names.fastLength;
    if ((expect == E_NAME_NEXT || expect == E_FIRST_NAME) && p + 18 <= end && b[p] == '"'
        && i >= 0 && i < lengths.length) {
      final int len = lengths[i];
      final long[] words = names.words; // per name: word 0, mask 0, word 1, mask 1
      final int k = i << 2;
      if (len >= 0 && len <= maxNameLength && k + 3 < words.length
          && ((long) Swar.LONGS.get(b, p + 1) & words[k + 1]) == words[k]
          && ((long) Swar.LONGS.get(b, p + 9) & words[k + 3]) == words[k + 2]) {
        final int d = depth;
        if (++counts[d] > memberLimit) {
          throw tooManyMembers();
        }
        tokStart = p + 1;
        tokEnd = p + 1 + len;
        tokEscaped = false;
        tokNonAscii = false;
        nameRef[d] = (long) (p + 1) << 32 | (long) len << 1;
        final int q = p + len + 2;
        if (b[q] == ':') {
          pos = q + 1;
          expect = E_VALUE;
        } else {
          pos = q;
          expect = E_COLON;
        }
        tok = T_NAME;
        return true;
      }
    }
    return false;
  }

  /** Up to this many names, {@link #otherName} looks for the next name among all of them. */
  private static final int SCANNED_NAMES = 32;

  /**
   * For {@link #nextFieldInOrder} when the next name is neither of the two it expected (members
   * left out, as writers that omit nulls do, or in another order): the index of the name among
   * {@code names}, recognised by the same two words, moved past as {@link #expectedName} does;
   * or -1, changing nothing, when it is none of them or the input is not compact (then the
   * general way finds it, by a hash of its bytes). One pass over the names' words, without
   * scanning the input: for up to {@link #SCANNED_NAMES} names.
   */
  private int otherName(JsonNames names) {
    final byte[] b = buf;
    final int p = pos;
    final int[] lengths = names.fastLength;
    final int n = lengths.length;
    if (n > SCANNED_NAMES || (expect | 4) != E_NAME_NEXT || p + 18 > end || b[p] != '"') {
      return -1; // (expect | 4) == E_NAME_NEXT: E_FIRST_NAME or E_NAME_NEXT, as in nextStringMember
    }
    final long w0 = (long) Swar.LONGS.get(b, p + 1);
    final long w1 = (long) Swar.LONGS.get(b, p + 9);
    final long[] words = names.words;
    for (int i = 0, k = 0; i < n; i++, k += 4) {
      if ((w0 & words[k + 1]) == words[k] && (w1 & words[k + 3]) == words[k + 2] && lengths[i] >= 0) {
        return expectedName(names, i) ? i : -1;
      }
    }
    return -1;
  }

  private int nextFieldSlow(JsonNames names, int expected) {
    if (depth == 0 || kinds[depth] != K_OBJECT) {
      throw new IllegalStateException("nextField() reads the members of an object; the reader is not in one");
    }
    JsonToken t = next();
    if (t == JsonToken.NAME) {
      return expected >= 0 && expected < names.utf8.length && nameEquals(names.utf8[expected])
          ? expected
          : OTHER_NAME;
    }
    if (t == JsonToken.END_OBJECT) {
      return END_OF_OBJECT;
    }
    throw new IllegalStateException("nextField() after a name: read its value first");
  }

  /**
   * Moves to the next value and returns it as a string, or null when it is {@code null}: {@link
   * #next()} and {@link #getString()} in one call, with a short path for a string right after a
   * member name.
   *
   * @throws JsonException when the value is neither a string nor null
   */
  public String nextString() {
    if (expect == E_VALUE) {
      int p = pos;
      if (p < end && buf[p] == '"') {
        scanString(maxStringLength, "string", "maxStringLength");
        afterMemberValue();
        tok = T_STRING;
        return decodeToken();
      }
    }
    JsonToken t = next();
    if (t == JsonToken.STRING) {
      return decodeToken();
    }
    if (t == JsonToken.NULL) {
      return null;
    }
    throw typeError("a string");
  }

  /**
   * Moves to the next token as {@link #next()} does and returns its text when it is a string;
   * otherwise returns null, and {@link #token()} tells which token it moved to. For the elements
   * of an array: {@code next()} and {@link #getString()} in one call, with a short path for a
   * string element that follows its {@code '['} or comma directly (compact input), which skips
   * the general step's dispatch. Anywhere else it is exactly {@code next()}. Errors, limits and
   * the reader's state afterwards are the same as with {@code next()}.
   *
   * @throws JsonException when the input is malformed or breaks a limit
   */
  public String nextStringElement() {
    int x = expect;
    if (x == E_ELEMENT_NEXT || x == E_FIRST_ELEMENT) {
      int p = pos;
      if (p < end && buf[p] == '"') {
        int d = depth;
        if (++counts[d] > memberLimit) {
          throw tooManyElements();
        }
        scanString(maxStringLength, "string", "maxStringLength");
        afterElement();
        tok = T_STRING;
        return decodeToken();
      }
    }
    return next() == JsonToken.STRING ? decodeToken() : null;
  }

  /**
   * True when the next token is a number right after a member name (compact input), which is
   * then scanned; the short path of the fused getters below.
   */
  private boolean numberAfterName() {
    if (expect == E_VALUE) {
      int p = pos;
      if (p < end) {
        int b = buf[p];
        if ((b >= '0' && b <= '9') || b == '-') {
          scanNumber();
          afterMemberValue();
          tok = T_NUMBER;
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Moves to the next value and returns it as an {@code int}: {@link #next()} and {@link
   * #getInt()} in one call, with the same checks.
   */
  public int nextInt() {
    if (expect == E_VALUE) {
      // Short path for the common member value: up to nine digits, optionally signed, with what
      // follows in the buffer (and not '.', 'e' or 'E': those make another number). Leading
      // zeros, longer numbers and the end of the buffer take the general way, which checks them.
      final byte[] b = buf;
      final int start = pos;
      if (start + 11 < end) {
        boolean neg = b[start] == '-';
        int p = neg ? start + 1 : start;
        int c = b[p];
        if (c >= '1' && c <= '9') {
          int v = c - '0';
          int q = p + 1;
          for (int last = p + 9; q < last && (c = b[q]) >= '0' && c <= '9'; q++) {
            v = v * 10 + (c - '0');
          }
          c = b[q];
          if ((c < '0' || c > '9') && c != '.' && c != 'e' && c != 'E' && q - start <= maxNumberLength) {
            int value = neg ? -v : v;
            numberToken(start, q, true);
            valuePending = false;
            longValue = value;
            afterMemberValue();
            tok = T_NUMBER;
            return value;
          }
        }
      }
    }
    if (numberAfterName()) {
      if (longOk() && (int) longValue == longValue) {
        return (int) longValue;
      }
    } else {
      next();
    }
    return getInt();
  }

  /** Moves to the next value and returns it as a {@code long}: {@link #next()}, {@link #getLong()}. */
  public long nextLong() {
    if (numberAfterName()) {
      if (longOk()) {
        return longValue;
      }
    } else {
      next();
    }
    return getLong();
  }

  /** Moves to the next value and returns it as a {@code double}: {@link #next()}, {@link #getDouble()}. */
  public double nextDouble() {
    if (!numberAfterName()) {
      next();
    }
    return getDouble();
  }

  /** Moves to the next value and returns it as a {@code boolean}: {@link #next()}, {@link #getBoolean()}. */
  public boolean nextBoolean() {
    if (expect == E_VALUE) {
      int p = pos;
      if (p + 8 <= end) {
        int w = (int) Swar.INTS.get(buf, p);
        if (w == TRUE) {
          tokStart = p;
          pos = tokEnd = p + 4;
          afterMemberValue();
          tok = T_TRUE;
          return true;
        }
        if (buf[p] == 'f' && (int) Swar.INTS.get(buf, p + 1) == ALSE) {
          tokStart = p;
          pos = tokEnd = p + 5;
          afterMemberValue();
          tok = T_FALSE;
          return false;
        }
      }
    }
    next();
    return getBoolean();
  }

  /** True when the current name equals name {@code i} of {@code names}; see {@link #nameEquals(byte[])}. */
  public boolean nameEquals(JsonNames names, int i) {
    return nameEquals(names.utf8[i]);
  }

  /** The raw length in bytes of the current string or name, as it stands in the input. */
  public int rawLength() {
    return tokEnd - tokStart;
  }

  /**
   * The name of the object member whose value is being read, or null when the current value is not
   * in an object.
   */
  public String currentName() {
    int d = depth;
    if (tok == T_BEGIN_OBJECT || tok == T_BEGIN_ARRAY) {
      d--;
    }
    if (d <= 0 || kinds[d] != K_OBJECT || counts[d] == 0) {
      return null;
    }
    return nameAt(d);
  }

  private String nameAt(int d) {
    long ref = nameRef[d];
    if (ref < 0) {
      return names[d];
    }
    int start = (int) (ref >>> 32);
    int len = (int) ref >>> 1;
    return decode(buf, start, start + len, (ref & 1) != 0);
  }

  @SuppressWarnings("deprecation")
  private String decodeToken() {
    if (!tokEscaped && !tokNonAscii) {
      return new String(buf, 0, tokStart, tokEnd - tokStart);
    }
    // Escapes or non-ASCII, both checked by the scan: decoded here into characters the reader
    // keeps, then one String. (JDK 17's UTF-8 decoding checks the bytes again, allocates twice
    // and copies to trim: 40 % of the time of reading "Zoë Müller"; decodeEscaped's own array
    // per string was the second allocation of every escaped one.)
    int n = tokEnd - tokStart;
    char[] out = chars;
    if (n > MAX_KEPT_CHARS) {
      out = new char[n];
    } else if (out == null || out.length < n) {
      out = chars = new char[Math.max(n, 64)];
    }
    return decodeInto(buf, tokStart, tokEnd, out);
  }

  /** Characters decodeToken keeps for the next string, up to MAX_KEPT_CHARS; allocated on first use. */
  private char[] chars;

  private static final int MAX_KEPT_CHARS = 8192;

  /** Decodes checked string content, resolving escapes. */
  private static String decode(byte[] b, int from, int to, boolean escaped) {
    if (!escaped) {
      return new String(b, from, to - from, StandardCharsets.UTF_8);
    }
    return decodeEscaped(b, from, to);
  }

  /** Decodes checked string content that holds escapes. */
  static String decodeEscaped(byte[] b, int from, int to) {
    return decodeInto(b, from, to, new char[to - from]);
  }

  /**
   * Decodes checked string content (valid UTF-8, escapes complete) through {@code out}, which
   * has room for {@code to - from} characters: never fewer bytes than characters.
   */
  private static String decodeInto(byte[] b, int from, int to, char[] out) {
    int n = 0;
    int i = from;
    while (i < to) {
      int c = b[i] & 0xFF;
      if (c == '\\') {
        int e = b[i + 1];
        switch (e) {
          case 'b':
            out[n++] = '\b';
            break;
          case 'f':
            out[n++] = '\f';
            break;
          case 'n':
            out[n++] = '\n';
            break;
          case 'r':
            out[n++] = '\r';
            break;
          case 't':
            out[n++] = '\t';
            break;
          case 'u':
            out[n++] =
                (char)
                    (hexValue(b[i + 2]) << 12
                        | hexValue(b[i + 3]) << 8
                        | hexValue(b[i + 4]) << 4
                        | hexValue(b[i + 5]));
            i += 4;
            break;
          default: // '"', '\\', '/'
            out[n++] = (char) e;
        }
        i += 2;
      } else if (c < 0x80) {
        out[n++] = (char) c;
        i++;
      } else if (c < 0xE0) {
        out[n++] = (char) ((c & 0x1F) << 6 | (b[i + 1] & 0x3F));
        i += 2;
      } else if (c < 0xF0) {
        out[n++] = (char) ((c & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | (b[i + 2] & 0x3F));
        i += 3;
      } else {
        int cp =
            (c & 0x07) << 18 | (b[i + 1] & 0x3F) << 12 | (b[i + 2] & 0x3F) << 6 | (b[i + 3] & 0x3F);
        out[n++] = Character.highSurrogate(cp);
        out[n++] = Character.lowSurrogate(cp);
        i += 4;
      }
    }
    return new String(out, 0, n);
  }

  // ---------------------------------------------------------------------------------------------
  // Numbers

  /**
   * The common numbers ({@code 42}, {@code -7}, {@code 0.25}, {@code 2.6395313895198393}) in one
   * small loop, a fraction's digits eight at a time ({@link Swar#nonDigits}; the byte loop after
   * it finds the end, so the words can only make it faster); everything else (exponents, 19 or
   * more digits, errors, a number that runs to the end of the buffer) goes to {@link
   * #scanNumberSlow}, which checks the whole grammar.
   */
  private void scanNumber() {
    final byte[] b = buf;
    final int e = end;
    final int start = pos;
    int p = b[start] == '-' ? start + 1 : start;
    if (p < e) {
      int c = b[p];
      int first = p;
      if (c >= '1' && c <= '9') {
        do {
          p++;
        } while (p < e && (c = b[p]) >= '0' && c <= '9');
      } else if (c == '0') {
        p++;
        c = p < e ? b[p] : 0;
        if (c >= '0' && c <= '9') {
          scanNumberSlow(); // a leading zero: the error comes from there
          return;
        }
      }
      // Up to 18 digits, and input after them, which may not be more of the number (the buffer
      // end of a stream sends it to the slow path).
      if (p > first && p - first <= 18 && p < e && p - start <= maxNumberLength) {
        if (c != '.' && c != 'e' && c != 'E') {
          numberToken(start, p, true); // longValue is worked out when asked for: a skip never is
          return;
        }
        if (c == '.') {
          int f = ++p;
          while (p + 8 <= e) {
            long m = Swar.nonDigits((long) Swar.LONGS.get(b, p));
            if (m != 0) {
              p += Long.numberOfTrailingZeros(m) >>> 3;
              break;
            }
            p += 8;
          }
          while (p < e && (c = b[p]) >= '0' && c <= '9') {
            p++;
          }
          if (p > f && p < e && c != 'e' && c != 'E' && p - start <= maxNumberLength) {
            numberToken(start, p, false);
            return;
          }
        }
      }
    }
    scanNumberSlow();
  }

  /**
   * The current token is the number from {@code start} to {@code stop}, which the reader moves to:
   * an integer of at most 18 digits whose value is still to be worked out, or (not {@code
   * integer}) a plain decimal fraction.
   */
  private void numberToken(int start, int stop, boolean integer) {
    tokStart = start;
    tokEnd = stop;
    pos = stop;
    integral = integer;
    longOk = integer;
    valuePending = integer;
  }

  /**
   * True when the current number is an integer of at most 18 digits, whose value is then in
   * longValue: worked out here the first time it is asked for after the fast scan.
   */
  private boolean longOk() {
    if (valuePending) {
      valuePending = false;
      final byte[] b = buf;
      int p = tokStart;
      boolean neg = b[p] == '-';
      if (neg) {
        p++;
      }
      long v = 0;
      for (int q = tokEnd; p < q; p++) {
        v = v * 10 + (b[p] - '0');
      }
      longValue = neg ? -v : v;
    }
    return longOk;
  }

  private void scanNumberSlow() {
    int start = pos;
    // The grammar is checked over at most maxNumberLength + 1 bytes, from any source: a number
    // that reaches that far is too long, whatever comes after (a stream reader cannot look).
    int stop = checkNumber(start, end - start > maxNumberLength ? start + maxNumberLength + 1 : end);
    if (stop == end && !eof) {
      // The number may go on past the buffer: pull all of it in, then check it again.
      mark = start;
      int p = end;
      while (true) {
        if (p >= end) {
          pos = p;
          boolean more = fill();
          p = pos; // fill() may have moved the bytes down, even when no more came
          if (!more) {
            break;
          }
        }
        int c = buf[p];
        if ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
          p++;
          if (p - mark > maxNumberLength) {
            break;
          }
        } else {
          break;
        }
      }
      start = mark;
      mark = -1;
      stop = checkNumber(start, p);
    }
    if (stop - start > maxNumberLength) {
      throw numberTooLong(start);
    }
    tokStart = start;
    tokEnd = stop;
    pos = stop;
  }

  private JsonException numberTooLong(int start) {
    return error("number longer than maxNumberLength (" + maxNumberLength + " characters)", start);
  }

  /**
   * Checks the RFC 8259 number grammar from p, with lim as the end of the available input; returns
   * the index after the number and sets integral, longOk and longValue.
   */
  private int checkNumber(int p, int lim) {
    final int start = p;
    final byte[] b = buf;
    boolean neg = false;
    if (b[p] == '-') {
      neg = true;
      p++;
    }
    if (p >= lim) {
      return numberEnd(start, p, lim, "a digit after '-'");
    }
    int c = b[p];
    long v = 0;
    int digits = 0;
    if (c == '0') {
      p++;
      if (p < lim && b[p] >= '0' && b[p] <= '9') {
        throw leadingZero(p - 1);
      }
      digits = 1;
    } else if (c >= '1' && c <= '9') {
      do {
        v = v * 10 + (c - '0');
        digits++;
        p++;
      } while (p < lim && (c = b[p]) >= '0' && c <= '9');
    } else {
      throw expectedDigit("after '-'", p);
    }
    boolean isInt = true;
    if (p < lim && b[p] == '.') {
      isInt = false;
      p++;
      if (p >= lim) {
        return numberEnd(start, p, lim, "a digit after '.'");
      }
      if (b[p] < '0' || b[p] > '9') {
        throw expectedDigit("after '.'", p);
      }
      do {
        p++;
      } while (p < lim && b[p] >= '0' && b[p] <= '9');
    }
    if (p < lim && (b[p] == 'e' || b[p] == 'E')) {
      isInt = false;
      p++;
      if (p < lim && (b[p] == '+' || b[p] == '-')) {
        p++;
      }
      if (p >= lim) {
        return numberEnd(start, p, lim, "a digit in the exponent");
      }
      if (b[p] < '0' || b[p] > '9') {
        throw expectedDigit("in the exponent", p);
      }
      do {
        p++;
      } while (p < lim && b[p] >= '0' && b[p] <= '9');
    }
    integral = isInt;
    longOk = isInt && digits <= 18;
    longValue = neg ? -v : v;
    valuePending = false;
    return p;
  }

  private JsonException expectedDigit(String where, int p) {
    return error("expected a digit " + where + " but found " + describe(buf[p] & 0xFF), p);
  }

  private JsonException leadingZero(int p) {
    return error("leading zeros are not allowed in numbers", p);
  }

  /** A number cut off at lim: fine to retry when more input may come, else an error. */
  private int numberEnd(int start, int p, int lim, String expected) {
    if (lim == end && !eof) {
      return lim; // scanNumber pulls in more input and checks again
    }
    if (lim < end) {
      if (lim - start > maxNumberLength) { // cut at the length limit, not at a byte that ends it
        throw numberTooLong(start);
      }
      throw error("expected " + expected + " but found " + describe(buf[lim] & 0xFF), lim);
    }
    throw error("unexpected end of input in number: expected " + expected, p);
  }

  private void requireNumber() {
    requireNumber("a number");
  }

  private void requireNumber(String expected) {
    if (tok != T_NUMBER) {
      throw typeError(expected);
    }
  }

  /** True when the current number has no fraction and no exponent. */
  public boolean isIntegral() {
    requireNumber();
    return integral;
  }

  /** The current number as an {@code int}; it must be an integer in range. */
  public int getInt() {
    requireNumber("an int");
    long v = longOf("an int");
    if (v != (int) v) {
      throw typeError("an int (the number " + numberText() + " is out of range)");
    }
    return (int) v;
  }

  /**
   * The current number as a {@code long}. It must be an integer in range; {@code 1e3} and {@code
   * 2.0} are integers, {@code 2.5} is not.
   */
  public long getLong() {
    requireNumber("a long");
    return longOf("a long");
  }

  /** The current number's value as a long; {@code what} names the type asked for in errors. */
  private long longOf(String what) {
    if (longOk()) {
      return longValue;
    }
    if (integral) {
      try {
        return Long.parseLong(numberText());
      } catch (NumberFormatException e) {
        throw typeError(what + " (the number " + numberText() + " is out of range)");
      }
    }
    BigDecimal d = decimalOrNull();
    if (d == null) { // not zero, and its exponent is beyond an int
      throw typeError(what + " (the number " + numberText()
          + (JsonNumber.beyondScale(buf, tokStart, tokEnd) < 0 ? " is not an integer in range)" : " is out of range)"));
    }
    if (JsonNumber.integerDigits(d) > 19) {
      throw typeError(what + " (the number " + numberText() + " is out of range)");
    }
    try {
      return d.longValueExact();
    } catch (ArithmeticException e) {
      throw typeError(what + " (the number " + numberText() + " is not an integer in range)");
    }
  }

  /**
   * The current number as the nearest {@code double} (correctly rounded). A number too large for a
   * double is an error, never an infinity; use {@link #getBigDecimal()} for such numbers.
   */
  public double getDouble() {
    requireNumber("a double");
    if (longOk() && longValue <= (1L << 53) && longValue >= -(1L << 53)) {
      double d = longValue;
      return longValue == 0 && buf[tokStart] == '-' ? -0.0 : d;
    }
    // Fifteen digits, a sign and a point are at most 17 bytes; a longer number (a double written
    // in full, 17 digits) cannot take the fast path, so it is not tried.
    double d = tokEnd - tokStart <= 17 ? fastDouble() : Double.NaN;
    if (Double.isNaN(d)) {
      d = JsonDoubleParser.parseDouble(buf, tokStart, tokEnd - tokStart);
    }
    if (Double.isInfinite(d)) {
      throw typeError("a double (the number " + numberText() + " is out of its range)");
    }
    return d;
  }

  /**
   * Clinger's fast path: a significand of at most 15 digits times a power of ten of at most 22 is
   * exact in a double, so one multiplication or division rounds correctly. NaN when it does not
   * apply.
   */
  private double fastDouble() {
    final byte[] b = buf;
    int p = tokStart;
    int e = tokEnd;
    boolean neg = b[p] == '-';
    if (neg) {
      p++;
    }
    long m = 0;
    int digits = 0;
    int scale = 0;
    boolean frac = false;
    for (; p < e; p++) {
      int c = b[p];
      if (c >= '0' && c <= '9') {
        if (m != 0 || c != '0') {
          if (++digits > 15) {
            return Double.NaN;
          }
        }
        m = m * 10 + (c - '0');
        if (frac) {
          scale--;
        }
      } else if (c == '.') {
        frac = true;
      } else {
        break; // exponent
      }
    }
    if (p < e) {
      p++;
      boolean eneg = false;
      if (b[p] == '+') {
        p++;
      } else if (b[p] == '-') {
        eneg = true;
        p++;
      }
      int x = 0;
      for (; p < e; p++) {
        x = x * 10 + (b[p] - '0');
        if (x > 1000) {
          return Double.NaN;
        }
      }
      scale += eneg ? -x : x;
    }
    double d = m;
    if (m == 0) {
      return neg ? -0.0 : 0.0;
    }
    if (scale < 0) {
      if (scale < -22) {
        return Double.NaN;
      }
      d /= POW10[-scale];
    } else if (scale > 0) {
      if (scale > 22) {
        return Double.NaN;
      }
      d *= POW10[scale];
    }
    return neg ? -d : d;
  }

  /**
   * The current number exactly, as a {@link BigDecimal}. Zero is 0 whatever its exponent; any
   * other number whose exponent is beyond a BigDecimal's int scale is an error.
   */
  public BigDecimal getBigDecimal() {
    requireNumber();
    BigDecimal d = decimalOrNull();
    if (d == null) {
      throw typeError("a BigDecimal (the exponent of " + numberText() + " is out of range)");
    }
    return d;
  }

  /** The current number as a BigDecimal, or null when it is not zero and BigDecimal refuses it. */
  private BigDecimal decimalOrNull() {
    if (isLongExact()) {
      return BigDecimal.valueOf(longValue);
    }
    try {
      return new BigDecimal(numberChars());
    } catch (NumberFormatException e) { // valid JSON: only the exponent can be out of range
      return JsonNumber.beyondScale(buf, tokStart, tokEnd) == 0 ? BigDecimal.ZERO : null;
    }
  }

  /**
   * The current number exactly, as a {@link BigInteger}; it must be an integer. The value of a
   * number with an exponent may have at most {@link JsonLimits#maxNumberLength()} digits.
   */
  public BigInteger getBigInteger() {
    requireNumber();
    if (longOk()) {
      return BigInteger.valueOf(longValue);
    }
    if (integral) {
      return new BigInteger(numberText());
    }
    BigDecimal d = decimalOrNull();
    if (d == null) { // not zero, and its exponent is beyond an int
      throw JsonNumber.beyondScale(buf, tokStart, tokEnd) < 0
          ? typeError("an integer (the number " + numberText() + " has a fraction)")
          : typeError("a BigInteger of at most maxNumberLength digits (" + numberText() + ")");
    }
    if (d.signum() == 0) {
      return BigInteger.ZERO; // 0e999999 too
    }
    long digits = JsonNumber.integerDigits(d);
    if (digits > maxNumberLength) {
      throw typeError("a BigInteger of at most maxNumberLength digits (" + numberText() + ")");
    }
    if (digits <= 0) { // below 1: BigDecimal would divide by 10^scale to find the fraction
      throw typeError("an integer (the number " + numberText() + " has a fraction)");
    }
    try {
      return d.toBigIntegerExact();
    } catch (ArithmeticException e) {
      throw typeError("an integer (the number " + numberText() + " has a fraction)");
    }
  }

  /** The current number exactly as written in the input. */
  public String getNumberText() {
    requireNumber();
    return numberText();
  }

  @SuppressWarnings("deprecation")
  private String numberText() {
    return new String(buf, 0, tokStart, tokEnd - tokStart);
  }

  private char[] numberChars() {
    char[] c = new char[tokEnd - tokStart];
    for (int i = 0; i < c.length; i++) {
      c[i] = (char) buf[tokStart + i];
    }
    return c;
  }

  /**
   * True when the current number is an integer written as its canonical {@code long} text (at
   * most 18 digits, and not {@code -0}), so that {@link #getLong()} gives it without loss of its
   * text.
   */
  boolean isLongExact() {
    return longOk() && (longValue != 0 || buf[tokStart] != '-');
  }

  /** The current {@code true} or {@code false}. */
  public boolean getBoolean() {
    if (tok == T_TRUE) {
      return true;
    }
    if (tok == T_FALSE) {
      return false;
    }
    throw typeError("a boolean");
  }

  // ---------------------------------------------------------------------------------------------
  // Where we are

  /** The JSON path of the current value, such as {@code $.users[3].name}. */
  public String path() {
    // The path of a container that was just begun is that of its own value, one level up.
    boolean begun = tok == T_BEGIN_ARRAY || tok == T_BEGIN_OBJECT;
    return pathTo(begun ? depth - 1 : depth);
  }

  private String pathTo(int levels) {
    StringBuilder sb = new StringBuilder("$");
    for (int i = 1; i <= levels; i++) {
      if (counts[i] == 0) {
        continue;
      }
      if (kinds[i] == K_ARRAY) {
        sb.append('[').append(counts[i] - 1).append(']');
      } else {
        String name = nameAt(i);
        if (name != null) {
          appendName(sb, name);
        }
      }
    }
    return sb.toString();
  }

  static void appendName(StringBuilder sb, String name) {
    boolean plain = !name.isEmpty() && Character.isJavaIdentifierStart(name.charAt(0));
    for (int i = 1; plain && i < name.length(); i++) {
      plain = Character.isJavaIdentifierPart(name.charAt(i));
    }
    if (plain) {
      sb.append('.').append(name);
    } else {
      sb.append("['");
      for (int i = 0; i < name.length(); i++) {
        char c = name.charAt(i);
        if (c == '\'' || c == '\\') {
          sb.append('\\');
        }
        sb.append(c);
      }
      sb.append("']");
    }
  }

  /** The nesting depth: 0 at the top, 1 inside the outermost array or object, and so on. */
  public int depth() {
    return depth;
  }

  /** The 0-based offset in the input of the next byte to read. */
  public long offset() {
    return base + pos;
  }

  /** The 1-based line of the next byte to read. */
  public long line() {
    return line;
  }

  /** The 1-based column, in bytes, of the next byte to read. */
  public long column() {
    return base + pos - lineStart + 1;
  }

  /** The 0-based offset in the input where the current token starts (strings: after the quote). */
  public long tokenOffset() {
    return base + tokStart;
  }

  /** Buffer capacity, for tests of constant memory. */
  int bufferCapacity() {
    return buf.length;
  }

  // ---------------------------------------------------------------------------------------------
  // Input

  /** Ensures n bytes from pos are in the buffer; false at the end of the input. May move pos. */
  private boolean ensure(int n) {
    while (end - pos < n) {
      if (!fill()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Reads more input, keeping the bytes from mark (or pos) onward; shifts pos, mark and the name
   * positions when it compacts. Returns false at the end of the input.
   */
  private boolean fill() {
    if (eof) {
      return false;
    }
    if (valueStart >= 0 && maxTreeLength >= 0 && base + pos - valueStart > maxTreeLength) {
      throw error("value read into memory from a stream longer than maxTreeLength ("
          + maxTreeLength + " bytes)", pos);
    }
    int keep = mark >= 0 ? Math.min(mark, pos) : pos;
    if (keep > 0) {
      for (int d = 1; d <= depth; d++) {
        long ref = nameRef[d];
        if (kinds[d] == K_OBJECT && counts[d] > 0 && ref >= 0) {
          if ((int) (ref >>> 32) < keep) {
            // The name's bytes are about to go: keep it as a String for the path.
            if (names == null) {
              names = new String[nameRef.length];
            }
            names[d] = nameAt(d);
            nameRef[d] = -1;
          } else {
            nameRef[d] = ref - ((long) keep << 32);
          }
        }
      }
      System.arraycopy(buf, keep, buf, 0, end - keep);
      base += keep;
      pos -= keep;
      end -= keep;
      if (mark >= 0) {
        mark -= keep;
      }
      tokStart = Math.max(0, tokStart - keep);
      tokEnd = Math.max(0, tokEnd - keep);
    }
    if (end == buf.length) {
      // One token fills the buffer: grow it. Token limits stop this before it runs away.
      buf = Arrays.copyOf(buf, buf.length * 2);
    }
    try {
      int n;
      int zeros = 0;
      while ((n = in.read(buf, end, buf.length - end)) == 0) {
        if (++zeros == MAX_ZERO_READS) { // a stream that breaks read's contract would spin for ever
          throw new IOException("the stream returned 0 bytes " + MAX_ZERO_READS + " times in a row"
              + " (InputStream.read must wait for a byte, or return -1 at the end)");
        }
      }
      if (n < 0) {
        eof = true;
        return false;
      }
      end += n;
    } catch (IOException e) {
      throw new UncheckedIOException("reading JSON input at offset " + (base + end), e);
    }
    if (maxDocumentLength >= 0 && base + end > maxDocumentLength) {
      throw error(
          "document longer than maxDocumentLength (" + maxDocumentLength + " bytes)",
          (int) (maxDocumentLength - base));
    }
    return true;
  }

  /** For a reader of a stream: gives its buffer to the thread's next one, leaving the stream open. */
  private void release() {
    if (buf != CLOSED) {
      byte[] b = buf;
      buf = CLOSED; // a read after this meets the end of the input, not another reader's bytes
      pos = 0;
      end = 0;
      eof = true;
      SPARE.give(b);
    }
  }

  /**
   * Closes the underlying stream, if any. A reader of bytes in memory lets go of them (it would
   * otherwise hold the caller's array for as long as it is kept, for {@link #reset} say). A read
   * after close meets the end of the input.
   */
  @Override
  public void close() {
    if (in == null) {
      buf = CLOSED;
      pos = 0;
      end = 0;
      return;
    }
    release();
    try {
      in.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Errors

  /** An error while reading, at buffer index {@code index}, with the path down to the fault. */
  JsonException error(String reason, int index) {
    return errorAt(reason, index, pathTo(depth));
  }

  /** An error for input that {@code option} would have accepted. */
  private JsonException error(String reason, int index, JsonException.ReaderOption option) {
    return errorAt(reason, index, pathTo(depth), option);
  }

  private JsonException errorAt(String reason, int index, String path) {
    return errorAt(reason, index, path, null);
  }

  private JsonException errorAt(String reason, int index, String path, JsonException.ReaderOption option) {
    long offset = base + index;
    long col = offset - lineStart + 1;
    return new JsonException(reason, offset, line, Math.max(1, col), path, null, option);
  }

  /** The error for input that ends where a value was expected. */
  JsonException noValue() {
    return unexpected(-1, A_VALUE);
  }

  private JsonException unexpected(int b, String expected) {
    if (b < 0) {
      return error("unexpected end of input: expected " + expected, end);
    }
    String hint = "";
    long at = base + pos;
    if (b == 0xEF && at == 0) {
      hint = " (a UTF-8 byte order mark, which RFC 8259 forbids)";
    } else if ((b == 0xFE || b == 0xFF) && at == 0) {
      hint = " (a UTF-16 or UTF-32 byte order mark? JSON text must be UTF-8, RFC 8259 8.1)";
    } else if (b == 0 && at < 4) {
      hint = " (text in UTF-16 or UTF-32? JSON text must be UTF-8, RFC 8259 8.1)";
    } else if (b == '\'') {
      hint = " (strings take double quotes)";
    } else if (b == '/' && !allowComments && ensure(2) && (buf[pos + 1] == '/' || buf[pos + 1] == '*')) {
      return error("expected " + expected + " but found " + describe(b) + " (comments are not JSON)", pos,
          JsonException.ReaderOption.ALLOW_COMMENTS);
    } else if (expect == E_END && !multipleValues && line != topValueLine && startsValue(b)) {
      // A value on a line of its own after the first: NDJSON, which multipleValues reads.
      return error("expected " + expected + " but found " + describe(b) + " on a later line (one value per line?)",
          pos, JsonException.ReaderOption.MULTIPLE_VALUES);
    } else if (!allowTrailingCommas && closesAfterComma(b, expected)) {
      return error("expected " + expected + " but found " + describe(b) + " (a trailing comma)", pos,
          JsonException.ReaderOption.ALLOW_TRAILING_COMMAS);
    }
    return error("expected " + expected + " but found " + describe(b) + hint, pos);
  }

  /**
   * What {@link #unexpected} is told was expected where a value, or a member name, must come: one
   * constant each, so that {@link #closesAfterComma} knows the place by identity, not by wording.
   */
  private static final String A_VALUE = "a value";
  private static final String A_NAME = "a member name in double quotes";

  /** Whether a value can begin with {@code b}. */
  private static boolean startsValue(int b) {
    return b == '{' || b == '[' || b == '"' || b == '-' || (b >= '0' && b <= '9') || b == 't' || b == 'f' || b == 'n';
  }

  /**
   * Whether {@code b} closes the open container where {@code expected} is what must follow a comma
   * in it: a value in an array, a member name in an object. Only a comma leads there ({@code []} and
   * {@code {}} are read as empty), so this is input {@code allowTrailingCommas} accepts; a closer
   * after a colon, or one of the other kind, is not.
   */
  private boolean closesAfterComma(int b, String expected) {
    if (depth == 0) {
      return false;
    }
    if (b == ']') {
      return kinds[depth] == K_ARRAY && expected == A_VALUE;
    }
    return b == '}' && kinds[depth] == K_OBJECT && expected == A_NAME;
  }

  /**
   * The error for a current token that is not what the caller expected: {@code expected an int
   * but found a string}, with the token's place and JSON path. Codecs use it for their own types.
   */
  public JsonException typeMismatch(String expected) {
    return typeError(expected);
  }

  private JsonException typeError(String expected) {
    String found = tok < 0 ? "nothing (call next() first)" : describe(token());
    return errorAt("expected " + expected + " but found " + found, tokenIndex(), path());
  }

  private int tokenIndex() {
    if (tok == T_STRING || tok == T_NAME) {
      return tokStart - 1;
    }
    if (tok == T_NUMBER || tok == T_TRUE || tok == T_FALSE
        || tok == T_NULL) {
      return tokStart;
    }
    return Math.max(0, pos - 1);
  }

  private static String describe(JsonToken t) {
    switch (t) {
      case BEGIN_OBJECT:
        return "an object";
      case BEGIN_ARRAY:
        return "an array";
      case END_OBJECT:
        return "the end of an object";
      case END_ARRAY:
        return "the end of an array";
      case NAME:
        return "a member name";
      case STRING:
        return "a string";
      case NUMBER:
        return "a number";
      case TRUE:
        return "true";
      case FALSE:
        return "false";
      case NULL:
        return "null";
      default:
        return "the end of the input";
    }
  }

  static String describe(int b) {
    if (b < 0) {
      return "the end of the input";
    }
    if (b > ' ' && b < 0x7F) {
      return "'" + (char) b + "'";
    }
    return "byte 0x" + hex2(b);
  }

  private static String printable(int b) {
    return b > ' ' && b < 0x7F ? String.valueOf((char) b) : "0x" + hex2(b);
  }

  private static String hex2(int b) {
    String h = Integer.toHexString(b).toUpperCase(java.util.Locale.ROOT);
    return h.length() == 1 ? "0" + h : h;
  }

  private static int hexValue(int c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }
}
