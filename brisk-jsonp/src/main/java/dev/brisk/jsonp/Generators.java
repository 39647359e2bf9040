package dev.brisk.jsonp;

import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerationException;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The JSON-P {@link JsonGenerator} over the core writer, and value-to-JSON writing. */
final class Generators {
  private Generators() {}

  /** A value as compact JSON text. */
  static String toJson(JsonValue v) {
    dev.brisk.json.JsonWriter w = dev.brisk.json.JsonWriter.options().maxDepth(Integer.MAX_VALUE).create();
    write(v, w);
    return w.toString();
  }

  /** Writes a value with the core writer, iteratively: a deep tree never reaches the stack's end. */
  static void write(JsonValue root, dev.brisk.json.JsonWriter w) {
    if (!open(root, w)) {
      return;
    }
    Object[] stack = new Object[16];
    int[] at = new int[16];
    int d = 0;
    stack[d++] = frame(root);
    while (d > 0) {
      Object top = stack[d - 1];
      int i = at[d - 1];
      JsonValue child;
      if (top instanceof Values.Obj) {
        Values.Obj o = (Values.Obj) top;
        if (i == o.n) {
          w.endObject();
          at[--d] = 0;
          continue;
        }
        w.name(o.keys[i]);
        child = o.value(i);
      } else if (top instanceof Map.Entry[]) {
        Map.Entry<?, ?>[] es = (Map.Entry<?, ?>[]) top;
        if (i == es.length) {
          w.endObject();
          at[--d] = 0;
          continue;
        }
        w.name((String) es[i].getKey());
        child = (JsonValue) es[i].getValue();
      } else {
        java.util.List<?> l = (java.util.List<?>) top;
        if (i == l.size()) {
          w.endArray();
          at[--d] = 0;
          continue;
        }
        child = (JsonValue) l.get(i);
      }
      at[d - 1] = i + 1;
      if (open(child, w)) {
        if (d == stack.length) {
          stack = java.util.Arrays.copyOf(stack, d * 2);
          at = java.util.Arrays.copyOf(at, d * 2);
        }
        stack[d++] = frame(child);
      }
    }
  }

  /** What the loop walks for a structure: our object's arrays, another's entries, or the list. */
  private static Object frame(JsonValue v) {
    if (v instanceof Values.Obj || v instanceof JsonArray) {
      return v;
    }
    return ((JsonObject) v).entrySet().toArray(new Map.Entry<?, ?>[0]);
  }

  /**
   * Writes a scalar, or opens a structure; true when one was opened. A structure read from bytes
   * is written whole from the core tree it wraps.
   */
  private static boolean open(JsonValue v, dev.brisk.json.JsonWriter w) {
    switch (v.getValueType()) {
      case OBJECT:
        if (v instanceof Values.Obj && ((Values.Obj) v).core != null) {
          writeCore(((Values.Obj) v).core, w);
          return false;
        }
        w.beginObject();
        return true;
      case ARRAY:
        if (v instanceof Values.Arr && ((Values.Arr) v).core() != null) {
          writeCore(((Values.Arr) v).core(), w);
          return false;
        }
        w.beginArray();
        return true;
      case STRING:
        if (v instanceof Values.Str && ((Values.Str) v).core != null) {
          openCore(((Values.Str) v).core, w); // read from bytes: written as writeCore writes it
          return false;
        }
        w.value(((JsonString) v).getString());
        return false;
      case NUMBER:
        if (v instanceof Values.IntNum) {
          w.value(((Values.IntNum) v).longValue());
        } else if (v instanceof Values.Num) {
          w.value(((Values.Num) v).bigDecimalValue());
        } else {
          w.numberText(v.toString());
        }
        return false;
      case TRUE:
        w.value(true);
        return false;
      case FALSE:
        w.value(false);
        return false;
      default:
        w.nullValue();
        return false;
    }
  }

