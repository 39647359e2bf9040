package dev.brisk.sink;

import dev.brisk.json.JsonWriter;

/**
 * Writes one event as one JSON value. A Brisk codec is one already: {@code codec::write}.
 *
 * <p>Called by the sink on the producer's thread or on its writer thread (see {@link
 * Sink.Builder#serializeOn}), so an implementation must be safe to call from any thread; the
 * generated codecs are.
 */
@FunctionalInterface
public interface EventSerializer<T> {
  /** Writes {@code event} to {@code out} as exactly one complete JSON value. */
  void write(T event, JsonWriter out);

  /**
   * For events that are JSON already, as UTF-8 bytes holding one complete value each (lines of an
   * NDJSON file that were read and checked): copied as they are, not parsed again.
   */
  static EventSerializer<byte[]> rawJson() {
    return (event, out) -> out.rawValue(event, 0, event.length);
  }
}
