package dev.brisk.schema;

import dev.brisk.json.Json;
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

  /** For generated codecs: {@code typeName} in messages, {@code type} the class of the values. */
  protected GeneratedCodec(String typeName, Class<?> type) {
    this.typeName = typeName;
    this.type = type;
  }

  /** Reads a value whose first token is current; see the generated {@code readValue}. */
  protected abstract Object readObject(JsonReader r);

  /** Writes a value of the codec's type; see the generated {@code writeValue}. */
  protected abstract void writeObject(Object value, JsonWriter w);

  /**
   * Reads a document that is exactly one value, from {@code len} bytes at {@code off}, with the
   * reader the thread keeps ({@link Json#keptReader}): making a reader took about a quarter of the
   * time of reading a small event.
   */
  @Override
  public final T read(byte[] utf8, int off, int len) {
    JsonReader r = Json.DEFAULT.keptReader(utf8, off, len);
    T v = read(r);
    CodecSupport.endOfDocument(r);
    r.keep();
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
