package dev.brisk.jsonp;

import dev.brisk.json.JsonToken;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParsingException;
import java.math.BigDecimal;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The JSON-P {@link JsonParser} over the core {@link dev.brisk.json.JsonReader}: UTF-8 bytes are
 * read in place, strings decoded only when asked for, numbers kept as their text until a getter
 * converts them. Not thread-safe.
 */
final class Parser implements JsonParser {
  /** The core reader; null once the parser is closed, when it may already be another parser's. */
  private dev.brisk.json.JsonReader in;
  private final DuplicateKeys duplicates;
  private Event current;
  private JsonToken peeked; // the next core token, read ahead by hasNext at the top level
  private boolean done; // the top-level value has ended
  private boolean started;
  /**
   * Context stack, one bit per level (set for an array, clear for an object): the first 64 levels
   * in {@code arrays}, deeper ones in {@code deeper}, made only when a document goes that deep.
   */
  private long arrays;
  private boolean[] deeper;
  private int depth;
  /** The text of a scalar read ahead past (only at the top level, where hasNext must look). */
  private String heldText;

  enum DuplicateKeys {
    LAST,
    FIRST,
    NONE
  }

  Parser(dev.brisk.json.JsonReader in, DuplicateKeys duplicates) {
    this.in = in;
    this.duplicates = duplicates;
  }

  /** The core reader, which a closed parser no longer has. */
  private dev.brisk.json.JsonReader in() {
    dev.brisk.json.JsonReader r = in;
    if (r == null) {
      throw new IllegalStateException("the parser is closed");
    }
    return r;
  }

  /**
   * The core's error as JSON-P's, with the provider's config key that would accept the input in
   * place of the core's builder call, which a JSON-P user cannot make.
   */
  static JsonParsingException parsing(dev.brisk.json.JsonException e) {
    String key = e.acceptedWith().map(Parser::configKey).orElse(null);
    String message = e.messageWithoutOption()
        + dev.brisk.json.JsonException.acceptedBy(key == null ? null : "the config key " + key);
    return new JsonParsingException(message, e, location(e.line(), e.column(), e.offset()));
  }

  private static String configKey(dev.brisk.json.JsonException.ReaderOption o) {
    switch (o) {
      case ALLOW_COMMENTS:
        return BriskJsonProvider.ALLOW_COMMENTS;
      case ALLOW_TRAILING_COMMAS:
        return BriskJsonProvider.ALLOW_TRAILING_COMMAS;
      default:
        return null; // a JSON-P parser reads one value: there is no key for more
    }
  }

  static JsonLocation location(long line, long column, long offset) {
    return new JsonLocation() {
      @Override
      public long getLineNumber() {
        return line;
      }

      @Override
      public long getColumnNumber() {
        return column;
      }

      @Override
      public long getStreamOffset() {
        return offset;
      }

      @Override
      public String toString() {
        return "(line no=" + line + ", column no=" + column + ", offset=" + offset + ")";
      }
    };
  }

  private JsonToken read() {
    try {
      return in().next();
    } catch (RuntimeException e) {
      throw translated(e);
    }
  }

  /** A core reader's exception as JSON-P's: malformed input, or the input's I/O failing. */
  private static RuntimeException translated(RuntimeException e) {
    if (e instanceof dev.brisk.json.JsonException) {
      return parsing((dev.brisk.json.JsonException) e);
    }
    if (e instanceof java.io.UncheckedIOException) {
      return new JsonException("I/O error while parsing: " + e.getCause().getMessage(), e.getCause());
    }
    return e;
  }

  @Override
  public boolean hasNext() {
    if (depth > 0) {
      return true;
    }
    if (peeked != null) {
      return peeked != JsonToken.END_DOCUMENT;
    }
    if (done) {
      // After the top-level value: anything but the end is an error (one JSON text per parser).
      if (current == Event.VALUE_STRING || current == Event.VALUE_NUMBER) {
        heldText = current == Event.VALUE_STRING ? in().getString() : in().getNumberText();
      }
      peeked = read();
      if (peeked != JsonToken.END_DOCUMENT) {
        throw new JsonParsingException("data after the end of the JSON text", getLocation());
      }
      return false;
    }
    if (!started) {
      peeked = read();
      if (peeked == JsonToken.END_DOCUMENT) {
        throw new JsonParsingException("unexpected end of input: expected a JSON value", getLocation());
      }
      return true;
    }
    return true;
  }