  /**
   * Writes a core tree (one a JSON-P structure read from bytes wraps: immutable, so its content is
   * the structure's) to the bytes writing its JSON-P conversion gives, without converting it: a
   * string without escapes is its input bytes; a number whose text is BigDecimal's form (JSON-P
   * writes numbers so) is its text; any other scalar is converted and written as JSON-P's. No
   * recursion, so any depth is safe.
   */
  static void writeCore(dev.brisk.json.JsonValue root, dev.brisk.json.JsonWriter w) {
    dev.brisk.json.JsonValue[] stack = new dev.brisk.json.JsonValue[16];
    int[] at = new int[16];
    int d = 0;
    if (!openCore(root, w)) {
      return;
    }
    stack[d++] = root;
    while (d > 0) {
      // The members or elements of the innermost open structure in one loop, until one opens a
      // structure of its own (pushed, and written from the next round) or the end.
      dev.brisk.json.JsonValue top = stack[d - 1];
      int i = at[d - 1];
      dev.brisk.json.JsonValue child = null;
      if (top instanceof dev.brisk.json.JsonObject) {
        dev.brisk.json.JsonObject o = (dev.brisk.json.JsonObject) top;
        for (int n = o.size(); i < n; ) {
          String name = o.nameAt(i);
          dev.brisk.json.JsonValue v = o.valueAt(i++);
          if (asItIs(v)) {
            w.member(name, v);
            continue;
          }
          w.name(name);
          if (openCore(v, w)) {
            child = v;
            break;
          }
        }
        if (child == null) {
          w.endObject();
          at[--d] = 0;
          continue;
        }
      } else {
        dev.brisk.json.JsonArray a = (dev.brisk.json.JsonArray) top;
        for (int n = a.size(); i < n; ) {
          dev.brisk.json.JsonValue v = a.get(i++);
          if (openCore(v, w)) {
            child = v;
            break;
          }
        }
        if (child == null) {
          w.endArray();
          at[--d] = 0;
          continue;
        }
      }
      at[d - 1] = i;
      if (d == stack.length) {
        stack = java.util.Arrays.copyOf(stack, d * 2);
        at = java.util.Arrays.copyOf(at, d * 2);
      }
      stack[d++] = child;
    }
  }

  /**
   * Whether the core writer writes this scalar as JSON-P would: a string without escapes (one with
   * escapes is escaped afresh), a number whose text is BigDecimal's, true, false, null.
   */
  private static boolean asItIs(dev.brisk.json.JsonValue v) {
    if (v instanceof dev.brisk.json.JsonString) {
      return !((dev.brisk.json.JsonString) v).hasEscapes();
    }
    if (v instanceof dev.brisk.json.JsonNumber) {
      return ((dev.brisk.json.JsonNumber) v).isBigDecimalText();
    }
    return !(v instanceof dev.brisk.json.JsonObject) && !(v instanceof dev.brisk.json.JsonArray);
  }

  /** {@link #open} for a core value: writes a scalar, or opens a structure (true). */
  private static boolean openCore(dev.brisk.json.JsonValue v, dev.brisk.json.JsonWriter w) {
    // Class tests, not a switch on type(): that is a call through the vtable for every value.
    if (v instanceof dev.brisk.json.JsonString) {
      dev.brisk.json.JsonString s = (dev.brisk.json.JsonString) v;
      if (s.hasEscapes()) {
        w.value(s.value());
      } else {
        w.value(v);
      }
    } else if (v instanceof dev.brisk.json.JsonNumber) {
      if (((dev.brisk.json.JsonNumber) v).isBigDecimalText()) {
        w.value(v);
      } else {
        JsonValue n;
        try {
          n = Values.fromCore(v);
        } catch (JsonException e) {
          n = null; // beyond a BigDecimal (an exponent out of its range): written as it was read
        }
        if (n != null) {
          open(n, w);
        } else {
          w.value(v);
        }
      }
    } else if (v instanceof dev.brisk.json.JsonObject) {
      w.beginObject();
      return true;
    } else if (v instanceof dev.brisk.json.JsonArray) {
      w.beginArray();
      return true;
    } else {
      w.value(v); // true, false, null
    }
    return false;
  }

  /** Decodes the core writer's UTF-8 into a {@link Writer}, keeping a split sequence for the next call. */
  static final class ToWriter extends OutputStream {
    private final Writer out;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);
    private ByteBuffer pending = ByteBuffer.allocate(8192);
    private final CharBuffer chars = CharBuffer.allocate(8192);

