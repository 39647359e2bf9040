package dev.brisk.schema;

import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonToken;
import dev.brisk.json.JsonWriter;

/**
 * The base class of every generated codec. It exists because Janino, which compiles schema codecs
 * at run time, does not write the bridge methods that a generic interface needs: generated code
 * implements the two erased methods here, and this class gives the typed {@link Codec} methods.
 * Generated code also has static {@code readValue}/{@code writeValue} methods, which codecs of
 * enclosing types call directly.
 *
 * <p>Not for application code; the constructor is public only for generated classes in other
 * packages. Thread-safe when the subclass is (generated ones are stateless).
 *
 * @param <T> the type of the values
 */
public abstract class GeneratedCodec<T> implements Codec<T> {
  private final String typeName;
  private final Class<?> type;

  protected GeneratedCodec(String typeName, Class<?> type) {
    this.typeName = typeName;
    this.type = type;
  }

  /** Reads a value whose first token is current; see the generated {@code readValue}. */
  protected abstract Object readObject(JsonReader r);

  /** Writes a value of the codec's type; see the generated {@code writeValue}. */
  protected abstract void writeObject(Object value, JsonWriter w);

  /**
   * The reader of the document this thread last read through a generated codec's {@link
   * #read(byte[], int, int)}, kept for its next one ({@link JsonReader#reset}): making a reader
   * took about a quarter of the time of reading a small event. Empty while in use, so that a read
   * inside a read (a setter that reads JSON, say) makes a reader of its own; not given back after
   * an error. Closed while kept, so it holds none of the caller's bytes: a thread keeps a few
   * hundred bytes, and at most 16 KiB of characters the reader kept for decoding.
   */
  private static final ThreadLocal<JsonReader[]> SPARE = ThreadLocal.withInitial(() -> new JsonReader[1]);

  /** Reads a document that is exactly one value, from {@code len} bytes at {@code off}. */
  @Override
  public final T read(byte[] utf8, int off, int len) {
    JsonReader[] spare = SPARE.get();
    JsonReader r = spare[0];
    if (r == null) {
      r = JsonReader.of(utf8, off, len);
    } else {
      spare[0] = null;
      r.reset(utf8, off, len);
    }
    T v = read(r);
    CodecSupport.endOfDocument(r);
    r.close();
    spare[0] = r;
    return v;
  }

  @Override
  @SuppressWarnings("unchecked")
  public final T read(JsonReader r) {
    long begun = r.beginValue(); // from a stream, at most maxTreeLength bytes
    try {
      JsonToken t = r.token();
      if (t == null || t == JsonToken.NAME) {
        r.next();
      }
      return (T) readObject(r);
    } finally {
      r.endValue(begun);
    }
  }

  @Override
  public final void write(T value, JsonWriter w) {
    if (value != null && !type.isInstance(value)) {
      throw new IllegalArgumentException(
          "the " + typeName + " codec cannot write a " + value.getClass().getName());
    }
    writeObject(value, w);
  }

  @Override
  public final String typeName() {
    return typeName;
  }

  /** The class of the values. */
  public final Class<?> valueClass() {
    return type;
  }

  @Override
  public String toString() {
    return "codec of " + typeName + " (" + getClass().getName() + ")";
  }
}
