package dev.brisk.schema;

import dev.brisk.json.JsonException;
import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonWriter;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Reads and writes values of one type as JSON, through code generated for that type: from a
 * {@code create json schema} text by {@link Schemas#compile(String)}, or from a {@link JsonCodec}
 * class by the annotation processor ({@link Codecs#get(Class)}).
 *
 * <p><b>Reading</b> is strict: a member of the wrong type is a {@link JsonException} with the
 * JSON path and the expected type; integers that overflow the field are errors, never wrapped;
 * doubles are correctly rounded; unknown members are skipped unless the codec was made to reject
 * or capture them; a missing member leaves the field null (zero for a primitive), or is an error
 * when the field is required.
 *
 * <p><b>Thread-safety:</b> implementations are immutable and safe to share between threads. The
 * readers and writers passed in belong to the calling thread.
 *
 * @param <T> the type of the values
 */
public interface Codec<T> {

  /**
   * Reads one value from {@code r}. When the reader has not started, or stands on a member name,
   * it is moved to the value first; otherwise the value begins at the current token. Afterwards
   * the reader stands on the value's last token.
   */
  T read(JsonReader r);

  /** Writes {@code value} (null writes JSON null) to {@code w}. */
  void write(T value, JsonWriter w);

  /** The schema or class name of the values, for messages. */
  String typeName();

  /** Reads a document that is exactly one value. */
  default T read(byte[] utf8) {
    return read(utf8, 0, utf8.length);
  }

  /** Reads a document that is exactly one value, from {@code len} bytes at {@code off}. */
  default T read(byte[] utf8, int off, int len) {
    JsonReader r = JsonReader.of(utf8, off, len);
    T v = read(r);
    CodecSupport.endOfDocument(r);
    return v;
  }

  /** Reads a document that is exactly one value from a stream of UTF-8, without closing it. */
  default T read(InputStream utf8) {
    return JsonReader.fromStream(utf8, r -> {
      T v = read(r);
      CodecSupport.endOfDocument(r);
      return v;
    });
  }


  /** Writes {@code value} as compact UTF-8 JSON. */
  default byte[] write(T value) {
    return CodecSupport.toBytes(this, value);
  }

  /**
   * Writes {@code value} as compact UTF-8 JSON to {@code out}, then flushes {@code out} without
   * closing it. The bytes go through the writer and 8 KiB buffer the calling thread keeps ({@link
   * JsonWriter#toStream}): a document of any size takes no array of its own length. When writing
   * fails (a value nested deeper than maxDepth, say), nothing more is written or flushed, but a
   * document past 8 KiB may have reached {@code out} in part.
   *
   * @throws java.io.UncheckedIOException when {@code out} throws
   */
  default void write(T value, OutputStream out) {
    JsonWriter.toStream(out, w -> write(value, w));
  }
}