  @Override
  public Event next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the JSON text has ended");
    }
    JsonToken t = peeked != null ? peeked : read();
    peeked = null;
    return advance(t);
  }

  /** The event of core token {@code t}, just read, with the parser's state moved past it. */
  private Event advance(JsonToken t) {
    heldText = null;
    started = true;
    Event e;
    switch (t) {
      case BEGIN_OBJECT:
        push(false);
        e = Event.START_OBJECT;
        break;
      case BEGIN_ARRAY:
        push(true);
        e = Event.START_ARRAY;
        break;
      case END_OBJECT:
        depth--;
        e = Event.END_OBJECT;
        break;
      case END_ARRAY:
        depth--;
        e = Event.END_ARRAY;
        break;
      case NAME:
        e = Event.KEY_NAME;
        break;
      case STRING:
        e = Event.VALUE_STRING;
        break;
      case NUMBER:
        e = Event.VALUE_NUMBER;
        break;
      case TRUE:
        e = Event.VALUE_TRUE;
        break;
      case FALSE:
        e = Event.VALUE_FALSE;
        break;
      case NULL:
        e = Event.VALUE_NULL;
        break;
      default:
        throw new JsonParsingException("unexpected end of input", getLocation());
    }
    current = e;
    if (depth == 0 && e != Event.KEY_NAME) {
      done = true;
    }
    return e;
  }

  private void push(boolean array) {
    int d = depth++;
    if (d < 64) {
      arrays = array ? arrays | 1L << d : arrays & ~(1L << d);
    } else {
      if (deeper == null || d - 64 == deeper.length) {
        deeper = java.util.Arrays.copyOf(deeper == null ? new boolean[0] : deeper, Math.max(16, 2 * (d - 64)));
      }
      deeper[d - 64] = array;
    }
  }

  /** Whether the innermost open structure (depth > 0) is an array. */
  private boolean inArray() {
    int d = depth - 1;
    return d < 64 ? (arrays >>> d & 1) != 0 : deeper[d - 64];
  }

  @Override
  public Event currentEvent() {
    return current;
  }

  @Override
  public String getString() {
    if (current == Event.KEY_NAME) {
      return in().getName();
    }
    if (current == Event.VALUE_STRING) {
      return heldText != null ? heldText : in().getString();
    }
    if (current == Event.VALUE_NUMBER) {
      return heldText != null ? heldText : in().getNumberText();
    }
    throw new IllegalStateException("getString() needs KEY_NAME, VALUE_STRING or VALUE_NUMBER, not " + current);
  }

  private void requireNumber(String what) {
    if (current != Event.VALUE_NUMBER) {
      throw new IllegalStateException(what + " needs VALUE_NUMBER, not " + current);
    }
  }

  /**
   * As JSON-P defines it, whether the number's BigDecimal has a scale of 0: digits alone, or a
   * fraction and an exponent that cancel ({@code 1.5e1} is 15), but not {@code 1E+2} (scale -2).
   * A number whose exponent is beyond a BigDecimal's is not integral (its scale would be beyond
   * one too), unless it is zero, which is 0.
   */
  @Override
  public boolean isIntegralNumber() {
    requireNumber("isIntegralNumber()");
    if (heldText == null && in().isIntegral()) {
      return true;
    }
    String text = heldText != null ? heldText : in().getNumberText();
    if (!Values.hasExponent(text)) {
      return Values.digitsOnly(text); // a fraction has at least one digit: a scale of 1 or more
    }
    // an exponent: BigDecimal's scale is the fraction's digits less the exponent
    try {
      return Values.decimal(text).scale() == 0;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  @Override
  public int getInt() {
    requireNumber("getInt()");
    // JSON-P: getBigDecimal().intValue(), the low 32 bits, which for a long is the cast
    return smallIntegral() ? (int) in().getLong() : getBigDecimal().intValue();
  }

  @Override
  public long getLong() {
    requireNumber("getLong()");
    return smallIntegral() ? in().getLong() : getBigDecimal().longValue();
  }

  /**
   * Whether the current number is an integer of at most 18 characters (sign included), which a
   * long holds exactly: then the reader's long is what getBigDecimal() would give, without the
   * text and the BigDecimal.
   */
  private boolean smallIntegral() {
    return heldText == null && in().isIntegral() && in().rawLength() <= 18;
  }

  @Override
  public BigDecimal getBigDecimal() {
    requireNumber("getBigDecimal()");
    if (heldText == null) {
      try {
        return in().getBigDecimal(); // from the bytes, no String: the same value and scale
      } catch (dev.brisk.json.JsonException e) {
        // an exponent out of BigDecimal's range: the error below, with the parser's location
      }
    }
    return bigDecimal(getString());
  }

  /**
   * {@code new BigDecimal(text)}, as JSON-P defines the parser's numbers (zero is 0 whatever its
   * exponent); for a number whose exponent is beyond BigDecimal's (valid JSON, such as
   * 1e9999999999) a parsing error that says so and where, rather than BigDecimal's bare
   * NumberFormatException.
   */
  private BigDecimal bigDecimal(String text) {
    try {
      return Values.decimal(text);
    } catch (NumberFormatException e) {
      throw outOfRange(text, e);
    }
  }

  private JsonParsingException outOfRange(String text, NumberFormatException e) {
    return new JsonParsingException(Values.beyondBigDecimal(text, e), e, getLocation());
  }

  @Override
  public JsonLocation getLocation() {
    dev.brisk.json.JsonReader r = in;
    if (r == null) {
      return location(-1, -1, -1); // closed: unknown, rather than an error while reporting one
    }
    return location(r.line(), r.column(), r.offset());
  }

  @Override
  public JsonObject getObject() {
    if (current != Event.START_OBJECT) {
      throw new IllegalStateException("getObject() needs START_OBJECT, not " + current);
    }
    return (JsonObject) readStructure(false);
  }

  @Override
  public JsonArray getArray() {
    if (current != Event.START_ARRAY) {
      throw new IllegalStateException("getArray() needs START_ARRAY, not " + current);
    }
    return (JsonArray) readStructure(true);
  }

  @Override
  public JsonValue getValue() {
    if (current == null) {
      throw new IllegalStateException("getValue() needs a current event: call next() first");
    }
    switch (current) {
      case START_OBJECT:
        return readStructure(false);
      case START_ARRAY:
        return readStructure(true);
      case KEY_NAME:
        return Values.string(getString());
      case VALUE_STRING:
      case VALUE_NUMBER:
      case VALUE_TRUE:
      case VALUE_FALSE:
      case VALUE_NULL:
        return scalar(current);
      default:
        throw new IllegalStateException("getValue() cannot be called at " + current);
    }
  }

  /** An object being read: names and values in arrays, duplicates found by hash code. */
  private static final class ObjParts {
    String[] keys = new String[8];
    JsonValue[] values = new JsonValue[8];
    int[] hashes = new int[8];
    int n;
    java.util.HashMap<String, Integer> index; // past 64 members

    int find(String key, int h) {
      if (index != null) {
        Integer i = index.get(key);
        return i == null ? -1 : i;
      }
      for (int i = 0; i < n; i++) {
        if (hashes[i] == h && keys[i].equals(key)) {
          return i;
        }
      }
      return -1;
    }

    void add(String key, int h, JsonValue v) {
      if (n == keys.length) {
        keys = java.util.Arrays.copyOf(keys, n * 2);
        values = java.util.Arrays.copyOf(values, n * 2);
        hashes = java.util.Arrays.copyOf(hashes, n * 2);
      }
      keys[n] = key;
      values[n] = v;
      hashes[n] = h;
      if (index != null) {
        index.put(key, n);
      } else if (n == 64) {
        index = new java.util.HashMap<>(256);
        for (int i = 0; i <= n; i++) {
          index.put(keys[i], i);
        }
      }
      n++;
    }
  }

  /** A scalar value at the current event, numbers without their text when they fit a long. */
  private JsonValue scalar(Event e) {
    switch (e) {
      case VALUE_STRING:
        return Values.string(getString());
      case VALUE_NUMBER:
        if (heldText == null && in().isIntegral() && in().rawLength() <= 18) {
          return Values.number(in().getLong());
        }
        String text = getString();
        try {
          return Values.numberText(text, heldText == null ? in().isIntegral() : Values.digitsOnly(text));
        } catch (NumberFormatException x) {
          throw outOfRange(text, x);
        }
      case VALUE_TRUE:
        return JsonValue.TRUE;
      case VALUE_FALSE:
        return JsonValue.FALSE;
      default:
        return JsonValue.NULL;
    }
  }

  /**
   * Reads the rest of the structure just started. With the default key strategy (the last of
   * duplicate keys wins, where the first stood, as the core tree does) the core reader reads it
   * as its tree, with no event per token, and the JSON-P value wraps that tree, converting each
   * member when first asked for it; FIRST and NONE take the events. Neither recurses.
   */
  private JsonValue readStructure(boolean array) {
    if (duplicates != DuplicateKeys.LAST) {
      return readStructureByEvents(array);
    }
    dev.brisk.json.JsonValue tree;
    try {
      tree = in().readValue();
    } catch (RuntimeException e) {
      throw translated(e);
    }
    // Where next() stands after the structure's last event.
    depth--;
    current = array ? Event.END_ARRAY : Event.END_OBJECT;
    if (depth == 0) {
      done = true;
    }
    return Values.fromCore(tree);
  }

  /** Reads the rest of the structure just started from the events (for FIRST and NONE). */
  private JsonValue readStructureByEvents(boolean array) {
    Object[] stack = new Object[16];
    String[] keys = new String[16];
    int d = 0;
    stack[d++] = array ? new ArrayList<JsonValue>() : new ObjParts();
    String key = null;
    while (true) {
      Event e = next();
      JsonValue v;
      switch (e) {
        case KEY_NAME:
          key = in().getName();
          continue;
        case START_OBJECT:
        case START_ARRAY:
          if (d == stack.length) {
            stack = java.util.Arrays.copyOf(stack, d * 2);
            keys = java.util.Arrays.copyOf(keys, d * 2);
          }
          keys[d] = key;
          stack[d++] = e == Event.START_ARRAY ? new ArrayList<JsonValue>() : new ObjParts();
          key = null;
          continue;
        case END_OBJECT:
        case END_ARRAY:
          Object done = stack[--d];
          if (done instanceof ObjParts) {
            ObjParts o = (ObjParts) done;
            v = Values.object(o.keys, o.values, o.n);
          } else {
            v = Values.array(castList(done));
          }
          if (d == 0) {
            return v;
          }
          key = keys[d];
          break;
        default:
          v = scalar(e);
      }
      Object top = stack[d - 1];
      if (top instanceof ObjParts) {
        ObjParts m = (ObjParts) top;
        int h = key.hashCode();
        int at = m.find(key, h);
        if (at < 0) {
          m.add(key, h, v);
        } else if (duplicates == DuplicateKeys.NONE) {
          throw new JsonParsingException("duplicate key '" + dev.brisk.json.JsonException.excerpt(key) + "'", getLocation());
        } else if (duplicates == DuplicateKeys.LAST) {
          m.values[at] = v;
        }
      } else {
        castList(top).add(v);
      }
      key = null;
    }
  }

  @SuppressWarnings("unchecked")
  private static List<JsonValue> castList(Object o) {
    return (List<JsonValue>) o;
  }

  @Override
  public Stream<JsonValue> getArrayStream() {
    if (current != Event.START_ARRAY) {
      throw new IllegalStateException("getArrayStream() needs START_ARRAY, not " + current);
    }
    return StreamSupport.stream(new Elements(depth), false);
  }

  /** The elements of the array the parser is in, each read as it is asked for. */
  private final class Elements implements Spliterator<JsonValue> {
    private final int at;

    Elements(int at) {
      this.at = at;
    }

    @Override
    public boolean tryAdvance(Consumer<? super JsonValue> action) {
      if (depth < at) {
        return false;
      }
      Event e;
      if (depth == at) {
        // Directly in this array, as a stream's caller is: a string element is read and decoded
        // by the core reader in one call and goes to the action, with no event to dispatch on and
        // look up again. (Inside a structure nothing is read ahead and no text held: only a
        // top-level hasNext() does either.)
        dev.brisk.json.JsonReader r = in();
        String s;
        try {
          s = r.nextStringElement();
        } catch (RuntimeException x) {
          throw translated(x);
        }
        if (s != null) {
          current = Event.VALUE_STRING;
          action.accept(Values.string(s));
          return true;
        }
        e = advance(r.token());
      } else {
        e = next();
      }
      if (e == Event.END_ARRAY && depth < at) {
        return false;
      }
      action.accept(getValue());
      return true;
    }

    @Override
    public Spliterator<JsonValue> trySplit() {
      return null; // one parser reads in order
    }

    @Override
    public long estimateSize() {
      return Long.MAX_VALUE;
    }

    @Override
    public int characteristics() {
      return Spliterator.ORDERED | Spliterator.NONNULL; // a JSON null is JsonValue.NULL
    }
  }

  @Override
  public Stream<Map.Entry<String, JsonValue>> getObjectStream() {
    if (current != Event.START_OBJECT) {
      throw new IllegalStateException("getObjectStream() needs START_OBJECT, not " + current);
    }
    int at = depth;
    return StreamSupport.stream(
        new Spliterators.AbstractSpliterator<Map.Entry<String, JsonValue>>(Long.MAX_VALUE, Spliterator.ORDERED) {
          @Override
          public boolean tryAdvance(Consumer<? super Map.Entry<String, JsonValue>> action) {
            if (depth < at) {
              return false;
            }
            Event e = next();
            if (e == Event.END_OBJECT && depth < at) {
              return false;
            }
            String key = getString();
            next();
            action.accept(new AbstractMap.SimpleImmutableEntry<>(key, getValue()));
            return true;
          }
        }, false);
  }

  @Override
  public Stream<JsonValue> getValueStream() {
    if (started) {
      throw new IllegalStateException("getValueStream() must be called before the first next()");
    }
    return StreamSupport.stream(new Spliterators.AbstractSpliterator<JsonValue>(Long.MAX_VALUE, Spliterator.ORDERED) {
      @Override
      public boolean tryAdvance(Consumer<? super JsonValue> action) {
        if (!hasNext()) {
          return false;
        }
        next();
        action.accept(getValue());
        return true;
      }
    }, false);
  }

  @Override
  public void skipArray() {
    skip(true);
  }

  @Override
  public void skipObject() {
    skip(false);
  }

  private void skip(boolean array) {
    if (depth == 0 || inArray() != array) {
      return; // not in that context: nothing happens
    }
    int at = depth;
    while (depth >= at) {
      next();
    }
  }

  /**
   * Reads the next value whole with the core reader (a generated codec, say), in place; null when
   * the parser has already read past the start of that value (only a top-level hasNext() does).
   */
  <T> T readNextWith(java.util.function.Function<dev.brisk.json.JsonReader, T> read, boolean[] handled) {
    if (peeked != null || done) {
      handled[0] = false;
      return null;
    }
    T v;
    try {
      v = read.apply(in());
    } catch (dev.brisk.json.JsonException e) {
      throw parsing(e);
    }
    handled[0] = true;
    started = true;
    heldText = null;
    current = Event.END_OBJECT; // the value was read whole; the next event follows it
    if (depth == 0) {
      done = true;
    }
    return v;
  }

  @Override
  public void close() {
    dev.brisk.json.JsonReader r = in;
    if (r == null) {
      return; // closed before
    }
    in = null;
    try {
      // Kept for the thread's next parser of bytes in memory (Json.keptReader); a stream's is closed.
      r.keep();
    } catch (RuntimeException e) {
      throw new JsonException("closing the parser's input: " + e.getMessage(), e);
    }
  }
}