    ToWriter(Writer out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (pending.remaining() < len) {
        ByteBuffer bigger = ByteBuffer.allocate(pending.position() + len + 8192);
        pending.flip();
        bigger.put(pending);
        pending = bigger;
      }
      pending.put(b, off, len);
      pending.flip();
      while (true) {
        chars.clear();
        decoder.decode(pending, chars, false);
        chars.flip();
        if (chars.hasRemaining()) {
          out.write(chars.array(), 0, chars.limit());
        } else {
          break;
        }
      }
      pending.compact();
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /** The generator: JSON-P's rules checked here, the bytes written by the core writer. */
  static final class Generator implements JsonGenerator {
    private final dev.brisk.json.JsonWriter w;
    private final int maxDepth; // for messages: the writer keeps the limit
    /** Per level: true in an array, false in an object. */
    private boolean[] arrays = new boolean[16];
    private int depth;
    private boolean keyPending;
    private boolean rootDone;
    private boolean closed;

    Generator(dev.brisk.json.JsonWriter w, int maxDepth) {
      this.w = w;
      this.maxDepth = maxDepth;
    }

    private JsonGenerationException fail(String message) {
      return new JsonGenerationException(message);
    }

    /** Before a value without a name: at the top (once), in an array, or after writeKey. */
    private void beforeValue() {
      if (closed) {
        throw fail("the generator is closed");
      }
      if (depth == 0) {
        if (rootDone) {
          throw fail("a JSON text has one value at the top; it was written already");
        }
        return;
      }
      if (!arrays[depth - 1] && !keyPending) {
        throw fail("a value in an object needs a name: use write(name, value) or writeKey first");
      }
      keyPending = false;
    }

    /** Before write(name, ...): only in an object, with no key pending. */
    private void beforeNamed(String name) {
      if (closed) {
        throw fail("the generator is closed");
      }
      if (depth == 0 || arrays[depth - 1] || keyPending) {
        throw fail("write(name, value) is for the members of an object");
      }
      w.name(java.util.Objects.requireNonNull(name, "name"));
    }

    private void afterValue() {
      if (depth == 0) {
        rootDone = true;
      }
    }

    private void open(boolean array) {
      try {
        if (array) {
          w.beginArray();
        } else {
          w.beginObject();
        }
      } catch (dev.brisk.json.JsonException e) { // the writer's depth limit, checked before it wrote
        throw new JsonGenerationException("nesting deeper than the provider's maxDepth (" + maxDepth
            + ", the config key " + BriskJsonProvider.MAX_DEPTH + ") at " + e.shownPath(), e);
      }
      if (depth == arrays.length) {
        arrays = java.util.Arrays.copyOf(arrays, depth * 2);
      }
      arrays[depth++] = array;
    }

    @Override
    public JsonGenerator writeStartObject() {
      beforeValue();
      open(false);
      return this;
    }

    @Override
    public JsonGenerator writeStartObject(String name) {
      beforeNamed(name);
      open(false);
      return this;
    }

    @Override
    public JsonGenerator writeKey(String name) {
      if (closed) {
        throw fail("the generator is closed");
      }
      if (depth == 0 || arrays[depth - 1] || keyPending) {
        throw fail("writeKey is for the members of an object, one key before each value");
      }
      w.name(java.util.Objects.requireNonNull(name, "name"));
      keyPending = true;
      return this;
    }

    @Override
    public JsonGenerator writeStartArray() {
      beforeValue();
      open(true);
      return this;
    }

    @Override
    public JsonGenerator writeStartArray(String name) {
      beforeNamed(name);
      open(true);
      return this;
    }

    @Override
    public JsonGenerator write(String name, JsonValue value) {
      beforeNamed(name);
      value(value);
      return this;
    }

    @Override
    public JsonGenerator write(String name, String value) {
      beforeNamed(name);
      w.value(java.util.Objects.requireNonNull(value, "value"));
      return this;
    }

    @Override
    public JsonGenerator write(String name, BigInteger value) {
      beforeNamed(name);
      w.value(java.util.Objects.requireNonNull(value, "value"));
      return this;
    }

    @Override
    public JsonGenerator write(String name, BigDecimal value) {
      beforeNamed(name);
      w.value(java.util.Objects.requireNonNull(value, "value"));
      return this;
    }

    @Override
    public JsonGenerator write(String name, int value) {
      beforeNamed(name);
      w.value(value);
      return this;
    }

    @Override
    public JsonGenerator write(String name, long value) {
      beforeNamed(name);
      w.value(value);
      return this;
    }

    @Override
    public JsonGenerator write(String name, double value) {
      finite(value);
      beforeNamed(name);
      w.value(value);
      return this;
    }

    @Override
    public JsonGenerator write(String name, boolean value) {
      beforeNamed(name);
      w.value(value);
      return this;
    }

    @Override
    public JsonGenerator writeNull(String name) {
      beforeNamed(name);
      w.nullValue();
      return this;
    }

    @Override
    public JsonGenerator writeEnd() {
      if (closed) {
        throw fail("the generator is closed");
      }
      if (depth == 0 || keyPending) {
        throw fail(depth == 0 ? "writeEnd() with no object or array open" : "writeEnd() after a key with no value");
      }
      if (arrays[--depth]) {
        w.endArray();
      } else {
        w.endObject();
      }
      afterValue();
      return this;
    }

    private void value(JsonValue v) {
      java.util.Objects.requireNonNull(v, "value");
      Generators.write(v, w);
    }

    @Override
    public JsonGenerator write(JsonValue value) {
      beforeValue();
      value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator write(String value) {
      java.util.Objects.requireNonNull(value, "value");
      beforeValue();
      w.value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator write(BigDecimal value) {
      java.util.Objects.requireNonNull(value, "value");
      beforeValue();
      w.value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator write(BigInteger value) {
      java.util.Objects.requireNonNull(value, "value");
      beforeValue();
      w.value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator write(int value) {
      beforeValue();
      w.value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator write(long value) {
      beforeValue();
      w.value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator write(double value) {
      finite(value);
      beforeValue();
      w.value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator write(boolean value) {
      beforeValue();
      w.value(value);
      afterValue();
      return this;
    }

    @Override
    public JsonGenerator writeNull() {
      beforeValue();
      w.nullValue();
      afterValue();
      return this;
    }

    private static void finite(double v) {
      if (Double.isNaN(v) || Double.isInfinite(v)) {
        throw new NumberFormatException("JSON has no " + v + ": a number must be finite");
      }
    }

    /** Writes one value with the core writer (a generated codec, say), in place. */
    void writeWith(java.util.function.Consumer<dev.brisk.json.JsonWriter> write) {
      beforeValue();
      write.accept(w);
      afterValue();
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      if (depth != 0 || !rootDone) {
        // Incomplete: say so, and leave the caller's stream open (the TCK checks both).
        closed = true;
        throw fail("incomplete JSON: " + (depth > 0 ? depth + " object(s) or array(s) left open" : "nothing was written"));
      }
      closed = true;
      try {
        w.flush();
        w.close();
      } catch (UncheckedIOException e) {
        throw new JsonException("I/O error while closing the generator: " + e.getCause().getMessage(), e.getCause());
      } catch (IllegalStateException e) {
        // the core writer's own incomplete check; ours below says it in JSON-P's terms
      }
    }

    @Override
    public void flush() {
      try {
        w.flush();
      } catch (UncheckedIOException e) {
        throw new JsonException("I/O error while flushing the generator: " + e.getCause().getMessage(), e.getCause());
      }
    }
  }

  /**
   * The generator's target: UTF-8 bytes to a stream, or chars to a writer, no deeper than {@code
   * maxDepth}, the provider's read limit. A generator is written to by its caller's code and by
   * codecs ({@link BriskJsonp#write}), which recurse: without a limit, an object that holds itself
   * would overflow the stack.
   */
  static dev.brisk.json.JsonWriter.Options options(boolean pretty, int maxDepth) {
    dev.brisk.json.JsonWriter.Options o = dev.brisk.json.JsonWriter.options().maxDepth(maxDepth);
    return pretty ? o.indent("    ") : o;
  }

  static JsonGenerator create(OutputStream out, boolean pretty, int maxDepth) {
    return new Generator(options(pretty, maxDepth).to(out), maxDepth);
  }

  static JsonGenerator create(Writer out, boolean pretty, int maxDepth) {
    return new Generator(options(pretty, maxDepth).to(new ToWriter(out)), maxDepth);
  }
}
