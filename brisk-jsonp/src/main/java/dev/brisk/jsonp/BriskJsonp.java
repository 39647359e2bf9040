package dev.brisk.jsonp;

import dev.brisk.json.JsonReader;
import dev.brisk.json.JsonWriter;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonParser;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Bridges between JSON-P and the core reader and writer, for code that has a fast reader or
 * writer of its own (a Brisk codec) but is handed a JSON-P parser or generator, as a
 * {@code JsonpMapper} is. With Brisk's parser and generator the value is read or written in place,
 * on the same bytes; with another provider's, it goes through a JSON-P value.
 *
 * <p>Stateless: its methods may be called from any thread, each with its own parser or generator
 * (which, like every JSON-P parser and generator, is for one thread at a time).
 */
public final class BriskJsonp {
  private BriskJsonp() {}

  /**
   * Reads the parser's next value (the parser is before it: its last event was a key, or the
   * start of an array, or nothing yet) with {@code read}, which gets a core reader positioned
   * before the same value.
   */
  public static <T> T readNext(JsonParser parser, Function<JsonReader, T> read) {
    Objects.requireNonNull(read, "read");
    if (parser instanceof Parser) {
      boolean[] handled = new boolean[1];
      T v = ((Parser) parser).readNextWith(read, handled);
      if (handled[0]) {
        return v;
      }
    }
    parser.next();
    JsonValue value = parser.getValue();
    byte[] bytes = Generators.toJson(value).getBytes(StandardCharsets.UTF_8);
    return read.apply(JsonReader.of(bytes));
  }

  /** Writes one value to the generator (at a place a value may go) with {@code write}. */
  public static void write(JsonGenerator generator, Consumer<JsonWriter> write) {
    Objects.requireNonNull(write, "write");
    if (generator instanceof Generators.Generator) {
      ((Generators.Generator) generator).writeWith(write);
      return;
    }
    JsonWriter w = JsonWriter.create();
    write.accept(w);
    try (jakarta.json.JsonReader r = BriskJsonProvider.instance().createReader(new ByteArrayInputStream(w.toByteArray()))) {
      generator.write(r.readValue());
    }
  }
}
